"""The README's and docs' relative links and pictures point at files that exist (a moved or renamed
doc, picture or config breaks here, not on a reader's screen)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def relative_targets(page: Path) -> list[str]:
    """The link targets of ``page`` inside the repository: no web address, no in-page anchor."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)  # code blocks hold no links
    targets = [m.group(1).split("#")[0] for m in LINK.finditer(text)]
    return [t for t in targets if t and not re.match(r"[a-z]+:", t)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page):
    missing = [t for t in relative_targets(page) if not (page.parent / t).exists()]
    assert not missing, f"{page.relative_to(ROOT)} links to missing files: {missing}"


def test_the_check_sees_links_and_pictures(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("![a picture](img/x.png) [a doc](other.md#part) [web](https://example.org) [here](#top)\n"
                    "```\n[not a link](nowhere.md)\n```\n")
    assert relative_targets(page) == ["img/x.png", "other.md"]
