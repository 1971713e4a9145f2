"""Train a MaskablePPO agent on one seat of a travel_envs game, from a YAML config.

    python -m training.train --config configs/quickstart.yaml
    python -m training.train --config configs/globetrotter.yaml --set train.total_timesteps=500000
    python -m training.train --resume runs/globetrotter-20260101-120000

The learner plays one seat (random each episode unless env.learner_seat is
set); the other seats are played by the opponent mix (random, the game's
heuristic, saved models and frozen snapshots of the learner). The config is
validated before anything starts; every error names the key and what is
allowed. A run folder (runs/<name>-<date>-<time>/) receives:

    config.yaml           the resolved config (defaults filled in, overrides applied)
    checkpoints/          ckpt_<steps>.zip (MaskablePPO), the newest few kept; --resume uses the last
    snapshots/            snap_<steps>.npz: the self-play pool (frozen learners)
    tb/                   TensorBoard logs (tensorboard --logdir runs/)
    eval.csv              periodic evaluation vs the baselines (win rate, Wilson CI, score, margin)
    learning_curve.png    eval.csv drawn
    final_model.zip       the trained model (play it with "model:<path>"); with eval.select_best the
                          best periodically evaluated one (best_model.zip, best.json), and the last
                          weights in last_model.zip
    evaluation.md         final evaluation table (also printed)
    state.json            status, steps done, wall time

Files are written atomically; a run that fails before its first checkpoint is
removed, a later failure leaves complete checkpoints to resume from, and
Ctrl-C saves a checkpoint first.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from travel_envs.core.files import atomic_path, remove_leftovers, write_text_atomic
from travel_envs.core.game import ParameterError

from .config import ConfigError, TrainingConfig, describe_keys, dump_config, load_config

if TYPE_CHECKING:
    from sb3_contrib import MaskablePPO

    from .callbacks import EvalCallback

EXIT_CONFIG = 2  # bad config or input (travel_envs.tools.cli.EXIT_USAGE)


def make_env_factory(cfg: TrainingConfig, seed: int, snapshots: list[str]):
    """A picklable thunk building one monitored SingleAgentEnv (run inside SubprocVecEnv workers)."""

    def _init():
        from stable_baselines3.common.monitor import Monitor

        from travel_envs.agents.pool import OpponentMix, SnapshotPool
        from travel_envs.core.threads import one_blas_thread
        from travel_envs.wrappers.single_agent import SingleAgentEnv

        one_blas_thread()  # snapshot opponents are numpy networks deciding one observation at a time

        snap = cfg.opponents.snapshot
        pool = None
        if "snapshot" in cfg.opponents.mix:
            pool = SnapshotPool(snap.pool_size, snap.latest_prob, snap.deterministic, seed=seed + 7, paths=snapshots)
        mix = OpponentMix(cfg.opponents.mix, env_id=cfg.env.id, seed=seed + 3, pool=pool)
        params = {"illegal_action": "raise", **cfg.env.params}
        env = SingleAgentEnv(cfg.env.id, opponents=mix, learner_seat=cfg.env.learner_seat, seed=seed,
                             reward=cfg.env.reward, **params)
        return Monitor(env, info_keywords=("is_success",))

    return _init


def build_vec_env(cfg: TrainingConfig, seed: int, snapshots: list[str]):
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    fns = [make_env_factory(cfg, seed * 1000 + 17 * i, snapshots) for i in range(cfg.train.n_envs)]
    if cfg.train.vec_env == "subproc" and cfg.train.n_envs > 1:
        return SubprocVecEnv(fns)
    return DummyVecEnv(fns)


def build_model(cfg: TrainingConfig, vec_env, tb_dir: Path | None):
    import torch.nn as nn
    from sb3_contrib import MaskablePPO

    p = cfg.ppo

    def linear(progress_remaining: float, lr0: float = p.learning_rate) -> float:
        return lr0 * progress_remaining

    lr = linear if p.lr_schedule == "linear" else p.learning_rate

    policy_kwargs = {
        "net_arch": {"pi": list(cfg.net.pi), "vf": list(cfg.net.vf)},
        "activation_fn": {"tanh": nn.Tanh, "relu": nn.ReLU}[cfg.net.activation],
        "ortho_init": cfg.net.ortho_init,
    }
    policy = "MlpPolicy"
    if cfg.net.kind == "end_scoring":
        from .networks import EndScoringPolicy

        policy, policy_kwargs["layout"] = EndScoringPolicy, end_scoring_layout(cfg)
    return MaskablePPO(
        policy, vec_env, learning_rate=lr, n_steps=p.n_steps, batch_size=p.batch_size,
        n_epochs=p.n_epochs, gamma=p.gamma, gae_lambda=p.gae_lambda, clip_range=p.clip_range,
        ent_coef=p.ent_coef, vf_coef=p.vf_coef, max_grad_norm=p.max_grad_norm, target_kl=p.target_kl,
        normalize_advantage=p.normalize_advantage, policy_kwargs=policy_kwargs,
        tensorboard_log=str(tb_dir) if tb_dir else None, seed=cfg.train.seed, device=cfg.train.device,
        verbose=cfg.train.verbose,
    )


def end_scoring_layout(cfg: TrainingConfig) -> dict:
    """The env's layout for ``net.kind: end_scoring``; a ConfigError names what the env lacks."""
    from travel_envs.core.registry import make_raw_env

    game = make_raw_env(cfg.env.id, **cfg.env.params).game
    if not hasattr(game, "end_scoring_layout"):
        raise ConfigError(f"net.kind: end_scoring scores moves by their ends, which {cfg.env.id} does not name; "
                          "use it with trekking_the_world_v0 (move_by_end, location_features, plan_features), "
                          "or net.kind: mlp")
    try:
        return game.end_scoring_layout()
    except ParameterError as exc:
        raise ConfigError(f"net.kind: end_scoring: {exc}") from None


def _has_teacher_data(run_dir: Path) -> bool:
    """Whether ``run_dir`` holds teacher games worth resuming from (see :func:`pretrain`)."""
    return any((run_dir / "teacher_data").glob("round_*/chunk_*.npz"))


def new_run_dir(cfg: TrainingConfig) -> Path:
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    base = Path(cfg.runs_dir) / f"{cfg.name}-{stamp}"
    run_dir, k = base, 1
    while run_dir.exists():
        k += 1
        run_dir = base.with_name(f"{base.name}-{k}")
    run_dir.mkdir(parents=True)
    return run_dir


def _read_state(run_dir: Path, warn: bool = False) -> dict:
    """state.json as a dict; a missing file is {}, an unreadable one too (said once with ``warn``)."""
    from .callbacks import read_json

    path = run_dir / "state.json"
    state = read_json(path)
    if state is None:
        if warn and path.exists():
            print(f"warning: {path} is unreadable (not a JSON object; a killed write or a hand edit); "
                  "the wall and CPU time of earlier sessions are lost and the file is written anew",
                  file=sys.stderr)
        return {}
    return state


def _write_state(run_dir: Path, **fields) -> None:
    state = _read_state(run_dir)
    state.update(fields)
    write_text_atomic(run_dir / "state.json", json.dumps(state, indent=2) + "\n")


def final_evaluation(cfg: TrainingConfig, model_path: Path, run_dir: Path | None = None,
                     model_steps: int | None = None) -> str:
    """Play the trained model against the final opponents; print and return the markdown table.

    With a run folder the results also go to evaluation.md, final_eval.json, the learning
    curve (stars at ``model_steps``, the steps the final model was trained for) and TensorBoard."""
    from travel_envs.agents.model import load_model_policy
    from travel_envs.evaluation.arena import versus
    from travel_envs.evaluation.report import match_table, summary_json

    from .callbacks import plot_learning_curve, read_eval_csv

    opponents = cfg.eval.final_opponents or cfg.eval.opponents
    candidate = load_model_policy(model_path, deterministic=True, name="trained")
    summaries, n = [], None
    for opp in opponents:
        res = versus(cfg.env.id, candidate, opp, cfg.eval.final_games, seed=cfg.eval.seed + 1,
                     env_params=cfg.env.params, processes=cfg.eval.processes, names=[model_path.name, opp])
        n = res.num_players
        summaries.append(res.summary(0))
    table = match_table(summaries, n)
    header = (f"## {cfg.name}: {cfg.env.id} {cfg.env.params}\n\n"
              f"{cfg.eval.final_games} games per opponent, seats rotated, seed {cfg.eval.seed + 1}; "
              f"win = sole winner; 95% CI = Wilson score interval.\n\n")
    if run_dir is not None:
        write_text_atomic(run_dir / "evaluation.md", header + table)
        write_text_atomic(run_dir / "final_eval.json", json.dumps([summary_json(s) for s in summaries], indent=2)
                          + "\n")
        if model_steps is not None:
            final = [{"timesteps": model_steps, "opponent": opp, "games": s["games"], "win_rate": s["win_rate"],
                      "ci_low": s["ci_low"], "ci_high": s["ci_high"]} for opp, s in zip(opponents, summaries)]
            plot_learning_curve(read_eval_csv(run_dir / "eval.csv"), run_dir / "learning_curve.png",
                                f"{cfg.name}: {cfg.env.id} {cfg.env.params}", final=final)
            if cfg.train.tensorboard:
                from torch.utils.tensorboard import SummaryWriter

                with SummaryWriter(str(run_dir / "tb" / "final_evaluation")) as writer:
                    for opp, s in zip(opponents, summaries):
                        writer.add_scalar(f"final/win_rate_vs_{opp}", s["win_rate"], model_steps)
                        writer.add_scalar(f"final/mean_margin_vs_{opp}", s["mean_margin"], model_steps)
    print(header + table)
    return table


def pretrain(cfg: TrainingConfig, model, run_dir: Path) -> dict:
    """Behaviour cloning of ``cfg.pretrain.teacher`` into the fresh model, then the DAgger rounds
    (see training/pretrain.py). The teacher's games are kept in ``run_dir/teacher_data/round_<r>``:
    a run killed while they are played resumes with the chunks already written."""
    import numpy as np
    import torch as th

    from travel_envs.agents.model import policy_from_sb3

    from . import pretrain as bc
    from . import teacher_data as td

    pt = cfg.pretrain
    t0 = time.time()
    soft = pt.policy_target == "visits"
    where = f"on the Ray cluster at {cfg.scale.address}" if cfg.scale.address else f"on {pt.processes} process(es)"

    def games(round_: int, count: int, driver: bytes | None = None) -> td.Demonstrations:
        job = td.job_settings(cfg.env.id, cfg.env.params, pt.teacher, pt.opponents, cfg.train.seed + 1000 * round_,
                              cfg.ppo.gamma, cfg.env.reward, driver)
        return td.generate(job, count, run_dir / "teacher_data" / f"round_{round_}", pt.processes, cfg.scale.address)

    def fit(data: td.Demonstrations, epochs: int, seed: int, held: np.ndarray) -> dict:
        # the fitting runs alone, between the games: it may use the cores the games were given
        # (``train.torch_threads`` is for PPO, next to its env workers)
        threads = th.get_num_threads()
        th.set_num_threads(max(threads, pt.processes))
        try:
            return bc.clone(model, data, epochs, pt.batch_size, pt.learning_rate, cfg.ppo.vf_coef, seed,
                            holdout=held, soft_targets=soft)
        finally:
            th.set_num_threads(threads)

    print(f"behaviour cloning: {pt.games} games of {pt.teacher} vs {pt.opponents} {where} ...", flush=True)
    data = games(0, pt.games)
    print(f"behaviour cloning: {len(data)} decisions in {time.time() - t0:.0f} s", flush=True)
    held = bc.holdout_flags(len(data), cfg.train.seed)
    stats = fit(data, pt.epochs, cfg.train.seed, held)
    for r in range(1, pt.dagger_rounds + 1):
        # the learner that drives the round is kept with its games: a resumed round goes on with it
        driver = run_dir / "teacher_data" / f"round_{r}" / "driver.npz"
        if not driver.is_file():
            driver.parent.mkdir(parents=True, exist_ok=True)
            policy_from_sb3(model.policy, deterministic=True, name="learner").save(driver)
        more = games(r, pt.dagger_games, driver.read_bytes())
        data = td.Demonstrations.concatenate([data, more])
        held = np.concatenate([held, bc.holdout_flags(len(more), cfg.train.seed + r)])
        print(f"DAgger round {r}/{pt.dagger_rounds}: {len(more)} learner-visited decisions labelled, "
              f"{len(data)} in all", flush=True)
        stats = fit(data, pt.dagger_epochs, cfg.train.seed + r, held)
        stats["dagger_rounds"] = r
    stats["wall_seconds"] = round(time.time() - t0, 1)
    write_text_atomic(run_dir / "pretrain.json", json.dumps(stats, indent=2) + "\n")
    return stats


def _cpu_seconds(vec_env=None) -> float:
    """CPU time of this process, of its finished children (evaluation pools, joined env workers)
    and of the running SubprocVecEnv workers of ``vec_env`` (read from /proc where there is one)."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime
    for proc in getattr(vec_env, "processes", None) or []:
        try:
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            pass
    return total


def _model_meta(cfg: TrainingConfig, model) -> dict:
    """The metadata saved with every model, checkpoint and snapshot of this run."""
    from travel_envs.agents.model import _activation_name, model_metadata
    from travel_envs.core.registry import make_raw_env

    activation = _activation_name(model.policy.activation_fn())
    meta = model_metadata(cfg.env.id, make_raw_env(cfg.env.id, **cfg.env.params), cfg.env.params, activation)
    if hasattr(model.policy, "network_meta"):  # not an MLP: the numpy player rebuilds it from this entry
        meta["network"] = model.policy.network_meta(activation)
    return meta


def _save_final_model(cfg: TrainingConfig, model: MaskablePPO, run_dir: Path, eval_cb: EvalCallback,
                      meta: dict) -> tuple[Path, int]:
    """Write final_model.zip: the last weights, or with ``eval.select_best`` the best evaluated model
    (then the last weights go to last_model.zip). Returns the path and the steps that model had."""
    from travel_envs.agents.model import save_sb3_model

    final = run_dir / "final_model.zip"
    last = run_dir / ("last_model.zip" if cfg.eval.select_best else "final_model.zip")
    save_sb3_model(model, last, meta)
    steps = model.num_timesteps
    if cfg.eval.select_best:
        best = eval_cb.best if eval_cb.best is not None and eval_cb.best_path.is_file() else None
        with atomic_path(final) as tmp:
            shutil.copyfile(eval_cb.best_path if best else last, tmp)
        if best:
            steps = int(best["timesteps"])
            print(f"final model: the one evaluated at {best['timesteps']} steps "
                  f"({100 * best['win_rate']:.0f}% against {best['opponent']} over {best['games']} games); "
                  f"the last weights are in {last.name}")
        else:
            print(f"final model: the last weights (no model was evaluated against {cfg.eval.select_best})")
    return final, steps


def _first_line(exc: BaseException, limit: int = 200) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0][:limit]}" if text else type(exc).__name__


def _load_resumable(run_dir: Path, cfg: TrainingConfig, tb_dir: Path | None, snap_dir: Path):
    """The newest checkpoint of ``run_dir`` that loads: ``(model, vec_env, ckpt, snapshots)``.

    A checkpoint that fails to load (cut short by a killed copy, damaged) is
    reported and the next older one is tried; none loading is a ConfigError
    listing why. Nothing in the run folder is written here.
    """
    from sb3_contrib import MaskablePPO

    from travel_envs.agents.model import ModelFileError, check_policy_fits, load_model_policy
    from travel_envs.core.registry import make_raw_env

    from .callbacks import checkpoints_newest_first

    ckpts = checkpoints_newest_first(run_dir / "checkpoints")
    if not ckpts:
        raise ConfigError(f"--resume {run_dir}: no checkpoint in {run_dir / 'checkpoints'} to continue from "
                          "(a run stopped before its first checkpoint and before any teacher game was kept "
                          "cannot be resumed; start it again)")
    problems = []
    for ckpt in ckpts:
        try:
            done = int(MaskablePPO.load(ckpt, device="cpu").num_timesteps)
        except Exception as exc:  # any failure to unzip or unpickle makes this checkpoint unusable
            problems.append(f"{ckpt.name}: {_first_line(exc)}")
            print(f"warning: checkpoint {ckpt} does not load ({_first_line(exc)}); trying an older one",
                  file=sys.stderr)
            continue
        try:  # the env the config builds must be the checkpoint's (a --set env.params... cannot change it)
            check_policy_fits(load_model_policy(ckpt, name=ckpt.name), make_raw_env(cfg.env.id, **cfg.env.params),
                              "resume without changing env.params, or start a new run")
        except ModelFileError as exc:
            raise ConfigError(f"--resume {run_dir}: {exc}") from None
        # snapshots newer than the checkpoint belong to the lost part of the run
        snapshots = [str(p) for p in sorted(snap_dir.glob("snap_*.npz")) if int(p.stem.split("_")[1]) <= done]
        vec_env = build_vec_env(cfg, cfg.train.seed + 1 + int(time.time()) % 100000, snapshots)
        try:
            model = MaskablePPO.load(ckpt, env=vec_env, device=cfg.train.device,
                                     tensorboard_log=str(tb_dir) if tb_dir else None)
        except Exception as exc:
            vec_env.close()
            raise ConfigError(f"--resume {run_dir}: checkpoint {ckpt.name} does not fit the config's env "
                              f"({_first_line(exc, 300)}); resume without changing env.*") from None
        return model, vec_env, ckpt, snapshots
    raise ConfigError(f"--resume {run_dir}: no checkpoint loads:\n  " + "\n  ".join(problems))


def train(cfg: TrainingConfig, resume_dir: Path | None = None) -> Path:
    """Run (or resume) training; returns the run folder.

    A resume writes nothing in the run folder (config.yaml included) until a
    checkpoint has loaded; then leftover ``.tmp_*`` files of a killed save go.
    """
    import torch

    from .callbacks import (CheckpointCallback, EvalCallback, ProgressBar, SnapshotCallback,
                            latest_checkpoint, save_checkpoint)

    torch.set_num_threads(cfg.train.torch_threads)
    fresh = resume_dir is None
    run_dir = new_run_dir(cfg) if fresh else resume_dir
    ckpt_dir, snap_dir = run_dir / "checkpoints", run_dir / "snapshots"
    # killed while the teacher's games were played: start the model again, keep the games
    restart = not fresh and latest_checkpoint(ckpt_dir) is None and _has_teacher_data(run_dir)
    tb_dir = run_dir / "tb" if cfg.train.tensorboard else None
    vec_env = model = None
    loaded = fresh or restart  # a resumed run folder is written to only once its checkpoint has loaded
    wall0 = time.time()
    cpu0 = _cpu_seconds()
    prev_wall = prev_cpu = 0.0
    final_steps = 0
    try:
        if fresh or restart:
            if restart:
                print(f"resuming {run_dir} before its first checkpoint: the teacher's games already played "
                      f"are loaded, the rest are played, then training starts")
            write_text_atomic(run_dir / "config.yaml", dump_config(cfg))
            ckpt_dir.mkdir(exist_ok=True)
            snap_dir.mkdir(exist_ok=True)
            snapshots: list[str] = []
            vec_env = build_vec_env(cfg, cfg.train.seed, snapshots)
            model = build_model(cfg, vec_env, tb_dir)
            if cfg.train.init_from:
                from .warm_start import load_initial_weights

                print(f"starting from the weights of {cfg.train.init_from}: "
                      f"{load_initial_weights(cfg, model)}")
            if cfg.pretrain.games:
                pretrain(cfg, model, run_dir)
        else:
            earlier = _read_state(run_dir, warn=True)
            prev_wall = float(earlier.get("wall_seconds", 0.0) or 0.0)
            prev_cpu = float(earlier.get("cpu_seconds", 0.0) or 0.0)
            model, vec_env, ckpt, snapshots = _load_resumable(run_dir, cfg, tb_dir, snap_dir)
            loaded = True
            for p in remove_leftovers(run_dir):  # every writer of a run folder writes through atomic_path
                print(f"removed {p} (left by a killed save)")
            write_text_atomic(run_dir / "config.yaml", dump_config(cfg))
            snap_dir.mkdir(exist_ok=True)
            print(f"resuming {run_dir} from {ckpt.name} ({model.num_timesteps} steps done)")
        meta = _model_meta(cfg, model)
        start = model.num_timesteps

        def progress(m) -> None:
            _write_state(run_dir, status="running", timesteps=int(m.num_timesteps),
                         wall_seconds=round(prev_wall + time.time() - wall0, 1),
                         cpu_seconds=round(prev_cpu + _cpu_seconds(vec_env) - cpu0, 1))

        status: dict = {}
        callbacks = []
        if "snapshot" in cfg.opponents.mix:
            callbacks.append(SnapshotCallback(snap_dir, cfg.opponents.snapshot.every_steps, start,
                                              add_at_start=not snapshots, meta=meta))
        eval_cb = EvalCallback(run_dir, cfg, wall0 - prev_wall, status, cfg.eval.every_steps, start,
                               eval_at_start=(fresh or restart) and cfg.eval.every_steps > 0, meta=meta)
        callbacks.append(eval_cb)
        callbacks.append(CheckpointCallback(ckpt_dir, cfg.train.checkpoint_every, cfg.train.keep_checkpoints,
                                            start, meta=meta, on_save=progress))
        limit = None
        if cfg.train.time_limit_minutes:
            from .callbacks import TimeLimit

            limit = TimeLimit(wall0 - prev_wall + 60 * cfg.train.time_limit_minutes)
            callbacks.append(limit)
        if cfg.train.progress_bar:
            callbacks.append(ProgressBar(cfg.train.total_timesteps, status))
        remaining = cfg.train.total_timesteps - start
        progress(model)
        if remaining > 0:
            from stable_baselines3.common.callbacks import CallbackList

            model.learn(total_timesteps=remaining, callback=CallbackList(callbacks),
                        reset_num_timesteps=fresh, tb_log_name="MaskablePPO", progress_bar=False)
        if limit is not None and limit.hit:
            print(f"time limit of {cfg.train.time_limit_minutes} min reached after {model.num_timesteps} steps")
        save_checkpoint(model, ckpt_dir, cfg.train.keep_checkpoints, meta)
        if cfg.eval.every_steps and model.num_timesteps > start and remaining > 0 \
                and eval_cb.last_evaluated != model.num_timesteps:
            eval_cb.evaluate_now()  # the last weights, unless the periodic evaluation just saw them
        final, final_steps = _save_final_model(cfg, model, run_dir, eval_cb, meta)
        vec_env.close()  # join the workers so that their CPU time is counted
        vec_env = None
        wall = prev_wall + time.time() - wall0
        cpu = prev_cpu + _cpu_seconds() - cpu0
        _write_state(run_dir, status="trained", timesteps=model.num_timesteps, wall_seconds=round(wall, 1),
                     cpu_seconds=round(cpu, 1), final_model_timesteps=final_steps,
                     time_limit_hit=bool(limit is not None and limit.hit))
        print(f"trained {model.num_timesteps} steps in {wall:.0f} s of wall time "
              f"({(model.num_timesteps - start) / max(time.time() - wall0, 1e-9):.0f} steps/s this session); "
              f"model: {final}")
        print(f"CPU time of training (all processes): {cpu:.0f} s")
    except KeyboardInterrupt:
        if model is not None and model.num_timesteps > 0 and loaded:
            path = save_checkpoint(model, ckpt_dir, cfg.train.keep_checkpoints, _model_meta(cfg, model))
            if vec_env is not None:
                vec_env.close()  # join the workers so that their CPU time is counted
                vec_env = None
            _write_state(run_dir, status="interrupted", timesteps=model.num_timesteps,
                         wall_seconds=round(prev_wall + time.time() - wall0, 1),
                         cpu_seconds=round(prev_cpu + _cpu_seconds() - cpu0, 1))
            print(f"\ninterrupted: saved {path}; continue with: python -m training.train --resume {run_dir}",
                  file=sys.stderr)
        elif _has_teacher_data(run_dir):
            print(f"\ninterrupted while the teacher's games were played; the games done are kept; continue "
                  f"with: python -m training.train --resume {run_dir}", file=sys.stderr)
        elif fresh:
            shutil.rmtree(run_dir, ignore_errors=True)
        raise
    except BaseException:
        if fresh and latest_checkpoint(ckpt_dir) is None and not _has_teacher_data(run_dir):
            shutil.rmtree(run_dir, ignore_errors=True)  # nothing worth keeping
        elif loaded and run_dir.exists():
            _write_state(run_dir, status="failed")
        raise
    finally:
        if vec_env is not None:
            vec_env.close()
    if cfg.eval.final_games:
        final_evaluation(cfg, run_dir / "final_model.zip", run_dir, model_steps=final_steps)
    _write_state(run_dir, status="finished")
    print(f"run folder: {run_dir}")
    return run_dir


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="travel-train", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="config keys (section: key = default):\n" + describe_keys(),
    )
    src = parser.add_mutually_exclusive_group(required=True)
    src.add_argument("--config", metavar="YAML", help="training config, e.g. configs/quickstart.yaml")
    src.add_argument("--resume", metavar="RUN_DIR", help="continue an interrupted run from its last checkpoint")
    parser.add_argument("--set", metavar="KEY=VALUE", action="append", default=[],
                        help="override a config key, e.g. --set train.total_timesteps=50000 (repeatable; "
                             "values are YAML: 3e-4, true, [64, 64])")
    parser.add_argument("--check", action="store_true", help="validate the config, print it resolved, and exit")
    return parser.parse_args(argv)


def _run(args: argparse.Namespace) -> int:
    if args.resume:
        run_dir = Path(args.resume)
        if not (run_dir / "config.yaml").is_file():
            raise ConfigError(f"--resume {run_dir}: not a run folder (no config.yaml); give the folder a run "
                              "printed as 'run folder: ...'")
        cfg = load_config(run_dir / "config.yaml", args.set)
    else:
        cfg = load_config(args.config, args.set)
        run_dir = None
    if args.check:
        print(dump_config(cfg), end="")
        return 0
    import signal

    main_pid = os.getpid()

    def _sigterm(signum, frame):
        if os.getpid() != main_pid:  # a forked evaluation/collection worker being stopped
            os._exit(143)
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _sigterm)
    try:
        train(cfg, run_dir)
    except KeyboardInterrupt:  # train() has said what was saved and how to resume
        return 130
    return 0


def main(argv=None) -> int:
    """Exit code 0; 2 with one message for a bad config or input (travel_envs.tools.cli.run_cli);
    130 when interrupted (the last checkpoint stays, --resume continues)."""
    from travel_envs.tools.cli import run_cli

    args = parse_args(argv)
    return run_cli(lambda _argv: _run(args))


if __name__ == "__main__":
    sys.exit(main())
