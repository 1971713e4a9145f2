"""train.init_from: a run starts from a trained model's weights (the next round of expert iteration)."""

import pytest
import torch

from training import train as train_cli
from training.config import ConfigError, load_config
from training.train import build_model, build_vec_env
from training.warm_start import load_initial_weights

from test_training_e2e import CONFIG, train_tiny


def _config(tmp_path, *overrides: str):
    path = tmp_path / "next.yaml"
    path.write_text(CONFIG.format(runs=tmp_path / "next_runs"))
    return load_config(path, list(overrides))


def _fresh_model(cfg):
    return build_model(cfg, build_vec_env(cfg, cfg.train.seed, []), None)


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """A tiny trained run's final model and its policy weights."""
    tmp = tmp_path_factory.mktemp("warm")
    run_dir = train_tiny(tmp, "pretrain.games=0", "eval.every_steps=0", "eval.final_games=0",
                         "opponents.mix={random: 1.0}")
    from sb3_contrib import MaskablePPO

    state = MaskablePPO.load(run_dir / "final_model.zip", device="cpu").policy.state_dict()
    return run_dir / "final_model.zip", state


def test_a_zip_gives_actor_and_critic(tmp_path, trained):
    model_zip, state = trained
    cfg = _config(tmp_path, f"train.init_from={model_zip}")
    model = _fresh_model(cfg)
    assert not torch.equal(model.policy.state_dict()["action_net.weight"], state["action_net.weight"])
    assert "actor and critic" in load_initial_weights(cfg, model)
    for key, value in model.policy.state_dict().items():
        assert torch.equal(value, state[key]), key


def test_an_npz_gives_the_actor_and_leaves_the_critic_fresh(tmp_path, trained):
    from travel_envs.agents.model import load_model_policy

    model_zip, state = trained
    npz = tmp_path / "actor.npz"
    load_model_policy(model_zip).save(npz)
    cfg = _config(tmp_path, f"train.init_from={npz}")
    model = _fresh_model(cfg)
    critic_before = model.policy.state_dict()["value_net.weight"].clone()
    assert "critic starts fresh" in load_initial_weights(cfg, model)
    after = model.policy.state_dict()
    for key in ("mlp_extractor.policy_net.0.weight", "mlp_extractor.policy_net.0.bias", "action_net.weight",
                "action_net.bias"):
        assert torch.equal(after[key], state[key]), key
    assert torch.equal(after["value_net.weight"], critic_before)


def test_other_layer_sizes_are_refused_naming_both(tmp_path, trained):
    model_zip, _ = trained
    cfg = _config(tmp_path, f"train.init_from={model_zip}", "net.pi=[8]")
    with pytest.raises(ConfigError, match=r"\[\(.*16\).*net\.pi"):
        load_initial_weights(cfg, _fresh_model(cfg))


def test_the_cli_starts_from_the_weights_and_a_bad_value_is_refused(tmp_path, trained, capsys):
    model_zip, _ = trained
    run_dir = train_tiny(tmp_path, "pretrain.games=0", "eval.every_steps=0", "eval.final_games=0",
                         f"train.init_from={model_zip}")
    assert f"starting from the weights of {model_zip}" in capsys.readouterr().out
    assert (run_dir / "final_model.zip").is_file()
    with pytest.raises(ConfigError, match="is not a model"):
        _config(tmp_path, "train.init_from=heuristic")
    with pytest.raises(ConfigError, match="not found"):
        _config(tmp_path, f"train.init_from={tmp_path / 'missing.zip'}")
    cfg = tmp_path / "bad.yaml"
    cfg.write_text(CONFIG.format(runs=tmp_path / "bad_runs"))
    assert train_cli.main(["--config", str(cfg), "--set", "train.init_from=heuristic"]) == 2
    assert "train.init_from" in capsys.readouterr().err
    assert not (tmp_path / "bad_runs").exists()
