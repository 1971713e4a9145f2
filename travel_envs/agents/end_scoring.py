"""The end-scoring network, played in numpy: a policy that scores a move by where it ends.

An MLP over a flat observation learns each location's action on its own; in Trekking the World, where
a move is one decision naming its end (``move_by_end``) and an Itinerary is worth the best end its
move reaches, that makes it find the map's paths from one-hot locations. This network reads the
observation's per-location block (``location_features``) and per-plan block (``plan_features``) and
scores every (plan row, location) pair with one small MLP shared by all locations:

- ``logits = linear(h)`` with ``h`` the trunk (an MLP over the whole observation), as an MLP policy;
- ``score[k, l] = scorer([location features l, plan values k l, location embedding l, row embedding
  k, context(h)])`` for plan row ``k`` (0: the move being made, 1..: an Itinerary slot);
- location actions add ``score[0, l]``; the action of row ``k >= 1`` adds the log-sum-exp of
  ``score[k, l]`` over the ends its move reaches (a soft "best end").

The torch twin that trains it is ``training/networks.py``; the layout (where the blocks lie in the
observation and which actions they score) comes from the game (``end_scoring_layout()``). Only the
pairs a legal action needs are scored: Trekking the World's shipped agent decides in 0.57 CPU ms over
whole games (``python -m benchmarks.decision_cost --env trekking_the_world_v0 --policies mcts zoo``).
"""

from __future__ import annotations

import json
import os
import re
from typing import Mapping

import numpy as np

from travel_envs.core.files import atomic_path

from .base import masked_choice

#: the ``kind`` of this network in a model's metadata (``meta["network"]["kind"]``)
KIND = "end_scoring"
#: the head's sizes when a config gives none
DEFAULT_HEAD = {"context": 64, "location_embedding": 16, "row_embedding": 8, "scorer": [128, 128]}
#: the layout's keys (all ints)
LAYOUT_KEYS = ("loc_start", "loc_features", "num_locations", "plan_start", "plan_rows", "plan_values",
               "loc_action", "row_action")


def check_layout(layout: Mapping) -> dict:
    """The layout's integers (a ValueError names the keys a game's ``end_scoring_layout()`` left out)."""
    missing = [k for k in LAYOUT_KEYS if not isinstance(layout.get(k), int)]
    if missing:
        raise ValueError(f"end-scoring layout lacks integer {missing}")
    return {k: int(layout[k]) for k in LAYOUT_KEYS}


def _layer_indices(arrays: Mapping, prefix: str) -> list[int]:
    """The indices ``i`` of ``<prefix>.<i>.weight`` entries (an ``nn.Sequential``'s Linear layers), in order."""
    pattern = re.compile(re.escape(prefix) + r"\.(\d+)\.weight")
    return sorted(int(m.group(1)) for k in arrays if (m := pattern.fullmatch(k)))


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0, out=x)


class NumpyEndScoringPolicy:
    """The end-scoring actor in numpy (``deterministic``: the most likely legal action, else a sample).

    ``arrays``: the torch state dict's actor entries as arrays (``mlp_extractor.policy_net.*``,
    ``action_net.*``; kept as ``self.arrays``, what a snapshot saves and a warm start loads);
    ``meta``: the model's metadata, whose ``network`` entry holds the layout, the head's sizes and
    the trunk's activation."""

    uses_observation = True

    def __init__(self, arrays: Mapping[str, np.ndarray], meta: dict, deterministic: bool = True,
                 seed: int | None = None, name: str = "model") -> None:
        net = meta.get("network") or {}
        if net.get("kind") != KIND:
            raise ValueError(f"not an end-scoring model (network kind {net.get('kind')!r})")
        self.meta = dict(meta)
        self.layout = L = check_layout(net.get("layout") or {})
        act = net.get("activation", "relu")
        if act not in ("relu", "tanh"):
            raise ValueError(f"trunk activation {act!r} not supported (relu, tanh)")
        self._tanh = act == "tanh"
        def get(key: str) -> np.ndarray:
            return np.asarray(arrays[key], np.float32)

        idx = _layer_indices(arrays, "mlp_extractor.policy_net")
        if not idx:
            raise ValueError("no trunk layers (mlp_extractor.policy_net.*)")
        self.trunk = [(np.ascontiguousarray(get(f"mlp_extractor.policy_net.{i}.weight").T),
                       get(f"mlp_extractor.policy_net.{i}.bias")) for i in idx]
        self.linear = (np.ascontiguousarray(get("action_net.linear.weight").T), get("action_net.linear.bias"))
        self.context = (np.ascontiguousarray(get("action_net.context.weight").T), get("action_net.context.bias"))
        layers = [(get(f"action_net.scorer.{i}.weight"), get(f"action_net.scorer.{i}.bias"))
                  for i in _layer_indices(arrays, "action_net.scorer")]
        w1, b1 = layers[0]
        F, V = L["loc_features"], L["plan_values"]
        emb, rows = get("action_net.location_embedding"), get("action_net.row_embedding")
        e, r = emb.shape[1], rows.shape[1]
        # the first scorer layer, split by input: per pair (location features, plan values), per location
        # (its embedding), per row (its embedding), per decision (the context)
        self.w_pair = np.ascontiguousarray(w1[:, :F + V].T)
        self.per_location = emb @ w1[:, F + V:F + V + e].T + b1
        self.per_row = rows @ w1[:, F + V + e:F + V + e + r].T
        self.w_context = np.ascontiguousarray(w1[:, F + V + e + r:].T)
        self.scorer = [(np.ascontiguousarray(w.T), b) for w, b in layers[1:]]
        self.deterministic = deterministic
        self.name = name
        self.rng = np.random.default_rng(seed)
        self.arrays = {k: np.asarray(v, np.float32) for k, v in arrays.items()}

    @property
    def observation_size(self) -> int:
        return self.trunk[0][0].shape[0]

    @property
    def num_actions(self) -> int:
        return self.linear[0].shape[1]

    def seed(self, seed: int | None) -> None:
        self.rng = np.random.default_rng(seed)

    def _scores(self, pair_in: np.ndarray, locations: np.ndarray, row: int, context: np.ndarray) -> np.ndarray:
        x = pair_in @ self.w_pair
        x += self.per_location[locations]
        x += self.per_row[row] + context
        for w, b in self.scorer:
            _relu(x)
            x = x @ w
            x += b
        return x[:, 0]

    def logits(self, observation: np.ndarray, action_mask: np.ndarray | None = None) -> np.ndarray:
        """Every action's logit (only the legal ones are right when ``action_mask`` is given: the pairs
        no legal action needs are not scored)."""
        L = self.layout
        x = np.asarray(observation, np.float32)
        h = x
        for w, b in self.trunk:
            h = h @ w
            h += b
            if self._tanh:
                np.tanh(h, out=h)
            else:
                _relu(h)
        logits = h @ self.linear[0] + self.linear[1]
        context = (h @ self.context[0] + self.context[1]) @ self.w_context
        n, F, K, V = L["num_locations"], L["loc_features"], L["plan_rows"], L["plan_values"]
        feats = x[L["loc_start"]:L["loc_start"] + n * F].reshape(n, F)
        plan = x[L["plan_start"]:L["plan_start"] + K * n * V].reshape(K, n, V)
        legal = np.ones(self.num_actions, bool) if action_mask is None else np.asarray(action_mask, bool)
        a0 = L["loc_action"]
        locs = np.flatnonzero(legal[a0:a0 + n])
        if locs.size:
            logits[a0 + locs] += self._scores(np.hstack([feats[locs], plan[0, locs]]), locs, 0, context)
        for k in range(1, K):
            a = L["row_action"] + k - 1
            if not legal[a]:
                continue
            ends = np.flatnonzero(plan[k, :, 0] > 0)
            if ends.size:
                s = self._scores(np.hstack([feats[ends], plan[k, ends]]), ends, k, context)
                top = s.max()
                logits[a] += top + np.log(np.exp(s - top).sum())
        return logits

    def act(self, observation: np.ndarray, action_mask: np.ndarray, state=None) -> int:
        legal = np.asarray(action_mask, bool)
        return masked_choice(self.logits(observation, legal), legal, self.deterministic, self.rng)

    # -- persistence --------------------------------------------------------------
    def save(self, path: str | os.PathLike) -> None:
        """Write an ``.npz`` atomically: the state dict's actor arrays and the metadata."""
        with atomic_path(path) as tmp, open(tmp, "wb") as fh:
            np.savez(fh, meta=np.array(json.dumps(self.meta)), **self.arrays)

    @classmethod
    def from_npz(cls, data, deterministic: bool, seed: int | None, name: str) -> "NumpyEndScoringPolicy":
        """From an open ``numpy.load`` of a file :meth:`save` wrote."""
        arrays = {k: data[k] for k in data.files if k != "meta"}
        return cls(arrays, json.loads(str(data["meta"])), deterministic, seed, name)


def is_end_scoring(meta: dict | None) -> bool:
    return bool(meta) and (meta.get("network") or {}).get("kind") == KIND


def actor_arrays(state: Mapping) -> dict[str, np.ndarray]:
    """The actor's entries of a torch state dict (trunk and head) as float32 arrays."""
    return {k: v.detach().cpu().numpy().astype(np.float32) if hasattr(v, "detach") else np.asarray(v, np.float32)
            for k, v in state.items() if k.startswith(("mlp_extractor.policy_net.", "action_net."))}
