"""numpy's BLAS runs on one thread where games are played (travel_envs/core/threads.py): in the tools'
processes and in the workers of the evaluation and teacher-data pools."""

import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from travel_envs.core.threads import one_blas_thread
from travel_envs.evaluation.arena import play_match
from travel_envs.tools.cli import run_cli


def blas_threads() -> list[int]:
    return [d["num_threads"] for d in threadpool_info() if d["user_api"] == "blas"]


@pytest.fixture
def two_blas_threads():
    if not blas_threads():
        pytest.skip("numpy has no BLAS that threadpoolctl can see")
    with threadpool_limits(2, user_api="blas"):
        assert set(blas_threads()) == {2}
        yield


def test_one_blas_thread_limits_numpy(two_blas_threads):
    one_blas_thread()
    assert set(blas_threads()) == {1}


def test_tools_start_with_one_blas_thread(two_blas_threads):
    seen = []
    assert run_cli(lambda argv: seen.extend(blas_threads())) == 0
    assert set(seen) == {1}


class _FakeContext:
    """A multiprocessing context whose pool records its initializer and stops."""

    def __init__(self, seen: list):
        self.seen = seen

    def Pool(self, processes, initializer=None):  # noqa: N802 - multiprocessing's name
        self.seen.append(initializer)
        raise RuntimeError("stop")


def test_pool_workers_have_one_blas_thread(monkeypatch):
    import travel_envs.evaluation.arena as arena
    from training import teacher_data as td

    seen = []
    monkeypatch.setattr(arena.mp, "get_context", lambda method: _FakeContext(seen))
    with pytest.raises(RuntimeError, match="stop"):
        play_match("trekking_v0", ["random", "random"], games=4, processes=2, progress=False)
    job = td.job_settings("trekking_v0", {}, "heuristic", ["random"], 0, 0.99)
    with pytest.raises(RuntimeError, match="stop"):
        next(td._run(job, [[0], [1]], processes=2, address=None))
    assert seen == [one_blas_thread, one_blas_thread]
