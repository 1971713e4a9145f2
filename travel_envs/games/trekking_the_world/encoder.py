"""Observation encoder of trekking_the_world_v0 (all values in [0, 1]).

Everything on the table is public except the order of the decks below their
face-up top card (and the solo Rival deck), so a seat's observation is the
public table written seat-relative: the seat's own player block first, then the
other players in turn order after it. ``layout(n)`` lists the blocks with their
offsets (the doc's observation table is generated from it).
"""

from __future__ import annotations

import operator
from functools import lru_cache

import numpy as np

from . import components as C
from .engine import PENDING_FF, PHASES

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
_OVER = len(PHASES) - 1
_POFF = {}
_off = 0
for _name, _size in PLAYER_BLOCKS:
    _POFF[_name] = _off
    _off += _size


_NC = C.NUM_CARDS
_COLS = C.SUITCASE_COLUMNS
_TOK = tuple(min(x, 5) / 5.0 for x in range(C.TOKENS_PER_TYPE + 1))  # token count -> value
_MONEY_AT = _POFF["money"]
_TABLE_CACHE: dict = {}
_ITIN_ROWS_CACHE: dict = {}  # (5 available Itineraries, discard top) -> their feature rows
_OBS_CACHE: dict = {}  # (seat, table key, player keys) -> everything but the turn context
_OBS_CACHE_LIMIT = 1_000
_PLAYER_CACHE: dict = {}
_CACHE_LIMIT = 20_000


def _arrays(ones: list[int], vi: list[int], vv: list[float]):
    return np.array(ones, np.intp), np.array(vi, np.intp), np.array(vv, np.float32)


def _table_key(s, n: int) -> tuple:
    return (n, s.tour_deck[-1] if s.tour_deck else -1, len(s.tour_deck), tuple(s.tour_row),
            s.enc_deck[-1] if s.enc_deck else -1, len(s.enc_deck), tuple(s.enc_row), tuple(s.enc_discard),
            s.rival_points, len(s.rival_deck))


_PETRA = C.card_of_kind("end_points_per_money")  # the only score term that depends on money


def _player_key(s, p: int) -> tuple:
    encs = s.encs[p]
    return (s.game.params.suitcase_points, p == s.first_player, tuple(s.suitcase[p]), tuple(s.tokens[p]),
            tuple(s.fresh_tokens[p]), tuple(s.tours[p]), tuple(encs), s.money[p] if _PETRA in encs else -1)


def _table_block(s, n: int, key: tuple):
    """The public table (rows, decks, discards, supplies, Rival), cached by its content."""
    hit = _TABLE_CACHE.get(key)
    if hit is not None:
        return hit
    g = _GOFF
    ones: list[int] = []
    vi: list[int] = []
    vv: list[float] = []
    add = ones.append
    o = g["tour_slots"]
    if s.tour_deck:
        add(o + s.tour_deck[-1])
    ones.extend(o + (i + 1) * _NC + c for i, c in enumerate(s.tour_row) if c >= 0)
    o = g["encounter_slots"]
    if s.enc_deck:
        add(o + s.enc_deck[-1])
    ones.extend(o + (i + 1) * _NC + c for i, c in enumerate(s.enc_row) if c >= 0)
    o = g["encounter_discard"]
    ones.extend(o + c for c in s.enc_discard)
    o = g["deck_sizes"]
    vi.extend(range(o + 2, o + 5))
    vv.extend((len(s.tour_deck) / _NC, len(s.enc_deck) / _NC, len(s.enc_discard) / _NC))
    if n == 1:
        o = g["solo_rival"]
        vi.extend((o, o + 1))
        vv.extend((min(s.rival_points, SCORE_SCALE) / SCORE_SCALE, len(s.rival_deck) / len(C.RIVAL_CARDS)))
    if len(_TABLE_CACHE) > _CACHE_LIMIT:
        _TABLE_CACHE.clear()
    hit = _TABLE_CACHE[key] = _arrays(ones, vi, vv)
    return hit


def _player_block(s, p: int, key: tuple):
    """One player's public data except location and money (indices relative to the
    block start), cached by its content."""
    o = 0
    hit = _PLAYER_CACHE.get(key)
    if hit is not None:
        return hit
    P = _POFF
    ones: list[int] = []
    q = o + P["suitcase_rows_thermometer"]
    for k, length in enumerate(s.suitcase[p]):
        if length:
            ones.extend(range(q + k * _COLS, q + k * _COLS + length))
    q = o + P["tours_held"]
    ones.extend(q + c for c in s.tours[p])
    q = o + P["encounters_held"]
    ones.extend(q + c for c in s.encs[p])
    last = o + P["turns_taken_first_player_score"]
    if p == s.first_player:
        ones.append(last + 1)
    tok, fresh = s.tokens[p], s.fresh_tokens[p]
    q = o + P["tokens"]
    tp = s.tour_points(p)
    tc = o + P["tour_count_points"]
    vi = list(range(q, q + 8)) + [tc, tc + 1, last + 2]
    vv = [_TOK[tok[0]], _TOK[tok[1]], _TOK[tok[2]], _TOK[tok[3]],
          _TOK[tok[0] - fresh[0]], _TOK[tok[1] - fresh[1]], _TOK[tok[2] - fresh[2]], _TOK[tok[3] - fresh[3]],
          min(len(s.tours[p]), 6) / 6.0, min(tp, SCORE_SCALE) / SCORE_SCALE,
          min(tp + s.endgame_points(p) + s.suitcase_points(p), SCORE_SCALE) / SCORE_SCALE]
    if len(_PLAYER_CACHE) > _CACHE_LIMIT:
        _PLAYER_CACHE.clear()
    hit = _PLAYER_CACHE[key] = _arrays(ones, vi, vv)
    return hit


_CONTEXT = operator.attrgetter("recolour", "pending", "kili_row", "halong_target",
                               "end_triggered", *TURN_FLAGS, *TURN_COUNTS)


def _build(s, seat: int, n: int, size: int, t_key: tuple, p_keys: list) -> np.ndarray:
    """Everything except the per-decision entries (phase, acting seat, steps, start,
    visited locations, Trekker locations, money)."""
    g = _GOFF
    full = np.zeros(size, np.float32)
    ones: list[int] = []
    add = ones.append
    vi: list[int] = []
    vv: list[float] = []
    if s.pending == PENDING_FF:
        add(g["pending_power"] + _NC)
    elif s.pending >= 0:
        add(g["pending_power"] + s.pending)
    if s.kili_row >= 0:
        add(g["kilimanjaro_returned_row"] + s.kili_row)
    if s.halong_target >= 0:
        add(g["halong_target_relative"] + (s.halong_target - seat) % n - 1)
    if s.recolour >= 0:
        add(g["recolour"] + s.recolour)
    o = g["fresh_encounters"]
    ones.extend(o + c for c in s.fresh_encs)
    o = g["end_triggered_and_tours_to_end"]
    if s.end_triggered:
        add(o)
    vi.append(o + 1)
    vv.append(s.game.params.end_tours / 6.0)
    if s.itin >= 0:
        o = g["turn_flags"]
        ones.extend(o + i for i, f in enumerate(TURN_FLAGS) if getattr(s, f))
        o = g["turn_counts"]
        for i, f in enumerate(TURN_COUNTS):
            x = getattr(s, f)
            if x:
                vi.append(o + i)
                vv.append(min(x, 5) / 5.0)
    full[ones] = 1.0
    full[vi] = vv
    t_ones, t_vi, t_vv = _table_block(s, n, t_key)
    full[t_ones] = 1.0
    full[t_vi] = t_vv
    for i in range(n):
        o = GLOBAL_SIZE + i * PLAYER_SIZE
        block = full[o : o + PLAYER_SIZE]
        p_ones, p_vi, p_vv = _player_block(s, (seat + i) % n, p_keys[i])
        block[p_ones] = 1.0
        block[p_vi] = p_vv
    return full


_ITIN_SLOTS_AT = _GOFF["itinerary_slots"]
_ITIN_SLOTS_END = _GOFF["itinerary_discard_top"] + ITIN_FEATURES
assert _ITIN_SLOTS_END - _ITIN_SLOTS_AT == 6 * ITIN_FEATURES  # 5 slots then the discard top, adjacent
_PHASE_AT = _GOFF["phase"]
_SUPPLY_AT = _GOFF["cube_supply"]
assert _GOFF["token_supply"] == _SUPPLY_AT + 4
_ITIN_DECK_AT = _GOFF["deck_sizes"]
_IN_PLAY_AT = _GOFF["itinerary_in_play"]
_IN_PLAY_END = _IN_PLAY_AT + ITIN_FEATURES
_TURNS_AT = _POFF["turns_taken_first_player_score"]
_CURRENT_AT = _GOFF["current_player_relative"]
_STEPS_AT = _GOFF["move_n_max_n_min_steps"] + 2
_START_AT = _GOFF["move_start"]
_VISITED_AT = _GOFF["move_visited"]


def encode_observation(s, seat: int, out: np.ndarray) -> None:
    """Write ``seat``'s view. Everything but a few per-decision entries comes from a
    content-keyed cache (the key is built from the state, so it is never stale);
    the per-decision entries are written as scalars."""
    n = s.num_players
    # Per-state cache of everything but the per-decision entries, valid while the state's
    # revision (bumped by every action that may change the table, a Suitcase, tokens or cards)
    # and the turn context are unchanged.
    key = (s._rev, _CONTEXT(s), tuple(s.fresh_encs))
    entry = s._obs_cache.get(seat)
    if entry is not None and entry[0] == key:
        full = entry[1]
    else:
        p_keys = [_player_key(s, (seat + i) % n) for i in range(n)]
        t_key = _table_key(s, n)
        # every parameter that changes an encoded value is part of the key (tours_to_end here,
        # suitcase_points in the player keys, the player count in the table key)
        content = (seat, s.game.params.end_tours, key[1], key[2], t_key, tuple(p_keys))
        full = _OBS_CACHE.get(content)
        if full is None:
            full = _build(s, seat, n, observation_size(n), t_key, p_keys)
            if len(_OBS_CACHE) > _OBS_CACHE_LIMIT:
                _OBS_CACHE.clear()
            _OBS_CACHE[content] = full
        s._obs_cache[seat] = (key, full)
    out[:] = full
    deck = s.itin_deck
    cards = (deck[-1] if deck else -1, *s.itin_row, s.itin_discard[-1] if s.itin_discard else -1)
    rows = _ITIN_ROWS_CACHE.get(cards)
    if rows is None:
        if len(_ITIN_ROWS_CACHE) > _CACHE_LIMIT:
            _ITIN_ROWS_CACHE.clear()
        rows = _ITIN_ROWS_CACHE[cards] = ITIN_TABLE[list(cards)].ravel()
    out[_ITIN_SLOTS_AT:_ITIN_SLOTS_END] = rows
    out[_ITIN_DECK_AT] = len(deck) / C.NUM_ITINERARIES
    out[_ITIN_DECK_AT + 1] = len(s.itin_discard) / C.NUM_ITINERARIES
    cs, ts = s.cube_supply, s.token_supply
    out[_SUPPLY_AT] = cs[0] / C.CUBES_PER_COLOUR
    out[_SUPPLY_AT + 1] = cs[1] / C.CUBES_PER_COLOUR
    out[_SUPPLY_AT + 2] = cs[2] / C.CUBES_PER_COLOUR
    out[_SUPPLY_AT + 3] = cs[3] / C.CUBES_PER_COLOUR
    out[_SUPPLY_AT + 4] = ts[0] / C.TOKENS_PER_TYPE
    out[_SUPPLY_AT + 5] = ts[1] / C.TOKENS_PER_TYPE
    out[_SUPPLY_AT + 6] = ts[2] / C.TOKENS_PER_TYPE
    out[_SUPPLY_AT + 7] = ts[3] / C.TOKENS_PER_TYPE
    out[_PHASE_AT + s.phase_id] = 1.0
    if s.phase_id != _OVER:
        out[_CURRENT_AT + (s.turn_seat - seat) % n] = 1.0
    if s.itin >= 0:
        out[_IN_PLAY_AT:_IN_PLAY_END] = ITIN_TABLE[s.itin]
        out[_STEPS_AT - 2] = min(s.n_max, 24) / 24.0
        out[_STEPS_AT - 1] = min(s.n_min, 24) / 24.0
        out[_STEPS_AT] = min(s.steps, 24) / 24.0
        if s.start >= 0:
            out[_START_AT + s.start] = 1.0
        v = s.visited
        while v:
            low = v & -v
            out[_VISITED_AT + low.bit_length() - 1] = 1.0
            v ^= low
    for i in range(n):
        p = (seat + i) % n
        o = GLOBAL_SIZE + i * PLAYER_SIZE
        if s.loc[p] >= 0:
            out[o + s.loc[p]] = 1.0
        out[o + _MONEY_AT] = s.money[p] / C.MONEY_CAP
        out[o + _TURNS_AT] = min(s.turns_taken[p], 50) / 50.0


def encode_state(s, out: np.ndarray) -> None:
    """Seat 0's observation followed by the contents of every hidden deck."""
    n = s.num_players
    o = observation_size(n)
    encode_observation(s, 0, out[:o])
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
