"""Trekking the World rules: the rulebook's worked examples and one scenario per rule.

States are hand-made with ``scenario.build_state`` (a dealt game rearranged
without creating or losing anything); ``auto_forced=False`` so every decision
is explicit unless a test says otherwise.
"""

import numpy as np
import pytest

from travel_envs.core.game import IllegalActionError
from travel_envs.games.trekking_the_world import components as C
from travel_envs.games.trekking_the_world import engine as E
from travel_envs.games.trekking_the_world.actions import (
    A_ENC, A_FF, A_ITIN, A_LOC, A_MONEY, A_MOVE, A_PASS, A_SOUV, A_TOUR, A_USE,
)
from travel_envs.games.trekking_the_world.scenario import (
    build_state, card, give_cubes, give_tokens, invariant_errors, loc, place_card, place_itinerary,
)

RED, BLUE, YELLOW, BLACK = range(4)
NA, SA, EU, AF, AS, OC = range(6)


def itin(move, money, cubes, colour, *conts):
    for i in range(C.NUM_ITINERARIES):
        if (C.ITIN_MOVE[i], C.ITIN_MONEY[i], C.ITIN_CUBES[i], C.ITIN_COLOUR[i], C.ITIN_CONTINENTS[i]) == (
            move, money, cubes, colour, tuple(conts)
        ):
            return i
    raise KeyError


CARD26 = 25  # rulebook example: move 3, $2, 1 black if in Africa/Oceania


def hide(s, *names):
    """Make the cards at these locations unavailable (swap them deep into their deck)."""
    for name in names:
        c = card(name)
        for row, deck in ((s.tour_row, s.tour_deck), (s.enc_row, s.enc_deck)):
            if c in row or (deck and deck[-1] == c):
                d = next(x for x in deck[:-1] if C.CARD_LOCATION[x] not in [loc(n) for n in names])
                place_card(s, d, "tour_row" if row is s.tour_row else "enc_row", row.index(c)) if c in row \
                    else place_card(s, d, "tour_deck" if deck is s.tour_deck else "enc_deck", len(deck) - 1)
        assert c not in s.available_tours() and c not in s.available_encounters()
    s.touch()


def make_tour(s, name, slot=0):
    c = card(name)
    place_card(s, c, "tour_row", slot)
    s.touch()
    return c


def make_enc(s, name, slot=0):
    c = card(name)
    place_card(s, c, "enc_row", slot)
    s.touch()
    return c


def choose(s, it, slot=1):
    place_itinerary(s, it, "itin_row", slot - 1)
    s.apply_action(A_ITIN + slot)


def walk(s, *names):
    for name in names:
        s.apply_action(A_LOC + loc(name))


def legal_locations(s):
    m = s.legal_action_mask()
    return {C.NODE_NAMES[v] for v in range(C.NUM_LOCATIONS) if m[A_LOC + v]}


def state(n=2, where="Zhangjiajie", money=0, **kw):
    kw.setdefault("auto_forced", False)
    s = build_state(n, locations=[loc(where)] * n, money=[money] * n, **kw)
    return s


# ---------------------------------------------------------------- rulebook examples
def test_example_itinerary_card26_in_africa_gains_black_cube():
    s = state(where="Africa Airport")
    hide(s, "Victoria Falls")
    choose(s, CARD26)
    s.apply_action(A_PASS)  # start moving
    walk(s, "Serengeti", "Mount Kilimanjaro", "Victoria Falls")
    assert s.phase == "money"
    s.apply_action(A_PASS)
    assert s.money[0] == 2
    s.apply_action(A_PASS)  # souvenirs
    assert s.suitcase[0] == [0, 0, 0, 1]  # black column 1
    assert not invariant_errors(s)


def test_example_itinerary_card26_in_asia_gains_no_cube():
    s = state(where="Zhangjiajie")
    hide(s, "Ha Long Bay")
    choose(s, CARD26)
    s.apply_action(A_PASS)
    walk(s, "Asia Airport", "Angkor Wat", "Ha Long Bay")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert s.money[0] == 2 and s.suitcase[0] == [0, 0, 0, 0]


def test_orange_trekker_passes_through_green_trekker():
    s = state()
    s.loc[1] = loc("Angkor Wat")  # the Green Trekker
    hide(s, "Ha Long Bay")
    choose(s, CARD26)
    s.apply_action(A_PASS)
    walk(s, "Asia Airport")
    assert "Angkor Wat" in legal_locations(s)
    walk(s, "Angkor Wat")
    assert "Ha Long Bay" in legal_locations(s)
    walk(s, "Ha Long Bay")
    assert s.loc == [loc("Ha Long Bay"), loc("Angkor Wat")] and s.phase == "money"


def test_no_return_to_start_or_passed_location():
    s = state(money=5)
    choose(s, itin(5, 0, 2, BLACK, AF))
    s.apply_action(A_PASS)
    walk(s, "Asia Airport")
    assert "Zhangjiajie" not in legal_locations(s)
    with pytest.raises(IllegalActionError, match="phase 'moving'"):
        walk(s, "Zhangjiajie")
    walk(s, "Taj Mahal", "Terracotta Army")
    assert legal_locations(s) == {"Great Wall"}  # Zhangjiajie (start) and Taj Mahal (passed) are excluded


def test_flight_costs_one_dollar_and_one_step():
    s = state(where="Asia Airport", money=1)
    hide(s, "Banff")
    choose(s, itin(2, 3, 1, RED, EU, OC))
    s.apply_action(A_PASS)
    assert {"Europe Airport", "Oceania Airport", "North America Airport"} <= legal_locations(s)
    walk(s, "North America Airport")
    assert s.money[0] == 0 and s.steps == 1
    # with $0 no further flight is offered; the airport is passed like any location
    assert legal_locations(s) == {"Banff", "Grand Canyon", "Niagara Falls"}
    walk(s, "Banff")
    assert s.phase == "money"


def test_no_flight_without_money():
    s = state(where="Asia Airport", money=0)
    choose(s, itin(2, 3, 1, RED, EU, OC))
    s.apply_action(A_PASS)
    assert not any(C.IS_AIRPORT[v] for v in map(loc, legal_locations(s)))


def test_money_capped_at_20():
    s = state(money=19)
    hide(s, "Ha Long Bay")
    choose(s, CARD26)
    s.apply_action(A_PASS)
    walk(s, "Asia Airport", "Angkor Wat", "Ha Long Bay")
    s.apply_action(A_PASS)
    assert s.money[0] == 20


def test_cube_covering_money_icon_gives_money_token_unusable_this_turn():
    s = state(where="Europe Airport", auto_forced=False)
    give_cubes(s, 0, [0, 0, 1, 0])
    it = itin(1, 4, 1, YELLOW, SA, EU)
    hide(s, "Eiffel Tower")
    choose(s, it)
    s.apply_action(A_PASS)
    walk(s, "Eiffel Tower")
    s.apply_action(A_PASS)  # money
    s.apply_action(A_PASS)  # souvenirs: yellow column 2 has the money icon
    assert s.suitcase[0][YELLOW] == 2 and s.tokens[0][C.TOK_MONEY] == 1
    assert s.fresh_tokens[0][C.TOK_MONEY] == 1 and s.usable_tokens(0, C.TOK_MONEY) == 0
    assert s.token_supply[C.TOK_MONEY] == 14
    s.apply_action(A_PASS)  # end of turn
    assert s.fresh_tokens[0] == [0, 0, 0, 0]


def test_icon_gives_nothing_when_supply_empty():
    s = state(where="Europe Airport")
    give_cubes(s, 0, [0, 0, 1, 0])
    give_tokens(s, 1, [0, 1, 15, 0])  # the other player holds every Money token
    hide(s, "Eiffel Tower")
    choose(s, itin(1, 4, 1, YELLOW, SA, EU))
    s.apply_action(A_PASS)
    walk(s, "Eiffel Tower")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert s.suitcase[0][YELLOW] == 2 and s.tokens[0][C.TOK_MONEY] == 0
    assert not invariant_errors(s)


def test_victoria_falls_encounter_is_gained_mandatorily():
    s = state(where="Africa Airport")
    c = make_enc(s, "Victoria Falls")
    choose(s, itin(1, 3, 1, BLUE, EU, AF, AS))
    s.apply_action(A_PASS)
    walk(s, "Victoria Falls")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert s.phase == "cards"
    m = s.legal_action_mask()
    assert m[A_ENC + c] and not m[A_PASS]
    s.apply_action(A_ENC + c)
    assert c in s.encs[0] and c in s.fresh_encs and c not in s.available_encounters()


def test_encounter_optional_ruling_alternative():
    s = state(where="Africa Airport", encounter_optional=True)
    c = make_enc(s, "Victoria Falls")
    choose(s, itin(1, 3, 1, BLUE, EU, AF, AS))
    s.apply_action(A_PASS)
    walk(s, "Victoria Falls")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    m = s.legal_action_mask()
    assert m[A_ENC + c] and m[A_PASS]


@pytest.mark.parametrize("money,can_buy", [(6, True), (5, False)])
def test_lencois_tour_costs_6(money, can_buy):
    s = state(where="South America Airport", money=money - 2)  # the Itinerary adds $2
    c = make_tour(s, "Lençóis Maranhenses")
    it = itin(2, 2, 2, YELLOW, NA)
    choose(s, it)
    s.apply_action(A_PASS)
    walk(s, "Angel Falls", "Lençóis Maranhenses")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    assert s.money[0] == money
    m = s.legal_action_mask()
    assert bool(m[A_TOUR + c]) == can_buy and m[A_PASS]
    if can_buy:
        s.apply_action(A_TOUR + c)
        assert s.money[0] == 0 and s.tours[0] == [c] and s.tour_points(0) == 16


def test_torres_del_paine_tour():
    c = card("Torres del Paine")
    assert (C.TOUR_COST[c], C.TOUR_POINTS[c]) == (9, 22)


def test_suitcase_score_rightmost_complete_column():
    s = state()
    give_cubes(s, 0, [3, 5, 2, 4])
    assert s.suitcase_points(0) == 10
    give_cubes(s, 0, [7, 7, 7, 7])
    assert s.suitcase_points(0) == 35
    give_cubes(s, 0, [0, 7, 7, 7])
    assert s.suitcase_points(0) == 0
    s2 = state(suitcase_points="steep")
    give_cubes(s2, 0, [3, 5, 2, 4])
    assert s2.suitcase_points(0) == 5


def _finish(s):
    s.phase_id = E.PH_OVER
    s.touch()


def test_tie_break_money_then_shared():
    s = state(n=3)
    for name, p in (("Banff", 0), ("Machu Picchu", 0), ("Statue of Liberty", 1), ("Golden Gate Bridge", 1),
                    ("Old Havana", 2)):
        place_card(s, card(name), "tours", None, player=p)  # 14 + 18 = 32, 20 + 12 = 32, 14
    s.money = [3, 5, 0]
    _finish(s)
    assert not invariant_errors(s)
    assert s.scores()[:2] == [32.0, 32.0]
    assert s.winners() == [1]
    s.money = [5, 5, 0]
    assert s.winners() == [0, 1]
    assert s.returns() == [1.0, 1.0, -1.0]


# ------------------------------------------------------------------- turn order
def test_frequent_flyer_before_itinerary_then_move_from_airport():
    s = state(where="Zhangjiajie")
    m = s.legal_action_mask()
    assert m[A_FF]
    s.apply_action(A_FF)
    assert s.phase == "fly" and s.tokens[0][C.TOK_FF] == 0 and s.token_supply[C.TOK_FF] == 14
    s.apply_action(A_LOC + loc("Oceania Airport"))
    assert s.phase == "start" and s.loc[0] == loc("Oceania Airport")
    choose(s, CARD26)
    s.apply_action(A_PASS)
    assert s.start == loc("Oceania Airport")
    assert "Oceania Airport" not in legal_locations(s)


def test_frequent_flyer_not_offered_after_itinerary_choice():
    s = state()
    choose(s, CARD26)
    assert not s.legal_action_mask()[A_FF]


def test_move_token_adds_a_step():
    s = state()
    give_tokens(s, 0, [2, 1, 0, 0])
    choose(s, itin(1, 4, 1, RED, NA, SA))
    assert s.legal_action_mask()[A_MOVE]
    s.apply_action(A_MOVE)
    s.apply_action(A_MOVE)  # several tokens in one turn
    assert s.n_max == 3 and s.tokens[0][C.TOK_MOVE] == 0 and s.token_supply[C.TOK_MOVE] == 15
    s.apply_action(A_PASS)
    walk(s, "Asia Airport", "Angkor Wat")
    assert s.phase == "moving"
    walk(s, "Ha Long Bay")
    assert s.phase == "money"


def test_money_and_souvenir_tokens_repeat_itinerary():
    s = state(where="Europe Airport")
    give_tokens(s, 0, [0, 1, 2, 1])
    hide(s, "Eiffel Tower")
    choose(s, itin(1, 4, 1, YELLOW, SA, EU))
    s.apply_action(A_PASS)
    walk(s, "Eiffel Tower")
    s.apply_action(A_MONEY)
    s.apply_action(A_MONEY)
    assert not s.legal_action_mask()[A_MONEY]
    s.apply_action(A_PASS)
    assert s.money[0] == 12
    s.apply_action(A_SOUV)
    s.apply_action(A_PASS)
    assert s.suitcase[0][YELLOW] == 2 and s.tokens[0][C.TOK_MONEY] == 1  # the icon gave a new (fresh) token
    assert s.usable_tokens(0, C.TOK_MONEY) == 0


def test_souvenir_token_needs_souvenirs_gained():
    s = state(where="Zhangjiajie")
    give_tokens(s, 0, [0, 1, 0, 1])
    hide(s, "Ha Long Bay")
    choose(s, CARD26)
    s.apply_action(A_PASS)
    walk(s, "Asia Airport", "Angkor Wat", "Ha Long Bay")
    s.apply_action(A_PASS)
    assert s.phase == "souvenir" and not s.legal_action_mask()[A_SOUV]


def test_encounter_then_no_tour_and_no_movement_after_card():
    s = state(where="Africa Airport", money=20)
    c = make_enc(s, "Victoria Falls")
    t = make_tour(s, "Mount Kilimanjaro")
    choose(s, itin(1, 3, 1, BLUE, EU, AF, AS))
    s.apply_action(A_PASS)
    walk(s, "Victoria Falls")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    s.apply_action(A_ENC + c)
    m = s.legal_action_mask()
    assert not m[A_TOUR + t] and not m[A_LOC:A_LOC + C.NUM_LOCATIONS].any() and m[A_PASS]


def test_tour_purchase_is_optional():
    s = state(where="South America Airport", money=10)
    c = make_tour(s, "Machu Picchu")
    choose(s, itin(1, 4, 1, RED, NA, SA))
    s.apply_action(A_PASS)
    walk(s, "Machu Picchu")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    m = s.legal_action_mask()
    assert m[A_TOUR + c] and m[A_PASS]
    s.apply_action(A_PASS)
    assert c in s.available_tours() and s.to_act == 1


def test_cards_gained_this_turn_not_usable_until_next_turn():
    s = state(where="Europe Airport", money=0)
    c = make_enc(s, "Stonehenge")
    choose(s, itin(2, 3, 1, BLUE, NA, EU))
    s.apply_action(A_PASS)
    walk(s, "Eiffel Tower", "Stonehenge")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    s.apply_action(A_ENC + c)
    assert not s.legal_action_mask()[A_USE + c]
    s.apply_action(A_PASS)
    # next turn of seat 0: the power (Tour discount, a card-phase power) becomes usable
    s.to_act = 0
    assert c in s.usable_encounters(0)


# --------------------------------------------------------------------- refills
def test_end_of_turn_refill_order_and_itinerary_reshuffle():
    s = state()
    # empty Itinerary deck, 1 card left in the discard pile after this turn
    its = list(s.itin_deck)
    s.itin_discard.extend(its[:-1])
    del s.itin_deck[:-1]
    hide(s, "Ha Long Bay")
    s.apply_action(A_ITIN + 0)  # take the deck top: the deck is now empty
    assert not s.itin_deck and s.available_itineraries()[0] == E.NONE
    s.apply_action(A_PASS)
    while s.phase == "moving":
        s.apply_action(int(np.flatnonzero(s.legal_action_mask())[0]))
    while s.to_act == 0:
        m = s.legal_action_mask()
        s.apply_action(A_PASS if m[A_PASS] else int(np.flatnonzero(m)[0]))
    # the played card went to the discard pile, which was reshuffled into a new deck
    assert all(x != E.NONE for x in s.itin_row) and len(s.itin_deck) == 42 and not s.itin_discard
    assert not invariant_errors(s)


def test_tour_row_not_reshuffled_and_encounters_reshuffled():
    s = state()
    s.tours_out.extend(s.tour_deck[:-1])  # only the top Tour is left in the deck
    del s.tour_deck[:-1]
    s.tour_row[0], gap = E.NONE, s.tour_row[0]  # a gap in the row, filled at the end of the turn
    s.tours_out.append(gap)
    s.enc_discard.extend(s.enc_deck)
    s.enc_deck.clear()
    s.enc_row[0], gap = E.NONE, s.enc_row[0]
    s.enc_discard.append(gap)
    s._refill()
    assert s.tour_row[0] != E.NONE and not s.tour_deck  # the row took the last Tour; no reshuffle
    assert s.enc_row[0] != E.NONE and s.enc_deck and not s.enc_discard  # Encounters reshuffled
    assert not invariant_errors(s)


# ------------------------------------------------------------------------ end
@pytest.mark.parametrize("n,needed", [(2, 5), (3, 5), (4, 4), (5, 4)])
def test_end_trigger_by_player_count_and_round_finished(n, needed):
    s = state(n=n, where="South America Airport", money=20)
    s.to_act = 1
    s.first_player = 0
    for name in ("Banff", "Golden Gate Bridge", "Grand Canyon", "Niagara Falls", "Statue of Liberty")[: needed - 1]:
        place_card(s, card(name), "tours", None, player=1)
    c = make_tour(s, "Machu Picchu")
    choose(s, itin(1, 4, 1, RED, NA, SA))
    s.apply_action(A_PASS)
    walk(s, "Machu Picchu")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    s.apply_action(A_TOUR + c)
    assert s.end_triggered
    s.apply_action(A_PASS)
    # the remaining seats 2..n-1 still play their turn; the game ends before seat 0 again
    for seat in range(2, n):
        assert not s.is_terminal and s.to_act == seat
        while s.to_act == seat and not s.is_terminal:
            m = s.legal_action_mask()
            s.apply_action(A_PASS if m[A_PASS] else int(np.flatnonzero(m)[0]))
    assert s.is_terminal
    assert s.current_player == -1


def test_longer_game_parameter():
    s = state(n=4, tours_to_end=6)
    assert s.params.end_tours == 6
    assert state(n=4).params.end_tours == 4 and state(n=3).params.end_tours == 5


def test_setup():
    g = E.TrekkingTheWorldGame(num_players=3)
    s = g.new_initial_state(np.random.default_rng(3))
    assert len(s.tour_deck) + 3 == 24 and len(s.enc_deck) + 3 == 24
    assert len([c for c in s.available_tours() if c != E.NONE]) == 4
    assert len([c for c in s.available_encounters() if c != E.NONE]) == 4
    assert len([c for c in s.available_itineraries() if c != E.NONE]) == 5
    assert s.money == [0, 0, 0] and all(t[C.TOK_FF] == 1 for t in s.tokens)
    assert s.token_supply == [15, 12, 15, 15]
    assert s.phase == "place" and s.current_player == s.first_player
    m = s.legal_action_mask()
    assert set(np.flatnonzero(m)) == {A_LOC + a for a in C.AIRPORTS}
    s.apply_action(A_LOC + C.AIRPORTS[0])
    # the first player places, then plays the first turn at once (the others are not placed yet)
    assert s.phase == "start" and s.to_act == s.first_player
    assert [v == E.NONE for v in s.loc].count(True) == 2


def test_solo_rival_takes_cards_and_game_ends():
    s = state(n=1, auto_forced=True)
    assert s.params.end_tours == 5
    turns = 0
    while not s.is_terminal:
        m = s.legal_action_mask()
        s.apply_action(A_PASS if m[A_PASS] else int(np.flatnonzero(m)[0]))
        assert not invariant_errors(s)
        if s.phase == "start":
            turns += 1
    assert len(s.rival_deck) == 0 or s.end_triggered
    assert s.rival_points == sum(C.TOUR_POINTS[c] for c in s.rival_tours)
    won = s.score(0) >= s.rival_points + 15
    assert (s.winners() == [0]) == won and s.returns() == [1.0 if won else -1.0]


def test_solo_rival_card_slots():
    s = state(n=1)
    tops = s.available_tours()
    deck = C.RIVAL_DECKS[s.params.solo_calibration]
    s.rival_deck = [deck.index((0, 3))]  # Tour row, slot 3 = second row card
    s._rival_turn()
    assert s.rival_tours == [tops[2]] and s.tour_row[1] == E.NONE
    encs = s.available_encounters()
    s.rival_deck = [deck.index((1, 1))]
    s._rival_turn()
    assert s.enc_discard[-1] == encs[0]


def test_exact_steps_and_mask_never_stuck_with_tokens():
    s = state(where="Tongariro", money=3)
    give_tokens(s, 0, [7, 1, 0, 0])
    choose(s, itin(5, 0, 2, BLACK, AF))
    for _ in range(7):
        if s.legal_action_mask()[A_MOVE]:
            s.apply_action(A_MOVE)
    s.apply_action(A_PASS)
    rng = np.random.default_rng(0)
    while s.phase == "moving":
        m = s.legal_action_mask()
        assert m.any()
        s.apply_action(int(rng.choice(np.flatnonzero(m))))
    assert s.steps == s.n_max and len(bin(s.visited)) - 2 >= 1


def test_deck_top_taken_reveals_next_card_at_once_and_itinerary_discarded():
    s = state(where="Africa Airport")
    c = card("Victoria Falls")
    place_card(s, c, "enc_deck", len(s.enc_deck) - 1)  # Victoria Falls is the face-up deck top
    below = s.enc_deck[-2]
    it = itin(1, 3, 1, BLUE, EU, AF, AS)
    choose(s, it)
    s.apply_action(A_PASS)
    walk(s, "Victoria Falls")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    s.apply_action(A_ENC + c)
    assert s.available_encounters()[0] == below  # ruling 3: the new top is available at once
    s.apply_action(A_PASS)
    assert s.itin_discard[-1] == it and s.to_act == 1 and s.phase == "start"
    assert not invariant_errors(s)


def test_illegal_itinerary_slot_and_actions_outside_phase():
    s = state()
    s.itin_row[2], gone = E.NONE, s.itin_row[2]
    s.itin_discard.append(gone)
    s.touch()
    with pytest.raises(IllegalActionError, match="phase 'start'"):
        s.apply_action(A_ITIN + 3)  # empty slot
    with pytest.raises(IllegalActionError, match="phase 'start'"):
        s.apply_action(A_PASS)
