"""SingleAgentEnv: the learner's perspective, seats, opponents, masks through vector envs."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env as gym_check_env
from stable_baselines3.common.env_checker import check_env as sb3_check_env

import travel_envs
from travel_envs.core.aec import TravelAECEnv
from travel_envs.core.game import IllegalActionError, ParameterError
from travel_envs.wrappers.single_agent import SingleAgentEnv

from toy_game import RaceGame


class Scripted:
    """Always plays ``action``; records what it was shown."""

    uses_observation = True

    def __init__(self, action=0):
        self.name = f"scripted{action}"
        self.action = action
        self.seen = []

    def act(self, observation, action_mask, state=None):
        self.seen.append((observation.copy(), action_mask.copy(), state.current_player, list(state.secrets)))
        return self.action


def make(**kw):
    kw.setdefault("num_players", 2)
    return SingleAgentEnv(RaceGame, **kw)


def test_learner_loss_ends_with_learners_negative_reward():
    opp = Scripted(0)  # adds 1
    env = make(target=3, opponents=opp, learner_seat=0)
    obs, info = env.reset(seed=0)
    assert info["learner_seat"] == 0
    obs, reward, terminated, truncated, info = env.step(1)  # learner: 0 -> 2; opponent: 2 -> 3 wins
    assert terminated and not truncated
    assert reward == -1.0
    assert info["won"].tolist() == [0, 1] and info["is_success"] is False
    state = env.game_state
    assert state.winner == 1
    # the final observation is the learner's view (its own secret), not the winner's
    assert obs[1] == pytest.approx(state.secrets[0] / 4)


def test_learner_win_and_observation_is_learners_seat():
    opp = Scripted(0)
    env = make(target=3, opponents=opp, learner_seat=1)
    obs, info = env.reset(seed=5)
    state = env.game_state
    assert state.counter == 1  # the opponent (seat 0) moved inside reset
    expected = np.zeros(3, np.float32)
    state.observation(1, expected)
    np.testing.assert_array_equal(obs, expected)
    assert obs[2] == 1.0  # it is the learner's turn
    obs, reward, terminated, truncated, info = env.step(1)  # 1 -> 3: learner wins
    assert terminated and reward == 1.0 and info["is_success"] is True


def test_opponents_see_only_their_own_observation():
    opp = Scripted(0)
    env = make(target=20, opponents=opp, learner_seat=0, num_players=3)
    env.reset(seed=2)
    for _ in range(3):
        env.step(0)
    assert opp.seen
    for obs, mask, seat, secrets in opp.seen:
        assert seat != 0
        assert obs[1] == pytest.approx(secrets[seat] / 4)
        assert obs[2] == 1.0


def test_seat_randomisation_and_fixed_seat():
    env = make(opponents="random", seed=0)
    seats = [env.reset()[1]["learner_seat"] for _ in range(400)]
    counts = np.bincount(seats, minlength=2)
    assert counts.min() > 150  # both seats, roughly half each
    fixed = make(opponents="random", learner_seat=1, seed=0)
    assert {fixed.reset()[1]["learner_seat"] for _ in range(20)} == {1}
    with pytest.raises(ParameterError, match="learner_seat=2"):
        make(learner_seat=2)


def test_reset_seed_is_reproducible():
    env = make(opponents="random", num_players=3, target=30)
    runs = []
    for _ in range(2):
        obs, info = env.reset(seed=11)
        trace = [obs.copy(), info["learner_seat"]]
        for _ in range(5):
            obs, r, term, trunc, _ = env.step(0)
            trace.append(obs.copy())
            if term or trunc:
                break
        runs.append(trace)
    assert all(np.array_equal(a, b) for a, b in zip(runs[0], runs[1]))


def test_mask_follows_learner_and_truncation():
    env = make(target=3, opponents=Scripted(0), learner_seat=1)
    env.reset(seed=0)  # counter 1, learner to move; adding 2 reaches exactly 3: legal
    assert env.action_masks().tolist() == [True, True]
    env2 = make(target=50, opponents="random", max_decisions=3, learner_seat=0)
    env2.reset(seed=0)
    out = None
    for _ in range(3):
        out = env2.step(0)
        if out[2] or out[3]:
            break
    _, reward, terminated, truncated, info = out
    assert truncated and not terminated and reward == 0.0


def test_illegal_actions():
    # default mode: the learner's illegal action ends the episode with the penalty
    env = make(target=3, opponents=Scripted(0), learner_seat=0)
    env.reset(seed=0)
    env.step(0)  # learner 0 -> 1; opponent 1 -> 2
    _, reward, terminated, _, info = env.step(1)  # 2 + 2 > 3: illegal
    assert terminated and reward == -1.0 and info["illegal_action_by"] == "player_0"
    # "raise" mode: the learner's illegal action raises
    env2 = make(target=3, opponents=Scripted(0), learner_seat=0, illegal_action="raise")
    env2.reset(seed=0)
    env2.step(0)
    with pytest.raises(IllegalActionError):
        env2.step(1)
    # an opponent that plays an illegal move is a bug: it always raises
    env3 = make(target=3, opponents=Scripted(1), learner_seat=0)
    env3.reset(seed=0)
    with pytest.raises(IllegalActionError, match="opponent 'scripted1'"):
        env3.step(1)  # learner 0 -> 2; opponent "add 2" -> 4 > 3


def test_env_checkers_pass():
    gym_check_env(make(opponents="random", seed=0), skip_render_check=True)
    sb3_check_env(make(opponents="random", seed=0, num_players=3), warn=True)
    gym_check_env(SingleAgentEnv(lambda **kw: TravelAECEnv(RaceGame, **kw), opponents=["random"]),
                  skip_render_check=True)


def test_make_single_agent_public_api_and_opponent_forms():
    env = travel_envs.make_single_agent("toy_game:RaceGame", opponents={"random": 1.0}, num_players=3)
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    with pytest.raises(ParameterError, match="needs 2"):
        travel_envs.make_single_agent(RaceGame, opponents=["random"], num_players=3)
    with pytest.raises(ParameterError, match="unknown policy 'nobody'"):
        travel_envs.make_single_agent(RaceGame, opponents="nobody")
    with pytest.raises(ParameterError, match="exports no HeuristicPolicy"):
        travel_envs.make_single_agent(RaceGame, opponents="heuristic")
    with pytest.raises(ParameterError, match="exports no ExpertPolicy"):
        travel_envs.make_single_agent("trek_v0", opponents="expert")
    with pytest.raises(ParameterError, match="unknown env id"):
        travel_envs.make_single_agent("no_such_game_v0")


def _race_env():
    return SingleAgentEnv(RaceGame, opponents="random", num_players=2, target=4, seed=3)


def test_masks_through_subproc_vec_env():
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.vec_env import SubprocVecEnv

    vec = SubprocVecEnv([_race_env, _race_env], start_method="fork")
    try:
        vec.reset()
        saw_masked = False
        for _ in range(30):
            masks = get_action_masks(vec)
            assert masks.shape == (2, 2) and masks.dtype == bool and masks.any(axis=1).all()
            saw_masked |= not masks.all()
            actions = [int(np.flatnonzero(m)[-1]) for m in masks]
            vec.step(np.array(actions))
        assert saw_masked  # near the target "add 2" becomes illegal and the mask says so
    finally:
        vec.close()


def test_margin_reward_is_the_learners_score_margin():
    env = make(target=3, opponents=Scripted(0), learner_seat=0, reward="margin")
    env.reset(seed=0)
    _, reward, terminated, _, _ = env.step(1)  # learner 0 -> 2, opponent reaches 3: margin 0 - 1
    assert terminated and reward == -1.0
    env = make(target=6, opponents=Scripted(0), learner_seat=1, reward="margin")
    env.reset(seed=0)
    rewards = []
    while True:
        _, r, term, trunc, info = env.step(1 if env.action_masks()[1] else 0)
        rewards.append(r)
        if term or trunc:
            break
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)  # scores only change when the race ends
    assert sum(rewards) == (1.0 if info["is_success"] else -1.0)
    with pytest.raises(ParameterError, match="reward='bonus' is not allowed"):
        make(reward="bonus")
