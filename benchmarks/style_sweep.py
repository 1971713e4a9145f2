"""Play variants of a game's rule-based player against its baseline: how its experts were found.

Every game's heuristic reads its numbers from a ``HeuristicStyle`` (``travel_envs/games/<game>/
heuristic.py``). A STYLE here is ``field=value[,field=value...]`` over that default style (values
read as YAML, as everywhere), or ``expert`` / ``master`` for the game's tuned styles where it has them; each is
played against ``--against`` (the baseline ``heuristic`` by default) in ``--games`` seat-rotated
2-player games, and one line per style gives its wins with a Wilson 95% interval. The deals are
drawn from ``--seed``, the same for every style, so the lines compare like with like.

    python -m benchmarks.style_sweep --env trekking_the_world_v0 --games 600 --seed 11 near_tour=0.25 coin=0.8
    python -m benchmarks.style_sweep --env trekking_the_world_v0 --games 2000 --seed 77 expert
"""

from __future__ import annotations

import dataclasses
import re
import sys
from typing import Any, Sequence

from travel_envs.core.game import ParameterError
from travel_envs.tools.cli import (check_env_players, docstring_parser, non_negative_int, parse_value, positive_int,
                                   run_cli)


def _game_module(env: str):
    from travel_envs.agents.games import resolve_game

    return resolve_game(env)[1]


def parse_style(env: str, text: str):
    """``"near_tour=0.25,coin=0.8"`` (or ``"expert"``, ``"master"``) -> that game's ``HeuristicStyle``."""
    from travel_envs.agents.games import TUNED_PLAYERS

    heuristic = sys.modules[_game_module(env).HeuristicPolicy.__module__]
    base = heuristic.HeuristicStyle()
    if text in TUNED_PLAYERS:
        style = getattr(heuristic, f"{text.upper()}_STYLE", None)
        if style is None:
            raise ParameterError(f"{env} has no {text} style; give field=value overrides of its HeuristicStyle")
        return style
    fields = {f.name for f in dataclasses.fields(base)}
    names = fields - {"name"}
    over: dict[str, Any] = {}
    for item in re.split(r",(?=\s*[A-Za-z_]\w*\s*=)", text):  # commas inside [a, b] stay
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or key not in names:
            raise ParameterError(f"style {text!r}: {item!r} is not FIELD=VALUE with a field of {env}'s "
                                 f"HeuristicStyle; fields: {', '.join(sorted(names))}")
        try:
            value = parse_value(raw.strip(), item)
        except ParameterError:
            raise ParameterError(f"style {text!r}: cannot read the value of {key} ({raw.strip()!r}); values are "
                                 "YAML: 2, 0.5, true, [3, 2, 1, 0]") from None
        default = getattr(base, key)
        if isinstance(default, tuple) and isinstance(value, list):
            value = tuple(value)
        if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if type(value) is not type(default):
            raise ParameterError(f"style {text!r}: {key} takes a {type(default).__name__} like {default!r}, "
                                 f"not {raw.strip()!r}")
        over[key] = value
    if "name" in fields:  # the player's name in tables, where it has one
        over["name"] = text
    return dataclasses.replace(base, **over)


def sweep(env: str, styles: Sequence[str], games: int, seed: int, against: str = "heuristic",
          processes: int = 1) -> list[dict[str, Any]]:
    """Each style's ``MatchResult.summary`` against ``against`` (same deals for every style)."""
    module = _game_module(env)
    parsed = [parse_style(env, text) for text in styles]  # every style checked before any game
    return [play_line(env, text, module.HeuristicPolicy(seed, style=style), against, games, seed, processes)
            for text, style in zip(styles, parsed)]


def play_line(env: str, name: str, player: Any, against: str, games: int, seed: int,
              processes: int = 1) -> dict[str, Any]:
    """``player`` against ``against`` over ``games`` seat-rotated 2-player games with a progress bar; prints
    one line (wins, a draw as half, with the Wilson interval) and returns the ``MatchResult.summary``."""
    from tqdm import tqdm

    from travel_envs.evaluation.arena import versus

    with tqdm(total=games, unit="game", desc=name, leave=False, disable=None) as bar:
        res = versus(env, player, against, games, seed=seed, processes=processes, names=[name, against],
                     progress=bar.update)
    row = res.summary(0)
    won = row["wins"] + 0.5 * row["draws"]
    print(f"{name}: {won:g} / {games} = {100 * won / games:.1f}% "
          f"[{100 * row['ci_low']:.1f}, {100 * row['ci_high']:.1f}] against {against}", flush=True)
    return row


def main(argv: Sequence[str] | None = None) -> None:
    parser = docstring_parser(__doc__, prog="python -m benchmarks.style_sweep")
    parser.add_argument("--env", required=True, help="an env id, e.g. trekking_the_world_v0")
    parser.add_argument("--games", type=positive_int, default=600, help="games per style (seats rotated)")
    parser.add_argument("--seed", type=non_negative_int, default=0, help="seed of the deals, the same for every style")
    parser.add_argument("--against", default="heuristic", help="the opponent policy spec (default: heuristic)")
    parser.add_argument("--processes", type=positive_int, default=1, help="worker processes")
    parser.add_argument("styles", nargs="+", metavar="STYLE", help="field=value[,field=value...], expert or master")
    args = parser.parse_args(argv)
    check_env_players(args.env, [2])
    sweep(args.env, args.styles, args.games, args.seed, args.against, args.processes)


if __name__ == "__main__":
    sys.exit(run_cli(main))
