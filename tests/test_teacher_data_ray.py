"""Teacher games on a two-node Ray cluster started on this machine (``ray start --head``, then a
second ``ray start --address=...``): the same samples as local processes, tasks on both nodes."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile

import numpy as np
import pytest

pytestmark = pytest.mark.slow
ray = pytest.importorskip("ray")

from training import teacher_data as td  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def two_node_cluster(tmp_path, monkeypatch):
    """A head and a worker node of one CPU each; token authentication off (localhost only)."""
    if shutil.which("ray") is None:
        pytest.skip("the ray command is not on PATH")
    env = {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    port = _free_port()
    temp_dir = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # Ray's socket paths must stay short
    address = f"127.0.0.1:{port}"

    def run(*args):
        return subprocess.run(["ray", *args], env=env, capture_output=True, text=True, timeout=180)

    try:
        head = run("start", "--head", f"--port={port}", "--num-cpus=1", "--include-dashboard=false",
                   "--disable-usage-stats", f"--temp-dir={temp_dir}")
        assert head.returncode == 0, head.stderr[-2000:]
        node = run("start", f"--address={address}", "--num-cpus=1")
        assert node.returncode == 0, node.stderr[-2000:]
        yield address
    finally:
        if ray.is_initialized():
            ray.shutdown()
        run("stop", "--force")
        shutil.rmtree(temp_dir, ignore_errors=True)


def test_teacher_games_on_a_two_node_cluster_match_local_processes(two_node_cluster, tmp_path, capsys):
    job = td.job_settings("trekking_v0", {"num_players": 2}, "heuristic", ["heuristic", "random"], seed=5,
                          gamma=0.99)
    games = 6 * td.CHUNK_GAMES
    on_ray = td.generate(job, games, tmp_path / "ray_data", address=two_node_cluster, progress=False)
    nodes = [n for n in ray.nodes() if n["Alive"]]
    assert len(nodes) == 2 and sum(n["Resources"].get("CPU", 0) for n in nodes) == 2
    assert "6 chunks played on 2 node(s) of the Ray cluster" in capsys.readouterr().out
    local = td.generate(job, games, tmp_path / "local_data", processes=2, progress=False)
    assert len(on_ray) == len(local) > 0
    for field, a, b in zip(td.Demonstrations._fields, on_ray, local):
        np.testing.assert_array_equal(a, b, err_msg=field)
