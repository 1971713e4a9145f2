"""The Globetrotter action table and decision phases, shared by the engine, the encoder, the
renderer and the heuristic.

Action ids (159):

======== ===================================================================
0-48     play movement card c (phase ``turn``; a card that does not match
         the Journal top is played with the Skeleton Key, which returns)
49       Action 1: draw from the movement card deck
50-52    Action 1: draw the card in parking space i
53-101   park card c (phase ``park``, right after a draw) in the first
         allowed empty parking space
102      do not park
103      stop playing: end Action 2 and run the advance check
104      end the turn (after at least one action, when not playing)
105-153  improvement: select card c to discard (phase ``improve``)
154      improvement: confirm (discard the selection, draw back to 5)
155-158  choose the opponent k = 1..4 seats to the left to draw a random
         card from (phase ``choose_opponent``)
======== ===================================================================
"""

from __future__ import annotations

from functools import lru_cache

from travel_envs.core.game import IllegalActionError, name_key

from .components import MAX_PLAYERS, NUM_CARDS, NUM_PARKING, card_name

# ------------------------------------------------------------------- phases
#: decision phases, indexed by ``phase_id`` (docs/games/globetrotter.md, "Turn model")
PHASES = ("improve", "turn", "park", "choose_opponent", "over")
IMPROVE, TURN, PARK_PHASE, CHOOSE, OVER = range(len(PHASES))

# ------------------------------------------------------------------ actions
PLAY = 0  # + card
DRAW_DECK = PLAY + NUM_CARDS  # 49
DRAW_PARK = DRAW_DECK + 1  # + parking space
PARK = DRAW_PARK + NUM_PARKING  # 53, + card
NO_PARK = PARK + NUM_CARDS  # 102
STOP = NO_PARK + 1
END_TURN = STOP + 1
DISCARD = END_TURN + 1  # 105, + card
CONFIRM = DISCARD + NUM_CARDS  # 154
OPPONENT = CONFIRM + 1  # + (seats to the left - 1)
NUM_ACTIONS = OPPONENT + MAX_PLAYERS - 1  # 159


def action_name(a: int, cur: int = 0, n: int = MAX_PLAYERS) -> str:
    """The name of action ``a`` when seat ``cur`` of ``n`` decides (``cur``/``n`` name the
    opponent of an opponent choice)."""
    a = int(a)
    if PLAY <= a < DRAW_DECK:
        return f"play {card_name(a - PLAY)}"
    if a == DRAW_DECK:
        return "draw from the deck"
    if DRAW_PARK <= a < PARK:
        return f"draw from parking space {a - DRAW_PARK}"
    if PARK <= a < NO_PARK:
        return f"park {card_name(a - PARK)}"
    if a == NO_PARK:
        return "do not park"
    if a == STOP:
        return "stop playing (advance check)"
    if a == END_TURN:
        return "end turn"
    if DISCARD <= a < CONFIRM:
        return f"select {card_name(a - DISCARD)} to discard"
    if a == CONFIRM:
        return "confirm discards"
    if OPPONENT <= a < NUM_ACTIONS:
        k = a - OPPONENT + 1
        return f"draw from the opponent {k} seat(s) to the left (player_{(cur + k) % n})"
    return f"unknown action {a}"


@lru_cache(maxsize=None)
def _ids_by_name(cur: int, n: int) -> dict[str, int]:
    return {name_key(action_name(a, cur, n)): a for a in range(NUM_ACTIONS)}


def action_from_name(name: str, cur: int = 0, n: int = MAX_PLAYERS) -> int:
    """The action id of a name written by :func:`action_name` (same ``cur`` and ``n``);
    case and extra blanks do not matter. IllegalActionError names an unknown name."""
    a = _ids_by_name(int(cur), int(n)).get(name_key(name))
    if a is not None:
        return a
    raise IllegalActionError(
        f"unknown Globetrotter action {name!r}; names look like 'play yellow car', 'draw from the deck', "
        "'draw from parking space 0', 'park red ship', 'do not park', 'stop playing (advance check)', "
        "'end turn', 'select blue bicycle to discard', 'confirm discards', "
        f"{action_name(OPPONENT, cur, n)!r}"
    )
