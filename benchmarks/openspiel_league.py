"""A league between OpenSpiel's own bots and our baselines, played through the pyspiel game.

Needs the OpenSpiel extra (``pip install -e ".[openspiel]"``). Players:

- ``os_mcts``: OpenSpiel's MCTS bot (``open_spiel.python.algorithms.mcts``) with random roll-outs.
  It searches the state it is given, and a pyspiel state holds everything, hidden cards and
  the generator that deals the future included: on an imperfect-information game it plays with
  the cards face up (the usual caveat for OpenSpiel's MCTS bot on such games);
- ``os_ismcts``: OpenSpiel's IS-MCTS bot, which searches states drawn by
  ``resample_from_infostate`` (our ``resample_hidden``): what the seat may know only;
- ``heuristic``, ``random``, ``mcts[:...]``: our policies, as everywhere (docs/search.md).

Every pair meets in ``--games`` games, seats alternating and rotating; a game's deal is drawn from
``--seed``; wins with Wilson 95% intervals and Elo (Bradley-Terry, ``random`` = 1000 when present).

    python -m benchmarks.openspiel_league --env trekking_v0 --games 20
    python -m benchmarks.openspiel_league --env trek_v0 --players os_mcts os_ismcts heuristic --simulations 50
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

import numpy as np

from travel_envs.core.game import ParameterError
from travel_envs.tools.cli import check_env_players, positive_int, non_negative_int, run_cli

OPENSPIEL_BOTS = ("os_mcts", "os_ismcts")


def _make_player(spec: str, env_id: str, game, simulations: int, seed: int) -> Callable[[Any], int]:
    """A function state -> action for one seat."""
    if spec in OPENSPIEL_BOTS:
        from open_spiel.python.algorithms import ismcts, mcts

        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        if spec == "os_mcts":
            bot = mcts.MCTSBot(game, 1.4, simulations, evaluator, random_state=rng, solve=False)
        else:
            bot = ismcts.ISMCTSBot(game, evaluator, 1.4, simulations, random_state=rng,
                                   allow_inconsistent_action_sets=True)
        return bot.step
    from travel_envs.agents.registry import make_policy

    policy = make_policy(spec, env_id, seed=seed)

    def act(state) -> int:
        engine = state.engine_state
        return int(policy.act(None, engine.legal_action_mask(), engine))

    return act


def play(env_id: str, specs: list[str], seed: int, simulations: int) -> list[float]:
    """One game between ``specs`` (one per seat); the returns per seat."""
    from travel_envs import openspiel as tos

    game = tos.load(env_id, players=len(specs), seed=seed)
    players = [_make_player(s, env_id, game, simulations, seed * 10 + i) for i, s in enumerate(specs)]
    state = game.new_initial_state()
    state.apply_action(int(np.random.default_rng(seed).integers(tos.DEALS)))
    while not state.is_terminal():
        state.apply_action(players[state.current_player()](state))
    return state.returns()


def league(env_id: str, specs: list[str], games: int, seed: int, simulations: int, progress=None):
    """Round robin: ``wins[i, j]`` games i won against j (a draw half each)."""
    k = len(specs)
    wins = np.zeros((k, k))
    for i in range(k):
        for j in range(i + 1, k):
            for g in range(games):
                lineup = [specs[i], specs[j]] if g % 2 == 0 else [specs[j], specs[i]]
                r = play(env_id, lineup, seed * 100_003 + g // 2, simulations)
                a, b = (r[0], r[1]) if g % 2 == 0 else (r[1], r[0])
                if a > b:
                    wins[i, j] += 1
                elif b > a:
                    wins[j, i] += 1
                else:
                    wins[i, j] += 0.5
                    wins[j, i] += 0.5
                if progress:
                    progress(1)
    return wins


def run(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.openspiel_league", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", default="trekking_v0", help="env id (default trekking_v0, the shortest game)")
    parser.add_argument("--players", nargs="+", default=["os_mcts", "os_ismcts", "heuristic", "mcts"],
                        metavar="POLICY", help=f"league members: {list(OPENSPIEL_BOTS)} or any policy spec")
    parser.add_argument("--games", type=positive_int, default=20, help="games per pair (default 20)")
    parser.add_argument("--simulations", type=positive_int, default=100,
                        help="simulations per decision of OpenSpiel's bots (default 100)")
    parser.add_argument("--seed", type=non_negative_int, default=0)
    args = parser.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise ParameterError("OpenSpiel is not installed; pip install -e \".[openspiel]\"") from None
    from travel_envs.agents.registry import check_policy_spec
    from travel_envs.evaluation.ratings import elo_ratings
    from travel_envs.evaluation.report import league_table

    check_env_players(args.env, [2])
    if len(set(args.players)) != len(args.players) or len(args.players) < 2:
        raise ParameterError(f"--players needs at least two different policies, got {args.players}")
    for spec in args.players:
        if spec not in OPENSPIEL_BOTS:
            check_policy_spec(spec)
    from tqdm import tqdm

    pairs = len(args.players) * (len(args.players) - 1) // 2
    with tqdm(total=pairs * args.games, unit="game", disable=None) as bar:
        wins = league(args.env, args.players, args.games, args.seed, args.simulations, bar.update)
    elo = elo_ratings(args.players, wins)
    text = (f"## {args.env}, 2 players: OpenSpiel's bots ({args.simulations} simulations) and ours\n\n"
            f"{args.games} games per pair, seats alternating, seed {args.seed}.\n\n"
            + league_table(args.players, wins, elo))
    print(text)
    return text


def main(argv: list[str] | None = None) -> int:
    """Exit code 0, or 2 with one message for bad input."""
    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
