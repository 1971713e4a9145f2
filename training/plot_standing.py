"""Draw where each game stands against issue #24's bars, as one picture (the README's "Where each game
stands" table at a glance).

    python -m training.plot_standing --out docs/img/standing.png

Two panels: each game's quick recipe against the heuristic and its strong recipe against the default
``mcts``, as win rates with Wilson 95% intervals, beside the bars (55% with a lower bound above 50%).
A bar met is drawn filled; a game without a strong recipe is named in its row. The figures come from
``docs/img/standing.json``, transcribed from the README's table (a test checks that every figure there
is quoted in the README, so the two cannot drift apart).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

STANDING = Path(__file__).resolve().parents[1] / "docs" / "img" / "standing.json"
#: the issue's bars: the win rate, and the Wilson lower bound that must lie above 50%
BAR_RATE, BAR_LOW = 0.55, 0.50
PANELS = (("quick", "quick recipe (<= 20 min) vs heuristic"),
          ("strong", "strong recipe (<= 2 h) vs default mcts, its samples pooled"))


@dataclass(frozen=True)
class Figure:
    """A win count (a draw counted half) out of a number of games, with a note for the picture."""

    wins: float
    games: int
    note: str = ""

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def interval(self) -> tuple[float, float]:
        from travel_envs.evaluation.stats import wilson_interval

        return wilson_interval(self.wins, self.games)

    def meets_bar(self) -> bool:
        return self.rate >= BAR_RATE and self.interval()[0] > BAR_LOW


def read_standing(path: str | Path = STANDING) -> list[tuple[str, dict[str, Figure | None]]]:
    """(env id, {panel: figure or None}) per game, in the file's order; a malformed file is refused."""
    from travel_envs.core.game import ParameterError

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        rows = []
        for game in data["games"]:
            figures = {kind: None if game[kind] is None else Figure(**game[kind]) for kind, _ in PANELS}
            for figure in filter(None, figures.values()):
                if not 0 <= figure.wins <= figure.games or figure.games <= 0:
                    raise ValueError(f"{figure.wins} wins of {figure.games} games")
            rows.append((str(game["env_id"]), figures))
        return rows
    except FileNotFoundError:
        raise ParameterError(f"{path}: no such file") from None
    except (OSError, ValueError, TypeError, KeyError) as exc:
        raise ParameterError(f"{path}: not a standing file ({type(exc).__name__}: {exc}); see "
                             f"{STANDING.relative_to(STANDING.parents[2])} for its form") from None


def draw_standing(rows: list[tuple[str, dict[str, Figure | None]]], path: str | Path) -> None:
    """Both panels, one row per game, written to ``path`` as a PNG (atomically)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from travel_envs.core.files import atomic_path

    fig, axes = plt.subplots(1, len(PANELS), figsize=(11, 0.55 * len(rows) + 1.3), sharey=True)
    names = [env for env, _ in rows]
    for ax, (kind, title) in zip(axes, PANELS):
        ax.axvspan(BAR_RATE * 100, 100, color="tab:green", alpha=0.06)
        ax.axvline(BAR_RATE * 100, color="tab:green", linewidth=1, linestyle="--")
        ax.axvline(50, color="grey", linewidth=0.8)
        for y, (_, figures) in enumerate(rows):
            figure = figures[kind]
            if figure is None:
                ax.annotate("no recipe", (50, y), xytext=(4, 0), textcoords="offset points", va="center",
                            fontsize=8, color="grey")
                continue
            low, high = figure.interval()
            met = figure.meets_bar()
            color = "tab:green" if met else "tab:orange"
            ax.errorbar([figure.rate * 100], [y], xerr=[[(figure.rate - low) * 100], [(high - figure.rate) * 100]],
                        capsize=3, marker="o", markersize=7, color=color, markerfacecolor=color if met else "white")
            label = f"{figure.rate * 100:.1f}% of {figure.games}" + (f" ({figure.note})" if figure.note else "")
            ax.annotate(label, (high * 100, y), xytext=(5, 0), textcoords="offset points", va="center", fontsize=7)
        ax.set_title(title, fontsize=9, loc="left")
        ax.set_xlim(30, 100)
        ax.set_xlabel("win rate, % (Wilson 95%); dashed: the 55% bar; filled: bar met", fontsize=8)
        ax.grid(axis="x", alpha=0.3)
    axes[0].set_yticks(range(len(rows)), names, fontsize=8)
    axes[0].set_ylim(len(rows) - 0.5, -0.5)
    fig.tight_layout()
    with atomic_path(Path(path)) as tmp:
        fig.savefig(tmp, format="png")
    plt.close(fig)


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="travel-plot-standing", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--standing", default=str(STANDING), metavar="JSON",
                   help="the figures to draw (default: the README's, docs/img/standing.json)")
    p.add_argument("--out", required=True, help="the PNG to write")
    return p.parse_args(argv)


def run(argv=None) -> str:
    """Draw the picture ``argv`` asks for; the summary line printed."""
    from travel_envs.tools.cli import check_output_path

    args = parse_args(argv)
    check_output_path("--out", args.out)
    rows = read_standing(args.standing)
    draw_standing(rows, args.out)
    met = sum(f.meets_bar() for _, figures in rows for f in figures.values() if f is not None)
    print(text := f"written: {args.out} ({len(rows)} games, {met} of {len(rows) * len(PANELS)} bars met)")
    return text


def main(argv=None) -> int:
    """Exit code 0, or 2 with one message for bad input (argparse's own errors exit 2 too)."""
    from travel_envs.tools.cli import run_cli

    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
