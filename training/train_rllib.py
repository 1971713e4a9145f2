"""``travel-train-rllib``: multi-agent PPO on Ray RLlib from a validated YAML config.

    travel-train-rllib --config configs/rllib_globetrotter.yaml
    travel-train-rllib --config configs/rllib_globetrotter.yaml --set scale.num_env_runners=8 \\
        --set scale.address=auto            # on a Ray cluster (see docs/rllib.md)
    travel-train-rllib --config ... --set train.restore_from=runs/x/checkpoints/iter_00010
    travel-train-rllib --keys               # every key with its default

The config is validated like the SB3 trainer's (``training/config.py``): every
section forbids unknown keys, and every problem is reported, before Ray starts,
with the key and the allowed values. Only :func:`train` imports Ray.

A run folder ``<runs_dir>/<name>_<time>/`` gets ``config.yaml``,
``progress.csv`` (one row per iteration), ``checkpoints/iter_NNNNN`` (RLlib
algorithm checkpoints; ``final`` at the end) and ``evaluation.md`` (the arena's
match tables against our baselines, one section per evaluation).
"""

from __future__ import annotations

import argparse
import csv
import shutil
import sys
import time
from pathlib import Path
from typing import Any, Literal, Optional, Union

from pydantic import ConfigDict, Field, field_validator, model_validator

from travel_envs.core.files import write_text_atomic
from travel_envs.core.game import ParameterError

from .config import (ConfigError, ConfigSection, GameSection, apply_overrides, describe_keys, dump_config,
                     make_checked_env, parse_config, read_yaml)

Baseline = Literal["random", "heuristic"]


class PoliciesSection(ConfigSection):
    """Who plays which seat."""

    sharing: Literal["shared", "per_seat"] = Field(
        "shared", description="shared: one learned policy for every seat; per_seat: one learned policy per seat")
    opponents: list[Baseline] = Field(default_factory=lambda: ["random"],
                                      description="fixed baseline opponents (random, heuristic)")
    opponent_seats: int = Field(1, ge=0, description="seats per episode played by a baseline (0: pure self-play)")
    hidden: list[int] = Field(default_factory=lambda: [256, 256], description="hidden layer sizes")
    activation: Literal["relu", "tanh"] = "relu"

    @field_validator("hidden")
    @classmethod
    def _positive(cls, sizes: list[int]) -> list[int]:
        if not sizes or any(s < 1 for s in sizes):
            raise ValueError(f"give one or more layer sizes >= 1, got {sizes}")
        return sizes

    @model_validator(mode="after")
    def _opponents_needed(self):
        if self.opponent_seats and not self.opponents:
            raise ValueError("opponent_seats > 0 needs at least one entry in opponents (random, heuristic)")
        return self


class PPOSection(ConfigSection):
    """RLlib PPO hyper-parameters (RLlib's names)."""

    lr: float = Field(3e-4, gt=0)
    gamma: float = Field(0.99, gt=0, le=1)
    lambda_: float = Field(0.95, ge=0, le=1, alias="lambda")
    clip_param: float = Field(0.2, gt=0)
    entropy_coeff: float = Field(0.01, ge=0)
    vf_loss_coeff: float = Field(0.5, ge=0)
    grad_clip: Optional[float] = Field(0.5, gt=0)
    train_batch_size_per_learner: int = Field(4000, ge=8, description="env steps per training iteration")
    minibatch_size: int = Field(256, ge=2)
    num_epochs: int = Field(5, ge=1)

    model_config = ConfigDict(extra="forbid", validate_assignment=True, populate_by_name=True)


class ScaleSection(ConfigSection):
    """Where and how wide to run; ``num_env_runners`` is the knob that scales."""

    address: Optional[str] = Field(None, description="Ray cluster: null (local, or $RAY_ADDRESS), 'auto' or host:port")
    num_env_runners: int = Field(1, ge=0, description="sampling actors (0: sample in the driver)")
    num_envs_per_env_runner: int = Field(1, ge=1)
    num_cpus_per_env_runner: float = Field(1, gt=0)
    rollout_fragment_length: Union[Literal["auto"], int] = Field("auto", description="'auto' or steps >= 1")
    num_learners: int = Field(0, ge=0, description="0: learn in the driver; N: N learner actors")
    num_cpus: Optional[int] = Field(None, ge=1, description="CPUs for a local Ray instance (null: all)")

    @field_validator("rollout_fragment_length")
    @classmethod
    def _fragment(cls, v):
        if isinstance(v, int) and v < 1:
            raise ValueError(f"rollout_fragment_length={v}; allowed: 'auto' or an integer >= 1")
        return v


class TrainSection(ConfigSection):
    iterations: int = Field(50, ge=1, description="training iterations (each samples train_batch_size_per_learner)")
    seed: int = Field(0, ge=0)
    checkpoint_every: int = Field(10, ge=0, description="iterations between checkpoints (0: only the final one)")
    keep_checkpoints: int = Field(3, ge=1, description="keep the newest N periodic checkpoints")
    restore_from: Optional[str] = Field(None, description="algorithm checkpoint folder to continue from")


class EvalSection(ConfigSection):
    every: int = Field(10, ge=0, description="iterations between arena evaluations (0: only at the end)")
    games: int = Field(100, ge=1, description="games per opponent (seats rotated)")
    opponents: list[Baseline] = Field(default_factory=lambda: ["random", "heuristic"])
    final_games: int = Field(200, ge=0, description="games per opponent after training (0: skip)")
    seed: int = Field(12345, ge=0)


class RLlibConfig(ConfigSection):
    """The whole file."""

    name: str = Field("rllib", pattern=r"^[A-Za-z0-9_.-]+$", description="run folder prefix")
    runs_dir: str = Field("runs", description="parent folder of run folders")
    env: GameSection = Field(default_factory=GameSection)
    policies: PoliciesSection = Field(default_factory=PoliciesSection)
    ppo: PPOSection = Field(default_factory=PPOSection)
    scale: ScaleSection = Field(default_factory=ScaleSection)
    train: TrainSection = Field(default_factory=TrainSection)
    eval: EvalSection = Field(default_factory=EvalSection)

    @model_validator(mode="after")
    def _cross_checks(self):
        if self.ppo.minibatch_size > self.ppo.train_batch_size_per_learner:
            raise ValueError(
                f"ppo.minibatch_size={self.ppo.minibatch_size} is larger than "
                f"ppo.train_batch_size_per_learner={self.ppo.train_batch_size_per_learner}; "
                f"allowed: minibatch_size <= {self.ppo.train_batch_size_per_learner}"
            )
        return self


# -- validation ------------------------------------------------------------------
def validate(data: dict[str, Any], source: str = "config", check_env: bool = True) -> RLlibConfig:
    """Validate a config dict; with ``check_env`` also build the env once (parameters, seats, heuristic)."""
    cfg = parse_config(RLlibConfig, data, source)
    if check_env:
        n = make_checked_env(cfg.env, source).game.num_players
        if cfg.policies.opponent_seats >= n:
            raise ConfigError(f"{source}: policies.opponent_seats={cfg.policies.opponent_seats}; "
                              f"allowed: 0..{n - 1} for {n} players")
        used = set(cfg.eval.opponents) | (set(cfg.policies.opponents) if cfg.policies.opponent_seats else set())
        if "heuristic" in used:
            from travel_envs.agents.games import heuristic_class

            try:
                heuristic_class(cfg.env.id)
            except ParameterError as exc:
                raise ConfigError(f"{source}: policies.opponents / eval.opponents use 'heuristic' but {exc}") from None
    if cfg.train.restore_from is not None and not Path(cfg.train.restore_from).is_dir():
        raise ConfigError(f"{source}: train.restore_from: checkpoint folder not found: {cfg.train.restore_from}")
    return cfg


def load_config(path: str | Path, overrides: list[str] | None = None, check_env: bool = True) -> RLlibConfig:
    return validate(apply_overrides(read_yaml(path), overrides or []), str(path), check_env)


# -- training --------------------------------------------------------------------
def init_ray(scale: ScaleSection) -> None:
    """Connect to ``scale.address`` (or ``$RAY_ADDRESS``), else start a local Ray instance."""
    from .ray_cluster import connect

    connect(scale.address, scale.num_cpus)


def build_algorithm_config(cfg: RLlibConfig):
    """``(PPOConfig, SeatMapping)`` for a validated config."""
    from travel_envs.rllib.mapping import build_ppo_config
    from travel_envs.core.registry import make_raw_env

    n = make_raw_env(cfg.env.id, **cfg.env.params).game.num_players
    p, s = cfg.policies, cfg.scale
    return build_ppo_config(
        env=cfg.env.id, env_params=cfg.env.params, num_players=n,
        sharing=p.sharing, opponents=p.opponents, opponent_seats=p.opponent_seats,
        hidden=p.hidden, activation=p.activation,
        ppo=cfg.ppo.model_dump(),
        num_env_runners=s.num_env_runners, num_envs_per_env_runner=s.num_envs_per_env_runner,
        num_cpus_per_env_runner=s.num_cpus_per_env_runner, rollout_fragment_length=s.rollout_fragment_length,
        num_learners=s.num_learners, seed=cfg.train.seed,
    )


def trained_policy(algo, mapping, name: str = "rllib"):
    """The learned module(s) of ``algo`` as one arena Policy (per-seat runs dispatch on the seat)."""
    from travel_envs.rllib.policy import RLModulePolicy, SeatPolicies, learner_module

    if mapping.sharing == "shared":
        return RLModulePolicy(learner_module(algo, "learner"), name=name)
    return SeatPolicies([RLModulePolicy(learner_module(algo, mid), name=f"{name}:{mid}") for mid in mapping.learners],
                        name=name)


def evaluate_policy(policy, cfg: RLlibConfig, games: int, title: str) -> tuple[str, list[dict]]:
    """Arena matches of ``policy`` against each eval opponent; the markdown section and the summaries."""
    from travel_envs.evaluation import match_table, versus
    from travel_envs.core.registry import make_raw_env

    n = make_raw_env(cfg.env.id, **cfg.env.params).game.num_players
    summaries = []
    for opp in cfg.eval.opponents:
        res = versus(cfg.env.id, policy, opp, games, seed=cfg.eval.seed, env_params=cfg.env.params,
                     names=[policy.name, opp])
        summaries.append(res.summary(0))
    return f"## {title}\n\n" + match_table(summaries, n) + "\n", summaries


def _iteration_row(result: dict, it: int, elapsed: float, learners: list[str]) -> dict[str, Any]:
    runners = result.get("env_runners", {})
    row = {
        "iteration": it,
        "time_s": round(elapsed, 1),
        "env_steps": int(runners.get("num_env_steps_sampled_lifetime", 0)),
        "episodes": int(runners.get("num_episodes_lifetime", 0)),
        "episode_len_mean": round(float(runners.get("episode_len_mean", float("nan"))), 2),
    }
    returns = runners.get("module_episode_returns_mean", {}) or {}
    for mid in learners:
        row[f"return_{mid}"] = round(float(returns.get(mid, float("nan"))), 4)
    return row


def _prune(ckpt_dir: Path, keep: int) -> None:
    olds = sorted(p for p in ckpt_dir.glob("iter_*") if p.is_dir())
    for p in olds[:-keep]:
        shutil.rmtree(p, ignore_errors=True)


def train(cfg: RLlibConfig, run_dir: str | Path | None = None, log=print, keep_algorithm: bool = False) -> dict[str, Any]:
    """Train; returns ``{"run_dir", "checkpoint", "summaries", "rows"}`` (and ``"algorithm"``
    and ``"mapping"`` with ``keep_algorithm=True``: the caller then calls ``algorithm.stop()``)."""
    run_dir = Path(run_dir) if run_dir else Path(cfg.runs_dir) / f"{cfg.name}_{time.strftime('%Y%m%d-%H%M%S')}"
    ckpt_dir = run_dir / "checkpoints"
    ckpt_dir.mkdir(parents=True, exist_ok=True)
    write_text_atomic(run_dir / "config.yaml", dump_config(cfg))
    report = run_dir / "evaluation.md"
    if not report.exists():
        write_text_atomic(report, f"# RLlib evaluation: {cfg.env.id} {cfg.env.params}\n\n")

    init_ray(cfg.scale)
    algo_config, mapping = build_algorithm_config(cfg)
    algo = algo_config.build_algo()
    if cfg.train.restore_from:
        # Restore into an algorithm built from *this* config, so a checkpoint from a
        # laptop continues on a cluster with more env runners (and vice versa).
        algo.restore_from_path(str(Path(cfg.train.restore_from).resolve()))
        log(f"restored {cfg.train.restore_from} at iteration {algo.iteration}")
    rows: list[dict[str, Any]] = []
    summaries: list[dict] = []
    t0 = time.time()
    final = ckpt_dir / "final"
    try:
        start = algo.iteration
        for k in range(1, cfg.train.iterations + 1):
            result = algo.train()
            it = start + k
            row = _iteration_row(result, it, time.time() - t0, mapping.learners)
            rows.append(row)
            _append_csv(run_dir / "progress.csv", row)
            log(" ".join(f"{key}={val}" for key, val in row.items()))
            if cfg.train.checkpoint_every and k % cfg.train.checkpoint_every == 0 and k < cfg.train.iterations:
                path = ckpt_dir / f"iter_{it:05d}"
                algo.save_to_path(str(path.resolve()))
                _prune(ckpt_dir, cfg.train.keep_checkpoints)
                log(f"checkpoint {path}")
            if cfg.eval.every and k % cfg.eval.every == 0 and k < cfg.train.iterations:
                text, _ = evaluate_policy(trained_policy(algo, mapping), cfg, cfg.eval.games,
                                          f"iteration {it} ({row['env_steps']} env steps)")
                with report.open("a") as fh:
                    fh.write(text)
                log(text)
        algo.save_to_path(str(final.resolve()))
        log(f"checkpoint {final}")
        if cfg.eval.final_games:
            text, summaries = evaluate_policy(trained_policy(algo, mapping), cfg, cfg.eval.final_games,
                                              f"final, iteration {algo.iteration}")
            with report.open("a") as fh:
                fh.write(text)
            log(text)
    except BaseException:
        algo.stop()
        raise
    out = {"run_dir": run_dir, "checkpoint": final, "summaries": summaries, "rows": rows}
    if keep_algorithm:
        out.update(algorithm=algo, mapping=mapping)
    else:
        algo.stop()
    return out


def _append_csv(path: Path, row: dict[str, Any]) -> None:
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(row))
        if new:
            w.writeheader()
        w.writerow(row)


def run(argv: list[str] | None = None) -> int:
    """Parse, validate and train; bad input raises ConfigError (or exits through argparse)."""
    ap = argparse.ArgumentParser(prog="travel-train-rllib", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--config", help="YAML config (see configs/rllib_*.yaml)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY.PATH=VALUE",
                    help="override a config value, e.g. scale.num_env_runners=8 (repeatable)")
    ap.add_argument("--run-dir", help="run folder (default: <runs_dir>/<name>_<time>)")
    ap.add_argument("--check", action="store_true", help="validate the config and exit")
    ap.add_argument("--keys", action="store_true", help="print every config key with its default and exit")
    args = ap.parse_args(argv)
    if args.keys:
        print(describe_keys(RLlibConfig))
        return 0
    if not args.config:
        ap.error("--config is required, e.g. --config configs/rllib_globetrotter.yaml (see --keys for the keys)")
    cfg = load_config(args.config, args.set)
    if args.check:
        print(dump_config(cfg))
        return 0
    try:
        import ray  # noqa: F401
    except ImportError:
        raise ConfigError('Ray RLlib is not installed; pip install -e ".[rllib]"') from None
    if args.run_dir and Path(args.run_dir).exists() and not Path(args.run_dir).is_dir():
        raise ConfigError(f"--run-dir {args.run_dir} is a file; give a folder (it is created if missing)")
    out = train(cfg, args.run_dir)
    print(f"run folder: {out['run_dir']}\nfinal checkpoint: {out['checkpoint']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Exit code 0, or 2 with one message for bad input (travel_envs.tools.cli.run_cli)."""
    from travel_envs.tools.cli import run_cli

    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
