"""A tiny RLlib run: trains, checkpoints, restores, evaluates through our arena, and
never samples a masked-out action in RLlib's own env runner.

One local env runner (``num_env_runners: 0``: sampling in the driver), a few
hundred env steps per iteration; the time goes into Ray's start-up.
"""

from pathlib import Path

import numpy as np
import pytest

ray = pytest.importorskip("ray")
pytest.importorskip("ray.rllib")

from travel_envs.rllib.env import MASK_KEY  # noqa: E402
from travel_envs.rllib.policy import learner_module, load_module_policy  # noqa: E402
from training.train_rllib import evaluate_policy, load_config, train  # noqa: E402

TINY = Path(__file__).resolve().parents[1] / "configs" / "rllib_tiny.yaml"


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    yield
    ray.shutdown()


def _weights(module):
    return {k: v.detach().clone() for k, v in module.state_dict().items()}


def _check_masks(episodes) -> dict[str, int]:
    """Every action of every agent was legal in the observation it was taken on."""
    counts: dict[str, int] = {}
    for ep in episodes:
        for sa in ep.agent_episodes.values():
            actions = np.asarray(sa.get_actions())
            if not len(actions):
                continue
            masks = np.asarray(sa.get_observations()[MASK_KEY])[: len(actions)]
            assert masks.shape == (len(actions), 159)
            assert (masks[np.arange(len(actions)), actions] == 1.0).all(), sa.module_id
            counts[sa.module_id] = counts.get(sa.module_id, 0) + len(actions)
    return counts


def test_tiny_run_trains_checkpoints_restores_and_evaluates(tmp_path, local_ray):
    cfg = load_config(TINY, [f"runs_dir={tmp_path}"])
    lines: list[str] = []
    out = train(cfg, tmp_path / "run", log=lines.append)
    run = out["run_dir"]

    # trained: two iterations of sampling + learning, logged to progress.csv
    assert [r["iteration"] for r in out["rows"]] == [1, 2]
    assert out["rows"][1]["env_steps"] >= 2 * cfg.ppo.train_batch_size_per_learner
    assert len((run / "progress.csv").read_text().strip().splitlines()) == 3
    # checkpointed: the periodic one (kept: 1) and the final one
    assert (run / "checkpoints" / "iter_00001" / "rllib_checkpoint.json").is_file()
    final = out["checkpoint"]
    assert (final / "rllib_checkpoint.json").is_file()
    # evaluated through the arena, periodically and at the end, in the arena's table format
    report = (run / "evaluation.md").read_text()
    assert report.count("| policy | vs | games |") == 2 and "## iteration 1" in report and "## final" in report
    assert [s["opponents"] for s in out["summaries"]] == ["random", "heuristic"]
    assert all(s["games"] == 4 for s in out["summaries"])

    # the learned module alone, straight from the checkpoint, as an arena Policy
    policy = load_module_policy(final, "learner")
    text, summaries = evaluate_policy(policy, cfg, 2, "from checkpoint")
    assert "| rllib:learner | random | 2 |" in text and summaries[0]["games"] == 2

    # ... and from the command line: the checkpoint folder is the policy, the env comes from the run's config
    from training import evaluate as evaluate_cli

    out_md = tmp_path / "cli.md"
    assert evaluate_cli.main(["--policy", str(final), "--opponents", "random", "--games", "2",
                              "--out", str(out_md)]) == 0
    text = out_md.read_text()
    assert text.startswith("## globetrotter_v0 {'num_players': 2}") and "| random | 2 |" in text
    assert evaluate_cli.main(["--env", "globetrotter_v0", "--league", "random", f"model:{final}",
                              "--games", "2"]) == 0

    # restored: the full algorithm continues from the final checkpoint
    cfg2 = load_config(TINY, [f"runs_dir={tmp_path}", f"train.restore_from={final}", "train.iterations=1",
                              "train.checkpoint_every=0", "eval.every=0", "eval.final_games=2"])
    out2 = train(cfg2, tmp_path / "run2", log=lines.append, keep_algorithm=True)
    algo = out2["algorithm"]
    try:
        assert any(line.startswith(f"restored {final} at iteration 2") for line in lines)
        assert [r["iteration"] for r in out2["rows"]] == [3]
        restored = load_module_policy(out2["checkpoint"], "learner").module
        now = learner_module(algo, "learner")
        for k, v in _weights(now).items():
            assert torch_equal(v, restored.state_dict()[k])
        before = _weights(policy.module)
        assert any(not torch_equal(v, restored.state_dict()[k]) for k, v in before.items())  # it learned on

        # RLlib's own env runner, exploring: no masked-out action, learner or baseline
        episodes = algo.env_runner.sample(num_timesteps=1500, explore=True)
        counts = _check_masks(episodes)
        assert counts.get("learner", 0) > 300 and counts.get("random", 0) + counts.get("heuristic", 0) > 300
    finally:
        algo.stop()


def torch_equal(a, b) -> bool:
    import torch

    return bool(torch.equal(a, b))
