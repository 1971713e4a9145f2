"""benchmarks/search.py runs end to end on the toy games (its figures are measured by hand, not here)."""

import json

import pytest

from benchmarks import search as bench
from travel_envs.core.game import ParameterError


def test_search_benchmark_reports_rates_and_missing_resampling(tmp_path, capsys):
    out = tmp_path / "search.json"
    rows = bench.run(["--env", "toy_game:HighCardGame", "--env", "test_mcts:BlindRaceGame", "--budget", "8",
                       "--seconds", "0", "--positions", "3", "--json", str(out)])
    card, blind = rows
    assert card["decisions"] >= 1 and card["decisions_per_s"] > 0
    assert card["simulations_per_s"] == pytest.approx(8 * card["decisions_per_s"])
    assert card["clone_us"] > 0 and card["resample_us"] > 0 and card["spec"] == "mcts:8:random:depth=end:bias=0"
    assert blind["resample"] == "not implemented" and "simulations_per_s" not in blind
    assert "not implemented" in capsys.readouterr().out
    assert json.loads(out.read_text())["rows"][1]["resample"] == "not implemented"


def test_positions_spread_over_short_games():
    from toy_game import HighCardGame

    states = bench.sample_positions(HighCardGame(num_players=3), 5)
    assert len(states) == 5 and all(not s.is_terminal for s in states)


def test_any_spec_can_be_measured():
    [row] = bench.run(["--env", "toy_game:HighCardGame", "--spec", "mcts:time=0.001:c=0.5", "--seconds", "0",
                       "--positions", "2"])
    assert row["spec"] == "mcts:time=0.001:random:depth=end:c=0.5:bias=0" and row["simulations_per_s"] > 0
    with pytest.raises(ParameterError, match="c='x' is not a number"):
        bench.run(["--env", "toy_game:HighCardGame", "--spec", "mcts:8:c=x"])


def test_the_time_of_a_simulation_is_split_into_its_parts(capsys):
    [row] = bench.run(["--env", "toy_game:HighCardGame", "--budget", "16", "--seconds", "0", "--positions", "3",
                       "--breakdown", "3"])
    shares = row["breakdown"]
    assert list(shares) == list(bench.PARTS) and sum(shares.values()) == pytest.approx(1.0)
    assert shares["resample"] + shares["clone"] > 0 and shares["legal actions"] > 0 and shares["apply action"] > 0
    assert row["simulations_per_cpu_s"] > 0
    assert "time: resample" in capsys.readouterr().out
    [row] = bench.run(["--env", "toy_game:HighCardGame", "--budget", "4", "--seconds", "0", "--breakdown", "0"])
    assert "breakdown" not in row


def test_a_reference_checkout_is_measured_alongside(tmp_path, monkeypatch, capsys):
    """The project itself as its own reference: a subprocess measures it, the ratio is printed."""
    import os
    from pathlib import Path

    root = Path(bench.__file__).resolve().parents[1]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(root / "tests"), os.environ.get("PYTHONPATH", "")]))
    [row] = bench.run(["--env", "toy_game:HighCardGame", "--budget", "4", "--seconds", "0", "--positions", "2",
                       "--breakdown", "0", "--reference", str(root)])
    assert row["reference"]["simulations_per_cpu_s"] > 0 and "speed-up" in capsys.readouterr().out
    with pytest.raises(ParameterError, match="is not a checkout of this project"):
        bench.run(["--env", "toy_game:HighCardGame", "--reference", str(tmp_path)])


def test_a_state_that_plays_its_own_playout_has_it_split_into_the_parts():
    """Trekking's state plays the search's random play-out itself (``random_playout``): its moves, legal
    ids and random picks are the play-out's parts, not the tree's."""
    [row] = bench.run(["--env", "trekking_v0", "--budget", "16", "--seconds", "0", "--positions", "2",
                       "--breakdown", "2"])
    shares = row["breakdown"]
    assert sum(shares.values()) == pytest.approx(1.0)
    assert shares["play-out policy"] > 0 and shares["apply action"] > 0 and shares["legal actions"] > 0
