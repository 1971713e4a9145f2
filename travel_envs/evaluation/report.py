"""Markdown tables for match summaries and league ratings."""

from __future__ import annotations

from typing import Iterable

from .stats import wilson_interval


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _seat_cells(per_seat: dict, num_players: int) -> list[str]:
    """The win rate in each seat with its game count ("-" for a seat never played)."""
    cells = []
    for seat in range(num_players):
        w, g = per_seat.get(seat, (0, 0))
        cells.append(f"{_pct(w / g)} ({g})" if g else "-")
    return cells


def summary_json(row: dict) -> dict:
    """A match summary row as JSON takes it: per-seat keys as strings, each seat's (wins, games) a list."""
    return {k: v for k, v in row.items() if k != "per_seat"} | {
        "per_seat": {str(seat): list(v) for seat, v in row["per_seat"].items()}}


def match_table(summaries: Iterable[dict], num_players: int) -> str:
    """One row per match: win rate with Wilson 95% CI, mean score and margin, per-seat win rates."""
    seat_cols = [f"seat {s}" for s in range(num_players)]
    head = ["policy", "vs", "games", "wins", "draws", "win rate", "95% CI (Wilson)", "mean score",
            "mean margin", *seat_cols]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(["---"] * len(head)) + "|"]
    for s in summaries:
        seats = _seat_cells(s["per_seat"], num_players)
        row = [s["policy"], s["opponents"], str(s["games"]), str(s["wins"]), str(s["draws"]),
               _pct(s["win_rate"]), f"[{_pct(s['ci_low'])}, {_pct(s['ci_high'])}]",
               f"{s['mean_score']:.2f}", f"{s['mean_margin']:+.2f}", *seats]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def league_table(names: list[str], wins, elo: dict[str, float]) -> str:
    """Elo ranking plus each policy's score against each other policy: the share of the pair's
    games it won (a draw half), the count, and the Wilson 95% interval of that share."""
    order = sorted(range(len(names)), key=lambda i: -elo[names[i]])
    head = ["rank", "policy", "Elo", *[f"vs {names[j]}" for j in order]]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(["---"] * len(head)) + "|"]
    for rank, i in enumerate(order, 1):
        cells = []
        for j in order:
            games = wins[i][j] + wins[j][i]
            if i == j or games == 0:
                cells.append("-")
                continue
            low, high = wilson_interval(wins[i][j], round(games))
            cells.append(f"{wins[i][j]:g} / {games:g} = {_pct(wins[i][j] / games)} [{_pct(low)}, {_pct(high)}]")
        lines.append("| " + " | ".join([str(rank), names[i], f"{elo[names[i]]:.0f}", *cells]) + " |")
    return "\n".join(lines) + "\n"


def ladder_table(rows: Iterable[dict], num_players: int) -> str:
    """One row per ladder member: its published Elo, then the placed policy's results against it
    (win rate with Wilson 95% CI, per-seat win rates)."""
    seat_cols = [f"seat {s}" for s in range(num_players)]
    head = ["member", "member Elo", "games", "wins", "draws", "win rate", "95% CI (Wilson)", "mean margin", *seat_cols]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(["---"] * len(head)) + "|"]
    for r in rows:
        seats = _seat_cells(r["per_seat"], num_players)
        lines.append("| " + " | ".join([r["member"], f"{r['member_elo']:.0f}", str(r["games"]), str(r["wins"]),
                                         str(r["draws"]), _pct(r["win_rate"]),
                                         f"[{_pct(r['ci_low'])}, {_pct(r['ci_high'])}]", f"{r['mean_margin']:+.2f}",
                                         *seats]) + " |")
    return "\n".join(lines) + "\n"
