"""travel-replay: show a saved game move by move.

    travel-replay replays/trek_v0_seed3.json                 # every move, the table before each
    travel-replay replays/trek_v0_seed3.json --seat 1 --step # as seat 1 saw it, Enter for the next move
    travel-replay game.json --gif game.gif                   # the pictures as a GIF

The file is played through today's engine: every recorded action name and the
final scores are checked, and a replay made with another version of a game's
rules stops with an error naming the first decision that differs.
--seat K shows the table as seat K saw it (observation_text) and names the other
seats' moves only as far as K could see them.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from travel_envs import replay as R
from travel_envs.core.game import ParameterError

from . import cli
from .movie import Movie, check_pictures
from .view import move_seen_by, table_text

STEP_HELP = "Enter: next move, c: continue to the end without stopping, q: quit"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="travel-replay", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help="a replay file (from travel-watch, travel-play or evaluate --save-replays)")
    p.add_argument("--step", action="store_true", help="wait for Enter after each move (" + STEP_HELP + ")")
    p.add_argument("--seat", type=cli.non_negative_int, help="show the game as this seat saw it")
    p.add_argument("--gif", metavar="OUT", help="write the pictures as an animated GIF")
    p.add_argument("--fps", type=cli.positive_float, default=2.0, help="pictures per second in the GIF (default 2)")
    p.add_argument("--moves-only", action="store_true", help="print the moves, the table only at start and end")
    p.add_argument("--allow-import", action="store_true",
                   help="play a replay of a game outside the registry ('module:Class': imports, i.e. runs, "
                        "that module; only for files you trust)")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None, stdin=None) -> int:
    args = parse_args(argv)
    stdin = stdin or sys.stdin
    cli.check_output_path("--gif", args.gif)
    rec = R.load(args.file, check=False, allow_import=args.allow_import)
    game = R.game_for(rec.env, rec.params)
    seat = None if args.seat is None else cli.check_seat(args.seat, game)
    movie = None
    if args.gif:
        if seat is not None:
            raise ParameterError("--gif draws the whole table (every seat's holdings); it cannot show one "
                                 "seat's view: leave out --seat or --gif")
        check_pictures(game)
        movie = Movie(args.gif, "gif", args.fps)
    who = "the whole table" if seat is None else f"as {cli.seat_label(seat, rec.policies)} saw it"
    print(f"{rec.env}, {game.num_players} players, seed {rec.seed}, {len(rec.moves)} decisions ({who}): "
          + ", ".join(cli.seat_label(s, rec.policies) for s in range(game.num_players)))
    stepping = args.step
    for i, state, move in R.positions(rec):
        if movie:
            movie.add(state.render_rgb())
        if move is None:
            print(table_text(state, seat))
            break
        if i == 0 or not args.moves_only:
            print(table_text(state, seat))
        print(f"#{i + 1} {cli.seat_label(move.seat, rec.policies)}: {move_seen_by(state, move.action, seat)}")
        if stepping:
            print(f"[{STEP_HELP}] ", end="", flush=True)
            line = stdin.readline()
            answer = line.strip().lower()
            if not line or answer == "q":
                print("(stopped)")
                return 0
            if answer == "c":
                stepping = False
    for line in cli.result_lines(rec.scores, rec.winners, rec.policies, rec.truncated):
        print(line)
    if movie:
        print(f"written: {movie.close()} ({movie.count} pictures)")
    return 0


def entry() -> int:
    return cli.run_cli(main)


if __name__ == "__main__":
    sys.exit(entry())
