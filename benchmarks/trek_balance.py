"""Trek balance study: is the economy a race? (issue #14)

Plays seeded games between rule-based policies and reports, per player count:

- heuristic self-play: how games end (a Trekker reached Camp 12 / last player
  left / turn cap), game length in turns (each player's turn counts one) and how
  far players get (final camp; share of players that left Base);
- a strategy tournament: one seat (rotated) plays a candidate strategy, the
  others a field strategy; the candidate's win share is compared with the fair
  share 1/n. Strategies: ``heuristic`` (the default racer), ``rush`` (leaves
  Base as soon as the rules allow), ``hoard`` (stocks 24 Stores at Base before
  leaving: the first heuristic) and ``random``.

    python -m benchmarks.trek_balance                       # 200 games per count, 2-6 players
    python -m benchmarks.trek_balance --games 40 --players 2 4 --param economy=v0-reconstruction
    python -m benchmarks.trek_balance --self-play hoard --param economy=v0-reconstruction \
        --param "reshuffle=at next draw"                    # the first heuristic on the first economy
    nice -n 10 python -m benchmarks.trek_balance --ablation --games 100   # v0 -> v1 one change at a time
    nice -n 10 python -m benchmarks.trek_balance --json out.json

Game ``g`` of a batch is dealt from seed ``(seed, n, batch, g)``; a shared win
counts 1/k to each of the k winners.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from travel_envs.agents.base import RandomPolicy
from travel_envs.core.game import ParameterError
from travel_envs.games.trek import components as C
from travel_envs.games.trek.engine import TrekGame
from travel_envs.games.trek.heuristic import STYLES, HeuristicPolicy
from travel_envs.tools.cli import parse_value

END_REASONS = ("reached Camp 12", "last player left", "turn cap")
STRATEGIES = ("heuristic", "rush", "hoard", "random")


def make_strategy(name: str, seed: int):
    """A policy for a strategy name (a HeuristicStyle name or ``random``)."""
    if name == "random":
        return RandomPolicy(seed=seed)
    return HeuristicPolicy(seed=seed, style=STYLES[name])


def _seed(*keys: int) -> int:
    return int(np.random.SeedSequence(list(keys)).generate_state(1)[0])


@dataclass
class GameResult:
    end_reason: str
    turns: int
    winners: list[int]
    final_camps: list[int]  # -1 once out of the game
    left_base: list[bool]


def play(game: TrekGame, policies: Sequence, deal_seed: int) -> GameResult:
    """One game, ``policies[seat]`` in each seat."""
    s = game.new_initial_state(np.random.default_rng(deal_seed))
    left = [False] * game.num_players
    while not s.is_terminal:
        seat = s.current_player
        s.apply_action(policies[seat].act(None, s.legal_action_mask(), s))
        left[seat] = left[seat] or s.pos[seat] > 0
    return GameResult(s.end_reason, s.turns, s.winners(), list(s.pos), left)


@dataclass
class SelfPlaySummary:
    games: int = 0
    ends: dict = field(default_factory=lambda: {r: 0 for r in END_REASONS})
    turns: list = field(default_factory=list)
    winner_camps: list = field(default_factory=list)
    mean_camp: list = field(default_factory=list)
    left_base: int = 0
    players: int = 0

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.ends[r.end_reason] += 1
        self.turns.append(r.turns)
        self.winner_camps.append(max(r.final_camps[w] for w in r.winners))
        self.mean_camp.append(statistics.mean(max(c, 0) for c in r.final_camps))
        self.left_base += sum(r.left_base)
        self.players += len(r.left_base)

    def as_dict(self) -> dict:
        q = statistics.quantiles(self.turns, n=4) if len(self.turns) > 1 else [self.turns[0]] * 3
        return {
            "games": self.games,
            "ends": dict(self.ends),
            "end_shares": {k: v / self.games for k, v in self.ends.items()},
            "turns_median": statistics.median(self.turns),
            "turns_quartiles": [q[0], q[2]],
            "turns_max": max(self.turns),
            "rounds_median": statistics.median(self.turns) / (self.players / self.games),
            "winner_camp_mean": statistics.mean(self.winner_camps),
            "mean_final_camp": statistics.mean(self.mean_camp),
            "left_base_share": self.left_base / self.players,
        }


def self_play(game: TrekGame, games: int, seed: int, tick: Callable[[], None], strategy: str = "heuristic") -> dict:
    n = game.num_players
    summary = SelfPlaySummary()
    for g in range(games):
        pols = [make_strategy(strategy, _seed(seed, n, 0, g, q)) for q in range(n)]
        summary.add(play(game, pols, _seed(seed, n, 0, g)))
        tick()
    return summary.as_dict()


def tournament(game: TrekGame, games: int, seed: int, strategies: Sequence[str], fields: Sequence[str],
               tick: Callable[[], None]) -> dict:
    """Win share of one ``candidate`` seat (rotated) against n-1 ``field`` players."""
    n = game.num_players
    table: dict = {}
    for fi, field_name in enumerate(fields):
        for ci, cand in enumerate(strategies):
            wins = 0.0
            ends = {r: 0 for r in END_REASONS}
            for g in range(games):
                seat = g % n
                pols = [make_strategy(field_name, _seed(seed, n, 1, g, q)) for q in range(n)]
                pols[seat] = make_strategy(cand, _seed(seed, n, 2, g))
                r = play(game, pols, _seed(seed, n, 1, g))
                ends[r.end_reason] += 1
                if seat in r.winners:
                    wins += 1.0 / len(r.winners)
                tick()
            table[f"{cand} vs {field_name}"] = {"candidate": cand, "field": field_name,
                                                "win_share": wins / games, "ends": ends}
    return table


class Progress:
    """Progress lines on stderr (a tqdm bar when stderr is a terminal)."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0
        self.bar = None
        if sys.stderr.isatty():
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="game", dynamic_ncols=True)

    def tick(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
        elif self.done % max(1, self.total // 20) == 0 or self.done == self.total:
            print(f"  {self.done}/{self.total} games", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _param(text: str) -> tuple[str, object]:
    name, _, value = text.partition("=")
    if not name or not _:
        raise argparse.ArgumentTypeError(f"--param {text!r}: write NAME=VALUE")
    try:
        return name, parse_value(value, text)
    except ParameterError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


#: the v0 -> v1 path, one RECONSTRUCTED change at a time (each step keeps the ones before)
ABLATION_STEPS = (
    ("v0-reconstruction", {}),
    ("+ Sales Indicator falls on returns", {"indicator_falls_on_return": True}),
    ("+ v1 camp bonuses", {"camp_bonus": C.ECONOMIES["v1"]["camp_bonus"]}),
    ("+ v1 Stores ladder", {"stores_prices": C.ECONOMIES["v1"]["stores_prices"]}),
    ("+ v1 stores requirements", {"stores_required": C.ECONOMIES["v1"]["stores_required"]}),
    ("+ v1 card mix", {"camp_card_copies": C.ECONOMIES["v1"]["camp_card_copies"],
                       "buy_cards": C.ECONOMIES["v1"]["buy_cards"]}),
    ("+ v1 Mule and Jeep ladders", {"mule_prices": C.ECONOMIES["v1"]["mule_prices"],
                                    "jeep_prices": C.ECONOMIES["v1"]["jeep_prices"]}),
    ("+ cap shared by survivors (= v1)", {"cap_winner": "survivors"}),
)


def ablation(players: Sequence[int], games: int, seed: int, base: dict, tick: Callable[[], None]) -> str:
    """Self-play and hoard-vs-heuristic figures along ``ABLATION_STEPS``, as a markdown table."""
    lines = ["| Step | Players | Camp 12 | Last left | Turn cap | Median turns | hoard vs heuristic "
             "| heuristic vs hoard |", "|---|---|---|---|---|---|---|---|"]
    params = {"economy": "v0-reconstruction", **base}
    for label, change in ABLATION_STEPS:
        params.update(change)
        for n in players:
            game = TrekGame(num_players=n, **params)
            sp = self_play(game, games, seed, tick)
            t = tournament(game, games, seed, ["hoard", "heuristic"], ["heuristic", "hoard"], tick)
            e = sp["end_shares"]
            lines.append(f"| {label} | {n} | {e['reached Camp 12']:.0%} | {e['last player left']:.0%} | "
                         f"{e['turn cap']:.0%} | {sp['turns_median']:.0f} | "
                         f"{t['hoard vs heuristic']['win_share']:.2f} | {t['heuristic vs hoard']['win_share']:.2f} |")
    return "\n".join(lines)


def report(results: dict, strategy: str = "heuristic") -> str:
    lines = [f"## Self-play ({strategy})", "",
             "| Players | Games | Camp 12 | Last left | Turn cap | Median turns [IQR] | Median rounds "
             "| Winner's camp | Mean final camp | Left Base |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for n, res in results.items():
        sp = res["self_play"]
        e = sp["end_shares"]
        lines.append(
            f"| {n} | {sp['games']} | {e['reached Camp 12']:.1%} | {e['last player left']:.1%} | "
            f"{e['turn cap']:.1%} | {sp['turns_median']:.0f} [{sp['turns_quartiles'][0]:.0f}, "
            f"{sp['turns_quartiles'][1]:.0f}] | {sp['rounds_median']:.1f} | {sp['winner_camp_mean']:.1f} | "
            f"{sp['mean_final_camp']:.1f} | {sp['left_base_share']:.0%} |")
    lines += ["", "## Strategy tournament (one candidate seat vs a field; fair share 1/n)", ""]
    first = next(iter(results.values()))["tournament"]
    keys = list(first)
    lines.append("| Players | fair | " + " | ".join(keys) + " |")
    lines.append("|---|---|" + "---|" * len(keys))
    for n, res in results.items():
        t = res["tournament"]
        lines.append(f"| {n} | {1 / n:.2f} | " + " | ".join(f"{t[k]['win_share']:.2f}" for k in keys) + " |")
    return "\n".join(lines)


def run(argv: Sequence[str] | None = None) -> int:
    """The study; bad input raises ParameterError (or exits through argparse) before any game."""
    from travel_envs.tools.cli import check_output_path, non_negative_int, positive_int

    ap = argparse.ArgumentParser(prog="python -m benchmarks.trek_balance", description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--games", type=positive_int, default=200, help="games per player count and per pairing (default 200)")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6], help="player counts (default 2-6)")
    ap.add_argument("--seed", type=non_negative_int, default=0, help="base seed (default 0)")
    ap.add_argument("--param", type=_param, action="append", default=[],
                    help="game parameter NAME=VALUE (YAML values, as in the configs), repeatable, "
                         "e.g. economy=v0-reconstruction")
    ap.add_argument("--strategies", nargs="+", default=list(STRATEGIES[:3]), choices=STRATEGIES,
                    help="candidate strategies of the tournament (default heuristic rush hoard)")
    ap.add_argument("--fields", nargs="+", default=["heuristic", "hoard"], choices=STRATEGIES,
                    help="field strategies of the tournament (default heuristic hoard)")
    ap.add_argument("--tournament-games", type=positive_int, default=None,
                    help="games per tournament pairing (default: --games)")
    ap.add_argument("--self-play", default="heuristic", choices=STRATEGIES,
                    help="strategy of every seat in the self-play part (default heuristic)")
    ap.add_argument("--ablation", action="store_true",
                    help="instead: walk from the v0-reconstruction economy to v1 one change at a time")
    ap.add_argument("--json", help="also write the results as JSON to this file")
    args = ap.parse_args(argv)
    if args.games < 1 or any(not 2 <= n <= C.MAX_PLAYERS for n in args.players):
        ap.error("--games must be >= 1 and --players between 2 and 6")
    params = dict(args.param)
    for n in args.players:  # unknown or ill-typed --param values fail here, before any game
        TrekGame(num_players=n, **params)
    check_output_path("--json", args.json)
    if args.ablation:
        progress = Progress(len(ABLATION_STEPS) * len(args.players) * 5 * args.games)
        table = ablation(args.players, args.games, args.seed, params, progress.tick)
        progress.close()
        print(f"Trek economy ablation (v0 -> v1), seed {args.seed}, {args.games} games per cell\n")
        print(table)
        return 0
    tgames = args.tournament_games or args.games
    total = len(args.players) * (args.games + tgames * len(args.strategies) * len(args.fields))
    progress = Progress(total)
    results = {}
    for n in args.players:
        game = TrekGame(num_players=n, **params)
        results[n] = {
            "self_play": self_play(game, args.games, args.seed, progress.tick, args.self_play),
            "tournament": tournament(game, tgames, args.seed, args.strategies, args.fields, progress.tick),
        }
    progress.close()
    print(f"Trek balance study: params {params or 'default'}, seed {args.seed}, {args.games} self-play games "
          f"and {tgames} games per pairing per player count\n")
    print(report(results, args.self_play))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"params": params, "seed": args.seed, "results": results}, f, indent=1)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Exit code 0, or 2 with one message for bad input (travel_envs.tools.cli.run_cli)."""
    from travel_envs.tools.cli import run_cli

    return run_cli(run, argv)


if __name__ == "__main__":
    raise SystemExit(main())
