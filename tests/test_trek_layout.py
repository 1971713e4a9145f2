"""Trek observation layout: the rows are the source of the offsets, the writer and the doc tables."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from travel_envs.games.trek import components as C
from travel_envs.games.trek import encoder as E
from travel_envs.games.trek.actions import BUY_PHASE
from travel_envs.games.trek.engine import TrekGame
from travel_envs.games.trek.scenario import cards, build_state

DOC = Path(__file__).resolve().parents[1] / "docs" / "games" / "trek.md"


def test_doc_tables_are_the_layout_rows():
    assert E.layout_tables() in DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize("n", [2, 3, 6])
def test_sizes_follow_from_the_rows(n):
    assert E.PLAYER_BLOCK == 23 and E.GLOBAL_SIZE == 109
    assert TrekGame(num_players=n).observation_size == 23 * n + 109 == E.observation_size(n)
    obs = np.arange(E.observation_size(n), dtype=np.float32)
    views = E.blocks(obs, n)
    assert sum(v.size for v in views.values()) == obs.size  # the rows cover every value once
    assert len({float(v[0]) for v in views.values()}) == len(views)


def test_named_blocks_hold_what_the_rows_say():
    s = build_state(3, hands={0: cards("c4", "c4", "buy", "a2")}, discard=cards("c9", "k1"), pos=[4, 4, 0],
                 arrival=[2, 1, 3], seq=4, held=[[5, 2, 1], [6, 0, 0], [0, 0, 0]], cash=[300, 120, 45],
                 to_act=0, phase_id=BUY_PHASE, buy_market=C.MULES)
    obs = np.zeros(s.game.observation_size, np.float32)
    s.observation(0, obs)
    v = E.blocks(obs, 3)
    assert v["p0.in_game"][0] == 1 and v["p0.position"].argmax() == 4 and v["p0.cash"][0] == E.money(300)
    assert v["p0.units"].tolist() == pytest.approx([5 / 54, 2 / 18, 1 / 6])
    assert v["p0.guest"][0] == 1 and v["p0.arrival"][0] == pytest.approx(1 / 5) and v["p0.to_act"][0] == 1
    assert v["p1.host"][0] == 1 and v["p1.guests"][0] == pytest.approx(1 / 5)  # seat 1 hosts seat 0
    assert v["p2.position"][0] == 1 and v["p2.cash"][0] == E.money(45)
    assert v["own_hand"][C.camp_card(4)] > 0 and v["own_hand"][C.BUY] > 0
    assert v["discard_top"].argmax() == C.CLAIM_TYPES[0] and v["discard"][C.camp_card(9)] > 0
    assert v["phase"].tolist() == [0, 1, 0] and v["buy_market"].tolist() == [0, 1, 0]
