"""Hand-made positions for tests and analysis.

``build_state`` deals a normal game and then rearranges it without creating or
losing anything: cards are moved by swapping places, cubes and tokens are taken
from the supply. The result is a normal state (to_dict/from_dict/apply_action).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import components as C
from .engine import NONE, PH_PICK_ENC, PH_PLACE, PH_START, TrekkingTheWorldGame, TrekkingTheWorldState

CARD_LISTS = ("tour_deck", "tour_row", "enc_deck", "enc_row", "enc_discard", "tours_out", "rival_tours")
ITIN_LISTS = ("itin_deck", "itin_row", "itin_discard")


def loc(name: str) -> int:
    """Location index from a display name or an id (``"Ha Long Bay"`` or ``"ha_long_bay"``)."""
    if name in C.NODE_INDEX:
        return C.NODE_INDEX[name]
    return C.NODE_NAMES.index(name)


def card(name: str) -> int:
    """Card index (0-47) of the card at a named location."""
    c = C.LOCATION_CARD[loc(name)]
    if c == NONE:
        raise KeyError(f"no card at {name}")
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
    raise KeyError(c)


def place_card(s: TrekkingTheWorldState, c: int, where: str, index: int | None = None, player: int | None = None) -> None:
    """Move card ``c`` into ``where`` (a card list name, or ``"tours"``/``"encs"`` of ``player``).

    ``index`` = slot in a row (the occupant is swapped to ``c``'s old place) or
    ``None`` to append (removing ``c`` from its old place). ``index=-1`` on a
    deck = the face-up top.
    """
    src, i = _find(s, c, CARD_LISTS, ("tours", "encs"))
    dst = getattr(s, where) if player is None else getattr(s, where)[player]
    if index is None or (index == -1 and not dst):
        _remove(s, src, i)
        dst.append(c)
        s._mask = None
        s.touch()
        return
    other = dst[index]
    dst[index] = c
    if other == NONE:
        _remove(s, src, i)
    else:
        src[i] = other
    s._mask = None
    s.touch()


def place_itinerary(s: TrekkingTheWorldState, it: int, where: str = "itin_row", index: int = 0) -> None:
    """Move Itinerary ``it`` to a slot (swapping) or append it (``index=None``)."""
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
    s._mask = None
    s.touch()


def give_cubes(s: TrekkingTheWorldState, p: int, rows: list[int]) -> None:
    """Set ``p``'s Suitcase row lengths (cubes from/to the supply; no tokens)."""
    for k, n in enumerate(rows):
        s.cube_supply[k] += s.suitcase[p][k] - n
        s.suitcase[p][k] = n
    s.touch()


def give_tokens(s: TrekkingTheWorldState, p: int, tokens: list[int]) -> None:
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
    """A dealt game with every Trekker placed, seat ``first_player`` to choose an Itinerary."""
    game = TrekkingTheWorldGame(num_players=num_players, **params)
    s = game.new_initial_state(np.random.default_rng(seed))
    s.first_player = s.turn_seat = first_player
    s.loc = list(locations) if locations is not None else [C.AIRPORTS[0]] * num_players
    s.money = list(money) if money is not None else [0] * num_players
    s.phase_id = PH_START
    s._mask = None
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
        placing = s.phase_id == PH_PLACE and p == s.turn_seat
        if s.loc[p] == NONE and (s.turns_taken[p] > 0 or not placing and p == s.turn_seat and not s.is_terminal):
            errors.append(f"Trekker {p} not on the board")
        if s.loc[p] != NONE and (not 0 <= s.loc[p] < C.NUM_LOCATIONS or placing):
            errors.append(f"Trekker {p} at a bad location {s.loc[p]}")
    if any(c not in s.encs[s.turn_seat] for c in s.fresh_encs):
        errors.append("fresh Encounter not held by the player on turn")
    if not s.is_terminal and not s.legal_action_mask().any():
        errors.append(f"no legal action in phase {s.phase}")
    if len(s.tour_row) != C.TOUR_ROW or len(s.enc_row) != C.ENC_ROW or len(s.itin_row) != C.ITIN_ROW:
        errors.append("a row changed length")
    return errors
