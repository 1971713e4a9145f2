"""Replay files: record, save, load and play back through the engine; golden replays."""

from __future__ import annotations

import json

import pytest

from travel_envs import replay as R
from travel_envs.core import files
from travel_envs.core.game import ParameterError
from travel_envs.core.registry import game_class, list_envs

ALL_SEATINGS = [(env, n) for env in list_envs() for n in game_class(env).player_counts]
TOY = "toy_game:RaceGame"


@pytest.mark.parametrize("env, n", ALL_SEATINGS)
def test_round_trip_every_env_and_player_count(env, n, tmp_path):
    policies = ["heuristic"] + ["random"] * (n - 1)
    rec = R.record_game(env, policies, seed=3, params={"num_players": n})
    assert rec.moves and rec.num_players == n
    path = rec.save(tmp_path / "game.json")
    back = R.load(path)
    assert back == rec
    final = R.verify(back)
    assert final.is_terminal and [float(x) for x in final.scores()] == rec.scores


def test_replay_from_actions_is_the_recorded_game():
    rec = R.record_game("trek_v0", ["heuristic", "random"], seed=11, params={"num_players": 2})
    again = R.replay_from_actions("trek_v0", rec.params, rec.seed, rec.policies, [m.action for m in rec.moves])
    assert again == rec


def test_positions_yield_the_state_before_each_move_then_the_end():
    rec = R.record_game(TOY, ["random", "random"], seed=1, params={"target": 6})
    seen = [(i, move) for i, _state, move in R.positions(rec)]
    assert [m for _, m in seen[:-1]] == rec.moves
    assert seen[-1] == (len(rec.moves), None)


def _tampered(tmp_path, change):
    rec = R.record_game("itchy_feet_v0", ["heuristic", "heuristic"], seed=5, params={"num_players": 2})
    data = rec.to_dict()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    return path


def test_a_changed_action_name_names_the_decision_and_another_version(tmp_path):
    def rename(d):
        d["moves"][4][2] = "an action the engine never had"

    with pytest.raises(R.ReplayError, match=r"decision 4: .*another version of itchy_feet_v0"):
        R.load(_tampered(tmp_path, rename))


def test_changed_final_scores_are_refused(tmp_path):
    def rescore(d):
        d["result"]["scores"][0] += 1

    with pytest.raises(R.ReplayError, match="final scores .* differ from the recorded"):
        R.load(_tampered(tmp_path, rescore))


def test_an_extra_move_after_the_end_is_refused(tmp_path):
    with pytest.raises(R.ReplayError, match="already over"):
        R.load(_tampered(tmp_path, lambda d: d["moves"].append(d["moves"][-1])))


def test_another_game_version_is_refused(tmp_path):
    def bump(d):
        d["env_version"] = 99

    with pytest.raises(R.ReplayError, match="game version 99"):
        R.load(_tampered(tmp_path, bump))


def test_unknown_parameter_says_another_version(tmp_path):
    def add(d):
        d["params"]["a_removed_rule"] = True

    with pytest.raises(R.ReplayError, match="another version"):
        R.load(_tampered(tmp_path, add))


@pytest.mark.parametrize("text, message", [
    ("{not json", "not valid JSON"),
    ('{"hello": 1}', "not a travel_envs replay"),
    ('{"format": "travel_envs.replay", "format_version": 1, "env": "trek_v0"}', "corrupt replay"),
    ('{"format": "travel_envs.replay", "format_version": 7}', "format version 7"),
])
def test_unreadable_files_give_one_clear_error(tmp_path, text, message):
    path = tmp_path / "x.json"
    path.write_text(text)
    with pytest.raises(R.ReplayError, match=message):
        R.load(path)


def test_missing_file():
    with pytest.raises(FileNotFoundError, match="replay file not found"):
        R.load("no/such/replay.json")


def test_truncated_games_are_recorded_as_truncated():
    rec = R.record_game("itchy_feet_v0", ["random", "random"], seed=0, max_decisions=10)
    assert rec.truncated and len(rec.moves) == 10 and rec.winners == []
    assert not R.verify(rec).is_terminal


# -- golden replays: OpenSpiel-style playthroughs, checked on every run ------------------------------
@pytest.mark.parametrize("spec", R.GOLDEN_GAMES, ids=lambda s: s["env"])
def test_golden_replay_plays_back(spec):
    """The stored game still plays through the engine with the same action names and result.
    After an intended rules change: ``python -m travel_envs.replay --regenerate-golden``."""
    R.load(R.golden_path(spec))


@pytest.mark.parametrize("spec", R.GOLDEN_GAMES, ids=lambda s: s["env"])
def test_golden_replay_is_what_the_heuristics_play_today(spec):
    """Recording the golden game again gives the stored game (rules, dealing and heuristics)."""
    stored = R.load(R.golden_path(spec), check=False)
    again = R.record_golden(spec)
    first = next((i for i, (a, b) in enumerate(zip(stored.moves, again.moves)) if a != b),
                 min(len(stored.moves), len(again.moves)))
    assert again == stored, (f"the heuristics now play another game from decision {first} on; if intended: "
                             f"python -m travel_envs.replay --regenerate-golden")


def test_golden_files_are_exactly_the_golden_games():
    stored = sorted(p.name for p in R.GOLDEN_DIR.glob("*.json"))
    assert stored == sorted(R.golden_path(s).name for s in R.GOLDEN_GAMES)


def test_regenerate_command_writes_every_golden_game(tmp_path):
    assert R.main(["--regenerate-golden", "--golden-dir", str(tmp_path)]) == 0
    for spec in R.GOLDEN_GAMES:
        assert R.load(R.golden_path(spec, tmp_path), check=False) == R.load(R.golden_path(spec), check=False)
    assert R.main(["--check", str(R.golden_path(R.GOLDEN_GAMES[0], tmp_path))]) == 0


def test_a_replay_file_naming_a_module_is_refused_unless_imports_are_allowed(tmp_path):
    path = R.record_game(TOY, ["random", "random"], seed=1, params={"target": 6}).save(tmp_path / "toy.json")
    with pytest.raises(ParameterError, match="not a registered env id"):
        R.load(path)
    assert R.load(path, allow_import=True).env == TOY


def test_save_is_all_or_nothing(tmp_path, monkeypatch):
    rec = R.record_game("trek_v0", ["heuristic", "random"], seed=2, params={"num_players": 2}, max_decisions=5)
    path = rec.save(tmp_path / "game.json")
    before = path.read_text()

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    longer = R.record_game("trek_v0", ["heuristic", "random"], seed=2, params={"num_players": 2}, max_decisions=9)
    monkeypatch.setattr(files.os, "replace", full_disk)
    with pytest.raises(OSError, match="No space"):
        longer.save(path)
    assert path.read_text() == before  # the old file is intact
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # and nothing half-written is left
