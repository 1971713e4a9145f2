"""Hand-made positions for tests and analysis.

``build_state`` deals a normal game and then rearranges it without creating or
losing anything: cards are moved by swapping places, cubes and tokens are taken
from the supply. The result is a normal state (to_dict/from_dict/apply_action).
A fact that cannot hold (a location that does not exist, more cubes than the
supply has, a card that is not where it could be taken from) raises
``ParameterError`` naming it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from travel_envs.core.game import ParameterError

from . import components as C
from .actions import NONE, PH_PICK_ENC, PH_PLACE, PH_START
from .engine import TrekkingTheWorldGame, TrekkingTheWorldState

CARD_LISTS = ("tour_deck", "tour_row", "enc_deck", "enc_row", "enc_discard", "tours_out", "rival_tours")
ITIN_LISTS = ("itin_deck", "itin_row", "itin_discard")


def loc(name: str) -> int:
    """Location index from a display name or an id (``"Ha Long Bay"`` or ``"ha_long_bay"``)."""
    if name in C.NODE_INDEX:
        return C.NODE_INDEX[name]
    if name in C.NODE_NAMES:
        return C.NODE_NAMES.index(name)
    raise ParameterError(f"no location named {name!r}; names are e.g. {C.NODE_NAMES[0]!r} or {C.NODE_IDS[0]!r}")


def card(name: str) -> int:
    """Card index (0-47) of the card at a named location."""
    c = C.LOCATION_CARD[loc(name)]
    if c == NONE:
        raise ParameterError(f"no card shows {name!r} (not every location has one)")
    return c


def _remove(s: TrekkingTheWorldState, src: list[int], i: int) -> None:
    """Take the entry out of ``src``: rows keep their length (the slot becomes empty)."""
    if src is s.tour_row or src is s.enc_row or src is s.itin_row:
        src[i] = NONE
    else:
        src.pop(i)


def _find(s: TrekkingTheWorldState, c: int, names: tuple[str, ...], players: tuple[str, ...]):
    for name in names:
        lst = getattr(s, name)
        if c in lst:
            return lst, lst.index(c)
    for name in players:
        for lst in getattr(s, name):
            if c in lst:
                return lst, lst.index(c)
    raise ParameterError(f"{c} is in none of {names + players} (it is being resolved, or no such card)")


def place_card(s: TrekkingTheWorldState, c: int, where: str, index: int | None = None, player: int | None = None) -> None:
    """Move card ``c`` into ``where`` (a card list name, or ``"tours"``/``"encs"`` of ``player``).

    ``index`` = slot in a row (the occupant is swapped to ``c``'s old place) or
    ``None`` to append (removing ``c`` from its old place). ``index=-1`` on a
    deck = the face-up top.
    """
    if where in ("tours", "encs"):
        if not (isinstance(player, int) and 0 <= player < s.num_players):
            raise ParameterError(f"place_card into {where!r} needs player= a seat, not {player!r}")
    elif where not in CARD_LISTS or player is not None:
        raise ParameterError(f"place_card where={where!r} (player={player!r}): a card goes to one of "
                             f"{CARD_LISTS} or to a player's 'tours' / 'encs'")
    src, i = _find(s, c, CARD_LISTS, ("tours", "encs"))
    dst = getattr(s, where) if player is None else getattr(s, where)[player]
    if index is None or (index == -1 and not dst):
        _remove(s, src, i)
        dst.append(c)
        s.touch()
        return
    other = dst[index]
    dst[index] = c
    if other == NONE:
        _remove(s, src, i)
    else:
        src[i] = other
    s.touch()


def place_itinerary(s: TrekkingTheWorldState, it: int, where: str = "itin_row", index: int = 0) -> None:
    """Move Itinerary ``it`` to a slot (swapping) or append it (``index=None``)."""
    if where not in ITIN_LISTS:
        raise ParameterError(f"place_itinerary where={where!r}: an Itinerary goes to one of {ITIN_LISTS}")
    src, i = _find(s, it, ITIN_LISTS, ())
    dst = getattr(s, where)
    if index is None:
        _remove(s, src, i)
        dst.append(it)
    else:
        other = dst[index]
        dst[index] = it
        if other == NONE:
            _remove(s, src, i)
        else:
            src[i] = other
    s.touch()


def _check_counts(what: str, values: list[int], high: int, supply: list[int], held: list[int]) -> None:
    if len(values) != len(supply):
        raise ParameterError(f"{what} needs {len(supply)} counts, not {values!r}")
    for k, n in enumerate(values):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= high:
            raise ParameterError(f"{what}[{k}]={n!r} is impossible; counts are integers in [0, {high}]")
        if n - held[k] > supply[k]:
            raise ParameterError(f"{what}[{k}]={n} needs {n - held[k]} more from the supply, which has {supply[k]}")


def give_cubes(s: TrekkingTheWorldState, p: int, rows: list[int]) -> None:
    """Set ``p``'s Suitcase row lengths (cubes from/to the supply; no tokens)."""
    _check_counts("Suitcase rows", rows, C.SUITCASE_COLUMNS, s.cube_supply, s.suitcase[p])
    for k, n in enumerate(rows):
        s.cube_supply[k] += s.suitcase[p][k] - n
        s.suitcase[p][k] = n
    s.touch()


def give_tokens(s: TrekkingTheWorldState, p: int, tokens: list[int]) -> None:
    """Set ``p``'s token counts (from/to the supply; usable unless gained this turn)."""
    _check_counts("tokens", tokens, C.TOKENS_PER_TYPE, s.token_supply, s.tokens[p])
    if any(n < f for n, f in zip(tokens, s.fresh_tokens[p])):
        raise ParameterError(f"tokens {tokens!r} are fewer than the {s.fresh_tokens[p]!r} gained this turn")
    for k, n in enumerate(tokens):
        s.token_supply[k] += s.tokens[p][k] - n
        s.tokens[p][k] = n
    s.touch()


def build_state(
    num_players: int = 2,
    locations: list[int] | None = None,
    money: list[int] | None = None,
    seed: int = 0,
    first_player: int = 0,
    **params: Any,
) -> TrekkingTheWorldState:
    """A dealt game with every Trekker placed, seat ``first_player`` to choose an Itinerary.

    ``locations``: one per seat, location ids or names (default: all at the first airport);
    ``money``: one amount per seat (default 0); ``params``: the game's parameters."""
    game = TrekkingTheWorldGame(num_players=num_players, **params)
    n = game.num_players
    if not (isinstance(first_player, int) and 0 <= first_player < n):
        raise ParameterError(f"first_player={first_player!r} is not a seat of this {n}-player game")
    where = [C.AIRPORTS[0]] * n if locations is None else list(locations)
    cash = [0] * n if money is None else list(money)
    for name, values in (("locations", where), ("money", cash)):
        if len(values) != n:
            raise ParameterError(f"{name} needs one entry per seat ({n}), not {values!r}")
    where = [loc(v) if isinstance(v, str) else v for v in where]
    for p, v in enumerate(where):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < C.NUM_LOCATIONS:
            raise ParameterError(f"locations[{p}]={v!r} is no location (ids 0-{C.NUM_LOCATIONS - 1} or names)")
    for p, m in enumerate(cash):
        if isinstance(m, bool) or not isinstance(m, int) or not 0 <= m <= C.MONEY_CAP:
            raise ParameterError(f"money[{p}]={m!r} is impossible; money is an integer in [0, {C.MONEY_CAP}]")
    s = game.new_initial_state(np.random.default_rng(seed))
    s.first_player = s.to_act = first_player
    s.loc = where
    s.money = cash
    s.phase_id = PH_START
    s.touch()
    return s


def invariant_errors(s: TrekkingTheWorldState) -> list[str]:
    """Conservation and bounds checks; an empty list means the state is sound."""
    errors = []
    n = s.num_players
    cards = list(s.tour_deck) + list(s.enc_deck) + list(s.enc_discard) + list(s.tours_out) + list(s.rival_tours)
    cards += [c for c in s.tour_row + s.enc_row if c != NONE]
    for p in range(n):
        cards += s.tours[p] + s.encs[p]
    if s.phase_id == PH_PICK_ENC:
        cards.append(s.pending)  # Kakadu / Tongariro is being resolved
    if sorted(cards) != list(range(C.NUM_CARDS)):
        errors.append(f"cards not conserved: {len(cards)} cards, {len(set(cards))} distinct")
    its = list(s.itin_deck) + list(s.itin_discard) + [c for c in s.itin_row if c != NONE]
    if s.itin != NONE:
        its.append(s.itin)
    if sorted(its) != list(range(C.NUM_ITINERARIES)):
        errors.append(f"itineraries not conserved: {sorted(its)}")
    for k in range(C.NUM_COLOURS):
        if s.cube_supply[k] + sum(s.suitcase[p][k] for p in range(n)) != C.CUBES_PER_COLOUR:
            errors.append(f"cubes of colour {k} not conserved")
        if s.token_supply[k] + sum(s.tokens[p][k] for p in range(n)) != C.TOKENS_PER_TYPE:
            errors.append(f"tokens of type {k} not conserved")
        if s.cube_supply[k] < 0 or s.token_supply[k] < 0:
            errors.append("negative supply")
    for p in range(n):
        if not 0 <= s.money[p] <= C.MONEY_CAP:
            errors.append(f"money of {p} out of range: {s.money[p]}")
        if any(not 0 <= x <= C.SUITCASE_COLUMNS for x in s.suitcase[p]):
            errors.append(f"suitcase of {p} out of range")
        if any(f < 0 or f > t for f, t in zip(s.fresh_tokens[p], s.tokens[p])):
            errors.append(f"fresh tokens of {p} inconsistent")
        placing = s.phase_id == PH_PLACE and p == s.to_act
        if s.loc[p] == NONE and (s.turns_taken[p] > 0 or not placing and p == s.to_act and not s.is_terminal):
            errors.append(f"Trekker {p} not on the board")
        if s.loc[p] != NONE and (not 0 <= s.loc[p] < C.NUM_LOCATIONS or placing):
            errors.append(f"Trekker {p} at a bad location {s.loc[p]}")
    if any(c not in s.encs[s.to_act] for c in s.fresh_encs):
        errors.append("fresh Encounter not held by the player on turn")
    if not s.is_terminal and not s.legal_action_mask().any():
        errors.append(f"no legal action in phase {s.phase}")
    if len(s.tour_row) != C.TOUR_ROW or len(s.enc_row) != C.ENC_ROW or len(s.itin_row) != C.ITIN_ROW:
        errors.append("a row changed length")
    return errors
