"""Observation encoder of trekking_the_world_v0 (all values in [0, 1]).

Everything on the table is public except the order of the decks below their
face-up top card (and the solo Rival deck), so a seat's observation is the
public table written seat-relative: the seat's own player block first, then the
other players in turn order after it. ``layout(n)`` lists the blocks with their
offsets (the doc's observation table is generated from it).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from . import components as C
from .engine import NONE, PENDING_FF, PHASES

ITIN_FEATURES = 5 + 1 + 1 + C.NUM_COLOURS + C.NUM_CONTINENTS  # move one-hot, money, cubes, colour, continents = 18
TURN_FLAGS = ("torres", "revisit", "free_flights", "no_step_flights", "terracotta", "sagrada", "colosseum",
              "lencois", "lencois_moved", "took_tour", "took_enc")
TURN_COUNTS = ("move_tokens", "money_tokens", "souv_tokens", "baobab", "taj", "extra", "discount", "cards_taken")
SCORE_SCALE = 200.0

GLOBAL_BLOCKS = (
    ("phase", len(PHASES)),
    ("current_player_relative", 5),
    ("pending_power", C.NUM_CARDS + 1),  # card whose sub-choice is open; last = Frequent Flyer token
    ("kilimanjaro_returned_row", C.NUM_COLOURS),
    ("halong_target_relative", 4),
    ("end_triggered_and_tours_to_end", 2),
    ("itinerary_in_play", ITIN_FEATURES),
    ("move_n_max_n_min_steps", 3),
    ("move_start", C.NUM_LOCATIONS),
    ("move_visited", C.NUM_LOCATIONS),
    ("turn_flags", len(TURN_FLAGS)),
    ("turn_counts", len(TURN_COUNTS)),
    ("recolour", C.NUM_COLOURS),
    ("fresh_encounters", C.NUM_CARDS),
    ("itinerary_slots", 5 * ITIN_FEATURES),
    ("itinerary_discard_top", ITIN_FEATURES),
    ("deck_sizes", 5),  # itinerary deck, itinerary discard, tour deck, encounter deck, encounter discard
    ("tour_slots", 4 * C.NUM_CARDS),
    ("encounter_slots", 4 * C.NUM_CARDS),
    ("encounter_discard", C.NUM_CARDS),
    ("cube_supply", C.NUM_COLOURS),
    ("token_supply", 4),
    ("solo_rival", 2),
)
PLAYER_BLOCKS = (
    ("location", C.NUM_LOCATIONS),
    ("money", 1),
    ("suitcase_rows_thermometer", C.NUM_COLOURS * C.SUITCASE_COLUMNS),
    ("tokens", 4),
    ("usable_tokens", 4),
    ("tours_held", C.NUM_CARDS),
    ("tour_count_points", 2),
    ("encounters_held", C.NUM_CARDS),
    ("turns_taken_first_player_score", 3),
)
PLAYER_SIZE = sum(s for _, s in PLAYER_BLOCKS)
GLOBAL_SIZE = sum(s for _, s in GLOBAL_BLOCKS)
HIDDEN_BLOCKS = (
    ("tour_deck_cards", C.NUM_CARDS),
    ("encounter_deck_cards", C.NUM_CARDS),
    ("itinerary_deck_cards", C.NUM_ITINERARIES),
    ("rival_deck_cards", len(C.RIVAL_CARDS)),
)
HIDDEN_SIZE = sum(s for _, s in HIDDEN_BLOCKS)


@lru_cache(maxsize=None)
def layout(num_players: int) -> tuple[tuple[str, int, int], ...]:
    """(name, start, end) of every observation block for ``num_players``."""
    out, off = [], 0
    for name, size in GLOBAL_BLOCKS:
        out.append((name, off, off + size))
        off += size
    for i in range(num_players):
        who = "me" if i == 0 else f"player+{i}"
        for name, size in PLAYER_BLOCKS:
            out.append((f"{who}.{name}", off, off + size))
            off += size
    return tuple(out)


def observation_size(num_players: int) -> int:
    return GLOBAL_SIZE + num_players * PLAYER_SIZE


def state_size(num_players: int) -> int:
    return observation_size(num_players) + HIDDEN_SIZE


def _itin_table() -> np.ndarray:
    """Feature rows of the 46 Itineraries plus a zero row at index -1 (no card)."""
    t = np.zeros((C.NUM_ITINERARIES + 1, ITIN_FEATURES), np.float32)
    for card in range(C.NUM_ITINERARIES):
        t[card, C.ITIN_MOVE[card] - 1] = 1.0
        t[card, 5] = C.ITIN_MONEY[card] / 4.0
        t[card, 6] = C.ITIN_CUBES[card] / 2.0
        t[card, 7 + C.ITIN_COLOUR[card]] = 1.0
        for k in C.ITIN_CONTINENTS[card]:
            t[card, 11 + k] = 1.0
    return t


ITIN_TABLE = _itin_table()
_GOFF = {}
_off = 0
for _name, _size in GLOBAL_BLOCKS:
    _GOFF[_name] = _off
    _off += _size
_POFF = {}
_off = 0
for _name, _size in PLAYER_BLOCKS:
    _POFF[_name] = _off
    _off += _size


ITIN_SPARSE = tuple(
    tuple((i, float(v)) for i, v in enumerate(ITIN_TABLE[c]) if v) for c in range(C.NUM_ITINERARIES)
) + ((),)  # index -1: no card


def encode_observation(s, seat: int, out: np.ndarray) -> None:
    """Write ``seat``'s view. Non-zero entries are gathered as (index, value) lists
    and written with one fancy assignment (far fewer numpy calls: speed)."""
    n = s.num_players
    g = _GOFF
    idx: list[int] = [g["phase"] + s.phase_id]
    val: list[float] = [1.0]
    ia, va = idx.append, val.append

    def put(i: int, v: float) -> None:
        if v:
            ia(i)
            va(v)

    if s.phase_id != len(PHASES) - 1:
        put(g["current_player_relative"] + (s.turn_seat - seat) % n, 1.0)
    if s.pending == PENDING_FF:
        put(g["pending_power"] + C.NUM_CARDS, 1.0)
    elif s.pending >= 0:
        put(g["pending_power"] + s.pending, 1.0)
    if s.kili_row >= 0:
        put(g["kilimanjaro_returned_row"] + s.kili_row, 1.0)
    if s.halong_target >= 0:
        put(g["halong_target_relative"] + (s.halong_target - seat) % n - 1, 1.0)
    if s.start >= 0:
        put(g["move_start"] + s.start, 1.0)
    if s.recolour >= 0:
        put(g["recolour"] + s.recolour, 1.0)
    o = g["fresh_encounters"]
    for c in s.fresh_encs:
        put(o + c, 1.0)
    o = g["tour_slots"]
    for i, c in enumerate(s.available_tours()):
        if c != NONE:
            put(o + i * C.NUM_CARDS + c, 1.0)
    o = g["encounter_slots"]
    for i, c in enumerate(s.available_encounters()):
        if c != NONE:
            put(o + i * C.NUM_CARDS + c, 1.0)
    o = g["encounter_discard"]
    for c in s.enc_discard:
        put(o + c, 1.0)
    o = g["end_triggered_and_tours_to_end"]
    put(o, float(s.end_triggered))
    put(o + 1, s.params.end_tours / 6.0)
    o = g["itinerary_in_play"]
    for i, v in ITIN_SPARSE[s.itin]:
        put(o + i, v)
    o = g["move_n_max_n_min_steps"]
    put(o, min(s.n_max, 24) / 24.0)
    put(o + 1, min(s.n_min, 24) / 24.0)
    put(o + 2, min(s.steps, 24) / 24.0)
    v = s.visited
    o = g["move_visited"]
    while v:
        low = v & -v
        put(o + low.bit_length() - 1, 1.0)
        v ^= low
    o = g["turn_flags"]
    for i, f in enumerate(TURN_FLAGS):
        put(o + i, float(getattr(s, f)))
    o = g["turn_counts"]
    for i, f in enumerate(TURN_COUNTS):
        put(o + i, min(getattr(s, f), 5) / 5.0)
    o = g["itinerary_slots"]
    for slot, c in enumerate(s.available_itineraries()):
        q = o + slot * ITIN_FEATURES
        for i, x in ITIN_SPARSE[c]:
            put(q + i, x)
    o = g["itinerary_discard_top"]
    for i, x in ITIN_SPARSE[s.itin_discard[-1] if s.itin_discard else NONE]:
        put(o + i, x)
    o = g["deck_sizes"]
    put(o, len(s.itin_deck) / C.NUM_ITINERARIES)
    put(o + 1, len(s.itin_discard) / C.NUM_ITINERARIES)
    put(o + 2, len(s.tour_deck) / C.NUM_CARDS)
    put(o + 3, len(s.enc_deck) / C.NUM_CARDS)
    put(o + 4, len(s.enc_discard) / C.NUM_CARDS)
    o = g["cube_supply"]
    for k in range(4):
        put(o + k, s.cube_supply[k] / C.CUBES_PER_COLOUR)
    o = g["token_supply"]
    for k in range(4):
        put(o + k, s.token_supply[k] / C.TOKENS_PER_TYPE)
    o = g["solo_rival"]
    put(o, min(s.rival_points, SCORE_SCALE) / SCORE_SCALE)
    put(o + 1, len(s.rival_deck) / len(C.RIVAL_CARDS))
    P = _POFF
    for i in range(n):
        p = (seat + i) % n
        o = GLOBAL_SIZE + i * PLAYER_SIZE
        if s.loc[p] >= 0:
            put(o + s.loc[p], 1.0)
        put(o + P["money"], s.money[p] / C.MONEY_CAP)
        q = o + P["suitcase_rows_thermometer"]
        for k, length in enumerate(s.suitcase[p]):
            for j in range(k * C.SUITCASE_COLUMNS, k * C.SUITCASE_COLUMNS + length):
                put(q + j, 1.0)
        q = o + P["tokens"]
        tok, fresh = s.tokens[p], s.fresh_tokens[p]
        for k in range(4):
            put(q + k, min(tok[k], 5) / 5.0)
            put(q + 4 + k, min(tok[k] - fresh[k], 5) / 5.0)
        q = o + P["tours_held"]
        for c in s.tours[p]:
            put(q + c, 1.0)
        q = o + P["encounters_held"]
        for c in s.encs[p]:
            put(q + c, 1.0)
        q = o + P["tour_count_points"]
        tp = s.tour_points(p)
        put(q, min(len(s.tours[p]), 6) / 6.0)
        put(q + 1, min(tp, SCORE_SCALE) / SCORE_SCALE)
        q = o + P["turns_taken_first_player_score"]
        put(q, min(s.turns_taken[p], 50) / 50.0)
        put(q + 1, float(p == s.first_player))
        put(q + 2, min(tp + s.endgame_points(p) + s.suitcase_points(p), SCORE_SCALE) / SCORE_SCALE)
    out[idx] = val


def encode_state(s, out: np.ndarray) -> None:
    """Seat 0's observation followed by the contents of every hidden deck."""
    n = s.num_players
    encode_observation(s, 0, out)
    o = observation_size(n)
    for c in s.tour_deck[:-1]:
        out[o + c] = 1.0
    o += C.NUM_CARDS
    for c in s.enc_deck[:-1]:
        out[o + c] = 1.0
    o += C.NUM_CARDS
    for c in s.itin_deck[:-1]:
        out[o + c] = 1.0
    o += C.NUM_ITINERARIES
    for c in s.rival_deck:
        out[o + c] = 1.0
