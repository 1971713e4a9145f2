"""Wilson intervals, Bradley-Terry Elo, the arena's seat rotation and seeding, reports, model policies."""

import math

import numpy as np
import pytest

from travel_envs.agents.base import RandomPolicy
from travel_envs.agents.registry import make_policy
from travel_envs.core.game import ParameterError
from travel_envs.evaluation import (bradley_terry, elo_ratings, expected_score, league, league_table,
                                    match_table, play_match, versus, wilson_interval)

TOY = "toy_game:RaceGame"


class Perfect:
    """Optimal race play: leave the opponent a multiple of 3 from the target."""

    name = "perfect"
    uses_observation = False

    def act(self, observation, action_mask, state=None):
        left = state.game.params.target - state.counter
        want = left % 3  # 1 -> add 1 (action 0), 2 -> add 2 (action 1), 0: losing, add 1
        return 1 if want == 2 and action_mask[1] else 0


def test_wilson_known_values():
    lo, hi = wilson_interval(80, 100)
    assert lo == pytest.approx(0.7112, abs=1e-4) and hi == pytest.approx(0.8666, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson_interval(10, 10)
    assert lo == pytest.approx(0.7225, abs=1e-4) and hi == pytest.approx(1.0)
    lo, hi = wilson_interval(550, 1000)
    assert lo == pytest.approx(0.5191, abs=1e-4) and hi == pytest.approx(0.5805, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(5, 3)
    for n in (50, 300, 1000):  # exact ends: rounding once left the bound a hair inside the rate
        assert wilson_interval(0, n)[0] == 0.0 and wilson_interval(n, n)[1] == 1.0


def test_learning_curve_draws_a_final_evaluation_without_a_win(tmp_path):
    """A final evaluation with 0 wins (or all) plots: the interval bars are never negative (this
    crashed a Trekking the World run at its end)."""
    from training.callbacks import plot_learning_curve

    rows = [{"timesteps": "0", "opponent": "heuristic", "win_rate": "0.0", "ci_low": "0.0", "ci_high": "0.07"}]
    final = [{"timesteps": 100, "opponent": "heuristic", "games": 300, "win_rate": 0.0, "ci_low": 8.7e-19,
              "ci_high": 0.0126},
             {"timesteps": 100, "opponent": "random", "games": 300, "win_rate": 1.0, "ci_low": 0.98,
              "ci_high": 1.0 - 2e-16}]
    plot_learning_curve(rows, tmp_path / "curve.png", "t", final)
    assert (tmp_path / "curve.png").stat().st_size > 1000


def test_a_long_run_title_is_wrapped_not_cropped():
    """A run's title names its env parameters; in one line it ran off both sides of the figure."""
    from training.callbacks import wrap_title

    title = ("trekking_the_world_strong: trekking_the_world_v0 {'num_players': 2, 'move_by_end': True, "
             "'location_features': True}")
    lines = wrap_title(title).split("\n")
    assert len(lines) == 2 and max(map(len, lines)) <= 90
    assert " ".join(lines) == title
    assert wrap_title("short") == "short"


def test_bradley_terry_and_elo_known_values():
    # 75% for A over B is 3:1 odds: 400 * log10(3) = 190.85 Elo
    wins = np.array([[0, 75], [25, 0]])
    p = bradley_terry(wins)
    assert p[0] / p[1] == pytest.approx(3.0, rel=1e-6)
    elo = elo_ratings(["a", "random"], wins, prior=0.0)
    assert elo["random"] == pytest.approx(1000.0)
    assert elo["a"] - elo["random"] == pytest.approx(400 * math.log10(3), abs=1e-4)
    # a consistent 3-policy league (strengths 9:3:1) is recovered exactly
    w3 = np.array([[0, 75, 90], [25, 0, 75], [10, 25, 0]])
    elo3 = elo_ratings(["a", "b", "c"], w3, prior=0.0, anchor="c", anchor_rating=0.0)
    assert elo3["b"] == pytest.approx(400 * math.log10(3), abs=1e-3)
    assert elo3["a"] == pytest.approx(400 * math.log10(9), abs=1e-3)
    assert expected_score(elo3["a"], elo3["c"]) == pytest.approx(0.9, abs=1e-6)
    # an unbeaten policy needs the prior; with it the ratings stay finite and ordered
    w = np.array([[0, 10], [0, 0]])
    with pytest.raises(ValueError, match="prior"):
        bradley_terry(w)
    e = elo_ratings(["x", "y"], w, prior=1.0)
    assert math.isfinite(e["x"]) and e["x"] > e["y"]


def test_seat_rotation_and_reproducibility():
    res = play_match(TOY, ["random", "random", "random"], 30, seed=4, env_params={"num_players": 3})
    for i in range(3):
        s = res.summary(i)
        assert [g for _, g in s["per_seat"].values()] == [10, 10, 10]  # every policy every seat equally
    again = play_match(TOY, ["random", "random", "random"], 30, seed=4, env_params={"num_players": 3})
    assert [r.seats + r.wins for r in res.records] == [r.seats + r.wins for r in again.records]
    par = play_match(TOY, ["random", "random", "random"], 30, seed=4, env_params={"num_players": 3}, processes=2)
    assert [r.seats + r.wins for r in res.records] == [r.seats + r.wins for r in par.records]
    total_wins = sum(sum(r.wins) for r in res.records)
    assert total_wins == 30  # exactly one winner per race


def test_strong_policy_wins_and_table():
    res = versus(TOY, Perfect(), "random", 200, seed=1, env_params={"num_players": 2, "target": 10},
                 names=["perfect", "random"])
    s = res.summary(0)
    assert s["win_rate"] > 0.8 and s["ci_low"] > 0.7 and s["mean_margin"] > 0.5
    table = match_table([s], 2)
    assert table.splitlines()[0].startswith("| policy | vs | games | wins | draws | win rate | 95% CI (Wilson)")
    assert "| perfect | random | 200 |" in table and "seat 1" in table


def test_league_elo_orders_policies():
    names, wins = league(TOY, [Perfect(), RandomPolicy()], 60, seed=0, env_params={"num_players": 2},
                         names=["perfect", "random"])
    assert wins.sum() == 60
    elo = elo_ratings(names, wins)
    assert elo["perfect"] > elo["random"] + 100
    text = league_table(names, wins, elo)
    assert text.splitlines()[2].startswith("| 1 | perfect |")
    assert "vs random" in text.splitlines()[0]
    low, high = wilson_interval(wins[0, 1], 60)  # the count, the share and its interval, per pair
    assert f"{wins[0, 1]:g} / 60 = {100 * wins[0, 1] / 60:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%]" in text


def test_arena_errors():
    with pytest.raises(ParameterError, match="lineup has 1 policies but the game has 2 seats"):
        play_match(TOY, ["random"], 5, env_params={"num_players": 2})
    with pytest.raises(FileNotFoundError, match="model file not found: .*missing_model.zip"):
        make_policy("model:/tmp/definitely/missing_model.zip", TOY)
    with pytest.raises(ParameterError, match="only exists inside a training opponent mix"):
        make_policy("snapshot", TOY)


def test_numpy_policy_matches_sb3_torch_policy(tmp_path):
    import torch as th
    import torch.nn as nn
    from sb3_contrib import MaskablePPO

    from travel_envs.agents.model import NumpyMLPPolicy, load_model_policy, policy_from_sb3
    from travel_envs.wrappers.single_agent import SingleAgentEnv

    from toy_game import RaceGame

    env = SingleAgentEnv(RaceGame, opponents="random", num_players=3)
    for act, arch in ((nn.Tanh, [16, 8]), (nn.ReLU, [12])):
        model = MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=16, device="cpu",
                            policy_kwargs={"net_arch": {"pi": arch, "vf": [4]}, "activation_fn": act})
        obs = np.random.default_rng(0).random((20, 3)).astype(np.float32)
        with th.no_grad():
            ref = model.policy.get_distribution(th.as_tensor(obs)).distribution.logits.numpy()
        npp = policy_from_sb3(model.policy)
        got = np.stack([npp.logits(o) for o in obs])
        # compare up to the softmax shift
        np.testing.assert_allclose(got - got.max(1, keepdims=True), ref - ref.max(1, keepdims=True), atol=1e-5)
        mask = np.array([False, True])
        assert npp.act(obs[0], mask) == 1
        path = tmp_path / "m.zip"
        model.save(path)
        loaded = load_model_policy(path)
        np.testing.assert_allclose(loaded.logits(obs[3]), npp.logits(obs[3]), atol=1e-6)
        npp.save(tmp_path / "s.npz")
        np.testing.assert_allclose(NumpyMLPPolicy.load(tmp_path / "s.npz").logits(obs[5]), npp.logits(obs[5]),
                                   atol=1e-6)
