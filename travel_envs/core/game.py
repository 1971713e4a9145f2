"""The contract every game engine implements.

Modelled on OpenSpiel's Game/State split. A :class:`Game` holds validated,
immutable parameters and derived sizes; a :class:`GameState` holds one play of
the game and mutates in place. Engines import nothing from gymnasium or
pettingzoo: the RL plumbing (``core/aec.py``) sits on top of this contract.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Iterable, Sequence

import numpy as np


class IllegalActionError(ValueError):
    """An action that the current state does not allow (it is masked out)."""


class ParameterError(ValueError):
    """A game or environment parameter with a bad name or value."""


def name_key(name: object) -> str:
    """How action names compare (every game's ``action_from_name``): case and runs of blanks do not
    matter, so a name typed by a person finds the id whichever way it was spaced."""
    return " ".join(str(name).split()).lower()


def check_choice(name: str, value: Any, allowed: Iterable[Any]) -> None:
    """Raise :class:`ParameterError` unless ``value`` is one of ``allowed``."""
    allowed = list(allowed)
    if value not in allowed:
        raise ParameterError(f"{name}={value!r} is not allowed; allowed values: {allowed}")


def check_range(name: str, value: Any, low: int, high: int | None = None) -> None:
    """Raise :class:`ParameterError` unless ``value`` is an int in ``[low, high]``."""
    ok = isinstance(value, (int, np.integer)) and not isinstance(value, bool)
    if ok and value >= low and (high is None or value <= high):
        return
    upper = "" if high is None else f" and <= {high}"
    raise ParameterError(f"{name}={value!r} is not allowed; it must be an integer >= {low}{upper}")


def check_bool(name: str, value: Any) -> None:
    """Raise :class:`ParameterError` unless ``value`` is a bool (``1`` and ``"yes"`` are not)."""
    if not isinstance(value, (bool, np.bool_)):
        raise ParameterError(f"{name}={value!r} is not allowed; allowed values: [False, True]")


def _is_int(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _check_declared_type(name: str, annotation: Any, value: Any) -> None:
    """Check a parameter against the plain type its field declares (``int``, ``bool``,
    ``float``, ``str``, optionally ``| None``); other annotations are the params' own
    ``__post_init__``'s to check. One rule for every game: ``2.0`` is no player count,
    ``1`` is no bool."""
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    parts = [t.strip() for t in text.replace("Optional[", "").rstrip("]").split("|")]
    if "None" in parts and value is None:
        return
    kinds = [t for t in parts if t != "None"]
    if len(kinds) != 1:
        return
    kind = kinds[0]
    if kind == "bool":
        check_bool(name, value)
    elif kind == "int" and not _is_int(value):
        raise ParameterError(f"{name}={value!r} is not allowed; it must be an integer")
    elif kind == "float" and (isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating))):
        raise ParameterError(f"{name}={value!r} is not allowed; it must be a number")
    elif kind == "str" and not isinstance(value, str):
        raise ParameterError(f"{name}={value!r} is not allowed; it must be a string")


def make_params(params_cls: type, values: dict[str, Any]) -> Any:
    """Build a frozen params dataclass, naming unknown keys and the allowed ones.

    Values are checked against their fields' declared types first, so every game
    rejects a float player count or an int for a flag with the same message.
    """
    fields = {f.name: f for f in dataclasses.fields(params_cls)}
    unknown = sorted(set(values) - set(fields))
    if unknown:
        raise ParameterError(
            f"unknown parameter(s) {unknown} for {params_cls.__name__}; "
            f"allowed parameters: {sorted(fields)}"
        )
    for name, value in values.items():
        _check_declared_type(name, fields[name].type, value)
    return params_cls(**values)


def params_to_dict(params: Any) -> dict[str, Any]:
    """The parameters as JSON-safe values (tuples become lists)."""

    def plain(v: Any) -> Any:
        if isinstance(v, (tuple, list)):
            return [plain(x) for x in v]
        if isinstance(v, dict):
            return {str(k): plain(x) for k, x in v.items()}
        if isinstance(v, np.generic):
            return v.item()
        return v

    return {f.name: plain(getattr(params, f.name)) for f in dataclasses.fields(params)}


def stored_params_diff(stored: dict[str, Any], params: Any) -> dict[str, tuple[Any, Any]]:
    """``{name: (stored value, value in params)}`` where parameters stored with a model, ladder or run
    (by :func:`params_to_dict`) differ from ``params``. A parameter added since they were stored is
    taken at its default: a new parameter's default is the game as it was."""
    mine = params_to_dict(params)
    theirs = {**params_to_dict(type(params)()), **stored}
    return {k: (theirs.get(k), mine.get(k)) for k in sorted(set(theirs) | set(mine)) if theirs.get(k) != mine.get(k)}


def state_header(game: "Game") -> dict[str, Any]:
    """What every ``to_dict`` starts with: the game, its version and its parameters,
    so ``from_dict`` can refuse a state of another game, variant or player count."""
    return {"game": game.name, "version": game.version, "params": params_to_dict(game.params)}


def check_state_header(game: "Game", data: Any, required: Iterable[str] = ()) -> None:
    """Raise :class:`ParameterError` unless ``data`` is a state dict of ``game``'s
    name, version and parameters with every key in ``required``."""
    if not isinstance(data, dict):
        raise ParameterError(f"a {game.name} state must be a dict (from to_dict()), not {type(data).__name__}")
    if data.get("game") != game.name:
        raise ParameterError(f"this state dict is for game {data.get('game')!r}, not {game.name!r}")
    if data.get("version") != game.version:
        raise ParameterError(
            f"this state dict is from {game.name} version {data.get('version')!r}; "
            f"the game is version {game.version}"
        )
    theirs = data.get("params")
    if not isinstance(theirs, dict):
        raise ParameterError(f"this {game.name} state dict has no 'params' dict")
    diff = stored_params_diff(theirs, game.params)
    if diff:
        shown = ", ".join(f"{k}: state {t!r} vs game {m!r}" for k, (t, m) in diff.items())
        raise ParameterError(
            f"this {game.name} state dict was made with other parameters ({shown}); "
            f"build the game with the state's parameters"
        )
    missing = sorted(set(required) - set(data))
    if missing:
        raise ParameterError(f"this {game.name} state dict lacks the key(s) {missing}")


def rng_to_dict(rng: np.random.Generator) -> dict[str, Any]:
    """JSON-safe snapshot of a generator, so ``from_dict`` restores the same future."""
    return rng.bit_generator.state


def rng_from_dict(state: dict[str, Any]) -> np.random.Generator:
    bit_gen = getattr(np.random, state["bit_generator"])()
    bit_gen.state = state
    return np.random.Generator(bit_gen)


def env_id_of(game: "type[Game] | Game") -> str:
    """``"<name>_v<version>"``: the env id of a game, derived here and nowhere else."""
    return f"{game.name}_v{game.version}"


class GameState(ABC):
    """One play of a game. Mutated in place by :meth:`apply_action`.

    Randomness comes only from ``self.rng`` (a ``numpy.random.Generator``),
    which is part of the state: ``clone()`` and ``to_dict()`` carry it, so a
    restored state plays on exactly as the original would.
    """

    game: "Game"

    @property
    def num_players(self) -> int:
        return self.game.num_players

    #: the generator, or None while only its seed is known (``_rng_seed``)
    _rng: np.random.Generator | None = None
    _rng_seed: int | None = None

    @property
    def rng(self) -> np.random.Generator:
        """The state's generator. A state may hold only its seed (``_rng`` None, ``_rng_seed`` set,
        as ``resample_hidden`` gives its determinizations) and build the generator on first use:
        building one costs more than the rest of a resample, and most search play-outs never draw."""
        g = self._rng
        if g is None:
            g = self._rng = np.random.Generator(np.random.PCG64(self._rng_seed))  # as default_rng(seed)
        return g

    @rng.setter
    def rng(self, g: np.random.Generator) -> None:
        self._rng = g

    #: Names of the decision phases, indexed by ``phase_id``; a game that keeps its
    #: phase as ``phase_id`` and its deciding seat as ``to_act`` gets
    #: ``current_player``, ``is_terminal`` and ``phase`` from here.
    PHASES: ClassVar[Sequence[str]] = ()
    #: the ``phase_id`` of a finished game
    OVER: ClassVar[int] = -1
    phase_id: int
    to_act: int

    @property
    def current_player(self) -> int:
        """The seat that must decide now (-1 when the game is over)."""
        return -1 if self.phase_id == self.OVER else self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.phase_id == self.OVER

    @property
    def phase(self) -> str:
        """A short name of the decision being asked for (used in error messages)."""
        return self.PHASES[self.phase_id]

    @abstractmethod
    def legal_action_mask(self) -> np.ndarray:
        """Bool array of length ``game.num_actions``; never all-false while not terminal."""

    def legal_actions(self) -> list[int]:
        """The legal ids in ascending order. The search asks for them at every simulated step, so
        an engine that knows them without building the mask may override this (same ids, same order)."""
        return np.flatnonzero(self.legal_action_mask()).tolist()

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action (already validated)."""

    def random_playout(self, uniform: Callable[[], float], limit: int) -> int:
        """The search's random play-out: until the game ends or ``limit`` moves are made, play
        ``legal[int(uniform() * len(legal))]`` of :meth:`legal_actions`; returns the number of moves made.
        An engine may override it with a loop of its own that plays the same moves from the same
        uniforms (``tests/test_random_playout.py`` checks that against this one)."""
        legal_actions, apply = self.legal_actions, self._apply  # bound once: a play-out is most of the steps
        made = 0
        while made < limit and not self.is_terminal:
            legal = legal_actions()
            apply(legal[int(uniform() * len(legal))])
            made += 1
        return made

    def apply_action(self, action: int) -> None:
        """Validate and apply ``action``; an illegal one raises :class:`IllegalActionError`
        and leaves the state untouched.

        An action is an integer id (Python or numpy integer, or a 0-d integer array); a
        string, float (even ``3.0``), bool, None, list or dict is refused, naming it.
        """
        if isinstance(action, np.ndarray) and action.ndim == 0 and action.dtype.kind in "iu":
            action = action.item()
        if not _is_int(action):
            raise IllegalActionError(
                f"action {action!r} ({type(action).__name__}) is out of range: an action is an integer "
                f"id in [0, {self.game.num_actions}), not a {type(action).__name__} (phase {self.phase!r})"
            )
        if self.is_terminal:
            raise IllegalActionError(f"action {action!r}: the game is over")
        a = int(action)
        if not 0 <= a < self.game.num_actions:
            raise IllegalActionError(
                f"action {action!r} is out of range [0, {self.game.num_actions}) "
                f"in phase {self.phase!r}"
            )
        if not self.legal_action_mask()[a]:
            legal = [f"{x}: {self.action_to_string(x)}" for x in self.legal_actions()]
            raise IllegalActionError(
                f"action {a} ({self.action_to_string(a)}) is illegal for seat "
                f"{self.current_player} in phase {self.phase!r}; legal actions: {legal}"
            )
        self._apply(a)

    @abstractmethod
    def scores(self) -> list[float]:
        """Game points per seat (victory points, money, ... as the game counts them)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won (several on a shared win); empty until the game is over."""

    def returns(self) -> list[float]:
        """Payoff per seat at the end: +1 for a winner, -1 otherwise, 0 for all if all
        of several seats share the win (a solo player's win is +1)."""
        n = self.num_players  # (a property: asked once, the search reads returns after every simulation)
        if not self.is_terminal:
            return [0.0] * n
        won = set(self.winners())
        if len(won) == n > 1:
            return [0.0] * n
        return [1.0 if p in won else -1.0 for p in range(n)]

    @abstractmethod
    def observation(self, seat: int, out: np.ndarray) -> None:
        """Write ``seat``'s view into ``out`` (float32, length ``game.observation_size``).

        Seat-relative (own data first) and free of anything ``seat`` may not see.
        ``out`` is zeroed by the caller.
        """

    @abstractmethod
    def state_tensor(self, out: np.ndarray) -> None:
        """Write the full state (all hidden information) for centralized critics.

        ``out`` has length ``game.state_size`` and is zeroed by the caller.
        """

    @abstractmethod
    def clone(self) -> "GameState":
        """An independent copy (cheap: copies small lists, never ``deepcopy``)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """JSON-safe dict with everything needed for an exact round trip."""

    @classmethod
    @abstractmethod
    def from_dict(cls, game: "Game", data: dict[str, Any]) -> "GameState": ...

    @abstractmethod
    def action_to_string(self, action: int) -> str: ...

    @abstractmethod
    def render_text(self) -> str:
        """The whole table, readable by a person (used by ``render_mode='ansi'``)."""

    def resample_hidden(self, seat: int, rng: np.random.Generator) -> "GameState":
        """A new state that ``seat`` cannot tell apart from this one, hidden parts drawn anew.

        Everything ``seat`` sees or remembers (its observation, its legal actions
        when it is to act, the public history the observation carries) is kept;
        every hidden element (other seats' private cards, deck and bag orders,
        face-down cards, the state's own generator) is drawn from ``rng``,
        consistent with what ``seat`` knows. Like OpenSpiel's
        ``resample_from_infostate``: search policies simulate only on such states.
        """
        raise NotImplementedError(f"{self.game.name} does not implement resample_hidden")

    def mute(self) -> None:
        """Stop producing what only people read (narrated events) on this state from now on. A search
        mutes its determinizations, which no one sees; a resample itself stays a faithful copy
        (OpenSpiel's IS-MCTS reads the text view of states it plays on). Nothing to do by default."""

    def observation_text(self, seat: int) -> str:
        """``seat``'s view of the table as text: every public fact, nothing hidden
        from that seat (OpenSpiel's ``observation_string``)."""
        raise NotImplementedError(f"{self.game.name} does not implement observation_text")

    def render_rgb(self) -> np.ndarray:
        """An RGB picture (H, W, 3) uint8; only games listing ``rgb_array`` implement it."""
        raise NotImplementedError(f"{self.game.name} has no rgb_array rendering")


class Game(ABC):
    """Validated parameters plus sizes derived from them; a factory of states.

    Subclasses set the class attributes, implement :meth:`new_initial_state`, and
    set the three sizes (as class attributes when the parameters don't change them,
    else in ``__init__`` after calling ``super().__init__``).
    """

    name: ClassVar[str]
    version: ClassVar[int] = 0
    Params: ClassVar[type]
    State: ClassVar[type[GameState]]
    player_counts: ClassVar[Sequence[int]]
    render_modes: ClassVar[Sequence[str]] = ("ansi",)
    #: typical score spread, used to scale the ``score_diff`` reward into ~[-1, 1]
    score_scale: ClassVar[float] = 1.0
    #: length of the action mask (every action id of the game)
    num_actions: int
    #: length of a seat's observation vector
    observation_size: int
    #: length of the full-state vector (for centralized critics)
    state_size: int

    def __init__(self, **params: Any) -> None:
        self.params = make_params(self.Params, params)
        check_choice("num_players", self.params.num_players, self.player_counts)

    @property
    def num_players(self) -> int:
        return self.params.num_players

    @abstractmethod
    def new_initial_state(self, rng: np.random.Generator) -> GameState: ...

    def state_from_dict(self, data: dict[str, Any]) -> GameState:
        return self.State.from_dict(self, data)

    def seat_blocks(self) -> list[np.ndarray]:
        """Where each player's public facts sit in a seat's observation.

        Entry ``k`` (``k = 0 .. num_players - 1``) holds the observation indices of what
        every seat at the table sees alike about the player ``k`` seats after the viewer
        (position, score, hand size, open cards, tokens, ...): the same fields in the same
        order for every ``k``. Per-viewer fields (the viewer's own hidden hand, what it
        alone remembers of other hands, "this is me" flags) are left out.

        It lets one shared test check every game's seat-relative layout without knowing
        it: the facts about seat ``q`` read the same in slot ``(q - s) % n`` of any viewer
        ``s``, and change with that seat's data. Each game derives the indices from its
        observation layout table.
        """
        raise NotImplementedError(f"{self.name} does not implement seat_blocks")

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.params})"
