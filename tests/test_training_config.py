"""Config validation: every problem is reported, naming the key and what is allowed, before training."""

import pytest

from training.config import ConfigError, apply_overrides, describe_keys, load_config, validate
from training import train as train_cli

TOY = {"env": {"id": "toy_game:RaceGame", "allow_import": True, "params": {"num_players": 2}}, "eval": {"opponents": ["random"]}}


def write(tmp_path, text, name="cfg.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_defaults_and_overrides_resolve(tmp_path):
    path = write(tmp_path, "env: {id: 'toy_game:RaceGame', allow_import: true, params: {num_players: 3}}\neval: {opponents: [random]}\n")
    cfg = load_config(path, ["train.total_timesteps=5000", "net.pi=[32, 16]", "ppo.learning_rate=1e-3",
                             "opponents.mix={random: 1, snapshot: 2}"])
    assert cfg.train.total_timesteps == 5000
    assert cfg.net.pi == [32, 16]
    assert cfg.ppo.learning_rate == 1e-3
    assert cfg.opponents.mix == {"random": 1, "snapshot": 2}
    assert cfg.env.params == {"num_players": 3}


def test_unknown_key_names_it_and_the_allowed_keys(tmp_path):
    path = write(tmp_path, "env: {id: 'toy_game:RaceGame', allow_import: true}\ntrain:\n  total_steps: 10\n")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    msg = str(err.value)
    assert "unknown key 'train.total_steps'" in msg and "total_timesteps" in msg and str(path) in msg
    with pytest.raises(ConfigError, match=r"unknown key 'colour'.*allowed keys here: \['env', 'eval', 'name'"):
        validate({**TOY, "colour": "red"})


@pytest.mark.parametrize("override, fragment", [
    ("net.activation=sigmoid", r"net.activation: Input should be 'tanh' or 'relu' \(got 'sigmoid'\)"),
    ("train.n_envs=0", r"train.n_envs: Input should be greater than or equal to 1"),
    ("ppo.gamma=1.5", r"ppo.gamma: Input should be less than or equal to 1"),
    ("train.vec_env=threads", r"train.vec_env: Input should be 'subproc' or 'dummy'"),
    ("opponents.mix={rnd: 1}", r"opponents.mix: unknown policy 'rnd'; allowed: \['random', 'heuristic'"),
    ("eval.opponents=[snapshot]", r"eval.opponents: unknown policy 'snapshot'"),
    ("ppo.batch_size=100000", r"ppo.batch_size=100000 is larger than one rollout"),
    ("env.params={num_players: 2, colour: 1}", r"unknown parameter\(s\) \['colour'\] for race"),
    ("env.params={num_players: 9}", r"num_players=9 is not allowed; allowed values: \[1, 2, 3\]"),
    ("env.id=chess_v0", r"unknown env id 'chess_v0'"),
    ("env.learner_seat=4", r"env.learner_seat=4; allowed: null or 0..1"),
    ("env.reward=points", r"env.reward: Input should be .adapter. or .margin."),
    ("eval.opponents=[heuristic]", r"use 'heuristic' but game 'race'.*exports no HeuristicPolicy"),
    ("pretrain={games: 5, teacher: expert}", r"use 'expert' but game 'race'.*exports no ExpertPolicy"),
    ("eval.select_best=heuristic", r"eval: .*select_best='heuristic' must be one of eval.opponents \['random'\]"),
])
def test_bad_values_name_the_key_and_the_allowed_values(tmp_path, override, fragment):
    path = write(tmp_path, "env: {id: 'toy_game:RaceGame', allow_import: true, params: {num_players: 2}}\neval: {opponents: [random]}\n")
    with pytest.raises(ConfigError, match=fragment):
        load_config(path, [override])


def test_missing_model_file_is_named(tmp_path):
    missing = tmp_path / "nowhere" / "model.zip"
    with pytest.raises(ConfigError, match=f"model file not found: {missing}"):
        validate({**TOY, "opponents": {"mix": {f"model:{missing}": 1.0}}})
    with pytest.raises(ConfigError, match="model file not found"):
        validate({**TOY, "eval": {"opponents": [str(missing)]}})


def test_malformed_yaml_names_file_and_line(tmp_path):
    path = write(tmp_path, "env:\n  id: toy\n  params: {num_players: 2\ntrain:\n  n_envs: 2\n")
    with pytest.raises(ConfigError, match=rf"{path}:\d+:\d+: malformed YAML"):
        load_config(path)
    path2 = write(tmp_path, "train:\n  n_envs: 2\n   seed: 3\n", "bad2.yaml")
    with pytest.raises(ConfigError, match=rf"{path2}:3:\d+: malformed YAML"):
        load_config(path2)
    with pytest.raises(ConfigError, match="config file not found"):
        load_config(tmp_path / "absent.yaml")
    with pytest.raises(ConfigError, match="top level must be a mapping"):
        load_config(write(tmp_path, "- a\n- b\n", "list.yaml"))


def test_bad_overrides():
    with pytest.raises(ConfigError, match="expected KEY.PATH=VALUE"):
        apply_overrides({}, ["train.seed"])
    with pytest.raises(ConfigError, match="'train.seed' is not a section"):
        apply_overrides({"train": {"seed": 1}}, ["train.seed.x=2"])


def test_cli_reports_errors_before_training(tmp_path, capsys):
    path = write(tmp_path, f"runs_dir: {tmp_path / 'runs'}\nenv: {{id: 'toy_game:RaceGame'}}\nppo: {{n_stepz: 3}}\n")
    assert train_cli.main(["--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert "unknown key 'ppo.n_stepz'" in err and "n_steps" in err
    assert not (tmp_path / "runs").exists()  # nothing was created
    assert train_cli.main(["--resume", str(tmp_path)]) == 2
    assert "not a run folder" in capsys.readouterr().err


def test_help_lists_every_key(capsys):
    with pytest.raises(SystemExit) as exc:
        train_cli.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for key in ("total_timesteps", "n_envs", "mix", "every_steps", "final_games", "learning_rate", "--resume",
                "--set", "pretrain"):
        assert key in out
    assert "batch_size" in describe_keys()


def test_shipped_configs_are_valid():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for name in ("quickstart.yaml", "globetrotter.yaml"):
        cfg = load_config(root / "configs" / name, check_env=False)
        assert cfg.env.id == "globetrotter_v0"
