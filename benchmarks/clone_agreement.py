"""Where a learned policy leaves its teacher: agreement by phase, on the states the policy itself reaches.

Behaviour cloning reports one held-out agreement (training/pretrain.py), over the teacher's own games. A
clone's strength depends on where it disagrees, and on the states its own play leads to (which DAgger
labels): this plays seeded games of the policy against an opponent in every other seat (its seat rotated),
asks the teacher at each of the policy's decisions, and prints, by phase over those with a choice, how often
the two agree and each phase's share of all disagreements.

    python -m benchmarks.clone_agreement --env itchy_feet_v0 --policy zoo --teacher master --opponent expert
    python -m benchmarks.clone_agreement --env itchy_feet_v0 --players 6 --policy runs/x/final_model.zip \\
        --teacher master --opponent expert --games 20
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Callable, Sequence

from travel_envs.tools.cli import docstring_parser, non_negative_int, positive_int, run_cli


def agreement(env_id: str, policy: str, teacher: str, opponent: str, players: int, games: int, seed: int,
              progress: Callable[[int], object] | None = None) -> dict[str, Counter]:
    """``{"agree": Counter(phase), "leave": Counter(phase)}`` over ``policy``'s decisions with a choice."""
    import numpy as np

    from travel_envs.agents.base import policy_action, reseed_policy
    from travel_envs.agents.model import check_policy_fits
    from travel_envs.agents.registry import make_policy
    from travel_envs.core.registry import make_raw_env
    from travel_envs.tools.cli import resolve_env
    from travel_envs.zoo import with_env

    policy, teacher, opponent = (with_env(spec, env_id) for spec in (policy, teacher, opponent))
    env_id, params = resolve_env(env_id, [policy, teacher, opponent], {"num_players": players},
                                 flags={"num_players": "--players"})
    game = make_raw_env(env_id, **params).game
    buf = np.zeros(game.observation_size, np.float32)
    counts = {"agree": Counter(), "leave": Counter()}
    learner, guide = make_policy(policy, env_id), make_policy(teacher, env_id)
    others = [make_policy(opponent, env_id) for _ in range(players - 1)]
    seated = (learner, guide, *others)
    for player in seated:  # built and checked once, reseeded for every game
        check_policy_fits(player, game, "pass the --players the models were trained at")
    for g in range(games):
        for i, player in enumerate(seated):  # each game's players their own seeds
            reseed_policy(player, seed + (players + 1) * g + i)
        state = game.new_initial_state(np.random.default_rng([seed, g]))
        mine = g % players
        while not state.is_terminal:
            seat = state.current_player
            if seat != mine:
                action = policy_action(others[(seat - mine - 1) % players], state, buf, "opponent")
            else:
                # the teacher is asked at every decision of the seat, as when it plays (a player with a
                # memory of the game sees them all); decisions without a choice are not counted
                asked = policy_action(guide, state, buf, "teacher")
                action = policy_action(learner, state, buf)
                if state.legal_action_mask().sum() > 1:
                    counts["agree" if action == asked else "leave"][state.phase] += 1
            state.apply_action(action)
        if progress is not None:
            progress(1)
    return counts


def table(counts: dict[str, Counter]) -> list[str]:
    """Markdown rows: by phase (most decisions first), decisions, agreement and share of disagreements."""
    agree, leave = counts["agree"], counts["leave"]
    departures = max(sum(leave.values()), 1)
    rows = ["| phase | decisions | the teacher's move | another move | agreement | share of disagreements |",
            "|---|---|---|---|---|---|"]
    phases = sorted(set(agree) | set(leave), key=lambda p: (-(agree[p] + leave[p]), str(p)))
    for phase in [*phases, "all"]:
        agreed, departed = ((agree[phase], leave[phase]) if phase != "all"
                            else (sum(agree.values()), sum(leave.values())))
        decisions = agreed + departed
        rows.append(f"| {phase} | {decisions} | {agreed} | {departed} | {100 * agreed / max(decisions, 1):.1f}% | "
                    f"{100 * departed / departures:.1f}% |")
    return rows


def run(argv: Sequence[str] | None = None) -> str:
    """Play the games ``argv`` asks for and print the table of agreements by phase."""
    from training.match_cli import games_bar
    from travel_envs.tools.cli import check_env_players

    parser = docstring_parser(__doc__, prog="python -m benchmarks.clone_agreement")
    parser.add_argument("--env", required=True, help="env id, e.g. itchy_feet_v0")
    parser.add_argument("--policy", default="zoo", help="the learned policy (a model path or zoo; default zoo)")
    parser.add_argument("--teacher", required=True, help="the policy it learned from, e.g. master or mcts")
    parser.add_argument("--opponent", default="heuristic", help="the policy in every other seat (default heuristic)")
    parser.add_argument("--players", type=positive_int, default=2, help="players at the table (default 2)")
    parser.add_argument("--games", type=positive_int, default=10, help="games, the policy's seat rotated (default 10)")
    parser.add_argument("--seed", type=non_negative_int, default=0, help="seed of the deals and players")
    args = parser.parse_args(argv)
    check_env_players(args.env, [args.players])
    with games_bar(args.games, "games") as bar:
        counts = agreement(args.env, args.policy, args.teacher, args.opponent, args.players, args.games, args.seed,
                           bar.update)
    games = f"{args.games} game{'s' if args.games != 1 else ''}"
    rows = [f"## {args.policy} against its teacher {args.teacher}, {args.env}, {args.players} players, "
            f"{games} against {args.opponent} (seed {args.seed})\n", *table(counts)]
    print(text := "\n".join(rows))
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Exit code 0, or 2 with one message for bad input (argparse's own errors exit 2 too)."""
    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
