"""The Policy protocol every baseline, loaded model and search agent follows."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from travel_envs.core.game import IllegalActionError


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
        # the legal ids, as np.flatnonzero gives them, without its ravel/wrapper overhead (~2 us)
        legal = np.asarray(action_mask).reshape(-1).nonzero()[0]
        if legal.size == 0:
            raise ValueError("RandomPolicy.act: the action mask has no legal action")
        return int(legal[self.rng.integers(legal.size)])


def policy_action(policy: Policy, state, buf: np.ndarray, role: str = "policy") -> int:
    """Ask ``policy`` for the move of the seat to act, from that seat's own view.

    ``buf`` is a reusable float32 observation buffer; it is filled only for
    policies that read observations. An illegal answer raises, naming the
    policy by its ``role`` (e.g. "opponent") and name.
    """
    seat = state.current_player
    mask = state.legal_action_mask()
    if getattr(policy, "uses_observation", True):
        buf.fill(0.0)
        state.observation(seat, buf)
    action = policy.act(buf, mask, state)
    if not mask[action]:
        raise IllegalActionError(
            f"{role} {getattr(policy, 'name', policy)!r} in seat {seat} chose illegal action {action} "
            f"({state.action_to_string(action)}) in phase {state.phase!r}"
        )
    return action


def reseed_policy(policy, seed: int | None) -> None:
    """Reseed a policy's generator if it has one (``seed()`` method or ``rng`` attribute)."""
    fn = getattr(policy, "seed", None)
    if callable(fn):
        fn(seed)
    elif isinstance(getattr(policy, "rng", None), np.random.Generator):
        policy.rng = np.random.default_rng(seed)


def masked_choice(logits: np.ndarray, legal: np.ndarray, deterministic: bool, rng: np.random.Generator) -> int:
    """A network policy's move from its ``logits`` (changed in place) over the ``legal`` bool mask: the
    most likely legal action, or a sample from the masked softmax."""
    logits[~legal] = -np.inf
    if deterministic:
        return int(np.argmax(logits))
    logits -= logits.max()
    p = np.exp(logits)
    p /= p.sum()
    return int(rng.choice(p.size, p=p))
