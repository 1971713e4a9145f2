"""The standing picture: its figures are the README's, it is drawn, and bad input is refused."""

from __future__ import annotations

import json
import re
from pathlib import Path

from training import plot_standing as standing_cli

ROOT = Path(__file__).resolve().parents[1]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_every_figure_of_the_picture_is_quoted_in_the_readme():
    readme = re.sub(r"\s+", " ", (ROOT / "README.md").read_text(encoding="utf-8"))
    rows = standing_cli.read_standing()
    assert [env for env, _ in rows] == ["trekking_v0", "trek_v0", "itchy_feet_v0", "globetrotter_v0",
                                        "trekking_the_world_v0"]
    for env, figures in rows:
        for figure in filter(None, figures.values()):
            low, high = figure.interval()
            quoted = f"{figure.rate * 100:.1f}% [{low * 100:.1f}, {high * 100:.1f}]"
            assert quoted in readme, (env, quoted)
    assert "docs/img/standing.png" in readme


def test_the_picture_is_drawn_and_counts_the_bars_met(tmp_path, capsys):
    out = tmp_path / "standing.png"
    assert standing_cli.main(["--out", str(out)]) == 0
    assert out.read_bytes().startswith(PNG_MAGIC)
    met = sum(f.meets_bar() for _, figures in standing_cli.read_standing() for f in figures.values() if f)
    assert f"{met} of 10 bars met" in capsys.readouterr().out
    assert standing_cli.Figure(120, 200).meets_bar() and not standing_cli.Figure(110, 200).meets_bar()  # 55%, low 48%
    assert not standing_cli.Figure(57, 100).meets_bar()  # 57% but a lower bound under 50%


def test_picture_input_is_refused_clearly(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"games": [{"env_id": "trek_v0", "quick": {"wins": 7, "games": 5}, "strong": None}]}))
    (tmp_path / "loose.json").write_text(json.dumps({"games": [{"env_id": "trek_v0"}]}))
    out = str(tmp_path / "p.png")
    cases = [
        (["--standing", str(tmp_path / "missing.json"), "--out", out], "no such file"),
        (["--standing", str(bad), "--out", out], "7 wins of 5 games"),
        (["--standing", str(tmp_path / "loose.json"), "--out", out], "not a standing file"),
        (["--out", str(tmp_path / "no_dir" / "p.png")], "--out"),
    ]
    for argv, message in cases:
        assert standing_cli.main(argv) == 2, argv
        assert message in capsys.readouterr().err, argv
    assert not (tmp_path / "p.png").exists()
