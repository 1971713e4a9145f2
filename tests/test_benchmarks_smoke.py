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


def test_decision_cost_compares_policies_on_the_same_positions(capsys):
    from benchmarks import decision_cost

    assert decision_cost.main(["--env", "trekking_v0", "--policies", "mcts:20", "random", "--positions", "6"]) == 0
    text = capsys.readouterr().out
    assert "| mcts:20 |" in text and "| random |" in text and "times faster than mcts:20" in text
    assert decision_cost.main(["--env", "trekking_v0", "--positions", "0"]) == 2
