"""Draw the published Elo ladders, and policies placed on them, as one picture.

    python -m training.plot_ladders --out docs/img/ladders.png
    python -m training.evaluate --env trek_v0 --ladder zoo --json trek_zoo.json --processes 2
    python -m training.plot_ladders --env trek_v0 --placements trek_zoo.json --out trek_ladder.png

One panel per game: every member at its published Elo, the fixed scale that placements are fitted
against (random, the scale's anchor at 1000, is left out so that the others can be told apart), and
every placement (the ``--json`` of ``training.evaluate --ladder POLICY``) as a star with the 95%
interval of its fit. ``training.evaluate --ladder POLICY --plot FILE`` draws the one game's panel
with POLICY placed.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Placement:
    """A policy placed on a game's ladder: the ``--json`` of ``training.evaluate --ladder POLICY``."""

    policy: str
    env_id: str
    elo: float
    low: float
    high: float


def read_placement(path: str | Path) -> Placement:
    """A placement file; a file of another kind is refused naming the command that writes one."""
    from travel_envs.core.game import ParameterError

    hint = "write one with python -m training.evaluate --env ENV --ladder POLICY --json FILE"
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return Placement(str(data["policy"]), str(data["env_id"]), float(data["elo"]), float(data["elo_low"]),
                         float(data["elo_high"]))
    except FileNotFoundError:
        raise ParameterError(f"--placements {path}: no such file; {hint}") from None
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError) as exc:
        raise ParameterError(f"--placements {path}: not a ladder placement ({type(exc).__name__}: {exc}); "
                             f"{hint}") from None


def draw_ladders(panels: list[tuple], path: str | Path) -> None:
    """One panel per ``(ladder, placements)``, written to ``path`` as a PNG (atomically)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from travel_envs.core.files import atomic_path

    heights = [len(ladder.members) - 1 + len(placed) for ladder, placed in panels]
    fig, axes = plt.subplots(len(panels), 1, figsize=(7.5, 0.9 + 0.36 * sum(heights) + 0.55 * len(panels)),
                             dpi=100, gridspec_kw={"height_ratios": heights}, squeeze=False,
                             sharex=True)  # one Elo scale for every game: a gap looks as wide as it is
    for ax, (ladder, placed) in zip(axes[:, 0], panels):
        rows = [(name, elo, elo, elo, False) for name, elo in ladder.ratings.items() if name != "random"]
        rows += [(f"{p.policy} (placed)", p.elo, p.low, p.high, True) for p in placed]
        rows.sort(key=lambda r: r[1])
        for y, (name, elo, low, high, is_placed) in enumerate(rows):
            ax.errorbar([elo], [y], xerr=[[elo - low], [high - elo]], capsize=3, linestyle="none",
                        marker="*" if is_placed else "o", markersize=11 if is_placed else 6,
                        color="tab:red" if is_placed else "tab:blue")
            ax.annotate(f"{elo:.0f}", (elo, y), xytext=(0, 6), textcoords="offset points", ha="center", fontsize=7)
        ax.set_yticks(range(len(rows)), [r[0] for r in rows], fontsize=8)
        ax.set_ylim(-0.7, len(rows) - 0.3)
        ax.margins(x=0.05)
        ax.grid(axis="x", alpha=0.3)
        joined = "".join(f", member added {entry['date']}" for entry in ladder.added)
        ax.set_title(f"{ladder.env_id}: ladder of {ladder.measured}{joined}, {ladder.games_per_pair} games per pair",
                     fontsize=8, loc="left")
    axes[-1, 0].set_xlabel("Elo (random = 1000, not drawn); stars: placed, with the 95% interval of the fit")
    fig.tight_layout()
    with atomic_path(Path(path)) as tmp:
        fig.savefig(tmp, format="png")
    plt.close(fig)


def parse_args(argv=None) -> argparse.Namespace:
    from travel_envs.evaluation.ladder import published

    p = argparse.ArgumentParser(prog="travel-plot-ladders", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", nargs="+", metavar="ENV", help=f"the games to draw (default: every published "
                   f"ladder: {' '.join(published())})")
    p.add_argument("--placements", nargs="+", default=[], metavar="JSON", help="placements to mark, each the "
                   "--json of 'python -m training.evaluate --env ENV --ladder POLICY'")
    p.add_argument("--out", required=True, help="the PNG to write")
    return p.parse_args(argv)


def run(args: argparse.Namespace) -> str:
    from travel_envs.core.game import ParameterError
    from travel_envs.evaluation.ladder import load_ladder, published
    from travel_envs.tools.cli import check_output_path

    check_output_path("--out", args.out)
    placements = [read_placement(p) for p in args.placements]
    envs = list(dict.fromkeys(args.env or published()))
    for p in placements:
        if p.env_id not in envs:
            raise ParameterError(f"a placement of {p.policy!r} on {p.env_id} was given, but {p.env_id} is not "
                                 f"drawn; add it to --env or leave --env out")
    panels = [(load_ladder(env), [p for p in placements if p.env_id == env]) for env in envs]
    draw_ladders(panels, args.out)
    text = f"written: {args.out} ({len(panels)} ladders, {len(placements)} placements)"
    print(text)
    return text


def main(argv=None) -> int:
    """Exit code 0, or 2 with one message for bad input (see travel_envs.tools.cli.run_cli)."""
    from travel_envs.tools.cli import run_cli

    args = parse_args(argv)
    return run_cli(lambda _argv: run(args))


if __name__ == "__main__":
    sys.exit(main())
