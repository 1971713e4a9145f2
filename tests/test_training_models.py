"""Model files: what they were trained for travels with them, loading never runs code from them,
and a bad file is a clear error (exit 2) rather than a traceback."""

import base64
import json
import pickle
import zipfile
from pathlib import Path

import numpy as np
import pytest

from training import evaluate as evaluate_cli
from travel_envs.agents.model import (META_ENTRY, ModelFileError, check_policy_fits, load_model_policy,
                                      model_metadata, policy_from_sb3, read_model_metadata, save_sb3_model)
from travel_envs.wrappers.single_agent import SingleAgentEnv, make_raw_env

TOY = "toy_game:RaceGame"


def _model(env_id, params, activation="relu"):
    import torch.nn as nn
    from sb3_contrib import MaskablePPO

    env = SingleAgentEnv(env_id, opponents="random", seed=0, **params)
    act = {"relu": nn.ReLU, "tanh": nn.Tanh}[activation]
    return MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=16, seed=0, device="cpu",
                       policy_kwargs={"net_arch": {"pi": [8, 6], "vf": [8]}, "activation_fn": act})


def _saved(tmp_path, env_id=TOY, params=None, name="model.zip", activation="relu"):
    params = params or {"num_players": 2, "target": 7}
    model = _model(env_id, params, activation)
    meta = model_metadata(env_id, make_raw_env(env_id, **params), params, activation)
    path = save_sb3_model(model, tmp_path / name, meta)
    return model, path


def _rewrite_zip(path: Path, out: Path, **entries) -> Path:
    """A copy of a zip with some entries replaced (bytes) or removed (None)."""
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(out, "w") as zout:
        for name in zin.namelist():
            if name not in entries:
                zout.writestr(name, zin.read(name))
        for name, data in entries.items():
            if data is not None:
                zout.writestr(name, data)
    return out


class _Payload:
    """Unpickling this creates the marker file: what a tampered model file would run."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def test_metadata_is_saved_and_the_weights_load_without_sb3(tmp_path):
    model, path = _saved(tmp_path, activation="tanh")
    meta = read_model_metadata(path)
    assert meta["env_id"] == TOY and meta["game"] == "race" and meta["game_params"]["target"] == 7
    assert meta["observation_size"] == 3 and meta["num_actions"] == 2 and meta["activation"] == "tanh"
    loaded = load_model_policy(path)
    assert loaded.meta == meta and loaded.activations == ["tanh", "tanh"]
    obs = np.random.default_rng(0).normal(size=3).astype(np.float32)
    np.testing.assert_allclose(loaded.logits(obs), policy_from_sb3(model.policy).logits(obs), rtol=1e-5, atol=1e-6)
    # a model saved before the metadata existed: the activation comes from SB3's readable text
    legacy = _rewrite_zip(path, tmp_path / "legacy.zip", **{META_ENTRY: None})
    assert read_model_metadata(legacy) is None
    np.testing.assert_allclose(load_model_policy(legacy).logits(obs), loaded.logits(obs), rtol=1e-6)


def test_a_tampered_model_is_evaluated_without_running_its_payload(tmp_path):
    _, path = _saved(tmp_path)
    marker = tmp_path / "payload_ran"
    with zipfile.ZipFile(path) as zf:
        data = json.loads(zf.read("data"))
    evil = base64.b64encode(pickle.dumps(_Payload(marker))).decode()
    data["policy_kwargs"][":serialized:"] = evil
    data["observation_space"][":serialized:"] = evil
    tampered = _rewrite_zip(path, tmp_path / "tampered.zip", data=json.dumps(data))
    assert load_model_policy(tampered).num_actions == 2
    assert evaluate_cli.main(["--env", TOY, "--param", "target=7", "--policy", str(tampered),
                              "--opponents", "random", "--games", "4"]) == 0
    assert not marker.exists()
    # a payload in the weights file itself is refused by the weights-only loader
    evil_weights = _rewrite_zip(path, tmp_path / "evil_weights.zip", **{"policy.pth": pickle.dumps(_Payload(marker))})
    with pytest.raises(ModelFileError, match="policy.pth is not a plain weights file"):
        load_model_policy(evil_weights)
    assert not marker.exists()
    # the payload is live: SB3's full load (what resuming training does) runs it
    from sb3_contrib import MaskablePPO

    try:
        MaskablePPO.load(tampered, device="cpu")
    except Exception:
        pass
    assert marker.exists()


@pytest.mark.parametrize("kind", ["truncated", "text", "empty", "no_weights", "folder"])
def test_a_bad_model_file_is_a_clear_error_with_exit_2(tmp_path, capsys, kind):
    _, path = _saved(tmp_path)
    bad = tmp_path / "bad.zip"
    if kind == "truncated":
        bad.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    elif kind == "text":
        bad.write_text("not a model\n")
    elif kind == "empty":
        bad.write_bytes(b"")
    elif kind == "no_weights":
        _rewrite_zip(path, bad, **{"policy.pth": None})
    else:
        bad.mkdir()
    assert evaluate_cli.main(["--env", TOY, "--policy", str(bad), "--opponents", "random", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "Traceback" not in err
    assert ("not a readable model file" in err) or ("folder" in err)


def test_a_model_is_refused_on_another_table_naming_the_parameters(tmp_path, capsys):
    _, path = _saved(tmp_path)
    assert evaluate_cli.main(["--env", TOY, "--param", "target=9", "--policy", str(path), "--opponents", "random",
                              "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "target: model 7 vs env 9" in err and "--param target=7" in err
    # without --param the model's own parameters are used (the README's league command)
    assert evaluate_cli.main(["--env", TOY, "--league", "random", str(path), "--games", "2"]) == 0
    assert "'target': 7" in capsys.readouterr().out
    # a module env id recorded in a model is not imported implicitly
    assert evaluate_cli.main(["--league", "random", str(path), "--games", "2"]) == 2
    assert f"pass --env {TOY}" in capsys.readouterr().err


def test_size_check_without_metadata(tmp_path):
    """An old model (no metadata) trained with chain_features on a table without them: the sizes differ."""
    _, path = _saved(tmp_path, "globetrotter_v0", {"num_players": 2, "chain_features": True})
    legacy = _rewrite_zip(path, tmp_path / "legacy.zip", **{META_ENTRY: None})
    raw = make_raw_env("globetrotter_v0", num_players=2)
    wide = make_raw_env("globetrotter_v0", num_players=2, chain_features=True).game.observation_size
    narrow = raw.game.observation_size
    with pytest.raises(ModelFileError, match=rf"observations of size {wide} .* size {narrow}"):
        check_policy_fits(load_model_policy(legacy), raw)
    with pytest.raises(ModelFileError, match="chain_features: model True vs env False"):
        check_policy_fits(load_model_policy(path), raw)


def test_training_config_refuses_a_model_opponent_of_another_table(tmp_path):
    from training.config import ConfigError, validate

    _, path = _saved(tmp_path)
    data = {"env": {"id": TOY, "allow_import": True, "params": {"num_players": 2, "target": 9}},
            "opponents": {"mix": {f"model:{path}": 1.0}}, "eval": {"opponents": ["random"]}}
    with pytest.raises(ConfigError, match="target: model 7 vs env 9"):
        validate(data)
    data["env"]["params"]["target"] = 7
    assert validate(data).opponents.mix == {f"model:{path}": 1.0}


@pytest.mark.parametrize("args, expect", [
    (["--param", "num_players=["], "--param 'num_players=['"),
    (["--param", "colour=red"], "unknown parameter(s) ['colour']"),
    (["--param", "num_players"], "expected NAME=VALUE"),
    (["--seed", "-1"], "--seed=-1"),
    (["--games", "0"], "--games=0"),
    (["--processes", "0"], "--processes=0"),
])
def test_evaluate_bad_input_exits_2_with_a_message(args, expect, capsys):
    assert evaluate_cli.main(["--env", "globetrotter_v0", "--policy", "random", "--games", "2", *args]) == 2
    err = capsys.readouterr().err
    assert expect in err and "Traceback" not in err


def test_evaluate_run_folder_with_a_bad_config(tmp_path, capsys):
    run = tmp_path / "run"
    run.mkdir()
    (run / "config.yaml").write_text("env: {id: globetrotter_v0\n")
    assert evaluate_cli.main(["--run", str(run), "--games", "2"]) == 2
    assert "malformed YAML" in capsys.readouterr().err
    (run / "config.yaml").write_bytes(b"\x00\x01\xff\xfe binary")
    assert evaluate_cli.main(["--run", str(run), "--games", "2"]) == 2
    assert "not a text file" in capsys.readouterr().err
    (run / "config.yaml").write_text(f"env: {{id: '{TOY}', params: {{num_players: 2}}}}\n")
    assert evaluate_cli.main(["--run", str(run), "--games", "2"]) == 2
    assert "allow_import: true" in capsys.readouterr().err
    assert not list(run.glob("evaluation_*"))


def test_single_agent_env_refuses_a_model_opponent_of_another_table(tmp_path):
    _, path = _saved(tmp_path)
    with pytest.raises(ModelFileError, match="target: model 7 vs env 9"):
        SingleAgentEnv(TOY, opponents=f"model:{path}", num_players=2, target=9)
    env = SingleAgentEnv(TOY, opponents={f"model:{path}": 1.0, "random": 1.0}, num_players=2, target=7)
    assert env.reset(seed=0)[0].shape == (3,)


def test_the_tools_refuse_a_model_trained_with_other_parameters_of_the_same_size(tmp_path):
    """travel-watch / travel-play: same observation size, other variant -> the recorded parameters say no."""
    from toy_game import RaceGame
    from travel_envs.tools.cli import build_policies

    _, path = _saved(tmp_path)  # trained with target=7
    assert len(build_policies(TOY, [str(path), "random"], RaceGame(num_players=2, target=7), seed=0)) == 2
    # the hint names the recorded parameter to pass, not the generic NAME=VALUE
    with pytest.raises(ModelFileError, match=r"target: model 7 vs env 9.*trained with: --param target=7"):
        build_policies(TOY, [str(path), "random"], RaceGame(num_players=2, target=9), seed=0)
