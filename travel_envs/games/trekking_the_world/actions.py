"""The action table of trekking_the_world_v0: id ranges and their meaning, and the decision
phases they are asked in (shared by the engine, the encoder, the renderer and the heuristic).

| ids       | meaning |
|-----------|---------|
| 0-53      | a location: placement airport, movement step / flight (with `move_by_end`: the move's end), Frequent Flyer or Monteverde airport, Galapagos target, Lencois step, Ha Long Bay destination |
| 54-58     | choose the Itinerary in slot 0-4 (slot 0 = the face-up deck top) |
| 59-106    | use the Encounter power of card 1-48 |
| 107-154   | gain Encounter card 1-48 (also: the card picked with Kakadu / Tongariro) |
| 155-202   | pay for Tour card 1-48 |
| 203-206   | a colour red/blue/yellow/black (= token Move/Frequent Flyer/Money/Souvenir for Serengeti) |
| 207-210   | another player, 1-4 seats after me (Ha Long Bay) |
| 211       | return a Frequent Flyer token (then choose the airport) |
| 212       | return a Move token (+1 step) |
| 213       | return a Money token (Itinerary money again) |
| 214       | return a Souvenir token (Itinerary cubes again) |
| 215       | stop moving here (Torres del Paine) |
| 216       | pass / continue / done |
"""

from travel_envs.core.game import IllegalActionError, name_key

from .components import CARD_NAMES, COLOURS, NODE_NAMES, NUM_CARDS, NUM_COLOURS, NUM_LOCATIONS

A_LOC = 0
A_ITIN = A_LOC + NUM_LOCATIONS  # 54
NUM_ITIN_SLOTS = 5
A_USE = A_ITIN + NUM_ITIN_SLOTS  # 59
A_ENC = A_USE + NUM_CARDS  # 107
A_TOUR = A_ENC + NUM_CARDS  # 155
A_COLOUR = A_TOUR + NUM_CARDS  # 203
A_PLAYER = A_COLOUR + NUM_COLOURS  # 207
A_FF = A_PLAYER + 4  # 211
A_MOVE = A_FF + 1
A_MONEY = A_MOVE + 1
A_SOUV = A_MONEY + 1
A_STOP = A_SOUV + 1
A_PASS = A_STOP + 1
NUM_ACTIONS = A_PASS + 1  # 217

#: the decisions of a turn, indexed by ``state.phase_id`` (the engine's docstring walks through a turn)
PHASES = (
    "place", "start", "fly", "move_prep", "moving", "teleport", "money", "souvenir",
    "cards", "colour", "player", "halong", "pick_encounter", "game_over",
)
(PH_PLACE, PH_START, PH_FLY, PH_MOVE_PREP, PH_MOVING, PH_TELEPORT, PH_MONEY, PH_SOUVENIR,
 PH_CARDS, PH_COLOUR, PH_PLAYER, PH_HALONG, PH_PICK_ENC, PH_OVER) = range(len(PHASES))
NONE = -1  # no card, location, Itinerary or seat
PENDING_FF = -2  # the open sub-choice belongs to a Frequent Flyer token (not to a card)


def action_name(a: int) -> str:
    """The name of action ``a`` without what the table adds to it (the Itinerary in a slot, an
    Encounter's power, a Tour's price, a location's continent): ``state.action_to_string``
    shows those; this name is what :func:`action_from_name` reads back."""
    if not 0 <= a < NUM_ACTIONS:
        return f"invalid action {a}"
    if a < A_ITIN:
        return f"go to {NODE_NAMES[a - A_LOC]}"
    if a < A_USE:
        return f"choose Itinerary slot {a - A_ITIN}"
    if a < A_ENC:
        return f"use Encounter {CARD_NAMES[a - A_USE]}"
    if a < A_TOUR:
        return f"take Encounter {CARD_NAMES[a - A_ENC]}"
    if a < A_COLOUR:
        return f"pay for Tour {CARD_NAMES[a - A_TOUR]}"
    if a < A_PLAYER:
        return f"colour {COLOURS[a - A_COLOUR]}"
    if a < A_FF:
        return f"player {a - A_PLAYER + 1} seat(s) after me"
    return {A_FF: "use a Frequent Flyer token", A_MOVE: "use a Move token (+1 step)",
            A_MONEY: "use a Money token", A_SOUV: "use a Souvenir token", A_STOP: "stop moving here",
            A_PASS: "pass / continue"}[a]


#: every action's name, lower case and single-spaced -> its id
_ID_OF_NAME = {name_key(action_name(a)): a for a in range(NUM_ACTIONS)}


def action_from_name(name: str) -> int:
    """The id of the action :func:`action_name` calls ``name`` (case and spacing free), e.g.
    ``action_from_name("pay for Tour Machu Picchu")``."""
    a = _ID_OF_NAME.get(name_key(name))
    if a is None:
        raise IllegalActionError(
            f"no Trekking the World action is named {name!r}; names look like 'go to {NODE_NAMES[0]}', "
            f"'choose Itinerary slot 0', 'use Encounter {CARD_NAMES[0]}', 'pass / continue' "
            "(actions.action_name(id) gives each id's name)")
    return a
