"""Small helpers that encoders use to write into one preallocated float32 buffer."""

from __future__ import annotations

from typing import Iterable

import numpy as np


def one_hot(out: np.ndarray, offset: int, size: int, index: int) -> int:
    """Set ``out[offset + index]`` (if ``0 <= index < size``); return the next offset."""
    if 0 <= index < size:
        out[offset + index] = 1.0
    return offset + size


def counts(out: np.ndarray, offset: int, size: int, items: Iterable[int], scale: float = 1.0) -> int:
    """Add ``scale`` at ``offset + item`` for each item (multiset counts); return the next offset."""
    for item in items:
        out[offset + item] += scale
    return offset + size


def scalar(out: np.ndarray, offset: int, value: float, maximum: float) -> int:
    """Write ``value / maximum`` clipped to [0, 1]; return the next offset."""
    out[offset] = min(max(value / maximum, 0.0), 1.0)
    return offset + 1


def thermometer(out: np.ndarray, offset: int, size: int, value: int) -> int:
    """Set the first ``min(value, size)`` slots to 1 (ordinal values); return the next offset."""
    if value > 0:
        out[offset : offset + min(value, size)] = 1.0
    return offset + size
