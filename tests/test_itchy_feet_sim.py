"""Itchy Feet random simulation with invariants after every action, and the heuristic's strength."""

import numpy as np
import pytest

from travel_envs.games.itchy_feet import GAME, HeuristicPolicy
from travel_envs.games.itchy_feet.components import EXTENSION_NAMES
from benchmarks.itchy_feet_heuristic import win_rate_vs_random

from test_itchy_feet_helpers import check_invariants, expected_totals

VARIANTS = [dict(), *({"extensions": [e]} for e in EXTENSION_NAMES),
            dict(extensions="all"), dict(steal_action=True), dict(extensions="all", steal_action=True),
            dict(extensions="all", reactions=False, max_trade_offers=1), dict(one_sided_trades=True)]


def run_random(n, params, seed, max_turns=80):
    g = GAME(num_players=n, max_turns=max_turns, **params)
    st = g.new_initial_state(np.random.default_rng(seed))
    rng = np.random.default_rng(seed + 1000)
    totals = expected_totals(st)
    check_invariants(st, totals)
    steps = 0
    while not st.is_terminal:
        mask = st.legal_action_mask()
        st.apply_action(int(rng.choice(np.flatnonzero(mask))))
        check_invariants(st, totals)
        steps += 1
        assert steps < 40_000
    assert st.turn_number <= max_turns + 1
    assert st.winners() == [] or len(st.winners()) == 1
    return st


@pytest.mark.parametrize("params", VARIANTS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()) or "base")
def test_random_games_end_with_invariants(params):
    for n in (2, 3, 4, 5, 6):
        run_random(n, params, seed=n, max_turns=40)


def run_mixed(n, params, seed, policies, max_turns=300):
    g = GAME(num_players=n, max_turns=max_turns, **params)
    st = g.new_initial_state(np.random.default_rng(seed))
    totals = expected_totals(st)
    while not st.is_terminal:
        a = policies[st.current_player].act(None, st.legal_action_mask(), st)
        st.apply_action(a)
        check_invariants(st, totals)
    return st


def test_heuristic_games_reach_a_winner():
    wins = 0
    for seed in range(6):
        st = run_mixed(3, dict(extensions="all", steal_action=True), seed,
                       [HeuristicPolicy(seed * 3 + s) for s in range(3)])
        wins += len(st.winners())
    assert wins >= 5


def heuristic_win_rate(n, games, params=None):
    return win_rate_vs_random(games, params or {}, num_players=n)


def test_heuristic_beats_random_quick():
    assert heuristic_win_rate(2, 40) >= 0.8
    assert heuristic_win_rate(2, 30, dict(extensions="all")) >= 0.8
    assert heuristic_win_rate(4, 20) >= 0.5


@pytest.mark.slow
@pytest.mark.parametrize("params", [dict(), dict(extensions="all"), dict(extensions="all", steal_action=True)],
                         ids=["base", "all", "all+steal"])
def test_heuristic_beats_random_500(params):
    assert heuristic_win_rate(2, 500, params) >= 0.7
    for n in (3, 4, 5, 6):
        assert heuristic_win_rate(n, 100, params) >= 2.0 / n
