"""Build (or rebuild) a game's published Elo ladder: a league among its members, frozen with its ratings.

    python -m training.build_ladder --env trekking_v0 --games 100 --seed 0 --processes 2 \\
        --journal runs/ladder_trekking.jsonl

The members default to random, the game's rule-based players, ``mcts:50``, ``mcts`` (the game's
default search) and the shipped agent (``zoo:<env id>``) where there is one. Every pair meets in
``--games`` seat-alternating games on the ladder's table (2 players, default parameters); the
ratings are a Bradley-Terry fit with random = 1000 (the README's scale). The result is written to
``travel_envs/evaluation/ladders/<env id>.json`` (or ``--out``) with the command and date, and the
league table is printed. With ``--journal`` a killed build resumes where it stopped. Afterwards
``python -m training.evaluate --env ENV --ladder POLICY`` places any policy on it.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from datetime import datetime, timezone

from .match_cli import check_counts, check_models_fit, games_bar


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="travel-build-ladder", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", required=True, help="env id, e.g. trekking_v0")
    p.add_argument("--members", nargs="+", metavar="POLICY", help="the ladder's policies (default: see above)")
    p.add_argument("--games", type=int, default=100, help="games per pair (default 100)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--processes", type=int, default=1, help="worker processes (1 = in-process)")
    p.add_argument("--journal", metavar="FILE", help="save every finished game to FILE and skip those already "
                   "there: the same command resumes a killed build")
    p.add_argument("--out", help="write the ladder here instead of the package's ladders folder")
    return p.parse_args(argv)


def _result_flags(argv: list[str]) -> list[str]:
    """``argv`` without the flags that do not change the ratings (where games run, where they and the
    ladder are kept), so a ladder built elsewhere and copied in records the package's command."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
            continue
        name = arg.split("=", 1)[0]
        if name in ("--processes", "--journal", "--out"):
            skip = "=" not in arg
            continue
        out.append(arg)
    return out


def run(args: argparse.Namespace, argv: list[str]) -> str:
    from travel_envs.agents.registry import check_policy_spec, make_policy, spec_identity
    from travel_envs.core.game import ParameterError, params_to_dict
    from travel_envs.core.registry import make_raw_env
    from travel_envs.evaluation.arena import league
    from travel_envs.evaluation.journal import GameJournal
    from travel_envs.evaluation.ladder import LADDER_PARAMS, Ladder, default_members, save_ladder
    from travel_envs.evaluation.ratings import elo_ratings
    from travel_envs.evaluation.report import league_table
    from travel_envs.tools.cli import check_output_path
    from travel_envs.zoo import with_env

    check_counts(args)
    raw = make_raw_env(args.env, **LADDER_PARAMS)
    members = [with_env(m, args.env) for m in (args.members or default_members(args.env))]
    if "random" not in members:
        raise ParameterError("the ladder's scale puts random at 1000: include random in --members")
    if len(set(members)) != len(members):
        raise ParameterError(f"--members must be distinct: {members}")
    for spec in members:
        check_policy_spec(spec)
    check_models_fit(members, raw)
    for flag, path in (("--out", args.out), ("--journal", args.journal)):
        check_output_path(flag, path)
    journal = GameJournal(args.journal) if args.journal else None
    policies = [make_policy(m, args.env, seed=args.seed + i) for i, m in enumerate(members)]
    pairs = len(members) * (len(members) - 1) // 2
    with games_bar(pairs * args.games, "ladder league") as bar:
        names, wins = league(args.env, policies, args.games, seed=args.seed, env_params=LADDER_PARAMS,
                             processes=args.processes, names=members, progress=bar.update, journal=journal)
    elo = elo_ratings(names, wins)
    game = raw.game
    ladder = Ladder(env_id=args.env, game_version=game.version, game_params=params_to_dict(game.params),
                    env_params=dict(LADDER_PARAMS), ratings={n: round(elo[n], 1) for n in names},
                    games_per_pair=args.games, seed=args.seed,
                    command="python -m training.build_ladder " + shlex.join(_result_flags(argv)),
                    measured=datetime.now(timezone.utc).strftime("%Y-%m-%d"), wins=wins.tolist(),
                    plays={n: spec_identity(n, args.env) for n in names})
    path = save_ladder(ladder, args.out)
    text = (f"## The {args.env} ladder\n\n{args.games} games per pair, seats alternating and rotated, seed "
            f"{args.seed}; Elo from a Bradley-Terry fit (1 virtual draw per pair; random = 1000).\n\n"
            + league_table(names, wins, elo) + f"\nwritten: {path}\nplace a policy on it: python -m "
            f"training.evaluate --env {args.env} --ladder POLICY --processes 2\n")
    print(text)
    return text


def main(argv=None) -> int:
    """Exit code 0, or 2 with one message for bad input (see travel_envs.tools.cli.run_cli)."""
    from travel_envs.tools.cli import run_cli

    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(argv)
    return run_cli(lambda _argv: run(args, argv))


if __name__ == "__main__":
    sys.exit(main())
