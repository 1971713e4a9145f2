"""Connecting to Ray, for the trainers that spread work over a cluster (RLlib, teacher data)."""

from __future__ import annotations

from typing import Any

from travel_envs.core.game import ParameterError


def connect(address: str | None = None, num_cpus: int | None = None) -> Any:
    """Ray, initialised: joined to the cluster at ``address`` (``"auto"``: the one ``ray start`` runs on
    this machine; ``host:port``), else ``$RAY_ADDRESS``'s, else a local instance of ``num_cpus`` CPUs.
    A running Ray in this process is reused."""
    try:
        import ray
    except ImportError:
        raise ParameterError("Ray is not installed; install the extra: pip install -e '.[rllib]'") from None
    if ray.is_initialized():
        return ray
    kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
    if address:
        kwargs["address"] = address
    elif num_cpus:
        kwargs["num_cpus"] = num_cpus
    try:
        ray.init(**kwargs)
    except ConnectionError as exc:
        raise ParameterError(f"cannot reach a Ray cluster at {address!r} ({exc}); start one with "
                             f"'ray start --head' or leave the address out to work locally") from None
    return ray
