"""The position builder (``travel_envs.games.trekking.scenario``): a fact given is a fact in the state,
nothing is created or lost, and an impossible fact is refused with a ParameterError naming it."""

from __future__ import annotations

import pytest

from travel_envs.core.game import ParameterError
from travel_envs.games.trekking import actions as A
from travel_envs.games.trekking import components as C
from travel_envs.games.trekking import scenario as SC


def test_facts_given_are_facts_in_the_state():
    green2, red4 = SC.route_card(0, 2), SC.route_card(2, 4)
    gps = [[0, 1, 1, 800, 1000, SC.route_card(1, 2), -1, 0], SC.rest_col(C.BINOCULARS, 1000)]
    st = SC.build_state(num_players=3, seat=2, rnd=3, pos=[SC.node(0, 2), SC.node(5, 5), SC.node(1, 2)],
                     energy=[8, 9, 5], gps=[[], [], gps], route_tops={0: [green2], 4: [red4]},
                     rest_tops={1: [SC.rest_card(C.DRINK, 2)]}, clear_map=True, map_animals={3: 4, 12: 0})
    assert st.current_player == 2 and st.phase == "move" and st.rnd == 3 and st.order == [0, 1, 2]
    assert st.pos == [SC.node(0, 2), SC.node(5, 5), SC.node(1, 2)] and st.energy == [8, 9, 5]
    assert st.t_start_energy == 5  # the deciding seat's energy
    assert st.route_piles[0][-1] == green2 and st.route_piles[4][-1] == red4
    assert st.rest_piles[1][-1] == SC.rest_card(C.DRINK, 2)
    assert st.gps[2] == gps
    assert st.map_animals[3] == 4 and st.map_animals[12] == 0
    assert sum(1 for a in st.map_animals if a >= 0) == 2
    # nothing created or lost: the board's cards left the piles, the animals left and returned to the bags
    route = [c for p in st.route_piles for c in p] + [col[5] for g in st.gps for col in g if col[0] == 0]
    assert sorted(route) == list(range(C.NUM_ROUTE_CARDS))
    assert SC.rest_card(C.BINOCULARS) not in st.rest_piles[0] + st.rest_piles[1]
    assert [st.bags[0][a] + st.bags[1][a] for a in range(5)] == [13, 14, 14, 14, 13]  # fox and bear on the map
    assert st.legal_action_mask().any()
    assert st.game.state_from_dict(st.to_dict()).to_dict() == st.to_dict()


def test_phases_and_solo_order():
    st = SC.build_state(num_players=1, phase="finish", params={"solo_difficulty": "hard"})
    assert st.phase == "finish" and st.order == [A.OPPONENT, 0] and st.turn_pos == 1 and st.current_player == 0
    over = SC.build_state(num_players=2, phase="over")
    assert over.is_terminal and over.current_player == -1 and over.winners()


def test_edit_callback_and_dict_helpers():
    def edit(d):
        SC.put_on_top(d, 1, SC.route_card(0, 0))
        SC.set_animal(d, 0, -1)

    st = SC.build_state(edit=edit)
    assert st.route_piles[1][-1] == SC.route_card(0, 0) and st.map_animals[0] == -1


@pytest.mark.parametrize("call, words", [
    (lambda: SC.build_state(num_players=2, seat=2), "seat=2"),
    (lambda: SC.build_state(phase="lunch"), "phase='lunch'"),
    (lambda: SC.build_state(phase="refuge"), "phase='refuge'"),
    (lambda: SC.build_state(hands=[1]), "unknown fact(s) ['hands']"),
    (lambda: SC.build_state(params={"num_players": 3}), "num_players="),
    (lambda: SC.build_state(rnd=13), "'rnd'"),
    (lambda: SC.build_state(energy=[8, 99]), "'energy'"),
    (lambda: SC.build_state(pos=[SC.node(0, 2)]), "'pos'"),
    (lambda: SC.build_state(gps=[[[0, 0, 1, 800, 900, 5, -1, 0]], [[0, 0, 1, 800, 900, 5, -1, 0]]]), "route"),
    (lambda: SC.build_state(clear_map=True, map_animals={s: 4 for s in C.MAP_E.bag_spaces[0][:5]}),
     "no bear left in the green bag"),  # 4 bears in the green bag
    (lambda: SC.build_state(map_animals={99: 0}), "space 99"),
    (lambda: SC.build_state(route_tops={0: [65]}), "route card 65"),
    (lambda: SC.build_state(phase="sunday", num_players=1), "sunday_choice"),
    (lambda: SC.route_card(0, 4), "no route card of colour 0 costing 4"),
    (lambda: SC.rest_card(C.DRINK, 3), "copies 0-2"),
    (lambda: SC.node(6, 0), "off the 6 x 6 map"),
])
def test_an_impossible_fact_is_refused_by_name(call, words):
    with pytest.raises(ParameterError) as err:
        call()
    assert words in str(err.value)
