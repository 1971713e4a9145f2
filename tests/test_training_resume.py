"""Resuming a run: the newest checkpoint that loads, nothing written before it has loaded, progress
in state.json at every checkpoint, TensorBoard agreeing with eval.csv, bad config files refused."""

import json

import pytest

from training import train as train_cli
from training.callbacks import CheckpointCallback, read_eval_csv

from test_training_e2e import CONFIG


def _config(tmp_path):
    cfg = tmp_path / "tiny.yaml"
    cfg.write_text(CONFIG.format(runs=tmp_path / "runs"))
    return cfg


def _interrupted_run(tmp_path, monkeypatch, at=256, *overrides):
    """A run stopped by Ctrl-C once ``at`` steps are checkpointed; returns its folder."""
    original = CheckpointCallback._on_step

    def interrupt_late(self):
        original(self)
        if self.model.num_timesteps >= at:
            raise KeyboardInterrupt
        return True

    monkeypatch.setattr(CheckpointCallback, "_on_step", interrupt_late)
    args = ["--config", str(_config(tmp_path)), "--set", "pretrain.games=0"]
    for o in overrides:
        args += ["--set", o]
    assert train_cli.main(args) == 130
    monkeypatch.setattr(CheckpointCallback, "_on_step", original)
    (run_dir,) = (tmp_path / "runs").iterdir()
    return run_dir


def _listing(run_dir):
    return {str(p.relative_to(run_dir)): p.stat().st_mtime_ns for p in run_dir.rglob("*")}


def test_state_json_is_updated_at_every_checkpoint(tmp_path, monkeypatch):
    seen = []
    original = CheckpointCallback.save_now

    def record(self):
        path = original(self)
        state = json.loads((path.parent.parent / "state.json").read_text())
        seen.append((self.model.num_timesteps, state))
        return path

    monkeypatch.setattr(CheckpointCallback, "save_now", record)
    _interrupted_run(tmp_path, monkeypatch, 256)
    assert [steps for steps, _ in seen] == [128, 256]
    for steps, state in seen:
        assert state["status"] == "running" and state["timesteps"] == steps
        assert state["wall_seconds"] > 0 and state["cpu_seconds"] > 0


def test_resume_falls_back_to_the_newest_checkpoint_that_loads(tmp_path, monkeypatch, capsys):
    run_dir = _interrupted_run(tmp_path, monkeypatch, 256)
    ckpts = sorted((run_dir / "checkpoints").glob("ckpt_*.zip"))
    assert [c.name for c in ckpts] == ["ckpt_0000000128.zip", "ckpt_0000000256.zip"]
    ckpts[-1].write_bytes(ckpts[-1].read_bytes()[:500])  # cut short by a killed copy
    (run_dir / "state.json").write_text("{ not json")
    leftover = run_dir / "checkpoints" / ".tmp_123_ckpt_0000000300.zip"
    leftover.write_bytes(b"half a save")
    capsys.readouterr()
    assert train_cli.main(["--resume", str(run_dir), "--set", "eval.final_games=2"]) == 0
    captured = capsys.readouterr()
    assert "ckpt_0000000256.zip does not load" in captured.err
    assert "state.json is unreadable" in captured.err
    assert "resuming" in captured.out and "from ckpt_0000000128.zip (128 steps done)" in captured.out
    assert not leftover.exists() and f"removed {leftover}" in captured.out
    state = json.loads((run_dir / "state.json").read_text())
    assert state["status"] == "finished" and state["timesteps"] >= 384


def test_a_failed_resume_changes_nothing(tmp_path, monkeypatch, capsys):
    run_dir = _interrupted_run(tmp_path, monkeypatch, 128)
    for ckpt in (run_dir / "checkpoints").glob("ckpt_*.zip"):
        ckpt.write_text("garbage")
    before = _listing(run_dir)
    config = (run_dir / "config.yaml").read_text()
    assert train_cli.main(["--resume", str(run_dir), "--set", "train.total_timesteps=999"]) == 2
    err = capsys.readouterr().err
    assert "no checkpoint loads" in err and "ckpt_0000000128.zip" in err and "Traceback" not in err
    assert (run_dir / "config.yaml").read_text() == config
    assert _listing(run_dir) == before


def test_resume_refuses_other_env_parameters_and_changes_nothing(tmp_path, monkeypatch, capsys):
    run_dir = _interrupted_run(tmp_path, monkeypatch, 128)
    before = _listing(run_dir)
    assert train_cli.main(["--resume", str(run_dir), "--set", "env.params.target=9"]) == 2
    err = capsys.readouterr().err
    assert "target: model 7 vs env 9" in err and "resume without changing env.params" in err
    assert _listing(run_dir) == before


def test_resume_without_a_checkpoint_creates_nothing(tmp_path, capsys):
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    (run_dir / "config.yaml").write_text(CONFIG.format(runs=tmp_path / "runs"))
    assert train_cli.main(["--resume", str(run_dir)]) == 2
    assert "no checkpoint" in capsys.readouterr().err
    assert [p.name for p in run_dir.iterdir()] == ["config.yaml"]


@pytest.mark.parametrize("content, expect", [
    (b"\x89PNG\r\n\x1a\n\x00\x00binary", "not a text file"),
    (b"env: [unclosed\n", "malformed YAML"),
    (b"- just\n- a list\n", "the top level must be a mapping"),
    (b"train: {seed: -1}\n", "train.seed"),
    (b"env: {id: 'toy_game:RaceGame'}\n", "allow_import: true"),
])
def test_bad_config_files_exit_2_with_a_message(tmp_path, capsys, content, expect):
    cfg = tmp_path / "bad.yaml"
    cfg.write_bytes(content)
    assert train_cli.main(["--config", str(cfg), "--set", f"runs_dir={tmp_path / 'runs'}"]) == 2
    err = capsys.readouterr().err
    assert expect in err and "Traceback" not in err
    assert not (tmp_path / "runs").exists()
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    (run_dir / "config.yaml").write_bytes(content)
    assert train_cli.main(["--resume", str(run_dir)]) == 2
    assert expect in capsys.readouterr().err
    assert [p.name for p in run_dir.iterdir()] == ["config.yaml"]


def test_tensorboard_agrees_with_eval_csv_and_shows_the_final_evaluation(tmp_path, capsys):
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    cfg = _config(tmp_path)
    assert train_cli.main(["--config", str(cfg), "--set", "pretrain.games=0", "--set", "eval.final_games=4"]) == 0
    (run_dir,) = (tmp_path / "runs").iterdir()
    rows = read_eval_csv(run_dir / "eval.csv")
    csv_points = [(int(r["timesteps"]), pytest.approx(float(r["win_rate"]))) for r in rows]
    (train_events,) = [p.parent for p in (run_dir / "tb").rglob("events.out.tfevents.*")
                       if "final_evaluation" not in str(p)]
    acc = EventAccumulator(str(train_events))
    acc.Reload()
    tb_points = [(e.step, e.value) for e in acc.Scalars("eval/win_rate_vs_random")]
    assert tb_points == csv_points and csv_points[-1][0] >= 384
    final = EventAccumulator(str(run_dir / "tb" / "final_evaluation"))
    final.Reload()
    (point,) = final.Scalars("final/win_rate_vs_random")
    state = json.loads((run_dir / "state.json").read_text())
    summary = json.loads((run_dir / "final_eval.json").read_text())[0]
    assert point.step == state["final_model_timesteps"] and point.value == pytest.approx(summary["win_rate"])
