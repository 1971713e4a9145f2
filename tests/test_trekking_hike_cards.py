"""Every route-plan (narrative) card and every rest-card effect, each from a hand-made state."""

import pytest

from travel_envs.games.trekking import actions as A
from travel_envs.games.trekking import components as C
from travel_envs.games.trekking import scoring as S
from trekking_hike_helpers import (E, N, S as SOUTH, W, build, empty_map, filler, node, play_turn, put_on_top,
                                   put_rest_on_top, rest_card, rest_col, route_card, set_animal)

ADV = {"gps_side": "advanced"}  # no energy vignette in odd columns: round-1/5/7 energy is exact


def plan_with(**cards):
    plan = ["wind", "sunny", "climbing", "penalara", "species", "closed"]
    for slot, card in cards.items():
        plan[C.PLAN_SLOTS.index(slot)] = card
    return tuple(plan)


# colour paths: (start node, direction, ascent?) for green / yellow / red
ASCENTS = {0: (node(1, 2), N), 1: (node(0, 1), E), 2: (node(0, 3), E)}
DESCENTS = {0: (node(1, 1), SOUTH), 1: (node(1, 1), W), 2: (node(1, 3), W)}


def _walk(plan, start, d, energy=8, cost=2, colour=None, rnd=1, params=ADV, gps_alt=None):
    def edit(dd):
        if colour is not None:
            put_on_top(dd, 2 * colour, route_card(colour, cost))
    gps = [filler(gps_alt, rnd - 1), []] if rnd > 1 else [[], []]
    st = build(plan=plan, params=params, pos=[start, node(5, 5)], energy=[energy, 8], rnd=rnd, gps=gps, edit=edit)
    return st


# ------------------------------------------------------------------ weather
@pytest.mark.parametrize("card,colour", [("cloudy", 0), ("hot", 1), ("hail", 2)])
def test_colour_weather_costs_one_more_on_that_colour(card, colour):
    plan = plan_with(weather_morning=card, weather_afternoon="sunny")
    cost = {0: 1, 1: 2, 2: 3}[colour]
    start, d = ASCENTS[colour]
    st = _walk(plan, start, d, colour=colour, cost=cost)
    play_turn(st, A.MOVE + d)
    assert st.energy[0] == 8 - cost - 1
    # descents of that colour cost 1 too, other colours do not
    start, d = DESCENTS[colour]
    st = _walk(plan, start, d)
    play_turn(st, A.MOVE + d)
    assert st.energy[0] == 7
    other = (colour + 1) % 3
    start, d = DESCENTS[other]
    st = _walk(plan, start, d)
    play_turn(st, A.MOVE + d)
    assert st.energy[0] == 8
    # affordability includes the penalty
    start, d = ASCENTS[colour]
    st = _walk(plan, start, d, colour=colour, cost=cost, energy=cost)
    assert not st.legal_action_mask()[A.MOVE + d]


def test_weather_colour_parameter_permutes_colours():
    plan = plan_with(weather_morning="cloudy")
    start, d = DESCENTS[2]
    st = _walk(plan, start, d, params={**ADV, "weather_colour": ("red", "green", "yellow")})
    play_turn(st, A.MOVE + d)
    assert st.energy[0] == 7  # cloudy now hits red


@pytest.mark.parametrize("card,asc_change,desc_change", [
    ("sunny", 0, +1), ("snowy", 0, -1), ("wind", +1, 0), ("rain", -1, 0)])
def test_ascent_descent_weather(card, asc_change, desc_change):
    plan = plan_with(weather_morning=card, weather_afternoon="cold")
    start, d = ASCENTS[0]
    st = _walk(plan, start, d, colour=0, cost=1)
    play_turn(st, A.MOVE + d)
    assert st.energy[0] == 8 - 1 + asc_change
    start, d = DESCENTS[0]
    st = _walk(plan, start, d)
    play_turn(st, A.MOVE + d)
    assert st.energy[0] == 8 + desc_change


def test_snowy_descent_needs_one_energy_and_rain_ascent_one_more():
    st = _walk(plan_with(weather_morning="snowy"), *DESCENTS[0], energy=0)
    assert not st.legal_action_mask()[A.MOVE + DESCENTS[0][1]]
    assert st.legal_action_mask()[A.REST]
    st = _walk(plan_with(weather_morning="rain"), *ASCENTS[0], energy=1, colour=0, cost=1)
    assert not st.legal_action_mask()[A.MOVE + ASCENTS[0][1]]


def test_morning_card_rounds_1_to_6_afternoon_card_7_to_12():
    plan = plan_with(weather_morning="sunny", weather_afternoon="snowy")
    start, d = DESCENTS[0]
    st = _walk(plan, start, d, rnd=5, gps_alt=1100)
    play_turn(st, A.MOVE + d)
    assert st.energy[0] == 9
    st = _walk(plan, start, d, rnd=7, gps_alt=1100)
    play_turn(st, A.MOVE + d)
    assert st.energy[0] == 7


def test_cold_gives_one_more_in_refuges():
    st = _walk(plan_with(weather_morning="cold", refuge="closed"), node(1, 2), W)
    play_turn(st, A.MOVE + W)
    assert st.pos[0] == node(0, 2) and st.energy[0] == 9


def test_storm_gives_one_more_when_resting():
    st = _walk(plan_with(weather_morning="storm"), node(1, 2), W)
    play_turn(st, A.REST)
    assert st.energy[0] == 11


def test_fog_costs_one_per_tagged_animal():
    def edit(d):
        empty_map(d)
        set_animal(d, 2, 0)
    st = build(plan=plan_with(weather_morning="fog"), params=ADV, pos=[node(1, 2), node(5, 5)],
               energy=[8, 8], edit=edit)
    st.apply_action(A.MOVE + W)  # yellow descent into the NW refuge, fox on A01 beside it
    st.apply_action(A.TAG_PATH + 0)
    play_turn(st)
    assert st.energy[0] == 7 and st.animals[0] == [[0, 0]]


# ------------------------------------------------------------------ summit cards
def test_racing_scores_by_arrival_order():
    assert S.summit_card_vp("racing", [[0, 1, 0, 1], [1, 2, 0, 2], [2, 3, 0, 3], [3, 4, 0, 4]]) == 16
    plan = plan_with(summit="racing")
    def edit(d):
        put_on_top(d, 0, route_card(0, 1))
    st = build(plan=plan, pos=[node(3, 0), node(3, 0)], energy=[8, 8], edit=edit)
    play_turn(st, A.MOVE + W)
    play_turn(st, A.MOVE + W)
    assert st.tokens[0][0][1] == 1 and st.tokens[1][0][1] == 2
    assert st.tokens[0][0][2] == st.tokens[1][0][2] == 0  # racing never flips, even when meeting
    assert st.score_breakdown(0)["summit_card"] == 7 and st.score_breakdown(1)["summit_card"] == 5


def test_climbing_4_per_summit_regardless_of_order():
    assert S.summit_card_vp("climbing", [[0, 1, 0, 1], [1, 2, 0, 2], [3, 4, 0, 5]]) == 12


@pytest.mark.parametrize("rested,flipped", [(False, 1), (True, 0)])
def test_suffering_flips_without_rest_since_previous_summit(rested, flipped):
    plan = plan_with(summit="suffering")
    st = build(plan=plan, pos=[node(3, 0), node(5, 5)], energy=[8, 8], rested_since_summit=[rested, False])
    play_turn(st, A.MOVE + W)
    assert st.tokens[0][0][2] == flipped
    assert st.rested_since_summit[0] is False
    assert S.summit_card_vp("suffering", st.tokens[0]) == 5


def test_suffering_rest_sets_the_flag_and_first_summit_counts():
    st = build(plan=plan_with(summit="suffering"), pos=[node(3, 0), node(5, 5)], energy=[8, 8])
    assert st.rested_since_summit[0] is False  # the start counts as "no rest yet"
    play_turn(st, A.REST)
    assert st.rested_since_summit[0] is True


@pytest.mark.parametrize("start,d,flipped", [(node(5, 3), SOUTH, 1), (node(4, 4), E, 0)])
def test_shortcuts_flip_on_a_red_path(start, d, flipped):
    st = build(plan=plan_with(summit="shortcuts"), pos=[start, node(0, 2)], energy=[8, 8])
    play_turn(st, A.MOVE + d)
    assert st.tokens[0] and st.tokens[0][0][0] == 4 and st.tokens[0][0][2] == flipped  # S5


def test_photos_later_visit_flips_when_meeting():
    plan = plan_with(summit="photos")
    st = build(plan=plan, pos=[node(3, 0), node(2, 0)], energy=[8, 8], tokens=[[[0, 1, 0, 1]], []],
               summit_piles=[1, 2, 2, 2, 2], rnd=3, gps=[filler(1300, 2), filler(1400, 2)])
    play_turn(st, A.MOVE + W)
    assert st.tokens[0] == [[0, 1, 1, 1]]  # no second token, but flipped on meeting
    assert st.tokens[1] == []


def test_photos_alone_on_summit_does_not_flip():
    st = build(plan=plan_with(summit="photos"), pos=[node(3, 0), node(5, 5)], energy=[8, 8])
    play_turn(st, A.MOVE + W)
    assert st.tokens[0] == [[0, 1, 0, 1]]


# ------------------------------------------------------------------ orography
def _col(s, e, colour=0):
    return [0, colour, int(e > s), s, e, 0, -1, 0]


def _rest(a):
    return [1, -1, 0, a, a, 0, 0, 0]


def test_penalara_two_per_100m_of_total_ascent():
    gps = [_col(800, 1000), _col(1000, 900), _col(900, 1200), _rest(1200)]
    assert S.orography_vp("penalara", gps) == 10


def test_mallos_valleys_descent_then_ascent_rest_breaks():
    gps = [_col(1000, 900), _col(900, 1000), _col(1000, 800), _rest(800), _col(800, 900)]
    assert S.orography_vp("mallos", gps) == 2


def test_pasiegos_needles_ascent_then_descent_rest_breaks():
    gps = [_col(800, 900), _col(900, 800), _col(800, 1000), _col(1000, 700), _col(700, 900), _rest(900),
           _col(900, 800)]
    assert S.orography_vp("pasiegos", gps) == 6


def test_runs_are_not_broken_by_rest_but_by_the_other_direction():
    gps = [_col(900, 1100), _rest(1100), _col(1100, 1400), _col(1400, 1300), _col(1300, 1500)]
    assert S.longest_run(gps, True) == 500
    assert S.longest_run(gps, False) == 100


# ------------------------------------------------------------------ fauna
def test_species_caps_at_6_and_empty_boards_score_0():
    gps = [_col(800, 900)]
    assert S.fauna_vp("species", gps, [[0, 4]] * 8) == 20
    for card in C.FAUNA:
        assert S.fauna_vp(card, gps, []) == 0


def test_micro_study_and_adaptation_use_card_end_altitude():
    gps = [_col(800, 900), _col(900, 1200), _col(1200, 900)]
    animals = [[0, 0], [2, 1], [1, 2]]  # two at 900 m (columns 1 and 3), one at 1200 m
    assert S.fauna_vp("micro_study", gps, animals) == 8
    assert S.fauna_vp("adaptation", gps, animals) == 4


def test_variety_layers():
    assert S.variety_vp([1, 1, 1, 1, 1]) == 10
    assert S.variety_vp([3, 1, 1, 0, 0]) == 3 + 0 + 0
    assert S.variety_vp([2, 2, 2, 2, 0]) == 12


# ------------------------------------------------------------------ refuge cards
def _into_refuge(card, weather="wind", other_at_refuge=False, tag=False, n=2, **kw):
    def edit(d):
        empty_map(d)
        set_animal(d, 2, 0)
    other = node(0, 2) if other_at_refuge else node(5, 5)
    st = build(plan=plan_with(weather_morning=weather, refuge=card), params=ADV, pos=[node(1, 2), other],
               energy=[8, 8], edit=edit, **kw)
    st.apply_action(A.MOVE + W)  # yellow descent 1000 -> 800 into the NW refuge
    if tag:
        st.apply_action(A.TAG_PATH + 0)
    play_turn(st)
    return st.energy[0] - 8


def test_refuge_closed_gives_nothing():
    assert _into_refuge("closed") == 0


def test_refuge_animal_tales_1_or_3_after_tagging():
    assert _into_refuge("animal_tales") == 1
    assert _into_refuge("animal_tales", tag=True) == 3


def test_refuge_friends_2_or_3_when_someone_is_there():
    assert _into_refuge("friends") == 2
    assert _into_refuge("friends", other_at_refuge=True) == 3


def test_refuge_encounters_1_or_4_when_someone_is_there():
    assert _into_refuge("encounters") == 1
    assert _into_refuge("encounters", other_at_refuge=True) == 4


def test_refuge_summit_tales_2_or_4_after_a_recent_summit():
    assert _into_refuge("summit_tales") == 2
    assert _into_refuge("summit_tales", last_summit_round=[1, 0]) == 4


def test_resting_in_a_refuge_is_not_reaching_it():
    st = build(plan=plan_with(weather_morning="wind", refuge="encounters"), params=ADV,
               pos=[node(0, 2), node(0, 2)], energy=[8, 8])
    play_turn(st, A.REST)
    assert st.energy[0] == 10


# ------------------------------------------------------------------ rest cards
def test_rest_takes_top_card_of_either_pile_plus_2():
    for pile in (0, 1):
        st = build(plan=plan_with(), params=ADV, pos=[node(1, 2), node(5, 5)], energy=[8, 8])
        top = st.rest_piles[pile][-1]
        n0 = len(st.rest_piles[pile])
        play_turn(st, A.REST + pile)
        assert st.gps[0][0][5] == top and len(st.rest_piles[pile]) == n0 - 1
        assert st.energy[0] == 10


def test_rest_without_cards_when_both_piles_are_empty():
    def edit(d):
        d["removed_rest"] = d["rest_piles"][0] + d["rest_piles"][1]
        d["rest_piles"] = [[], []]
    st = build(plan=plan_with(), params=ADV, pos=[node(1, 2), node(5, 5)], energy=[8, 8], edit=edit)
    m = st.legal_action_mask()
    assert m[A.REST] and not m[A.REST + 1]
    play_turn(st, A.REST)
    assert st.gps[0][0][0] == S.K_EMPTY and st.energy[0] == 10


def test_drink_water_flip_gives_1():
    st = build(plan=plan_with(), params=ADV, pos=[node(1, 2), node(5, 5)], energy=[8, 8],
               gps=[[rest_col(C.DRINK, 1000)], []], rnd=2,
               edit=lambda d: put_rest_on_top(d, 0, rest_card(C.BINOCULARS)))
    st.apply_action(A.REST)  # +2 ; then the finish phase offers the drink water card
    assert st.phase == "finish" and st.legal_action_mask()[A.FLIP_DRINK]
    st.apply_action(A.FLIP_DRINK)
    assert st.gps[0][0][7] == 1
    assert st.energy[0] == 8 + 2 + 1 + 1  # + the column-2 energy vignette (1200 m) left visible


@pytest.mark.parametrize("same_turn", [True, False])
def test_rest_flip_same_turn_ruling(same_turn):
    def edit(d):
        put_rest_on_top(d, 0, rest_card(C.DRINK))
    st = build(plan=plan_with(), params={**ADV, "rest_flip_same_turn": same_turn}, pos=[node(1, 2), node(5, 5)],
               energy=[8, 8], edit=edit)
    st.apply_action(A.REST)
    assert (st.phase == "finish" and st.current_player == 0) == same_turn


def test_energy_bar_makes_an_ascent_affordable_and_forces_ascent():
    def edit(d):
        put_on_top(d, 4, route_card(2, 3))
    st = build(plan=plan_with(), params=ADV, pos=[node(0, 3), node(5, 5)], energy=[1, 8],
               gps=[[rest_col(C.BAR, 900)], []], rnd=2, edit=edit)
    m = st.legal_action_mask()
    assert not m[A.MOVE + E] and m[A.FLIP_BAR]  # red ascent 900 -> 1200 costs 3 > 1
    st.apply_action(A.FLIP_BAR)
    m = st.legal_action_mask()
    assert m[A.MOVE + E] and not m[A.REST] and not m[A.MOVE + SOUTH]  # descents and rest are closed
    st.apply_action(A.MOVE + E)
    play_turn(st)
    # 1 + 2 (bar) - 3 (red) + 1 (wind) + 1 (column-2 vignette at 1200 m: card covers 800-1300 -> covered: 0)
    assert st.energy[0] == 1 + 2 - 3 + 1


def test_energy_bar_not_offered_without_an_ascent():
    st = build(plan=plan_with(), params=ADV, pos=[node(1, 1), node(5, 5)], energy=[8, 8],
               gps=[[rest_col(C.BAR, 1100)], []], rnd=2,
               edit=lambda d: [d["removed_route"].extend(d["route_piles"][0] + d["route_piles"][1]),
                               d["route_piles"][0].clear(), d["route_piles"][1].clear()])
    # from NW11 (1100 m) every ascent is green; with the green piles empty there is no ascent
    assert not st.legal_action_mask()[A.FLIP_BAR]
    assert not st.legal_action_mask()[A.MOVE + N]
    st2 = build(plan=plan_with(), params=ADV, pos=[node(0, 2), node(5, 5)], energy=[0, 8],
                gps=[[rest_col(C.BAR, 800)], []], rnd=2)
    # energy 0 + 2: every ascent from the refuge (green 1, yellow 2) may be affordable with the bar
    assert st2.legal_action_mask()[A.FLIP_BAR]
    st3 = build(plan=plan_with(), params=ADV, pos=[node(5, 5), node(0, 2)], energy=[0, 8],
                gps=[[rest_col(C.BAR, 1000)], []], rnd=2,
                edit=lambda d: put_on_top(d, 4, route_card(2, 4)) or put_on_top(d, 2, route_card(1, 3)))
    # from SE55: red ascent (cost 4) and yellow ascent (cost 3): 0 + 2 is not enough
    assert not st3.legal_action_mask()[A.FLIP_BAR]


def _tag_state(extra_cols, energy=8, params=None):
    def edit(d):
        empty_map(d)
        set_animal(d, 12, 1)  # A33: boar
        set_animal(d, 13, 0)  # A43: fox
        set_animal(d, 15, 4)  # A44: bear
        set_animal(d, 14, 2)  # A34: deer
    return build(plan=plan_with(), params={**ADV, **(params or {})}, pos=[node(4, 4), node(0, 2)],
                 energy=[energy, 8], gps=[extra_cols, []], rnd=len(extra_cols) + 1, edit=edit)


def test_only_one_animal_per_turn_without_wildlife():
    st = _tag_state([rest_col(C.DRINK, 1100, flipped=1)])
    st.apply_action(A.MOVE + N)  # 1100 -> 900 yellow descent; path spaces A33 (boar) and A43 (fox)
    m = st.legal_action_mask()
    assert m[A.TAG_PATH] and m[A.TAG_PATH + 1]
    st.apply_action(A.TAG_PATH)
    assert st.phase != "tag"


def test_wildlife_second_tag_costs_1():
    st = _tag_state([rest_col(C.WILDLIFE, 1100)])
    st.apply_action(A.MOVE + N)
    st.apply_action(A.TAG_PATH)
    assert st.phase == "tag" and st.legal_action_mask()[A.TAG_PATH + 1]
    st.apply_action(A.TAG_PATH + 1)
    play_turn(st)
    assert sorted(a for _, a in st.animals[0]) == [0, 1] and st.gps[0][0][7] == 1
    assert st.energy[0] == 8 - 1  # Wildlife costs 1 (descent 1100 -> 900 covers the 1200 m vignette)


def test_thresholds_use_start_energy():
    st = _tag_state([rest_col(C.DRINK, 1100, flipped=1)], energy=3)
    st.apply_action(A.MOVE + N)  # boar needs 4, fox needs 2
    m = st.legal_action_mask()
    spaces = st.map.path_spaces[st.t_path]
    assert m[A.TAG_PATH + spaces.index(13)] and not m[A.TAG_PATH + spaces.index(12)]


def test_binoculars_tag_around_the_destination():
    st = _tag_state([rest_col(C.BINOCULARS, 1100)], energy=12)
    st.apply_action(A.MOVE + SOUTH)  # 1100 -> 1200 green to SE45; path spaces A34 (deer), A44 (bear)
    dest_spaces = st.map.node_spaces[st.t_dest]
    assert dest_spaces == (14, 15)
    m = st.legal_action_mask()
    assert m[A.TAG_DEST] and m[A.TAG_DEST + 1] and not m[A.TAG_DEST + 2]
    st.apply_action(A.TAG_DEST + 1)
    assert st.animals[0] == [[1, 4]] and st.gps[0][0][7] == 1


def _bears_only_in_blue(d):
    empty_map(d)
    d["bags"] = [[14, 14, 14, 14, 0], [0, 0, 0, 0, 14]]


def test_search_draws_from_the_chosen_bag_ignoring_threshold():
    st = build(plan=plan_with(), params=ADV, pos=[node(4, 4), node(0, 2)], energy=[0, 8],
               gps=[[rest_col(C.SEARCH, 1100)], []], rnd=2, edit=_bears_only_in_blue)
    st.apply_action(A.MOVE + N)  # descent, energy 0: no path tag, but search is possible
    m = st.legal_action_mask()
    assert m[A.SEARCH] and m[A.SEARCH + 1] and not m[A.TAG_PATH]
    st.apply_action(A.SEARCH + 1)
    assert st.animals[0] == [[1, 4]] and st.bags[1][4] == 13


def test_search_threshold_ruling_returns_the_animal():
    st = build(plan=plan_with(), params={**ADV, "search_requires_threshold": True}, pos=[node(4, 4), node(0, 2)],
               energy=[0, 8], gps=[[rest_col(C.SEARCH, 1100)], []], rnd=2,
               edit=_bears_only_in_blue)
    st.apply_action(A.MOVE + N)
    st.apply_action(A.SEARCH + 1)
    assert st.animals[0] == [] and st.bags[1][4] == 14 and st.gps[0][0][7] == 1


def test_rest_turn_tags_nothing():
    st = _tag_state([rest_col(C.SEARCH, 1100)])
    st.apply_action(A.REST)
    assert st.phase != "tag" and st.animals[0] == []
