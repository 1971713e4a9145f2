"""A fixed Elo ladder per game, shipped with the package, so that ratings measured by different users
compare.

A ladder is a league among published baseline policies (random, the rule-based players, the search
at a few budgets, the shipped trained agent where there is one), frozen with its Elo ratings (a
Bradley-Terry fit, random = 1000: the scale of the README's Baselines table) and how it was
measured, in ``ladders/<env id>.json``. A new policy is *placed* on it: it plays every member, the
members' ratings stay as published, and its own Elo is the maximum-likelihood fit of the same model
(:func:`.ratings.place_on_ladder`). A ladder belongs to one game version and table, and to what
its members played when it was built (``plays``: the search's resolved settings, the shipped agent's
file digest); another game, or a member that plays differently today (a game's search default or
its shipped agent changed), is refused, with the command that rebuilds it.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from travel_envs.core.files import finished_files, write_text_atomic
from travel_envs.core.game import ParameterError, params_to_dict, stored_params_diff

LADDER_DIR = Path(__file__).resolve().parent / "ladders"
#: the ladder's table: two players, the game's default parameters
LADDER_PARAMS = {"num_players": 2}


@dataclass
class Ladder:
    """The published members of one game's ladder and how their ratings were measured."""

    env_id: str
    game_version: int
    game_params: dict[str, Any]
    env_params: dict[str, Any]
    ratings: dict[str, float]
    games_per_pair: int
    seed: int
    command: str
    measured: str
    wins: list[list[float]] = field(default_factory=list)
    #: member -> what it played (:func:`travel_envs.agents.registry.spec_identity`); empty in ladders
    #: built before it was recorded
    plays: dict[str, str] = field(default_factory=dict)
    #: members added to the league later (``build_ladder --add``), each as {"date": ..., "command": ...}; the
    #: ratings are refitted over every game, so all of them move a little when a member joins
    added: list[dict[str, str]] = field(default_factory=list)

    @property
    def members(self) -> list[str]:
        return list(self.ratings)


def published() -> list[str]:
    """Env ids with a published ladder."""
    return sorted(p.stem for p in finished_files(LADDER_DIR, "*.json"))


def ladder_path(env_id: str) -> Path:
    return LADDER_DIR / f"{env_id}.json"


def load_ladder(env_id: str, path: str | os.PathLike | None = None) -> Ladder:
    """The ladder of ``env_id``; refused when none is published or the installed game changed since."""
    from travel_envs.agents.registry import spec_identity
    from travel_envs.core.registry import make_raw_env

    path = Path(path) if path else ladder_path(env_id)
    if not path.is_file():
        raise ParameterError(f"no ladder is published for {env_id!r} (published: {published()}); build one with "
                             f"python -m training.build_ladder --env {env_id}")
    try:
        ladder = Ladder(**json.loads(path.read_text(encoding="utf-8")))
        ladder.added = [_addition(entry) for entry in ladder.added]
    except (ValueError, TypeError) as exc:
        raise ParameterError(f"{path}: not a ladder file ({exc}); rebuild it with "
                             f"python -m training.build_ladder --env {env_id}") from None
    game = make_raw_env(ladder.env_id, **ladder.env_params).game
    if ladder.env_id != env_id:
        raise ParameterError(f"{path} is the ladder of {ladder.env_id!r}, not of {env_id!r}")
    installed = params_to_dict(game.params)
    if ladder.game_version != game.version or stored_params_diff(ladder.game_params, game.params):
        raise ParameterError(f"the ladder of {env_id} was measured on game version {ladder.game_version} with "
                             f"{ladder.game_params}; the installed game is version {game.version} with "
                             f"{installed}: its ratings no longer apply; rebuild it with "
                             f"python -m training.build_ladder --env {env_id}")
    for member, then in ladder.plays.items():
        now = spec_identity(member, env_id)
        if now != then:
            raise ParameterError(f"the ladder of {env_id} rates {member!r} as it played when the ladder was built "
                                 f"({then}); today {member!r} plays {now}, so its rating no longer applies; rebuild "
                                 f"the ladder with python -m training.build_ladder --env {env_id}")
    return ladder


def _addition(entry) -> dict[str, str]:
    """One entry of ``Ladder.added``; ladders written before 2026-12-07 held "date: command" strings."""
    if isinstance(entry, str) and ": " in entry:
        date, command = entry.split(": ", 1)
        return {"date": date, "command": command}
    if isinstance(entry, dict) and set(entry) == {"date", "command"}:
        return entry
    raise ValueError(f'an entry of "added" is {{"date": ..., "command": ...}}, not {entry!r}')


def default_members(env_id: str) -> list[str]:
    """random, the game's rule-based players, the search at 50 simulations and at its default, and the
    shipped agent where there is one."""
    from travel_envs.agents.games import GAME_POLICIES, game_policy_class
    from travel_envs.zoo import shipped

    members = ["random"]
    for name in GAME_POLICIES:
        try:
            game_policy_class(env_id, name)
        except ParameterError:
            continue
        members.append(name)
    members += ["mcts:50", "mcts"]
    if env_id in shipped():
        members.append(f"zoo:{env_id}")
    return members


def save_ladder(ladder: Ladder, path: str | os.PathLike | None = None) -> Path:
    path = Path(path) if path else ladder_path(ladder.env_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_text_atomic(path, json.dumps(asdict(ladder), indent=1) + "\n")
