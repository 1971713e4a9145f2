"""Trained RLlib modules as travel_envs ``Policy`` objects, for our evaluation arena.

The arena (:mod:`travel_envs.evaluation.arena`) calls ``act(observation,
action_mask, state)``; :class:`RLModulePolicy` runs the RLModule's inference
pass on that single observation (mask included, under RLlib's key names) and
plays the best legal action (or samples, with ``deterministic=False``).
:class:`SeatPolicies` plays "one policy per seat" runs: the module trained for
the acting seat moves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

import numpy as np
import torch
from ray.rllib.core.columns import Columns

from .env import MASK_KEY, OBS_KEY


class RLModulePolicy:
    """A torch RLModule with RLlib's action-masking inputs, as a Policy."""

    uses_observation = True

    def __init__(self, module, name: str = "rllib", deterministic: bool = True, seed: int | None = None) -> None:
        self.module = module
        self.name = name
        self.deterministic = deterministic
        self.rng = np.random.default_rng(seed)
        if hasattr(module, "eval"):
            module.eval()

    def seed(self, seed: int | None) -> None:
        self.rng = np.random.default_rng(seed)

    def logits(self, observation: np.ndarray, action_mask: np.ndarray) -> np.ndarray:
        """The module's masked action logits for one observation."""
        batch = {Columns.OBS: {
            OBS_KEY: torch.as_tensor(np.asarray(observation, np.float32)[None]),
            MASK_KEY: torch.as_tensor(np.asarray(action_mask, np.float32)[None]),
        }}
        with torch.no_grad():
            out = self.module.forward_inference(batch)
        return out[Columns.ACTION_DIST_INPUTS][0].cpu().numpy().astype(np.float64)

    def act(self, observation: np.ndarray, action_mask: np.ndarray, state=None) -> int:
        legal = np.asarray(action_mask).astype(bool)
        if not legal.any():
            raise ValueError(f"{self.name}: the action mask has no legal action")
        logits = np.where(legal, self.logits(observation, action_mask), -np.inf)
        if self.deterministic:
            return int(np.argmax(logits))
        p = np.exp(logits - logits.max())
        return int(self.rng.choice(len(p), p=p / p.sum()))


class SeatPolicies:
    """One Policy per seat (``policies[seat]``), dispatched on ``state.current_player``."""

    uses_observation = True

    def __init__(self, policies: Mapping[int, RLModulePolicy] | list, name: str = "rllib") -> None:
        self.policies = dict(enumerate(policies)) if isinstance(policies, list) else dict(policies)
        self.name = name

    def seed(self, seed: int | None) -> None:
        for i, p in self.policies.items():
            p.seed(None if seed is None else seed + i)

    def act(self, observation: np.ndarray, action_mask: np.ndarray, state=None) -> int:
        if state is None:
            raise ValueError(f"{self.name}: per-seat policies need the state to know the seat")
        return self.policies[state.current_player].act(observation, action_mask, state)


def learner_module(algo, module_id: str):
    """A copy of ``module_id`` with the learner's current weights.

    The env runners' copies can lag one update behind the learner (weights are
    pushed to them on RLlib's schedule), so evaluation reads the learner.
    """
    import copy

    module = copy.deepcopy(algo.get_module(module_id))
    state = algo.learner_group.get_state(components=f"learner/rl_module/{module_id}",
                                         inference_only=bool(getattr(module, "inference_only", False)))
    module.set_state(state["learner"]["rl_module"][module_id])
    return module


def module_checkpoint_dir(checkpoint: str | Path, module_id: str) -> Path:
    """Where an algorithm checkpoint keeps one RLModule."""
    return Path(checkpoint) / "learner_group" / "learner" / "rl_module" / module_id


def load_module_policy(checkpoint: str | Path, module_id: str = "learner", deterministic: bool = True,
                       name: str | None = None) -> RLModulePolicy:
    """A Policy from one learned module of an algorithm checkpoint (no Algorithm, no Ray cluster)."""
    from ray.rllib.core.rl_module.rl_module import RLModule

    path = module_checkpoint_dir(checkpoint, module_id)
    if not path.is_dir():
        raise FileNotFoundError(f"no RLModule {module_id!r} in checkpoint {checkpoint} (looked in {path})")
    module = RLModule.from_checkpoint(str(path))
    return RLModulePolicy(module, name=name or f"rllib:{module_id}", deterministic=deterministic)


def load_checkpoint_policy(checkpoint: str | Path, deterministic: bool = True, seed: int | None = None,
                           name: str | None = None):
    """The learned module(s) of an algorithm checkpoint as one Policy: the ``learner`` module of a
    shared run, or one module per seat (``learner_0``, ...) of a per-seat run.

    RLlib checkpoints are pickled objects: loading one runs code, so load only trusted folders."""
    root = Path(checkpoint) / "learner_group" / "learner" / "rl_module"
    ids = sorted(p.name for p in root.glob("learner*") if p.is_dir()) if root.is_dir() else []
    label = name or f"rllib:{Path(checkpoint).name}"
    if "learner" in ids:
        policy = load_module_policy(checkpoint, "learner", deterministic, name=label)
    elif ids:
        seats = sorted(ids, key=lambda m: int(m.rsplit("_", 1)[1]))
        policy = SeatPolicies([load_module_policy(checkpoint, m, deterministic, name=f"{label}:{m}") for m in seats],
                              name=label)
    else:
        raise FileNotFoundError(f"no learned RLModule (learner, learner_<seat>) in checkpoint {checkpoint} "
                                f"(looked in {root})")
    policy.seed(seed)
    return policy
