"""Sets of movement cards as Python ints: bit ``c`` set = card ``c`` in the set.

Why: the search steps a state tens of thousands of times per decision, and each step asks
small questions of five-card hands ("does any card match the top?", "which ones?"). A
49-wide numpy row answers each with a numpy call (~1-2 us); an int answers with one bit
operation. Numpy arrays are built from these ints only where a reader wants one (the
encoder, the renderer, tests).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from .components import MATCH_LIST, NUM_CARDS

#: MATCH_BITS[a]: the cards that may be played on card a (same colour or same vehicle)
MATCH_BITS = [sum(1 << b for b in range(NUM_CARDS) if row[b]) for row in MATCH_LIST]


def from_cards(cards: Iterable[int]) -> int:
    """The set holding ``cards``."""
    bits = 0
    for c in cards:
        bits |= 1 << int(c)
    return bits


def cards_of(bits: int) -> list[int]:
    """The cards of a set in ascending order (the order ``np.flatnonzero`` gives)."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


#: card_tuple's memo: a search meets the same hands over and over; emptied when full
_TUPLES: dict[int, tuple[int, ...]] = {}
_TUPLES_LIMIT = 1 << 16


def card_tuple(bits: int) -> tuple[int, ...]:
    """:func:`cards_of` as a shared tuple, memoised (a dict look-up instead of a loop over the bits)."""
    cards = _TUPLES.get(bits)
    if cards is None:
        if len(_TUPLES) >= _TUPLES_LIMIT:
            _TUPLES.clear()
        cards = _TUPLES[bits] = tuple(cards_of(bits))
    return cards


def to_array(rows: list[int]) -> np.ndarray:
    """``len(rows) x NUM_CARDS`` bool array, row i holding the set ``rows[i]``."""
    raw = np.array(rows, dtype="<u8").view(np.uint8).reshape(len(rows), 8)
    return np.unpackbits(raw, axis=1, bitorder="little")[:, :NUM_CARDS].view(bool)
