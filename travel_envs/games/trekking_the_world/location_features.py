"""Per-location features of trekking_the_world_v0 (parameter ``location_features``): the public table
written once per location, so that a policy whose actions are locations (``move_by_end``) reads what
each end offers next to the action that names it.

Nothing here is new information: the cards on offer, their prices and points, the seat's money and
location and the map are all in the base observation. The block re-indexes them by location and adds
the map's distances, which a network would otherwise have to learn from the card and location one-hots.
Per location, in location order (``LOCATION_FEATURES`` values each):

0. a Tour on offer here: its points / the largest Tour points (0: none)
1. its price after this turn's discount / the money cap
2. that price is within the seat's money (1 / 0)
3. an Encounter on offer here (1 / 0)
4. fewest steps from the seat's Trekker / the longest fewest-steps distance (1 before it is placed)
5. Tour points on offer within 5 steps of here (not here), each weighted (6 - steps) / 5, / the largest
   sum the Tours on offer can give
"""

from __future__ import annotations

import numpy as np

from . import components as C

LOCATION_FEATURES = 6
LOCATION_FEATURES_SIZE = LOCATION_FEATURES * C.NUM_LOCATIONS
_MAX_POINTS = float(max(C.TOUR_POINTS))
#: at most 4 Tours are on offer (the deck top and the row of 3), each weighted at most 1
_PULL_SCALE = float(sum(sorted(C.TOUR_POINTS)[-4:]))
_REACH = 5  # the longest printed move
#: column 4 by the Trekker's location (row -1: not placed yet)
_DISTANCE = np.vstack([np.asarray(C.STEPS, np.float32) / C.MAX_STEPS, np.ones((1, C.NUM_LOCATIONS), np.float32)])
#: column 5's share of each card as a Tour on offer, by location
_PULL = np.array([[C.TOUR_POINTS[c] * (6 - d) / 5.0 / _PULL_SCALE if 0 < d <= _REACH else 0.0
                   for d in C.STEPS[C.CARD_LOCATION[c]]] for c in range(C.NUM_CARDS)], np.float32)


#: blocks by every value they are written from (the offer changes seldom: most observations repeat one)
_BLOCKS: dict = {}
_BLOCKS_LIMIT = 20_000


def encode_location_features(s, seat: int, out: np.ndarray) -> None:
    """Write the block for ``seat`` into ``out`` (``LOCATION_FEATURES_SIZE`` values, overwritten)."""
    tours, encounters = s.tour_deck, s.enc_deck  # available_tours() / available_encounters(), unbuilt
    key = (s.loc[seat], s.money[seat], s.discount, tours[-1] if tours else -1, *s.tour_row,
           encounters[-1] if encounters else -1, *s.enc_row)
    block = _BLOCKS.get(key)
    if block is None:
        if len(_BLOCKS) > _BLOCKS_LIMIT:
            _BLOCKS.clear()
        block = _BLOCKS[key] = np.zeros(LOCATION_FEATURES_SIZE, np.float32)
        _write_block(s, seat, block)
    out[:] = block


def _write_block(s, seat: int, out: np.ndarray) -> None:
    block = out.reshape(C.NUM_LOCATIONS, LOCATION_FEATURES)
    block[:, 4] = _DISTANCE[s.loc[seat]]
    money = s.money[seat]
    for c in s.available_tours():
        if c != -1:
            v = C.CARD_LOCATION[c]
            price = s.tour_price(c)
            block[v, 0] = C.TOUR_POINTS[c] / _MAX_POINTS
            block[v, 1] = price / C.MONEY_CAP
            block[v, 2] = 1.0 if price <= money else 0.0
            block[:, 5] += _PULL[c]
    for c in s.available_encounters():
        if c != -1:
            block[C.CARD_LOCATION[c], 3] = 1.0
