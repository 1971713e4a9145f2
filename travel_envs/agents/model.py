"""Learned policies without torch in the hot loop.

A MaskablePPO ``MlpPolicy`` actor is a stack of Linear layers with an
activation between them, then the ``action_net`` Linear layer. For one
observation at a time (an opponent inside ``step()``, an arena game) a numpy
forward pass is several times cheaper than a torch call, so models and
self-play snapshots are converted to :class:`NumpyMLPPolicy` once, when loaded.

- :func:`load_model_policy` reads a MaskablePPO ``.zip`` (missing file -> an
  error naming the path),
- :func:`policy_from_sb3` converts a live SB3 policy (used for snapshots),
- :meth:`NumpyMLPPolicy.save` / :meth:`NumpyMLPPolicy.load` write and read a
  small ``.npz`` (self-play snapshots travel between processes this way).
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

_ACTIVATIONS = ("tanh", "relu", "identity")


def _activation_name(module) -> str:
    import torch.nn as nn

    if isinstance(module, nn.Tanh):
        return "tanh"
    if isinstance(module, nn.ReLU):
        return "relu"
    if isinstance(module, nn.Identity):
        return "identity"
    raise ValueError(f"unsupported activation {type(module).__name__}; supported: Tanh, ReLU")


class NumpyMLPPolicy:
    """Masked-softmax actor of an MLP: ``logits = W_k f(... f(W_1 x + b_1)) + b_k``.

    ``deterministic=True`` plays the most likely legal action; otherwise it
    samples from the masked distribution with its own seeded generator.
    """

    uses_observation = True

    def __init__(self, weights, biases, activations, deterministic: bool = True,
                 seed: int | None = None, name: str = "model") -> None:
        if len(weights) != len(biases) or len(activations) != len(weights) - 1:
            raise ValueError("NumpyMLPPolicy: need one bias per weight and one activation per hidden layer")
        for act in activations:
            if act not in _ACTIVATIONS:
                raise ValueError(f"activation {act!r} not supported; allowed: {list(_ACTIVATIONS)}")
        # stored transposed (in, out) and contiguous for x @ W
        self.weights = [np.ascontiguousarray(np.asarray(w, np.float32).T) for w in weights]
        self.biases = [np.asarray(b, np.float32) for b in biases]
        self.activations = list(activations)
        self.deterministic = deterministic
        self.name = name
        self.rng = np.random.default_rng(seed)

    @property
    def observation_size(self) -> int:
        return self.weights[0].shape[0]

    @property
    def num_actions(self) -> int:
        return self.weights[-1].shape[1]

    def seed(self, seed: int | None) -> None:
        self.rng = np.random.default_rng(seed)

    def logits(self, observation: np.ndarray) -> np.ndarray:
        x = np.asarray(observation, np.float32)
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            x = x @ w
            x += b
            if i < last:
                act = self.activations[i]
                if act == "tanh":
                    np.tanh(x, out=x)
                elif act == "relu":
                    np.maximum(x, 0.0, out=x)
        return x

    def act(self, observation: np.ndarray, action_mask: np.ndarray, state=None) -> int:
        logits = self.logits(observation)
        legal = np.asarray(action_mask, bool)
        logits[~legal] = -np.inf
        if self.deterministic:
            return int(np.argmax(logits))
        logits -= logits.max()
        p = np.exp(logits)
        p /= p.sum()
        return int(self.rng.choice(p.size, p=p))

    # -- persistence --------------------------------------------------------------
    def save(self, path: str | os.PathLike) -> None:
        """Write an ``.npz`` atomically (a reader never sees a half-written file)."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp.npz")
        arrays = {}
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            arrays[f"w{i}"] = w.T
            arrays[f"b{i}"] = b
        np.savez(tmp, activations=np.array(self.activations), **arrays)
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: str | os.PathLike, deterministic: bool = False, seed: int | None = None,
             name: str | None = None) -> "NumpyMLPPolicy":
        path = Path(path)
        if not path.is_file():
            raise FileNotFoundError(f"policy snapshot file not found: {path}")
        with np.load(path) as data:
            n = sum(1 for k in data.files if k.startswith("w"))
            weights = [data[f"w{i}"] for i in range(n)]
            biases = [data[f"b{i}"] for i in range(n)]
            acts = [str(a) for a in data["activations"]]
        return cls(weights, biases, acts, deterministic, seed, name or path.stem)


def policy_from_sb3(policy, deterministic: bool = True, seed: int | None = None,
                    name: str = "model") -> NumpyMLPPolicy:
    """Convert an SB3 ``MaskableActorCriticPolicy`` (MlpPolicy, flat Box obs) to numpy."""
    import torch.nn as nn
    from stable_baselines3.common.torch_layers import FlattenExtractor

    extractor = getattr(policy, "pi_features_extractor", policy.features_extractor)
    if not isinstance(extractor, FlattenExtractor):
        raise ValueError(f"only MlpPolicy with a flat observation is supported, got {type(extractor).__name__}")
    weights, biases, acts = [], [], []
    pending_linear = False
    for module in policy.mlp_extractor.policy_net:
        if isinstance(module, nn.Linear):
            if pending_linear:
                acts.append("identity")
            weights.append(module.weight.detach().cpu().numpy())
            biases.append(module.bias.detach().cpu().numpy())
            pending_linear = True
        else:
            acts.append(_activation_name(module))
            pending_linear = False
    if pending_linear:
        acts.append("identity")
    weights.append(policy.action_net.weight.detach().cpu().numpy())
    biases.append(policy.action_net.bias.detach().cpu().numpy())
    return NumpyMLPPolicy(weights, biases, acts, deterministic, seed, name)


def load_model_policy(path: str | os.PathLike, deterministic: bool = True, seed: int | None = None,
                      name: str | None = None) -> NumpyMLPPolicy:
    """A MaskablePPO ``.zip`` (or a snapshot ``.npz``) as a Policy."""
    path = Path(path)
    if not path.is_file():
        alt = path.with_name(path.name + ".zip")
        if path.suffix != ".zip" and alt.is_file():
            path = alt
        else:
            raise FileNotFoundError(f"model file not found: {path} (expected a MaskablePPO .zip saved by training)")
    if path.suffix == ".npz":
        return NumpyMLPPolicy.load(path, deterministic, seed, name or path.stem)
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(path, device="cpu")
    return policy_from_sb3(model.policy, deterministic, seed, name or path.stem)
