"""SB3 callbacks of a training run: progress bar, self-play snapshots, evaluation, checkpoints."""

from __future__ import annotations

import csv
import json
import textwrap
import time
from pathlib import Path

from stable_baselines3.common.callbacks import BaseCallback

from travel_envs.agents.model import policy_from_sb3, save_sb3_model
from travel_envs.core.files import atomic_path, write_text_atomic
from travel_envs.evaluation.arena import versus

BEST_MODEL = "best_model.zip"  # the best periodically evaluated model (eval.select_best)
EVAL_FIELDS = ["timesteps", "wall_seconds", "opponent", "games", "wins", "draws", "win_rate",
               "ci_low", "ci_high", "mean_score", "mean_margin"]


def read_eval_csv(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def write_eval_csv(path: Path, rows: list[dict]) -> None:
    with atomic_path(path) as tmp, tmp.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=EVAL_FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow({k: r[k] for k in EVAL_FIELDS})


def wrap_title(title: str, width: int = 90) -> str:
    """A run's title names its env parameters and can be longer than the figure is wide: wrap it, never crop."""
    return "\n".join(textwrap.wrap(title, width)) or title


def plot_learning_curve(rows: list[dict], path: Path, title: str, final: list[dict] | None = None) -> None:
    """Win rate (with its Wilson band) against timesteps, one line per opponent; ``final`` rows
    (the final evaluation: timesteps, opponent, games, win_rate, ci_low, ci_high) are drawn as stars
    with their interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=100)
    colours: dict[str, str] = {}
    for opp in dict.fromkeys(r["opponent"] for r in rows):
        rs = sorted((r for r in rows if r["opponent"] == opp), key=lambda r: int(r["timesteps"]))
        x = [int(r["timesteps"]) for r in rs]
        (line,) = ax.plot(x, [float(r["win_rate"]) for r in rs], marker="o", label=f"vs {opp}")
        colours[opp] = line.get_color()
        ax.fill_between(x, [float(r["ci_low"]) for r in rs], [float(r["ci_high"]) for r in rs], alpha=0.2)
    for r in final or []:
        wr = float(r["win_rate"])
        below, above = max(0.0, wr - float(r["ci_low"])), max(0.0, float(r["ci_high"]) - wr)  # never negative
        ax.errorbar([int(r["timesteps"])], [wr], yerr=[[below], [above]],
                    marker="*", markersize=12, capsize=4, linestyle="none", color=colours.get(r["opponent"]),
                    label=f"final vs {r['opponent']} ({r['games']} games)")
    ax.set_xlabel("learner env steps")
    ax.set_ylabel("win rate (Wilson 95% band)")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.set_title(wrap_title(title), fontsize=9)
    ax.legend(loc="best")
    fig.tight_layout()
    with atomic_path(path) as tmp:
        fig.savefig(tmp, format="png")
    plt.close(fig)


class ProgressBar(BaseCallback):
    """A tqdm bar over env steps (SB3's own bar needs ``rich``; this one only tqdm)."""

    def __init__(self, total: int, status: dict) -> None:
        super().__init__()
        self.total = total
        self.status = status
        self.bar = None
        self._last = 0

    def _on_training_start(self) -> None:
        from tqdm import tqdm

        self._last = self.model.num_timesteps
        self.bar = tqdm(total=self.total, initial=self._last, unit="step", dynamic_ncols=True,
                        desc="training", smoothing=0.05)

    def _on_step(self) -> bool:
        now = min(self.model.num_timesteps, self.total)
        if now - self._last >= 256 or (now >= self.total and now > self._last):
            self.bar.update(now - self._last)
            self._last = now
            if self.status:
                self.bar.set_postfix(self.status, refresh=False)
        return True

    def _on_training_end(self) -> None:
        if self.bar is not None:
            self.bar.update(max(0, min(self.model.num_timesteps, self.total) - self._last))
            self.bar.close()


class SnapshotCallback(BaseCallback):
    """Every ``every`` steps freeze the learner into ``snapshots/`` and hand it to every env's pool."""

    def __init__(self, folder: Path, every: int, start_after: int = 0, add_at_start: bool = False,
                 meta: dict | None = None) -> None:
        super().__init__()
        self.meta = meta
        self.folder = folder
        self.every = every
        self.next_at = start_after + every
        self.add_at_start = add_at_start

    def _on_training_start(self) -> None:
        if self.add_at_start:
            self.add_snapshot()  # the untrained learner seeds the pool
            self.add_at_start = False

    def add_snapshot(self) -> Path:
        path = self.folder / f"snap_{self.model.num_timesteps:010d}.npz"
        policy_from_sb3(self.model.policy, deterministic=False, name="snapshot", meta=self.meta).save(path)
        self.training_env.env_method("add_snapshot", str(path))
        return path

    def _on_step(self) -> bool:
        if self.model.num_timesteps >= self.next_at:
            self.add_snapshot()
            self.next_at = self.model.num_timesteps + self.every
        return True


class EvalCallback(BaseCallback):
    """Greedy learner vs each baseline every ``every`` steps -> eval.csv, learning_curve.png, TensorBoard.

    TensorBoard gets each evaluation at the very step eval.csv records (written
    straight to the run's event file, not at SB3's next log dump), so the two agree.
    """

    def __init__(self, run_dir: Path, cfg, start_wall: float, status: dict, every: int, start_after: int,
                 eval_at_start: bool = False, meta: dict | None = None) -> None:
        super().__init__()
        self.eval_at_start = eval_at_start
        self.last_evaluated: int | None = None  # steps of the latest evaluation of this session
        self.run_dir = run_dir
        self.cfg = cfg
        self.meta = meta
        self.every = every
        self.next_at = start_after + every if every else None
        self.status = status
        self.wall0 = start_wall
        self.csv_path = run_dir / "eval.csv"
        self.png_path = run_dir / "learning_curve.png"
        self.best_path = run_dir / BEST_MODEL
        self.best_info_path = run_dir / "best.json"
        self.best = read_json(self.best_info_path)
        if self.best is not None and self.best.get("opponent") != cfg.eval.select_best:
            self.best = None  # chosen against another opponent (a resume changed eval.select_best)

    def _tensorboard_writer(self):
        from stable_baselines3.common.logger import TensorBoardOutputFormat

        for fmt in getattr(self.model.logger, "output_formats", []):
            if isinstance(fmt, TensorBoardOutputFormat):
                return fmt.writer
        return None

    def evaluate_now(self) -> None:
        cfg = self.cfg
        candidate = policy_from_sb3(self.model.policy, deterministic=True, name="learner")
        rows = read_eval_csv(self.csv_path)
        steps = self.model.num_timesteps
        rows = [r for r in rows if int(r["timesteps"]) != steps]
        writer = self._tensorboard_writer()
        for opp in cfg.eval.opponents:
            res = versus(cfg.env.id, candidate, opp, cfg.eval.games, seed=cfg.eval.seed,
                         env_params=cfg.env.params, processes=cfg.eval.processes, names=["learner", opp])
            s = res.summary(0)
            rows.append({"timesteps": steps, "wall_seconds": round(time.time() - self.wall0, 1), "opponent": opp,
                         **{k: s[k] for k in EVAL_FIELDS[3:]}})
            if writer is not None:
                writer.add_scalar(f"eval/win_rate_vs_{opp}", s["win_rate"], steps)
                writer.add_scalar(f"eval/mean_margin_vs_{opp}", s["mean_margin"], steps)
            self.status[f"vs_{opp}"] = f"{100 * s['win_rate']:.0f}%"
            if opp == cfg.eval.select_best:
                self._keep_if_best(steps, opp, s)
        if writer is not None:
            writer.flush()
        self.last_evaluated = steps
        write_eval_csv(self.csv_path, rows)
        plot_learning_curve(rows, self.png_path, f"{cfg.name}: {cfg.env.id} {cfg.env.params}")

    def _keep_if_best(self, steps: int, opp: str, s: dict) -> None:
        """Save the model as best_model.zip if it beats the best so far (win rate, then margin)."""
        score = (s["win_rate"], s["mean_margin"])
        if self.best is not None and score <= (self.best["win_rate"], self.best["mean_margin"]):
            return
        save_sb3_model(self.model, self.best_path, self.meta)
        self.best = {"timesteps": steps, "opponent": opp, "win_rate": s["win_rate"],
                     "mean_margin": s["mean_margin"], "games": s["games"]}
        write_text_atomic(self.best_info_path, json.dumps(self.best, indent=2) + "\n")

    def _on_training_start(self) -> None:
        if self.eval_at_start:
            self.evaluate_now()  # the learning curve starts at step 0
            self.eval_at_start = False

    def _on_step(self) -> bool:
        if self.next_at is not None and self.model.num_timesteps >= self.next_at:
            self.evaluate_now()
            self.next_at = self.model.num_timesteps + self.every
        return True


def read_json(path: Path) -> dict | None:
    """A JSON object file, or None when it is missing or unreadable (a killed write, a hand edit)."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


class CheckpointCallback(BaseCallback):
    """Every ``every`` steps save ``checkpoints/ckpt_<steps>.zip`` atomically; keep the newest ``keep``.

    ``on_save(model)`` runs after each save (the trainer updates state.json there,
    so a killed run still says how far it got)."""

    def __init__(self, folder: Path, every: int, keep: int, start_after: int = 0, meta: dict | None = None,
                 on_save=None) -> None:
        super().__init__()
        self.folder = folder
        self.every = every
        self.keep = keep
        self.meta = meta
        self.on_save = on_save
        self.next_at = start_after + every

    def save_now(self) -> Path:
        path = save_checkpoint(self.model, self.folder, self.keep, self.meta)
        if self.on_save is not None:
            self.on_save(self.model)
        return path

    def _on_step(self) -> bool:
        if self.model.num_timesteps >= self.next_at:
            self.save_now()
            self.next_at = self.model.num_timesteps + self.every
        return True


def save_checkpoint(model, folder: Path, keep: int, meta: dict | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = save_sb3_model(model, folder / f"ckpt_{model.num_timesteps:010d}.zip", meta)
    for old in sorted(folder.glob("ckpt_*.zip"))[:-keep]:
        old.unlink()
    return path


def checkpoints_newest_first(folder: Path) -> list[Path]:
    return sorted(folder.glob("ckpt_*.zip"), reverse=True)


def latest_checkpoint(folder: Path) -> Path | None:
    ckpts = checkpoints_newest_first(folder)
    return ckpts[0] if ckpts else None


class TimeLimit(BaseCallback):
    """Stop ``learn`` once the wall-clock deadline (``time.time()`` seconds) has passed."""

    def __init__(self, deadline: float) -> None:
        super().__init__()
        self.deadline = deadline
        self.hit = False

    def _on_step(self) -> bool:
        if time.time() >= self.deadline:
            self.hit = True
            return False
        return True
