"""travel-replay (a saved game move by move) and training.evaluate --save-replays."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from travel_envs import replay as R
from travel_envs.tools import replay_view
from travel_envs.tools.cli import run_cli

SECRET_RACE = "tools_toy_games:SecretRaceGame"


@pytest.fixture
def trek_file(tmp_path):
    return R.record_game("trek_v0", ["heuristic", "random"], seed=3).save(tmp_path / "trek.json")


def test_shows_every_move_and_the_result(trek_file, capsys):
    assert replay_view.main([str(trek_file)]) == 0
    out = capsys.readouterr().out
    rec = R.load(trek_file)
    labels = ["P0 (heuristic)", "P1 (random)"]
    for k, m in enumerate(rec.moves):
        assert f"#{k + 1} {labels[m.seat]}: {m.text}\n" in out
    assert out.count("Camp ladder") == len(rec.moves) + 1
    assert out.rstrip().endswith("Winner: P0 (heuristic)")


def test_step_waits_for_enter_and_quits_on_q(trek_file, capsys):
    assert replay_view.main([str(trek_file), "--step"], stdin=io.StringIO("\n\nq\n")) == 0
    out = capsys.readouterr().out
    assert "#3 " in out and "#4 " not in out and "(stopped)" in out


def test_step_continue_runs_to_the_end(trek_file, capsys):
    replay_view.main([str(trek_file), "--step"], stdin=io.StringIO("\nc\n"))
    out = capsys.readouterr().out
    assert "Winner: P0 (heuristic)" in out and out.count("[Enter: next move") == 2


def test_step_stops_at_end_of_input(trek_file, capsys):
    assert replay_view.main([str(trek_file), "--step"], stdin=io.StringIO("")) == 0
    assert "(stopped)" in capsys.readouterr().out


def test_as_one_seat_saw_it(tmp_path, capsys):
    """--seat K: the seat's view, and the other seats' secret moves are not named."""
    path = R.record_game(SECRET_RACE, ["random", "random"], seed=3).save(tmp_path / "s.json")
    assert run_cli(replay_view.main, [str(path), "--seat", "1"]) == 2  # names a module: refused
    assert replay_view.main([str(path), "--seat", "1", "--allow-import"]) == 0
    out = capsys.readouterr().out
    assert "as P1 (random) saw it" in out and "your secret:" in out
    assert "#1 P0 (random): a move you cannot see (phase pick)" in out
    assert "#2 P1 (random): secret" in out
    assert "turn of seat" not in out  # the whole-table text (render_text) is never shown


def test_seat_view_of_a_real_game_needs_its_observation_text(trek_file, capsys):
    """Passes once trek implements observation_text (merged from the trek branch)."""
    assert replay_view.main([str(trek_file), "--seat", "0", "--moves-only"]) == 0
    assert "Winner" in capsys.readouterr().out


def test_gif_of_a_replay(tmp_path, capsys):
    short = R.record_game("trek_v0", ["heuristic", "random"], seed=3, max_decisions=12).save(tmp_path / "t.json")
    out = tmp_path / "r.gif"
    replay_view.main([str(short), "--gif", str(out), "--moves-only"])
    n = len(R.load(short).moves)
    assert f"({n + 1} pictures)" in capsys.readouterr().out
    with Image.open(out) as img:
        assert img.n_frames == n + 1


def _corrupt(path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("make, message", [
    (lambda p: p.parent / "missing.json", "replay file not found"),
    (lambda p: (p.write_text("{{{"), p)[1], "not valid JSON"),
    (lambda p: _corrupt(p, lambda d: d.pop("moves")), "corrupt replay"),
    (lambda p: _corrupt(p, lambda d: d["moves"][2].__setitem__(2, "fly to the moon")),
     "decision 2: .* another version of trek_v0"),
    (lambda p: _corrupt(p, lambda d: d.__setitem__("env", "chess_v0")), "unknown env id 'chess_v0'"),
])
def test_bad_files_are_one_clear_error_exit_2(trek_file, make, message, capsys):
    import re

    assert run_cli(replay_view.main, [str(make(trek_file)), "--moves-only"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and re.search(message, err) and "Traceback" not in err


def test_bad_seat_exit_2(trek_file, capsys):
    assert run_cli(replay_view.main, [str(trek_file), "--seat", "5"]) == 2
    assert "seat 5 does not exist" in capsys.readouterr().err


def test_a_game_without_pictures_is_refused_before_playing():
    from toy_game import RaceGame

    from travel_envs.core.game import ParameterError
    from travel_envs.tools.movie import check_pictures

    with pytest.raises(ParameterError, match="has no picture"):
        check_pictures(RaceGame(num_players=2))


# -- training.evaluate --save-replays ---------------------------------------------------------------
def test_evaluate_keeps_the_games_it_plays(tmp_path, capsys):
    from training import evaluate

    folder = tmp_path / "games"
    assert evaluate.main(["--env", "trek_v0", "--policy", "heuristic", "--opponents", "random", "--games", "4",
                          "--seed", "5", "--save-replays", str(folder)]) == 0
    files = sorted(folder.glob("heuristic_vs_random_game*.json"))
    assert len(files) == 4
    replays = [R.load(f) for f in files]  # each plays back through the engine
    assert [r.policies for r in replays] == [["heuristic", "random"], ["random", "heuristic"]] * 2
    wins = sum(r.winners == [r.policies.index("heuristic")] for r in replays)
    assert f"| heuristic | random | 4 | {wins} |" in capsys.readouterr().out


def test_evaluate_league_refuses_save_replays(tmp_path, capsys):
    from training import evaluate

    assert evaluate.main(["--env", "trek_v0", "--league", "random", "heuristic", "--games", "2",
                          "--save-replays", str(tmp_path)]) == 2
    assert "--save-replays" in capsys.readouterr().err


def test_gif_cannot_show_one_seats_view(trek_file, tmp_path, capsys):
    assert run_cli(replay_view.main, [str(trek_file), "--seat", "0", "--gif", str(tmp_path / "x.gif")]) == 2
    assert "cannot show one seat's view" in capsys.readouterr().err
