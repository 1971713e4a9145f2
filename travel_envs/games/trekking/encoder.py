"""Trekking observation encoder and action table.

Everything in Trekking is public except the order of the face-down parts of the piles (route cards
below the top, rest cards below the top, the bags' draw order, the Sunday hikers' deck below its top
card). The observation is seat-relative: the player blocks start with the observing seat, then the
other seats in turn order. All values lie in [-1, 1] (only the turn's energy change can be negative).
See docs/games/trekking.md for the offset table (``OBS_LAYOUT`` below is the source of truth).
"""

from __future__ import annotations

import numpy as np

from . import components as C
from .actions import ACTION_RANGES, NUM_ACTIONS, action_name  # noqa: F401  (the action table)
from .scoring import K_REST, K_ROUTE

PHASES = ("refuge", "move", "tag", "finish")
ALT = float(C.GPS_MAX_ALT)
PLAYER_COLS = 9  # per GPS column
PLAYER_BLOCK = 1 + 36 + 1 + 1 + 12 * PLAYER_COLS + 5 + 5 + 5 + 15 + 2 + 1

OBS_LAYOUT: list[tuple[str, int]] = [
    ("phase one-hot (refuge, move, tag, finish)", 4),
    ("round one-hot (1-12)", 12),
    ("afternoon flag", 1),
    ("player count one-hot (1-4)", 4),
    ("route plan: weather morning one-hot (10)", 10),
    ("route plan: weather afternoon one-hot (10)", 10),
    ("route plan: summit card one-hot (5)", 5),
    ("route plan: orography card one-hot (5)", 5),
    ("route plan: fauna card one-hot (5)", 5),
    ("route plan: refuge card one-hot (5)", 5),
    ("active weather card one-hot (10)", 10),
    ("GPS side one-hot (basic, advanced)", 2),
    ("turn: start energy/max, energy change/10, bars flipped/2, tags/2, moved, refuge reached", 6),
    ("player blocks x4 (own first, then turn order): present, position one-hot 36, energy/max, "
     "altitude/1600, GPS 12 cols x [ascent, descent, rest, green, yellow, red, start/1600, end/1600, "
     "animals/2], unflipped rest cards per kind/3 (5), flipped per kind/3 (5), animals per kind/10 (5), "
     "summit tokens 5 x [held, number/4, flipped], rested since summit, rounds since summit/12, score/80",
     4 * PLAYER_BLOCK),
    ("animal spaces 16 x one-hot (empty, fox, boar, deer, eagle, bear)", 96),
    ("bags: green then blue, count per animal/10", 10),
    ("summit piles: tokens left/4", 5),
    ("reserve per colour: ascent pile size/13, descent pile size/13, ascent cost of the card you would "
     "take/4, card available", 12),
    ("rest piles x2: size/8, top card kind one-hot (5)", 12),
    ("own moves N/E/S/W: path, green, yellow, red, ascent, energy needed/8, affordable now", 28),
    ("tag slots (2 path-side, 4 destination-side): one-hot (empty, fox, boar, deer, eagle, bear)", 36),
    ("solo: Sunday hikers occupancy (36), their animals/10 (5), tokens/20, score/80, deck-top compass "
     "one-hot (4), requirement one-hot (3), deck size/13, hard flag", 52),
]
OBS_SIZE = sum(n for _, n in OBS_LAYOUT)
HIDDEN_SIZE = 30 + 10 + C.NUM_OPP_CARDS + 4
STATE_SIZE = OBS_SIZE + HIDDEN_SIZE

_PLAN_INDEX = [{name: i for i, name in enumerate(deck)} for deck in C.PLAN_DECKS]
_WEATHER_INDEX = _PLAN_INDEX[0]


def _player_block(st, s: int, out: np.ndarray, o: int) -> None:
    """Copy seat ``s``'s block from the state's cache (recomputed only after that seat changed)."""
    cache = st._blocks
    entry = cache.get(s)
    if entry is None:
        block = np.zeros(PLAYER_BLOCK, np.float32)
        _compute_player_block(st, s, block, 0)
        cache[s] = [st.rnd, block]
    else:
        block = entry[1]
        if entry[0] != st.rnd:  # a new round only moves "rounds since the last summit"
            last = st.last_summit_round[s]
            block[PLAYER_BLOCK - 2] = (st.rnd - last) / 12.0 if last else 0.0
            entry[0] = st.rnd
    out[o:o + PLAYER_BLOCK] = block


def _static_header(st) -> np.ndarray:
    """Player count, route plan and GPS side: fixed for the whole game."""
    h = st._static
    if h is None:
        h = np.zeros(4 + 40, np.float32)
        h[st.num_players - 1] = 1.0
        o = 4
        for slot in range(6):
            h[o + _PLAN_INDEX[slot][st.plan[slot]]] = 1.0
            o += len(C.PLAN_DECKS[slot])
        st._static = h
    return h


def _compute_player_block(st, s: int, out: np.ndarray, o: int) -> None:
    """Seat ``s``'s block into ``out[o:]`` (zero), written through a memoryview (cheap item writes)."""
    mv = memoryview(out)
    mv[o] = 1.0
    pos = st.pos[s]
    if pos >= 0:
        mv[o + 1 + pos] = 1.0
        mv[o + 38] = st.map.altitude[pos] / ALT
    mv[o + 37] = st.energy[s] / st.p.energy_max
    animals = st.animals[s]
    gps = st.gps[s]
    r = o + 39 + 12 * PLAYER_COLS
    key = (len(gps), len(animals), sum(col[7] for col in gps))
    seg = st._gps_cache.get(s)
    if seg is not None and seg[0] == key:
        out[o + 39:r + 15] = seg[1]
    else:
        per_col = [0] * 12
        cnt = [0] * 5
        for c, an in animals:
            per_col[c] += 1
            cnt[an] += 1
        unflipped = [0] * 5
        flipped = [0] * 5
        b = o + 39
        for i, col in enumerate(gps):
            k = col[0]
            if k == K_ROUTE:
                mv[b if col[2] else b + 1] = 1.0
                mv[b + 3 + col[1]] = 1.0
            else:
                mv[b + 2] = 1.0
                if k == K_REST:
                    if col[7]:
                        flipped[col[6]] += 1
                    else:
                        unflipped[col[6]] += 1
            mv[b + 6] = col[3] / ALT
            mv[b + 7] = col[4] / ALT
            if per_col[i]:
                mv[b + 8] = 0.5 if per_col[i] == 1 else 1.0
            b += PLAYER_COLS
        for k in range(5):
            if unflipped[k]:
                mv[r + k] = unflipped[k] / 3.0
            if flipped[k]:
                mv[r + 5 + k] = flipped[k] / 3.0
            if cnt[k]:
                mv[r + 10 + k] = cnt[k] / 10.0 if cnt[k] < 10 else 1.0
        st._gps_cache[s] = (key, out[o + 39:r + 15].copy())
    t = r + 15
    flips = 0
    for sm, num, fl, _ in st.tokens[s]:
        mv[t + 3 * sm] = 1.0
        mv[t + 3 * sm + 1] = num / 4.0
        mv[t + 3 * sm + 2] = float(fl)
        flips += fl
    e = t + 15
    last = st.last_summit_round[s]
    key = (len(st.gps[s]), len(animals), len(st.tokens[s]), flips)
    cached = st._score_cache.get(s)
    if cached is None or cached[0] != key:
        cached = st._score_cache[s] = (key, st.scores_of(s))
    mv[e] = float(st.rested_since_summit[s])
    mv[e + 1] = (st.rnd - last) / 12.0 if last else 0.0
    mv[e + 2] = min(max(cached[1] / 80.0, 0.0), 1.0)


_O_TURN = 4 + 12 + 1 + 44 + 10 + 2
_O_PLAYERS = _O_TURN + 6
_O_MAP = _O_PLAYERS + 4 * PLAYER_BLOCK
_O_BAGS = _O_MAP + 96
_O_SUMMITS = _O_BAGS + 10
_O_RESERVE = _O_SUMMITS + 5
_O_REST = _O_RESERVE + 12
_O_MOVES = _O_REST + 12
_O_TAGS = _O_MOVES + 28
_O_SOLO = _O_TAGS + 36
assert _O_SOLO + 52 == OBS_SIZE
_PHASE_INDEX = {ph: i for i, ph in enumerate(PHASES)}


_BOARD = _O_MOVES - _O_MAP  # animal spaces, bags, summit piles, reserve, rest piles


def _encode_board(st) -> np.ndarray:
    """The board sections (and the solo section) as one array, cached in the state until a move,
    rest, tag, refill or Sunday-hiker turn changes them."""
    buf = np.zeros(_BOARD, np.float32)
    mv = memoryview(buf)
    p = st.p
    o = 1
    for an in st.map_animals:
        mv[o + an] = 1.0
        o += 6
    o = _O_BAGS - _O_MAP
    for bag in st.bags:
        for k in range(5):
            if bag[k]:
                mv[o + k] = bag[k] / 10.0 if bag[k] < 10 else 1.0
        o += 5
    o = _O_SUMMITS - _O_MAP
    for k, left in enumerate(st.summit_piles):
        mv[o + k] = left / 4.0
    o = _O_RESERVE - _O_MAP
    rp = st.route_piles
    for c in range(3):
        up, down = rp[2 * c], rp[2 * c + 1]
        mv[o] = len(up) / 13.0
        mv[o + 1] = len(down) / 13.0
        card = up[-1] if up else (down[-1] if down else -1)
        if card >= 0:
            mv[o + 2] = C.ROUTE_COST[card] / 4.0
            mv[o + 3] = 1.0
        o += 4
    for rest in st.rest_piles:
        if rest:
            mv[o] = len(rest) / 8.0
            mv[o + 1 + C.REST_CARDS[rest[-1]]] = 1.0
        o += 6
    return buf


def _encode_solo(st) -> np.ndarray:
    """The solo section, cached until the Sunday hikers' next turn."""
    buf = np.zeros(52, np.float32)
    mv = memoryview(buf)
    p = st.p
    o = 0
    for q in st.sunday_pos:
        mv[o + q] = 1.0
    for k in range(5):
        mv[o + 36 + k] = min(st.opp_animals[k] / 10.0, 1.0)
    mv[o + 41] = len(st.opp_tokens) / 20.0
    mv[o + 42] = min(max(st.opponent_score() / 80.0, 0.0), 1.0)
    mv[o + 50] = len(st.opp_deck) / 13.0
    mv[o + 51] = float(p.solo_difficulty == "hard")
    if st.opp_deck:
        _, _, _, _, d0, req = C.OPPONENT_CARDS[st.opp_deck[-1]]
        mv[o + 43 + d0] = 1.0
        mv[o + 47 + req] = 1.0
    return buf


def encode_observation(st, seat: int, out: np.ndarray) -> None:
    """Write ``seat``'s view (see ``OBS_LAYOUT``) into the zeroed ``out``: item writes go through a
    memoryview (much cheaper than numpy item or fancy assignment); player blocks come from the
    state's cache."""
    mv = memoryview(out)
    p = st.p
    ph = st.stage
    rnd = st.rnd
    mv[3 + rnd] = 1.0
    mv[61 + _WEATHER_INDEX[st.weather]] = 1.0
    mv[71 + st.side] = 1.0
    if ph in _PHASE_INDEX:
        mv[_PHASE_INDEX[ph]] = 1.0
    if rnd > C.MORNING_ROUNDS:
        mv[16] = 1.0
    out[17:61] = _static_header(st)
    acting = ph != "over" and ph != "refuge" and st.order[st.turn_pos] == seat
    if acting:
        o = _O_TURN
        d = st.t_delta / 10.0
        mv[o] = st.t_start_energy / p.energy_max
        mv[o + 1] = -1.0 if d < -1.0 else (1.0 if d > 1.0 else d)
        mv[o + 2] = min(st.t_bars / 2.0, 1.0)
        mv[o + 3] = st.t_tags / 2.0
        mv[o + 4] = float(st.t_path >= 0)
        mv[o + 5] = float(st.t_refuge)
    n = st.num_players
    for k in range(n):
        _player_block(st, (seat + k) % n, out, _O_PLAYERS + k * PLAYER_BLOCK)
    tail = st._tail
    if tail is None:
        tail = st._tail = _encode_board(st)
    out[_O_MAP:_O_MOVES] = tail
    if n == 1:
        solo = st._solo
        if solo is None:
            solo = st._solo = _encode_solo(st)
        out[_O_SOLO:] = solo
    if st.pos[seat] >= 0:
        e0 = st.t_start_energy + 2 * st.t_bars if acting else st.energy[seat]
        o = _O_MOVES
        for mc in st.moves_of(seat):
            if mc is not None:
                need, _, colour, ascent = mc
                mv[o] = 1.0
                mv[o + 1 + colour] = 1.0
                mv[o + 4] = float(ascent)
                mv[o + 5] = need / 8.0 if need < 8 else 1.0
                mv[o + 6] = float(e0 >= need)
            o += 7
    if acting and st.t_path >= 0:
        o = _O_TAGS + 1
        ma = st.map_animals
        for i, sp in enumerate(st.map.path_spaces[st.t_path]):
            mv[o + 6 * i + ma[sp]] = 1.0
        o += 12
        for i, sp in enumerate(st.map.node_spaces[st.t_dest]):
            mv[o + 6 * i + ma[sp]] = 1.0



def encode_state(st, out: np.ndarray) -> None:
    """Seat 0's observation plus the hidden pile contents (for centralized critics)."""
    encode_observation(st, 0, out[:OBS_SIZE])
    o = OBS_SIZE
    for pile in range(6):
        for card in st.route_piles[pile]:
            out[o + 5 * pile + C.ROUTE_COST[card]] += 1.0 / 20.0
    o += 30
    for pile in range(2):
        for card in st.rest_piles[pile]:
            out[o + 5 * pile + C.REST_CARDS[card]] += 1.0 / 5.0
    o += 10
    for card in st.opp_deck:
        out[o + card] = 1.0
    o += C.NUM_OPP_CARDS
    cp = st.current_player
    if cp >= 0:
        out[o + cp] = 1.0
