"""Action masking: RLlib's policy never samples a masked-out action.

The module test feeds real Globetrotter observations (random play, many
decision phases) to an untrained masked PPO RLModule and samples from its
action distribution exactly as RLlib's env runners do. The env-runner test
(a real sampling pass through RLlib) is in test_rllib_train.py.
"""

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

import torch  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402

from travel_envs.rllib.env import MASK_KEY, OBS_KEY, TravelMultiAgentEnv  # noqa: E402
from travel_envs.rllib.modules import masked_ppo_spec  # noqa: E402
from travel_envs.rllib.policy import RLModulePolicy  # noqa: E402


def _collect(env_id="globetrotter_v0", steps=600, seed=0, **params):
    env = TravelMultiAgentEnv({"env": env_id, "params": params})
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    out = []
    while len(out) < steps:
        (agent, o), = obs.items()
        out.append(o)
        legal = np.flatnonzero(o[MASK_KEY])
        obs, _, term, trunc, _ = env.step({agent: int(rng.choice(legal))})
        if term["__all__"] or trunc["__all__"]:
            obs, _ = env.reset(seed=int(rng.integers(1 << 30)))
    return env, out


def _module(env):
    spec = masked_ppo_spec([32, 32])
    spec.observation_space = env.observation_spaces["player_0"]
    spec.action_space = env.action_spaces["player_0"]
    return spec.build()


def test_module_never_samples_a_masked_action():
    torch.manual_seed(0)
    env, data = _collect(num_players=3)
    module = _module(env)
    obs = {OBS_KEY: torch.as_tensor(np.stack([d[OBS_KEY] for d in data])),
           MASK_KEY: torch.as_tensor(np.stack([d[MASK_KEY] for d in data]))}
    masks = obs[MASK_KEY].numpy() > 0.5
    # Masks with few legal actions out of many: sampling a masked action by chance would show.
    assert (masks.sum(1) < masks.shape[1] / 4).mean() > 0.5
    dist_cls = module.get_exploration_action_dist_cls()
    for forward in (module.forward_exploration, module.forward_inference):
        with torch.no_grad():
            out = forward({Columns.OBS: {k: v.clone() for k, v in obs.items()}})
        dist = dist_cls.from_logits(out[Columns.ACTION_DIST_INPUTS])
        for _ in range(50):  # 50 x 600 sampled actions
            actions = dist.sample().numpy()
            assert masks[np.arange(len(actions)), actions].all()
        greedy = out[Columns.ACTION_DIST_INPUTS].argmax(-1).numpy()
        assert masks[np.arange(len(greedy)), greedy].all()


def test_masked_logits_give_zero_probability_to_illegal_actions():
    env, data = _collect(steps=50, num_players=2)
    module = _module(env)
    policy = RLModulePolicy(module, deterministic=False, seed=1)
    for d in data:
        logits = policy.logits(d[OBS_KEY], d[MASK_KEY])
        p = np.exp(logits - logits.max())
        p /= p.sum()
        assert p[d[MASK_KEY] < 0.5].max(initial=0.0) < 1e-12
        for _ in range(5):
            assert d[MASK_KEY][policy.act(d[OBS_KEY], d[MASK_KEY])] == 1.0
