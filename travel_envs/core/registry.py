"""Env ids -> games, and building an env from an id and parameters (one home for both).

Ids are ``<name>_v<version>``: the name keys :data:`GAME_PACKAGES`, the version is
the game's own ``Game.version`` (joined by ``env_id_of``). When a version is bumped
(an observation or an action table changes meaning) and what else changes with it:
docs/architecture.md, "Env ids and versions". One id serves every player count.
"""

from __future__ import annotations

import difflib
import importlib
from functools import lru_cache
from typing import Any, Callable

from .aec import TravelAECEnv, wrap
from .game import Game, ParameterError, env_id_of

#: game name -> package that defines ``GAME`` (its Game subclass). Imported lazily.
GAME_PACKAGES: dict[str, str] = {
    "globetrotter": "travel_envs.games.globetrotter",
    "itchy_feet": "travel_envs.games.itchy_feet",
    "trek": "travel_envs.games.trek",
    "trekking": "travel_envs.games.trekking",
    "trekking_the_world": "travel_envs.games.trekking_the_world",
}


def _registered_game(name: str) -> type[Game]:
    return importlib.import_module(GAME_PACKAGES[name]).GAME


@lru_cache(maxsize=None)
def _env_ids() -> tuple[str, ...]:
    return tuple(sorted(env_id_of(_registered_game(name)) for name in GAME_PACKAGES))


def list_envs() -> list[str]:
    """Sorted list of registered env ids, e.g. ``["globetrotter_v0", ...]``."""
    return list(_env_ids())


def game_class(env_id: str) -> type[Game]:
    """The Game subclass behind ``env_id``; an unknown id names the known ones."""
    name, _, version = str(env_id).rpartition("_v")
    if name in GAME_PACKAGES:
        game = _registered_game(name)
        if version == str(game.version):
            return game
    ids = list_envs()
    close = difflib.get_close_matches(str(env_id), ids, n=1)
    hint = f" Did you mean {close[0]!r}?" if close else ""
    raise ParameterError(f"unknown env id {env_id!r}; known env ids: {ids}.{hint}")


def game_class_for(env: str | type[Game]) -> type[Game]:
    """The Game subclass for a registered id, a ``"package.module:GameClass"`` path
    (games outside the registry, e.g. test games) or a Game subclass itself."""
    if isinstance(env, type) and issubclass(env, Game):
        return env
    if not isinstance(env, str):
        raise ParameterError(f"env must be an env id or 'module:GameClass', got {env!r}")
    if ":" not in env:
        return game_class(env)  # unknown ids -> ParameterError naming the known ones
    mod_name, _, cls_name = env.partition(":")
    try:
        module = importlib.import_module(mod_name)
    except ImportError as exc:
        raise ParameterError(f"env {env!r}: cannot import module {mod_name!r} ({exc})") from exc
    cls = getattr(module, cls_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise ParameterError(f"env {env!r}: {cls_name!r} is not a Game subclass in {mod_name!r}")
    return cls


def make_raw_env(env: str | type[Game] | Callable[..., Any] | TravelAECEnv, **params: Any) -> TravelAECEnv:
    """A raw :class:`TravelAECEnv` from an env id, a ``"module:GameClass"`` path,
    a Game subclass, a factory returning a TravelAECEnv, or a TravelAECEnv.

    The one place envs are built: the public :func:`make`, the single-agent
    wrapper, the arena, training and the RLlib glue all come here.
    """
    if isinstance(env, TravelAECEnv):
        if params:
            raise ParameterError(f"parameters {sorted(params)} given with an already built env")
        return env
    if isinstance(env, str) or (isinstance(env, type) and issubclass(env, Game)):
        return TravelAECEnv(game_class_for(env), **params)
    if callable(env):
        raw = env(**params)
        raw = getattr(raw, "unwrapped", raw)
        if not isinstance(raw, TravelAECEnv):
            raise ParameterError(f"env factory {env!r} returned {type(raw).__name__}, not a TravelAECEnv")
        return raw
    raise ParameterError(f"env must be an env id, 'module:GameClass', a Game class or a factory; got {env!r}")


def raw_env_for(env_id: str, **params: Any) -> TravelAECEnv:
    """The raw env of a registered id (no ``module:Class`` paths)."""
    return make_raw_env(game_class(env_id), **params)


def make(env_id: str, **params: Any):
    """The wrapped AEC env for ``env_id``; ``num_players``, ``render_mode``,
    ``reward_mode`` and every game variant are keyword parameters."""
    return wrap(raw_env_for(env_id, **params))


def env_module_functions(env_id: str):
    """``env`` and ``raw_env`` for a versioned module such as ``globetrotter_v0``."""

    def raw_env(**params: Any) -> TravelAECEnv:
        return raw_env_for(env_id, **params)

    def env(**params: Any):
        return make(env_id, **params)

    raw_env.__doc__ = f"The unwrapped {env_id} AEC env (see travel_envs.core.aec.TravelAECEnv)."
    env.__doc__ = f"The {env_id} AEC env behind PettingZoo's order-enforcing wrapper."
    return env, raw_env


def registered_env_id(env_id: Any, source: str) -> str:
    """An env id read from a file (a model's record, a replay, a run config) must name a registered
    game: a ``module:Class`` id there would import, i.e. run, code the file names."""
    if not isinstance(env_id, str) or ":" in env_id:
        raise ParameterError(f"{source} names env {env_id!r}, which is not a registered env id {list_envs()}; "
                             f"files may only name registered games")
    game_class(env_id)  # an unknown id: the registry's message, naming the known ones
    return env_id
