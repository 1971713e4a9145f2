"""travel_envs.core.files: a file is replaced whole or not at all."""

import numpy as np
import pytest

from travel_envs.core.files import TMP_PREFIX, atomic_path, write_text_atomic


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
