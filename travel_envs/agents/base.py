"""The Policy protocol every baseline, loaded model and search agent follows."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Policy(Protocol):
    """Chooses an action from an observation vector and its legal-action mask.

    Policies that need the engine state (heuristics) receive it through the
    optional ``state`` argument; learned policies ignore it, so a learned
    policy sees exactly what the environment shows its seat.
    """

    name: str

    def act(self, observation: np.ndarray, action_mask: np.ndarray, state=None) -> int: ...


class RandomPolicy:
    """Uniform over the legal actions, from its own seeded generator."""

    #: the wrappers skip encoding an observation for policies that never read it
    uses_observation = False

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.name = name
        self.rng = np.random.default_rng(seed)

    def seed(self, seed: int | None) -> None:
        """Restart the generator (used when an environment is reset with a seed)."""
        self.rng = np.random.default_rng(seed)

    def act(self, observation: np.ndarray, action_mask: np.ndarray, state=None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise ValueError("RandomPolicy.act: the action mask has no legal action")
        return int(legal[self.rng.integers(legal.size)])
