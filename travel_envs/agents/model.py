"""Learned policies without torch in the hot loop, read from model files without running code.

A MaskablePPO ``MlpPolicy`` actor is a stack of Linear layers with an
activation between them, then the ``action_net`` Linear layer. For one
observation at a time (an opponent inside ``step()``, an arena game) a numpy
forward pass is several times cheaper than a torch call, so models and
self-play snapshots are converted to :class:`NumpyMLPPolicy` once, when loaded.

Model files and safety. An SB3 ``.zip`` holds cloudpickled Python objects (in
its ``data`` entry): ``MaskablePPO.load`` runs whatever they contain. Playing a
model never needs them: :func:`load_model_policy` reads only the weights
(``policy.pth``, through torch's weights-only loader, which refuses anything
but tensors) and the architecture from this project's own JSON entry in the
zip (``travel_envs.json``, see :func:`model_metadata`). Only resuming training
needs the full SB3 load (the optimizer and the schedules), and that file must
be trusted.

The metadata names the env id, the game's version and parameters, the
observation and action sizes and the actor's architecture, so a model is
played only on the table it was trained for (:func:`check_policy_fits`).

- :func:`save_sb3_model` writes a MaskablePPO model with that metadata, atomically,
- :func:`load_model_policy` reads a ``.zip`` (or a snapshot ``.npz``, :func:`load_npz_policy`) as a
  Policy: a :class:`NumpyMLPPolicy`, or the end-scoring network's ``NumpyEndScoringPolicy``,
- :func:`read_model_metadata` reads only the metadata (to build the right env),
- :func:`policy_from_sb3` converts a live SB3 policy (used for snapshots),
- :meth:`NumpyMLPPolicy.save` / :meth:`NumpyMLPPolicy.load` write and read a
  small ``.npz`` (self-play snapshots travel between processes this way).
"""

from __future__ import annotations

import io
import json
import os
import re
import zipfile
import zlib
from pathlib import Path
from typing import Any

import numpy as np

from travel_envs.core.files import atomic_path
from travel_envs.core.game import ParameterError, params_to_dict, stored_params_diff

from .base import masked_choice
from .end_scoring import NumpyEndScoringPolicy, actor_arrays, is_end_scoring

#: the file endings of a saved model (a MaskablePPO ``.zip``, a snapshot or shipped ``.npz``)
MODEL_SUFFIXES = (".zip", ".npz")

_ACTIVATIONS = ("tanh", "relu", "identity")
#: the JSON entry this project adds to an SB3 model zip
META_ENTRY = "travel_envs.json"
META_FORMAT = "travel_envs.model/1"


class ModelFileError(ParameterError):
    """A model file that cannot be read (corrupt, truncated, not a model) or does not fit the env."""


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
    ``meta`` is the model's metadata (what it was trained for), or None.
    """

    uses_observation = True

    def __init__(self, weights, biases, activations, deterministic: bool = True,
                 seed: int | None = None, name: str = "model", meta: dict | None = None) -> None:
        if len(weights) != len(biases) or len(activations) != len(weights) - 1:
            raise ValueError("NumpyMLPPolicy: need one bias per weight and one activation per hidden layer")
        for act in activations:
            if act not in _ACTIVATIONS:
                raise ValueError(f"activation {act!r} not supported; allowed: {list(_ACTIVATIONS)}")
        # stored transposed (in, out) and contiguous for x @ W
        self.weights = [np.ascontiguousarray(np.asarray(w, np.float32).T) for w in weights]
        self.biases = [np.asarray(b, np.float32) for b in biases]
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            if w.ndim != 2 or b.shape != (w.shape[1],) or (i and w.shape[0] != self.weights[i - 1].shape[1]):
                raise ValueError(f"NumpyMLPPolicy: layer {i} has weight {w.T.shape} and bias {b.shape}, "
                                 "which do not chain")
        self.activations = list(activations)
        self.deterministic = deterministic
        self.name = name
        self.meta = dict(meta) if meta else None
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
        return masked_choice(self.logits(observation), np.asarray(action_mask, bool), self.deterministic, self.rng)

    # -- persistence --------------------------------------------------------------
    def save(self, path: str | os.PathLike) -> None:
        """Write an ``.npz`` atomically (a reader never sees a half-written file)."""
        arrays = {}
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            arrays[f"w{i}"] = w.T
            arrays[f"b{i}"] = b
        if self.meta:
            arrays["meta"] = np.array(json.dumps(self.meta))
        with atomic_path(path) as tmp, open(tmp, "wb") as fh:  # a handle: np.savez names no file itself
            np.savez(fh, activations=np.array(self.activations), **arrays)

    @classmethod
    def load(cls, path: str | os.PathLike, deterministic: bool = False, seed: int | None = None,
             name: str | None = None) -> "NumpyMLPPolicy":
        """Read an ``.npz`` snapshot (plain arrays only: ``numpy.load`` refuses pickled objects)."""
        return _read_npz(path, lambda data, stem: cls.from_npz(data, deterministic, seed, name or stem))

    @classmethod
    def from_npz(cls, data, deterministic: bool, seed: int | None, name: str) -> "NumpyMLPPolicy":
        """From an open ``numpy.load`` of a file :meth:`save` wrote."""
        n = sum(1 for k in data.files if re.fullmatch(r"w\d+", k))
        weights = [data[f"w{i}"] for i in range(n)]
        biases = [data[f"b{i}"] for i in range(n)]
        acts = [str(a) for a in data["activations"]]
        meta = json.loads(str(data["meta"])) if "meta" in data.files else None
        return cls(weights, biases, acts, deterministic, seed, name, meta)


def _read_npz(path: str | os.PathLike, build):
    """``build(data, file stem)`` on the open snapshot; a missing file or one training did not write
    (pickled, truncated, other arrays) is refused with :class:`ModelFileError`, never unpickled."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"policy snapshot file not found: {path}")
    try:
        with np.load(path, allow_pickle=False) as data:
            return build(data, path.stem)
    except (OSError, ValueError, KeyError, IndexError, EOFError, zipfile.BadZipFile) as exc:
        raise ModelFileError(f"{path}: not a readable policy snapshot (.npz written by training): "
                             f"{exc}") from None


def load_npz_policy(path: str | os.PathLike, deterministic: bool = False, seed: int | None = None,
                    name: str | None = None):
    """A snapshot or shipped ``.npz`` as a Policy: an MLP (:class:`NumpyMLPPolicy`) or, when its
    metadata says so, the end-scoring network (:class:`NumpyEndScoringPolicy`)."""
    def build(data, stem):
        meta = json.loads(str(data["meta"])) if "meta" in data.files else None
        kind = NumpyEndScoringPolicy if is_end_scoring(meta) else NumpyMLPPolicy
        return kind.from_npz(data, deterministic, seed, name or stem)

    return _read_npz(path, build)


def policy_from_sb3(policy, deterministic: bool = True, seed: int | None = None,
                    name: str = "model", meta: dict | None = None):
    """Convert an SB3 ``MaskableActorCriticPolicy`` (MlpPolicy or the end-scoring policy of
    ``training/networks.py``, flat Box obs) to numpy."""
    import torch.nn as nn
    from stable_baselines3.common.torch_layers import FlattenExtractor

    if hasattr(policy, "network_meta"):  # the end-scoring policy: its numpy twin
        network = policy.network_meta(_activation_name(policy.activation_fn()))
        return NumpyEndScoringPolicy(actor_arrays(policy.state_dict()), {**(meta or {}), "network": network},
                                     deterministic, seed, name)
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
    return NumpyMLPPolicy(weights, biases, acts, deterministic, seed, name, meta)


# -- metadata -------------------------------------------------------------------------
def model_metadata(env_id: str, raw_env, env_params: dict | None = None, activation: str | None = None) -> dict:
    """What a saved model was trained for: env id, game version and parameters, sizes, actor activation.

    ``raw_env`` is the (raw) TravelAECEnv the model was trained on; ``env_params``
    the keyword parameters it was built with (game and adapter), so a player of
    the model can build the same env.
    """
    game = raw_env.game
    meta = {
        "format": META_FORMAT,
        "env_id": str(env_id),
        "game": game.name,
        "game_version": game.version,
        "env_params": dict(env_params or {}),
        "game_params": params_to_dict(game.params),
        "observation_size": int(game.observation_size),
        "num_actions": int(game.num_actions),
    }
    if activation is not None:
        meta["activation"] = activation
    return meta


def add_zip_metadata(path: str | os.PathLike, meta: dict) -> None:
    """Append (or replace) the ``travel_envs.json`` entry of an SB3 model zip."""
    path = Path(path)
    with zipfile.ZipFile(path) as zf:
        entries = {n: zf.read(n) for n in zf.namelist() if n != META_ENTRY}
    with atomic_path(path) as tmp, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        for n, data in entries.items():
            zf.writestr(n, data)
        zf.writestr(META_ENTRY, json.dumps(meta, indent=2, sort_keys=True))


def save_sb3_model(model, path: str | os.PathLike, meta: dict | None) -> Path:
    """``model.save`` to a temporary file, add the metadata, then move it into place
    (a reader never sees a half-written model, a killed save leaves only ``.tmp_*``)."""
    path = Path(path)
    with atomic_path(path) as tmp:
        model.save(tmp)
        if meta is not None:
            add_zip_metadata(tmp, meta)
    return path


def _resolve_path(path: str | os.PathLike) -> Path:
    path = Path(path)
    if path.is_file():
        return path
    alt = path.with_name(path.name + ".zip")
    if path.suffix != ".zip" and alt.is_file():
        return alt
    if path.is_dir():
        if is_rllib_checkpoint(path):
            return path
        raise ModelFileError(f"{path} is a folder, but not an RLlib checkpoint (no learner_group/ inside); "
                             "give a .zip or .npz saved by training, or an RLlib checkpoint folder")
    raise FileNotFoundError(f"model file not found: {path} (expected a MaskablePPO .zip saved by training)")


def is_rllib_checkpoint(path: str | os.PathLike) -> bool:
    """An RLlib algorithm checkpoint folder (``checkpoints/iter_N`` or ``final`` of travel-train-rllib)."""
    return (Path(path) / "learner_group").is_dir()


def _corrupt(path: Path, why: str) -> ModelFileError:
    return ModelFileError(
        f"{path}: not a readable model file ({why}); give a final_model.zip, best_model.zip or "
        f"checkpoint saved by training (a file cut short by a killed copy or save must be copied again)"
    )


def _read_zip(path: Path) -> tuple[dict[str, Any], dict | None, dict]:
    """The actor's state dict, our metadata (or None), and the readable parts of SB3's ``data``."""
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise _corrupt(path, f"not a zip archive: {exc}") from None
    with zf:
        names = set(zf.namelist())
        if "policy.pth" not in names:
            raise _corrupt(path, "the zip has no policy.pth: it is not a stable-baselines3 model")
        try:
            raw_policy = zf.read("policy.pth")
            meta = json.loads(zf.read(META_ENTRY)) if META_ENTRY in names else None
            data = json.loads(zf.read("data")) if "data" in names else {}
        except (zipfile.BadZipFile, zlib.error, OSError, ValueError, EOFError) as exc:
            raise _corrupt(path, f"damaged zip entry: {exc}") from None
    import torch

    try:
        state = torch.load(io.BytesIO(raw_policy), map_location="cpu", weights_only=True)
    except Exception as exc:  # weights-only unpickling refuses code; any failure means an unusable file
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise _corrupt(path, f"policy.pth is not a plain weights file: {first[:200]}") from None
    if not isinstance(state, dict):
        raise _corrupt(path, "policy.pth holds no state dict")
    return state, meta if isinstance(meta, dict) else None, data if isinstance(data, dict) else {}


def _legacy_activation(data: dict) -> str:
    """The activation of a model saved without our metadata, from the readable text SB3 writes
    beside its pickled ``policy_kwargs`` (never unpickled); SB3's default is Tanh."""
    kwargs = data.get("policy_kwargs")
    text = kwargs.get("activation_fn") if isinstance(kwargs, dict) else None
    if text is None:
        return "tanh"
    for name, act in (("Tanh", "tanh"), ("ReLU", "relu"), ("Identity", "identity")):
        if re.search(rf"\.{name}'", str(text)):
            return act
    raise ValueError(f"unsupported activation {text}; supported: Tanh, ReLU")


def _actor_from_state(state: dict, activation: str) -> tuple[list, list, list]:
    """Layers of ``mlp_extractor.policy_net`` (Linear at even indices) then ``action_net``."""
    import torch

    idx = sorted(int(m.group(1)) for k in state if (m := re.fullmatch(r"mlp_extractor\.policy_net\.(\d+)\.weight", k)))
    weights, biases = [], []
    for i in idx + [None]:
        prefix = "action_net" if i is None else f"mlp_extractor.policy_net.{i}"
        w, b = state.get(f"{prefix}.weight"), state.get(f"{prefix}.bias")
        if not (isinstance(w, torch.Tensor) and isinstance(b, torch.Tensor)):
            raise ValueError(f"missing {prefix}.weight/bias tensors")
        weights.append(w.detach().cpu().numpy())
        biases.append(b.detach().cpu().numpy())
    return weights, biases, [activation] * (len(weights) - 1)


def load_model_policy(path: str | os.PathLike, deterministic: bool = True, seed: int | None = None,
                      name: str | None = None) -> NumpyMLPPolicy:
    """A MaskablePPO ``.zip`` (or a snapshot ``.npz``) as a Policy, without running code from the file.

    Reads the actor weights with torch's weights-only loader and the activation
    from the file's metadata; SB3's pickled objects are never loaded. A corrupt,
    truncated or foreign file raises :class:`ModelFileError` naming the file.
    """
    path = _resolve_path(path)
    if path.is_dir():  # RLlib checkpoint: RLlib's own loader (it unpickles: trusted folders only)
        from travel_envs.rllib.policy import load_checkpoint_policy

        return load_checkpoint_policy(path, deterministic=deterministic, seed=seed, name=name)
    if path.suffix == ".npz":
        return load_npz_policy(path, deterministic, seed, name or path.stem)
    state, meta, data = _read_zip(path)
    try:
        if is_end_scoring(meta):
            return NumpyEndScoringPolicy(actor_arrays(state), meta, deterministic, seed, name or path.stem)
        activation = (meta or {}).get("activation") or _legacy_activation(data)
        weights, biases, acts = _actor_from_state(state, activation)
        return NumpyMLPPolicy(weights, biases, acts, deterministic, seed, name or path.stem, meta)
    except (ValueError, KeyError, IndexError) as exc:
        raise _corrupt(path, f"not a MaskablePPO actor of this project: {exc}") from None


def read_model_metadata(path: str | os.PathLike) -> dict | None:
    """Only the metadata of a model ``.zip`` / snapshot ``.npz`` (None for a file saved without it)."""
    path = _resolve_path(path)
    if path.is_dir():
        return rllib_run_metadata(path)
    if path.suffix == ".npz":
        return load_npz_policy(path).meta
    try:
        with zipfile.ZipFile(path) as zf:
            if META_ENTRY not in zf.namelist():
                return None
            meta = json.loads(zf.read(META_ENTRY))
    except (zipfile.BadZipFile, zlib.error, OSError, ValueError, EOFError) as exc:
        raise _corrupt(path, str(exc)) from None
    return meta if isinstance(meta, dict) else None


def rllib_run_metadata(checkpoint: Path) -> dict | None:
    """Env id and parameters of an RLlib checkpoint, from its run folder's config.yaml
    (``<run>/checkpoints/<ckpt>``); None when there is none."""
    import yaml

    cfg_path = Path(checkpoint).parent.parent / "config.yaml"
    try:
        cfg = yaml.safe_load(cfg_path.read_text(encoding="utf-8"))
        env = cfg["env"]
        return {"format": "rllib-run-config", "env_id": str(env["id"]), "env_params": dict(env.get("params") or {})}
    except (OSError, ValueError, yaml.YAMLError, KeyError, TypeError):
        return None


def check_policy_fits(policy, raw_env, fix_hint: str = "") -> None:
    """Refuse a learned policy that was trained for another table than ``raw_env``'s
    (a raw env, or the :class:`Game` itself).

    Compares the game, its version and parameters recorded in the policy's
    metadata (when it has any), then the observation and action sizes (any
    policy that declares them). ``fix_hint`` tells the caller's way to pass
    parameters (e.g. "pass --param NAME=VALUE"). Raises :class:`ModelFileError`.
    """
    game = getattr(raw_env, "game", raw_env)
    label = getattr(policy, "name", "the model")
    meta = getattr(policy, "meta", None)
    hint = f"; {fix_hint}" if fix_hint else ""
    if meta and "game" in meta:
        if meta.get("game") != game.name or meta.get("game_version") != game.version:
            raise ModelFileError(
                f"model {label!r} was trained for {meta.get('env_id')!r} (game {meta.get('game')!r} "
                f"version {meta.get('game_version')!r}); this env is game {game.name!r} version {game.version}"
                f"{hint}")
        diff = stored_params_diff(meta.get("game_params") or {}, game.params)
        if diff:
            shown = ", ".join(f"{k}: model {theirs!r} vs env {mine!r}" for k, (theirs, mine) in diff.items())
            raise ModelFileError(f"model {label!r} was trained with other {game.name} parameters ({shown}); "
                                 f"play it on an env built with the model's values{hint}")
    obs_size, num_actions = getattr(policy, "observation_size", None), getattr(policy, "num_actions", None)
    if obs_size is not None and obs_size != game.observation_size or \
            num_actions is not None and num_actions != game.num_actions:
        raise ModelFileError(
            f"model {label!r} takes observations of size {obs_size} and has {num_actions} actions; this "
            f"{game.name} env has observations of size {game.observation_size} and {game.num_actions} actions "
            f"(the model was trained with other parameters){hint}")


def param_flags(meta: dict | None, skip: tuple[str, ...] = ()) -> str:
    """``--param k=v ...`` for a model's env parameters but those in ``skip`` (for error messages)."""
    if not meta:
        return "--param NAME=VALUE"
    return " ".join(f"--param {k}={json.dumps(v)}" for k, v in (meta.get("env_params") or {}).items()
                    if k not in skip)
