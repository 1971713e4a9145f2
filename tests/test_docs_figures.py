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
FIGURE = re.compile(r"(\d+(?:\.5)?)\s+/\s+(\d+)\s+=\s+(\d+(?:\.\d)?)%\s+\[(\d+(?:\.\d)?)%?,\s+(\d+(?:\.\d)?)%?\]")
#: a figure is printed to one decimal: half a unit of it, and a little for the rounding of the print
TOLERANCE = 0.051


def wrong_figures(text: str) -> list[str]:
    """The quoted figures of ``text`` whose rate or interval does not follow from their k and n."""
    wrong = []
    for m in FIGURE.finditer(text):
        k, n = float(m[1]), int(m[2])
        rate, low, high = (float(m[i]) for i in (3, 4, 5))
        if not 0 <= k <= n or n == 0:
            wrong.append(f"{m[0]!r}: k outside 0..n")
            continue
        lo, hi = (100 * x for x in wilson_interval(k, n))
        if max(abs(100 * k / n - rate), abs(lo - low), abs(hi - high)) > TOLERANCE:
            line = text[: m.start()].count("\n") + 1
            wrong.append(f"line {line}: {m[0]!r} should read {100 * k / n:.1f}% [{lo:.1f}, {hi:.1f}]")
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
    assert sum(1 for page in PAGES for _ in FIGURE.finditer(page.read_text(encoding="utf-8"))) > 300
