"""Resolve an env spec (registered id, ``"module:GameClass"`` or a Game class) to its game.

Kept separate from the wrapper so policies can find a game's heuristic without
building an environment.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
from types import ModuleType

from travel_envs.core.game import Game, ParameterError
from travel_envs.core.registry import GAME_PACKAGES, game_class_for, list_envs


def resolve_game(env: str | type[Game]) -> tuple[type[Game], ModuleType]:
    """``(Game subclass, module that may export HeuristicPolicy)`` for an env spec:
    a registered id (``"globetrotter_v0"``), a ``"package.module:GameClass"`` path
    (for games outside the registry, e.g. test games) or a Game subclass."""
    cls = game_class_for(env)  # unknown ids -> ParameterError naming the known ones
    if isinstance(env, str) and ":" in env:
        return cls, importlib.import_module(env.partition(":")[0])
    return cls, _home_module(cls)


def _home_module(cls: type[Game]) -> ModuleType:
    """The registered game package of ``cls`` if any, else the module defining it
    (or its parent package when that one exports ``HeuristicPolicy``)."""
    name = getattr(cls, "name", None)
    if name in GAME_PACKAGES:
        module = importlib.import_module(GAME_PACKAGES[name])
        if getattr(module, "GAME", None) is cls:
            return module
    module = importlib.import_module(cls.__module__)
    if not hasattr(module, "HeuristicPolicy") and "." in cls.__module__:
        parent = importlib.import_module(cls.__module__.rsplit(".", 1)[0])
        if hasattr(parent, "HeuristicPolicy"):
            return parent
    return module


#: rule-based policy names -> the class each game package may export
GAME_POLICIES = {"heuristic": "HeuristicPolicy", "expert": "ExpertPolicy", "master": "MasterPolicy"}
#: the rule-based players whose numbers are tuned (a style that may be retuned without a new game version)
TUNED_PLAYERS = ("expert", "master")


def game_policy_class(env: str | type[Game], name: str = "heuristic"):
    """The game's rule-based policy class ``name`` (``"heuristic"``, ``"expert"`` or ``"master"``);
    a clear error if the game has none."""
    if name not in GAME_POLICIES:
        raise ParameterError(f"unknown game policy {name!r}; allowed: {sorted(GAME_POLICIES)}")
    cls, module = resolve_game(env)
    policy = getattr(module, GAME_POLICIES[name], None)
    if policy is None:
        usable = ["random"] + [n for n, attr in GAME_POLICIES.items() if hasattr(module, attr)]
        raise ParameterError(
            f"game {cls.name!r} ({module.__name__}) exports no {GAME_POLICIES[name]} (policy {name!r}); "
            f"use one of {usable} or a model instead"
        )
    return policy


def rule_player_identity(env: str | type[Game], name: str) -> str:
    """What the rule-based player ``name`` plays in ``env``'s game: a tuned player (``expert``,
    ``master``) with a digest of where its style differs from the baseline's (tuned numbers may be
    retuned without a new game version; a field added later at the baseline's value changes no
    digest; a change of its rules raises its class's ``revision``, which the digest includes),
    anything else as named (the baseline heuristic is pinned by golden tests and versioned with its
    game). A published rating or a journal's games are tied to it."""
    if name not in TUNED_PLAYERS:
        return name
    policy_class = game_policy_class(env, name)
    style = getattr(policy_class(), "style", None)
    if style is None:
        return name
    base = type(style)()
    changed = [(f.name, getattr(style, f.name)) for f in dataclasses.fields(style)
               if getattr(style, f.name) != getattr(base, f.name)]
    revision = getattr(policy_class, "revision", 0)
    if revision:
        changed.append(("revision", revision))
    return f"{name}@" + hashlib.sha1(repr(changed).encode()).hexdigest()[:10]


def make_rule_player(spec: str, env: str | type[Game] | None = None, seed: int | None = None):
    """``random`` or the game's rule-based player ``spec`` (``heuristic``, ``expert``, ``master``), seeded:
    the players that need no model file and no search (so the RLlib baselines build them without the
    full policy registry)."""
    from .base import RandomPolicy

    if spec == "random":
        return RandomPolicy(seed=seed)
    if spec in GAME_POLICIES and env is None:
        raise ParameterError(f"policy {spec!r} needs the env id to find the game's {GAME_POLICIES[spec]}")
    policy = game_policy_class(env, spec)(seed=seed)
    if not getattr(policy, "name", None):
        policy.name = spec
    return policy


def heuristic_class(env: str | type[Game]):
    """The game's ``HeuristicPolicy`` class (clear error if the game has none)."""
    return game_policy_class(env, "heuristic")


__all__ = ["GAME_POLICIES", "TUNED_PLAYERS", "resolve_game", "game_policy_class", "rule_player_identity",
           "make_rule_player", "heuristic_class", "list_envs"]
