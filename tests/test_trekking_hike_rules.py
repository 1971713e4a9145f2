"""Rules other than card effects: setup, movement, summits, animals, refill, end, ties, solo mode."""

import numpy as np
import pytest

from travel_envs.games.trekking import GAME
from travel_envs.games.trekking import actions as A
from travel_envs.games.trekking import components as C
from travel_envs.games.trekking import scoring as S
from travel_envs.games.trekking.engine import OPPONENT
from trekking_hike_helpers import (E, N, S as SOUTH, W, build, empty_map, filler, node, play_turn,
                                   put_on_top, route_card, set_animal)

ADV = {"gps_side": "advanced"}


# ------------------------------------------------------------------ setup
def test_setup_piles_tokens_animals():
    st = GAME(num_players=3).new_initial_state(np.random.default_rng(1))
    assert [len(p) for p in st.route_piles] == [13, 12, 11, 11, 9, 9]
    assert all(C.ROUTE_COLOUR[c] == i // 2 for i, p in enumerate(st.route_piles) for c in p)
    assert sorted(len(p) for p in st.rest_piles) == [7, 8]
    assert st.summit_piles == [3] * 5
    assert all(a >= 0 for a in st.map_animals)
    assert sum(map(sum, st.bags)) == 70 - 16
    assert st.energy == [8, 8, 8]
    assert sorted(st.order) == [0, 1, 2]


def test_start_refuges_chosen_in_reverse_turn_order_and_distinct():
    st = GAME(num_players=3).new_initial_state(np.random.default_rng(2))
    assert st.phase == "refuge"
    assert st.refuge_queue == list(reversed(st.order))
    first = st.current_player
    st.apply_action(A.CHOOSE_REFUGE + 2)
    assert st.pos[first] == C.MAP_E.refuges[2]
    assert not st.legal_action_mask()[A.CHOOSE_REFUGE + 2]
    st.apply_action(A.CHOOSE_REFUGE + 0)
    st.apply_action(A.CHOOSE_REFUGE + 1)
    assert st.phase == "move" and st.current_player == st.order[0] and st.rnd == 1


def test_random_start_refuges_parameter():
    st = GAME(num_players=4, start_refuge="random").new_initial_state(np.random.default_rng(3))
    assert sorted(st.pos) == sorted(C.MAP_E.refuges) and st.phase == "move"


def test_random_route_plan_has_two_different_weather_cards():
    for seed in range(20):
        st = GAME(num_players=2).new_initial_state(np.random.default_rng(seed))
        assert st.plan[0] != st.plan[1]
        for slot, card in enumerate(st.plan):
            assert card in C.PLAN_DECKS[slot]


# ------------------------------------------------------------------ movement
def test_only_affordable_paths_and_rest_always_legal():
    def edit(d):
        put_on_top(d, 0, route_card(0, 2))  # green ascent card costs 2
        put_on_top(d, 2, route_card(1, 3))  # yellow ascent costs 3
    st = build(params=ADV, pos=[node(0, 2), node(5, 5)], energy=[2, 8], edit=edit)
    m = st.legal_action_mask()
    assert m[A.MOVE + N] and not m[A.MOVE + E] and m[A.MOVE + SOUTH]  # green 2 ok, yellow 3 not
    assert not m[A.MOVE + W]  # no path to the west
    assert m[A.REST] and m[A.REST + 1]


def test_descent_takes_descent_pile_and_costs_nothing():
    st = build(params=ADV, pos=[node(1, 2), node(5, 5)], energy=[0, 8])
    top = st.route_piles[3][-1]
    play_turn(st, A.MOVE + W)  # yellow descent
    assert st.gps[0][0][5] == top and st.energy[0] == 0


def test_empty_pile_uses_the_other_pile_of_that_colour_then_closes():
    def edit(d):
        d["removed_route"] = d["route_piles"][3][:]
        d["route_piles"][3] = []
    st = build(params=ADV, pos=[node(1, 2), node(5, 5)], energy=[8, 8], edit=edit)
    top = st.route_piles[2][-1]
    play_turn(st, A.MOVE + W)
    assert st.gps[0][0][5] == top and st.gps[0][0][2] == 0 and st.energy[0] == 8  # descent side, cost 0

    def edit2(d):
        d["removed_route"] = d["route_piles"][2] + d["route_piles"][3]
        d["route_piles"][2] = []
        d["route_piles"][3] = []
    st = build(params=ADV, pos=[node(1, 2), node(5, 5)], energy=[8, 8], edit=edit2)
    m = st.legal_action_mask()
    assert not m[A.MOVE + W] and not m[A.MOVE + SOUTH] and m[A.MOVE + N]  # yellow closed


def test_energy_is_clamped_to_the_indicator():
    st = build(plan=("storm", "cold", "climbing", "penalara", "species", "closed"), params=ADV,
               pos=[node(1, 2), node(5, 5)], energy=[15, 8])
    play_turn(st, A.REST)
    assert st.energy[0] == 15
    st = build(params=ADV, pos=[node(0, 3), node(5, 5)], energy=[3, 8],
               edit=lambda d: put_on_top(d, 4, route_card(2, 3)))
    play_turn(st, A.MOVE + E)
    assert st.energy[0] == 0


def test_energy_vignette_gives_1_when_left_visible():
    # basic side column 1: energy vignette at 1300 m; a 800 -> 1000 card covers 700-1100: visible -> +1
    st = build(pos=[node(0, 2), node(5, 5)], energy=[8, 8], edit=lambda d: put_on_top(d, 2, route_card(1, 2)))
    play_turn(st, A.MOVE + E)
    assert st.energy[0] == 8 - 2 + 1
    # column 1 again, from SW13: a 1200 -> 1300 card covers 1100-1400, hiding the vignette
    st = build(pos=[node(1, 3), node(5, 5)], energy=[8, 8], edit=lambda d: put_on_top(d, 0, route_card(0, 1)))
    play_turn(st, A.MOVE + E)  # 1200 -> 1300 covers 1100-1400: covered -> no bonus
    assert st.energy[0] == 7


# ------------------------------------------------------------------ summits
def test_one_token_per_summit_per_player_and_empty_pile():
    st = build(pos=[node(3, 0), node(5, 5)], energy=[15, 8], tokens=[[[0, 1, 0, 1]], []],
               summit_piles=[1, 2, 2, 2, 2], rnd=2, gps=[filler(1300, 1), filler(1000, 1)])
    play_turn(st, A.MOVE + W)
    assert st.tokens[0] == [[0, 1, 0, 1]] and st.summit_piles[0] == 1
    st = build(pos=[node(3, 0), node(5, 5)], energy=[15, 8], summit_piles=[0, 2, 2, 2, 2])
    play_turn(st, A.MOVE + W)
    assert st.tokens[0] == [] and st.summit_piles[0] == 0


def test_summit_tokens_numbered_by_arrival_for_player_count():
    st = build(n=4, pos=[node(3, 0), node(3, 0), node(5, 5), node(0, 2)], energy=[15] * 4)
    assert st.summit_piles == [4] * 5
    play_turn(st, A.MOVE + W)
    play_turn(st, A.MOVE + W)
    assert st.tokens[0][0][1] == 1 and st.tokens[1][0][1] == 2 and st.summit_piles[0] == 2


# ------------------------------------------------------------------ animals and refill
@pytest.mark.parametrize("n,rounds", [(2, ()), (3, (6,)), (4, (4, 8))])
def test_refill_schedule_after_the_whole_round(n, rounds):
    for r in (4, 6, 8):
        st = build(n=n, rnd=r, seat=n - 2, pos=[node(0, 2)] * n, energy=[8] * n,
                   gps=[filler(800, r - 1) for _ in range(n)])
        st.map_animals[0] = -1
        st.bags[C.MAP_E.animal_bag[0]][0] += 1
        play_turn(st, A.REST)
        assert st.map_animals[0] == -1  # not before the last player of the round has played
        play_turn(st, A.REST)
        assert (st.map_animals[0] >= 0) == (r in rounds), (n, r)
        assert st.rnd == r + 1


def test_empty_bag_draws_from_the_other_then_stays_empty():
    st = build(n=4, rnd=4, seat=3, pos=[node(0, 2)] * 4, energy=[8] * 4, gps=[filler(800, 3)] * 4)
    s_green = next(s for s in range(16) if C.MAP_E.animal_bag[s] == 0)
    s_blue = next(s for s in range(16) if C.MAP_E.animal_bag[s] == 1)
    st.map_animals[s_green] = -1
    st.map_animals[s_blue] = -1
    st.bags = [[0] * 5, [0, 0, 0, 0, 1]]
    play_turn(st, A.REST)
    got = [st.map_animals[s_green], st.map_animals[s_blue]]
    assert sorted(got) == [-1, 4] and st.bags == [[0] * 5, [0] * 5]


# ------------------------------------------------------------------ end of game, scoring, ties
def test_game_ends_after_round_12_with_12_columns():
    g = GAME(num_players=2, start_refuge="random")
    st = g.new_initial_state(np.random.default_rng(4))
    while not st.is_terminal:
        st.apply_action(A.REST if st.legal_action_mask()[A.REST] else int(np.flatnonzero(st.legal_action_mask())[0]))
    assert all(len(gp) == 12 for gp in st.gps) and st.current_player == -1
    assert not st.legal_action_mask().any()


def test_score_breakdown_follows_the_six_steps():
    st = build(plan=("cold", "storm", "photos", "turbon", "species", "closed"))
    st.gps[0] = [[0, 1, 1, 800, 1000, 0, -1, 0], [0, 2, 1, 1000, 1300, 0, -1, 0]]
    st.animals[0] = [[0, 1], [1, 1], [1, 4]]
    st.tokens[0] = [[1, 2, 1, 2]]
    b = st.score_breakdown(0)
    assert list(b) == ["animals", "fauna_card", "summit_flips", "summit_card", "orography_card", "vignettes"]
    assert b["animals"] == 5 and b["fauna_card"] == 3 and b["summit_flips"] == 2 and b["summit_card"] == 4
    assert b["orography_card"] == 15
    assert b["vignettes"] == S.vignette_vp(0, st.gps[0], 100)
    assert st.scores()[0] == sum(b.values())


def _final(n, gps, animals):
    st = build(n=n, phase="over")
    st.gps = gps
    st.animals = animals
    st.tokens = [[] for _ in range(n)]
    return st


def test_ties_broken_by_most_animals_then_shared():
    g = filler(800, 12)
    st = _final(2, [g, g], [[[0, 4]], [[0, 0], [0, 0], [0, 0]]])
    st.plan = ["cold", "storm", "climbing", "penalara", "adaptation", "closed"]
    assert st.scores()[0] == st.scores()[1] == 14 + 3 + 2  # vignettes + animals + one altitude
    assert st.winners() == [1]
    assert st.returns() == [-1.0, 1.0]
    st.animals = [[[0, 0]], [[0, 1]]]
    assert st.winners() == [0, 1] and st.returns() == [0.0, 0.0]


# ------------------------------------------------------------------ solo mode
@pytest.mark.parametrize("difficulty,dropped,side,first", [("easy", 0, 0, 0), ("hard", 1, 1, OPPONENT)])
def test_solo_setup_by_difficulty(difficulty, dropped, side, first):
    st = GAME(num_players=1, solo_difficulty=difficulty).new_initial_state(np.random.default_rng(5))
    assert dropped not in st.opp_deck and len(st.opp_deck) == 13
    assert st.side == side and st.order[0] == first
    assert st.sunday_pos == list(C.MAP_E.refuges)
    assert st.summit_piles == [4] * 5
    st.apply_action(A.CHOOSE_REFUGE + 3)  # any refuge, Sunday hikers everywhere
    if first == OPPONENT:
        assert len(st.opp_discard) == 1  # the Sunday hikers already played round 1
    else:
        assert st.opp_discard == []


def test_solo_rulebook_example_red_ascent_lower_tiles_east(monkeypatch):
    cards = list(C.OPPONENT_CARDS) + [(15, "", 2, (2, 3), 3, 0), (16, "", 0, (0,), 1, 0)]
    monkeypatch.setattr(C, "OPPONENT_CARDS", tuple(cards))
    st = build(n=1, params={"solo_difficulty": "easy"}, pos=[node(2, 2)], energy=[8],
               opp_deck=[15, 14], opp_discard=[],
               sunday_pos=[node(0, 2), node(5, 2), node(1, 3), node(4, 4)], edit=empty_map)
    red_top = st.route_piles[4][-1]
    play_turn(st, A.REST)  # then the Sunday hikers play
    assert st.opp_discard == [14] and red_top in st.removed_route
    # SW hiker on SW13 (1200): E is SW23 (1300) on its tile -> moves east
    # SE hiker on SE44 (1100): E is SE54 (1300) -> moves east and takes summit S5's first token
    assert st.sunday_pos[2] == node(2, 3) and st.sunday_pos[3] == node(5, 4)
    assert st.sunday_pos[0] == node(0, 2) and st.sunday_pos[1] == node(5, 2)
    assert st.opp_tokens == [[3, 4, 1]]


def test_sunday_hikers_never_leave_their_tile_and_follow_requirement():
    st = build(n=1, pos=[node(2, 2)], energy=[8], sunday_pos=[node(2, 1), node(5, 2), node(0, 4), node(5, 5)])
    # NW21 (1200): N is NW20 (1400 S1) ascent; E is NE31 (other tile); S is NW22 (1100); W NW11 (1100)
    assert st.sunday_path(0, 1, 0) == 2  # compass E: E leaves the tile -> next clockwise: S
    assert st.sunday_path(0, 1, 1) == 0  # ascent only: S (descent), W (descent), N (ascent)
    assert st.sunday_path(0, 0, 2) == 2  # descent only starting N: N ascent, E off-tile, S descent
    assert st.sunday_path(3, 0, 2) == -1  # SE55 (1000): N 1300 and W 1200 are ascents -> stays


def test_sunday_hikers_tag_the_lowest_value_animal_and_visit_summits_once():
    def edit(d):
        empty_map(d)
        set_animal(d, 12, 4)  # bear on A33
        set_animal(d, 13, 3)  # eagle on A43
    st = build(n=1, pos=[node(0, 2)], energy=[8], sunday_pos=[node(0, 2), node(5, 2), node(0, 4), node(4, 4)],
               edit=edit)
    st._move_sunday_hiker(3, 0, 0)  # N from SE44 to SE43: path between A33 and A43
    assert st.opp_animals == [0, 0, 0, 1, 0] and st.map_animals[13] == -1 and st.map_animals[12] == 4
    st.sunday_pos[3] = node(4, 4)
    st._move_sunday_hiker(3, 1, 1)  # E to S5: token
    st.sunday_pos[3] = node(4, 4)
    st._move_sunday_hiker(3, 1, 1)  # again: no second token for the same hiker
    assert len(st.opp_tokens) == 1 and st.summit_piles[4] == 3


def test_sunday_hikers_count_for_refuge_encounters_by_parameter():
    for flag, gain in ((True, 4), (False, 1)):
        st = build(n=1, plan=("wind", "cold", "climbing", "penalara", "species", "encounters"),
                   params={**ADV, "sunday_hikers_are_hikers": flag}, pos=[node(1, 2)], energy=[8])
        st.apply_action(A.MOVE + W)
        play_turn(st)
        assert st.energy[0] == 8 + gain


def test_solo_scoring_and_strict_win():
    st = build(n=1, plan=("sunny", "fog", "climbing", "penalara", "species", "friends"), phase="over")
    st.opp_animals = [1, 0, 2, 0, 1]  # 1 + 4 + 3 = 8 VP, doubled
    st.opp_tokens = [[0, 0, 1], [1, 1, 1]]
    assert st.opponent_score() == 16 + 8 + 0 + (1 - 1 + 2 + 4 + 3 + 1)
    st.gps[0] = filler(800, 12)  # every VP vignette visible: 14 VP, nothing else
    assert st.scores() == [14.0]
    st.opp_animals = [0] * 5
    st.opp_tokens = [[0, 0, 1]]  # 4 + 10 = 14: a tie is a loss
    assert st.opponent_score() == 14 and st.winners() == [] and st.returns() == [-1.0]
    st.opp_tokens = []
    assert st.opponent_score() == 10 and st.winners() == [0] and st.returns() == [1.0]
    st.side = 1  # the advanced side's corner adds 5 to the Sunday hikers
    assert st.opponent_score() == 15


def test_solo_game_plays_12_rounds_with_13_card_deck():
    for diff in ("easy", "hard"):
        st = GAME(num_players=1, solo_difficulty=diff).new_initial_state(np.random.default_rng(6))
        while not st.is_terminal:
            st.apply_action(int(np.flatnonzero(st.legal_action_mask())[-1]))
        assert len(st.opp_discard) == 12 and len(st.opp_deck) == 1 and len(st.gps[0]) == 12


def test_vp_vignettes_on_both_sides():
    assert S.vignette_vp(0, [], 100) == 14 and S.vignette_vp(1, [], 100) == 15
    # advanced side: column 1 has a 2 VP vignette at 1400 m; a 1200 -> 1300 card covers 1100-1400
    assert S.vignette_vp(1, [[0, 0, 1, 1200, 1300, 0, -1, 0]], 100) == 13
    assert S.vignette_vp(1, [[0, 0, 1, 1200, 1300, 0, -1, 0]], 0) == 15  # margin 0: 1200-1300 only
    # basic side: column 1 has no VP vignette, only an energy one
    assert S.vignette_vp(0, [[0, 0, 1, 1200, 1300, 0, -1, 0]], 100) == 14


def test_advanced_energy_vignettes_only_in_even_columns():
    st = build(params={"gps_side": "advanced"}, rnd=2, pos=[node(1, 2), node(5, 5)], energy=[8, 8],
               gps=[filler(1000, 1), filler(1000, 1)])
    play_turn(st, A.REST)  # column 2: vignette at 1200 m, a rest card at 1000 m covers 900-1100 -> +1
    assert st.energy[0] == 8 + 2 + 1  # (morning weather of NEUTRAL is fog: no rest bonus)
    st = build(params={"gps_side": "advanced"}, rnd=3, pos=[node(1, 2), node(5, 5)], energy=[8, 8],
               gps=[filler(1000, 2), filler(1000, 2)])
    play_turn(st, A.REST)  # column 3 of the advanced side has no energy vignette
    assert st.energy[0] == 10


def test_solo_rest_removal_takes_the_larger_rest_pile(monkeypatch):
    cards = list(C.OPPONENT_CARDS) + [(15, "", 3, (), 0, 0)]
    monkeypatch.setattr(C, "OPPONENT_CARDS", tuple(cards))
    def edit(d):
        d["removed_rest"] = d["rest_piles"][0][:3]
        d["rest_piles"][0] = d["rest_piles"][0][3:]  # 4 vs 8
    st = build(n=1, pos=[node(2, 2)], energy=[8], opp_deck=[3, 14], opp_discard=[], edit=edit)
    top1 = st.rest_piles[1][-1]
    play_turn(st, A.MOVE + 0)
    assert top1 in st.removed_rest and len(st.rest_piles[1]) == 7
