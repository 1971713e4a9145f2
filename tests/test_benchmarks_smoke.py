"""The SB3 benchmarks run end to end on a tiny budget (their figures are measured by hand, not here)."""

import json

from benchmarks import sb3_breakdown, sb3_throughput


def test_sb3_throughput_with_the_pipeline_side(tmp_path, capsys):
    out = tmp_path / "bench.json"
    sb3_throughput.main(["--steps", "256", "--repeats", "1", "--config", "configs/quickstart.yaml",
                         "--json", str(out)])
    def no_constants(name):
        raise AssertionError(f"non-standard JSON constant {name}")

    data = json.loads(out.read_text(), parse_constant=no_constants)
    assert set(data["runs"]) == {"ours", "reference", "pipeline"}
    assert data["ratio_wall"] > 0 and data["ratio_pipeline_wall"] > 0
    assert data["runs"]["pipeline"][0]["steps"] >= 256
    assert "ratio pipeline/reference" in capsys.readouterr().out


def test_sb3_breakdown_prints_every_side(capsys):
    sb3_breakdown.main(["--steps", "256", "--repeats", "1"])
    text = capsys.readouterr().out
    for side in ("ours", "reference", "replay (ours, zero-cost env)"):
        assert side in text
