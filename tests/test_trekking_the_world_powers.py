"""All 48 Encounter powers of Trekking the World, one scenario each (32 powers + 16 "At game's end")."""

import numpy as np
import pytest

from travel_envs.games.trekking_the_world import components as C
from travel_envs.games.trekking_the_world import engine as E
from travel_envs.games.trekking_the_world.actions import (
    A_COLOUR, A_ENC, A_ITIN, A_LOC, A_MONEY, A_PASS, A_PLAYER, A_SOUV, A_STOP, A_TOUR, A_USE,
)
from travel_envs.games.trekking_the_world.scenario import (
    build_state, card, give_cubes, give_tokens, invariant_errors, loc, place_card, place_itinerary,
)

from test_trekking_the_world_rules import CARD26, hide, itin, legal_locations, make_enc, make_tour, walk

RED, BLUE, YELLOW, BLACK = range(4)
NA, SA, EU, AF, AS, OC = range(6)


def state(n=2, where="Zhangjiajie", money=0, **kw):
    kw.setdefault("auto_forced", False)
    return build_state(n, locations=[loc(where)] * n, money=[money] * n, **kw)


def hold(s, name, p=0):
    c = card(name)
    place_card(s, c, "encs", None, player=p)
    s.touch()
    return c


def use(s, c):
    assert s.legal_action_mask()[A_USE + c], f"{C.CARD_NAMES[c]} not usable in phase {s.phase}"
    s.apply_action(A_USE + c)


def choose(s, it):
    place_itinerary(s, it, "itin_row", 0)
    s.apply_action(A_ITIN + 1)


def to_cards(s, it, *path):
    """Choose ``it``, walk ``path``, collect money and Souvenirs: the card phase."""
    choose(s, it)
    s.apply_action(A_PASS)
    walk(s, *path)
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert s.phase == "cards"


def check(s):
    assert not invariant_errors(s)


# ------------------------------------------------------------------ instant powers
@pytest.mark.parametrize("name,amount", [("Banff", 3), ("Golden Gate Bridge", 5)])
def test_gain_money(name, amount):
    s = state(money=16)
    c = hold(s, name)
    use(s, c)
    assert s.money[0] == min(20, 16 + amount) and c in s.enc_discard and c not in s.encs[0]
    check(s)


def test_niagara_two_cubes_of_one_colour():
    s = state()
    c = hold(s, "Niagara Falls")
    use(s, c)
    assert s.phase == "colour"
    s.apply_action(A_COLOUR + BLUE)
    assert s.suitcase[0] == [0, 2, 0, 0] and s.tokens[0][C.TOK_FF] == 2  # blue column 2 icon
    assert s.phase == "start"
    check(s)


def test_statue_of_liberty_one_cube_each_colour():
    s = state()
    c = hold(s, "Statue of Liberty")
    use(s, c)
    assert s.suitcase[0] == [1, 1, 1, 1]
    check(s)


def test_old_havana_recolours_itinerary_cubes():
    s = state(where="Zhangjiajie")
    c = hold(s, "Old Havana")
    hide(s, "Ha Long Bay")
    choose(s, itin(3, 1, 2, RED, AS))
    s.apply_action(A_PASS)
    walk(s, "Asia Airport", "Angkor Wat", "Ha Long Bay")
    assert not s.legal_action_mask()[A_USE + c]  # not a money-phase power
    s.apply_action(A_PASS)
    use(s, c)
    s.apply_action(A_COLOUR + YELLOW)
    assert s.recolour == YELLOW and s.phase == "souvenir"
    s.apply_action(A_PASS)
    assert s.suitcase[0] == [0, 0, 2, 0]


def test_monteverde_free_flight_before_itinerary():
    s = state(where="Zhangjiajie", money=0)
    c = hold(s, "Monteverde Cloud Forest")
    use(s, c)
    assert s.phase == "fly"
    assert set(legal_locations(s)) == {C.NODE_NAMES[a] for a in C.AIRPORTS}
    s.apply_action(A_LOC + loc("Europe Airport"))
    assert s.loc[0] == loc("Europe Airport") and s.money[0] == 0 and s.phase == "start"
    check(s)


def test_galapagos_move_to_any_location():
    s = state(where="Zhangjiajie")
    c = hold(s, "Galápagos Islands")
    choose(s, CARD26)
    use(s, c)
    assert s.phase == "teleport" and len(legal_locations(s)) == 53
    s.apply_action(A_LOC + loc("Bora Bora"))
    assert s.loc[0] == loc("Bora Bora") and s.phase == "money"


def test_machu_picchu_skip_movement():
    s = state(where="Zhangjiajie")
    c = hold(s, "Machu Picchu")
    choose(s, CARD26)
    use(s, c)
    assert s.phase == "money" and s.loc[0] == loc("Zhangjiajie")
    s.apply_action(A_PASS)
    assert s.money[0] == 2


def test_torres_del_paine_move_fewer():
    s = state(where="Zhangjiajie")
    c = hold(s, "Torres del Paine")
    choose(s, itin(4, 1, 1, RED, NA, AS))
    use(s, c)
    s.apply_action(A_PASS)
    assert (s.n_min, s.n_max) == (2, 4)
    walk(s, "Asia Airport")
    assert not s.legal_action_mask()[A_STOP]
    walk(s, "Angkor Wat")
    assert s.legal_action_mask()[A_STOP]
    s.apply_action(A_STOP)
    assert s.phase == "money" and s.loc[0] == loc("Angkor Wat") and s.steps == 2


def test_iguazu_falls_extra_step():
    s = state(where="Zhangjiajie")
    c = hold(s, "Iguazu Falls")
    choose(s, itin(1, 4, 1, BLUE, NA, SA))
    use(s, c)
    s.apply_action(A_PASS)
    assert s.n_max == 2
    walk(s, "Asia Airport", "Angkor Wat")
    assert s.phase == "money"


def test_lencois_move_after_taking_card():
    s = state(where="South America Airport", money=20)
    c = hold(s, "Lençóis Maranhenses")
    t = make_tour(s, "Machu Picchu")
    to_cards(s, itin(1, 4, 1, RED, NA, SA), "Machu Picchu")
    use(s, c)
    assert not s.legal_action_mask()[A_LOC:A_LOC + 54].any()  # only after a card is taken
    s.apply_action(A_TOUR + t)
    # not back to South America Airport, where the turn began (rule B, doc ruling 6)
    assert legal_locations(s) == {"Galápagos Islands", "Salar de Uyuni"}
    walk(s, "Salar de Uyuni")
    assert s.loc[0] == loc("Salar de Uyuni") and not s.legal_action_mask()[A_LOC:A_LOC + 54].any()
    check(s)


def _lencois_after_two_steps(milford):
    """Walk South America Airport -> Salar de Uyuni -> Machu Picchu, buy the Tour there, play Lencois."""
    s = state(where="South America Airport", money=20)
    c = hold(s, "Lençóis Maranhenses")
    m = hold(s, "Milford Sound") if milford else None
    t = make_tour(s, "Machu Picchu")
    choose(s, itin(2, 3, 1, BLACK, SA, AF))
    if milford:
        use(s, m)
    s.apply_action(A_PASS)
    walk(s, "Salar de Uyuni", "Machu Picchu")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    s.apply_action(A_TOUR + t)
    use(s, c)
    return s


def test_lencois_step_never_returns_to_a_location_passed_this_turn():
    """Rule B: "You may not return to or pass through a location you started on or passed through
    this turn" holds for the Lencois step too."""
    s = _lencois_after_two_steps(milford=False)
    assert legal_locations(s) == {"Galápagos Islands"}
    check(s)


def test_lencois_step_with_milford_may_revisit_but_not_the_turn_start():
    """Milford Sound lets the step land on a passed location, never on the start (FAQ)."""
    s = _lencois_after_two_steps(milford=True)
    assert legal_locations(s) == {"Galápagos Islands", "Salar de Uyuni"}
    check(s)


def test_lencois_step_after_machu_picchu_and_after_galapagos():
    s = state(where="Salar de Uyuni", money=20)
    c, mp = hold(s, "Lençóis Maranhenses"), hold(s, "Machu Picchu")
    t = make_tour(s, "Salar de Uyuni")
    choose(s, CARD26)
    use(s, mp)  # the Trekker stays: every neighbour is a new location
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    s.apply_action(A_TOUR + t)
    use(s, c)
    assert legal_locations(s) == {"Machu Picchu", "South America Airport", "Torres del Paine"}
    check(s)
    s = state(where="South America Airport", money=20)
    c, g = hold(s, "Lençóis Maranhenses"), hold(s, "Galápagos Islands")
    t = make_tour(s, "Salar de Uyuni")
    choose(s, CARD26)
    use(s, g)
    s.apply_action(A_LOC + loc("Salar de Uyuni"))
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    s.apply_action(A_TOUR + t)
    use(s, c)
    assert legal_locations(s) == {"Machu Picchu", "Torres del Paine"}  # not back where the turn began
    check(s)


def test_sagrada_familia_encounter_and_adjacent_tour():
    s = state(where="Africa Airport", money=20)
    c = hold(s, "Sagrada Família")
    e = make_enc(s, "Victoria Falls")
    t = make_tour(s, "Table Mountain")  # adjacent to Victoria Falls
    to_cards(s, itin(1, 3, 1, BLUE, EU, AF, AS), "Victoria Falls")
    use(s, c)
    s.apply_action(A_ENC + e)
    m = s.legal_action_mask()
    assert m[A_TOUR + t] and m[A_PASS]
    s.apply_action(A_TOUR + t)
    assert e in s.encs[0] and t in s.tours[0] and s.cards_taken == 2
    assert not s.legal_action_mask()[A_TOUR:A_TOUR + 48].any()
    check(s)


def test_without_sagrada_one_card_only():
    s = state(where="Africa Airport", money=20)
    e = make_enc(s, "Victoria Falls")
    t = make_tour(s, "Table Mountain")
    to_cards(s, itin(1, 3, 1, BLUE, EU, AF, AS), "Victoria Falls")
    s.apply_action(A_ENC + e)
    assert not s.legal_action_mask()[A_TOUR + t]


def test_stonehenge_and_geirangerfjord_discounts_stack():
    s = state(where="South America Airport", money=0)
    a = hold(s, "Stonehenge")
    b = hold(s, "Geirangerfjord")
    t = make_tour(s, "Machu Picchu")  # cost 7
    to_cards(s, itin(1, 4, 1, RED, NA, SA), "Machu Picchu")
    assert s.money[0] == 4 and not s.legal_action_mask()[A_TOUR + t]
    use(s, a)
    assert s.tour_price(t) == 4 and s.legal_action_mask()[A_TOUR + t]
    use(s, b)
    assert s.tour_price(t) == 2
    s.apply_action(A_TOUR + t)
    assert s.money[0] == 2
    s2 = state()
    s2.discount = 20
    assert s2.tour_price(t) == 0


def test_colosseum_adjacent_tour():
    s = state(where="Zhangjiajie", money=20)
    c = hold(s, "Colosseum")
    hide(s, "Ha Long Bay")
    t = make_tour(s, "Mount Fuji")
    to_cards(s, CARD26, "Asia Airport", "Angkor Wat", "Ha Long Bay")
    assert not s.legal_action_mask()[A_TOUR + t]
    use(s, c)
    assert s.legal_action_mask()[A_TOUR + t]
    s.apply_action(A_TOUR + t)
    assert t in s.tours[0]


def test_plitvice_itinerary_from_discard():
    s = state()
    c = hold(s, "Plitvice Lakes")
    place_itinerary(s, CARD26, "itin_discard", None)
    use(s, c)
    assert s.itin == CARD26 and s.phase == "move_prep" and s.itin_discard == []
    check(s)


def test_plitvice_needs_discard():
    s = state()
    c = hold(s, "Plitvice Lakes")
    assert not s.legal_action_mask()[A_USE + c]


def test_chefchaouen_refreshes_tour_row():
    s = state()
    c = hold(s, "Chefchaouen")
    top, row = s.tour_deck[-1], list(s.tour_row)
    use(s, c)
    assert s.tours_out == row  # the row's Tours leave the game (ruling 1)
    assert s.tour_row[0] == top  # the refill draws the face-up top first
    assert not set(row) & set(s.tour_row) and E.NONE not in s.tour_row
    check(s)


def test_timbuktu_refreshes_encounter_row():
    s = state()
    c = hold(s, "Timbuktu")
    row = list(s.enc_row)
    top = s.enc_deck[-1]
    use(s, c)
    assert set(row) <= set(s.enc_discard) and not set(row) & set(s.enc_row) and top in s.enc_row
    check(s)


def test_serengeti_token_of_choice():
    s = state()
    c = hold(s, "Serengeti")
    use(s, c)
    s.apply_action(A_COLOUR + C.TOK_MONEY)
    assert s.tokens[0][C.TOK_MONEY] == 1 and s.fresh_tokens[0][C.TOK_MONEY] == 1
    check(s)


def test_kilimanjaro_exchange_and_faq_token_kept_then_regained():
    s = state()
    c = hold(s, "Mount Kilimanjaro")
    give_cubes(s, 0, [0, 0, 2, 0])
    give_tokens(s, 0, [0, 1, 1, 0])  # the Money token earned at yellow column 2
    use(s, c)
    assert {a - A_COLOUR for a in np.flatnonzero(s.legal_action_mask())} == {YELLOW}
    s.apply_action(A_COLOUR + YELLOW)  # return the right-most yellow cube
    assert s.suitcase[0][YELLOW] == 1 and s.tokens[0][C.TOK_MONEY] == 1  # token kept
    assert not s.legal_action_mask()[A_COLOUR + YELLOW]  # a different colour
    s.apply_action(A_COLOUR + RED)
    assert s.suitcase[0] == [2, 0, 1, 0] and s.tokens[0][C.TOK_MOVE] == 1
    # re-covering the yellow icon gives another Money token
    s._gain_cubes(0, YELLOW, 1)
    assert s.tokens[0][C.TOK_MONEY] == 2
    check(s)


def test_table_mountain_free_flights():
    s = state(where="Asia Airport", money=0)
    c = hold(s, "Table Mountain")
    choose(s, itin(2, 3, 1, RED, EU, OC))
    use(s, c)
    s.apply_action(A_PASS)
    assert "Europe Airport" in legal_locations(s)
    walk(s, "Europe Airport")
    assert s.money[0] == 0 and s.steps == 1


def test_avenue_of_the_baobabs_money_twice():
    s = state(where="Zhangjiajie", money=0)
    c = hold(s, "Avenue of the Baobabs")
    give_tokens(s, 0, [0, 1, 1, 0])
    hide(s, "Ha Long Bay")
    choose(s, CARD26)
    s.apply_action(A_PASS)
    walk(s, "Asia Airport", "Angkor Wat", "Ha Long Bay")
    use(s, c)
    s.apply_action(A_MONEY)
    s.apply_action(A_PASS)
    assert s.money[0] == 6


def test_taj_mahal_souvenirs_twice():
    s = state(where="Africa Airport")
    c = hold(s, "Taj Mahal")
    hide(s, "Victoria Falls")
    choose(s, CARD26)
    s.apply_action(A_PASS)
    walk(s, "Serengeti", "Mount Kilimanjaro", "Victoria Falls")
    s.apply_action(A_PASS)
    use(s, c)
    s.apply_action(A_PASS)
    assert s.suitcase[0][BLACK] == 2 and s.tokens[0][C.TOK_SOUVENIR] == 1


def test_terracotta_army_souvenirs_anywhere():
    s = state(where="Zhangjiajie")
    c = hold(s, "Terracotta Army")
    hide(s, "Ha Long Bay")
    give_tokens(s, 0, [0, 1, 0, 1])
    choose(s, CARD26)
    s.apply_action(A_PASS)
    walk(s, "Asia Airport", "Angkor Wat", "Ha Long Bay")
    s.apply_action(A_PASS)
    assert not s.legal_action_mask()[A_SOUV]
    use(s, c)
    assert s.legal_action_mask()[A_SOUV]
    s.apply_action(A_SOUV)
    s.apply_action(A_PASS)
    assert s.suitcase[0][BLACK] == 2


def test_mount_fuji_money_per_tour():
    s = state(money=1)
    c = hold(s, "Mount Fuji")
    for name in ("Banff", "Uluru", "Petra"):
        place_card(s, card(name), "tours", None, player=0)
    use(s, c)
    assert s.money[0] == 4


def test_zhangjiajie_shortest_row():
    s = state()
    c = hold(s, "Zhangjiajie")
    give_cubes(s, 0, [2, 1, 3, 2])
    use(s, c)
    if s.phase == "colour":  # single choice: blue
        assert {a - A_COLOUR for a in np.flatnonzero(s.legal_action_mask())} == {BLUE}
        s.apply_action(A_COLOUR + BLUE)
    assert s.suitcase[0] == [2, 3, 3, 2]
    s2 = state()
    c2 = hold(s2, "Zhangjiajie")
    give_cubes(s2, 0, [1, 1, 3, 2])
    use(s2, c2)
    assert {a - A_COLOUR for a in np.flatnonzero(s2.legal_action_mask())} == {RED, BLUE}


def test_ha_long_bay_moves_other_trekker():
    s = state(n=3, where="Zhangjiajie")
    c = hold(s, "Ha Long Bay")
    use(s, c)
    assert s.phase == "player"
    s.apply_action(A_PLAYER + 1)  # two seats after me: seat 2
    assert s.phase == "halong" and legal_locations(s) == {"Asia Airport", "Terracotta Army"}
    walk(s, "Terracotta Army")
    assert s.loc == [loc("Zhangjiajie"), loc("Zhangjiajie"), loc("Terracotta Army")] and s.phase == "start"
    solo = state(n=1)
    c1 = hold(solo, "Ha Long Bay")
    assert not solo.legal_action_mask()[A_USE + c1]


def test_kakadu_takes_from_discard_unusable_this_turn():
    s = state()
    c = hold(s, "Kakadu")
    b = card("Banff")
    place_card(s, b, "enc_discard", None)
    use(s, c)
    assert s.phase == "pick_encounter"
    s.apply_action(A_ENC + b)
    assert b in s.encs[0] and b in s.fresh_encs and c in s.enc_discard
    assert not s.legal_action_mask()[A_USE + b]
    check(s)


def test_uluru_money_and_cube():
    s = state(money=5)
    c = hold(s, "Uluru")
    use(s, c)
    s.apply_action(A_COLOUR + BLACK)
    assert s.money[0] == 7 and s.suitcase[0] == [0, 0, 0, 1]


def test_sydney_opera_flights_use_no_step():
    s = state(where="Asia Airport", money=2)
    c = hold(s, "Sydney Opera House")
    choose(s, itin(1, 4, 1, RED, NA, SA))
    use(s, c)
    s.apply_action(A_PASS)
    walk(s, "Europe Airport")
    assert s.steps == 0 and s.money[0] == 1 and s.phase == "moving"
    walk(s, "Oceania Airport")
    assert s.steps == 0 and s.money[0] == 0
    walk(s, "Uluru")
    assert s.phase == "money"


def test_milford_sound_revisits_but_not_end_on_start():
    s = state(where="Zhangjiajie")
    c = hold(s, "Milford Sound")
    choose(s, itin(2, 3, 1, RED, EU, OC))
    use(s, c)
    s.apply_action(A_PASS)
    walk(s, "Asia Airport")
    assert "Zhangjiajie" not in legal_locations(s)  # it would end the move on the start
    s2 = state(where="Zhangjiajie")
    c2 = hold(s2, "Milford Sound")
    choose(s2, itin(3, 1, 2, RED, AS))
    use(s2, c2)
    s2.apply_action(A_PASS)
    walk(s2, "Asia Airport")
    assert "Zhangjiajie" in legal_locations(s2)  # passing through the start is allowed
    walk(s2, "Zhangjiajie", "Terracotta Army")
    assert s2.phase == "money"


def test_without_milford_start_never_reentered():
    s = state(where="Zhangjiajie")
    choose(s, itin(3, 1, 2, RED, AS))
    s.apply_action(A_PASS)
    walk(s, "Asia Airport")
    assert "Zhangjiajie" not in legal_locations(s)


def test_tongariro_swaps_with_encounter_row():
    s = state()
    c = hold(s, "Tongariro")
    target = s.enc_row[1]
    use(s, c)
    s.apply_action(A_ENC + target)
    assert s.enc_row[1] == c and target in s.encs[0] and target in s.fresh_encs
    check(s)


# ---------------------------------------------------------------- end-game powers
def _end_state(names, tours=(), rows=(0, 0, 0, 0), money=0, tokens=(0, 1, 0, 0)):
    s = state(money=money)
    for name in names:
        hold(s, name)
    for name in tours:
        place_card(s, card(name), "tours", None, player=0)
    give_cubes(s, 0, list(rows))
    give_tokens(s, 0, list(tokens))
    s.phase_id = E.PH_OVER
    return s


@pytest.mark.parametrize("name,cont_tours", [
    ("Grand Canyon", ("Banff", "Old Havana")),
    ("Chichén Itzá", ("Machu Picchu", "Iguazu Falls")),
    ("Angel Falls", ("Colosseum", "Stonehenge")),
    ("Salar de Uyuni", ("Timbuktu", "Serengeti")),
    ("Christ the Redeemer", ("Petra", "Great Wall")),
    ("Eiffel Tower", ("Uluru", "Kakadu")),
])
def test_end_points_per_tour_in_continent(name, cont_tours):
    s = _end_state([name], tours=cont_tours + ("Bora Bora",) if name != "Eiffel Tower" else cont_tours + ("Banff",))
    assert s.endgame_points(0) == 6
    assert s.score(0) == s.tour_points(0) + 6
    assert not s.legal_action_mask().any()


@pytest.mark.parametrize("name,colour", [("Neuschwanstein Castle", RED), ("Acropolis", BLUE),
                                         ("Pyramids of Giza", YELLOW), ("Victoria Falls", BLACK)])
def test_end_points_per_cube(name, colour):
    rows = [1, 2, 3, 4]
    s = _end_state([name], rows=rows)
    assert s.endgame_points(0) == rows[colour]
    assert s.score(0) == rows[colour] + 5  # + suitcase column 1


def test_petra_point_per_two_dollars():
    assert _end_state(["Petra"], money=15).endgame_points(0) == 7


def test_great_wall_two_per_unused_token():
    assert _end_state(["Great Wall"], tokens=(1, 2, 0, 1)).endgame_points(0) == 8


def test_angkor_wat_two_per_other_encounter():
    s = _end_state(["Angkor Wat", "Banff", "Petra"])
    assert s.endgame_points(0) == 4 + 0  # Petra with $0 scores 0


def test_great_barrier_reef_three_continents():
    assert _end_state(["Great Barrier Reef"], tours=("Banff", "Petra")).endgame_points(0) == 0
    assert _end_state(["Great Barrier Reef"], tours=("Banff", "Petra", "Uluru")).endgame_points(0) == 5


def test_twelve_apostles_four_continents():
    assert _end_state(["Twelve Apostles"], tours=("Banff", "Petra", "Uluru")).endgame_points(0) == 0
    assert _end_state(["Twelve Apostles"], tours=("Banff", "Petra", "Uluru", "Colosseum")).endgame_points(0) == 8


def test_bora_bora_four_per_full_row():
    s = _end_state(["Bora Bora"], rows=(7, 7, 3, 6))
    assert s.endgame_points(0) == 8 and s.score(0) == 8 + 15


def test_end_game_encounters_are_never_usable():
    s = state()
    for c in range(48):
        if C.ENC_ENDGAME[c]:
            place_card(s, c, "encs", None, player=0)
    s.touch()
    assert not s.legal_action_mask()[A_USE:A_USE + 48].any()


def test_every_power_has_a_test():
    # end-game powers are covered by name in the parametrised tests above
    end_names = {"Grand Canyon", "Chichén Itzá", "Angel Falls", "Salar de Uyuni", "Christ the Redeemer",
                 "Eiffel Tower", "Neuschwanstein Castle", "Acropolis", "Pyramids of Giza", "Victoria Falls",
                 "Petra", "Great Wall", "Angkor Wat", "Great Barrier Reef", "Twelve Apostles", "Bora Bora"}
    assert {C.CARD_NAMES[c] for c in range(48) if C.ENC_ENDGAME[c]} == end_names
    import re
    from pathlib import Path

    held = set(re.findall(r'hold\(s\d?, "([^"]+)"\)', Path(__file__).read_text(encoding="utf-8")))
    held |= {"Banff", "Golden Gate Bridge"}  # parametrised test_gain_money
    active = {C.CARD_NAMES[c] for c in range(48) if not C.ENC_ENDGAME[c]}
    assert active <= held, active - held
