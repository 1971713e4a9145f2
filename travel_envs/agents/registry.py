"""Policies by name: ``make_policy("random" | "heuristic" | "expert" | "master" | "mcts:N" | "model:PATH" | PATH,
env_id, seed)``.

Spec strings are what configs and the command line use:

- ``"random"``: uniform over legal actions (:class:`~travel_envs.agents.base.RandomPolicy`),
- ``"heuristic"``: the game's own ``HeuristicPolicy`` (exported by its package),
- ``"expert"``: the game's ``ExpertPolicy``, a stronger rule-based player, where a
  game has one (Globetrotter, Itchy Feet, Trekking the World),
- ``"master"``: the game's ``MasterPolicy``, its expert improved, where a game has one
  (Itchy Feet, where it beats the expert; Globetrotter, whose master searches by expert play-outs
  at two decisions and is level with the expert or a little ahead; Trekking the World, whose master
  chooses each turn's plan by short expert play-outs),
- ``"model:runs/x/final_model.zip"`` or a bare path ending in ``.zip``/``.npz``:
  a trained MaskablePPO model (or a self-play snapshot), played greedily,
- ``"zoo"`` / ``"zoo:<env id>"``: the trained agent shipped with the package for the env in play
  (or the env named), played greedily (:mod:`travel_envs.zoo`),
- ``"mcts"`` / ``"mcts:N"`` (``N`` simulations per decision), with options
  ``mcts:N:heuristic`` (heuristic play-outs), ``depth=D`` (cut-off), ``c=X`` (exploration),
  ``bias=W`` with ``prior=heuristic|expert|master|zoo|PATH`` (a root bias towards that player's move), ``time=S``
  (CPU seconds per decision instead of N); every option left out takes the game's default
  (:data:`.mcts_spec.GAME_DEFAULTS`):
  information-set Monte Carlo tree search on resampled states (:mod:`.mcts`, docs/search.md),
- ``"snapshot"``: only inside a training opponent mix (see :mod:`.pool`):
  a frozen earlier version of the learner.
"""

from __future__ import annotations

import hashlib

from travel_envs.core.game import ParameterError
from travel_envs.zoo import is_zoo_spec, zoo_model_path

from .base import Policy, reseed_policy  # noqa: F401 (reseed_policy: also importable from here)
from .games import GAME_POLICIES, make_rule_player, resolve_game, rule_player_identity
from .mcts_spec import SPEC_FORM as MCTS_FORM
from .mcts_spec import is_mcts_spec, parse_mcts_spec, resolve_settings, search_identity
from .model import MODEL_SUFFIXES, load_model_policy

BASIC_SPECS = ("random", *GAME_POLICIES)


def is_model_spec(spec: str) -> bool:
    """``model:PATH``, a ``.zip``/``.npz`` path, an RLlib checkpoint folder, or a shipped ``zoo`` model."""
    from .model import is_rllib_checkpoint

    return (spec.startswith("model:") or spec.endswith(MODEL_SUFFIXES) or is_zoo_spec(spec)
            or is_rllib_checkpoint(spec))


def model_path(spec: str, env_id: str | None = None) -> str:
    """The file of a model spec (``env_id``: the env a bare ``zoo`` stands for)."""
    if is_zoo_spec(spec):
        return str(zoo_model_path(spec, env_id))
    return spec[len("model:"):] if spec.startswith("model:") else spec


def check_policy_spec(spec: str, allow_snapshot: bool = False) -> str:
    """Validate a spec string without loading anything heavy (model files must exist)."""
    if not isinstance(spec, str) or not spec:
        raise ParameterError(f"policy spec {spec!r} must be a non-empty string")
    if spec in BASIC_SPECS or (allow_snapshot and spec == "snapshot"):
        return spec
    if is_mcts_spec(spec):
        parse_mcts_spec(spec)  # raises naming the bad field
        return spec
    if is_zoo_spec(spec):
        if spec != "zoo":
            zoo_model_path(spec)  # a game without a shipped model is refused, naming those there are
        return spec
    if is_model_spec(spec):
        from pathlib import Path

        path = Path(model_path(spec))
        if not path.is_file() and not path.with_name(path.name + ".zip").is_file() and not path.is_dir():
            raise FileNotFoundError(f"model file not found: {path}")
        return spec
    allowed = [*BASIC_SPECS, MCTS_FORM, "model:PATH.zip", "PATH.zip", "zoo", "zoo:ENV_ID"]
    allowed += ["snapshot"] if allow_snapshot else []
    raise ParameterError(f"unknown policy {spec!r}; allowed: {allowed}")


def make_policy(spec: "str | Policy", env_id=None, seed: int | None = None,
                deterministic: bool = True) -> Policy:
    """Build a Policy from a spec string (a Policy object is returned unchanged)."""
    if not isinstance(spec, str):
        if not hasattr(spec, "act"):
            raise ParameterError(f"{spec!r} is neither a policy spec string nor a Policy")
        return spec
    if spec in BASIC_SPECS:
        return make_rule_player(spec, env_id, seed)
    if is_mcts_spec(spec):
        from .mcts import MCTSPolicy

        return MCTSPolicy.from_spec(spec, env=env_id, seed=seed)
    if spec == "snapshot":
        raise ParameterError(
            "policy 'snapshot' (a frozen copy of the learner) only exists inside a training "
            "opponent mix; to play a saved snapshot give its path, e.g. 'model:runs/x/snapshots/snap_000100000.npz'"
        )
    if is_model_spec(spec):
        return load_model_policy(model_path(spec, _env_name(env_id)), deterministic=deterministic, seed=seed,
                                 name=spec)
    check_policy_spec(spec)  # raises with the allowed forms
    raise AssertionError("unreachable")


def spec_identity(spec: str, env) -> str:
    """What ``spec`` plays today in ``env``'s game: an ``mcts`` spec resolved against the game's
    defaults, a shipped agent by its file's digest, the expert by its style's digest
    (:func:`.games.rule_player_identity`), anything else as written. A published rating or a journal's games are tied to it, so that a
    changed default search or a newly shipped agent is never taken for the old one."""
    if is_mcts_spec(spec):
        resolved = resolve_settings(parse_mcts_spec(spec), resolve_game(env)[0].name)
        return search_identity(resolved, lambda name: rule_player_identity(env, name))
    if is_zoo_spec(spec):
        return "sha1:" + hashlib.sha1(zoo_model_path(spec, _env_name(env)).read_bytes()).hexdigest()[:16]
    return rule_player_identity(env, spec) if spec in GAME_POLICIES else spec


def _env_name(env) -> str | None:
    """The env id of ``env`` (an env id, or a registered Game class), for a bare ``zoo``."""
    if env is None or isinstance(env, str):
        return env
    from travel_envs.core.game import env_id_of

    return env_id_of(env)
