"""Resolve an env spec (registered id, ``"module:GameClass"`` or a Game class) to its game.

Kept separate from the wrapper so policies can find a game's heuristic without
building an environment.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from travel_envs.core.game import Game, ParameterError
from travel_envs.core.registry import _GAME_MODULES, game_class, list_envs


def resolve_game(env: str | type[Game]) -> tuple[type[Game], ModuleType]:
    """``(Game subclass, module that may export HeuristicPolicy)`` for an env spec.

    ``env`` is a registered id (``"globetrotter_v0"``), a ``"package.module:GameClass"``
    path (for games outside the registry, e.g. test games) or a Game subclass.
    """
    if isinstance(env, type) and issubclass(env, Game):
        return env, _home_module(env)
    if not isinstance(env, str):
        raise ParameterError(f"env must be an env id or 'module:GameClass', got {env!r}")
    if ":" in env:
        mod_name, _, cls_name = env.partition(":")
        try:
            module = importlib.import_module(mod_name)
        except ImportError as exc:
            raise ParameterError(f"env {env!r}: cannot import module {mod_name!r} ({exc})") from exc
        cls = getattr(module, cls_name, None)
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            raise ParameterError(f"env {env!r}: {cls_name!r} is not a Game subclass in {mod_name!r}")
        return cls, module
    cls = game_class(env)  # unknown ids -> ParameterError naming the known ones
    name = env.rsplit("_v", 1)[0]
    return cls, importlib.import_module(_GAME_MODULES[name])


def _home_module(cls: type[Game]) -> ModuleType:
    """The registered game package of ``cls`` if any, else the module defining it
    (or its parent package when that one exports ``HeuristicPolicy``)."""
    name = getattr(cls, "name", None)
    if name in _GAME_MODULES:
        module = importlib.import_module(_GAME_MODULES[name])
        if getattr(module, "GAME", None) is cls:
            return module
    module = importlib.import_module(cls.__module__)
    if not hasattr(module, "HeuristicPolicy") and "." in cls.__module__:
        parent = importlib.import_module(cls.__module__.rsplit(".", 1)[0])
        if hasattr(parent, "HeuristicPolicy"):
            return parent
    return module


def heuristic_class(env: str | type[Game]):
    """The game's ``HeuristicPolicy`` class (clear error if the game has none)."""
    cls, module = resolve_game(env)
    heuristic = getattr(module, "HeuristicPolicy", None)
    if heuristic is None:
        raise ParameterError(
            f"game {cls.name!r} ({module.__name__}) exports no HeuristicPolicy; "
            f"use 'random' or a model instead"
        )
    return heuristic


__all__ = ["resolve_game", "heuristic_class", "list_envs"]
