"""The Trekking action table: the decision phases, the action id ranges, their names and parsing a
name back to an id (shared by the engine, the encoder, the renderer and the policies)."""

from __future__ import annotations

from travel_envs.core.game import IllegalActionError, name_key

from . import components as C

# the decision phases (``TrekkingState.phase_id`` indexes PHASES; the observation one-hots the first four)
PHASES = ("refuge", "move", "tag", "finish", "sunday", "over")
REFUGE_PHASE, MOVE_PHASE, TAG_PHASE, FINISH_PHASE, SUNDAY_PHASE, OVER = range(len(PHASES))
OPPONENT = -1  # the Sunday hikers' place in the solo turn order

CHOOSE_REFUGE = 0  # 0-3: put your hiker on refuge NW, NE, SW, SE (setup)
MOVE = 4  # 4-7: walk the path to the N, E, S, W
REST = 8  # 8-9: rest, taking the top card of rest pile 0 / 1 (8 also = rest without card if both empty)
FLIP_BAR = 10  # flip an Energy bar rest card (+2 energy; this turn you must ascend)
TAG_PATH = 11  # 11-12: tag the animal on animal space 0 / 1 beside the path just walked
TAG_DEST = 13  # 13-16: flip Binoculars, tag the animal on space 0-3 around the destination space
SEARCH = 17  # 17-18: flip Searching through the undergrowth, draw blind from the green / blue bag
STOP_TAGGING = 19  # tag nothing (more)
FLIP_DRINK = 20  # flip a Drink water rest card (+1 energy), before walking or at the end of the turn
END_TURN = 21  # end the turn (phase C: the energy indicator is updated)
SUNDAY_PICK = 22  # 22-23 (solo): a Sunday hiker takes the animal on path-side space 0 / 1 (a tie of equal value)
NUM_ACTIONS = 24

ACTION_RANGES = (
    (CHOOSE_REFUGE, 4, "choose start refuge NW/NE/SW/SE"),
    (MOVE, 4, "move along the path N/E/S/W"),
    (REST, 2, "rest: take the top card of rest pile 0/1"),
    (FLIP_BAR, 1, "flip an Energy bar card (+2 energy, must ascend)"),
    (TAG_PATH, 2, "tag the animal on path-side animal space 0/1"),
    (TAG_DEST, 4, "flip Binoculars: tag the animal on destination-side space 0-3"),
    (SEARCH, 2, "flip Searching: draw an animal from the green/blue bag"),
    (STOP_TAGGING, 1, "stop tagging"),
    (FLIP_DRINK, 1, "flip a Drink water card (+1 energy)"),
    (END_TURN, 1, "end the turn"),
    (SUNDAY_PICK, 2, "solo: the Sunday hiker takes the animal on path-side space 0/1 (equal values)"),
)


def action_name(a: int) -> str:
    if CHOOSE_REFUGE <= a < MOVE:
        return f"start at refuge {C.TILES[a - CHOOSE_REFUGE]}"
    if MOVE <= a < REST:
        return f"move {C.DIRECTIONS[a - MOVE]}"
    if REST <= a < FLIP_BAR:
        return f"rest (pile {a - REST})"
    if a == FLIP_BAR:
        return "flip energy bar"
    if TAG_PATH <= a < TAG_DEST:
        return f"tag path-side animal {a - TAG_PATH}"
    if TAG_DEST <= a < SEARCH:
        return f"binoculars: tag destination-side animal {a - TAG_DEST}"
    if SEARCH <= a < STOP_TAGGING:
        return f"search the {C.BAGS[a - SEARCH]} bag"
    if a == STOP_TAGGING:
        return "stop tagging"
    if a == FLIP_DRINK:
        return "flip drink water"
    if a == END_TURN:
        return "end turn"
    if SUNDAY_PICK <= a < NUM_ACTIONS:
        return f"Sunday hiker takes path-side animal {a - SUNDAY_PICK}"
    return f"<invalid action {a}>"


_ID_OF_NAME = {name_key(action_name(a)): a for a in range(NUM_ACTIONS)}


def action_from_name(name: str) -> int:
    """The action id whose ``action_name`` is ``name``, case and spacing free (IllegalActionError
    listing the names if none)."""
    a = _ID_OF_NAME.get(name_key(name))
    if a is None:
        raise IllegalActionError(f"no Trekking action is named {name!r}; the names are {list(_ID_OF_NAME)}")
    return a
