"""travel_envs.core.files: a file is replaced whole or not at all."""

import numpy as np
import pytest

from travel_envs.core.files import TMP_PREFIX, atomic_path, finished_files, remove_leftovers, write_text_atomic


def test_a_failed_write_keeps_the_old_file_and_leaves_nothing_behind(tmp_path):
    path = write_text_atomic(tmp_path / "a.json", "old")
    with pytest.raises(RuntimeError):
        with atomic_path(path) as tmp:
            tmp.write_text("half")
            raise RuntimeError("killed midway")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_the_temporary_name_keeps_the_suffix(tmp_path):
    path = tmp_path / "w.npz"
    with atomic_path(path) as tmp:
        assert tmp.name.startswith(TMP_PREFIX) and tmp.suffix == ".npz" and tmp.parent == tmp_path
        np.savez(tmp, x=np.arange(3))
    assert [p.name for p in tmp_path.iterdir()] == ["w.npz"]
    with np.load(path) as data:
        assert data["x"].tolist() == [0, 1, 2]


def test_listings_skip_and_resumes_remove_what_a_killed_write_left(tmp_path):
    (tmp_path / "sub").mkdir()
    write_text_atomic(tmp_path / "a.json", "done")
    leftovers = [tmp_path / f"{TMP_PREFIX}123_b.json", tmp_path / "sub" / f"{TMP_PREFIX}9_c.npz"]
    for p in leftovers:
        p.write_text("half")
    assert [p.name for p in finished_files(tmp_path, "*.json")] == ["a.json"]
    assert sorted(remove_leftovers(tmp_path)) == sorted(leftovers)
    assert not any(p.exists() for p in leftovers) and (tmp_path / "a.json").is_file()
