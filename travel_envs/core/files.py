"""Files written all or nothing.

The files a later step reads back (models, replays, ladders, a run's records, teacher data) are
written beside their place under a ``.tmp_<pid>_<name>`` name and renamed over it, so a reader
never sees half a file: a crash or a full disk midway leaves the old file (or none), and a killed
process leaves only a ``.tmp_*`` file, which a resumed run deletes (:func:`remove_leftovers`) and
listings of finished files skip (:func:`finished_files`). (Logs that grow line by line, such as an
evaluation journal, are appended instead.)
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
    suffix and carries the process id, so two processes saving the same file never write into each
    other's temporary file (threads of one process must not save the same file at once). Writers
    that append a suffix of their own (``np.savez`` to a name without ``.npz``) should write to an
    open handle of the temporary path."""
    tmp = temporary_path(path)
    try:
        yield tmp
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def temporary_path(path: str | os.PathLike) -> Path:
    """The name a file is written under until it is complete (for writers that cannot use
    :func:`atomic_path`'s block, such as a process streaming into it); rename it over ``path`` at the end."""
    path = Path(path)
    return path.with_name(f"{TMP_PREFIX}{os.getpid()}_{path.name}")


def finished_files(folder: str | os.PathLike, pattern: str) -> list[Path]:
    """The files of ``folder`` matching ``pattern``, without the temporary ones of a write under way
    or killed (``Path.glob`` lists names that start with a dot too)."""
    return [p for p in Path(folder).glob(pattern) if not p.name.startswith(TMP_PREFIX)]


def remove_leftovers(folder: str | os.PathLike) -> list[Path]:
    """Delete the temporary files that killed writes left anywhere under ``folder``; returns them."""
    gone = [p for p in Path(folder).rglob(f"{TMP_PREFIX}*") if p.is_file()]
    for p in gone:
        p.unlink(missing_ok=True)
    return gone


def write_text_atomic(path: str | os.PathLike, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` all or nothing; returns the path."""
    path = Path(path)
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return path
