"""Every travel_envs game as an OpenSpiel game (``pip install -e ".[openspiel]"``).

Importing this module registers one Python game per env with ``pyspiel.register_game``
(:data:`GAME_NAMES`: ``python_travel_<game>``), so OpenSpiel's tools load them by name::

    import pyspiel
    import travel_envs.openspiel  # registers the games
    game = pyspiel.load_game("python_travel_trek", {"players": 4, "seed": 7})

The adapter only translates: every rule stays in the engine (:mod:`travel_envs.core.game`). A
pyspiel state wraps one engine state, and each OpenSpiel call is one engine call:

=============================  ===============================================================
OpenSpiel                      travel_envs engine
=============================  ===============================================================
``legal_actions()``            ``legal_actions()`` (ascending ids)
``apply_action(a)``            ``apply_action(a)`` (checked); at the chance node: the deal
``current_player()``           ``current_player`` (``TERMINAL`` once over)
``returns()`` / ``rewards()``  the terminal reward of ``reward_mode`` (:mod:`.core.rewards`)
``clone()``                    ``clone()`` (the generator included: a clone plays on alike)
``observation_string(p)``      ``observation_text(p)``: the seat's view, every public fact and
                               what the seat remembers, nothing hidden
``information_state_string``   the same text (see *Information states* below)
``observation_tensor(p)``      the env's observation vector (``observation(p, out)``)
``resample_from_infostate``    ``resample_hidden(p, rng)``
``serialize`` / deserialize    ``to_dict`` / ``State.from_dict`` as JSON (exact, generator too)
``action_to_string(p, a)``     ``action_to_string(a)``
=============================  ===============================================================

Parameters: ``players`` (the game's player counts), ``seed`` (deal ``i`` of the chance node seeds
the engine state from ``(seed, i)``), ``reward_mode`` (``win_loss``, ``rank``, ``score_diff``), every
game parameter whose default is a number, a bool or a string, and ``params``: a JSON object with
any other game parameter (tuples as lists), e.g. ``{"params": '{"tours_to_end": 3}'}``.

What OpenSpiel asks and our games do not offer, said in :class:`pyspiel.GameType` rather than faked:

- **Chance after the deal** happens inside ``apply_action`` from the state's own generator
  (dice, draws), which the deal fixes: the deal is the one explicit chance node
  (``EXPLICIT_STOCHASTIC``, :data:`DEALS` equally likely outcomes); no later chance node is
  exposed, and a replay of the history rebuilds the same state.
- **Information states.** A seat's view holds every public fact and everything the seat
  remembers (traded cards, discard piles), so two histories with the same view are the same to
  the seat's decisions. It is not a transcript of the history: histories that differ only in
  the order of events the view does not keep read alike. Tree searches keyed by it (OpenSpiel's
  IS-MCTS) merge such histories; exact perfect-recall methods (CFR) would need the transcript.
- **Game length.** ``max_game_length`` is the game's ``max_decisions``, which the adapter
  enforces as the PettingZoo env does: a game still running then stops, truncated, everyone
  returning 0.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - the optional extra is missing
    raise ImportError("travel_envs.openspiel needs OpenSpiel: pip install -e \".[openspiel]\" "
                      "(or pip install open-spiel)") from exc

from travel_envs.core.game import Game, GameState, ParameterError, env_id_of
from travel_envs.core.registry import game_class, list_envs
from travel_envs.core.rewards import check_reward_mode, terminal_rewards

#: env id -> the OpenSpiel short name it is registered under
GAME_NAMES: dict[str, str] = {env_id: f"python_travel_{env_id.rsplit('_v', 1)[0]}" for env_id in list_envs()}
_ADAPTER_PARAMS = {"players": 2, "seed": 0, "reward_mode": "win_loss", "params": "{}"}
#: the deals a game starts from (its one chance node): deal ``i`` seeds the engine state from
#: ``(seed, i)``, every later chance event (dice, draws) comes from that state's own generator
DEALS = 1 << 16


def _scalar_params(game_cls: type[Game]) -> dict[str, Any]:
    """Game parameters OpenSpiel can carry itself (number, bool or string defaults)."""
    out = {}
    for f in dataclasses.fields(game_cls.Params):
        if f.name != "num_players" and isinstance(f.default, (bool, int, float, str)):
            out[f.name] = f.default
    return out


def _game_type(game_cls: type[Game], reward_mode: str = "win_loss", players: int | None = None) -> pyspiel.GameType:
    name = GAME_NAMES[env_id_of(game_cls)]
    counts = list(game_cls.player_counts)
    zero_sum = reward_mode == "rank" and players is not None and players > 1
    return pyspiel.GameType(
        short_name=name,
        long_name=f"travel_envs {game_cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # rank rewards sum to 0 at every table of 2+; win/loss and score margins do not
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**_ADAPTER_PARAMS, **_scalar_params(game_cls)},
    )


@dataclasses.dataclass(frozen=True)
class _Table:
    """What a loaded game needs of ours: the engine's Game and the adapter's settings."""

    env_id: str
    engine: Game
    reward_mode: str
    seed: int
    max_decisions: int


#: str(game) (its name and parameters) -> its table. pyspiel may hand a game back to Python as a new
#: wrapper of the same C++ object, without the attributes set on the first one; the table is found
#: again by the game's string
_TABLES: dict[str, _Table] = {}


def _settings(env_id: str, params: dict[str, Any]) -> tuple[_Table, pyspiel.GameType, pyspiel.GameInfo, dict]:
    """Check the parameters of a load and derive the table, the type, the info and the parameters
    as OpenSpiel keeps them (defaults left out)."""
    game_cls = game_class(env_id)
    params = dict(params)
    players = params.pop("players", 2)
    seed = params.pop("seed", 0)
    reward_mode = params.pop("reward_mode", "win_loss")
    extra = params.pop("params", "{}")
    check_reward_mode(reward_mode)
    try:
        extra = json.loads(extra) if isinstance(extra, str) else dict(extra)
    except (ValueError, TypeError):
        extra = None
    if not isinstance(extra, dict):
        raise ParameterError(f"{GAME_NAMES[env_id]}: params={params.get('params')!r} is not a JSON object of game "
                             f"parameters; e.g. '{{\"max_turns\": 200}}'")
    fields = {f.name for f in dataclasses.fields(game_cls.Params)} - {"num_players"}
    unknown = sorted((set(params) | set(extra)) - fields)
    if unknown:
        raise ParameterError(f"unknown parameter(s) {unknown} for {GAME_NAMES[env_id]}; allowed: "
                             f"{sorted(_ADAPTER_PARAMS)} and the game's {sorted(fields)}")
    engine = game_cls(num_players=players, **{k: tuple(v) if isinstance(v, list) else v for k, v in extra.items()},
                      **params)
    max_decisions = int(getattr(game_cls, "max_decisions", 100_000))
    info = pyspiel.GameInfo(
        num_distinct_actions=engine.num_actions,
        max_chance_outcomes=DEALS,
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if reward_mode == "rank" and players > 1 else None,
        max_game_length=max_decisions,
    )
    given = {"players": players, "seed": int(seed), "reward_mode": reward_mode, **params}
    if extra:
        given["params"] = json.dumps(extra)
    table = _Table(env_id, engine, reward_mode, int(seed), max_decisions)
    return table, _game_type(game_cls, reward_mode, players), info, given


def _table(game: pyspiel.Game) -> _Table:
    key = str(game)
    table = _TABLES.get(key)
    if table is None:  # a wrapper we have not seen: rebuild from what OpenSpiel kept
        env_id = next(e for e, name in GAME_NAMES.items() if name == game.get_type().short_name)
        table = _TABLES[key] = _settings(env_id, game.get_parameters())[0]
    return table


class TravelGame(pyspiel.Game):
    """One travel_envs game with its parameters, as a pyspiel game."""

    def __init__(self, env_id: str, params: dict[str, Any] | None = None) -> None:
        table, game_type, info, given = _settings(env_id, params or {})
        super().__init__(game_type, info, given)
        _TABLES[str(self)] = table

    @property
    def engine(self) -> Game:
        """Our Game (parameters and sizes) behind this pyspiel game."""
        return _table(self).engine

    @property
    def env_id(self) -> str:
        return _table(self).env_id

    def new_initial_state(self) -> "TravelState":
        """The chance node before the deal (:data:`DEALS` equally likely outcomes)."""
        return TravelState(self, None)

    def deal(self, index: int) -> GameState:
        """The engine state of deal ``index`` (the same for the same ``seed`` and index)."""
        table = _table(self)
        return table.engine.new_initial_state(np.random.default_rng([table.seed, int(index)]))

    def deserialize_state(self, text: str) -> "TravelState":
        data = json.loads(text)
        state = None if data["state"] is None else self.engine.state_from_dict(data["state"])
        return TravelState(self, state, int(data["decisions"]))

    def observation_tensor_shape(self) -> list[int]:
        return [self.engine.observation_size]

    def observation_tensor_size(self) -> int:
        return self.engine.observation_size

    def information_state_tensor_shape(self) -> list[int]:
        return [self.engine.observation_size]

    def information_state_tensor_size(self) -> int:
        return self.engine.observation_size

    def make_py_observer(self, iig_obs_type=None, params=None) -> "TravelObserver":
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return TravelObserver(self.engine)


class TravelState(pyspiel.State):
    """A pyspiel state around one engine state (None: the deal is still to come, a chance node);
    ``decisions`` counts the players' actions towards ``max_game_length``."""

    def __init__(self, game: TravelGame, state: GameState | None, decisions: int = 0) -> None:
        super().__init__(game)
        self._game, self._t, self.engine_state, self.decisions = game, _table(game), state, decisions

    def current_player(self) -> int:
        if self.engine_state is None:
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.engine_state.current_player

    def is_terminal(self) -> bool:
        s = self.engine_state
        return s is not None and (s.is_terminal or self.decisions >= self._t.max_decisions)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deals, equally likely."""
        p = 1.0 / DEALS
        return [(i, p) for i in range(DEALS)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine_state is None:
            return list(range(DEALS)) if player == pyspiel.PlayerId.CHANCE else []
        if player != self.engine_state.current_player:
            return []
        return self.engine_state.legal_actions()

    def _apply_action(self, action: int) -> None:
        if self.engine_state is None:
            self.engine_state = self._game.deal(int(action))
            return
        self.engine_state.apply_action(int(action))
        self.decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {int(action)}"
        return self.engine_state.action_to_string(int(action))

    def returns(self) -> list[float]:
        s = self.engine_state
        if s is None or not s.is_terminal:
            return [0.0] * self._t.engine.num_players
        return [float(r) for r in terminal_rewards(s, self._t.reward_mode)]

    def rewards(self) -> list[float]:
        """Terminal rewards only: the last action's reward is the whole return."""
        return self.returns()

    def clone(self) -> "TravelState":
        s = self.engine_state
        return TravelState(self._game, None if s is None else s.clone(), self.decisions)

    def resample_from_infostate(self, player_id: int, probability_sampler=None) -> "TravelState":
        """A state ``player_id`` cannot tell apart from this one (``resample_hidden``): other hands,
        deck orders and the state's generator drawn anew, from a generator seeded by OpenSpiel's
        sampler when one is given (so OpenSpiel's own seeding reproduces it), else fresh entropy."""
        if self.engine_state is None:
            return self.clone()
        if probability_sampler is not None:
            seed = int(probability_sampler() * 2**53)
        else:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        resampled = self.engine_state.resample_hidden(int(player_id), np.random.default_rng(seed))
        return TravelState(self._game, resampled, self.decisions)

    def observation_string(self, player: int | None = None) -> str:
        return self._text(self._player(player))

    def information_state_string(self, player: int | None = None) -> str:
        return self._text(self._player(player))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(self._player(player)).tolist()

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(self._player(player)).tolist()

    def serialize(self) -> str:
        s = self.engine_state
        return json.dumps({"state": None if s is None else s.to_dict(), "decisions": self.decisions})

    def __str__(self) -> str:
        return "(deal to come)" if self.engine_state is None else self.engine_state.render_text()

    def _player(self, player: int | None) -> int:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._t.engine.num_players:
            raise ValueError(f"player {player} is not a seat of this {self._t.engine.num_players}-player game")
        return int(player)

    def _text(self, player: int) -> str:
        return "(deal to come)" if self.engine_state is None else self.engine_state.observation_text(player)

    def _tensor(self, player: int) -> np.ndarray:
        out = np.zeros(self._t.engine.observation_size, np.float32)
        if self.engine_state is not None:
            self.engine_state.observation(player, out)
        return out


class TravelObserver:
    """OpenSpiel's Python observer protocol: ``tensor`` (+ ``dict``) and the text view of a seat."""

    def __init__(self, engine: Game) -> None:
        self.tensor = np.zeros(engine.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TravelState, player: int) -> None:
        self.tensor[:] = state._tensor(player)

    def string_from(self, state: TravelState, player: int) -> str:
        return state._text(player)


def _game_class(env_id: str) -> type[TravelGame]:
    """A TravelGame subclass for one env, registered as its creator (a class, as OpenSpiel's own
    Python games register: a plain function held by pyspiel's registry crashes the interpreter
    on exit, when the registry lets it go after Python has finished)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        TravelGame.__init__(self, env_id, params)

    name = "".join(part.title() for part in GAME_NAMES[env_id].split("_"))
    return type(name, (TravelGame,), {"__init__": __init__, "__module__": __name__})


#: env id -> its pyspiel game class (module attributes too, so that pickle finds them)
GAME_CLASSES: dict[str, type[TravelGame]] = {env_id: _game_class(env_id) for env_id in GAME_NAMES}
globals().update({cls.__name__: cls for cls in GAME_CLASSES.values()})


def register() -> list[str]:
    """Register every game with pyspiel (once; later calls do nothing); the names registered."""
    known = set(pyspiel.registered_names())
    for env_id, name in GAME_NAMES.items():
        if name not in known:
            pyspiel.register_game(_game_type(game_class(env_id)), GAME_CLASSES[env_id])
    return list(GAME_NAMES.values())


def load(env_id: str, **params: Any) -> TravelGame:
    """``pyspiel.load_game`` by env id: ``load("trek_v0", players=4)``."""
    if env_id not in GAME_NAMES:
        raise ParameterError(f"unknown env {env_id!r}; OpenSpiel names: {GAME_NAMES}")
    return pyspiel.load_game(GAME_NAMES[env_id], params)


register()

__all__ = ["DEALS", "GAME_CLASSES", "GAME_NAMES", "TravelGame", "TravelObserver", "TravelState", "load", "register"]
