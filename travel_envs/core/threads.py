"""numpy's BLAS on one thread, in the processes that play games.

A policy network here multiplies one observation at a time (:class:`travel_envs.agents.model.NumpyMLPPolicy`).
OpenBLAS splits even that product over every core, and where the other cores are busy (worker pools,
a training run, a shared machine) its threads wait for each other: a Trekking the World decision took
4 ms of CPU instead of 0.1 ms in the DAgger workers of a training run. One thread is what such small
products want. torch keeps its own thread pool (OpenMP), which this leaves alone.
"""

from __future__ import annotations


def one_blas_thread() -> None:
    """Limit numpy's BLAS to one thread in this process (a pool's initializer, a tool's start)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(1, user_api="blas")
