"""The action table: every id has its own name, and the name parses back to the id."""

from __future__ import annotations

import pytest

from travel_envs.core.game import IllegalActionError
from travel_envs.games.trekking import actions as A


def test_every_action_name_parses_back_to_its_id():
    names = [A.action_name(a) for a in range(A.NUM_ACTIONS)]
    assert len(set(names)) == A.NUM_ACTIONS
    assert [A.action_from_name(name) for name in names] == list(range(A.NUM_ACTIONS))
    assert A.action_from_name("move E") == A.MOVE + 1 and A.action_from_name("end turn") == A.END_TURN


def test_an_unknown_name_is_refused_listing_the_names():
    with pytest.raises(IllegalActionError, match="no Trekking action is named 'jump'.*'stop tagging'"):
        A.action_from_name("jump")


def test_the_ranges_cover_every_id_once():
    ids = [a for start, size, _ in A.ACTION_RANGES for a in range(start, start + size)]
    assert ids == list(range(A.NUM_ACTIONS))
