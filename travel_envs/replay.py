"""Replay files: one JSON format for watching, sharing and golden regression tests.

A replay holds what is needed to play a game again through the engine: the env
id and its game version, the game's parameters (all of them, resolved), the
seed given to ``reset``, the policy of each seat, every decision (seat, action
id, action string) and the result (scores, winners, truncated or not).

Loading a replay plays its actions through today's engine and checks every
recorded action string and the final scores: a mismatch means the replay was
made with another version of the game's rules and raises :class:`ReplayError`
naming the first decision that differs.

    python -m travel_envs.replay --regenerate-golden   # after an intended rules change
    python -m travel_envs.replay --check FILE ...      # verify replay files
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

import numpy as np

from travel_envs.core.files import write_text_atomic
from travel_envs.core.game import Game, GameState, IllegalActionError, ParameterError, params_to_dict

FORMAT = "travel_envs.replay"
FORMAT_VERSION = 1

#: the golden games: one per game, heuristic against heuristic, fixed seed
GOLDEN_GAMES: tuple[dict[str, Any], ...] = (
    {"env": "globetrotter_v0", "params": {"num_players": 2}, "seed": 7},
    {"env": "itchy_feet_v0", "params": {"num_players": 3, "extensions": "all"}, "seed": 7},
    {"env": "trek_v0", "params": {"num_players": 2}, "seed": 7},
    {"env": "trekking_v0", "params": {"num_players": 2}, "seed": 7},
    {"env": "trekking_the_world_v0", "params": {"num_players": 2}, "seed": 7},
)
GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "golden_replays"


class ReplayError(ParameterError):
    """A replay file that cannot be read or that today's engine does not play the same way."""


@dataclass
class Move:
    """One decision: the seat that made it, the action id and the action's name at that moment."""

    seat: int
    action: int
    text: str


@dataclass
class Replay:
    env: str
    env_version: int
    params: dict[str, Any]
    seed: int
    policies: list[str]
    moves: list[Move] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    truncated: bool = False

    @property
    def num_players(self) -> int:
        return len(self.policies)

    # -- JSON ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        from travel_envs import __version__

        return {
            "format": FORMAT, "format_version": FORMAT_VERSION, "travel_envs_version": __version__,
            "env": self.env, "env_version": self.env_version, "params": self.params, "seed": self.seed,
            "policies": list(self.policies),
            "moves": [[m.seat, m.action, m.text] for m in self.moves],
            "result": {"scores": list(self.scores), "winners": list(self.winners), "truncated": self.truncated},
        }

    def to_json(self) -> str:
        """One move per line, so a diff of two replays shows the decisions that changed."""
        data = self.to_dict()
        moves = data.pop("moves")
        head = "".join(f" {json.dumps(k)}: {json.dumps(v)},\n" for k, v in data.items())
        lines = ",\n".join("  " + json.dumps(m) for m in moves)
        return "{\n" + head + ' "moves": [\n' + lines + "\n ]\n}\n"

    @classmethod
    def from_dict(cls, data: Any, source: str = "replay") -> "Replay":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReplayError(f"{source} is not a travel_envs replay (no \"format\": \"{FORMAT}\")")
        if data.get("format_version") != FORMAT_VERSION:
            raise ReplayError(f"{source} has replay format version {data.get('format_version')!r}; "
                              f"this travel_envs reads version {FORMAT_VERSION}")
        try:
            result = data["result"]
            moves = [Move(int(s), int(a), str(t)) for s, a, t in data["moves"]]
            return cls(env=str(data["env"]), env_version=int(data["env_version"]), params=dict(data["params"]),
                       seed=int(data["seed"]), policies=[str(p) for p in data["policies"]], moves=moves,
                       scores=[float(x) for x in result["scores"]], winners=[int(w) for w in result["winners"]],
                       truncated=bool(result["truncated"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise ReplayError(f"{source} is a corrupt replay: missing or malformed field ({exc!r})") from exc

    def save(self, path: str | Path) -> Path:
        """Write the replay as JSON, all or nothing: a crash or a full disk midway leaves no
        half-written file behind (written beside ``path``, then renamed over it)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, self.to_json())
        return path


def game_for(env: str, params: dict[str, Any]) -> Game:
    """The Game of ``env`` (a registered id or ``module:GameClass``) built with ``params``."""
    from travel_envs.core.registry import game_class_for

    return game_class_for(env)(**params)


def initial_state(game: Game, seed: int) -> GameState:
    """The state ``TravelAECEnv.reset(seed=seed)`` starts from (one source of truth: the adapter)."""
    from travel_envs.core.registry import make_raw_env

    raw = make_raw_env(type(game), **params_to_dict(game.params))
    raw.reset(seed=seed)
    return raw.game_state


def policy_name(policy: Any) -> str:
    return policy if isinstance(policy, str) else str(getattr(policy, "name", type(policy).__name__))


def new_replay(env: str, game: Game, seed: int, policies: Sequence[Any]) -> Replay:
    if len(policies) != game.num_players:
        raise ParameterError(f"{len(policies)} policies for a {game.num_players}-player game")
    return Replay(env=env, env_version=game.version, params=params_to_dict(game.params), seed=int(seed),
                  policies=[policy_name(p) for p in policies])


def finish(replay: Replay, state: GameState) -> Replay:
    replay.scores = [float(x) for x in state.scores()]
    replay.winners = [int(w) for w in state.winners()]
    replay.truncated = not state.is_terminal
    return replay


def policy_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s policy in a game dealt from ``seed`` (travel-watch uses the same)."""
    return seed + 1000 + seat


def recorded_moves(state: GameState, players: Sequence[Any], replay: Replay,
                   limit: int) -> Iterator[Move]:
    """Play ``state`` on with ``players`` (Policy objects, one per seat), appending every move
    to ``replay`` and yielding it once applied, until the game ends or ``replay`` holds
    ``limit`` moves. The one game loop behind :func:`record_game` and ``travel-watch``;
    call :func:`finish` afterwards."""
    from travel_envs.agents.base import policy_action

    obs = np.zeros(state.game.observation_size, np.float32)
    while not state.is_terminal and len(replay.moves) < limit:
        seat = state.current_player
        action = int(policy_action(players[seat], state, obs))
        move = Move(int(seat), action, state.action_to_string(action))
        replay.moves.append(move)
        state.apply_action(action)
        yield move


def record_game(env: str, policies: Sequence[Any], seed: int, params: dict[str, Any] | None = None,
                max_decisions: int | None = None) -> Replay:
    """Play one game between ``policies`` (spec strings or Policy objects, one per seat) and record it;
    policies are seeded with :func:`policy_seed`."""
    from travel_envs.agents.registry import make_policy

    game = game_for(env, dict(params or {}))
    limit = max_decisions or getattr(type(game), "max_decisions", 100_000)
    players = [make_policy(p, env, seed=policy_seed(seed, i)) for i, p in enumerate(policies)]
    replay = new_replay(env, game, seed, policies)
    state = initial_state(game, seed)
    for _ in recorded_moves(state, players, replay, limit):
        pass
    return finish(replay, state)


def replay_from_actions(env: str, params: dict[str, Any], seed: int, policies: Sequence[Any],
                        actions: Sequence[int]) -> Replay:
    """A replay of a game known by its seed and action ids (e.g. an arena game)."""
    game = game_for(env, dict(params))
    replay = new_replay(env, game, seed, policies)
    state = initial_state(game, seed)
    for a in actions:
        replay.moves.append(Move(state.current_player, int(a), state.action_to_string(int(a))))
        state.apply_action(int(a))
    return finish(replay, state)


def save_match(env: str, params: dict[str, Any], names: Sequence[str], records: Sequence[Any],
               folder: str | Path, prefix: str) -> list[Path]:
    """Write the games of an arena match (records with ``seats``, ``deal_seed`` and ``actions``,
    see :class:`travel_envs.evaluation.arena.GameRecord`) as ``FOLDER/PREFIX_gameNNNN.json``."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise FileNotFoundError(f"{folder} is not a folder")
    paths = []
    for g, rec in enumerate(records):
        by_seat = [""] * len(rec.seats)
        for i, seat in enumerate(rec.seats):
            by_seat[seat] = names[i]
        replay = replay_from_actions(env, params, rec.deal_seed, by_seat, rec.actions)
        paths.append(replay.save(folder / f"{prefix}_game{g:04d}.json"))
    return paths


def _other_version(replay: Replay, what: str) -> ReplayError:
    return ReplayError(
        f"{what}: this replay was made with another version of {replay.env} (its rules, action names or "
        f"dealing differ from today's engine); play it with the travel_envs version that recorded it "
        f"({replay.env} version {replay.env_version}), or regenerate it"
    )


def positions(replay: Replay) -> Iterator[tuple[int, GameState, Move | None]]:
    """Play ``replay`` through today's engine: yields ``(i, state, move)`` before each move (the live
    state, to read or clone, not to keep) and ``(len(moves), final_state, None)`` at the end.

    Every recorded seat and action string is checked; the final scores and winners too."""
    from travel_envs.agents.games import resolve_game

    try:
        cls = resolve_game(replay.env)[0]
    except ParameterError as exc:
        raise ReplayError(f"replay of env {replay.env!r}: {exc}") from exc
    if cls.version != replay.env_version:
        raise ReplayError(f"this replay is from {replay.env} game version {replay.env_version}; the installed "
                          f"game is version {cls.version}: play it with the travel_envs version that recorded it")
    try:
        game = cls(**replay.params)
    except (ParameterError, TypeError) as exc:
        raise _other_version(replay, f"its parameters are not accepted ({exc})") from exc
    if len(replay.policies) != game.num_players:
        raise ReplayError(f"corrupt replay: {len(replay.policies)} policies for {game.num_players} players")
    state = initial_state(game, replay.seed)
    for i, move in enumerate(replay.moves):
        if state.is_terminal:
            raise _other_version(replay, f"decision {i}: the game is already over, {len(replay.moves) - i} "
                                         f"recorded decision(s) remain")
        yield i, state, move
        now = state.action_to_string(move.action) if 0 <= move.action < game.num_actions else None
        if state.current_player != move.seat or now != move.text:
            raise _other_version(replay, f"decision {i}: recorded seat {move.seat} played {move.action} "
                                         f"({move.text!r}); the engine now has seat {state.current_player} "
                                         f"to act and names that action {now!r}")
        try:
            state.apply_action(move.action)
        except IllegalActionError as exc:
            raise _other_version(replay, f"decision {i}: {exc}") from exc
    scores = [float(x) for x in state.scores()]
    if state.is_terminal == replay.truncated:
        raise _other_version(replay, f"after its {len(replay.moves)} decisions the game is "
                                     f"{'over' if state.is_terminal else 'not over'}")
    if scores != replay.scores or list(state.winners()) != replay.winners:
        raise _other_version(replay, f"final scores {scores} and winners {state.winners()} differ from the "
                                     f"recorded {replay.scores} and {replay.winners}")
    yield len(replay.moves), state, None


def verify(replay: Replay) -> GameState:
    """Play the whole replay (checks every decision and the result); returns the final state."""
    final = None
    for _, state, _move in positions(replay):
        final = state
    return final


def load(path: str | Path, check: bool = True, allow_import: bool = False) -> Replay:
    """Read a replay file; with ``check`` play it through the engine (see :func:`positions`).

    A file may name only a registered env id: a ``module:Class`` id would import (run) the
    module it names, so it needs ``allow_import=True`` (for files you made yourself)."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"replay file not found: {path}")
    try:
        data = json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{path} is not valid JSON ({exc}); is it a replay file?") from exc
    replay = Replay.from_dict(data, source=str(path))
    if not allow_import:
        from travel_envs.core.registry import registered_env_id

        registered_env_id(replay.env, f"replay {path}")
    if check:
        verify(replay)
    return replay


def golden_path(spec: dict[str, Any], directory: Path = GOLDEN_DIR) -> Path:
    return Path(directory) / f"{spec['env']}_{spec['params']['num_players']}p.json"


def record_golden(spec: dict[str, Any]) -> Replay:
    n = spec["params"]["num_players"]
    return record_game(spec["env"], ["heuristic"] * n, spec["seed"], spec["params"])


def regenerate_golden(directory: Path = GOLDEN_DIR) -> list[Path]:
    """Re-record every golden game with today's engine (after an intended rules change)."""
    return [record_golden(spec).save(golden_path(spec, directory)) for spec in GOLDEN_GAMES]


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m travel_envs.replay", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--regenerate-golden", action="store_true",
                   help="re-record the golden replays (tests/golden_replays) with today's engine")
    p.add_argument("--golden-dir", type=Path, default=GOLDEN_DIR, help="where the golden replays live")
    p.add_argument("--check", nargs="+", metavar="FILE", help="play these replay files and check them")
    args = p.parse_args(argv)
    if not (args.regenerate_golden or args.check):
        p.error("give --regenerate-golden or --check FILE ...")
    try:
        if args.regenerate_golden:
            for path in regenerate_golden(args.golden_dir):
                print(f"written: {path}")
        for f in args.check or []:
            r = load(f)
            print(f"ok: {f} ({r.env}, {len(r.moves)} decisions, scores {r.scores})")
    except (ParameterError, FileNotFoundError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
