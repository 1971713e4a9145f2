"""benchmarks/search.py runs end to end on the toy games (its figures are measured by hand, not here)."""

import json

from benchmarks import search as bench


def test_search_benchmark_reports_rates_and_missing_resampling(tmp_path, capsys):
    out = tmp_path / "search.json"
    rows = bench.run(["--env", "toy_game:HighCardGame", "--env", "test_mcts:BlindRaceGame", "--budget", "8",
                       "--seconds", "0", "--positions", "3", "--json", str(out)])
    card, blind = rows
    assert card["decisions"] >= 1 and card["simulations_per_s"] == 8 * card["decisions_per_s"] > 0
    assert card["clone_us"] > 0 and card["resample_us"] > 0 and card["spec"] == "mcts:8"
    assert blind["resample"] == "not implemented" and "simulations_per_s" not in blind
    assert "not implemented" in capsys.readouterr().out
    assert json.loads(out.read_text())["rows"][1]["resample"] == "not implemented"


def test_positions_spread_over_short_games():
    from toy_game import HighCardGame

    states = bench.sample_positions(HighCardGame(num_players=3), 5)
    assert len(states) == 5 and all(not s.is_terminal for s in states)
