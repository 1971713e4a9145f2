"""Trekking observation encoder and action table.

Everything in Trekking is public except the order of the face-down parts of the piles (route cards
below the top, rest cards below the top, the bags' draw order, the Sunday hikers' deck below its top
card). The observation is seat-relative: the player blocks start with the observing seat, then the
other seats in turn order. All values lie in [-1, 1] (only the turn's energy change can be negative).
See docs/games/trekking.md for the offset table (``OBS_LAYOUT`` below is the source of truth).
"""

from __future__ import annotations

import numpy as np

from . import actions as A
from . import components as C
from .actions import ACTION_RANGES, NUM_ACTIONS, action_name  # noqa: F401  (the action table)
from .scoring import CA, CC, CE, CF, CK, CR, CS, K_EMPTY, K_REST, K_ROUTE

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
    block = cache.get(s)
    if block is None:
        block = np.zeros(PLAYER_BLOCK, np.float32)
        _compute_player_block(st, s, block, 0)
        cache[s] = block
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
    v = [0.0] * PLAYER_BLOCK  # built as a list (cheap item writes), copied into ``out`` at once
    v[0] = 1.0
    pos = st.pos[s]
    if pos >= 0:
        v[1 + pos] = 1.0
        v[38] = st.map.altitude[pos] / ALT
    v[37] = st.energy[s] / st.p.energy_max
    animals = st.animals[s]
    per_col = [0] * 12
    cnt = [0] * 5
    for c, an in animals:
        per_col[c] += 1
        cnt[an] += 1
    unflipped = [0] * 5
    flipped = [0] * 5
    b = 39
    for i, col in enumerate(st.gps[s]):
        k = col[0]
        if k == K_ROUTE:
            v[b if col[2] else b + 1] = 1.0
            v[b + 3 + col[1]] = 1.0
        else:
            v[b + 2] = 1.0
            if k == K_REST:
                if col[7]:
                    flipped[col[6]] += 1
                else:
                    unflipped[col[6]] += 1
        v[b + 6] = col[3] / ALT
        v[b + 7] = col[4] / ALT
        if per_col[i]:
            v[b + 8] = 0.5 if per_col[i] == 1 else 1.0
        b += PLAYER_COLS
    r = 39 + 12 * PLAYER_COLS
    for k in range(5):
        v[r + k] = unflipped[k] / 3.0
        v[r + 5 + k] = flipped[k] / 3.0
        v[r + 10 + k] = cnt[k] / 10.0 if cnt[k] < 10 else 1.0
    t = r + 15
    for sm, num, fl, _ in st.tokens[s]:
        v[t + 3 * sm] = 1.0
        v[t + 3 * sm + 1] = num / 4.0
        v[t + 3 * sm + 2] = float(fl)
    e = t + 15
    v[e] = float(st.rested_since_summit[s])
    last = st.last_summit_round[s]
    v[e + 1] = (st.rnd - last) / 12.0 if last else 0.0
    v[e + 2] = min(max(st.scores_of(s) / 80.0, 0.0), 1.0)
    out[o:o + PLAYER_BLOCK] = v


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
_MAP_ONE = np.arange(16) * 6 + _O_MAP + 1  # + animal index (-1 = empty -> slot 0)


def encode_observation(st, seat: int, out: np.ndarray) -> None:
    """Write ``seat``'s view (see ``OBS_LAYOUT``); one-hot entries are gathered and set at once."""
    p = st.p
    ph = st.stage
    ones = [4 + st.rnd - 1, 61 + _WEATHER_INDEX[st.weather], 71 + st.side]
    if ph in _PHASE_INDEX:
        ones.append(_PHASE_INDEX[ph])
    if st.rnd > C.MORNING_ROUNDS:
        ones.append(16)
    out[17:61] = _static_header(st)
    idx: list[int] = []
    val: list[float] = []
    acting = ph != "over" and ph != "refuge" and st.order[st.turn_pos] == seat
    if acting:
        o = _O_TURN
        idx += [o, o + 1, o + 2, o + 3, o + 4, o + 5]
        val += [st.t_start_energy / p.energy_max, min(max(st.t_delta / 10.0, -1.0), 1.0),
                min(st.t_bars / 2.0, 1.0), st.t_tags / 2.0, float(st.t_path >= 0), float(st.t_refuge)]
    n = st.num_players
    for k in range(n):
        _player_block(st, (seat + k) % n, out, _O_PLAYERS + k * PLAYER_BLOCK)
    out[_MAP_ONE + np.asarray(st.map_animals)] = 1.0
    bags = st.bags
    o = _O_BAGS
    for b in range(2):
        for k in range(5):
            if bags[b][k]:
                idx.append(o + 5 * b + k)
                val.append(min(bags[b][k] / 10.0, 1.0))
    o = _O_SUMMITS
    for k in range(5):
        idx.append(o + k)
        val.append(st.summit_piles[k] / 4.0)
    o = _O_RESERVE
    rp = st.route_piles
    for c in range(3):
        idx += [o, o + 1]
        val += [len(rp[2 * c]) / 13.0, len(rp[2 * c + 1]) / 13.0]
        card = rp[2 * c][-1] if rp[2 * c] else (rp[2 * c + 1][-1] if rp[2 * c + 1] else -1)
        if card >= 0:
            idx.append(o + 2)
            val.append(C.ROUTE_COST[card] / 4.0)
            ones.append(o + 3)
        o += 4
    for pile in range(2):
        rest = st.rest_piles[pile]
        idx.append(o)
        val.append(len(rest) / 8.0)
        if rest:
            ones.append(o + 1 + C.REST_CARDS[rest[-1]])
        o += 6
    if st.pos[seat] >= 0:
        e0 = st.t_start_energy + 2 * st.t_bars if acting else st.energy[seat]
        o = _O_MOVES
        for d in range(4):
            mc = st.move_cost(seat, d)
            if mc is not None:
                need, _, colour, ascent = mc
                ones += [o, o + 1 + colour]
                if ascent:
                    ones.append(o + 4)
                if e0 >= need:
                    ones.append(o + 6)
                idx.append(o + 5)
                val.append(min(need / 8.0, 1.0))
            o += 7
    if acting and st.t_path >= 0:
        o = _O_TAGS
        ma = st.map_animals
        for i, sp in enumerate(st.map.path_spaces[st.t_path]):
            ones.append(o + 6 * i + ma[sp] + 1)
        for i, sp in enumerate(st.map.node_spaces[st.t_dest]):
            ones.append(o + 12 + 6 * i + ma[sp] + 1)
    if n == 1:
        o = _O_SOLO
        ones += [o + q for q in st.sunday_pos]
        for k in range(5):
            idx.append(o + 36 + k)
            val.append(min(st.opp_animals[k] / 10.0, 1.0))
        idx += [o + 41, o + 42, o + 50, o + 51]
        val += [len(st.opp_tokens) / 20.0, min(max(st.opponent_score() / 80.0, 0.0), 1.0),
                len(st.opp_deck) / 13.0, float(p.solo_difficulty == "hard")]
        if st.opp_deck:
            _, _, _, _, d0, req = C.OPPONENT_CARDS[st.opp_deck[-1]]
            ones += [o + 43 + d0, o + 47 + req]
    out[ones] = 1.0
    if idx:
        out[idx] = val


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
