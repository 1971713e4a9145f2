"""RLModules: the masked PPO module for learners, and our baselines as fixed RLModules.

The learned policy uses RLlib's own action-masking PPO RLModule
(``ray.rllib.examples.rl_modules.classes.action_masking_rlm``), unmodified: it
reads ``obs["observations"]`` and ``obs["action_mask"]`` and adds
``log(mask)`` (clamped) to the action logits in every forward pass
(inference, exploration and training), so a masked-out action has probability
zero. :class:`~travel_envs.rllib.env.TravelMultiAgentEnv` produces exactly
those key names.

:class:`BaselineRLModule` plays one of our baseline Policies (``"random"`` or
the game's ``"heuristic"``) inside RLlib's env runners. It is never trained
(keep it out of ``policies_to_train``); it returns actions directly.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from ray.rllib.core.columns import Columns
from ray.rllib.core.rl_module.rl_module import RLModule, RLModuleSpec
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule

from travel_envs.core.game import ParameterError

from .env import MASK_KEY, OBS_KEY, REF_KEY, live_env

BASELINES = ("random", "heuristic")


def masked_ppo_spec(hidden: list[int] | tuple[int, ...] = (256, 256), activation: str = "relu",
                    vf_share_layers: bool = False) -> RLModuleSpec:
    """Spec of a learned, action-masked PPO policy (spaces are filled in from the env)."""
    return RLModuleSpec(
        module_class=ActionMaskingTorchRLModule,
        model_config={
            "fcnet_hiddens": list(hidden),
            "fcnet_activation": activation,
            "head_fcnet_hiddens": [],
            "vf_share_layers": vf_share_layers,
        },
    )


def baseline_spec(policy: str, env: Any, seed: int | None = None) -> RLModuleSpec:
    """Spec of a fixed baseline module; ``env`` is the env spec the heuristic belongs to."""
    if policy not in BASELINES:
        raise ParameterError(f"unknown baseline {policy!r}; allowed: {list(BASELINES)}")
    return RLModuleSpec(module_class=BaselineRLModule,
                        model_config={"policy": policy, "env": env, "seed": seed})


def _numpy(x) -> np.ndarray:
    return x.detach().cpu().numpy() if hasattr(x, "detach") else np.asarray(x)


class BaselineRLModule(RLModule):
    """One of our baseline Policies as a fixed (non-trainable) RLModule.

    ``model_config``: ``policy`` (``"random"`` or ``"heuristic"``), ``env`` (the
    env spec, to find the game's ``HeuristicPolicy``), ``seed``. A heuristic reads
    the engine state of the env that produced each observation through the
    observation's ``"env_ref"`` token (see :mod:`travel_envs.rllib.env`).
    """

    def setup(self) -> None:
        from travel_envs.agents.games import make_rule_player  # not the registry: no path back into rllib

        cfg = dict(self.model_config or {})
        self.policy_spec = cfg.get("policy", "random")
        if self.policy_spec not in BASELINES:
            raise ParameterError(f"unknown baseline {self.policy_spec!r}; allowed: {list(BASELINES)}")
        self.policy = make_rule_player(self.policy_spec, cfg.get("env"), seed=cfg.get("seed"))
        self.needs_state = self.policy_spec != "random"

    def _forward(self, batch: dict[str, Any], **kwargs) -> dict[str, Any]:
        obs = batch[Columns.OBS]
        observations = _numpy(obs[OBS_KEY])
        masks = _numpy(obs[MASK_KEY]) > 0.5
        refs = None
        if self.needs_state:
            if REF_KEY not in obs:
                raise ParameterError("a heuristic baseline needs the env's 'env_ref' key (expose_env_ref=True)")
            refs = _numpy(obs[REF_KEY]).reshape(-1)
        actions = np.empty(len(masks), np.int64)
        for i in range(len(masks)):
            state = live_env(refs[i]).game_state if self.needs_state else None
            if state is not None and not masks[i].any():
                raise RuntimeError("baseline asked to act on an all-false mask")
            actions[i] = self.policy.act(observations[i], masks[i], state)
        return {Columns.ACTIONS: actions}

    def _forward_train(self, batch, **kwargs):
        raise NotImplementedError(
            f"baseline {self.policy_spec!r} is a fixed policy: keep it out of policies_to_train"
        )
