"""Heuristic figures quoted in docs/games/itchy_feet.md, reproducible from the command line:

    python -m benchmarks.itchy_feet_heuristic [--cap-games 200] [--win-games 500]
    python -m benchmarks.itchy_feet_heuristic --style-grid 2000 --seed 41   # the expert's sweep

- turn-cap rate: the share of all-heuristic (and all-expert) 6-player games that end at
  ``max_turns`` (no winner);
- win rate against random play in 2-player games, the heuristic's seat rotating;
- with ``--style-grid N``: the trading styles the expert was chosen from (``accept_margin`` x
  ``accept_junk``), each against the baseline heuristic over N seat-rotated 2-player games.
Seeds are the game indices (or ``--seed``), so every run gives the same figures.
"""

from __future__ import annotations

import sys
from typing import Sequence

import numpy as np

from travel_envs.agents.base import RandomPolicy
from travel_envs.games.itchy_feet import ExpertPolicy, HeuristicPolicy, ItchyFeetGame
from travel_envs.tools.cli import docstring_parser, non_negative_int, positive_int, run_cli


def turn_cap_rate(games: int, params: dict, num_players: int = 6,
                  policy_class: type = HeuristicPolicy) -> tuple[float, float]:
    """(share of games ending at the turn cap, mean turns) of games between ``policy_class`` players."""
    game = ItchyFeetGame(num_players=num_players, **params)
    caps, turns = 0, []
    for i in range(games):
        policies = [policy_class(1000 * i + s) for s in range(num_players)]
        st = game.new_initial_state(np.random.default_rng(i))
        while not st.is_terminal:
            st.apply_action(policies[st.current_player].act(None, st.legal_action_mask(), st))
        caps += st.winners() == []
        turns.append(st.turn_number)
    return caps / games, float(np.mean(turns))


def win_rate_vs_random(games: int, params: dict, num_players: int = 2) -> float:
    """The heuristic's win share against random players, its seat rotating game by game."""
    game = ItchyFeetGame(num_players=num_players, **params)
    wins = 0
    for i in range(games):
        seat = i % num_players
        policies = [HeuristicPolicy(i) if s == seat else RandomPolicy(10_000 + i) for s in range(num_players)]
        st = game.new_initial_state(np.random.default_rng(i))
        while not st.is_terminal:
            st.apply_action(policies[st.current_player].act(None, st.legal_action_mask(), st))
        wins += st.winners() == [seat]
    return wins / games


def style_grid(games: int, seed: int) -> None:
    """Print each trading style's result against the baseline (2 players, seats rotated)."""
    from benchmarks.style_sweep import sweep

    styles = [f"accept_margin={margin:g},accept_junk={str(junk).lower()}"
              for margin in (0.0, 1.0, 2.0, 4.0, 6.0, 8.0) for junk in (True, False)]
    sweep("itchy_feet_v0", styles, games, seed)


def main(argv: Sequence[str] | None = None) -> None:
    parser = docstring_parser(__doc__, prog="python -m benchmarks.itchy_feet_heuristic")
    parser.add_argument("--cap-games", type=positive_int, default=200, help="6-player games for the turn-cap rate")
    parser.add_argument("--win-games", type=positive_int, default=500, help="2-player games against random play")
    parser.add_argument("--style-grid", type=non_negative_int, default=0, metavar="N",
                        help="instead: the expert's style sweep, N games per style")
    parser.add_argument("--seed", type=non_negative_int, default=41, help="seed of the style sweep")
    args = parser.parse_args(argv)
    if args.style_grid:
        style_grid(args.style_grid, args.seed)
        return
    for label, params in (("base", {}), ("all extensions", {"extensions": "all"})):
        for policy_class in (HeuristicPolicy, ExpertPolicy):
            rate, turns = turn_cap_rate(args.cap_games, params, policy_class=policy_class)
            print(f"{label}: 6-player {policy_class.name} games ending at the turn cap: {rate:.3f} "
                  f"({args.cap_games} games, mean {turns:.1f} turns)", flush=True)
        win = win_rate_vs_random(args.win_games, params)
        print(f"{label}: 2-player heuristic win rate vs random: {win:.3f} ({args.win_games} games)", flush=True)


if __name__ == "__main__":
    sys.exit(run_cli(main))
