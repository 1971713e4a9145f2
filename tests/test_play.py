"""travel-play: a person (scripted through standard input) plays against policies."""

from __future__ import annotations

import io

import pytest

from travel_envs import replay as R
from travel_envs.core.registry import list_envs
from travel_envs.tools import play
from travel_envs.tools.cli import run_cli

VIEW_RACE = "tools_toy_games:ViewRaceGame"
SECRET_RACE = "tools_toy_games:SecretRaceGame"

#: short games of every env (the person plays move 1 every time)
FAST = {
    "globetrotter_v0": ["--param", "short_game=true"],
    "itchy_feet_v0": ["--param", "max_turns=20"],
    "trek_v0": ["--param", "max_turns=20"],
    "trekking_v0": [],
    "trekking_the_world_v0": ["--param", "tours_to_end=1"],
}


def test_fast_settings_cover_every_env():
    assert sorted(FAST) == list_envs()


@pytest.mark.parametrize("env", sorted(FAST))
def test_a_scripted_person_finishes_every_env(env, tmp_path, capsys):
    """Needs the game's observation_text (the seat's view): fails until the game implements it."""
    code = play.main(["--env", env, "--opponents", "heuristic", "--seed", "4", *FAST[env],
                      "--save-replay", str(tmp_path)], stdin=io.StringIO("1\n" * 20000))
    out = capsys.readouterr().out
    assert code == 0 and "Game over." in out and "Scores:" in out
    [path] = tmp_path.glob("*.json")
    assert f"replay: {path}" in out
    rec = R.load(path)
    assert rec.policies == ["human", "heuristic"]


@pytest.mark.parametrize("env", sorted(FAST))
def test_a_scripted_person_finishes_with_a_stand_in_view(env, tmp_path, capsys, monkeypatch):
    """The tool's own logic on every real game, with a stand-in for the seat's view."""
    from travel_envs.agents.games import resolve_game

    state_cls = resolve_game(env)[0].State
    monkeypatch.setattr(state_cls, "observation_text", lambda self, seat: f"<view of P{seat}>", raising=True)
    code = play.main(["--env", env, "--opponents", "random", "--seat", "1", "--seed", "2", *FAST[env],
                      "--save-replay", str(tmp_path)], stdin=io.StringIO("2\n1\n" * 20000))
    out = capsys.readouterr().out
    assert code == 0 and "Game over." in out and "<view of P1>" in out and "<view of P0>" not in out
    [path] = tmp_path.glob("*.json")
    assert R.load(path).policies == ["random", "human"]


def test_the_screen_is_the_seats_view_never_the_whole_table(tmp_path, capsys, monkeypatch):
    from toy_game import RaceState

    def no_peeking(self):
        raise AssertionError("travel-play must not show the whole table")

    monkeypatch.setattr(RaceState, "render_text", no_peeking)
    code = play.main(["--env", VIEW_RACE, "--opponents", "random", "--seed", "0", "--save-replay", str(tmp_path)],
                     stdin=io.StringIO("1\n" * 50))
    out = capsys.readouterr().out
    assert code == 0 and "your secret:" in out and "Game over." in out


def test_moves_are_numbered_and_named(tmp_path, capsys):
    play.main(["--env", VIEW_RACE, "--opponents", "random", "--seed", "0", "--save-replay", str(tmp_path)],
              stdin=io.StringIO("q\n"))
    out = capsys.readouterr().out
    assert "    1. add 1\n    2. add 2" in out


def test_input_by_number_prefix_and_exact_name(tmp_path, capsys):
    """"add" fits two moves (ambiguous), "add 2" is exact, "9" is out of range, "x" fits none."""
    code = play.main(["--env", VIEW_RACE, "--opponents", "random", "--seed", "0", "--param", "target=4",
                      "--save-replay", str(tmp_path)], stdin=io.StringIO("add\n9\nx\nADD 2\n" + "1\n" * 10))
    out = capsys.readouterr().out
    assert "'add' fits 2 moves (1: add 1, 2: add 2)" in out
    assert "no move 9: choose 1..2" in out
    assert "no move starts with 'x'" in out
    assert "You: add 2" in out
    rec = R.load(next((tmp_path).glob("*.json")), allow_import=True)  # a toy game outside the registry
    assert rec.moves[0] == R.Move(0, 1, "add 2")


def test_help_then_the_moves_again(tmp_path, capsys):
    play.main(["--env", VIEW_RACE, "--opponents", "random", "--seed", "0", "--save-replay", str(tmp_path)],
              stdin=io.StringIO("?\nq\n"))
    out = capsys.readouterr().out
    assert "Commands:" in out and out.count("1. add 1") == 2


@pytest.mark.parametrize("lines", ["q\n", "", "1\n"], ids=["quit", "eof-at-once", "eof-later"])
def test_quit_and_end_of_input_stop_cleanly_without_a_replay(lines, tmp_path, capsys):
    code = play.main(["--env", VIEW_RACE, "--opponents", "random", "--seed", "0", "--param", "target=30",
                      "--save-replay", str(tmp_path / "r")], stdin=io.StringIO(lines))
    out = capsys.readouterr().out
    assert code == 0 and "You quit after" in out and not (tmp_path / "r").exists()


def test_opponent_moves_are_shown_as_they_happen(tmp_path, capsys):
    play.main(["--env", VIEW_RACE, "--opponents", "random", "random", "--seat", "2", "--seed", "1",
               "--save-replay", str(tmp_path)], stdin=io.StringIO("1\n" * 20))
    out = capsys.readouterr().out
    first_prompt = out.index("Your move")
    assert "P0 (random): add" in out[:first_prompt] and "P1 (random): add" in out[:first_prompt]


def test_secret_moves_of_other_seats_are_not_named(tmp_path, capsys):
    """The opponent's secret choice changes nothing the person observes: it is not named.
    Its public moves (the counter) are."""
    code = play.main(["--env", SECRET_RACE, "--opponents", "random", "--seat", "1", "--seed", "3",
                      "--save-replay", str(tmp_path)], stdin=io.StringIO("1\n" * 20))
    out = capsys.readouterr().out
    assert code == 0
    assert "P0 (random): a move you cannot see (phase pick)" in out
    assert "P0 (random): secret" not in out
    assert "P0 (random): add" in out
    assert "You: secret 1" in out


def test_the_end_shows_scores_winner_and_replay(tmp_path, capsys):
    play.main(["--env", VIEW_RACE, "--opponents", "random", "--seed", "0", "--param", "target=3",
               "--save-replay", str(tmp_path)], stdin=io.StringIO("2\n" * 5))
    out = capsys.readouterr().out
    assert "Scores: P0 (human)" in out and ("Winner: P0 (human)" in out or "Winner: P1 (random)" in out)
    assert "replay: " + str(next(tmp_path.glob("*.json"))) in out


@pytest.mark.parametrize("args, message", [
    (["--env", "nope_v0", "--opponents", "random"], "unknown env id 'nope_v0'"),
    (["--env", "trek_v0", "--opponents", "random", "--seat", "2"], "seat 2 does not exist"),
    (["--env", "trek_v0", "--opponents", "sometimes"], "unknown policy 'sometimes'"),
    (["--env", "trek_v0", "--opponents", "random", "--param", "max_turns=-3"], "max_turns"),
    (["--env", "trek_v0", "--opponents", "random", "--param", "colour=red"], "unknown parameter"),
    (["--env", "trek_v0", "--opponents", "random", "--param", "oops"], "expected NAME=VALUE"),
    (["--env", "trek_v0", "--opponents", "missing/model.zip"], "model file not found"),
    (["--env", "trek_v0", "--opponents", "random", "random", "--param", "num_players=2"], "num_players=2"),
])
def test_bad_input_is_one_clear_error_exit_2(args, message, capsys):
    assert run_cli(play.main, args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err
