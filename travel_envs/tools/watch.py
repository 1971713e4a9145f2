"""travel-watch: play one game between policies and show it, move by move.

    travel-watch --env trek_v0 --policies heuristic random --seed 3
    travel-watch --env trekking_the_world_v0 --policies heuristic heuristic --gif game.gif
    travel-watch --policies runs/x/final_model.zip heuristic     # the model's run names the env
    travel-watch --env globetrotter_v0 --policies expert heuristic --seed 4 --max-decisions 40 --png table.png

Every decision is printed with its seat, policy and action name; the table (the
whole table, all hands) is printed before each decision unless --moves-only.
--gif/--mp4 write the game's picture after every decision (games with an
rgb_array picture; MP4 needs an ffmpeg executable); --png writes the table as the
watch ends (with --max-decisions N: mid-game, after N decisions).
--save-replay DIR keeps the game as a replay file for travel-replay.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Sequence

from travel_envs import replay as R
from travel_envs.core.game import ParameterError

from . import cli
from .movie import Movie, check_pictures, save_picture


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="travel-watch", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", help="env id, e.g. trek_v0 (optional when a model's run folder names it)")
    p.add_argument("--policies", nargs="+", required=True, metavar="POLICY",
                   help="one per seat: random, heuristic, expert, mcts:N, or a model path (.zip/.npz)")
    p.add_argument("--seed", type=cli.non_negative_int, help="deal seed (default: a random one, printed)")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="game parameter, repeatable; values are JSON (3, true, [\"events\"]) or plain text")
    p.add_argument("--save-replay", metavar="DIR", help="write the game as a replay file into DIR")
    movie = p.add_mutually_exclusive_group()
    movie.add_argument("--gif", metavar="OUT", help="write the pictures as an animated GIF")
    movie.add_argument("--mp4", metavar="OUT", help="write the pictures as an MP4 video (needs ffmpeg)")
    p.add_argument("--png", metavar="OUT", help="write the table's picture as the watch ends (PNG)")
    p.add_argument("--fps", type=cli.positive_float, default=2.0, help="pictures per second in the GIF/MP4 (default 2)")
    p.add_argument("--moves-only", action="store_true", help="print the moves, the table only at start and end")
    p.add_argument("--delay", type=cli.non_negative_float, default=0.0, help="seconds to wait after each decision")
    p.add_argument("--max-decisions", type=cli.positive_int, help="stop after this many decisions (default: the game's cap)")
    return p.parse_args(argv)


def check_replay_folder(folder: str | Path | None) -> None:
    """Before the game, not after it: --save-replay must name a folder (created if missing)."""
    if folder is not None and Path(folder).exists() and not Path(folder).is_dir():
        raise ParameterError(f"--save-replay {folder} is a file; give a folder (it is created if missing)")


def save_replay(rec: R.Replay, folder: str | Path, stem: str) -> Path:
    folder = Path(folder)
    check_replay_folder(folder)
    path = folder / f"{stem}.json"
    k = 1
    while path.exists():
        k += 1
        path = folder / f"{stem}_{k}.json"
    return rec.save(path)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    cli.check_output_path("--gif" if args.gif else "--mp4", args.gif or args.mp4)
    cli.check_output_path("--png", args.png)
    check_replay_folder(args.save_replay)
    env, params = cli.resolve_env(args.env, args.policies, cli.parse_params(args.param))
    game = cli.build_game(env, params, len(args.policies))
    seed = cli.pick_seed(args.seed)
    policies = cli.build_policies(env, args.policies, game, seed)
    if args.gif or args.mp4 or args.png:
        check_pictures(game)
    movie = None
    if args.gif or args.mp4:
        movie = Movie(args.gif or args.mp4, "gif" if args.gif else "mp4", args.fps)
    limit = args.max_decisions or getattr(type(game), "max_decisions", 100_000)
    rec = R.new_replay(env, game, seed, args.policies)
    state = R.initial_state(game, seed)
    names = rec.policies
    print(f"{env}, {game.num_players} players, seed {seed}: "
          + ", ".join(cli.seat_label(s, names) for s in range(game.num_players)))
    print(state.render_text())
    if movie:
        movie.add(state.render_rgb())
    for move in R.recorded_moves(state, policies, rec, limit):
        print(f"#{len(rec.moves)} {cli.seat_label(move.seat, names)}: {move.text}")
        if movie:
            movie.add(state.render_rgb())
        if not args.moves_only and not state.is_terminal:
            print(state.render_text())
        if args.delay:
            time.sleep(args.delay)
    R.finish(rec, state)
    print(state.render_text())
    for line in cli.result_lines(rec.scores, rec.winners, names, rec.truncated):
        print(line)
    if movie:
        print(f"written: {movie.close()} ({movie.count} pictures)")
    if args.png:
        print(f"written: {save_picture(state.render_rgb(), args.png)}")
    if args.save_replay:
        print(f"replay: {save_replay(rec, args.save_replay, f'{env}_seed{seed}')}")
    return 0


def entry() -> int:
    return cli.run_cli(main)


if __name__ == "__main__":
    sys.exit(entry())
