"""Cost of the IS-MCTS policy per game: simulations per CPU second, and where a simulation's time goes.

Positions are taken from seeded random games (decisions with a choice, spread
over the whole game). On them, in one run per game: ``clone()`` and
``resample_hidden(seat, rng)`` (microseconds, mean over many calls), a random
step (mask, draw, apply; mean over play-outs from the positions), then the search asked (default: each
game's ``mcts``) for ``--seconds``: simulations per CPU second (the figure to compare: it does not
shrink when the shared machine is busy), decisions per second and CPU seconds per decision.

Then the same search runs a few decisions under cProfile, and the time of a simulation is split by
what the search called: resampling (without its clone), clone, legal actions, applying actions, the
play-out policy, the cut-off value, and the tree itself (selection, expansion, back-up). The profiler
slows small Python calls more than large ones, so the shares are a guide to where to look, not exact.

``--reference DIR`` measures another checkout of the project (for example today's code, frozen with
``git worktree add ../ref HEAD``) in a subprocess, game by game alternating with this one, and prints
the ratio of simulations per CPU second: a speed-up measured in one run on one machine. A game whose
state does not implement ``resample_hidden`` is reported as "not implemented". The load average is
printed with the figures.

    python -m benchmarks.search                                   # every env, its default search
    python -m benchmarks.search --reference ../ref --seconds 10   # speed-up over another checkout
    python -m benchmarks.search --env trek_v0 --budget 400 --seconds 10
    python -m benchmarks.search --env globetrotter_v0 --depth 40 --rollout heuristic
    python -m benchmarks.search --env trek_v0 --spec mcts:100:heuristic:depth=30:bias=1   # any mcts spec
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

import numpy as np

import travel_envs
from travel_envs.agents.mcts import MCTSPolicy, implements_resampling
from travel_envs.agents.mcts_spec import ROLLOUTS, settings_spec
from travel_envs.core.game import ParameterError
from travel_envs.core.registry import make_raw_env
from travel_envs.tools.cli import check_output_path, non_negative_float, non_negative_int, positive_int, run_cli

from .positions import choice_points


def sample_positions(game, count: int, seed: int = 0, keep: float = 0.15) -> list:
    """``count`` states with at least two legal actions, from random games (each such state kept
    with probability ``keep``, so they spread over the whole game)."""
    rng = np.random.default_rng(seed)

    def random_move(_state, mask: np.ndarray) -> int:
        legal = mask.nonzero()[0]
        return int(legal[rng.integers(legal.size)])

    out: list = []
    for state, _mask in choice_points(game, seed, random_move, games=100 * count):
        if rng.random() < keep:
            out.append(state.clone())
            if len(out) == count:
                break
    if not out:
        raise RuntimeError(f"{game.name}: no position with a choice in {100 * count} random games")
    return out


def _mean_us(fn, items: list, min_seconds: float = 0.2) -> float:
    calls, start = 0, time.perf_counter()
    while True:
        for item in items:
            fn(item)
        calls += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return elapsed / calls * 1e6


def _step_us(positions: list, rng: np.random.Generator, clone_us: float, steps: int = 100,
             min_seconds: float = 0.2) -> float:
    """A random step (mask, draw, apply) from the sampled positions on, up to ``steps`` each;
    the one clone per play-out is taken off."""
    done, clones, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < min_seconds:
        for state in positions:
            s = state.clone()
            clones += 1
            for _ in range(steps):
                if s.is_terminal:
                    break
                legal = s.legal_action_mask().nonzero()[0]
                s._apply(int(legal[rng.integers(legal.size)]))
                done += 1
    elapsed_us = (time.perf_counter() - start) * 1e6
    return (elapsed_us - clones * clone_us) / max(done, 1)


def measure(env: str, num_players: int | None, budget: int | None, seconds: float, depth: int | str | None,
            rollout: str | None, positions: int, seed: int = 0, spec: str | None = None,
            breakdown: int = 0) -> dict[str, Any]:
    """One game's row; ``spec`` (an mcts spec string) replaces ``budget``, ``depth`` and ``rollout``
    (None: the game's default); ``breakdown`` > 0 adds the time shares of that many profiled
    decisions (:func:`time_shares`)."""
    params = {} if num_players is None else {"num_players": num_players}
    game = make_raw_env(env, **params).game
    row: dict[str, Any] = {"env": env, "players": game.num_players}
    states = sample_positions(game, positions, seed)
    rng = np.random.default_rng(seed)
    row["clone_us"] = _mean_us(lambda s: s.clone(), states)
    row["step_us"] = _step_us(states, rng, row["clone_us"])
    if not implements_resampling(type(states[0])):
        row["resample"] = "not implemented"
        return row
    row["resample_us"] = _mean_us(lambda s: s.resample_hidden(s.current_player, rng), states)
    if spec is None:
        policy = MCTSPolicy(budget, rollout=rollout, depth=depth, seed=seed, env=type(game))
    else:
        policy = MCTSPolicy.from_spec(spec, env=type(game), seed=seed)
    row["spec"] = settings_spec(policy.resolved)  # what ran, the game's defaults filled in
    decisions, simulations, start, cpu_start = 0, 0, time.perf_counter(), time.process_time()
    while True:
        state = states[decisions % len(states)]
        root = policy._search(state)  # what act() runs on a position with a choice
        simulations += sum(child.visits for child in root.children.values())  # one root child per simulation
        decisions += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    cpu = time.process_time() - cpu_start
    row["decisions"] = decisions
    row["decisions_per_s"] = decisions / elapsed
    row["simulations_per_s"] = simulations / elapsed
    # CPU figures: close to the wall time of one quiet core, whatever else the shared machine runs
    # (wall-clock figures shrink with the load, these much less)
    row["simulations_per_cpu_s"] = simulations / cpu
    row["cpu_s_per_decision"] = cpu / decisions
    if breakdown:
        row["breakdown"] = time_shares(policy, states, breakdown)
    return row


#: the parts of a simulation, in print order
PARTS = ("resample", "clone", "legal actions", "apply action", "play-out policy", "value", "tree")
#: the engine calls that read the legal ids, and those that apply a move
LEGAL_CALLS = ("legal_actions", "legal_action_mask", "_legal_ids", "_move_ids")
APPLY_CALLS = ("_apply", "apply_action")


def time_shares(policy: MCTSPolicy, states: list, decisions: int) -> dict[str, float]:
    """Shares of the search's time per part of a simulation (:data:`PARTS`), from ``decisions``
    searches under cProfile, attributed by what ``mcts.search`` called directly."""
    import cProfile
    import pstats

    from travel_envs.agents import mcts

    profile = cProfile.Profile()
    profile.enable()
    for i in range(decisions):
        policy._search(states[i % len(states)])
    profile.disable()
    stats = pstats.Stats(profile).stats  # (file, line, name) -> (calls, calls, own, cumulative, callers)
    here = mcts.__file__
    search_key = next(k for k in stats if k[0] == here and k[2] == "search")
    total = stats[search_key][3]
    parts = dict.fromkeys(PARTS, 0.0)
    # the random play-out (the state's ``random_playout``) is one call from the search: what it calls is
    # split like the search's own calls, and the rest of it (the random picks) is the play-out policy's
    playouts = [k for k in stats if k[2] == "random_playout" and search_key in stats[k][4]]
    for (file, _, name), (_, _, _, cumulative, callers) in stats.items():
        if name == "clone":
            parts["clone"] += cumulative  # from resample_hidden, and once a decision for the prior
        for caller in [search_key, *playouts]:
            from_caller = callers.get(caller)
            if from_caller is None:
                continue
            spent = from_caller[3]
            if name == "resample_hidden":
                parts["resample"] += spent
            elif name in LEGAL_CALLS:
                parts["legal actions"] += spent
            elif name in APPLY_CALLS:
                parts["apply action"] += spent
            elif name in ("act", "playout_move"):
                parts["play-out policy"] += spent
            elif name == "returns" or file.endswith(("mcts_values.py", "value_features.py")):
                parts["value"] += spent
            elif name == "random_playout":
                parts["play-out policy"] += spent
            if caller != search_key and (name in LEGAL_CALLS or name in APPLY_CALLS):
                parts["play-out policy"] -= spent  # counted above, so not the play-out's own time
    parts["play-out policy"] = max(0.0, parts["play-out policy"])
    parts["resample"] = max(0.0, parts["resample"] - parts["clone"])
    parts["tree"] = max(0.0, total - sum(parts.values()))
    return {k: v / total for k, v in parts.items()}


def measure_reference(checkout: str, env: str, args: argparse.Namespace) -> dict[str, Any]:
    """One game's row measured by the benchmark of another checkout, in a subprocess (its own code
    on its own path); simulations per CPU second derived from what older versions print."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "row.json")
        cmd = [sys.executable, "-m", "benchmarks.search", "--env", env, "--seconds", str(args.seconds),
               "--positions", str(args.positions), "--seed", str(args.seed), "--json", out]
        for flag, value in (("--players", args.players), ("--budget", args.budget), ("--depth", args.depth),
                            ("--rollout", args.rollout), ("--spec", args.spec)):
            if value is not None:
                cmd += [flag, str(value)]
        path = os.pathsep.join(p for p in (os.path.abspath(checkout), os.environ.get("PYTHONPATH")) if p)
        env_vars = {**os.environ, "PYTHONPATH": path}
        done = subprocess.run(cmd, cwd=checkout, env=env_vars, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"the reference benchmark in {checkout} failed:\n{done.stderr[-2000:]}")
        with open(out) as fh:
            row = json.load(fh)["rows"][0]
    if "simulations_per_cpu_s" not in row and "resample" not in row:
        row["simulations_per_cpu_s"] = row["simulations_per_s"] / (row["decisions_per_s"] * row["cpu_s_per_decision"])
    return row


def _fmt(row: dict[str, Any], reference: dict[str, Any] | None = None) -> str:
    head = f"{row['env']:<26} {row['players']:>7} {row['clone_us']:>9.1f} {row['step_us']:>8.1f}"
    if "resample" in row:
        return f"{head} {'not implemented':>14}"
    line = (f"{head} {row['resample_us']:>12.1f} {row['simulations_per_cpu_s']:>12.0f} {row['decisions_per_s']:>11.2f}"
            f" {row['cpu_s_per_decision']:>10.3f}")
    if reference is not None and "simulations_per_cpu_s" in reference:
        ref = reference["simulations_per_cpu_s"]
        line += f" {ref:>12.0f} {row['simulations_per_cpu_s'] / ref:>7.2f}x"
    line += f"  ({row['decisions']} decisions, {row['spec']})"
    if "breakdown" in row:
        line += "\n" + " " * 28 + "time: " + ", ".join(f"{k} {v:.0%}" for k, v in row["breakdown"].items())
    return line


def _depth(text: str) -> int | str:
    """``--depth``: ``end`` or a positive number of decisions."""
    return text if text == "end" else positive_int(text)


def run(argv: list[str] | None = None) -> list[dict[str, Any]]:
    """Measure and print; returns the rows. Bad input raises ParameterError before any measuring."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.search", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", action="append", help="env id or 'module:GameClass' (repeatable); default: all")
    parser.add_argument("--players", type=positive_int, help="player count (default: each game's default)")
    parser.add_argument("--budget", type=positive_int, default=None,
                        help="simulations per decision (default: the game's, as a bare 'mcts')")
    parser.add_argument("--depth", type=_depth, default=None,
                        help="cut simulations off D decisions after the root, or 'end' (default: the game's depth)")
    parser.add_argument("--rollout", choices=ROLLOUTS, default=None,
                        help="play-outs past the tree (default: the game's)")
    parser.add_argument("--spec", help="an mcts spec to measure instead of --budget/--depth/--rollout, "
                                       "e.g. mcts:200:bias=1 or mcts:time=0.8")
    parser.add_argument("--seconds", type=non_negative_float, default=5.0,
                        help="searching time per game (at least 1 decision)")
    parser.add_argument("--positions", type=positive_int, default=12, help="positions sampled from random games")
    parser.add_argument("--seed", type=non_negative_int, default=0)
    parser.add_argument("--breakdown", type=non_negative_int, default=8, metavar="N",
                        help="profile N more decisions per game to split a simulation's time (0: off; default 8)")
    parser.add_argument("--reference", metavar="DIR",
                        help="another checkout of the project to measure the same way, alternating game by game, "
                             "with the speed-up in simulations per CPU second")
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    args = parser.parse_args(argv)
    if args.reference is not None and not os.path.isfile(os.path.join(args.reference, "benchmarks", "search.py")):
        raise ParameterError(f"--reference {args.reference!r} is not a checkout of this project (no "
                             f"benchmarks/search.py there); make one with: git worktree add ../ref HEAD")

    envs = args.env or travel_envs.list_envs()
    for env in envs:  # an unknown env or player count fails here, before any measuring
        make_raw_env(env, **({} if args.players is None else {"num_players": args.players}))
    if args.spec is not None:
        from travel_envs.agents.mcts_spec import parse_mcts_spec

        parse_mcts_spec(args.spec)  # a bad spec fails here, naming the bad part
    check_output_path("--json", args.json)
    from tqdm import tqdm

    what = (f"spec {args.spec}" if args.spec else
            f"mcts budget {args.budget or 'game default'} simulations, rollout {args.rollout or 'game default'}, "
            f"depth {args.depth or 'game default'}")
    print(f"{what}; {args.seconds:g} s of search per game; load average {os.getloadavg()[0]:.2f}")
    print(f"{'env':<26} {'players':>7} {'clone us':>9} {'step us':>8} {'resample us':>12} {'sims/cpu s':>12} "
          f"{'decisions/s':>11} {'cpu s/dec':>10}" + (f" {'ref sims/cpu':>12} {'speed-up':>8}" if args.reference else ""))
    rows = []
    with tqdm(envs, unit="env", leave=False, disable=None) as bar:  # a bar on a terminal only
        for env in bar:
            bar.set_description(env)
            reference = measure_reference(args.reference, env, args) if args.reference else None
            row = measure(env, args.players, args.budget, args.seconds, args.depth, args.rollout, args.positions,
                          args.seed, args.spec, args.breakdown)
            if reference is not None:
                row["reference"] = reference
            rows.append(row)
            bar.write(_fmt(row, reference))
    sys.stdout.flush()
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"budget": args.budget, "depth": args.depth, "rollout": args.rollout, "spec": args.spec,
                       "reference": args.reference, "rows": rows}, fh, indent=2)
    return rows


def main(argv: list[str] | None = None) -> int:
    """Exit code 0, or 2 with one message for bad input (travel_envs.tools.cli.run_cli)."""
    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
