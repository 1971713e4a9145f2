"""The RLlib MultiAgentEnv adapter, the seat mapping and the baseline RLModules (no Ray cluster)."""

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

import torch  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402

from travel_envs import make  # noqa: E402
from travel_envs.core.game import IllegalActionError, ParameterError  # noqa: E402
from travel_envs.games.globetrotter import HeuristicPolicy  # noqa: E402
from travel_envs.rllib.env import MASK_KEY, OBS_KEY, REF_KEY, TravelMultiAgentEnv, live_env  # noqa: E402
from travel_envs.rllib.mapping import SeatMapping  # noqa: E402
from travel_envs.rllib.modules import baseline_spec  # noqa: E402
from toy_game import RaceGame  # noqa: E402


def _play(env, seed, rng):
    """Random legal play through the adapter; returns the list of step results."""
    obs, infos = env.reset(seed=seed)
    results = []
    while True:
        assert len(obs) == 1
        (agent, o), = obs.items()
        legal = np.flatnonzero(o[MASK_KEY])
        assert legal.size > 0
        res = env.step({agent: int(rng.choice(legal))})
        results.append((agent, o, res))
        obs = res[0]
        if res[2]["__all__"] or res[3]["__all__"]:
            return results
        assert list(obs) == [env.possible_agents[env.game_state.current_player]]


def test_turn_based_protocol_and_terminal_rewards():
    env = TravelMultiAgentEnv({"env": "globetrotter_v0", "params": {"num_players": 3}})
    space = env.observation_spaces["player_0"]
    assert set(space.spaces) == {OBS_KEY, MASK_KEY}  # RLlib's masking-module key names
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    rng = np.random.default_rng(0)
    for seed in range(3):
        results = _play(env, seed, rng)
        for agent, o, (obs, rew, term, trunc, info) in results[:-1]:
            assert space.contains(o)
            assert rew == {agent: 0.0}  # the seat that acted gets its (zero) reward
            assert term == {"__all__": False} and trunc == {"__all__": False}
        agent, o, (obs, rew, term, trunc, info) = results[-1]
        assert set(obs) == set(env.possible_agents) and term["__all__"] and all(term.values())
        winners = env.game_state.winners()
        assert sorted(a for a, r in rew.items() if r == 1.0) == [f"player_{w}" for w in winners]
        assert all(r == -1.0 for a, r in rew.items() if int(a[-1]) not in winners)


def test_observations_equal_the_aec_env():
    env = TravelMultiAgentEnv({"env": "globetrotter_v0", "params": {"num_players": 2}})
    aec = make("globetrotter_v0", num_players=2)
    obs, _ = env.reset(seed=7)
    aec.reset(seed=7)
    rng = np.random.default_rng(1)
    for _ in range(100):
        (agent, o), = obs.items()
        assert agent == aec.agent_selection
        ref, *_ = aec.last()
        np.testing.assert_array_equal(o[OBS_KEY], ref["observation"])
        np.testing.assert_array_equal(o[MASK_KEY], ref["action_mask"].astype(np.float32))
        a = int(rng.choice(np.flatnonzero(o[MASK_KEY])))
        obs, *_ = env.step({agent: a})
        aec.step(a)


def test_factory_env_truncation_and_errors():
    env = TravelMultiAgentEnv({"env": lambda **p: make("globetrotter_v0", **p),
                               "params": {"num_players": 2, "max_decisions": 5}})
    rng = np.random.default_rng(0)
    results = _play(env, 0, rng)
    assert len(results) == 5
    obs, rew, term, trunc, _ = results[-1][2]
    assert trunc["__all__"] and not term["__all__"] and set(rew.values()) == {0.0}

    from travel_envs.core.aec import TravelAECEnv
    toy = TravelMultiAgentEnv({"env": lambda **p: TravelAECEnv(RaceGame, **p), "params": {"target": 5}})
    obs, _ = toy.reset(seed=0)
    assert obs["player_0"][MASK_KEY].tolist() == [1.0, 1.0]
    with pytest.raises(ParameterError, match="player_0's turn"):
        toy.step({"player_1": 0})
    with pytest.raises(ParameterError, match="unknown env_config"):
        TravelMultiAgentEnv({"env": "globetrotter_v0", "parms": {}})
    toy.step({"player_0": 1})
    toy.step({"player_1": 1})
    with pytest.raises(IllegalActionError):  # 4 + 2 > 5 is allowed (reaching the target); 9 is no action
        toy.step({"player_0": 9})


def test_env_ref_finds_the_live_env():
    env = TravelMultiAgentEnv({"env": "globetrotter_v0", "params": {"num_players": 2}, "expose_env_ref": True})
    obs, _ = env.reset(seed=0)
    (agent, o), = obs.items()
    assert env.observation_spaces[agent].contains(o)
    assert live_env(o[REF_KEY][0]) is env
    env.close()
    with pytest.raises(RuntimeError, match="no live travel_envs env"):
        live_env(o[REF_KEY][0])


def test_seat_mapping_is_consistent_within_an_episode():
    m = SeatMapping(3, "shared", ["random", "heuristic"], opponent_seats=2, seed=0)
    seen = set()
    for k in range(200):
        ep = type("Ep", (), {"id_": f"episode-{k}"})()
        seats = [m(f"player_{s}", ep) for s in range(3)]
        assert seats == m.assignment(f"episode-{k}")
        assert seats.count("learner") == 1
        seen.add(tuple(seats))
    assert len(seen) > 6  # the learner's seat and the baselines vary
    per = SeatMapping(2, "per_seat", [], opponent_seats=0)
    assert [per(f"player_{s}", None) for s in range(2)] == ["learner_0", "learner_1"]
    with pytest.raises(ParameterError, match="allowed: 0..1"):
        SeatMapping(2, "shared", ["random"], opponent_seats=2)
    with pytest.raises(ParameterError, match="allowed"):
        SeatMapping(2, "mixed")


def test_baseline_modules_play_legal_and_heuristic_sees_the_state():
    env = TravelMultiAgentEnv({"env": "globetrotter_v0", "params": {"num_players": 2}, "expose_env_ref": True})
    space, act_space = env.observation_spaces["player_0"], env.action_spaces["player_0"]
    modules = {}
    for name in ("random", "heuristic"):
        spec = baseline_spec(name, "globetrotter_v0", seed=3)
        spec.observation_space, spec.action_space = space, act_space
        modules[name] = spec.build()
    reference = HeuristicPolicy(seed=3)
    obs, _ = env.reset(seed=5)
    for step in range(300):
        (agent, o), = obs.items()
        batch = {Columns.OBS: {k: torch.as_tensor(v[None]) for k, v in o.items()}}
        a_rand = int(modules["random"].forward_exploration(batch)[Columns.ACTIONS][0])
        a_heur = int(modules["heuristic"].forward_inference(batch)[Columns.ACTIONS][0])
        assert o[MASK_KEY][a_rand] == 1.0 and o[MASK_KEY][a_heur] == 1.0
        assert a_heur == reference.act(o[OBS_KEY], o[MASK_KEY] > 0.5, env.game_state)
        obs, _, term, trunc, _ = env.step({agent: a_heur if step % 2 else a_rand})
        if term["__all__"] or trunc["__all__"]:
            obs, _ = env.reset(seed=step)
    with pytest.raises(NotImplementedError, match="policies_to_train"):
        modules["random"].forward_train(batch)
    del batch[Columns.OBS][REF_KEY]
    with pytest.raises(ParameterError, match="env_ref"):
        modules["heuristic"].forward_inference(batch)


def test_algorithm_config_for_each_policy_layout():
    from travel_envs.rllib.mapping import build_ppo_config
    from travel_envs.rllib.modules import BaselineRLModule

    config, mapping = build_ppo_config(env="globetrotter_v0", env_params={"num_players": 3}, num_players=3,
                                       sharing="per_seat", opponents=["heuristic", "random"], opponent_seats=1)
    specs = config.rl_module_spec.rl_module_specs
    assert set(specs) == {"learner_0", "learner_1", "learner_2", "heuristic", "random"}
    assert specs["heuristic"].module_class is BaselineRLModule
    assert set(config.policies_to_train) == {"learner_0", "learner_1", "learner_2"}
    assert config.env_config["expose_env_ref"] is True and config.gym_env_vectorize_mode == "sync"
    assert config.policy_mapping_fn is mapping

    config, mapping = build_ppo_config(env="globetrotter_v0", env_params={"num_players": 2}, num_players=2,
                                       sharing="shared", opponents=["heuristic"], opponent_seats=0)
    assert set(config.rl_module_spec.rl_module_specs) == {"learner"}  # self-play: no baseline module
    assert config.env_config["expose_env_ref"] is False
    assert [mapping(f"player_{s}", None) for s in range(2)] == ["learner", "learner"]
