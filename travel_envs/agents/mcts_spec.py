"""The ``mcts`` policy spec: ``mcts[:N][:OPTION...]``, parsed without building anything.

Kept apart from the search so ``check_policy_spec`` (config validation) stays cheap.

Every option left out takes **the game's default** (:data:`GAME_DEFAULTS`, the settings each
game's strength figures in docs/search.md are measured at), then the generic one:

- ``N``: simulations per decision, a positive integer (generic default :data:`DEFAULT_SIMULATIONS`),
- ``random`` / ``heuristic`` / ``expert`` / ``master``: how simulations are played out past the tree:
  uniform random moves, or the game's rule-based player of that name for every seat (``master`` only
  where it does not search itself: Itchy Feet's) (generic: ``random``),
- ``depth=D``: stop a simulation ``D`` decisions after the root and score the position
  (:mod:`travel_envs.agents.mcts_values`); ``depth=end`` plays every simulation to the end
  (generic: to the end),
- ``c=X``: the UCB exploration constant (default :data:`DEFAULT_EXPLORATION`),
- ``bias=W``: progressive bias towards a rule-based player's move at the root (generic: 0, off):
  that child's selection value gets ``W * sqrt(root visits) / (1 + its visits)``, so the search
  leaves that move only when the statistics clearly prefer another one,
- ``prior=heuristic|expert|master|zoo|PATH``: the player whose move the bias favours (generic:
  ``heuristic``; ``expert`` and ``master`` where the game has them: Globetrotter, Itchy Feet, Trekking
  the World; ``zoo``, the game's shipped agent, or a trained model's ``PATH.zip``/``.npz``: the
  network leads the search, as in expert iteration),
- ``time=S``: search for ``S`` CPU seconds per decision instead of a simulation count (at least one
  simulation; not reproducible move for move, since the count depends on the machine's speed),
- ``value=score|progress|fitted``: how a simulation cut off at ``depth`` is valued
  (:mod:`travel_envs.agents.mcts_values`): the score margin, the game's hand-written progress
  estimate, or the estimate fitted on self-play positions (generic: ``progress`` where the game
  has one, else ``score``).

Examples: ``mcts``, ``mcts:64``, ``mcts:400:heuristic``, ``mcts:200:depth=60:c=1.0``,
``mcts:400:heuristic:depth=20:bias=1``, ``mcts:time=0.8:bias=1``, ``mcts:200:random:depth=end:bias=0``
(the plain search with random play-outs in any game).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from travel_envs.core.game import ParameterError

from .games import GAME_POLICIES, TUNED_PLAYERS
from .model import MODEL_SUFFIXES

#: simulations per decision when neither the spec nor the game names a count: enough to find short
#: tactics in every game, few enough that an evaluation of a few hundred games stays in reach
DEFAULT_SIMULATIONS = 200
#: UCB1 exploration constant for returns in [-1, 1]
DEFAULT_EXPLORATION = 1.4
#: play-outs and root priors: random moves or any rule-based player a game may export (a new one joins
#: here and in every message and spec form below by being added to GAME_POLICIES)
ROLLOUTS = ("random", *GAME_POLICIES)
PRIORS = (*GAME_POLICIES, "zoo")
VALUES = ("score", "progress", "fitted")
SPEC_FORM = (f"mcts[:N][:{'|'.join(ROLLOUTS)}][:depth=D|end][:c=X][:bias=W][:prior={'|'.join(PRIORS)}|PATH]"
             f"[:time=S][:value={'|'.join(VALUES)}]")
#: ``depth`` of a search that plays every simulation to the end of the game
END = "end"


@dataclass(frozen=True)
class SearchSettings:
    """What a spec string asks of the search (checked on construction).

    ``None`` in ``simulations``, ``rollout``, ``depth``, ``bias`` or ``prior`` means "the game's
    default" (:func:`resolve_settings` fills it in once the game is known).
    """

    simulations: int | None = None
    rollout: str | None = None  # one of ROLLOUTS
    depth: int | str | None = None  # an integer, or END: to the end
    exploration: float = DEFAULT_EXPLORATION
    bias: float | None = None  # progressive bias towards a rule-based move at the root; 0: off
    seconds: float | None = None  # CPU seconds per decision instead of ``simulations``; None: count
    prior: str | None = None  # the player whose root move ``bias`` favours: PRIORS or a model path
    value: str | None = None  # how a cut-off position is valued: one of VALUES

    def __post_init__(self) -> None:
        sims = self.simulations
        if sims is not None and (isinstance(sims, bool) or not isinstance(sims, int) or sims < 1):
            raise ParameterError(f"mcts simulations={sims!r} is not allowed; it must be an integer >= 1")
        if self.rollout is not None and self.rollout not in ROLLOUTS:
            raise ParameterError(f"mcts rollout={self.rollout!r} is not allowed; allowed values: {list(ROLLOUTS)}")
        d = self.depth
        if d is not None and d != END and (isinstance(d, bool) or not isinstance(d, int) or d < 1):
            raise ParameterError(f"mcts depth={d!r} is not allowed; it must be an integer >= 1, {END!r} (play "
                                 f"every simulation to the end) or None (the game's default)")
        c = self.exploration
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not math.isfinite(c) or c < 0:
            raise ParameterError(f"mcts c={c!r} is not allowed; it must be a finite number >= 0")
        w = self.bias
        if w is not None and (isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or w < 0):
            raise ParameterError(f"mcts bias={w!r} is not allowed; it must be a finite number >= 0 (0: off)")
        t = self.seconds
        if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t)
                              or t <= 0):
            raise ParameterError(f"mcts time={t!r} is not allowed; it must be a number of seconds > 0")
        if self.prior is not None and self.prior not in PRIORS and not self.prior.endswith(MODEL_SUFFIXES):
            raise ParameterError(f"mcts prior={self.prior!r} is not allowed; allowed values: {list(PRIORS)} or a "
                                 f"trained model's path ending in .zip or .npz")
        if self.value is not None and self.value not in VALUES:
            raise ParameterError(f"mcts value={self.value!r} is not allowed; allowed values: {list(VALUES)}")
        if self.prior not in (None, "heuristic") and w == 0:
            raise ParameterError(f"mcts prior={self.prior!r} with bias=0 is not allowed (it would do nothing); "
                                 f"give a bias > 0 too")


#: the settings of a bare ``mcts`` per game (what its strength figures in docs/search.md were measured
#: at; each decides in well under a CPU second); a game not named, and every field not named, takes the
#: generic defaults of :data:`GENERIC`
GAME_DEFAULTS: dict[str, SearchSettings] = {
    # a turn is a chain of sub-decisions: lean on the expert's chain search, leave it when the statistics disagree
    "globetrotter": SearchSettings(200, "random", 40, bias=4.0, prior="expert"),
    # the value of a trade shows turns later: heuristic play-outs and a firm lean on the expert's move
    # (led by the heuristic it won 52.0% against the heuristic; docs/search.md)
    "itchy_feet": SearchSettings(200, "heuristic", 40, bias=4.0, prior="expert"),
    # random play-outs hardly race: heuristic ones (34 us a decision), cut off and scored by camp reached;
    # against the heuristic over 400 games 600 simulations (0.15 CPU s at openings, 0.31 over whole games) won 60.8%,
    # 300 won 59.0%
    "trek": SearchSettings(600, "heuristic", 30, bias=1.0),
    # short game, score moving all game long: full random play-outs are cheap and informative
    "trekking": SearchSettings(200, "random", END, bias=0.0),
    # a heuristic decision costs ~2 ms: random play-outs, cut off at 40 decisions, and a firm lean on
    # the expert's move (led by the heuristic at bias=2 it won 51.8% against the heuristic; docs/search.md)
    "trekking_the_world": SearchSettings(200, "random", 40, bias=4.0, prior="expert"),
}
#: what a field takes when neither the spec nor the game's defaults name it
GENERIC = SearchSettings(DEFAULT_SIMULATIONS, "random", END, DEFAULT_EXPLORATION, 0.0, None, "heuristic", "progress")


def resolve_settings(asked: SearchSettings, game_name: str) -> SearchSettings:
    """``asked`` with every field left open (None) taken from ``game_name``'s defaults, then :data:`GENERIC`.

    Raises :class:`ParameterError` when the result asks for nothing sensible (``prior=expert`` with
    no bias)."""
    game = GAME_DEFAULTS.get(game_name, GENERIC)
    fields = {}
    for name in ("simulations", "rollout", "depth", "bias", "prior", "value"):
        value = getattr(asked, name)
        if value is None:
            value = getattr(game, name)
        fields[name] = getattr(GENERIC, name) if value is None else value
    if fields["bias"] == 0 and asked.prior is None:
        fields["prior"] = GENERIC.prior  # the game's prior only matters with its bias
    return replace(asked, **fields)


def settings_spec(s: SearchSettings) -> str:
    """The shortest spec string for ``s`` (fields left to the game's defaults left out)."""
    parts = ["mcts"]
    if s.seconds is not None:
        parts.append(f"time={s.seconds:g}")
    elif s.simulations is not None:
        parts.append(str(s.simulations))
    if s.rollout is not None:
        parts.append(s.rollout)
    if s.depth is not None:
        parts.append(f"depth={s.depth}")
    if s.exploration != DEFAULT_EXPLORATION:
        parts.append(f"c={s.exploration:g}")
    if s.bias is not None:
        parts.append(f"bias={s.bias:g}")
    if s.prior is not None and s.bias != 0:  # a prior without a bias does nothing
        parts.append(f"prior={s.prior}")
    if s.value is not None and s.depth != END:  # a search played to the end values no cut-off
        parts.append(f"value={s.value}")
    return ":".join(parts)


def search_identity(s: SearchSettings, player_identity: Callable[[str], str]) -> str:
    """What a search with the resolved settings ``s`` plays: its spec, followed by the identity of each
    tuned rule-based player (``player_identity("expert")``, ``"master"``) its play-outs or its root bias
    use, so that a retuned one is not taken for the old one."""
    used = {s.rollout} | ({s.prior} if s.bias else set())
    return settings_spec(s) + "".join(f"+{player_identity(name)}" for name in TUNED_PLAYERS if name in used)


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
        elif eq and key in ("prior", "value"):
            name, parsed = key, value
        elif eq and key in _OPTIONS:
            name, parsed = _OPTIONS[key], _float_field(spec, key, value)
        else:
            raise ParameterError(
                f"policy {spec!r}: {part!r} is neither a simulation count (an integer >= 1) nor an option "
                f"({', '.join(ROLLOUTS)}, depth=D, c=X, bias=W, prior=P, time=S, value=V); form: {SPEC_FORM}"
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
