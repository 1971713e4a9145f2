"""Trained agents shipped with the package, as policy specs: ``zoo`` (the model of the env in play) or
``zoo:<env id>`` (for example ``zoo:trekking_v0``).

Each model is a weights-only ``<env id>.npz`` in this folder (the actor's layers as plain arrays,
read without unpickling anything) carrying the metadata every trained model carries: env id, game
version and parameters. A model whose game version no longer matches the installed game is refused
like any other model trained for another table (:func:`travel_envs.agents.model.check_policy_fits`).
How each was trained, and how strong it is, is in the README (Results) and docs/training.md.
"""

from __future__ import annotations

from pathlib import Path

from travel_envs.core.files import finished_files
from travel_envs.core.game import ParameterError

ZOO_DIR = Path(__file__).resolve().parent
#: the spec prefix; ``zoo`` alone means the env in play
PREFIX = "zoo"


def shipped() -> list[str]:
    """Env ids with a shipped model."""
    return sorted(p.stem for p in finished_files(ZOO_DIR, "*.npz"))


def is_zoo_spec(spec: str) -> bool:
    return spec == PREFIX or spec.startswith(PREFIX + ":")


def zoo_env_id(spec: str, env_id: str | None = None) -> str:
    """The env id a zoo spec names: ``zoo:<env id>``, or ``env_id`` for a bare ``zoo``."""
    name = spec[len(PREFIX) + 1:] if spec.startswith(PREFIX + ":") else env_id
    if not name:
        raise ParameterError(f"policy {spec!r}: name the game's model, e.g. 'zoo:trekking_v0' (shipped: {shipped()}), "
                             f"or give the env (--env) so that 'zoo' means its model")
    return name


def zoo_file(env_id: str) -> Path:
    """Where the shipped model of ``env_id`` lives (whether or not one ships)."""
    return ZOO_DIR / f"{env_id}.npz"


def zoo_model_path(spec: str, env_id: str | None = None) -> Path:
    """The shipped model file of a zoo spec; a game without one is refused, naming those there are."""
    name = zoo_env_id(spec, env_id)
    path = zoo_file(name)
    if not path.is_file():
        raise ParameterError(f"no model of {name!r} ships with travel_envs; shipped: {shipped()} (train one: "
                             f"python -m training.train --config configs/<game>_strong.yaml)")
    return path


def with_env(spec: str, env_id: str | None) -> str:
    """A bare ``zoo`` written out as ``zoo:<env id>`` (other specs unchanged), so that the model can be
    found where the env is not known."""
    return f"{PREFIX}:{env_id}" if spec == PREFIX and env_id else spec
