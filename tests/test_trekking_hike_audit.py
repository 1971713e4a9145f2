"""Issue #13 (Trekking): each audit finding as a scenario from a hand-made state, plus the rules the
suite did not guard (energy floor with Fog, flipped rest cards in the observation)."""

import numpy as np

from travel_envs.games.trekking import GAME
from travel_envs.games.trekking import actions as A
from travel_envs.games.trekking import components as C
from travel_envs.games.trekking import encoder as ENC
from travel_envs.games.trekking.scoring import K_ROUTE
from trekking_hike_helpers import (E, N, W, build, empty_map, filler, node, play_turn, put_on_top, rest_col,
                                   route_card, set_animal)

ADV = {"gps_side": "advanced"}  # no energy vignette in odd columns
PLAN = ("wind", "sunny", "climbing", "penalara", "species", "closed")  # wind: +1 per ascent (a gain)


def obs(st, seat=0):
    out = np.zeros(ENC.OBS_SIZE, np.float32)
    st.game.state_from_dict(st.to_dict()).observation(seat, out)  # a fresh encoding (no caches)
    return out


def legal(st):
    return set(np.flatnonzero(st.legal_action_mask()).tolist())


# ------------------------------------------------------------------ 1. Drink water before walking
def test_drink_water_flipped_before_walking_pays_for_a_path():
    st = build(plan=PLAN, params=ADV, pos=[node(0, 1), node(5, 5)], energy=[1, 8], rnd=2,
               gps=[[rest_col(C.DRINK, 900)], []], edit=lambda d: put_on_top(d, 2, route_card(1, 2)))
    m = legal(st)
    assert A.MOVE + E not in m  # yellow ascent 900 -> 1100 costs 2, energy 1
    assert A.FLIP_DRINK in m and A.REST in m
    st.apply_action(A.FLIP_DRINK)
    assert st.phase == "move" and A.MOVE + E in legal(st) and A.REST in legal(st)
    assert obs(st)[ENC._O_DRINKS] == np.float32(1 / 3)
    play_turn(st, A.MOVE + E)
    assert st.energy[0] == 1 + 1 - 2 + 1  # drink, card, wind


# ------------------------------------------------------------------ 2. Wildlife's payment
def _two_foxes(d):
    empty_map(d)
    set_animal(d, 2, 0)
    set_animal(d, 3, 0)  # both beside the green path NW12 -> NW11


def test_wildlife_second_tag_needs_energy_left_after_the_path():
    def state(energy):
        return build(plan=PLAN, params=ADV, pos=[node(1, 2), node(5, 5)], energy=[energy, 8], rnd=2,
                     gps=[[rest_col(C.WILDLIFE, 1000)], []],
                     edit=lambda d: (_two_foxes(d), put_on_top(d, 0, route_card(0, 2))))

    st = state(2)  # the green ascent costs exactly the 2 points held: nothing left to pay Wildlife
    st.apply_action(A.MOVE + N)
    assert st.spendable() == 0 and A.TAG_PATH in legal(st)
    st.apply_action(A.TAG_PATH)
    assert st.phase != "tag" and len(st.animals[0]) == 1
    st = state(3)  # one point left: the second fox may be paid for
    st.apply_action(A.MOVE + N)
    st.apply_action(A.TAG_PATH)
    assert A.TAG_PATH + 1 in legal(st)
    play_turn(st, A.TAG_PATH + 1)
    assert len(st.animals[0]) == 2 and st.energy[0] == 3 - 2 - 1 + 1


# ------------------------------------------------------------------ 3. Sunday hikers' ties
def _tie_state():
    def edit(d):
        empty_map(d)
        set_animal(d, 12, 0)  # fox and boar (1 VP each) beside SE44 -> SE43
        set_animal(d, 13, 1)
    # card 6 (NE, SE move) is flipped; card 13 on top of the deck: walk N, any path
    return build(n=1, params={"solo_difficulty": "easy"}, pos=[node(0, 2)], energy=[8], opp_deck=[12, 5],
                 opp_discard=[], sunday_pos=[node(0, 2), node(5, 2), node(0, 4), node(4, 4)], edit=edit)


def test_sunday_hiker_tie_is_the_players_choice():
    st = _tie_state()
    before = st.rng.bit_generator.state
    play_turn(st, A.REST)
    assert st.phase == "sunday" and st.current_player == 0
    assert legal(st) == {A.SUNDAY_PICK, A.SUNDAY_PICK + 1}
    assert st.sunday_pos[3] == node(4, 3)
    o = obs(st)
    assert o[ENC._O_SOLO + 52] == 1.0 and o[ENC._O_SOLO + 53 + 12] == 1.0 and o[ENC._O_SOLO + 53 + 13] == 1.0
    other = st.clone()
    st.apply_action(A.SUNDAY_PICK + 1)  # the boar
    other.apply_action(A.SUNDAY_PICK)  # the fox
    assert st.opp_animals == [0, 1, 0, 0, 0] and st.map_animals[12] == 0 and st.map_animals[13] == -1
    assert other.opp_animals == [1, 0, 0, 0, 0] and other.map_animals[12] == -1 and other.map_animals[13] == 1
    for s in (st, other):
        assert s.phase == "move" and s.rnd == 2 and s.current_player == 0
    assert st.rng.bit_generator.state == before  # no random draw decided it


def test_sunday_hiker_tie_waits_for_the_choice_in_hard_mode_before_the_first_turn():
    st = _tie_state()
    d = st.to_dict()
    d["order"], d["stage"], d["turn_pos"] = [-1, 0], "finish", 1
    st = st.game.state_from_dict(d)  # the player ends the turn of round 1, then round 2 opens with them
    st.apply_action(A.END_TURN)
    assert st.phase == "sunday" and st.rnd == 2 and st.turn_pos == 0


# ------------------------------------------------------------------ 4. a returned animal is not tagged
def test_returned_searched_animal_does_not_count_for_tall_tales_of_animals():
    plan = ("storm", "wind", "climbing", "penalara", "species", "animal_tales")

    def state(threshold):
        def edit(d):
            empty_map(d)
            d["bags"] = [[14, 14, 14, 14, 0], [0, 0, 0, 0, 14]]
        return build(plan=plan, params={**ADV, "search_requires_threshold": threshold}, pos=[node(1, 2), node(5, 5)],
                     energy=[0, 8], rnd=2, gps=[[rest_col(C.SEARCH, 1000)], []], edit=edit)

    for threshold, gain in ((True, 1), (False, 3)):  # the bear goes back with the threshold ruling
        st = state(threshold)
        st.apply_action(A.MOVE + W)  # yellow descent into the NW refuge (energy vignette 1200 left: +1)
        st.apply_action(A.SEARCH + 1)
        play_turn(st)
        assert st.energy[0] == gain + 1
        assert f"P0 reaches a refuge: +{gain} energy" in st.events


# ------------------------------------------------------------------ 5. face-down ascent costs
def _green_ascent_from_descent_pile(top_cost, energy, seen=()):
    def edit(d):
        d["route_piles"][1] += d["route_piles"][0]
        d["route_piles"][0] = []
        put_on_top(d, 1, route_card(0, top_cost))
    gps = [filler(1000, 6), []]
    if seen:  # seat 1 climbed 800 -> 1400 m on green ascent cards of these ids
        alt = 800
        for card in seen:
            gps[1].append([K_ROUTE, 0, 1, alt, alt + 100, card, -1, 0])
            alt += 100
    return build(plan=PLAN, params=ADV, pos=[node(1, 2), node(2, 0) if seen else node(5, 5)],
                 energy=[energy, 8], rnd=7, gps=gps, edit=edit)


def test_face_down_ascent_cost_is_not_observed_and_bounds_the_mask():
    cheap, dear = _green_ascent_from_descent_pile(0, 1), _green_ascent_from_descent_pile(2, 1)
    for seat in (0, 1):
        assert np.array_equal(obs(cheap, seat), obs(dear, seat))
    assert np.array_equal(cheap.legal_action_mask(), dear.legal_action_mask())
    assert A.MOVE + N not in legal(cheap)  # a green card may cost 2: energy 1 cannot be sure to pay
    assert obs(cheap)[ENC._O_RESERVE + 2] == 0.5
    for cost in (0, 2):
        st = _green_ascent_from_descent_pile(cost, 2)
        play_turn(st, A.MOVE + N)
        assert st.energy[0] == 2 - cost  # the card's real cost is paid (afternoon: sunny, no gain)


def test_face_down_ascent_bound_counts_the_cards_seen_ascent_side_up():
    twos = [c for c in C.ROUTE_IDS_BY_COLOUR[0] if C.ROUTE_COST[c] == 2]
    st = _green_ascent_from_descent_pile(0, 1, seen=twos)  # every green 2 is on seat 1's board
    assert st.ascent_cost_known(0) == 1 and A.MOVE + N in legal(st)
    assert obs(st)[ENC._O_RESERVE + 2] == 0.25


# ------------------------------------------------------------------ 6. the map is observed
def test_random_map_is_in_the_observation():
    g = GAME(num_players=2, map="random")
    a, b = g.new_initial_state(np.random.default_rng(1)), g.new_initial_state(np.random.default_rng(2))
    assert a.map.altitude != b.map.altitude
    oa, ob = obs(a), obs(b)
    mapsec = slice(ENC._O_MAPDATA, ENC._O_MAPDATA + ENC._MAPDATA)
    assert not np.array_equal(oa[mapsec], ob[mapsec])
    for st, o in ((a, oa), (b, ob)):
        m = st.map
        assert np.allclose(o[ENC._O_MAPDATA:ENC._O_MAPDATA + 36], np.array(m.altitude) / 1600)
        assert [i for i in range(36) if o[ENC._O_MAPDATA + 36 + i]] == sorted(m.refuges)
        assert [i for i in range(36) if o[ENC._O_MAPDATA + 72 + i]] == sorted(m.summits)
        assert np.count_nonzero(o[ENC._O_MAPDATA + 108:ENC._O_MAPDATA + 168]) == len(m.paths)


# ------------------------------------------------------------------ 7. solo public facts
def _solo_midgame():
    g = GAME(num_players=1)
    st = g.new_initial_state(np.random.default_rng(5))
    rng = np.random.default_rng(6)
    while st.rnd < 6:
        st.apply_action(int(rng.choice(np.flatnonzero(st.legal_action_mask()))))
    return st


def test_solo_discard_removed_cards_and_visited_summits_are_observed():
    st = _solo_midgame()
    base = obs(st)

    def changed(edit):
        d = st.to_dict()
        edit(d)
        return not np.array_equal(base, obs(st.game.state_from_dict(d)))

    assert changed(lambda d: d["opp_discard"].__setitem__(slice(-2, None), d["opp_discard"][:-3:-1]))
    assert changed(lambda d: d["removed_rest"].append(d["rest_piles"][0].pop(0)))
    assert changed(lambda d: d["removed_route"].append(d["route_piles"][2].pop(0)))
    assert changed(lambda d: d["sunday_visited"][0].append(4 if 4 not in d["sunday_visited"][0] else 3))


# ------------------------------------------------------------------ 8. score scale
def test_scores_above_80_are_not_clipped():
    def state(bears):
        def edit(d):
            empty_map(d)
            d["bags"][1][4] -= bears  # bears from the blue bag (10)
            d["animals"][0] = [[c, 4] for c in range(bears)]
            d["tokens"][0] = [[s, 1, 0, 1] for s in range(5)]
            d["summit_piles"] = [1] * 5
        return build(plan=("wind", "sunny", "climbing", "penalara", "micro_study", "closed"),
                     pos=[node(2, 0), node(5, 5)], energy=[8, 8], rnd=12, gps=[filler(1400, 11), []], edit=edit)

    hi, lo = state(10), state(9)
    assert hi.scores_of(0) > lo.scores_of(0) > 80
    off = ENC._O_PLAYERS + ENC._E0 + 2
    assert obs(hi)[off] == np.float32(hi.scores_of(0) / ENC.SCORE_SCALE) and obs(hi)[off] > obs(lo)[off]


# ------------------------------------------------------------------ rules the suite did not guard
def test_fog_tag_after_an_ascent_costing_all_the_energy_stops_at_zero():
    def edit(d):
        _two_foxes(d)
        put_on_top(d, 0, route_card(0, 2))
    st = build(plan=("fog", "sunny", "climbing", "penalara", "species", "closed"), params=ADV,
               pos=[node(1, 2), node(5, 5)], energy=[2, 8], rnd=3, gps=[filler(1000, 2), []], edit=edit)
    play_turn(st, A.MOVE + N, A.TAG_PATH)
    assert st.energy[0] == 0 and "P0 energy 2 -> 0 (-3)" in st.events  # 2 - 2 (card) - 1 (fog), clamped


def test_flipped_rest_cards_are_counted_in_the_observation():
    st = build(plan=PLAN, params=ADV, pos=[node(0, 1), node(5, 5)], energy=[4, 8], rnd=3,
               gps=[[rest_col(C.DRINK, 900), rest_col(C.DRINK, 900, copy=1)], []])
    r = ENC._O_PLAYERS + ENC._R0
    o = obs(st)
    assert o[r + C.DRINK] == np.float32(2 / 3) and o[r + 5 + C.DRINK] == 0.0
    st.apply_action(A.FLIP_DRINK)
    o = obs(st)
    assert o[r + C.DRINK] == np.float32(1 / 3) and o[r + 5 + C.DRINK] == np.float32(1 / 3)
    other = obs(st, 1)  # the other seat sees the flip in seat 0's block (its second block)
    assert other[r + ENC.PLAYER_BLOCK + 5 + C.DRINK] == np.float32(1 / 3)
