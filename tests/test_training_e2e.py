"""A tiny end-to-end run on the toy game: train (interrupted) -> resume -> evaluate, in seconds."""

import json
from pathlib import Path

import pytest

from training import evaluate as evaluate_cli
from training import train as train_cli
from training.callbacks import CheckpointCallback, read_eval_csv

CONFIG = """
name: tiny
runs_dir: {runs}
env:
  id: toy_game:RaceGame
  allow_import: true
  params: {{num_players: 2, target: 7}}
  reward: margin
opponents:
  mix: {{random: 1.0, snapshot: 1.0}}
  snapshot: {{every_steps: 128, pool_size: 2}}
ppo: {{n_steps: 64, batch_size: 64, n_epochs: 2}}
net: {{pi: [16], vf: [16]}}
pretrain: {{games: 20, teacher: random, opponents: [random], epochs: 1, batch_size: 32}}
train: {{total_timesteps: 384, n_envs: 2, vec_env: dummy, checkpoint_every: 128, keep_checkpoints: 2,
         progress_bar: false}}
eval: {{every_steps: 128, games: 10, opponents: [random], final_games: 20}}
"""


def test_train_interrupt_resume_evaluate(tmp_path, monkeypatch, capsys):
    runs = tmp_path / "runs"
    cfg = tmp_path / "tiny.yaml"
    cfg.write_text(CONFIG.format(runs=runs))

    # 1. a run interrupted (Ctrl-C) after its first checkpoint saves a checkpoint and says how to resume
    original = CheckpointCallback._on_step

    def interrupt_late(self):
        original(self)
        if self.model.num_timesteps >= 256:
            raise KeyboardInterrupt
        return True

    monkeypatch.setattr(CheckpointCallback, "_on_step", interrupt_late)
    assert train_cli.main(["--config", str(cfg)]) == 130
    monkeypatch.setattr(CheckpointCallback, "_on_step", original)
    (run_dir,) = runs.iterdir()
    assert "--resume" in capsys.readouterr().err
    state = json.loads((run_dir / "state.json").read_text())
    assert state["status"] == "interrupted" and state["timesteps"] >= 256
    assert (run_dir / "config.yaml").is_file() and (run_dir / "pretrain.json").is_file()
    assert not (run_dir / "final_model.zip").exists()
    assert sorted(p.name for p in (run_dir / "checkpoints").iterdir())[-1] == f"ckpt_{state['timesteps']:010d}.zip"
    assert len(list((run_dir / "snapshots").glob("snap_*.npz"))) >= 2
    assert not list(run_dir.rglob("*.tmp*"))

    # 2. --resume continues from the last checkpoint up to the (overridden) total
    assert train_cli.main(["--resume", str(run_dir), "--set", "train.total_timesteps=512"]) == 0
    out = capsys.readouterr().out
    assert "resuming" in out and "| policy | vs | games |" in out
    state = json.loads((run_dir / "state.json").read_text())
    assert state["status"] == "finished" and state["timesteps"] >= 512 and state["cpu_seconds"] > 0
    assert "total_timesteps: 512" in (run_dir / "config.yaml").read_text()
    rows = read_eval_csv(run_dir / "eval.csv")
    steps = [int(r["timesteps"]) for r in rows]
    assert steps[0] == 0 and steps == sorted(steps) and steps[-1] >= 512
    assert (run_dir / "learning_curve.png").stat().st_size > 1000
    assert "| final_model.zip | random | 20 |" in (run_dir / "evaluation.md").read_text()
    assert len(list((run_dir / "checkpoints").glob("ckpt_*.zip"))) == 2  # keep_checkpoints
    assert list((run_dir / "tb").rglob("events.out.tfevents.*"))

    # 3. the evaluation tool plays the trained model against baselines and in a league
    assert evaluate_cli.main(["--run", str(run_dir), "--opponents", "random", "--games", "12"]) == 0
    text = (run_dir / "evaluation_0.md").read_text()
    assert "/final_model.zip | random | 12 |" in text
    model = str(run_dir / "final_model.zip")
    assert evaluate_cli.main(["--env", "toy_game:RaceGame", "--league", "random", model, "--games", "10"]) == 0
    assert "| rank | policy | Elo |" in capsys.readouterr().out
    assert evaluate_cli.main(["--env", "toy_game:RaceGame", "--policy", str(tmp_path / "nope.zip")]) == 2
    assert f"model file not found: {tmp_path / 'nope.zip'}" in capsys.readouterr().err


def train_tiny(tmp_path, *overrides: str):
    """Train the tiny config to the end with ``--set`` overrides; returns the run folder."""
    runs = tmp_path / "runs"
    cfg = tmp_path / "tiny.yaml"
    cfg.write_text(CONFIG.format(runs=runs))
    assert train_cli.main(["--config", str(cfg)] + [arg for o in overrides for arg in ("--set", o)]) == 0
    (run_dir,) = runs.iterdir()
    return run_dir


def test_dagger_rounds_and_select_best(tmp_path, capsys):
    run_dir = train_tiny(tmp_path, "eval.select_best=random", "eval.final_games=4", "pretrain.dagger_rounds=1",
                         "pretrain.dagger_games=6")
    out = capsys.readouterr().out
    assert "DAgger round 1/1" in out
    assert json.loads((run_dir / "pretrain.json").read_text())["dagger_rounds"] == 1
    assert not list(run_dir.glob("dagger_*.npz"))
    best = json.loads((run_dir / "best.json").read_text())
    rows = [r for r in read_eval_csv(run_dir / "eval.csv") if r["opponent"] == "random"]
    top = max((float(r["win_rate"]), float(r["mean_margin"])) for r in rows)
    assert (best["win_rate"], best["mean_margin"]) == pytest.approx(top)
    first = next(r for r in rows if (float(r["win_rate"]), float(r["mean_margin"])) == pytest.approx(top))
    assert best["timesteps"] == int(first["timesteps"])  # the earliest of equally good models
    assert (run_dir / "final_model.zip").read_bytes() == (run_dir / "best_model.zip").read_bytes()
    assert (run_dir / "last_model.zip").is_file()
    assert f"the one evaluated at {best['timesteps']} steps" in out


def test_select_best_without_evaluations_keeps_the_last_weights(tmp_path, capsys):
    run_dir = train_tiny(tmp_path, "pretrain.games=0", "eval.every_steps=0", "eval.select_best=random",
                         "eval.final_games=2")
    assert "no model was evaluated against random" in capsys.readouterr().out
    assert (run_dir / "final_model.zip").read_bytes() == (run_dir / "last_model.zip").read_bytes()


def test_a_run_killed_while_the_teacher_plays_resumes_with_the_games_played(tmp_path, teacher_chunks, capsys):
    """Ctrl-C during the teacher's games (before any checkpoint): the chunks written stay, the message
    says how to resume, and --resume plays only the missing chunks, then trains to the end."""
    runs = tmp_path / "runs"
    cfg = tmp_path / "tiny.yaml"
    cfg.write_text(CONFIG.format(runs=runs))
    teacher_chunks.kill_after(2)
    assert train_cli.main(["--config", str(cfg), "--set", "pretrain.dagger_rounds=1",
                           "--set", "pretrain.dagger_games=4"]) == 130
    (run_dir,) = runs.iterdir()
    assert "--resume" in capsys.readouterr().err
    assert len(list((run_dir / "teacher_data" / "round_0").glob("chunk_*.npz"))) == 2
    assert not (run_dir / "checkpoints").exists() or not any((run_dir / "checkpoints").iterdir())
    teacher_chunks.resume()
    assert train_cli.main(["--resume", str(run_dir)]) == 0
    assert teacher_chunks.played[:3] == [8, 12, 16] and "before its first checkpoint" in capsys.readouterr().out
    assert json.loads((run_dir / "state.json").read_text())["status"] == "finished"
    assert json.loads((run_dir / "pretrain.json").read_text())["dagger_rounds"] == 1
    assert (run_dir / "teacher_data" / "round_1" / "driver.npz").is_file()


def test_dagger_driver_moves_only_the_teachers_seat(tmp_path, monkeypatch):
    """With an opponent named like the teacher both seats are recorded, but the learner (driver)
    only moves for the teacher's seat: the other seat is the opponent the learner will face."""
    import numpy as np

    from training import pretrain as bc
    from training import teacher_data as td
    from travel_envs.agents.model import NumpyMLPPolicy
    from travel_envs.wrappers.single_agent import make_raw_env

    game = make_raw_env("toy_game:RaceGame", num_players=2, target=7).game
    rng = np.random.default_rng(0)
    driver = NumpyMLPPolicy([rng.normal(size=(8, game.observation_size)), rng.normal(size=(game.num_actions, 8))],
                            [np.zeros(8), np.zeros(game.num_actions)], ["relu"])
    path = tmp_path / "driver.npz"
    driver.save(path)
    calls = []
    original = NumpyMLPPolicy.act
    monkeypatch.setattr(NumpyMLPPolicy, "act", lambda self, *a, **k: calls.append(1) or original(self, *a, **k))
    job = td.job_settings("toy_game:RaceGame", {"num_players": 2, "target": 7}, "random", ["random"], seed=0,
                          gamma=0.99, driver=path.read_bytes())
    acts = td.play_games(job, list(range(8))).actions
    assert len(acts) > 20 and 0.25 * len(acts) < len(calls) < 0.75 * len(acts)
    assert bc.holdout_flags(100, 0).sum() == 5 and not bc.holdout_flags(20, 0).any()


def test_failure_before_first_checkpoint_leaves_nothing(tmp_path, monkeypatch):
    runs = tmp_path / "runs"
    cfg = tmp_path / "tiny.yaml"
    cfg.write_text(CONFIG.format(runs=runs))

    def broken(*args, **kwargs):
        raise RuntimeError("simulated crash while building the model")

    monkeypatch.setattr(train_cli, "build_model", broken)
    with pytest.raises(RuntimeError, match="simulated crash"):
        train_cli.main(["--config", str(cfg), "--set", "pretrain.games=0"])
    assert not runs.exists() or not any(runs.iterdir())


QUICKSTART = Path(__file__).resolve().parents[1] / "configs" / "quickstart.yaml"


def test_quickstart_model_evaluates_with_the_readme_command(tmp_path, capsys):
    """configs/quickstart.yaml sets chain_features: true; the README's league command names only the env
    id, so the parameters come from the model's metadata (this used to crash in a numpy matmul)."""
    overrides = [f"runs_dir={tmp_path / 'runs'}", "train.total_timesteps=64", "train.n_envs=1",
                 "train.vec_env=dummy", "train.progress_bar=false", "ppo.n_steps=64", "ppo.batch_size=64",
                 "pretrain.games=0", "eval.every_steps=0", "eval.final_games=2", "eval.processes=1"]
    assert train_cli.main(["--config", str(QUICKSTART)] + [a for o in overrides for a in ("--set", o)]) == 0
    (run_dir,) = (tmp_path / "runs").iterdir()
    model = run_dir / "final_model.zip"
    capsys.readouterr()
    assert evaluate_cli.main(["--env", "globetrotter_v0", "--league", "random", "heuristic", str(model),
                              "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "'chain_features': True" in out and "| rank | policy | Elo |" in out
    # asking for the other table is refused with the flag to pass
    assert evaluate_cli.main(["--env", "globetrotter_v0", "--param", "chain_features=false", "--policy", str(model),
                              "--opponents", "random", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "chain_features: model True vs env False" in err and "--param chain_features=true" in err
