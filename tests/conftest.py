import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


import pytest  # noqa: E402


class TeacherChunks:
    """Records the first game of every teacher chunk played; ``kill_after(n)`` makes the next chunk
    after ``n`` played raise KeyboardInterrupt (a run killed while the teacher plays)."""

    def __init__(self, monkeypatch):
        from training import teacher_data

        self.played: list[int] = []
        self._limit: int | None = None
        original = teacher_data.play_games

        def play(job, games):
            if self._limit is not None and len(self.played) >= self._limit:
                raise KeyboardInterrupt
            self.played.append(games[0])
            return original(job, games)

        monkeypatch.setattr(teacher_data, "play_games", play)

    def kill_after(self, chunks: int) -> None:
        self._limit = chunks

    def resume(self) -> None:
        """Count afresh and let every chunk play."""
        self.played.clear()
        self._limit = None


@pytest.fixture
def teacher_chunks(monkeypatch) -> TeacherChunks:
    return TeacherChunks(monkeypatch)
