"""Small drawing helpers shared by the games' ``rgb_array`` pictures (Pillow, imported lazily)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=None)
def font(size: int) -> Any:
    """Pillow's default font at ``size`` pixels (one bitmap size on Pillow < 10.1)."""
    from PIL import ImageFont

    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1: one fixed-size bitmap font
        return ImageFont.load_default()


def fit_text(draw: Any, text: str, fnt: Any, width: float) -> str:
    """``text`` cut (with "...") to ``width`` pixels, so nothing runs off its box."""
    if draw.textlength(text, font=fnt) <= width:
        return text
    while text and draw.textlength(text + "...", font=fnt) > width:
        text = text[:-1]
    return text + "..."
