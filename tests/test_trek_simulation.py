"""Trek random simulations with invariants after every action; the heuristic against random."""

from __future__ import annotations

import numpy as np
import pytest

from travel_envs.agents.base import RandomPolicy
from travel_envs.games.trek import HeuristicPolicy
from travel_envs.games.trek.engine import TrekGame

from test_trek_rules import check_invariants

#: every variant parameter value (the default first); G5: none of these games may be truncated
VARIANTS = [
    {},
    {"stores_requirement": "spend"},
    {"base_needs_transport": False},
    {"max_turns": 25},
    {"economy": "v0-reconstruction"},
    {"reshuffle": "at next draw"},
    {"max_turns": 25, "cap_winner": "furthest"},
    {"indicator_falls_on_return": False},
    {"max_turns": 1000},
    {"starting_cash": 10},
]


def _random_game(n, params, seed, check=True):
    game = TrekGame(num_players=n, **params)
    s = game.new_initial_state(np.random.default_rng(seed))
    rng = np.random.default_rng(seed + 1000)
    steps = 0
    while not s.is_terminal:
        mask = s.legal_action_mask()
        assert mask.any()
        legal = np.flatnonzero(mask)
        s.apply_action(int(legal[rng.integers(legal.size)]))
        steps += 1
        if check:
            check_invariants(s)
        assert steps < game.max_decisions
    return s


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_games_end_properly_with_invariants(n, variant):
    params = VARIANTS[variant]
    for seed in range(2):
        s = _random_game(n, params, 100 * n + seed)
        check_invariants(s)
        winners = s.winners()
        assert winners and all(s.alive[w] for w in winners)
        assert s.end_reason in ("reached Camp 12", "last player left", "turn cap")
        if s.end_reason == "reached Camp 12":
            assert winners == [s.pos.index(12)]
        elif s.end_reason == "last player left":
            assert sum(s.alive) == 1
        else:
            assert s.turns == s.game.params.max_turns
        ret = s.returns()
        assert sorted(set(ret)) in ([-1.0, 1.0], [1.0], [0.0])


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_many_random_games_slow(n):
    for seed in range(60):
        _random_game(n, VARIANTS[seed % len(VARIANTS)], 7000 + seed)


def heuristic_win_rate(n, games, seed0=0):
    """Share of seat-rotated games the heuristic wins against n-1 random players (shared wins split)."""
    game = TrekGame(num_players=n)
    total = 0.0
    for i in range(games):
        seat = i % n
        pols = [RandomPolicy(seed=seed0 + 31 * i + q) for q in range(n)]
        pols[seat] = HeuristicPolicy(seed=seed0 + i)
        s = game.new_initial_state(np.random.default_rng(seed0 + i))
        while not s.is_terminal:
            s.apply_action(pols[s.current_player].act(None, s.legal_action_mask(), s))
        if seat in s.winners():
            total += 1.0 / len(s.winners())
    return total / games


def test_heuristic_beats_random_quick():
    assert heuristic_win_rate(2, 60, seed0=50_000) >= 0.75


def test_heuristic_self_play_reaches_camp_12():
    """The v1 economy is a race (issue #14): heuristic self-play games end at the summit."""
    for n in (2, 4, 6):
        game = TrekGame(num_players=n)
        ends = []
        for seed in range(10):
            s = game.new_initial_state(np.random.default_rng(seed))
            pols = [HeuristicPolicy(seed=seed * 10 + q) for q in range(n)]
            while not s.is_terminal:
                s.apply_action(pols[s.current_player].act(None, s.legal_action_mask(), s))
            ends.append(s.end_reason)
        assert ends.count("reached Camp 12") >= 8, (n, ends)


@pytest.mark.slow
@pytest.mark.parametrize("n,games", [(2, 500), (3, 300), (4, 300), (5, 300), (6, 300)])
def test_heuristic_beats_random_slow(n, games):
    rate = heuristic_win_rate(n, games, seed0=90_000)
    print(f"heuristic vs random, {n} players, {games} games: {rate:.3f}")
    assert rate >= (0.70 if n == 2 else 2.0 / n)
