"""Env ids -> games. Ids are versioned ``<name>_v<N>``; one id serves every player count."""

from __future__ import annotations

import difflib
import importlib
from typing import Any

from .aec import TravelAECEnv, wrap
from .game import Game, ParameterError

#: game name -> module that defines ``GAME`` (its Game subclass). Imported lazily.
_GAME_MODULES: dict[str, str] = {
    "globetrotter": "travel_envs.games.globetrotter",
    "itchy_feet": "travel_envs.games.itchy_feet",
    "trek": "travel_envs.games.trek",
    "trekking": "travel_envs.games.trekking",
    "trekking_the_world": "travel_envs.games.trekking_the_world",
}


def game_class(env_id: str) -> type[Game]:
    """The Game subclass behind ``env_id``; an unknown id names the known ones."""
    ids = list_envs()
    if env_id not in ids:
        close = difflib.get_close_matches(str(env_id), ids, n=1)
        hint = f" Did you mean {close[0]!r}?" if close else ""
        raise ParameterError(f"unknown env id {env_id!r}; known env ids: {ids}.{hint}")
    name = env_id.rsplit("_v", 1)[0]
    return importlib.import_module(_GAME_MODULES[name]).GAME


def list_envs() -> list[str]:
    """Sorted list of registered env ids, e.g. ``["globetrotter_v0", ...]``."""
    return sorted(f"{name}_v0" for name in _GAME_MODULES)


def raw_env_for(env_id: str, **params: Any) -> TravelAECEnv:
    return TravelAECEnv(game_class(env_id), **params)


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
