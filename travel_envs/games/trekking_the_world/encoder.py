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


def _table_key(s, n: int) -> tuple:
    return (n, s.tour_deck[-1] if s.tour_deck else -1, len(s.tour_deck), tuple(s.tour_row),
            s.enc_deck[-1] if s.enc_deck else -1, len(s.enc_deck), tuple(s.enc_row), tuple(s.enc_discard),
            s.rival_points, len(s.rival_deck))


_PETRA = C.card_of_kind("end_points_per_money")  # the only score term that depends on money


def _player_key(s, p: int) -> tuple:
    encs = s.encs[p]
    return (s.game.params.suitcase_points, p == s.first_player, tuple(s.suitcase[p]), tuple(s.tokens[p]),
            tuple(s.fresh_tokens[p]), tuple(s.tours[p]), tuple(encs), s.money[p] if _PETRA in encs else -1)


# The table block is written as one dense segment: deck sizes (the two Itinerary entries are
# written per decision), Tour slots, Encounter slots, Encounter discard (adjacent blocks).
_TABLE_AT = _GOFF["deck_sizes"]
_TABLE_END = _GOFF["encounter_discard"] + C.NUM_CARDS
assert _GOFF["tour_slots"] == _TABLE_AT + 5 and _GOFF["encounter_slots"] == _GOFF["tour_slots"] + 4 * _NC
assert _GOFF["encounter_discard"] == _GOFF["encounter_slots"] + 4 * _NC
_RIVAL_AT = _GOFF["solo_rival"]


def _table_block(s, n: int, key: tuple):
    """The public table (rows, decks, discards, Rival) as (dense segment
    ``_TABLE_AT:_TABLE_END``, solo Rival values or None), cached by its content."""
    hit = _TABLE_CACHE.get(key)
    if hit is not None:
        return hit
    seg = np.zeros(_TABLE_END - _TABLE_AT, np.float32)
    mv = memoryview(seg)
    o = _GOFF["tour_slots"] - _TABLE_AT
    if s.tour_deck:
        mv[o + s.tour_deck[-1]] = 1.0
    for i, c in enumerate(s.tour_row):
        if c >= 0:
            mv[o + (i + 1) * _NC + c] = 1.0
    o = _GOFF["encounter_slots"] - _TABLE_AT
    if s.enc_deck:
        mv[o + s.enc_deck[-1]] = 1.0
    for i, c in enumerate(s.enc_row):
        if c >= 0:
            mv[o + (i + 1) * _NC + c] = 1.0
    o = _GOFF["encounter_discard"] - _TABLE_AT
    for c in s.enc_discard:
        mv[o + c] = 1.0
    mv[2] = len(s.tour_deck) / _NC
    mv[3] = len(s.enc_deck) / _NC
    mv[4] = len(s.enc_discard) / _NC
    rival = None
    if n == 1:
        rival = (min(s.rival_points, SCORE_SCALE) / SCORE_SCALE, len(s.rival_deck) / len(C.RIVAL_CARDS))
    if len(_TABLE_CACHE) > _CACHE_LIMIT:
        _TABLE_CACHE.clear()
    hit = _TABLE_CACHE[key] = (mv, rival)
    return hit


def _player_block(s, p: int, key: tuple) -> memoryview:
    """One player's block (PLAYER_SIZE values) without location, money and turns taken
    (zero there), cached by its content."""
    hit = _PLAYER_CACHE.get(key)
    if hit is not None:
        return hit
    P = _POFF
    block = np.zeros(PLAYER_SIZE, np.float32)
    mv = memoryview(block)
    q = P["suitcase_rows_thermometer"]
    for k, length in enumerate(s.suitcase[p]):
        for j in range(q + k * _COLS, q + k * _COLS + length):
            mv[j] = 1.0
    q = P["tours_held"]
    for c in s.tours[p]:
        mv[q + c] = 1.0
    q = P["encounters_held"]
    for c in s.encs[p]:
        mv[q + c] = 1.0
    last = P["turns_taken_first_player_score"]
    if p == s.first_player:
        mv[last + 1] = 1.0
    tok, fresh = s.tokens[p], s.fresh_tokens[p]
    q = P["tokens"]
    for k in range(4):
        mv[q + k] = _TOK[tok[k]]
        mv[q + 4 + k] = _TOK[tok[k] - fresh[k]]
    tp = s.tour_points(p)
    tc = P["tour_count_points"]
    mv[tc] = min(len(s.tours[p]), 6) / 6.0
    mv[tc + 1] = min(tp, SCORE_SCALE) / SCORE_SCALE
    mv[last + 2] = min(tp + s.endgame_points(p) + s.suitcase_points(p), SCORE_SCALE) / SCORE_SCALE
    if len(_PLAYER_CACHE) > _CACHE_LIMIT:
        _PLAYER_CACHE.clear()
    _PLAYER_CACHE[key] = mv
    return mv


_CONTEXT = operator.attrgetter("recolour", "pending", "kili_row", "halong_target",
                               "end_triggered", *TURN_FLAGS, *TURN_COUNTS)


def _build(s, seat: int, n: int, size: int, t_key: tuple, p_keys: list) -> np.ndarray:
    """Everything except the per-decision entries (phase, acting seat, steps, start,
    visited locations, Trekker locations, money, Itinerary rows and pile sizes, supplies,
    turns taken)."""
    g = _GOFF
    full = np.zeros(size, np.float32)
    mv = memoryview(full)
    if s.pending == PENDING_FF:
        mv[g["pending_power"] + _NC] = 1.0
    elif s.pending >= 0:
        mv[g["pending_power"] + s.pending] = 1.0
    if s.kili_row >= 0:
        mv[g["kilimanjaro_returned_row"] + s.kili_row] = 1.0
    if s.halong_target >= 0:
        mv[g["halong_target_relative"] + (s.halong_target - seat) % n - 1] = 1.0
    if s.recolour >= 0:
        mv[g["recolour"] + s.recolour] = 1.0
    o = g["fresh_encounters"]
    for c in s.fresh_encs:
        mv[o + c] = 1.0
    o = g["end_triggered_and_tours_to_end"]
    if s.end_triggered:
        mv[o] = 1.0
    mv[o + 1] = s.game.params.end_tours / 6.0
    if s.itin >= 0:
        o = g["turn_flags"]
        for i, f in enumerate(TURN_FLAGS):
            if getattr(s, f):
                mv[o + i] = 1.0
        o = g["turn_counts"]
        for i, f in enumerate(TURN_COUNTS):
            x = getattr(s, f)
            if x:
                mv[o + i] = min(x, 5) / 5.0
    seg, rival = _table_block(s, n, t_key)
    mv[_TABLE_AT:_TABLE_END] = seg
    if rival is not None:
        mv[_RIVAL_AT], mv[_RIVAL_AT + 1] = rival
    o = GLOBAL_SIZE
    for i in range(n):
        mv[o:o + PLAYER_SIZE] = _player_block(s, (seat + i) % n, p_keys[i])
        o += PLAYER_SIZE
    full.flags.writeable = False  # shared through the content cache
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


_ITIN_ROW_VIEWS = tuple(memoryview(ITIN_TABLE[i]) for i in range(C.NUM_ITINERARIES))


def encode_observation(s, seat: int, out: np.ndarray) -> None:
    """Write ``seat``'s view. Everything but a few per-decision entries comes from a
    content-keyed cache (the key is built from the state, so it is never stale);
    the per-decision entries are written as scalars (through a memoryview: faster
    than numpy item assignment, same float32 rounding)."""
    mv = memoryview(out)
    if mv.format != "f" or mv.ndim != 1 or not mv.c_contiguous:  # not a flat float32 buffer
        tmp = np.zeros(out.shape, np.float32)
        encode_observation(s, seat, tmp)
        out[...] = tmp
        return
    n = s.num_players
    # Per-state cache of everything but the per-decision entries, valid while the state's
    # revision is unchanged: it is bumped by every action that may change the table, a Suitcase,
    # tokens, cards, the supplies, the turns taken or the turn context (the pending power,
    # turn flags and counts, fresh Encounters), and reset by ``touch()`` after changes by hand.
    rev = s._rev
    entry = s._obs_cache.get(seat)
    if entry is not None and entry[0] == rev:
        full = entry[1]
    else:
        key = (rev, _CONTEXT(s), tuple(s.fresh_encs))
        p_keys = [_player_key(s, (seat + i) % n) for i in range(n)]
        t_key = _table_key(s, n)
        # every parameter that changes an encoded value is part of the key (tours_to_end here,
        # suitcase_points in the player keys, the player count in the table key)
        content = (seat, s.game.params.end_tours, key[1], key[2], t_key, tuple(p_keys))
        base = _OBS_CACHE.get(content)
        if base is None:
            base = _build(s, seat, n, observation_size(n), t_key, p_keys)
            if len(_OBS_CACHE) > _OBS_CACHE_LIMIT:
                _OBS_CACHE.clear()
            _OBS_CACHE[content] = base
        # the supplies and turns taken only change with a revision bump: written once per entry
        arr = base.copy()
        cs, ts = s.cube_supply, s.token_supply
        arr[_SUPPLY_AT:_SUPPLY_AT + 8] = (
            cs[0] / C.CUBES_PER_COLOUR, cs[1] / C.CUBES_PER_COLOUR, cs[2] / C.CUBES_PER_COLOUR,
            cs[3] / C.CUBES_PER_COLOUR, ts[0] / C.TOKENS_PER_TYPE, ts[1] / C.TOKENS_PER_TYPE,
            ts[2] / C.TOKENS_PER_TYPE, ts[3] / C.TOKENS_PER_TYPE)
        turns = s.turns_taken
        for i in range(n):
            arr[GLOBAL_SIZE + i * PLAYER_SIZE + _TURNS_AT] = min(turns[(seat + i) % n], 50) / 50.0
        full = memoryview(arr)
        s._obs_cache[seat] = (rev, full)
    mv[:] = full
    deck = s.itin_deck
    cards = (deck[-1] if deck else -1, *s.itin_row, s.itin_discard[-1] if s.itin_discard else -1)
    rows = _ITIN_ROWS_CACHE.get(cards)
    if rows is None:
        if len(_ITIN_ROWS_CACHE) > _CACHE_LIMIT:
            _ITIN_ROWS_CACHE.clear()
        rows = _ITIN_ROWS_CACHE[cards] = memoryview(ITIN_TABLE[list(cards)].ravel())
    mv[_ITIN_SLOTS_AT:_ITIN_SLOTS_END] = rows
    mv[_ITIN_DECK_AT] = len(deck) / C.NUM_ITINERARIES
    mv[_ITIN_DECK_AT + 1] = len(s.itin_discard) / C.NUM_ITINERARIES
    mv[_PHASE_AT + s.phase_id] = 1.0
    if s.phase_id != _OVER:
        mv[_CURRENT_AT + (s.turn_seat - seat) % n] = 1.0
    if s.itin >= 0:
        mv[_IN_PLAY_AT:_IN_PLAY_END] = _ITIN_ROW_VIEWS[s.itin]
        mv[_STEPS_AT - 2] = min(s.n_max, 24) / 24.0
        mv[_STEPS_AT - 1] = min(s.n_min, 24) / 24.0
        mv[_STEPS_AT] = min(s.steps, 24) / 24.0
        if s.start >= 0:
            mv[_START_AT + s.start] = 1.0
        v = s.visited
        while v:
            low = v & -v
            mv[_VISITED_AT + low.bit_length() - 1] = 1.0
            v ^= low
    loc, money = s.loc, s.money
    o = GLOBAL_SIZE
    for p in (*range(seat, n), *range(seat)):
        if loc[p] >= 0:
            mv[o + loc[p]] = 1.0
        mv[o + _MONEY_AT] = money[p] / C.MONEY_CAP
        o += PLAYER_SIZE


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
