"""travel-watch: one game between policies, shown as text or as pictures (GIF/MP4)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from travel_envs import replay as R
from travel_envs.games.trek import render as trek_render
from travel_envs.tools import movie, watch
from travel_envs.core.game import ParameterError
from travel_envs.tools.cli import parse_params, run_cli

ROOT = Path(__file__).resolve().parents[1]


def test_prints_every_decision_with_seat_policy_and_name(capsys):
    assert watch.main(["--env", "trek_v0", "--policies", "heuristic", "random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    rec = R.record_game("trek_v0", ["heuristic", "random"], seed=3)
    labels = ["P0 (heuristic)", "P1 (random)"]
    assert out.startswith("trek_v0, 2 players, seed 3: P0 (heuristic), P1 (random)")
    for k, m in enumerate(rec.moves):
        assert f"#{k + 1} {labels[m.seat]}: {m.text}\n" in out
    assert out.count("Camp ladder") == len(rec.moves) + 1  # the table before each decision and at the end


def test_same_seed_same_game_as_a_recorded_replay(tmp_path, capsys):
    """What travel-watch saves is the game record_game plays with the same seed and policies."""
    watch.main(["--env", "itchy_feet_v0", "--policies", "heuristic", "heuristic", "heuristic", "--seed", "9",
                "--moves-only", "--save-replay", str(tmp_path)])
    out = capsys.readouterr().out
    [path] = tmp_path.glob("*.json")
    assert f"replay: {path}" in out
    saved = R.load(path)
    assert saved.moves == R.record_game("itchy_feet_v0", ["heuristic"] * 3, seed=9,
                                        params={"num_players": 3}).moves


def test_moves_only_prints_the_table_at_start_and_end(capsys):
    watch.main(["--env", "trek_v0", "--policies", "heuristic", "heuristic", "--seed", "1", "--moves-only"])
    assert capsys.readouterr().out.count("Camp ladder") == 2


def test_gif_has_one_picture_per_decision_plus_the_end(tmp_path, capsys):
    out = tmp_path / "game.gif"
    watch.main(["--env", "trek_v0", "--policies", "heuristic", "random", "--seed", "3", "--moves-only",
                "--gif", str(out), "--max-decisions", "12"])
    assert f"written: {out} (13 pictures)" in capsys.readouterr().out
    with Image.open(out) as img:
        assert img.n_frames == 13 and img.size == (trek_render.PIC_W, trek_render.pic_height(2))


def test_png_is_the_table_as_the_watch_ends(tmp_path, capsys):
    """--png with --max-decisions draws the table mid-game: the picture of the state after N decisions."""
    out = tmp_path / "table.png"
    watch.main(["--env", "trek_v0", "--policies", "heuristic", "random", "--seed", "3", "--moves-only",
                "--png", str(out), "--max-decisions", "12"])
    assert f"written: {out}\n" in capsys.readouterr().out
    state = R.initial_state(R.game_for("trek_v0", {"num_players": 2}), 3)
    for m in R.record_game("trek_v0", ["heuristic", "random"], seed=3).moves[:12]:
        state.apply_action(m.action)
    with Image.open(out) as img:
        assert img.format == "PNG" and (np.asarray(img.convert("RGB")) == state.render_rgb()).all()
    assert [p.name for p in tmp_path.iterdir()] == ["table.png"]  # no temporary file left


def test_an_interrupted_movie_leaves_no_file(tmp_path, monkeypatch):
    """Pictures are written all or nothing: a GIF whose writing fails leaves neither it nor a part of it."""
    from PIL import Image as PILImage

    film = movie.Movie(tmp_path / "game.gif", "gif")
    film.add(np.zeros((8, 8, 3), np.uint8))

    def broken_save(self, *args, **kwargs):
        Path(args[0]).write_bytes(b"GIF8")  # half a file, then the disk is full
        raise OSError("No space left on device")

    monkeypatch.setattr(PILImage.Image, "save", broken_save)
    with pytest.raises(OSError):
        film.close()
    assert list(tmp_path.iterdir()) == []


def test_mp4_without_a_writer_says_what_to_install(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(movie, "find_ffmpeg", lambda: None)
    code = run_cli(watch.main, ["--env", "trek_v0", "--policies", "random", "random", "--mp4", str(tmp_path / "g.mp4")])
    err = capsys.readouterr().err
    assert code == 2 and "ffmpeg" in err and "pip install imageio-ffmpeg" in err and "--gif" in err


@pytest.mark.skipif(movie.find_ffmpeg() is None, reason="no ffmpeg executable installed")
def test_mp4_is_written_when_ffmpeg_exists(tmp_path, capsys):
    out = tmp_path / "game.mp4"
    assert watch.main(["--env", "itchy_feet_v0", "--policies", "random", "random", "--seed", "0",
                       "--moves-only", "--mp4", str(out), "--max-decisions", "8"]) == 0
    assert out.stat().st_size > 1000


def test_parse_params_values():
    assert parse_params(["num_players=3", "short_game=true", "extensions=[events]", "map=random",
                         "num_rounds=null"]) == {"num_players": 3, "short_game": True, "extensions": ["events"],
                                                 "map": "random", "num_rounds": None}
    assert parse_params(['extensions=["events"]', "bonus=0.5"]) == {"extensions": ["events"], "bonus": 0.5}


def test_a_param_value_that_is_not_yaml_names_the_flag():
    with pytest.raises(ParameterError, match=r"--param 'extensions=\[events': cannot read the value"):
        parse_params(["extensions=[events"])


@pytest.mark.parametrize("args, message", [
    (["--env", "nope_v0", "--policies", "random", "random"], "unknown env id 'nope_v0'"),
    (["--env", "trek_v0", "--policies", "random", "random", "--param", "max_turns=abc"], "max_turns"),
    (["--env", "trek_v0", "--policies", "random", "random", "--param", "speed=2"], "unknown parameter"),
    (["--env", "trek_v0", "--policies", "random", "random", "--param", "reward_mode=rank"], "environment settings"),
    (["--env", "trek_v0", "--policies", "random"], "num_players=1"),
    (["--env", "trek_v0", "--policies", "random", "wizard"], "unknown policy 'wizard'"),
    (["--env", "trek_v0", "--policies", "random", "random", "--gif", "no/such/dir/x.gif"], "does not exist"),
    (["--env", "trek_v0", "--policies", "random", "random", "--png", "no/such/dir/x.png"], "does not exist"),
    (["--policies", "random", "random"], "give --env"),
    (["--env", "trek_v0", "--policies", "random", "runs/none/final_model.zip"], "model file not found"),
])
def test_bad_input_is_one_clear_error_exit_2(args, message, capsys):
    assert run_cli(watch.main, args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize("tool", ["watch", "replay_view", "play"])
def test_help_of_every_script(tool):
    done = subprocess.run([sys.executable, "-m", f"travel_envs.tools.{tool}", "--help"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0 and "usage: travel-" in done.stdout


def test_bad_env_from_the_command_line_has_no_traceback():
    done = subprocess.run([sys.executable, "-m", "travel_envs.tools.watch", "--env", "chess_v0", "--policies",
                           "random", "random"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.startswith("error: unknown env id") and "Traceback" not in done.stderr


def test_scripts_are_declared_in_pyproject():
    text = (ROOT / "pyproject.toml").read_text()
    for line in ('travel-watch = "travel_envs.tools.watch:entry"',
                 'travel-replay = "travel_envs.tools.replay_view:entry"',
                 'travel-play = "travel_envs.tools.play:entry"'):
        assert line in text


def test_a_model_brings_its_env_and_parameters(tmp_path):
    """The run folder's config.yaml (beside the model or above it) names the env and its parameters."""
    from travel_envs.tools.cli import resolve_env

    run = tmp_path / "runs" / "x"
    (run / "checkpoints").mkdir(parents=True)
    (run / "config.yaml").write_text("env:\n  id: trek_v0\n  params: {num_players: 2, max_turns: 50, "
                                     "reward_mode: rank}\n")
    for model in (run / "final_model.zip", run / "checkpoints" / "ckpt_100.zip"):
        assert resolve_env(None, ["heuristic", str(model)], {}) == ("trek_v0", {"num_players": 2, "max_turns": 50})
    with pytest.raises(Exception, match="trained on trek_v0, not itchy_feet_v0"):
        resolve_env("itchy_feet_v0", [str(run / "final_model.zip")], {})
    with pytest.raises(Exception, match="trained with max_turns=50; --param gives 9: pass --param max_turns=50"):
        resolve_env(None, [str(run / "final_model.zip")], {"max_turns": 9})
    with pytest.raises(Exception, match="trained with num_players=2; --players gives 3: pass --players 2"):
        resolve_env(None, [str(run / "final_model.zip")], {"num_players": 3}, flags={"num_players": "--players"})
    other = tmp_path / "runs" / "y"  # a second model trained alike but for the turn limit
    other.mkdir()
    (other / "config.yaml").write_text("env:\n  id: trek_v0\n  params: {num_players: 2, max_turns: 60}\n")
    with pytest.raises(Exception, match=r"max_turns=60, model .*x.final_model.zip with max_turns=50: they cannot"):
        resolve_env(None, [str(run / "final_model.zip"), str(other / "final_model.zip")], {})


def test_a_model_record_naming_a_module_is_refused(tmp_path):
    """The env id inside a model file must be a registered one: a 'module:Class' would import code."""
    from travel_envs.agents.model import META_ENTRY
    from travel_envs.tools.cli import model_env

    import json
    import zipfile

    path = tmp_path / "evil.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(META_ENTRY, json.dumps({"env_id": "evil_module:Game", "env_params": {}}))
    with pytest.raises(ParameterError, match="not a registered env id"):
        model_env(str(path))


def test_a_model_of_another_variant_is_refused_with_the_flags_it_needs(capsys):
    """The shipped Trekking the World agent plays the learners' variant: watching it on the default game
    names the exact --param flags to pass (not the player count, which the policies set)."""
    args = ["--env", "trekking_the_world_v0", "--policies", "zoo", "heuristic", "--moves-only", "--delay", "0"]
    assert run_cli(watch.main, args) == 2
    err = capsys.readouterr().err
    flags = ["--param", "location_features=true", "--param", "move_by_end=true", "--param", "plan_features=true"]
    assert " ".join(flags) in err and "num_players" not in err
    assert run_cli(watch.main, [*args, *flags]) == 0
