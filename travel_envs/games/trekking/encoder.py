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
    emax = st.p.energy_max
    out[o] = 1.0
    if st.pos[s] >= 0:
        out[o + 1 + st.pos[s]] = 1.0
        out[o + 38] = st.map.altitude[st.pos[s]] / ALT
    out[o + 37] = st.energy[s] / emax
    g = o + 39
    per_col = [0] * 12
    for c, _ in st.animals[s]:
        per_col[c] += 1
    unflipped = [0] * 5
    flipped = [0] * 5
    for i, col in enumerate(st.gps[s]):
        b = g + i * PLAYER_COLS
        k = col[CK]
        if k == K_ROUTE:
            out[b + (0 if col[CA] else 1)] = 1.0
            out[b + 3 + col[CC]] = 1.0
        else:
            out[b + 2] = 1.0
            if k == K_REST:
                if col[CF]:
                    flipped[col[CR]] += 1
                else:
                    unflipped[col[CR]] += 1
        out[b + 6] = col[CS] / ALT
        out[b + 7] = col[CE] / ALT
        out[b + 8] = min(per_col[i] / 2.0, 1.0)
    r = g + 12 * PLAYER_COLS
    for k in range(5):
        out[r + k] = unflipped[k] / 3.0
        out[r + 5 + k] = flipped[k] / 3.0
    a = r + 10
    cnt = [0] * 5
    for _, an in st.animals[s]:
        cnt[an] += 1
    for k in range(5):
        out[a + k] = min(cnt[k] / 10.0, 1.0)
    t = a + 5
    for sm, num, fl, _ in st.tokens[s]:
        out[t + 3 * sm] = 1.0
        out[t + 3 * sm + 1] = num / 4.0
        out[t + 3 * sm + 2] = float(fl)
    e = t + 15
    out[e] = float(st.rested_since_summit[s])
    last = st.last_summit_round[s]
    out[e + 1] = (st.rnd - last) / 12.0 if last else 0.0
    out[e + 2] = min(max(st.scores_of(s) / 80.0, 0.0), 1.0)


def encode_observation(st, seat: int, out: np.ndarray) -> None:
    p = st.p
    o = 0
    ph = st.stage
    if ph in PHASES:
        out[PHASES.index(ph)] = 1.0
    o = 4
    out[o + st.rnd - 1] = 1.0
    o += 12
    out[o] = float(st.rnd > C.MORNING_ROUNDS)
    o += 1
    out[o + st.num_players - 1] = 1.0
    o += 4
    for slot in range(6):
        size = len(C.PLAN_DECKS[slot])
        out[o + _PLAN_INDEX[slot][st.plan[slot]]] = 1.0
        o += size
    out[o + _WEATHER_INDEX[st.weather]] = 1.0
    o += 10
    out[o + st.side] = 1.0
    o += 2
    acting = ph != "over" and ph != "refuge" and st.order[st.turn_pos] == seat
    if acting:
        out[o] = st.t_start_energy / p.energy_max
        out[o + 1] = min(max(st.t_delta / 10.0, -1.0), 1.0)
        out[o + 2] = min(st.t_bars / 2.0, 1.0)
        out[o + 3] = st.t_tags / 2.0
        out[o + 4] = float(st.t_path >= 0)
        out[o + 5] = float(st.t_refuge)
    o += 6
    n = st.num_players
    for k in range(n):
        s = (seat + k) % n if n > 1 else seat
        _player_block(st, s, out, o + k * PLAYER_BLOCK)
    o += 4 * PLAYER_BLOCK
    for i, an in enumerate(st.map_animals):
        out[o + 6 * i + an + 1] = 1.0
    o += 96
    for b in range(2):
        for k in range(5):
            out[o + 5 * b + k] = min(st.bags[b][k] / 10.0, 1.0)
    o += 10
    tps = p.tokens_per_summit
    for k in range(5):
        out[o + k] = st.summit_piles[k] / 4.0
    o += 5
    for c in range(3):
        out[o] = len(st.route_piles[2 * c]) / 13.0
        out[o + 1] = len(st.route_piles[2 * c + 1]) / 13.0
        card = st.card_for(c, True)
        if card >= 0:
            out[o + 2] = C.ROUTE_COST[card] / 4.0
            out[o + 3] = 1.0
        o += 4
    for pile in range(2):
        rp = st.rest_piles[pile]
        out[o] = len(rp) / 8.0
        if rp:
            out[o + 1 + C.REST_CARDS[rp[-1]]] = 1.0
        o += 6
    if st.pos[seat] >= 0:
        e0 = st.t_start_energy + 2 * st.t_bars if acting else st.energy[seat]
        for d in range(4):
            mc = st.move_cost(seat, d)
            if mc is not None:
                need, _, colour, ascent = mc
                out[o] = 1.0
                out[o + 1 + colour] = 1.0
                out[o + 4] = float(ascent)
                out[o + 5] = min(need / 8.0, 1.0)
                out[o + 6] = float(e0 >= need)
            o += 7
    else:
        o += 28
    if acting and st.t_path >= 0:
        for i, sp in enumerate(st.map.path_spaces[st.t_path]):
            out[o + 6 * i + st.map_animals[sp] + 1] = 1.0
        for i, sp in enumerate(st.map.node_spaces[st.t_dest]):
            out[o + 12 + 6 * i + st.map_animals[sp] + 1] = 1.0
    o += 36
    if n == 1:
        for q in st.sunday_pos:
            out[o + q] = 1.0
        for k in range(5):
            out[o + 36 + k] = min(st.opp_animals[k] / 10.0, 1.0)
        out[o + 41] = len(st.opp_tokens) / 20.0
        out[o + 42] = min(max(st.opponent_score() / 80.0, 0.0), 1.0)
        if st.opp_deck:
            _, _, _, _, d0, req = C.OPPONENT_CARDS[st.opp_deck[-1]]
            out[o + 43 + d0] = 1.0
            out[o + 47 + req] = 1.0
        out[o + 50] = len(st.opp_deck) / 13.0
        out[o + 51] = float(p.solo_difficulty == "hard")
    o += 52
    assert o == OBS_SIZE


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
