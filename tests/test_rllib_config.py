"""travel-train-rllib's YAML config: validation errors name the key and the allowed values (no Ray needed)."""

from pathlib import Path

import pytest
import yaml

from training.config import ConfigError
from training.train_rllib import load_config, main, validate

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "configs" / "rllib_tiny.yaml"


def _data(**sections):
    data = yaml.safe_load(TINY.read_text())
    for key, value in sections.items():
        sec, _, sub = key.partition("__")
        data.setdefault(sec, {})[sub] = value
    return data


def _error(data) -> str:
    with pytest.raises(ConfigError) as info:
        validate(data, "cfg.yaml")
    return str(info.value)


@pytest.mark.parametrize("path", sorted((ROOT / "configs").glob("rllib_*.yaml")), ids=lambda p: p.name)
def test_shipped_configs_validate(path):
    cfg = load_config(path)
    assert cfg.env.id == "globetrotter_v0"
    assert cfg.ppo.minibatch_size <= cfg.ppo.train_batch_size_per_learner


def test_unknown_keys_name_the_key_and_the_allowed_keys():
    msg = _error(_data(scale__num_workers=4))
    assert "unknown key 'scale.num_workers'" in msg and "'num_env_runners'" in msg
    data = _data()
    data["trainer"] = {}
    msg = _error(data)
    assert "unknown key 'trainer'" in msg and "'policies'" in msg and "'scale'" in msg
    msg = _error(_data(ppo__lamda=0.9))
    assert "unknown key 'ppo.lamda'" in msg and "'lambda'" in msg  # the YAML name, not lambda_


@pytest.mark.parametrize("key, value, expect", [
    ("policies__sharing", "per_agent", "'shared' or 'per_seat'"),
    ("policies__opponents", ["random", "greedy"], "'random' or 'heuristic'"),
    ("policies__activation", "gelu", "'relu' or 'tanh'"),
    ("policies__hidden", [64, 0], "layer sizes >= 1"),
    ("scale__num_env_runners", -1, "greater than or equal to 0"),
    ("scale__rollout_fragment_length", 0, "allowed: 'auto' or an integer >= 1"),
    ("train__iterations", 0, "greater than or equal to 1"),
    ("ppo__gamma", 1.5, "less than or equal to 1"),
    ("eval__opponents", ["model:x.zip"], "'random' or 'heuristic'"),
])
def test_bad_values_name_the_key_and_the_allowed_values(key, value, expect):
    msg = _error(_data(**{key: value}))
    assert key.replace("__", ".") in msg and expect in msg, msg


def test_cross_checks():
    assert "allowed: minibatch_size <= 256" in _error(_data(ppo__minibatch_size=512))
    assert "policies.opponent_seats=2; allowed: 0..1 for 2 players" in _error(_data(policies__opponent_seats=2))
    assert "needs at least one entry in opponents" in _error(_data(policies__opponents=[]))
    assert "checkpoint folder not found" in _error(_data(train__restore_from="/nonexistent/ckpt"))


def test_env_problems_are_config_errors():
    assert "known env ids" in _error(_data(env__id="globetroter_v0"))
    msg = _error(_data(env__params={"num_players": 2, "board": "big"}))
    assert "env.id / env.params" in msg and "board" in msg
    # a game without a HeuristicPolicy cannot be given heuristic opponents
    data = _data(env__id="toy_game:RaceGame", env__allow_import=True, env__params={"num_players": 2})
    assert "use 'heuristic' but" in _error(data)
    data["eval"]["opponents"] = ["random"]
    data["policies"]["opponents"] = ["random"]
    assert validate(data).env.id == "toy_game:RaceGame"


def test_cli_reports_errors_and_checks(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(TINY.read_text() + "\nextra_section: 1\n")
    assert main(["--config", str(bad)]) == 2
    assert "unknown key 'extra_section'" in capsys.readouterr().err
    assert main(["--config", str(TINY), "--check", "--set", "scale.num_env_runners=8"]) == 0
    assert "num_env_runners: 8" in capsys.readouterr().out
    assert main(["--keys"]) == 0
    assert "num_env_runners = 1" in capsys.readouterr().out
