"""Trek position builder (``scenario.build_state``) and action names (``actions.action_from_name``)."""

from __future__ import annotations

import numpy as np
import pytest

from travel_envs.core.game import IllegalActionError, ParameterError
from travel_envs.games.trek import actions as A
from travel_envs.games.trek import components as C
from travel_envs.games.trek.engine import BUY_PHASE, PLAY_PHASE
from travel_envs.games.trek.scenario import FACTS, card, cards, build_state

from test_trek_rules import check_invariants


def test_card_names():
    assert cards("c1", "c12", "buy", "a1", "a4", "k1", "k4") == [0, 11, C.BUY, 13, 16, 17, 20]
    assert card(" C7 ") == C.camp_card(7) and card(5) == 5


def test_given_facts_are_facts_of_the_state():
    s = build_state(3, params={"economy": "v0-reconstruction"},
                 hands={1: cards("c4", "c4", "buy", "a2")}, pack_top=cards("c12", "k3"), discard=cards("c9", "c10"),
                 to_act=1, pos=[0, 3, 3], arrival=[1, 3, 2], seq=4, held=[[0, 0, 0], [5, 2, 1], [1, 0, 0]],
                 cash=[300, 120, 45], sold=[7, 3, 1])
    assert s.game.params.economy == "v0-reconstruction" and s.num_players == 3
    assert s.hands[1][C.camp_card(4)] == 2 and s.hands[1][C.BUY] == 1 and s.hands[1][C.AWARD_AIR_DROP] == 1
    assert s.pack[-2:] == cards("c12", "k3") and s.discard == cards("c9", "c10")
    assert s.current_player == 1 and s.phase_id == PLAY_PHASE and s.turns == 1
    assert s.pos == [0, 3, 3] and s.host_of(1) == 2 and s.cash == [300, 120, 45] and s.sold == [7, 3, 1]
    assert s.held == [[0, 0, 0], [5, 2, 1], [1, 0, 0]]
    assert s.pool == [54 - 6, 18 - 2, 6 - 1]  # the pool is what nobody holds
    check_invariants(s)  # every card somewhere, the money total kept by the Bank
    s.apply_action(A.PLAY_AWARD + 1)  # an ordinary state: it plays on
    assert s.held[1][C.STORES] == 5 + 4 and s.current_player == 2


def test_unnamed_seats_get_filler_and_pack_size_puts_the_rest_face_up():
    s = build_state(2, hands={0: cards("c1", "c1", "c2", "buy")}, pack_size=3, discard=cards("a1"))
    assert sum(s.hands[1]) == C.HAND_SIZE and s.hands[1][C.camp_card(12)] > 0  # far camp cards first
    assert len(s.pack) == 3 and s.discard[-1] == C.AWARD_GRANT
    assert len(s.pack) + len(s.discard) + 2 * C.HAND_SIZE == s.game.deck_size
    check_invariants(s)


def test_phase_and_debt_facts():
    s = build_state(2, pos=[0, 3], held=[[0, 0, 0], [0, 0, 0]], to_act=1, phase_id=BUY_PHASE, buy_market=C.MULES)
    assert s.phase == "buy" and s.buy_market == C.MULES
    assert s.legal_action_mask()[A.BUY_DONE]


def test_facts_are_the_state_fields_but_the_derived_ones():
    assert {"pos", "held", "cash", "sold", "phase_id", "drawn"} <= set(FACTS)
    assert not {"turn_player", "bank", "hands"} & set(FACTS)  # to_act=, derived, hands=


@pytest.mark.parametrize("kwargs, match", [
    (dict(hands={0: ["c12"] * 4}, pack_top=["c12"] * 2), "more Camp 12 cards"),  # v1: five Camp 12 cards
    (dict(hands={0: ["c1", "c2", "c3", "c4", "c5"]}), "at most 4"),
    (dict(hands={2: ["c1"]}), "seat"),
    (dict(hands={0: ["c13"]}), "unknown Trek card"),
    (dict(pack_size=200), "pack_size"),
    (dict(colour="red"), "unknown Trek position facts"),
    (dict(turn_player=1), "to_act"),
    (dict(bank=5), "unknown Trek position facts"),
    (dict(held=[[60, 0, 0], [0, 0, 0]]), "pool"),  # 54 Stores Units exist
    (dict(pos=[0, 13]), "pos"),
    (dict(pos=[0, -1]), "disagree"),
    (dict(to_act=2), "turn_player"),
    (dict(cash=[300, -5]), "cash"),
])
def test_impossible_facts_are_refused(kwargs, match):
    with pytest.raises(ParameterError, match=match):
        build_state(2, **kwargs)


def test_a_seat_out_of_the_game_must_have_left_everything():
    out = build_state(3, pos=[0, -1, 0], alive=[True, False, True], hands={1: []}, cash=[300, 0, 300])
    assert not out.alive[1] and out.current_player == 0
    with pytest.raises(ParameterError, match="still holds"):
        build_state(3, pos=[0, -1, 0], alive=[True, False, True], hands={1: []})  # keeps its £300
    with pytest.raises(ParameterError, match="out of the game"):
        build_state(3, pos=[0, -1, 0], alive=[True, False, True], hands={1: []}, cash=[300, 0, 300], to_act=1)


def test_every_action_name_parses_back_to_its_id():
    for a in range(A.NUM_ACTIONS):
        assert A.action_from_name(A.action_name(a)) == a
    assert A.action_from_name("  Move to camp 4   with a MULE ") == A.MOVE_MULE + 3
    with pytest.raises(IllegalActionError, match="unknown Trek action"):
        A.action_from_name("fly to camp 12")


def test_same_seed_same_position():
    a, b = build_state(4, seed=3, pack_size=10), build_state(4, seed=3, pack_size=10)
    assert a.to_dict() == b.to_dict()
    assert np.array_equal(a.legal_action_mask(), b.legal_action_mask())


def test_destination_of_every_move_action():
    for a in range(A.MOVE_CARD, A.BUY_UNITS):
        assert A.action_name(a).startswith(f"move to camp {A.destination(a)} ")
