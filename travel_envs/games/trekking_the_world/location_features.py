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


def encode_location_features(s, seat: int, out: np.ndarray) -> None:
    """Write the block for ``seat`` into ``out`` (``LOCATION_FEATURES_SIZE`` values, overwritten)."""
    block = out.reshape(C.NUM_LOCATIONS, LOCATION_FEATURES)
    block.fill(0.0)
    here = s.loc[seat]
    money = s.money[seat]
    if here == -1:
        block[:, 4] = 1.0
    else:
        block[:, 4] = np.asarray(C.STEPS[here], dtype=np.float32) / C.MAX_STEPS
    tours = [c for c in s.available_tours() if c != -1]
    for c in tours:
        v = C.CARD_LOCATION[c]
        price = s.tour_price(c)
        block[v, 0] = C.TOUR_POINTS[c] / _MAX_POINTS
        block[v, 1] = price / C.MONEY_CAP
        block[v, 2] = 1.0 if price <= money else 0.0
        steps_from = C.STEPS[v]
        for w in range(C.NUM_LOCATIONS):
            d = steps_from[w]
            if 0 < d <= _REACH:
                block[w, 5] += C.TOUR_POINTS[c] * (6 - d) / 5.0 / _PULL_SCALE
    for c in s.available_encounters():
        if c != -1:
            block[C.CARD_LOCATION[c], 3] = 1.0
