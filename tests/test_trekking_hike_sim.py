"""Seeded random games for every player count and variant, invariants checked after every action;
the heuristic against random players."""

import numpy as np
import pytest

from travel_envs.agents.base import RandomPolicy
from travel_envs.games.trekking import GAME, HeuristicPolicy
from travel_envs.games.trekking import components as C
from travel_envs.games.trekking.scoring import CE, CK, CS, K_REST

VARIANTS = [
    {},
    {"route_plan": "recommended", "gps_side": "advanced"},
    {"rest_flip_same_turn": False, "search_requires_threshold": True, "vignette_cover_margin": 0},
    {"weather_colour": ("yellow", "red", "green"), "start_refuge": "random", "summit_recent_window": 0},
    {"map": "random"},
]
SOLO_VARIANTS = [
    {"solo_difficulty": "easy"},
    {"solo_difficulty": "hard", "solo_refill": "3p", "solo_summit_tokens": 1},
    {"solo_difficulty": "hard", "solo_refill": "none", "sunday_hikers_are_hikers": False},
    {"map": "random", "solo_difficulty": "hard"},
]


def check_invariants(st):
    n = st.num_players
    # route cards: 65, each exactly once
    cards = [c for p in st.route_piles for c in p] + st.removed_route
    cards += [col[5] for g in st.gps for col in g if col[CK] == 0]
    assert sorted(cards) == list(range(C.NUM_ROUTE_CARDS))
    rest = [c for p in st.rest_piles for c in p] + st.removed_rest
    rest += [col[5] for g in st.gps for col in g if col[CK] == K_REST]
    assert sorted(rest) == list(range(C.NUM_REST_CARDS))
    # animals: 14 of each kind across bags, map, boards and the Sunday hikers
    count = [st.bags[0][a] + st.bags[1][a] for a in range(5)]
    for a in st.map_animals:
        if a >= 0:
            count[a] += 1
    for g in st.animals:
        for _, a in g:
            count[a] += 1
    for a, k in enumerate(st.opp_animals):
        count[a] += k
    assert count == list(C.ANIMAL_TOTAL)
    assert all(min(b) >= 0 for b in st.bags)
    # summit tokens
    tps = st.p.tokens_per_summit
    held = [0] * 5
    for toks in st.tokens:
        assert len({t[0] for t in toks}) == len(toks)
        for t in toks:
            held[t[0]] += 1
    for _, s, _ in st.opp_tokens:
        held[s] += 1
    assert [held[s] + st.summit_piles[s] for s in range(5)] == [tps] * 5
    # energy bounds, GPS continuity and column count
    for s in range(n):
        assert 0 <= st.energy[s] <= st.p.energy_max
        g = st.gps[s]
        for a, b in zip(g, g[1:]):
            assert a[CE] == b[CS]
        if st.pos[s] >= 0 and g:
            assert g[-1][CE] == st.map.altitude[st.pos[s]]
        assert len(g) <= 12
        for c, _ in st.animals[s]:
            assert g[c][CK] == 0
        assert st.scores_of(s) == sum(st.score_breakdown(s).values())
    for h, q in enumerate(st.sunday_pos):
        assert st.map.tile[q] == h
    if not st.is_terminal:
        assert st.legal_action_mask().any()


def run_random(n, seed, params):
    g = GAME(num_players=n, **params)
    st = g.new_initial_state(np.random.default_rng(seed))
    pol = RandomPolicy(seed)
    steps = 0
    while not st.is_terminal:
        st.apply_action(pol.act(None, st.legal_action_mask()))
        check_invariants(st)
        steps += 1
        assert steps < g.max_decisions
    assert all(len(gp) == 12 for gp in st.gps) and st.rnd == 12
    assert st.winners() and len(st.returns()) == n or n == 1
    return st


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_games_keep_invariants(n, variant):
    for seed in range(4):
        run_random(n, seed, VARIANTS[variant])


@pytest.mark.parametrize("variant", range(len(SOLO_VARIANTS)))
def test_random_solo_games_keep_invariants(variant):
    for seed in range(5):
        st = run_random(1, seed, SOLO_VARIANTS[variant])
        assert len(st.opp_discard) == 12


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_many_random_games(n):
    for seed in range(150):
        run_random(n, 1000 + seed, VARIANTS[seed % len(VARIANTS)] if n > 1 else SOLO_VARIANTS[seed % len(SOLO_VARIANTS)])


def heuristic_share(n, games, seed0=0):
    g = GAME(num_players=n)
    won = 0.0
    for i in range(games):
        st = g.new_initial_state(np.random.default_rng(seed0 + i))
        hseat = i % n
        pols = [HeuristicPolicy(i) if s == hseat else RandomPolicy(10 * i + s) for s in range(n)]
        while not st.is_terminal:
            st.apply_action(pols[st.current_player].act(None, st.legal_action_mask(), st))
        w = st.winners()
        if hseat in w:
            won += 1.0 / len(w)
    return won / games


def test_heuristic_beats_random_quick():
    assert heuristic_share(2, 40) >= 0.8
    assert heuristic_share(4, 12) >= 0.5


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_heuristic_beats_random_500(n):
    share = heuristic_share(n, 500, seed0=10_000)
    print(f"heuristic share vs random, {n} players: {share:.3f}")
    assert share >= (0.7 if n == 2 else 2.0 / n)
