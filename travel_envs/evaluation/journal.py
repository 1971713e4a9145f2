"""A match's finished games on disk, so that a killed evaluation resumes where it stopped.

Every game of a match is fixed by the env, its parameters, the lineup, the match seed and the
game's index (:mod:`.arena` derives every seed from these), so a game recorded once need not be
played again. The journal is a JSON-lines file: one line per finished game, appended and flushed
as the game ends; a line cut short by a kill is ignored when the file is read back. A lineup is
keyed by what its members play (:func:`travel_envs.agents.registry.spec_identity`), so a bare
``mcts`` is not resumed once its game's default search has changed; beyond that the journal records
what was played, not the code that played it: resume only with the code the games were played
with (run long evaluations from a frozen copy of the project).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from typing import Any

from travel_envs.core.game import ParameterError


class GameJournal:
    """Finished games by (match key, game index), read from and appended to ``path``."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = os.fspath(path)
        self._games: dict[str, dict[int, dict[str, Any]]] = {}
        if os.path.exists(self.path):
            self._read()

    def _read(self) -> None:
        try:
            with open(self.path, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise ParameterError(f"journal {self.path} cannot be read ({exc}); give a new file name") from None
        for number, line in enumerate(lines, 1):
            try:
                entry = json.loads(line)
                self._games.setdefault(entry["match"], {})[int(entry["game"])] = entry["record"]
            except (ValueError, KeyError, TypeError):
                if number == len(lines):  # the last line, cut short by a kill
                    continue
                raise ParameterError(f"journal {self.path} line {number} is not a journal entry; is it a "
                                     f"journal file? Give a new file name to start one") from None

    @staticmethod
    def match_key(env: Any, env_params: dict, names: list[str], seed: int, deterministic: bool) -> str:
        """What fixes every game of a match (the code aside)."""
        env_label = env if isinstance(env, str) else f"{getattr(env, '__module__', '')}:{getattr(env, '__name__', env)}"
        return json.dumps([env_label, sorted((k, repr(v)) for k, v in env_params.items()), list(names), seed,
                           deterministic])

    def matches(self) -> list[str]:
        """The keys of the matches with a finished game, in the order they were first written."""
        return list(self._games)

    def finished(self, key: str) -> dict[int, dict[str, Any]]:
        """Game index -> the recorded game (fields of ``arena.GameRecord``) of match ``key``."""
        return dict(self._games.get(key, {}))

    def add(self, key: str, game: int, record: Any) -> None:
        """Append one finished game and flush it to disk at once."""
        entry = asdict(record)
        self._games.setdefault(key, {})[game] = entry
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"match": key, "game": game, "record": entry}) + "\n")
            fh.flush()
            os.fsync(fh.fileno())


def summary(path: str | os.PathLike) -> str:
    """One line per match of a journal: its lineup, the games finished so far and each lineup
    index's sole wins with a Wilson 95% interval (to follow a long evaluation while it runs)."""
    from .stats import wilson_interval

    journal = GameJournal(path)
    lines = []
    for key in journal.matches():
        games = journal.finished(key)
        env, _, names, seed, _ = json.loads(key)
        n = len(games)
        parts = []
        for i, name in enumerate(names):
            if name in names[:i]:
                continue  # the same policy in several seats: counted once, by its first seat
            wins = sum(sum(r["wins"][j] for j, nm in enumerate(names) if nm == name) for r in games.values())
            lo, hi = wilson_interval(wins, n)
            parts.append(f"{name} {wins}/{n} = {wins / n:.1%} [{lo:.1%}, {hi:.1%}]")
        lines.append(f"{env} seed {seed}: " + "; ".join(parts))
    return "\n".join(lines) if lines else f"{journal.path}: no finished game yet"

