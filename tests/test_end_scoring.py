"""The end-scoring network (``net.kind: end_scoring``): its numpy player is its torch twin, it travels in
model files and snapshots like an MLP, and the trainer refuses it where no move names its ends."""

import numpy as np
import pytest
import torch

from travel_envs.agents.end_scoring import NumpyEndScoringPolicy
from travel_envs.agents.model import load_model_policy, load_npz_policy, policy_from_sb3, read_model_metadata
from travel_envs.agents.registry import make_policy
from travel_envs.core.game import ParameterError
from travel_envs.games.trekking_the_world.engine import TrekkingTheWorldGame

from test_training_e2e import train_tiny

PARAMS = {"num_players": 2, "move_by_end": True, "location_features": True, "plan_features": True}
TTW = ["env.id=trekking_the_world_v0", "env.allow_import=false", f"env.params={PARAMS}", "net.kind=end_scoring",
       "net.pi=[32]", "net.vf=[16]"]


def _torch_policy(game, seed=0):
    import gymnasium as gym

    from training.networks import EndScoringPolicy

    torch.manual_seed(seed)
    policy = EndScoringPolicy(gym.spaces.Box(0.0, 1.0, (game.observation_size,), np.float32),
                              gym.spaces.Discrete(game.num_actions), lambda _: 1e-3,
                              net_arch={"pi": [32, 32], "vf": [16]}, activation_fn=torch.nn.ReLU,
                              layout=game.end_scoring_layout(), head={"scorer": [16, 16], "context": 8})
    with torch.no_grad():  # a head far from uniform, so that a wrong score shows
        for p in policy.action_net.parameters():
            p.mul_(4.0)
    return policy


def _positions(game, games=2):
    expert = make_policy("expert", "trekking_the_world_v0", seed=3)
    buf = np.zeros(game.observation_size, np.float32)
    for g in range(games):
        s = game.new_initial_state(np.random.default_rng(g))
        while not s.is_terminal:
            mask = np.asarray(s.legal_action_mask(), bool)
            s.observation(s.current_player, buf)
            yield buf.copy(), mask
            s.apply_action(expert.act(None, mask, s))


def test_the_numpy_player_gives_the_torch_policys_probabilities():
    game = TrekkingTheWorldGame(**PARAMS)
    policy = _torch_policy(game)
    player = policy_from_sb3(policy, meta={"env_id": "trekking_the_world_v0"})
    assert isinstance(player, NumpyEndScoringPolicy)
    kinds = set()
    for obs, mask in _positions(game):
        with torch.no_grad():
            want = policy.get_distribution(torch.as_tensor(obs[None]), action_masks=torch.as_tensor(mask[None]))
        want = want.distribution.logits[0].numpy()[mask]
        got = player.logits(obs, mask)[mask]
        np.testing.assert_allclose(got - np.logaddexp.reduce(got), want, atol=1e-4)
        kinds.add((bool(mask[:54].any()), bool(mask[54:59].any())))
    assert kinds >= {(True, False), (False, True)}  # both the ends and the Itineraries were scored


def test_snapshots_and_metadata_round_trip(tmp_path):
    game = TrekkingTheWorldGame(**PARAMS)
    player = policy_from_sb3(_torch_policy(game), meta={"env_id": "trekking_the_world_v0"})
    path = tmp_path / "snap.npz"
    player.save(path)
    again = load_npz_policy(path, deterministic=True)
    assert isinstance(again, NumpyEndScoringPolicy)
    assert read_model_metadata(path)["network"]["kind"] == "end_scoring"
    for obs, mask in list(_positions(game, 1))[:40]:
        np.testing.assert_array_equal(again.logits(obs, mask)[mask], player.logits(obs, mask)[mask])
        assert again.act(obs, mask) == player.act(obs, mask)
    path.write_bytes(path.read_bytes()[:200])  # cut short: refused, naming the file
    with pytest.raises(ParameterError, match="snap.npz"):
        load_npz_policy(path)


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory):
    return train_tiny(tmp_path_factory.mktemp("end_scoring"), *TTW, "pretrain.teacher=expert", "pretrain.opponents=[expert]",
                      "pretrain.games=4", "pretrain.epochs=1", "pretrain.batch_size=256",
                      "pretrain.dagger_rounds=1", "pretrain.dagger_games=2", "train.total_timesteps=128",
                      "eval.every_steps=0", "eval.final_games=0", "opponents.mix={random: 0.5, snapshot: 0.5}",
                      "opponents.snapshot.every_steps=64")


def test_a_tiny_run_clones_the_expert_and_its_model_plays(tmp_path, tiny_run):
    run_dir = tiny_run
    model = load_model_policy(run_dir / "final_model.zip")
    assert isinstance(model, NumpyEndScoringPolicy) and model.meta["network"]["layout"]["plan_start"] > 0
    assert list((run_dir / "snapshots").glob("*.npz"))  # the self-play pool took it as a snapshot
    from training.ship_model import ship

    shipped, env_id = ship(str(run_dir / "final_model.zip"), str(tmp_path / "agent.npz"))  # as the zoo holds it
    again = load_model_policy(shipped)
    assert env_id == "trekking_the_world_v0" and isinstance(again, NumpyEndScoringPolicy)
    game = TrekkingTheWorldGame(**PARAMS)
    for obs, mask in list(_positions(game, 1))[:30]:
        assert mask[model.act(obs, mask)] and again.act(obs, mask) == model.act(obs, mask)


def test_the_trainer_refuses_it_where_no_move_names_its_end(tmp_path, capsys):
    from training import train as train_cli

    from test_training_e2e import CONFIG

    cfg = tmp_path / "tiny.yaml"
    cfg.write_text(CONFIG.format(runs=tmp_path / "runs"))
    assert train_cli.main(["--config", str(cfg), "--set", "net.kind=end_scoring"]) == 2
    assert "trekking_the_world_v0" in capsys.readouterr().err
    no_plan = {**PARAMS, "plan_features": False}
    args = ["--config", str(cfg)] + [a for o in [*TTW[:2], f"env.params={no_plan}", "net.kind=end_scoring"]
                                     for a in ("--set", o)]
    assert train_cli.main(args) == 2
    assert "plan_features=true" in capsys.readouterr().err
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_init_from_takes_its_weights_and_refuses_another_kind(tmp_path, tiny_run):
    from training.config import ConfigError, load_config
    from training.train import build_model, build_vec_env
    from training.warm_start import load_initial_weights

    from test_training_e2e import CONFIG

    path = tmp_path / "next.yaml"
    path.write_text(CONFIG.format(runs=tmp_path / "runs"))
    model_zip = tiny_run / "final_model.zip"
    snapshot = sorted((tiny_run / "snapshots").glob("*.npz"))[-1]
    for source, copied in ((model_zip, "actor and critic"), (snapshot, "actor of")):
        cfg = load_config(path, [*TTW, f"train.init_from={source}"])
        model = build_model(cfg, build_vec_env(cfg, 0, []), None)
        assert load_initial_weights(cfg, model).startswith(copied)
        mine = policy_from_sb3(model.policy)
        theirs = load_model_policy(source)
        for obs, mask in list(_positions(TrekkingTheWorldGame(**PARAMS), 1))[:20]:
            np.testing.assert_allclose(mine.logits(obs, mask)[mask], theirs.logits(obs, mask)[mask], atol=1e-5)
    cfg = load_config(path, [*TTW[:3], "net.pi=[32]", "net.vf=[16]", f"train.init_from={model_zip}"])
    with pytest.raises(ConfigError, match="net.kind"):
        load_initial_weights(cfg, build_model(cfg, build_vec_env(cfg, 0, []), None))
