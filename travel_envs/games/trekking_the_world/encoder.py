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


def _itin(out: np.ndarray, off: int, card: int) -> None:
    if card == NONE:
        return
    out[off + C.ITIN_MOVE[card] - 1] = 1.0
    out[off + 5] = C.ITIN_MONEY[card] / 4.0
    out[off + 6] = C.ITIN_CUBES[card] / 2.0
    out[off + 7 + C.ITIN_COLOUR[card]] = 1.0
    for k in C.ITIN_CONTINENTS[card]:
        out[off + 11 + k] = 1.0


def encode_observation(s, seat: int, out: np.ndarray) -> None:
    n = s.num_players
    o = 0
    out[o + s.phase_id] = 1.0
    o += len(PHASES)
    if s.phase_id != len(PHASES) - 1:
        out[o + (s.turn_seat - seat) % n] = 1.0
    o += 5
    if s.pending == PENDING_FF:
        out[o + C.NUM_CARDS] = 1.0
    elif s.pending >= 0:
        out[o + s.pending] = 1.0
    o += C.NUM_CARDS + 1
    if s.kili_row >= 0:
        out[o + s.kili_row] = 1.0
    o += C.NUM_COLOURS
    if s.halong_target >= 0:
        out[o + (s.halong_target - seat) % n - 1] = 1.0
    o += 4
    out[o] = float(s.end_triggered)
    out[o + 1] = s.params.end_tours / 6.0
    o += 2
    _itin(out, o, s.itin)
    o += ITIN_FEATURES
    out[o] = min(s.n_max, 24) / 24.0
    out[o + 1] = min(s.n_min, 24) / 24.0
    out[o + 2] = min(s.steps, 24) / 24.0
    o += 3
    if s.start >= 0:
        out[o + s.start] = 1.0
    o += C.NUM_LOCATIONS
    v = s.visited
    if v:
        out[o : o + C.NUM_LOCATIONS] = _bits(v)
    o += C.NUM_LOCATIONS
    for i, f in enumerate(TURN_FLAGS):
        out[o + i] = float(getattr(s, f))
    o += len(TURN_FLAGS)
    for i, f in enumerate(TURN_COUNTS):
        out[o + i] = min(getattr(s, f), 5) / 5.0
    o += len(TURN_COUNTS)
    if s.recolour >= 0:
        out[o + s.recolour] = 1.0
    o += C.NUM_COLOURS
    for c in s.fresh_encs:
        out[o + c] = 1.0
    o += C.NUM_CARDS
    for i, c in enumerate(s.available_itineraries()):
        _itin(out, o + i * ITIN_FEATURES, c)
    o += 5 * ITIN_FEATURES
    _itin(out, o, s.itin_discard[-1] if s.itin_discard else NONE)
    o += ITIN_FEATURES
    out[o] = len(s.itin_deck) / C.NUM_ITINERARIES
    out[o + 1] = len(s.itin_discard) / C.NUM_ITINERARIES
    out[o + 2] = len(s.tour_deck) / C.NUM_CARDS
    out[o + 3] = len(s.enc_deck) / C.NUM_CARDS
    out[o + 4] = len(s.enc_discard) / C.NUM_CARDS
    o += 5
    for i, c in enumerate(s.available_tours()):
        if c != NONE:
            out[o + i * C.NUM_CARDS + c] = 1.0
    o += 4 * C.NUM_CARDS
    for i, c in enumerate(s.available_encounters()):
        if c != NONE:
            out[o + i * C.NUM_CARDS + c] = 1.0
    o += 4 * C.NUM_CARDS
    for c in s.enc_discard:
        out[o + c] = 1.0
    o += C.NUM_CARDS
    for k in range(C.NUM_COLOURS):
        out[o + k] = s.cube_supply[k] / C.CUBES_PER_COLOUR
    o += C.NUM_COLOURS
    for k in range(4):
        out[o + k] = s.token_supply[k] / C.TOKENS_PER_TYPE
    o += 4
    out[o] = min(s.rival_points, SCORE_SCALE) / SCORE_SCALE
    out[o + 1] = len(s.rival_deck) / len(C.RIVAL_CARDS)
    o += 2
    for i in range(n):
        p = (seat + i) % n
        o = _player(s, p, out, o)


_BIT_CACHE: dict[int, np.ndarray] = {}


def _bits(v: int) -> np.ndarray:
    arr = _BIT_CACHE.get(v)
    if arr is None:
        arr = np.array([(v >> i) & 1 for i in range(C.NUM_LOCATIONS)], dtype=np.float32)
        if len(_BIT_CACHE) < 100_000:
            _BIT_CACHE[v] = arr
    return arr


def _player(s, p: int, out: np.ndarray, o: int) -> int:
    if s.loc[p] >= 0:
        out[o + s.loc[p]] = 1.0
    o += C.NUM_LOCATIONS
    out[o] = s.money[p] / C.MONEY_CAP
    o += 1
    for k in range(C.NUM_COLOURS):
        n = s.suitcase[p][k]
        if n:
            out[o + k * C.SUITCASE_COLUMNS : o + k * C.SUITCASE_COLUMNS + n] = 1.0
    o += C.NUM_COLOURS * C.SUITCASE_COLUMNS
    for k in range(4):
        out[o + k] = min(s.tokens[p][k], 5) / 5.0
        out[o + 4 + k] = min(s.tokens[p][k] - s.fresh_tokens[p][k], 5) / 5.0
    o += 8
    for c in s.tours[p]:
        out[o + c] = 1.0
    o += C.NUM_CARDS
    out[o] = min(len(s.tours[p]), 6) / 6.0
    out[o + 1] = min(s.tour_points(p), SCORE_SCALE) / SCORE_SCALE
    o += 2
    for c in s.encs[p]:
        out[o + c] = 1.0
    o += C.NUM_CARDS
    out[o] = min(s.turns_taken[p], 50) / 50.0
    out[o + 1] = float(p == s.first_player)
    out[o + 2] = min(s.score(p), SCORE_SCALE) / SCORE_SCALE
    return o + 3


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
