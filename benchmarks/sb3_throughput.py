"""MaskablePPO training throughput on our single-agent env vs PettingZoo's connect-four SB3 recipe.

Both sides train sb3-contrib's MaskablePPO with the same hyper-parameters and the
same hidden layers (default: [64, 64], the recipe's default MlpPolicy) on one
environment, in the same process, alternating (ours, reference, ours, ...) so
that a shared machine's load hits both alike. Reported: env steps per second of
``model.learn`` (wall clock) and per CPU second (``time.process_time``, robust to
other processes), and our/reference ratios.

The reference reproduces PettingZoo's tutorial "SB3: action masking" for
connect_four_v3: the AEC env wrapped so that ``step`` returns the *next*
player's observation and the previous player's cumulative reward, masks via
sb3-contrib's ``ActionMasker``. Ours is ``SingleAgentEnv`` (learner vs a random
opponent inside ``step``; one learner step includes the opponent's move).

    python -m benchmarks.sb3_throughput --env globetrotter_v0 --steps 8192 --repeats 2

``--config configs/globetrotter.yaml`` adds a third side, "pipeline": our
trainer as that config runs it (its PPO settings, ``n_envs`` and vec env, its
env parameters), with the same hidden layers as the others and random
opponents. It answers a different question from the strict comparison above:
how fast our training pipeline collects and learns from env steps, against
the recipe as published, when only the network size is held equal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import gymnasium as gym
import numpy as np


class ConnectFourRecipeEnv(gym.Env):
    """PettingZoo's SB3 action-mask recipe for connect_four_v3, as a gymnasium Env."""

    def __init__(self) -> None:
        from pettingzoo.classic import connect_four_v3

        self.aec = connect_four_v3.env()
        self.aec.reset(seed=0)
        agent = self.aec.possible_agents[0]
        self.observation_space = self.aec.observation_space(agent)["observation"]
        self.action_space = self.aec.action_space(agent)

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self.aec.reset(seed=seed, options=options)
        return self.aec.observe(self.aec.agent_selection)["observation"], {}

    def step(self, action):
        current = self.aec.agent_selection
        self.aec.step(action)
        nxt = self.aec.agent_selection
        return (self.aec.observe(nxt)["observation"], self.aec._cumulative_rewards[current],
                self.aec.terminations[current], self.aec.truncations[current], self.aec.infos[current])

    def action_masks(self):
        return self.aec.observe(self.aec.agent_selection)["action_mask"].astype(bool)


def ours(env_id: str, num_players: int):
    from travel_envs.wrappers.single_agent import SingleAgentEnv

    return SingleAgentEnv(env_id, opponents="random", num_players=num_players, seed=0)


def _warm_then_time(build_model, warmup_steps: int, steps: int) -> dict:
    """Warm up on a throw-away model (allocations, first rollout), then time ``learn`` on a fresh one."""
    build_model().learn(total_timesteps=warmup_steps)
    model = build_model()
    w0, c0 = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=steps)
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    return {"steps": model.num_timesteps, "wall_s": wall, "cpu_s": cpu,
            "steps_per_s": model.num_timesteps / wall, "steps_per_cpu_s": model.num_timesteps / cpu}


def measure(make_env, steps: int, net: list[int], seed: int = 0) -> dict:
    from sb3_contrib import MaskablePPO

    env = make_env()
    return _warm_then_time(
        lambda: MaskablePPO("MlpPolicy", env, policy_kwargs={"net_arch": list(net)}, seed=seed, device="cpu",
                            n_steps=min(2048, steps), verbose=0),
        min(512, steps), steps)


def measure_pipeline(config: str, steps: int, net: list[int]) -> dict:
    """Our trainer's model and vec env from ``config``, hidden layers ``net``, random opponents."""
    from training.config import load_config
    from training.train import build_model, build_vec_env

    arch = "[" + ", ".join(str(int(k)) for k in net) + "]"
    cfg = load_config(config, [f"net.pi={arch}", f"net.vf={arch}", "opponents.mix={random: 1.0}", "pretrain.games=0",
                               "train.verbose=0"])
    vec_env = build_vec_env(cfg, seed=0, snapshots=[])
    try:
        rollout = cfg.ppo.n_steps * cfg.train.n_envs
        result = _warm_then_time(lambda: build_model(cfg, vec_env, None), rollout, max(steps, rollout))
    finally:
        vec_env.close()
    # CPU time of this process only: SubprocVecEnv workers are not counted, so only wall time is compared
    result["steps_per_cpu_s"] = None
    return result


def run(argv=None) -> None:
    """Measure and print. Bad input raises ParameterError before any measuring."""
    from travel_envs.tools.cli import check_output_path, int_at_least, positive_int

    parser = argparse.ArgumentParser(prog="python -m benchmarks.sb3_throughput", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", default="globetrotter_v0", help="env id (default globetrotter_v0)")
    parser.add_argument("--players", type=positive_int, default=2)
    parser.add_argument("--steps", type=int_at_least(64), default=8192, help="learner steps per measurement")
    parser.add_argument("--repeats", type=positive_int, default=2, help="alternating measurements per side")
    parser.add_argument("--net", type=positive_int, nargs="+", default=[64, 64], help="hidden layer sizes (both sides)")
    parser.add_argument("--threads", type=positive_int, default=1, help="torch threads")
    parser.add_argument("--config", metavar="YAML",
                        help="also measure our trainer as this config runs it (same hidden layers)")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args(argv)
    ours(args.env, args.players)  # an unknown env or player count fails here, before any measuring
    check_output_path("--json", args.json)
    if args.config:
        from training.config import load_config

        load_config(args.config)  # a missing or malformed config too

    import torch

    torch.set_num_threads(args.threads)
    results = {"ours": [], "reference": []}
    if args.config:
        results["pipeline"] = []
    for _ in range(args.repeats):
        results["ours"].append(measure(lambda: ours(args.env, args.players), args.steps, args.net))
        results["reference"].append(measure(ConnectFourRecipeEnv, args.steps, args.net))
        if args.config:
            results["pipeline"].append(measure_pipeline(args.config, args.steps, args.net))
    summary = {}
    for side, runs in results.items():
        summary[side] = {k: float(np.median([r[k] for r in runs])) for k in ("steps_per_s", "steps_per_cpu_s")
                         if runs[0][k] is not None}
    ratio_wall = summary["ours"]["steps_per_s"] / summary["reference"]["steps_per_s"]
    ratio_cpu = summary["ours"]["steps_per_cpu_s"] / summary["reference"]["steps_per_cpu_s"]
    print(f"MaskablePPO, net {args.net}, {args.steps} steps x {args.repeats} (median), torch threads {args.threads}")
    print(f"{'':28} {'steps/s':>10} {'steps/CPU-s':>12}")
    print(f"{'ours: ' + args.env + f' ({args.players}p)':28} {summary['ours']['steps_per_s']:>10,.0f} "
          f"{summary['ours']['steps_per_cpu_s']:>12,.0f}")
    print(f"{'reference: connect_four_v3':28} {summary['reference']['steps_per_s']:>10,.0f} "
          f"{summary['reference']['steps_per_cpu_s']:>12,.0f}")
    print(f"ratio ours/reference: {ratio_wall:.2f} (wall), {ratio_cpu:.2f} (CPU)")
    out = {"args": vars(args), "runs": results, "summary": summary, "ratio_wall": ratio_wall, "ratio_cpu": ratio_cpu}
    if args.config:
        ratio_pipe = summary["pipeline"]["steps_per_s"] / summary["reference"]["steps_per_s"]
        print(f"{'pipeline: ' + args.config:28} {summary['pipeline']['steps_per_s']:>10,.0f}")
        print(f"ratio pipeline/reference: {ratio_pipe:.2f} (wall; our trainer's settings from {args.config}, "
              f"net {args.net}, random opponents)")
        out["ratio_pipeline_wall"] = ratio_pipe
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=2)


def main(argv=None) -> int:
    """Exit code 0, or 2 with one message for bad input (travel_envs.tools.cli.run_cli)."""
    from travel_envs.tools.cli import run_cli

    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
