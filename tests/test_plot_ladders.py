"""The ladder picture: a placed policy drawn by evaluate and by the picture script, bad input refused."""

from __future__ import annotations

import json

from training import build_ladder as build_cli
from training import evaluate as evaluate_cli
from training import plot_ladders as plot_cli

ENV = "trekking_v0"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_a_placement_is_drawn_by_evaluate_and_by_the_picture_script(tmp_path, capsys):
    lad = tmp_path / "ladder.json"
    assert build_cli.main(["--env", ENV, "--members", "random", "heuristic", "--games", "4", "--out", str(lad)]) == 0
    placed, picture = tmp_path / "placed.json", tmp_path / "placed.png"
    assert evaluate_cli.main(["--env", ENV, "--ladder", "mcts:4", "--ladder-file", str(lad), "--games", "4",
                              "--json", str(placed), "--plot", str(picture)]) == 0
    assert picture.read_bytes().startswith(PNG_MAGIC)
    assert plot_cli.read_placement(placed).policy == "mcts:4"
    capsys.readouterr()
    every = tmp_path / "every.png"
    assert plot_cli.main(["--placements", str(placed), "--out", str(every)]) == 0
    # every published ladder, with the placement on its game's
    assert every.read_bytes().startswith(PNG_MAGIC) and "5 ladders, 1 placements" in capsys.readouterr().out


def test_picture_input_is_refused_clearly(tmp_path, capsys):
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"policy": "x", "env_id": "trek_v0", "elo": 1500, "elo_low": 1400,
                                 "elo_high": 1600}))
    (tmp_path / "bad.json").write_text("[1, 2]")
    out = str(tmp_path / "p.png")
    cases = [
        (["--placements", str(tmp_path / "missing.json"), "--out", out], "no such file"),
        (["--placements", str(tmp_path / "bad.json"), "--out", out], "not a ladder placement"),
        (["--env", ENV, "--placements", str(other), "--out", out], "trek_v0 is not drawn"),
        (["--env", "nope_v0", "--out", out], "no ladder is published"),
        (["--out", str(tmp_path / "no" / "p.png")], "does not exist"),
    ]
    for argv, message in cases:
        assert plot_cli.main(argv) == 2, argv
        assert message in capsys.readouterr().err, argv
    assert not (tmp_path / "p.png").exists()  # nothing half-written
    assert evaluate_cli.main(["--env", ENV, "--policy", "random", "--plot", out]) == 2
    assert "--plot goes with --ladder" in capsys.readouterr().err

