"""The Trek action table: action id ranges <-> meaning (100 actions), names and the phase ids.

| ids     | meaning                                                                  |
|---------|--------------------------------------------------------------------------|
| 0-20    | discard one card of type t (t = id)                                      |
| 21-23   | play Authority to Buy for market m (0 Stores, 1 Mules, 2 Jeeps)          |
| 24-27   | play Award A1..A4                                                        |
| 28-31   | play Claim C1..C4                                                        |
| 32-43   | move to camp d = id-31 with the card only (sideways in a group; Base->G1 |
|         | when ``base_needs_transport`` is false)                                  |
| 44-55   | move to camp d = id-43 one group forward, returning a Mule               |
| 56-67   | move to camp d = id-55 one group forward, returning a Jeep (as a Mule)   |
| 68-89   | Jeep double move: (destination d, card of skipped-group camp k), see     |
|         | ``JEEP2_PAIRS``                                                          |
| 90-95   | (buy phase) buy k = id-89 units in the chosen market                     |
| 96      | (buy phase) finish buying                                                |
| 97-99   | (bankruptcy) sell 1 Stores Unit / Mule / Jeep back to the Bank            |
"""

from __future__ import annotations

import numpy as np

from travel_envs.core.game import IllegalActionError, name_key

from .components import CAMP_GROUP, CARD_SHORT, GROUP_CAMPS, MARKET_NAMES, NUM_CARD_TYPES

#: the decision phases (``state.phase_id``): which block of the table is legal
PLAY_PHASE, BUY_PHASE, BANKRUPTCY_PHASE, OVER = 0, 1, 2, 3
PHASES = ("play", "buy", "bankruptcy", "over")
NUM_PHASES = OVER  # the decision phases, one-hot in the observation

DISCARD = 0
PLAY_BUY = DISCARD + NUM_CARD_TYPES  # 21
PLAY_AWARD = PLAY_BUY + 3  # 24
PLAY_CLAIM = PLAY_AWARD + 4  # 28
MOVE_CARD = PLAY_CLAIM + 4  # 32
MOVE_MULE = MOVE_CARD + 12  # 44
MOVE_JEEP = MOVE_MULE + 12  # 56
MOVE_JEEP2 = MOVE_JEEP + 12  # 68
#: (destination camp, camp of the skipped group whose card is also played), in id order
JEEP2_PAIRS = tuple(
    (d, k) for d in range(1, 13) if CAMP_GROUP[d] >= 2 for k in GROUP_CAMPS[CAMP_GROUP[d] - 1]
)
BUY_UNITS = MOVE_JEEP2 + len(JEEP2_PAIRS)  # 90
MAX_BUY_CHUNK = 6
BUY_DONE = BUY_UNITS + MAX_BUY_CHUNK  # 96
SELL = BUY_DONE + 1  # 97
NUM_ACTIONS = SELL + 3  # 100

#: JEEP2 pair -> action id
JEEP2_ID = {pair: MOVE_JEEP2 + i for i, pair in enumerate(JEEP2_PAIRS)}


#: legal ids -> mask, filled on demand (a play-out asks for a mask per decision; a copy of a
#: stored one costs a third of building it); emptied when it holds ``_MASKS_KEPT`` of them
_MASKS: dict[tuple[int, ...], np.ndarray] = {}
_MASKS_KEPT = 20_000


def mask_of(legal: list[int]) -> np.ndarray:
    """The boolean action mask (a new array) with ``legal`` set."""
    key = tuple(legal)
    mask = _MASKS.get(key)
    if mask is None:
        if len(_MASKS) >= _MASKS_KEPT:
            _MASKS.clear()
        mask = _MASKS[key] = np.zeros(NUM_ACTIONS, dtype=bool)
        mask[legal] = True
    return mask.copy()


def action_name(action: int) -> str:
    """Human-readable meaning of an action id."""
    a = int(action)
    if DISCARD <= a < PLAY_BUY:
        return f"discard {CARD_SHORT[a]}"
    if a < PLAY_AWARD:
        return f"play BUY: {MARKET_NAMES[a - PLAY_BUY]}"
    if a < PLAY_CLAIM:
        return f"play award A{a - PLAY_AWARD + 1}"
    if a < MOVE_CARD:
        return f"play claim C{a - PLAY_CLAIM + 1}"
    if a < MOVE_MULE:
        return f"move to camp {a - MOVE_CARD + 1} (card only)"
    if a < MOVE_JEEP:
        return f"move to camp {a - MOVE_MULE + 1} with a Mule"
    if a < MOVE_JEEP2:
        return f"move to camp {a - MOVE_JEEP + 1} with a Jeep (one group)"
    if a < BUY_UNITS:
        d, k = JEEP2_PAIRS[a - MOVE_JEEP2]
        return f"move to camp {d} with a Jeep, also playing camp {k}"
    if a < BUY_DONE:
        return f"buy {a - BUY_UNITS + 1}"
    if a == BUY_DONE:
        return "finish buying"
    if a < NUM_ACTIONS:
        return f"sell 1 {MARKET_NAMES[a - SELL]} unit to the Bank"
    return f"<invalid action {a}>"


def destination(action: int) -> int:
    """The camp a move action (``MOVE_CARD`` .. ``BUY_UNITS - 1``) goes to."""
    if action < MOVE_MULE:
        return action - MOVE_CARD + 1
    if action < MOVE_JEEP:
        return action - MOVE_MULE + 1
    if action < MOVE_JEEP2:
        return action - MOVE_JEEP + 1
    return JEEP2_PAIRS[action - MOVE_JEEP2][0]


#: every action's name (``action_name``), in id order
ACTION_NAMES = tuple(action_name(a) for a in range(NUM_ACTIONS))
_ID_OF_NAME = {name_key(name): a for a, name in enumerate(ACTION_NAMES)}


def action_from_name(name: str) -> int:
    """The id of an action given by its name (``action_name``'s text, case and spacing free):
    ``action_from_name("move to camp 4 with a Mule") == 47``."""
    key = name_key(name)
    if key not in _ID_OF_NAME:
        raise IllegalActionError(
            f"unknown Trek action {name!r}; names look like 'discard C7', 'play BUY: Stores', "
            f"'move to camp 4 with a Mule', 'buy 2', 'finish buying' (all: actions.ACTION_NAMES)"
        )
    return _ID_OF_NAME[key]
