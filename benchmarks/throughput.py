"""Random-play AEC throughput of every registered env, as a ratio to connect_four_v3.

Each env plays random legal moves through its wrapped AEC API (``agent_iter`` /
``last`` / ``step``); PettingZoo's ``connect_four_v3`` runs the very same loop
in the same process as the reference. Only decisions (non-None actions) are
counted. The machine is shared and noisy, so env and reference alternate in
short bursts and the ratio reported is the median of the paired ratios; read
the ratio, not the absolute figure.

    python -m benchmarks.throughput                  # every env, every player count
    python -m benchmarks.throughput --env globetrotter_v0 --players 2 --seconds 5
    python -m benchmarks.throughput --env trekking_the_world_v0 --param move_by_end=true --param location_features=true
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Callable

import numpy as np

import travel_envs
from travel_envs.core.game import ParameterError
from travel_envs.core.registry import game_class
from travel_envs.tools.cli import (check_env_players, check_output_path, parse_params, positive_float, positive_int,
                                   run_cli)


def decisions_per_second(make_env: Callable[[], object], seconds: float, seed: int = 0) -> float:
    """Play random legal moves for ``seconds``; return decisions per second."""
    env = make_env()
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(legal.size)])
                decisions += 1
            env.step(action)
        if time.perf_counter() >= deadline:
            break
        env.reset()
    env.close()
    return decisions / (time.perf_counter() - start)


def reference_env():
    from pettingzoo.classic import connect_four_v3

    return connect_four_v3.env()


def run(argv: list[str] | None = None) -> list[dict]:
    """Measure and print; returns the rows. Bad input raises ParameterError before any measuring."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.throughput", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", action="append", help="env id (repeatable); default: all registered envs")
    parser.add_argument("--players", type=positive_int, action="append",
                        help="player count(s); default: all supported")
    parser.add_argument("--seconds", type=positive_float, default=3.0, help="measuring time per env and player count")
    parser.add_argument("--rounds", type=positive_int, default=5,
                        help="alternating env/reference bursts (median ratio)")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="env parameter for every env measured, repeatable (a variant; default: none)")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = parser.parse_args(argv)
    params = parse_params(args.param)
    if "num_players" in params:
        raise ParameterError("--param num_players: give player counts with --players N (repeatable)")

    env_ids = args.env or travel_envs.list_envs()
    for env_id in env_ids:  # unknown ids and player counts fail here, before any measuring
        check_env_players(env_id, args.players)
        if params:
            travel_envs.make(env_id, **params)  # unknown or bad parameters fail here too
    check_output_path("--json", args.json)
    burst = args.seconds / args.rounds
    print(f"reference: connect_four_v3; {args.rounds} alternating bursts of {burst:.2f} s per env and player count")
    print(f"{'env':<24} {'players':>7} {'decisions/s':>12} {'reference/s':>12} {'ratio':>7}")
    rows = []
    for env_id in env_ids:
        counts = args.players or list(game_class(env_id).player_counts)
        for n in counts:
            env_rates, ref_rates = [], []
            for k in range(args.rounds):
                ref_rates.append(decisions_per_second(reference_env, burst, seed=k))
                env_rates.append(decisions_per_second(lambda: travel_envs.make(env_id, **params, num_players=n), burst,
                                                         seed=k))
            ratio = float(np.median(np.array(env_rates) / np.array(ref_rates)))
            row = {"env": env_id, "players": n, "params": params, "steps_per_s": float(np.median(env_rates)),
                   "reference_steps_per_s": float(np.median(ref_rates)), "ratio": ratio}
            rows.append(row)
            print(f"{env_id:<24} {n:>7} {row['steps_per_s']:>12,.0f} {row['reference_steps_per_s']:>12,.0f} {ratio:>7.2f}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"reference": "connect_four_v3", "results": rows}, fh, indent=2)
    return rows


def main(argv: list[str] | None = None) -> int:
    """Exit code 0, or 2 with one message for bad input (travel_envs.tools.cli.run_cli)."""
    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
