"""The ``mcts`` policy spec: ``mcts[:N][:OPTION...]``, parsed without building anything.

Kept apart from the search so ``check_policy_spec`` (config validation) stays cheap.

- ``N``: simulations per decision, a positive integer (default :data:`DEFAULT_SIMULATIONS`),
- ``random`` / ``heuristic``: how simulations are played out past the tree (default ``random``),
- ``depth=D``: stop a simulation ``D`` decisions after the root and score the position
  (:mod:`travel_envs.agents.mcts_values`); ``depth=end`` plays every simulation to the end;
  default: the game's own depth (:data:`~travel_envs.agents.mcts_values.DEFAULT_DEPTHS`),
  else to the end,
- ``c=X``: the UCB exploration constant (default :data:`DEFAULT_EXPLORATION`),
- ``bias=W``: progressive bias towards the game heuristic's move at the root (default 0, off):
  that child's selection value gets ``W * sqrt(root visits) / (1 + its visits)``, so the search
  leaves the heuristic's move only when the statistics clearly prefer another one,
- ``prior=heuristic|expert``: the rule-based player whose move the bias favours (default
  ``heuristic``; ``expert`` where the game has one, Globetrotter),
- ``time=S``: search for ``S`` CPU seconds per decision instead of a simulation count (at least one
  simulation; not reproducible move for move, since the count depends on the machine's speed).

Examples: ``mcts``, ``mcts:64``, ``mcts:400:heuristic``, ``mcts:200:depth=60:c=1.0``,
``mcts:400:heuristic:depth=20:bias=1``, ``mcts:time=0.8:bias=1``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from travel_envs.core.game import ParameterError

#: simulations per decision of a bare ``mcts``: enough to find short tactics in every game,
#: few enough that an evaluation of a few hundred games stays in reach (see docs/search.md)
DEFAULT_SIMULATIONS = 200
#: UCB1 exploration constant for returns in [-1, 1]
DEFAULT_EXPLORATION = 1.4
ROLLOUTS = ("random", "heuristic")
PRIORS = ("heuristic", "expert")
SPEC_FORM = "mcts[:N][:random|heuristic][:depth=D|end][:c=X][:bias=W][:prior=heuristic|expert][:time=S]"
#: ``depth`` of a search that plays every simulation to the end of the game
END = "end"


@dataclass(frozen=True)
class SearchSettings:
    """What a spec string asks of the search (checked on construction)."""

    simulations: int = DEFAULT_SIMULATIONS
    rollout: str = "random"
    depth: int | str | None = None  # None: the game's default depth; END: to the end
    exploration: float = DEFAULT_EXPLORATION
    bias: float = 0.0  # progressive bias towards the heuristic's move at the root; 0: off
    seconds: float | None = None  # CPU seconds per decision instead of ``simulations``; None: count
    prior: str = "heuristic"  # the game policy whose root move ``bias`` favours

    def __post_init__(self) -> None:
        sims = self.simulations
        if isinstance(sims, bool) or not isinstance(sims, int) or sims < 1:
            raise ParameterError(f"mcts simulations={sims!r} is not allowed; it must be an integer >= 1")
        if self.rollout not in ROLLOUTS:
            raise ParameterError(f"mcts rollout={self.rollout!r} is not allowed; allowed values: {list(ROLLOUTS)}")
        d = self.depth
        if d is not None and d != END and (isinstance(d, bool) or not isinstance(d, int) or d < 1):
            raise ParameterError(f"mcts depth={d!r} is not allowed; it must be an integer >= 1, {END!r} (play "
                                 f"every simulation to the end) or None (the game's default)")
        c = self.exploration
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not math.isfinite(c) or c < 0:
            raise ParameterError(f"mcts c={c!r} is not allowed; it must be a finite number >= 0")
        w = self.bias
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or w < 0:
            raise ParameterError(f"mcts bias={w!r} is not allowed; it must be a finite number >= 0 (0: off)")
        t = self.seconds
        if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t)
                              or t <= 0):
            raise ParameterError(f"mcts time={t!r} is not allowed; it must be a number of seconds > 0")
        if self.prior not in PRIORS:
            raise ParameterError(f"mcts prior={self.prior!r} is not allowed; allowed values: {list(PRIORS)}")
        if self.prior != "heuristic" and not w:
            raise ParameterError(f"mcts prior={self.prior!r} without bias=W is not allowed (it would do nothing); "
                                 f"give a bias > 0 too")


def is_mcts_spec(spec: object) -> bool:
    return isinstance(spec, str) and (spec == "mcts" or spec.startswith("mcts:"))


def _int_field(spec: str, name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ParameterError(f"policy {spec!r}: {name}={text!r} is not an integer; form: {SPEC_FORM}") from None


def _float_field(spec: str, name: str, text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise ParameterError(f"policy {spec!r}: {name}={text!r} is not a number; form: {SPEC_FORM}") from None


#: ``key=value`` options of a spec -> the SearchSettings field each sets
_OPTIONS = {"c": "exploration", "bias": "bias", "time": "seconds"}


def parse_mcts_spec(spec: str) -> SearchSettings:
    """The settings of an ``mcts`` spec; a :class:`ParameterError` naming the bad field otherwise."""
    if not is_mcts_spec(spec):
        raise ParameterError(f"{spec!r} is not an mcts spec; form: {SPEC_FORM}")
    fields: dict = {}
    for part in spec.split(":")[1:]:
        key, eq, value = part.partition("=")
        if not eq and part in ROLLOUTS:
            name, parsed = "rollout", part
        elif not eq and part.lstrip("+-").isdigit():
            name, parsed = "simulations", int(part)
        elif eq and key == "depth":
            name, parsed = "depth", END if value == END else _int_field(spec, "depth", value)
        elif eq and key == "prior":
            name, parsed = "prior", value
        elif eq and key in _OPTIONS:
            name, parsed = _OPTIONS[key], _float_field(spec, key, value)
        else:
            raise ParameterError(
                f"policy {spec!r}: {part!r} is neither a simulation count (an integer >= 1) nor an option "
                f"({', '.join(ROLLOUTS)}, depth=D, c=X, bias=W, prior=P, time=S); form: {SPEC_FORM}"
            )
        if name in fields:
            raise ParameterError(f"policy {spec!r} sets {key if eq and key != 'c' else name} twice; form: {SPEC_FORM}")
        fields[name] = parsed
    if "simulations" in fields and "seconds" in fields:
        raise ParameterError(f"policy {spec!r}: a simulation count together with time=S is not allowed; give one of "
                             f"them; form: {SPEC_FORM}")
    try:
        return SearchSettings(**fields)
    except ParameterError as exc:
        raise ParameterError(f"policy {spec!r}: {exc}") from None
