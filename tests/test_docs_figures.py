"""Every "k / n = p% [lo, hi]" the README and docs quote is arithmetically right: the rate is k / n and the
interval is the Wilson 95% interval of that same k (a draw counted half where k ends in .5). Hundreds of
figures are typed by hand from run logs; a slip (an interval of another count, a rounding, a draw counted
one way in the rate and another in the interval) breaks here, not in a reader's comparison."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from travel_envs.evaluation.stats import wilson_interval

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: "k / n = p% [lo, hi]": k may end in .5 (a draw counted half) or be followed by "wins and d draws"; the
#: figures may be bold; the interval may be missing (the rate alone is checked then); in a table the rate
#: may stand in the next cell, and is read there only with its interval (other cells pair other numbers)
K_N = r"(?<![\d.])(?P<k>\d+(?:\.5)?)\s+/\s+(?P<n>\d+)(?:\s+wins and (?P<draws>\d+) draws?)?\**\s*"
NUMBER = r"(\d+(?:\.\d)?)"
FIGURE = re.compile(K_N + rf"(?:=\s*\**{NUMBER}%(?:\s+\[{NUMBER}%?,\s+{NUMBER}%?\])?"
                          rf"|\|\s*\**{NUMBER}%\s+\[{NUMBER}%?,\s+{NUMBER}%?\])")
#: a figure is printed to one decimal: half a unit of it, and a little for the rounding of the print
TOLERANCE = 0.051


def figures(text: str):
    """(line, quoted text, k, n, rate, (low, high) or None) of every figure quoted in ``text``."""
    for m in FIGURE.finditer(text):
        rate, low, high = m.group(4, 5, 6) if m[4] is not None else m.group(7, 8, 9)
        yield (text[: m.start()].count("\n") + 1, m[0], float(m["k"]) + int(m["draws"] or 0) / 2, int(m["n"]),
               float(rate), None if low is None else (float(low), float(high)))


def wrong_figures(text: str) -> list[str]:
    """The quoted figures of ``text`` whose rate or interval does not follow from their k and n."""
    wrong = []
    for line, quoted, k, n, rate, interval in figures(text):
        if not 0 <= k <= n or n == 0:
            wrong.append(f"line {line}: {quoted!r}: k outside 0..n")
            continue
        lo, hi = (100 * x for x in wilson_interval(k, n))
        errors = [abs(100 * k / n - rate)] + ([abs(lo - interval[0]), abs(hi - interval[1])] if interval else [])
        if max(errors) > TOLERANCE:
            wrong.append(f"line {line}: {quoted!r} should read {100 * k / n:.1f}% [{lo:.1f}, {hi:.1f}]")
    return wrong


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_quoted_win_rates_and_intervals_follow_from_their_counts(page):
    wrong = wrong_figures(page.read_text(encoding="utf-8"))
    assert not wrong, f"{page.relative_to(ROOT)}: " + "; ".join(wrong)


def test_the_check_reads_figures_across_line_breaks_and_catches_slips():
    assert wrong_figures("won 343 / 600 = 57.2% [53.2, 61.1] and 140.5 / 200 =\n70.2% [63.6, 76.2]") == []
    slips = ("343 / 600 = 57.2% [53.2, 61.0]",  # the interval's upper end misrounded
             "216.5 / 400 = 54.1% [49.1, 58.8]",  # the interval of 216 sole wins beside the rate with the draw
             "50 / 100 = 55.0% [40.4, 59.6]")  # a rate that is not k / n
    for slip in slips:
        assert len(wrong_figures(f"it won {slip} here")) == 1, slip
    assert wrong_figures("197 / 400 wins and 1 draw = 49.4% [44.5, 54.3]; 56 / 400 =\n**14.0% [10.9, 17.7]**") == []
    assert wrong_figures("| **228 / 400** | **57.0% [52.1, 61.8]** |; 91 / 200 = 45.5%") == []
    assert len(wrong_figures("197 / 400 wins and 1 draw = 49.2% [44.4, 54.1]")) == 1  # the draw left out
    assert len(wrong_figures("91 / 200 = 45.0%")) == 1
    assert wrong_figures("| 315 / 272 | 52.5% |") == []  # two cells of a table: not a figure
    assert sum(1 for page in PAGES for _ in figures(page.read_text(encoding="utf-8"))) > 400
