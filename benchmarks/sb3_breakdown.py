"""Where a MaskablePPO env step goes: our env vs the connect-four recipe vs a zero-cost env.

Companion of :mod:`benchmarks.sb3_throughput` (same hyper-parameters, same
``[64, 64]`` MlpPolicy, same reference env). Per learner step, in CPU
microseconds (``time.process_time``, so other processes' load counts less):

* ``env``: the gymnasium env itself (``step``/``reset`` and ``action_masks``),
  timed by a thin wrapper under SB3's ``Monitor``;
* ``rollout SB3``: the rest of ``collect_rollouts`` (the policy's forward pass
  and sampling, ``Monitor``/``DummyVecEnv``, the rollout buffer);
* ``train``: ``train()`` (10 epochs of 64-sample minibatches over 2048 steps),
  whose cost grows with the observation width and the number of actions.

The third side, ``replay``, has our spaces (observation width, action count)
but costs next to nothing: it replays observations, masks and episode ends
recorded from our env under random play. Its ratio to the reference is the
best any env-side work could reach with our observation and action sizes.

    python -m benchmarks.sb3_breakdown --env globetrotter_v0 --steps 4096 --repeats 3
"""

from __future__ import annotations

import argparse
import sys
import time

import gymnasium as gym
import numpy as np

from benchmarks.sb3_throughput import ConnectFourRecipeEnv, ours


class _Timed(gym.Wrapper):
    """CPU time spent inside the wrapped env (step, reset, action_masks)."""

    def __init__(self, env) -> None:
        super().__init__(env)
        self.cpu = 0.0

    def _timed(self, call, *args, **kwargs):
        c = time.process_time()
        out = call(*args, **kwargs)
        self.cpu += time.process_time() - c
        return out

    def step(self, action):
        return self._timed(self.env.step, action)

    def reset(self, **kwargs):
        return self._timed(self.env.reset, **kwargs)

    def action_masks(self):
        return self._timed(self.env.unwrapped.action_masks)


class ReplayEnv(gym.Env):
    """Our env's spaces and recorded transitions (random play), replayed at almost no cost."""

    def __init__(self, env_id: str, num_players: int, n: int = 4096) -> None:
        env = ours(env_id, num_players)
        self.observation_space, self.action_space = env.observation_space, env.action_space
        rng = np.random.default_rng(0)
        obs, _ = env.reset(seed=0)
        self._obs, self._masks, self._done = [], [], []
        for _ in range(n):
            mask = env.action_masks().copy()
            legal = np.flatnonzero(mask)
            nxt, _, term, trunc, _ = env.step(int(legal[rng.integers(legal.size)]))
            self._obs.append(obs)
            self._masks.append(mask)
            self._done.append(term or trunc)
            obs = env.reset()[0] if term or trunc else nxt
        self._i = 0

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        return self._obs[self._i], {}

    def step(self, action):
        self._i = (self._i + 1) % len(self._obs)
        done = self._done[self._i - 1]
        return self._obs[self._i], 0.0, done, False, {}

    def action_masks(self):
        return self._masks[self._i]


def measure(make_env, steps: int, net: list[int], seed: int = 0) -> dict:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    class Clock(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.rollout = self.train = 0.0
            self._t = None

        def _on_training_start(self) -> None:
            self._t = None

        def _on_rollout_start(self) -> None:
            now = time.process_time()
            if self._t is not None:
                self.train += now - self._t
            self._t = now

        def _on_rollout_end(self) -> None:
            now = time.process_time()
            self.rollout += now - self._t
            self._t = now

        def _on_training_end(self) -> None:
            self.train += time.process_time() - self._t

        def _on_step(self) -> bool:
            return True

    env = _Timed(make_env())
    kwargs = dict(policy_kwargs={"net_arch": list(net)}, seed=seed, device="cpu", n_steps=min(2048, steps),
                  verbose=0)
    MaskablePPO("MlpPolicy", env, **kwargs).learn(total_timesteps=min(512, steps))  # warm-up
    model = MaskablePPO("MlpPolicy", env, **kwargs)
    clock = Clock()
    env.cpu = 0.0
    c0 = time.process_time()
    model.learn(total_timesteps=steps, callback=clock)
    total = time.process_time() - c0
    n = model.num_timesteps
    us = 1e6 / n
    return {"total": total * us, "env": env.cpu * us, "rollout_sb3": (clock.rollout - env.cpu) * us,
            "train": clock.train * us}


def run(argv=None) -> None:
    """Measure and print. Bad input raises ParameterError before any measuring."""
    from travel_envs.tools.cli import int_at_least, positive_int

    parser = argparse.ArgumentParser(prog="python -m benchmarks.sb3_breakdown", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", default="globetrotter_v0", help="env id (default globetrotter_v0)")
    parser.add_argument("--players", type=positive_int, default=2)
    parser.add_argument("--steps", type=int_at_least(64), default=4096)
    parser.add_argument("--repeats", type=positive_int, default=3)
    parser.add_argument("--net", type=positive_int, nargs="+", default=[64, 64])
    parser.add_argument("--threads", type=positive_int, default=1)
    args = parser.parse_args(argv)
    ours(args.env, args.players)  # an unknown env or player count fails here, before any measuring

    import torch

    torch.set_num_threads(args.threads)
    replay = ReplayEnv(args.env, args.players)
    sides = {"ours": lambda: ours(args.env, args.players), "reference": ConnectFourRecipeEnv,
             "replay (ours, zero-cost env)": lambda: replay}
    runs = {k: [] for k in sides}
    for _ in range(args.repeats):
        for name, make in sides.items():
            runs[name].append(measure(make, args.steps, args.net))
    print(f"MaskablePPO, net {args.net}, {args.steps} steps x {args.repeats} (median), CPU us per learner step")
    print(f"{'':30} {'total':>7} {'env':>6} {'rollout SB3':>12} {'train':>7} {'ratio':>6}")
    med = {k: {f: float(np.median([r[f] for r in v])) for f in v[0]} for k, v in runs.items()}
    for name, m in med.items():
        ratio = med["reference"]["total"] / m["total"]
        print(f"{name:30} {m['total']:7.0f} {m['env']:6.0f} {m['rollout_sb3']:12.0f} {m['train']:7.0f} {ratio:6.2f}")
    print("ratio: reference CPU time per step / this side's (steps per CPU second relative to the reference)")


def main(argv=None) -> int:
    """Exit code 0, or 2 with one message for bad input (travel_envs.tools.cli.run_cli)."""
    from travel_envs.tools.cli import run_cli

    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
