"""The generic AEC adapter against a toy game: API compliance and conventions."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from travel_envs.core.aec import TravelAECEnv, wrap
from travel_envs.core.game import IllegalActionError, ParameterError

from toy_game import RaceGame


def make(**kw):
    return wrap(TravelAECEnv(RaceGame, **kw))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_api_and_seed(n):
    api_test(make(num_players=n), num_cycles=200)
    seed_test(lambda **kw: make(num_players=n, **kw), num_cycles=200)


def test_unknown_parameter_names_allowed_ones():
    with pytest.raises(ParameterError, match=r"unknown parameter\(s\) \['colour'\].*target"):
        make(colour=1)


def test_bad_player_count_names_allowed_values():
    with pytest.raises(ParameterError, match=r"num_players=7.*\[1, 2, 3\]"):
        make(num_players=7)


def test_illegal_action_raises_with_phase():
    env = make(target=3)
    env.reset(seed=0)
    env.step(1)
    with pytest.raises(IllegalActionError, match="illegal.*phase 'add'"):
        env.step(1)


def test_illegal_action_penalize_mode_terminates():
    env = make(target=3, illegal_action="penalize")
    env.reset(seed=0)
    env.step(1)
    env.step(1)
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": 0.0, "player_1": -1.0}


def test_terminal_rewards_and_masks():
    env = make(target=3)
    env.reset(seed=1)
    env.step(1)  # player_0: counter 2
    env.step(0)  # player_1 reaches 3 and wins
    assert env.rewards == {"player_0": -1.0, "player_1": 1.0}
    obs = env.observe("player_0")
    assert not obs["action_mask"].any()


def test_truncation_after_max_decisions():
    env = make(target=50, max_decisions=3)
    env.reset(seed=0)
    for _ in range(3):
        env.step(0)
    assert all(env.truncations.values())


def test_rank_and_score_diff_modes():
    for mode, expected in [("rank", [-1.0, 1.0]), ("score_diff", [-1.0, 1.0])]:
        env = make(target=2, reward_mode=mode)
        env.reset(seed=0)
        env.step(0)
        env.step(0)
        assert [env.rewards[a] for a in env.possible_agents] == expected


def test_hidden_information_stays_hidden():
    env = make()
    env.reset(seed=3)
    before = env.observe("player_0")["observation"].copy()
    env.unwrapped.game_state.secrets[1] = (env.unwrapped.game_state.secrets[1] + 1) % 5
    assert np.array_equal(env.observe("player_0")["observation"], before)


def test_order_enforcing_checks_kept():
    """The wrapper's fast ``step`` / ``agent_iter`` keep PettingZoo's order checks."""
    env = make(target=3)
    with pytest.raises(AssertionError, match="reset"):
        env.step(0)
    with pytest.raises(AssertionError, match="reset"):
        env.agent_iter()
    env.reset(seed=0)
    it = iter(env.agent_iter())
    assert next(it) == "player_0"
    with pytest.raises(AssertionError, match="step"):
        next(it)
    assert len(list(env.agent_iter(max_iter=0))) == 0


def test_observed_masks_are_independent_copies():
    env = make(target=3)
    env.reset(seed=0)
    first = env.observe("player_0")["action_mask"]
    assert first.dtype == np.int8 and first.any()
    first[:] = 0
    again = env.observe("player_0")["action_mask"]
    assert again.any() and again is not first
    env.step(int(np.flatnonzero(again)[0]))
    assert not env.observe("player_0")["action_mask"].any()
