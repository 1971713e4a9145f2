"""Opponent sources for training: fixed policies, weighted mixes and the self-play pool.

An *opponent source* has ``sample(rng) -> Policy``: the single-agent wrapper
asks it once per opponent seat at every reset. :class:`OpponentMix` draws a
kind by weight (``{"random": 0.2, "heuristic": 0.4, "snapshot": 0.4}``);
the ``"snapshot"`` kind draws from a :class:`SnapshotPool` of frozen copies of
the learner that the trainer adds every K steps (as small ``.npz`` files, so
they reach ``SubprocVecEnv`` workers through ``env_method("add_snapshot", path)``).
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np

from travel_envs.core.game import ParameterError

from .base import Policy, RandomPolicy
from .model import load_npz_policy
from .registry import check_policy_spec, make_policy


class FixedOpponent:
    """Always the same policy."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def sample(self, rng: np.random.Generator) -> Policy:
        return self.policy

    def policies(self) -> list[Policy]:
        return [self.policy]


class SnapshotPool:
    """The newest ``max_size`` frozen learners; ``latest_prob`` of the draws pick the newest.

    Snapshots play by sampling from their policy (``deterministic=False`` by
    default) so the learner meets varied play. Loaded snapshots are cached.
    """

    def __init__(self, max_size: int = 10, latest_prob: float = 0.5, deterministic: bool = False,
                 seed: int | None = None, paths=()) -> None:
        if max_size < 1:
            raise ParameterError(f"snapshot pool max_size={max_size} must be >= 1")
        if not 0.0 <= latest_prob <= 1.0:
            raise ParameterError(f"snapshot latest_prob={latest_prob} must be in [0, 1]")
        self.max_size = max_size
        self.latest_prob = latest_prob
        self.deterministic = deterministic
        self.paths: list[str] = []
        self._cache: OrderedDict[str, Policy] = OrderedDict()
        self._seed_rng = np.random.default_rng(seed)
        for p in paths:
            self.add(p)

    def __len__(self) -> int:
        return len(self.paths)

    def add(self, path) -> None:
        path = str(path)
        if path in self.paths:
            return
        self.paths.append(path)
        while len(self.paths) > self.max_size:
            old = self.paths.pop(0)
            self._cache.pop(old, None)

    def _get(self, path: str) -> Policy:
        policy = self._cache.get(path)
        if policy is None:
            seed = int(self._seed_rng.integers(2**31))
            policy = load_npz_policy(path, deterministic=self.deterministic, seed=seed, name="snapshot")
            self._cache[path] = policy
        return policy

    def sample(self, rng: np.random.Generator) -> Policy:
        if not self.paths:
            raise ParameterError("the self-play snapshot pool is empty")
        if len(self.paths) == 1 or rng.random() < self.latest_prob:
            return self._get(self.paths[-1])
        return self._get(self.paths[int(rng.integers(len(self.paths)))])


class OpponentMix:
    """Draw one opponent kind per seat and episode, by weight.

    ``kinds`` maps spec strings (``random``, ``heuristic``, ``model:PATH``,
    ``snapshot``) to non-negative weights. While the snapshot pool is empty
    its weight is spread over the other kinds (random play if nothing else).
    """

    def __init__(self, kinds: dict[str, float], env_id=None, seed: int | None = None,
                 pool: SnapshotPool | None = None) -> None:
        if not kinds:
            raise ParameterError("opponent mix is empty; give at least one of random, heuristic, expert, model:PATH, snapshot")
        specs, weights = [], []
        for spec, w in kinds.items():
            check_policy_spec(spec, allow_snapshot=True)
            if not (isinstance(w, (int, float)) and w >= 0):
                raise ParameterError(f"opponent weight for {spec!r} must be a number >= 0, got {w!r}")
            if w > 0:
                specs.append(spec)
                weights.append(float(w))
        if not specs:
            raise ParameterError("opponent mix weights are all zero")
        self.specs = specs
        self.weights = np.array(weights) / sum(weights)
        seeds = np.random.SeedSequence(seed).spawn(len(specs) + 1)
        self.pool = pool
        if "snapshot" in specs and self.pool is None:
            self.pool = SnapshotPool(seed=int(seeds[-1].generate_state(1)[0]))
        self._fixed = {
            s: make_policy(s, env_id, seed=int(sd.generate_state(1)[0]))
            for s, sd in zip(specs, seeds) if s != "snapshot"
        }
        self._fallback = RandomPolicy(seed=int(seeds[-1].generate_state(1)[0]))
        snap = specs.index("snapshot") if "snapshot" in specs else -1
        self._snap_index = snap
        others = self.weights.copy()
        if snap >= 0:
            others[snap] = 0.0
        self._weights_no_snap = others / others.sum() if others.sum() > 0 else None

    def add_snapshot(self, path) -> None:
        if self.pool is not None:
            self.pool.add(path)

    def sample(self, rng: np.random.Generator) -> Policy:
        weights = self.weights
        if self._snap_index >= 0 and not len(self.pool):
            if self._weights_no_snap is None:
                return self._fallback
            weights = self._weights_no_snap
        i = int(rng.choice(len(self.specs), p=weights)) if len(self.specs) > 1 else 0
        spec = self.specs[i]
        if spec == "snapshot":
            return self.pool.sample(rng)
        return self._fixed[spec]

    def policies(self) -> list[Policy]:
        return list(self._fixed.values())


def as_opponent_source(opponents, env_id=None, seed: int | None = None):
    """Normalise what ``make_single_agent(opponents=...)`` accepts into a source with ``sample``.

    - a spec string or a Policy: every opponent seat plays it,
    - a dict ``{spec: weight}``: an :class:`OpponentMix`,
    - an object with ``sample(rng)`` (OpponentMix, SnapshotPool, FixedOpponent): used as is.
    A list (one entry per opponent seat) is handled by the wrapper itself.
    """
    if hasattr(opponents, "sample"):
        return opponents
    if isinstance(opponents, dict):
        return OpponentMix(opponents, env_id=env_id, seed=seed)
    return FixedOpponent(make_policy(opponents, env_id, seed=seed))
