"""The rulebook's worked examples (the component specification's section 7; docs/games/trekking.md),
with its numbers."""

import pytest

from travel_envs.games.trekking import actions as A
from travel_envs.games.trekking import components as C
from travel_envs.games.trekking import scoring as S
from trekking_hike_helpers import (E, N, W, build, empty_map, filler, put_on_top, put_rest_on_top,
                                   rest_card, route_card, set_animal, node, play_turn)

ADV = {"gps_side": "advanced"}  # no energy vignette in odd columns


def test_guillem_yellow_ascent_900_to_1100_costs_2():
    def edit(d):
        put_on_top(d, 2, route_card(1, 2))  # yellow ascent pile
    st = build(params=ADV, pos=[node(0, 1), node(5, 5)], energy=[8, 8], edit=edit)
    assert C.MAP_E.altitude[node(0, 1)] == 900 and C.MAP_E.altitude[node(1, 1)] == 1100
    before = len(st.route_piles[2])
    play_turn(st, A.MOVE + E)
    col = st.gps[0][0]
    assert col[:6] == [0, 1, 1, 900, 1100, route_card(1, 2)]  # route, yellow, ascent, 900 -> 1100
    assert len(st.route_piles[2]) == before - 1
    assert st.pos[0] == node(1, 1)
    assert st.energy[0] == 6


def test_cristina_rests_at_1300_binoculars_plus_2_and_vignette_2vp():
    plan = ("cold", "hot", "climbing", "penalara", "species", "closed")  # no rest bonus in the morning
    def edit(d):
        put_rest_on_top(d, 0, rest_card(C.BINOCULARS))
    st = build(plan=plan, rnd=3, pos=[node(2, 3), node(5, 5)], energy=[2, 8],
               gps=[filler(1300, 2), []], edit=edit)
    assert C.MAP_E.altitude[node(2, 3)] == 1300
    play_turn(st, A.REST)
    col = st.gps[0][2]
    assert col[0] == 1 and col[6] == C.BINOCULARS and col[3] == col[4] == 1300
    assert st.pos[0] == node(2, 3)  # no movement
    assert st.energy[0] == 4  # +2 (the column-3 energy vignette at 1400 m is covered)
    # the 2 VP vignette of column 3 (900 m) stays visible: it scores 2 at the end
    covered = [list(c) for c in st.gps[0]]
    covered[2][3] = covered[2][4] = 900
    assert S.vignette_vp(0, st.gps[0], 100) - S.vignette_vp(0, covered, 100) == 2


def _ferran_turn1():
    def edit(d):
        put_on_top(d, 2, route_card(1, 2))
        put_on_top(d, 0, route_card(0, 1))  # green ascent, cost 1, for turn 2
        empty_map(d)
        set_animal(d, 2, 0)  # a fox on A01, beside the path 1000 -> 1100 (NW12 -> NW11)
        set_animal(d, 3, 2)  # a deer on A11, the other side
    return build(params=ADV, pos=[node(0, 2), node(5, 5)], energy=[8, 8], edit=edit)


def test_ferran_turn1_refuge_800_yellow_to_1000_column_1():
    st = _ferran_turn1()
    assert st.map.is_refuge[node(0, 2)] and st.map.altitude[node(0, 2)] == 800
    play_turn(st, A.MOVE + E)
    col = st.gps[0][0]
    assert len(st.gps[0]) == 1 and col[3] == 800 and col[4] == 1000 and col[1] == 1
    assert st.energy[0] == 6


def test_ferran_turn2_green_ascent_tags_fox_then_pays():
    st = _ferran_turn1()
    play_turn(st, A.MOVE + E)
    play_turn(st, A.MOVE + 0)  # seat 1 moves somewhere (N from SE55)
    assert st.current_player == 0 and st.rnd == 2
    st.apply_action(A.MOVE + N)  # green 1000 -> 1100
    assert st.gps[0][1][:5] == [0, 0, 1, 1000, 1100]
    assert st.phase == "tag"
    spaces = st.map.path_spaces[st.t_path]
    slot = spaces.index(2)
    st.apply_action(A.TAG_PATH + slot)
    assert st.animals[0] == [[1, 0]]  # the fox sits on the card just played (column 2)
    assert st.map_animals[2] == -1
    # fog in the morning of NEUTRAL costs 1 per tag: -1 (green card) -1 (fog) = 6 -> 4
    play_turn(st)
    assert st.energy[0] == 4


def test_ferran_tagging_uses_energy_before_the_turn_change():
    """Energy 2 = the fox threshold: he may tag although the ascent brings him to 1 afterwards."""
    plan = ("cold", "hot", "climbing", "penalara", "species", "closed")
    def edit(d):
        put_on_top(d, 0, route_card(0, 1))
        empty_map(d)
        set_animal(d, 2, 0)
    st = build(plan=plan, params=ADV, pos=[node(1, 2), node(5, 5)], energy=[2, 8], gps=[filler(1000, 1), []],
               edit=edit)
    st.apply_action(A.MOVE + N)
    assert st.legal_action_mask()[A.TAG_PATH + st.map.path_spaces[st.t_path].index(2)]
    st.apply_action(A.TAG_PATH + st.map.path_spaces[st.t_path].index(2))
    play_turn(st)
    assert st.energy[0] == 1 and st.animals[0] == [[1, 0]]


def test_ferran_reaches_a_summit_and_takes_its_top_token():
    def edit(d):
        put_on_top(d, 0, route_card(0, 1))
    st = build(params=ADV, pos=[node(3, 0), node(5, 5)], energy=[8, 8], edit=edit)
    st.apply_action(A.MOVE + W)  # green 1300 -> 1400, summit S1
    assert st.tokens[0] == [[0, 1, 0, 1]]  # summit S1, token 1, not flipped, round 1
    assert st.summit_piles[0] == 1  # 2 players: tokens 1-2, one left


def test_cards_fill_columns_left_to_right_with_matching_altitudes():
    st = build(params=ADV, pos=[node(0, 2), node(5, 5)], energy=[15, 15])
    for a in (A.MOVE + E, A.REST, A.MOVE + N):
        play_turn(st, a)
        play_turn(st, A.REST)
    g = st.gps[0]
    assert len(g) == 3
    assert [c[3] for c in g] == [800, 1000, 1000] and [c[4] for c in g] == [1000, 1000, 1100]
    with pytest.raises(AssertionError):
        st._place(0, [0, 0, 1, 900, 1000, route_card(0, 1), -1, 0])  # start 900 != previous end 1100


@pytest.mark.parametrize("summit_round,gain", [(3, 2), (4, 4)])
def test_clara_refuge_summit_tales(summit_round, gain):
    st = build(plan=("fog", "hot", "climbing", "penalara", "species", "summit_tales"), rnd=6,
               pos=[node(1, 2), node(5, 5)], energy=[5, 8], gps=[filler(1000, 5), []],
               last_summit_round=[summit_round, 0])
    play_turn(st, A.MOVE + W)  # yellow descent 1000 -> 800 into the NW refuge (column 6: 900 m covered)
    assert st.pos[0] == node(0, 2)
    assert st.energy[0] == 5 + gain


def test_mulhacen_1200_to_800_is_8():
    gps = [[0, 0, 0, 1200, 1100, 0, -1, 0], [1, -1, 0, 1100, 1100, 0, 0, 0], [0, 2, 0, 1100, 800, 0, -1, 0],
           [0, 0, 1, 800, 900, 0, -1, 0]]
    assert S.orography_vp("mulhacen", gps) == 8


def test_turbon_900_to_1400_is_15():
    gps = [[0, 1, 1, 900, 1100, 0, -1, 0], [0, 2, 1, 1100, 1400, 0, -1, 0], [0, 0, 0, 1400, 1300, 0, -1, 0]]
    assert S.orography_vp("turbon", gps) == 15


def _animals(*kinds, col=0):
    return [[col, k] for k in kinds]


def test_clara_five_boars_species_15():
    animals = _animals(1, 1, 1, 1, 1, 3, 3, 3, 4)
    gps = [[0, 0, 1, 800, 900, 0, -1, 0]]
    assert S.fauna_vp("species", gps, animals) == 15
    assert S.animal_vp(animals) == 5 + 6 + 3


def test_ferran_micro_study_16():
    gps = [[0, 0, 1, 800, 900, 0, -1, 0], [0, 2, 1, 900, 1200, 0, -1, 0]]
    animals = [[0, 0], [0, 1], [0, 2], [0, 3], [1, 4], [1, 0]]
    assert S.fauna_vp("micro_study", gps, animals) == 16


def test_clara_adaptation_8():
    gps = [[0, 0, 0, 800, 700, 0, -1, 0], [0, 1, 1, 700, 900, 0, -1, 0], [0, 1, 1, 900, 1100, 0, -1, 0],
           [0, 1, 1, 1100, 1300, 0, -1, 0]]
    animals = [[0, 0], [1, 1], [1, 2], [2, 3], [3, 4], [3, 0]]
    assert S.fauna_vp("adaptation", gps, animals) == 8


def test_seven_value_one_animals_foxes_boars_6():
    animals = _animals(0, 0, 0, 1, 1, 1, 1, 4, 2)
    assert S.fauna_vp("foxes_boars", [[0, 0, 1, 800, 900, 0, -1, 0]], animals) == 6


def test_variety_greedy_sets_11():
    animals = _animals(0, 1, 2, 3, 4, 0, 1)
    assert S.fauna_vp("variety", [[0, 0, 1, 800, 900, 0, -1, 0]], animals) == 11


def test_taking_photos_cristina_and_silvia_both_flip():
    plan = ("cold", "hot", "photos", "penalara", "species", "closed")
    def edit(d):
        put_on_top(d, 0, route_card(0, 1))
    st = build(plan=plan, pos=[node(2, 0), node(3, 0)], energy=[8, 8], tokens=[[[0, 1, 0, 1]], []], summit_piles=[1, 2, 2, 2, 2],
               rnd=2, gps=[filler(1400, 1), filler(1300, 1)], edit=edit, seat=1)
    play_turn(st, A.MOVE + W)  # Silvia: 1300 -> 1400 onto S1 where Cristina stands
    assert st.tokens[1] == [[0, 2, 1, 2]]
    assert st.tokens[0][0][2] == 1
    assert S.summit_flip_vp(st.tokens[0]) == 2 and S.summit_flip_vp(st.tokens[1]) == 2
    assert S.summit_card_vp("photos", st.tokens[0]) == 5 and S.summit_card_vp("photos", st.tokens[1]) == 4


def test_first_game_plan_sentence_order():
    st = build(plan=C.RECOMMENDED_PLAN)
    assert st.plan == ["cold", "storm", "climbing", "penalara", "species", "friends"]
    from travel_envs.games.trekking import GAME
    import numpy as np
    st2 = GAME(num_players=2, route_plan="recommended").new_initial_state(np.random.default_rng(5))
    assert st2.plan == list(C.RECOMMENDED_PLAN)
