"""Training throughput: RLlib PPO (multi-agent, action-masked) vs SB3 MaskablePPO on one machine.

    python -m benchmarks.rllib_throughput                       # Globetrotter, 2 players
    python -m benchmarks.rllib_throughput --runners 0 1 2 --iterations 4

Both train a [256, 256] MLP with PPO, the learner against a random opponent
(RLlib: the opponent is a fixed baseline RLModule picked by the policy
mapping; SB3: the opponent plays inside the single-agent wrapper), with the
same amount of sampling per iteration (``--batch`` game decisions, about half
of them the learner's) and 5 epochs of 256-sample minibatches.

Reported per setup: game decisions/s (every seat's env step) and learner
steps/s, over whole training iterations (sampling + learning) after one
warm-up iteration, so Ray's start-up time is excluded. It is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import sys
import time

from travel_envs.core.game import ParameterError

GAME = "globetrotter_v0"


def bench_rllib(num_env_runners: int, iterations: int, batch: int, params: dict) -> dict:
    import ray

    from travel_envs.rllib.mapping import build_ppo_config

    if not ray.is_initialized():
        ray.init(include_dashboard=False, log_to_driver=False)
    config, _ = build_ppo_config(
        env=GAME, env_params=params, num_players=params["num_players"], sharing="shared",
        opponents=["random"], opponent_seats=1, hidden=[256, 256],
        ppo={"train_batch_size_per_learner": batch, "minibatch_size": 256, "num_epochs": 5, "lr": 3e-4},
        num_env_runners=num_env_runners, num_envs_per_env_runner=1, seed=0,
    )
    algo = config.build_algo()
    try:
        def counts(res):
            r = res["env_runners"]
            learner = r.get("num_module_steps_sampled_lifetime", {}).get("learner", float("nan"))
            return r["num_env_steps_sampled_lifetime"], learner

        res = algo.train()  # warm-up
        env0, learner0 = counts(res)
        t0 = time.perf_counter()
        for _ in range(iterations):
            res = algo.train()
        dt = time.perf_counter() - t0
        env1, learner1 = counts(res)
    finally:
        algo.stop()
    return {"setup": f"RLlib PPO, {num_env_runners} env runner(s)" + (" (sampling in the driver)" if num_env_runners == 0 else ""),
            "decisions_per_s": (env1 - env0) / dt, "learner_steps_per_s": (learner1 - learner0) / dt, "seconds": dt}


def bench_sb3(iterations: int, batch: int, params: dict, n_envs: int = 1) -> dict:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    from travel_envs.wrappers.single_agent import SingleAgentEnv

    counter = [0]

    def make(i):
        def thunk():
            env = SingleAgentEnv(GAME, opponents="random", seed=i, **params)
            orig = env.raw.step

            def step(action):
                counter[0] += 1
                return orig(action)

            env.raw.step = step
            return env
        return thunk

    vec = DummyVecEnv([make(i) for i in range(n_envs)])
    n_steps = max(8, batch // 2 // n_envs)  # learner steps per env per rollout, ~batch decisions in all
    model = MaskablePPO("MlpPolicy", vec, n_steps=n_steps, batch_size=256, n_epochs=5, learning_rate=3e-4,
                        policy_kwargs={"net_arch": [256, 256]}, seed=0, verbose=0, device="cpu")
    model.learn(n_steps * n_envs)  # warm-up
    c0, s0 = counter[0], model.num_timesteps
    t0 = time.perf_counter()
    model.learn(iterations * n_steps * n_envs, reset_num_timesteps=False)
    dt = time.perf_counter() - t0
    return {"setup": f"SB3 MaskablePPO, {n_envs} env (DummyVecEnv)", "decisions_per_s": (counter[0] - c0) / dt,
            "learner_steps_per_s": (model.num_timesteps - s0) / dt, "seconds": dt}


def run(argv=None) -> int:
    """Measure and print; bad input raises ParameterError (or exits through argparse) before any measuring."""
    from travel_envs.tools.cli import int_at_least, non_negative_int, positive_int

    ap = argparse.ArgumentParser(prog="python -m benchmarks.rllib_throughput", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runners", type=non_negative_int, nargs="+", default=[0, 2],
                    help="RLlib num_env_runners values")
    ap.add_argument("--iterations", type=positive_int, default=3, help="timed iterations after one warm-up")
    ap.add_argument("--batch", type=int_at_least(256), default=4000,
                    help="game decisions sampled per iteration (>= 256, one minibatch)")
    ap.add_argument("--players", type=positive_int, default=2)
    ap.add_argument("--torch-threads", type=positive_int, default=1, help="torch threads in the driver")
    ap.add_argument("--skip-sb3", action="store_true")
    ap.add_argument("--skip-rllib", action="store_true")
    args = ap.parse_args(argv)
    params = {"num_players": args.players}
    from travel_envs.core.registry import make_raw_env

    make_raw_env(GAME, **params)  # an unsupported player count fails here, before Ray starts
    if not args.skip_rllib:
        try:
            import ray  # noqa: F401
        except ImportError:
            raise ParameterError('Ray RLlib is not installed: pip install -e ".[rllib]", or pass --skip-rllib') \
                from None
    import os

    import torch

    # One torch thread in the driver for both stacks (RLlib's env runner actors get one
    # anyway): on a small, shared machine extra intra-op threads only contend.
    torch.set_num_threads(args.torch_threads)

    rows = []
    if not args.skip_sb3:
        rows.append(bench_sb3(args.iterations, args.batch, params))
        print(rows[-1], flush=True)
    if not args.skip_rllib:
        for n in args.runners:
            rows.append(bench_rllib(n, args.iterations, args.batch, params))
            print(rows[-1], flush=True)
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    print(f"\n{GAME}, {args.players} players, {os.cpu_count()} CPUs, load average {load:.1f}, "
          f"{args.iterations} timed iterations of ~{args.batch} decisions, "
          f"{args.torch_threads} torch thread(s) in the driver\n")
    print("| setup | game decisions/s | learner steps/s | timed s |")
    print("|---|---|---|---|")
    for r in rows:
        print(f"| {r['setup']} | {r['decisions_per_s']:.0f} | {r['learner_steps_per_s']:.0f} | {r['seconds']:.1f} |")
    return 0


def main(argv=None) -> int:
    """Exit code 0, or 2 with one message for bad input (travel_envs.tools.cli.run_cli)."""
    from travel_envs.tools.cli import run_cli

    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
