"""Teacher data (training/teacher_data.py): the same samples wherever the games run, chunks kept on
disk so that a killed run resumes, soft targets from a search teacher, and the cloning loss on them."""

from __future__ import annotations

import numpy as np
import pytest

from training import teacher_data as td
from travel_envs.core.game import ParameterError

ENV, PARAMS = "trekking_v0", {"num_players": 2}


def _job(teacher="heuristic", seed=5, **kw):
    return td.job_settings(ENV, PARAMS, teacher, ["heuristic", "random"], seed=seed, gamma=0.99, **kw)


def _same(a: td.Demonstrations, b: td.Demonstrations) -> None:
    assert len(a) == len(b) > 0
    for field, x, y in zip(td.Demonstrations._fields, a, b):
        np.testing.assert_array_equal(x, y, err_msg=field)


def test_the_samples_do_not_depend_on_chunks_or_processes(tmp_path):
    """Every game reseeds its players: one process, two processes, or games played one by one in
    another order give the same samples."""
    one = td.generate(_job(), 9, tmp_path / "one", processes=1, progress=False)
    two = td.generate(_job(), 9, tmp_path / "two", processes=2, progress=False)
    _same(one, two)
    by_game = td.Demonstrations.concatenate([td.play_games(_job(), [g]) for g in range(9)])
    _same(one, by_game)
    assert len(list((tmp_path / "one").glob("chunk_*.npz"))) == -(-9 // td.CHUNK_GAMES)
    other_seed = td.generate(_job(seed=6), 9, tmp_path / "three", progress=False)
    assert not np.array_equal(one.actions[:50], other_seed.actions[:50])


def test_a_killed_run_resumes_with_the_chunks_it_wrote(tmp_path, teacher_chunks):
    folder = tmp_path / "data"
    teacher_chunks.kill_after(2)
    with pytest.raises(KeyboardInterrupt):
        td.generate(_job(), 4 * td.CHUNK_GAMES, folder, progress=False)
    assert len(list(folder.glob("chunk_*.npz"))) == 2 and not list(folder.glob(".tmp_*"))
    teacher_chunks.resume()
    resumed = td.generate(_job(), 4 * td.CHUNK_GAMES, folder, progress=False)
    assert teacher_chunks.played == [2 * td.CHUNK_GAMES, 3 * td.CHUNK_GAMES]  # only the missing chunks
    _same(resumed, td.generate(_job(), 4 * td.CHUNK_GAMES, tmp_path / "whole", progress=False))


def test_a_folder_made_with_other_settings_is_refused(tmp_path):
    td.generate(_job(), 2, tmp_path, progress=False)
    with pytest.raises(ParameterError, match="other settings.*new folder or delete"):
        td.generate(_job(teacher="random"), 2, tmp_path, progress=False)
    with pytest.raises(ParameterError, match="other settings"):
        td.generate(_job(driver=b"weights"), 2, tmp_path, progress=False)


def test_a_search_teacher_gives_visit_shares_and_a_rule_based_one_its_move(tmp_path):
    rows = lambda d: np.arange(len(d))  # noqa: E731
    ruled = td.play_games(_job(), [0, 1])
    np.testing.assert_array_equal(ruled.targets[rows(ruled), ruled.actions], 1.0)
    assert ruled.targets.astype(np.float32).sum() == len(ruled)
    searched = td.play_games(_job("mcts:24"), [0])
    shares = searched.targets.astype(np.float32)
    np.testing.assert_allclose(shares.sum(axis=1), 1.0, atol=2e-3)
    assert not shares[~searched.masks].any()
    assert (shares[rows(searched), searched.actions] == shares.max(axis=1)).all()
    assert ((shares > 0).sum(axis=1) > 1).mean() > 0.5
    # the value target is the seat's discounted outcome: +-gamma**k, one sign per seat and game
    assert set(np.sign(searched.values).tolist()) <= {-1.0, 0.0, 1.0}


def test_cloning_on_visit_shares_fits_the_shares_not_only_the_move():
    """With soft targets the fitted policy spreads its probability like the teacher's visits; cloning
    on the moves alone puts (almost) all of it on the move."""
    pytest.importorskip("sb3_contrib")
    import torch as th
    from training import pretrain as bc
    from training.config import validate
    from training.train import build_model, build_vec_env

    cfg = validate({"env": {"id": ENV, "params": PARAMS}, "train": {"n_envs": 1, "vec_env": "dummy"},
                    "net": {"pi": [32], "vf": [32]}})
    data = td.play_games(_job("mcts:24"), [0, 1, 2])
    spread = (data.targets.astype(np.float32) > 0).sum(axis=1) > 1
    fitted = {}
    for soft in (True, False):
        model = build_model(cfg, build_vec_env(cfg, 0, []), None)
        bc.clone(model, data, epochs=60, batch_size=64, learning_rate=3e-3, seed=0,
                 holdout=np.zeros(len(data), bool), soft_targets=soft, log=lambda *_: None)
        with th.no_grad():
            dist = model.policy.get_distribution(th.as_tensor(data.observations.astype(np.float32)),
                                                 action_masks=data.masks)
            fitted[soft] = dist.distribution.probs.numpy()
    chosen = np.arange(len(data)), data.actions
    targets = data.targets.astype(np.float32)
    soft_error = np.abs(fitted[True] - targets)[spread].sum(axis=1).mean()
    hard_error = np.abs(fitted[False] - targets)[spread].sum(axis=1).mean()
    assert soft_error < 0.5 * hard_error, (soft_error, hard_error)
    assert fitted[False][chosen][spread].mean() > fitted[True][chosen][spread].mean()
