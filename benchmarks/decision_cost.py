"""CPU time per decision of policies on the same positions, and their ratio to the first policy's.

The ratio tells how much cheaper a learned agent is than the search it was distilled from. Positions are
every third decision with a choice in seeded games of the heuristic against itself, so they cover whole
games: ``--players`` players (2 by default), the game's default parameters or a model's own, whose table
must be the one asked for. Every policy decides on every position, and for each are printed: its CPU time
per decision (``time.process_time`` of this process), its slowest decision (what a player at the table
waits for at worst), and its ratio to the first policy (the reference, by default the game's ``mcts``). A
model decides from the seat's observation, which is encoded for it as the env would; the search reads the
engine state.

    python -m benchmarks.decision_cost --env trekking_v0 --policies mcts zoo
    python -m benchmarks.decision_cost --env trek_v0 --policies mcts runs/x/final_model.zip --positions 200
    python -m benchmarks.decision_cost --env globetrotter_v0 --players 5 --policies mcts master
"""

from __future__ import annotations

import sys
import time
from typing import Sequence

from travel_envs.tools.cli import check_env_players, docstring_parser, non_negative_int, positive_int, run_cli


def measure(env_id: str, specs: list[str], positions: int, seed: int,
            num_players: int = 2) -> list[tuple[str, float, int, float]]:
    """``(spec, CPU seconds per decision, decisions, CPU seconds of the slowest)`` per policy, on the same
    positions of a ``num_players`` table."""
    import numpy as np

    from travel_envs.agents.model import check_policy_fits
    from travel_envs.agents.registry import make_policy
    from travel_envs.core.registry import make_raw_env
    from travel_envs.tools.cli import resolve_env
    from travel_envs.zoo import with_env

    specs = [with_env(s, env_id) for s in specs]
    # a model plays the table it was trained at: refused here, before the long work, naming --players
    env_id, params = resolve_env(env_id, specs, {"num_players": num_players}, flags={"num_players": "--players"})
    game = make_raw_env(env_id, **params).game
    policies = [make_policy(spec, env_id, seed=seed) for spec in specs]  # refusals before the long work
    for policy in policies:  # a model that records no table is checked by its sizes
        check_policy_fits(policy, game, "pass the --players it was trained at, or choose other --policies")
    states = sample_positions(game, make_policy("heuristic", env_id, seed=seed), positions, seed)
    out = []
    buf = np.zeros(game.observation_size, np.float32)
    clock = time.process_time
    for spec, policy in zip(specs, policies):
        reads = getattr(policy, "uses_observation", True)
        total = slowest = 0.0
        for state in states:
            before = clock()
            if reads:
                state.observation(state.current_player, buf)
            policy.act(buf if reads else None, state.legal_action_mask(), state)
            spent = clock() - before
            total, slowest = total + spent, max(slowest, spent)
        out.append((spec, total / len(states), len(states), slowest))
    return out


def sample_positions(game, player, count: int, seed: int, every: int = 3) -> list:
    """``count`` positions: every ``every``-th decision with a choice in seeded games of ``player`` against
    itself, from the first decision to the last (a fresh game when one ends)."""
    from .positions import choice_points

    states: list = []
    moves = choice_points(game, seed, lambda state, mask: player.act(None, mask, state))
    for choices, (state, _mask) in enumerate(moves):
        if choices % every == 0:
            states.append(state.clone())
            if len(states) == count:
                break
    return states


def run(argv: Sequence[str] | None = None) -> None:
    p = docstring_parser(__doc__, prog="python -m benchmarks.decision_cost")
    p.add_argument("--env", required=True, help="env id, e.g. trekking_v0")
    p.add_argument("--policies", nargs="+", default=["mcts", "zoo"], metavar="POLICY",
                   help="policy specs; the first is the reference (default: mcts zoo)")
    p.add_argument("--positions", type=positive_int, default=100, help="positions to decide on (default 100)")
    p.add_argument("--players", type=positive_int, default=2,
                   help="players at the table the positions come from (default 2; the default policies' zoo "
                        "model plays 2)")
    p.add_argument("--seed", type=non_negative_int, default=0, help="seed of the games and policies (default 0)")
    args = p.parse_args(argv)
    check_env_players(args.env, [args.players])
    rows = measure(args.env, args.policies, args.positions, args.seed, args.players)
    reference = rows[0][1]
    print(f"## CPU time per decision, {args.env}, {rows[0][2]} positions from {args.players}-player "
          f"heuristic games (seed {args.seed})\n")
    print("| policy | CPU ms per decision | slowest, CPU ms | times faster than " + rows[0][0] + " |\n"
          "|---|---|---|---|")
    for spec, seconds, _, slowest in rows:
        ratio = reference / seconds  # below 10 with two decimals: a dearer policy shows 0.47x, not 0x
        shown = f"{ratio:.0f}" if ratio >= 10 else f"{ratio:.2f}"
        print(f"| {spec} | {1000 * seconds:.3f} | {1000 * slowest:.3f} | {shown}x |")


def main(argv: Sequence[str] | None = None) -> int:
    """Exit code 0, or 2 with one message for bad input (argparse's own errors exit 2 too)."""
    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
