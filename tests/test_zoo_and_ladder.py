"""Shipped agents (``zoo`` specs) and the published Elo ladders (``evaluate --ladder``, build_ladder)."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import travel_envs.zoo as zoo
from training import build_ladder as build_cli
from training import evaluate as evaluate_cli
from training import ship_model as ship_cli
from travel_envs.agents.model import NumpyMLPPolicy, check_policy_fits, model_metadata
from travel_envs.agents.registry import check_policy_spec, make_policy, spec_identity
from travel_envs.core.game import ParameterError
from travel_envs.core.registry import make_raw_env
from travel_envs.evaluation import ladder as ladders
from travel_envs.evaluation.ratings import elo_ratings, place_on_ladder

ENV = "trekking_v0"


def _random_model(env_id: str, **meta_changes) -> NumpyMLPPolicy:
    raw = make_raw_env(env_id, num_players=2)
    rng = np.random.default_rng(0)
    size, actions = raw.game.observation_size, raw.game.num_actions
    meta = model_metadata(env_id, raw, {"num_players": 2}, "relu") | meta_changes
    return NumpyMLPPolicy([rng.normal(size=(16, size)), rng.normal(size=(actions, 16))],
                          [np.zeros(16), np.zeros(actions)], ["relu"], meta=meta)


@pytest.fixture
def zoo_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(zoo, "ZOO_DIR", tmp_path)
    return tmp_path


def test_a_zoo_spec_plays_the_shipped_model_of_the_env(zoo_dir):
    _random_model(ENV).save(zoo_dir / f"{ENV}.npz")
    assert zoo.shipped() == [ENV] and check_policy_spec(f"zoo:{ENV}") == f"zoo:{ENV}"
    raw = make_raw_env(ENV, num_players=2)
    for spec in ("zoo", f"zoo:{ENV}"):
        policy = make_policy(spec, ENV)
        check_policy_fits(policy, raw)
        raw.reset(seed=1)
        state = raw.game_state
        obs = np.zeros(raw.game.observation_size, np.float32)
        state.observation(state.current_player, obs)
        assert state.legal_action_mask()[policy.act(obs, state.legal_action_mask(), state)]


@pytest.fixture
def models(tmp_path):
    (tmp_path / "models").mkdir()
    return tmp_path / "models"


def test_ship_model_writes_the_zoo_file_of_the_models_env(zoo_dir, models, capsys):
    trained = _random_model(ENV)
    trained.save(models / "trained.npz")
    assert ship_cli.main([str(models / "trained.npz")]) == 0
    assert f"zoo:{ENV}" in capsys.readouterr().out and zoo.shipped() == [ENV]
    shipped = make_policy("zoo", ENV)
    assert shipped.meta == trained.meta
    assert all(np.array_equal(a, b) for a, b in zip(shipped.weights, trained.weights))


def test_ship_model_refuses_a_model_it_cannot_place(zoo_dir, models, capsys):
    _random_model(ENV).save(models / "good.npz")
    _random_model(ENV, game_version=-1).save(models / "old.npz")
    unlabelled = _random_model(ENV)
    unlabelled.meta = None
    unlabelled.save(models / "unlabelled.npz")
    for argv, fragment in (([str(models / "old.npz")], "version -1"),
                           ([str(models / "unlabelled.npz")], "which registered env"),
                           ([str(models / "absent.zip")], "absent.zip"),
                           ([str(models / "good.npz"), "--out", str(models / "no" / "x.npz")], "does not exist")):
        assert ship_cli.main(argv) == 2
        assert fragment in capsys.readouterr().err
    assert zoo.shipped() == []


def test_zoo_specs_are_refused_clearly(zoo_dir):
    with pytest.raises(ParameterError, match=r"no model of 'itchy_feet_v0' ships.*shipped: \[\]"):
        check_policy_spec("zoo:itchy_feet_v0")
    with pytest.raises(ParameterError, match="name the game's model"):
        make_policy("zoo")
    _random_model(ENV, game_version=-1).save(zoo_dir / f"{ENV}.npz")
    with pytest.raises(ParameterError, match="was trained for 'trekking_v0'.*version -1"):
        check_policy_fits(make_policy("zoo", ENV), make_raw_env(ENV, num_players=2))
    assert evaluate_cli.main(["--env", ENV, "--policy", "zoo", "--opponents", "random", "--games", "2"]) == 2


@pytest.mark.parametrize("env_id", zoo.shipped())
def test_every_shipped_model_is_weights_only_and_fits_its_game(env_id):
    """A shipped model loads without unpickling (a plain ``.npz``), carries its env and game version, fits
    the installed game, and beats uniform random play in a few games."""
    path = zoo.zoo_model_path(f"zoo:{env_id}")
    with np.load(path, allow_pickle=False) as data:
        assert all(data[k].dtype != object for k in data.files)
    policy = make_policy(f"zoo:{env_id}", env_id)
    assert policy.meta["env_id"] == env_id
    check_policy_fits(policy, make_raw_env(env_id, **policy.meta["env_params"]))
    from travel_envs.evaluation.arena import versus

    result = versus(env_id, f"zoo:{env_id}", "random", 4, seed=0, env_params=policy.meta["env_params"])
    assert result.summary(0)["wins"] >= 3


def test_placing_reproduces_the_league_rating():
    """A policy placed against fixed league ratings gets its league Elo back (the same Bradley-Terry
    model and prior), and more wins give a higher Elo with a narrower interval for more games."""
    wins = np.array([[0, 30, 10], [70, 0, 35], [90, 65, 0]], float)
    elo = elo_ratings(["random", "a", "b"], wins)
    placed, low, high = place_on_ladder([elo["random"], elo["a"]], [90, 65], [100, 100])
    assert placed == pytest.approx(elo["b"], abs=1e-6) and low < placed < high
    more, low4, high4 = place_on_ladder([elo["random"], elo["a"]], [360, 260], [400, 400])
    assert high4 - low4 < (high - low) * 0.6
    assert place_on_ladder([1000, 1200], [95, 80], [100, 100])[0] > placed


def test_build_a_ladder_then_place_a_policy_on_it(tmp_path, capsys):
    lad = tmp_path / "ladder.json"
    assert build_cli.main(["--env", ENV, "--members", "random", "heuristic", "mcts:8", "--games", "4",
                           "--processes", "2", "--journal", str(tmp_path / "j.jsonl"), "--out", str(lad)]) == 0
    built = json.loads(lad.read_text())
    assert built["ratings"]["random"] == 1000 and set(built["ratings"]) == {"random", "heuristic", "mcts:8"}
    assert "--games 4" in built["command"] and built["games_per_pair"] == 4
    for flag in ("--journal", "--processes", "--out"):  # they change nothing
        assert flag not in built["command"]
    capsys.readouterr()
    assert evaluate_cli.main(["--env", ENV, "--ladder", "mcts:4", "--ladder-file", str(lad), "--games", "4",
                              "--json", str(tmp_path / "placed.json")]) == 0
    out = capsys.readouterr().out
    assert "| heuristic |" in out and "mcts:4: Elo" in out and "seat 0" in out
    placed = json.loads((tmp_path / "placed.json").read_text())
    assert placed["elo_low"] < placed["elo"] < placed["elo_high"] and len(placed["rows"]) == 3


def test_adding_a_member_gives_the_ladder_a_full_build_would(tmp_path, capsys):
    """``--add`` plays only the newcomer's pairs, with the seeds a full build gives them: the results and
    the refitted ratings equal a build with every member, and the ladder says who joined when."""
    full, part = tmp_path / "full.json", tmp_path / "part.json"
    members = ["random", "heuristic", "mcts:1"]
    assert build_cli.main(["--env", ENV, "--members", *members, "--games", "6", "--out", str(full)]) == 0
    assert build_cli.main(["--env", ENV, "--members", *members[:2], "--games", "6", "--out", str(part)]) == 0
    assert build_cli.main(["--env", ENV, "--add", "mcts:1", "--out", str(part)]) == 0
    assert "mcts:1 joined it today" in capsys.readouterr().out
    built, joined = json.loads(full.read_text()), json.loads(part.read_text())
    assert 0 < joined["wins"][2][0] < 6  # mcts:1 against random: a result the seeds decide
    assert joined["wins"] == built["wins"] and joined["ratings"] == built["ratings"]
    assert joined["plays"] == built["plays"] and joined["games_per_pair"] == 6
    assert "--members random heuristic" in joined["command"]
    (entry,) = joined["added"]
    assert entry["command"].endswith("python -m training.build_ladder --env trekking_v0 --add mcts:1")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", entry["date"])
    ladders.load_ladder(ENV, part)
    refused = [
        (["--add", "mcts:8", "--games", "4"], "built with --games 6"),
        (["--add", "heuristic"], "already members"),
        (["--add", "mcts:8", "--members", "random"], "give one of them"),
    ]
    for argv, message in refused:
        assert build_cli.main(["--env", ENV, *argv, "--out", str(part)]) == 2, argv
        assert message in capsys.readouterr().err, argv
    assert json.loads(part.read_text()) == joined  # nothing half-written


def test_ladder_input_is_refused_clearly(tmp_path, capsys):
    lad = tmp_path / "ladder.json"
    assert build_cli.main(["--env", ENV, "--members", "random", "heuristic", "--games", "2", "--out", str(lad)]) == 0
    stale = json.loads(lad.read_text()) | {"game_version": -1}
    (tmp_path / "stale.json").write_text(json.dumps(stale))
    (tmp_path / "bad.json").write_text("{not json")
    loose = json.loads(lad.read_text()) | {"added": [["2026-12-07", "python -m training.build_ladder --add zoo"]]}
    (tmp_path / "loose.json").write_text(json.dumps(loose))
    older = json.loads(lad.read_text()) | {"added": ["2026-12-07: python -m training.build_ladder --add zoo"]}
    (tmp_path / "older.json").write_text(json.dumps(older))  # as ladders were written before 2026-12-07
    assert ladders.load_ladder(ENV, tmp_path / "older.json").added == [
        {"date": "2026-12-07", "command": "python -m training.build_ladder --add zoo"}]
    capsys.readouterr()
    cases = [
        (["--env", ENV, "--ladder", "random", "--ladder-file", str(tmp_path / "stale.json")], "no longer apply"),
        (["--env", ENV, "--ladder", "random", "--ladder-file", str(tmp_path / "bad.json")], "not a ladder file"),
        (["--env", ENV, "--ladder", "random", "--ladder-file", str(tmp_path / "loose.json")], '"added"'),
        (["--env", ENV, "--ladder", "random", "--ladder-file", str(lad), "--param", "num_players=3"],
         "leave out --param"),
        (["--env", ENV, "--ladder", "nonsense", "--ladder-file", str(lad)], "unknown policy 'nonsense'"),
        (["--env", "trek_v0", "--ladder", "random", "--ladder-file", str(lad)], "not of 'trek_v0'"),
    ]
    for argv, message in cases:
        assert evaluate_cli.main(argv) == 2, argv
        assert message in capsys.readouterr().err, argv
    assert build_cli.main(["--env", ENV, "--members", "heuristic", "mcts:4", "--games", "2"]) == 2
    assert "include random" in capsys.readouterr().err


def test_a_ladder_is_refused_once_a_member_plays_differently(zoo_dir, tmp_path, monkeypatch, capsys):
    """A published rating belongs to what its member played: the search's settings when the ladder was
    built, the shipped agent's file. Changing either (a game's default, a new agent) makes it stale."""
    from travel_envs.agents import mcts_spec

    _random_model(ENV).save(zoo_dir / f"{ENV}.npz")
    lad = tmp_path / "ladder.json"
    members = ["random", "mcts:4", f"zoo:{ENV}"]
    assert build_cli.main(["--env", ENV, "--members", *members, "--games", "2", "--out", str(lad)]) == 0
    plays = ladders.load_ladder(ENV, lad).plays
    assert plays["mcts:4"] == "mcts:4:random:depth=end:bias=0" and plays[f"zoo:{ENV}"].startswith("sha1:")
    capsys.readouterr()
    with monkeypatch.context() as m:  # the game's default search changes
        m.setitem(mcts_spec.GAME_DEFAULTS, "trekking", mcts_spec.replace(mcts_spec.GAME_DEFAULTS["trekking"], depth=40))
        assert evaluate_cli.main(["--env", ENV, "--ladder", "random", "--ladder-file", str(lad)]) == 2
    err = capsys.readouterr().err
    assert "'mcts:4'" in err and "depth=40" in err and "rebuild" in err
    ladders.load_ladder(ENV, lad)  # as built again
    _random_model(ENV, note="retrained").save(zoo_dir / f"{ENV}.npz")
    with pytest.raises(ParameterError, match=f"'zoo:{ENV}' plays sha1:"):
        ladders.load_ladder(ENV, lad)


@pytest.mark.parametrize("env_id", ladders.published())
def test_every_published_ladder_loads_and_names_playable_members(env_id):
    ladder = ladders.load_ladder(env_id)
    assert ladder.ratings["random"] == 1000 and ladder.games_per_pair >= 50
    for member in ladder.members:
        make_policy(zoo.with_env(member, env_id), env_id)
    assert "build_ladder" in ladder.command
    assert set(ladder.plays) == set(ladder.members)  # every rating is pinned to what its member played


def test_a_retuned_expert_makes_its_ratings_stale(monkeypatch):
    """The expert is a tuned style that may change without a new game version: the published ladder
    pins its style (and the style of the expert its searches lean on), so a retuned expert is refused."""
    from dataclasses import replace

    from travel_envs.games.itchy_feet import heuristic

    env_id = "itchy_feet_v0"
    plays = ladders.load_ladder(env_id).plays
    assert plays["expert"].startswith("expert@") and plays["mcts"].endswith("+" + plays["expert"])
    retuned = replace(heuristic.EXPERT_STYLE, accept_margin=heuristic.EXPERT_STYLE.accept_margin + 1)
    monkeypatch.setattr(heuristic, "EXPERT_STYLE", retuned)  # read when an ExpertPolicy is built
    with pytest.raises(ParameterError, match=r"'(expert|mcts:50|mcts)' plays (expert|mcts)"):
        ladders.load_ladder(env_id)
    assert spec_identity("mcts", env_id) != plays["mcts"]
