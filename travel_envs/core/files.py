"""Files written all or nothing.

Every file the package writes for later reading (models, replays, ladders, a run's records, teacher
data) is written beside its place under a ``.tmp_<pid>_<name>`` name and renamed over it, so a
reader never sees half a file: a crash or a full disk midway leaves the old file (or none), and a
killed process leaves only a ``.tmp_*`` file that a resumed run deletes
(``training.callbacks.remove_leftover_tmp``).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

TMP_PREFIX = ".tmp_"


@contextmanager
def atomic_path(path: str | os.PathLike) -> Iterator[Path]:
    """Yield a temporary path beside ``path`` to write to; when the block ends normally the file
    is moved over ``path``, when it raises the temporary file is removed. The name keeps the
    suffix (``np.savez`` would otherwise append ``.npz``) and carries the process id, so two
    processes saving the same file never write into each other's temporary file."""
    path = Path(path)
    tmp = path.with_name(f"{TMP_PREFIX}{os.getpid()}_{path.name}")
    try:
        yield tmp
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def write_text_atomic(path: str | os.PathLike, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` all or nothing; returns the path."""
    path = Path(path)
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return path
