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

``--add POLICY`` makes a policy a member of the published ladder (a newly shipped agent, say) without
replaying the pairs already played: it meets every member in the games a full build would have given
it (the ladder's games per pair and seed), and the ratings are refitted over all games, so the others
move a little; the ladder records the command beside the one that built it:

    python -m training.build_ladder --env itchy_feet_v0 --add zoo --processes 2
"""

from __future__ import annotations

import argparse
import shlex
import sys
from dataclasses import replace
from datetime import datetime, timezone

from .match_cli import check_counts, check_models_fit, games_bar


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="travel-build-ladder", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", required=True, help="env id, e.g. trekking_v0")
    p.add_argument("--members", nargs="+", metavar="POLICY", help="the ladder's policies (default: see above)")
    p.add_argument("--add", nargs="+", metavar="POLICY", help="new members of the ladder already published (or of "
                   "--out), playing only their own pairs")
    p.add_argument("--games", type=int, default=None, help="games per pair (default 100; with --add the ladder's)")
    p.add_argument("--seed", type=int, default=None, help="default 0; with --add the ladder's")
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
    from travel_envs.evaluation.ladder import LADDER_PARAMS, Ladder, default_members, load_ladder, save_ladder
    from travel_envs.evaluation.ratings import elo_ratings
    from travel_envs.evaluation.report import league_table
    from travel_envs.tools.cli import check_output_path
    from travel_envs.zoo import with_env

    if args.add and args.members:
        raise ParameterError("--members builds a new ladder and --add joins the published one: give one of them")
    old = load_ladder(args.env, args.out) if args.add else None
    if old is not None:  # the pairs still to play must be those a full build would have played
        if len(old.wins) != len(old.members):
            raise ParameterError(f"the ladder of {args.env} keeps no results to add to (built before they were "
                                 f"kept); rebuild it with its new members: python -m training.build_ladder --env "
                                 f"{args.env}")
        for flag, value, kept in (("--games", args.games, old.games_per_pair), ("--seed", args.seed, old.seed)):
            if value is not None and value != kept:
                raise ParameterError(f"{flag}={value}: the ladder was built with {flag} {kept}, which new members "
                                     f"play too; leave {flag} out")
        args.games, args.seed = old.games_per_pair, old.seed
    args.games = 100 if args.games is None else args.games
    args.seed = 0 if args.seed is None else args.seed
    check_counts(args)
    raw = make_raw_env(args.env, **LADDER_PARAMS)
    added = [with_env(m, args.env) for m in args.add or []]
    if old is not None:
        members = old.members + added
    else:
        members = [with_env(m, args.env) for m in (args.members or default_members(args.env))]
    if "random" not in members:
        raise ParameterError("the ladder's scale puts random at 1000: include random in --members")
    if len(set(members)) != len(members):
        flag = "--add (already members: " + ", ".join(old.members) + ")" if old else "--members"
        raise ParameterError(f"{flag}: the ladder's members must be distinct: {members}")
    for spec in members:
        check_policy_spec(spec)
    check_models_fit(members, raw)
    for flag, path in (("--out", args.out), ("--journal", args.journal)):
        check_output_path(flag, path)
    journal = GameJournal(args.journal) if args.journal else None
    policies = [make_policy(m, args.env, seed=args.seed + i) for i, m in enumerate(members)]
    first_new = len(old.members) if old else 0
    pairs = len(members) * (len(members) - 1) // 2 - first_new * (first_new - 1) // 2
    with games_bar(pairs * args.games, "ladder league") as bar:
        names, wins = league(args.env, policies, args.games, seed=args.seed, env_params=LADDER_PARAMS,
                             processes=args.processes, names=members, progress=bar.update, journal=journal,
                             first_new=first_new)
    command = "python -m training.build_ladder " + shlex.join(_result_flags(argv))
    today = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    if old is not None:
        wins[:first_new, :first_new] = old.wins
    elo = elo_ratings(names, wins)
    ratings = {n: round(elo[n], 1) for n in names}
    plays = {n: spec_identity(n, args.env) for n in names[first_new:]}
    if old is not None:  # the same ladder (its game checked by load_ladder), grown by the newcomers
        ladder = replace(old, ratings=ratings, wins=wins.tolist(), plays={**old.plays, **plays},
                         added=[*old.added, {"date": today, "command": command}])
    else:
        game = raw.game
        ladder = Ladder(env_id=args.env, game_version=game.version, game_params=params_to_dict(game.params),
                        env_params=dict(LADDER_PARAMS), ratings=ratings, games_per_pair=args.games, seed=args.seed,
                        command=command, measured=today, wins=wins.tolist(), plays=plays)
    path = save_ladder(ladder, args.out)
    joined = f"; {', '.join(added)} joined it today" if old else ""
    text = (f"## The {args.env} ladder\n\n{args.games} games per pair, seats alternating and rotated, seed "
            f"{args.seed}; Elo from a Bradley-Terry fit (1 virtual draw per pair; random = 1000){joined}.\n\n"
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
