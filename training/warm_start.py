"""Start a run from a trained model's weights (``train.init_from``): the next round of expert iteration.

Expert iteration improves a network by distilling a search that the network itself guides: round
*k+1* starts from round *k*'s weights instead of from scratch, so that what the network already
knows is refined by the new targets rather than learnt again from fewer games. The weights are read
without unpickling anything (torch's weights-only loader for a ``.zip``, plain arrays for an
``.npz``): a MaskablePPO ``.zip`` gives actor and critic, a shipped or snapshot ``.npz`` the actor
only (the critic then starts fresh, and behaviour cloning's value targets fit it).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .config import ConfigError, TrainingConfig


def _actor_linears(policy) -> list:
    """The actor's linear layers in order: ``mlp_extractor.policy_net``'s, then ``action_net``."""
    import torch.nn as nn

    return [m for m in policy.mlp_extractor.policy_net if isinstance(m, nn.Linear)] + [policy.action_net]


def _sizes(linears) -> list[tuple[int, int]]:
    return [(int(m.in_features), int(m.out_features)) for m in linears]


def load_initial_weights(cfg: TrainingConfig, model) -> str:
    """Copy the weights of ``cfg.train.init_from`` into ``model``'s policy; returns what was copied.

    The model must have been trained for this env (game, version, parameters: the config check makes
    sure) and with the same layer sizes and activation as ``net``; a mismatch is a ConfigError that
    names both.
    """
    import torch

    from travel_envs.agents.end_scoring import NumpyEndScoringPolicy
    from travel_envs.agents.model import _activation_name, _read_zip, load_model_policy
    from travel_envs.agents.registry import model_path

    spec = cfg.train.init_from
    path = Path(model_path(spec, cfg.env.id))
    source = load_model_policy(path, name=spec)  # refuses corrupt files, naming them
    scoring_model, scoring_source = hasattr(model.policy, "network_meta"), isinstance(source, NumpyEndScoringPolicy)
    if scoring_model != scoring_source:
        kinds = {True: "end_scoring", False: "mlp"}
        raise ConfigError(f"train.init_from={spec!r}: that model's network is {kinds[scoring_source]}, the config's "
                          f"net.kind builds {kinds[scoring_model]}; set net.kind to the model's")
    if scoring_model:
        return _copy_state(model, path, spec, source)
    linears = _actor_linears(model.policy)
    want = _sizes(linears)
    have = [(int(w.shape[0]), int(w.shape[1])) for w in source.weights]
    activation = _activation_name(model.policy.activation_fn())
    if want != have or set(source.activations) - {activation}:
        raise ConfigError(
            f"train.init_from={spec!r}: that model's actor has layers {have} with {sorted(set(source.activations))} "
            f"activations, the config's net builds {want} with {activation}; set net.pi and net.activation "
            "to the model's, or start without init_from")
    if path.suffix == ".zip":
        state, _meta, _data = _read_zip(path)
        try:
            model.policy.load_state_dict(state, strict=True)
        except RuntimeError as exc:
            raise ConfigError(f"train.init_from={spec!r}: its critic does not fit the config's net.vf "
                              f"({str(exc).splitlines()[0][:200]}); set net.vf to the model's") from None
        return f"actor and critic of {path}"
    with torch.no_grad():
        for layer, w, b in zip(linears, source.weights, source.biases):
            layer.weight.copy_(torch.as_tensor(np.ascontiguousarray(w.T)))
            layer.bias.copy_(torch.as_tensor(b))
    return f"actor of {path} (the critic starts fresh)"


def _copy_state(model, path: Path, spec: str, source) -> str:
    """The end-scoring network: a ``.zip`` gives actor and critic, an ``.npz`` the actor (by name)."""
    import torch

    from travel_envs.agents.model import _read_zip

    zipped = path.suffix == ".zip"
    state = _read_zip(path)[0] if zipped else {k: torch.as_tensor(v) for k, v in source.arrays.items()}
    try:
        model.policy.load_state_dict(state, strict=zipped)
    except RuntimeError as exc:
        raise ConfigError(f"train.init_from={spec!r}: its weights do not fit the config's net "
                          f"({str(exc).splitlines()[0][:200]}); set net.pi, net.vf and net.activation to the "
                          "model's") from None
    return f"actor and critic of {path}" if zipped else f"actor of {path} (the critic starts fresh)"
