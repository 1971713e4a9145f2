"""Globetrotter env copies (G4) and games ending by their own rules at every player count and variant (G5)."""

import copy
import itertools
import pickle

import numpy as np
import pytest

import travel_envs
from travel_envs.agents.base import RandomPolicy


def step_random(env, pol, steps):
    trace = []
    for _ in range(steps):
        obs, rew, term, trunc, _ = env.last()
        trace.append((env.agent_selection, obs["observation"].tobytes(), obs["action_mask"].tobytes(), rew, term,
                      trunc))
        if term or trunc:
            env.step(None)
            if not env.agents:
                break
            continue
        env.step(pol.act(obs["observation"], obs["action_mask"]))
    return trace


@pytest.mark.parametrize("render_mode", [None, "rgb_array"])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_deepcopy_and_pickle_mid_episode_play_on_identically(n, render_mode):
    env = travel_envs.make("globetrotter_v0", num_players=n, render_mode=render_mode,
                           chain_features=(n == 3))
    env.reset(seed=n)
    step_random(env, RandomPolicy(0), 120)
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    original = step_random(env, RandomPolicy(1), 400)
    for twin in copies:
        assert step_random(twin, RandomPolicy(1), 400) == original
        if render_mode:
            assert np.array_equal(twin.render(), env.render())


def play_to_end(n, seed, params):
    env = travel_envs.make("globetrotter_v0", num_players=n, **params)
    env.reset(seed=seed)
    pol = RandomPolicy(seed)
    for agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        assert not trunc, f"{n} players {params}: truncated after {info.get('decisions')} decisions"
        env.step(None if term else pol.act(obs["observation"], obs["action_mask"]))
    assert env.unwrapped.game_state.is_terminal and env.unwrapped.game_state.winners()


#: one change at a time from the defaults: every value of every variant parameter
ONE_CHANGE = [{}, {"short_game": True}, {"num_rounds": 1}, {"prefill_parking": True}, {"wild_faces": 2},
              {"park_same_space": False}]


@pytest.mark.parametrize("params", ONE_CHANGE, ids=str)
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_end_by_the_rules_not_truncation(n, params):
    play_to_end(n, seed=31 * n, params=params)


def test_chain_features_games_end_by_the_rules():
    play_to_end(2, seed=5, params={"chain_features": True})


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_sweep_every_parameter_combination_and_round_count(n):
    flags = ("short_game", "prefill_parking", "park_same_space")
    for seed, values in enumerate(itertools.product((False, True), (False, True), (False, True), (1, 2))):
        params = dict(zip(flags, values[:3]), wild_faces=values[3])
        for s in range(3):
            play_to_end(n, seed=1000 * n + 10 * seed + s, params=params)
    for rounds in range(1, 11):
        play_to_end(n, seed=rounds, params={"num_rounds": rounds, "prefill_parking": rounds % 2 == 0})
