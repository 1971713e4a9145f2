"""Smoke test of the Trek balance study (benchmarks/trek_balance.py): it runs and reports every part."""

from __future__ import annotations

import json

from benchmarks import trek_balance


def test_balance_study_runs_and_reports(tmp_path, capsys):
    out = tmp_path / "study.json"
    assert trek_balance.main(["--games", "3", "--players", "2", "3", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Camp 12" in text and "hoard vs heuristic" in text and "rush vs heuristic" in text
    data = json.loads(out.read_text())
    sp = data["results"]["2"]["self_play"]
    assert sp["games"] == 3 and sum(sp["ends"].values()) == 3
    assert set(sp["ends"]) == {"reached Camp 12", "last player left", "turn cap"}


def test_ablation_walks_from_v0_to_v1(capsys):
    assert trek_balance.ABLATION_STEPS[0][0] == "v0-reconstruction"
    params = {}
    for _, change in trek_balance.ABLATION_STEPS:
        params.update(change)
    from travel_envs.games.trek import components as C

    assert all(params[k] == v for k, v in C.ECONOMIES["v1"].items() if k in params)
    assert set(C.ECONOMIES["v1"]) - set(params) == {
        k for k, v in C.ECONOMIES["v1"].items() if C.ECONOMIES["v0-reconstruction"][k] == v}
