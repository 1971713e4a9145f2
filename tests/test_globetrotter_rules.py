"""Every Globetrotter rule and ruling by a scenario test built from a hand-made state."""

import numpy as np
import pytest

from travel_envs.games.globetrotter import GAME
from travel_envs.games.globetrotter import components as C
from travel_envs.games.globetrotter import actions as A
from travel_envs.games.globetrotter.scenario import build_state, card, cards

PLAY, STOP, END, DRAW = A.PLAY, A.STOP, A.END_TURN, A.DRAW_DECK


def play(s, name):
    s.apply_action(PLAY + card(name))


def hand(s, seat):
    return sorted(np.flatnonzero(s.hands[seat]).tolist())


def total_cards(s):
    return len(s.deck) + len(s.journal) + int(s.hands.sum()) + sum(c >= 0 for c in s.parking) + len(s.discards)


# ----------------------------------------------------------------- set-up
def test_world_is_twelve_distinct_city_cards_with_random_sides():
    sides_seen = set()
    for wild in (1, 2):
        game = GAME(num_players=2, wild_faces=wild)
        owner = {f: (i, side) for i, cardpair in enumerate(C.CITY_CARDS[wild]) for side, f in enumerate(cardpair)
                 if f != C.WILD}
        for seed in range(30):
            s = game.new_initial_state(np.random.default_rng(seed))
            assert len(s.world) == 12
            used = []
            for f in s.world:
                if f == C.WILD:
                    continue
                i, side = owner[f]
                used.append(i)
                sides_seen.add(side)
            assert len(set(used)) == len(used)  # no city card twice
    assert sides_seen == {0, 1}
    wild_counts = [sum(f == C.WILD for f in GAME(num_players=2, wild_faces=2).new_initial_state(
        np.random.default_rng(seed)).world) for seed in range(60)]
    assert max(wild_counts) == 2


def test_dealing_and_start_player_random_in_round_one():
    starts = set()
    for seed in range(40):
        s = GAME(num_players=4).new_initial_state(np.random.default_rng(seed))
        assert s.phase == "improve" and s.to_act == s.start and s.round == 0
        assert s.hand_size == [5, 5, 5, 5] and len(s.deck) == 49 - 20 and s.journal == []
        assert s.pos == [0, 0, 0, 0] and s.key == -1 and s.parking == [-1, -1, -1]
        starts.add(s.start)
    assert starts == {0, 1, 2, 3}


def test_improvement_in_turn_order_then_reshuffle_and_journal():
    s = GAME(num_players=3).new_initial_state(np.random.default_rng(7))
    first = s.start
    mine = hand(s, first)
    s.apply_action(A.DISCARD + mine[0])
    assert not s.legal_action_mask()[A.DISCARD + mine[0]]  # selected once
    s.apply_action(A.DISCARD + mine[1])
    s.apply_action(A.CONFIRM)
    assert s.hand_size[first] == 5 and not set(mine[:2]) & set(hand(s, first))
    assert sorted(s.discards) == sorted(mine[:2]) and s.to_act == (first + 1) % 3
    s.apply_action(A.CONFIRM)  # the second player keeps the hand
    assert s.to_act == (first + 2) % 3 and s.phase == "improve"
    s.apply_action(A.CONFIRM)
    assert s.phase == "turn" and s.to_act == first
    assert len(s.journal) == 1 and s.discards == [] and len(s.deck) == 49 - 15 - 1
    assert total_cards(s) == 49


def test_improvement_with_five_players_discarding_everything():
    s = GAME(num_players=5).new_initial_state(np.random.default_rng(3))
    for _ in range(5):
        for c in hand(s, s.to_act):
            s.apply_action(A.DISCARD + c)
        before = set(hand(s, s.to_act))
        seat = s.to_act
        s.apply_action(A.CONFIRM)
        assert s.hand_size[seat] == 5 and not before & set(hand(s, seat))
        assert total_cards(s) == 49
    assert s.phase == "turn"


def test_prefill_parking_variation():
    s = GAME(num_players=2, prefill_parking=True).new_initial_state(np.random.default_rng(1))
    s.apply_action(A.CONFIRM)
    s.apply_action(A.CONFIRM)
    assert all(c >= 0 for c in s.parking) and total_cards(s) == 49


# ------------------------------------------------------------ turn actions
def base(**kw):
    args = dict(hands=[["pink car", "red ship", "blue bicycle"], ["green bicycle", "orange hang glider"]],
                journal=["yellow car"], cur=0, world={1: "sky blue aeroplane"})
    args.update(kw)
    return build_state(2, **args)


def test_at_least_one_action_and_stop_only_after_playing():
    s = base()
    mask = s.legal_action_mask()
    assert not mask[END] and not mask[STOP]  # ruling 2: no advance check without a card played
    assert mask[DRAW] and mask[PLAY + card("pink car")]


def test_action_1_then_action_2():
    s = base()
    s.apply_action(DRAW)
    assert s.phase == "park"
    s.apply_action(A.NO_PARK)
    mask = s.legal_action_mask()
    assert mask[END] and mask[PLAY + card("pink car")] and not mask[DRAW]
    play(s, "pink car")  # no advance: sky blue aeroplane city
    assert s.legal_action_mask()[STOP] and not s.legal_action_mask()[END]
    s.apply_action(STOP)
    assert s.to_act == 1 and s.pos == [0, 0]  # both actions done: the turn ends


def test_action_2_then_action_1():
    s = base()
    play(s, "pink car")
    assert not s.legal_action_mask()[DRAW]  # not in the middle of Action 2
    s.apply_action(STOP)
    assert s.to_act == 0 and s.a2_done
    mask = s.legal_action_mask()
    assert mask[DRAW] and mask[END] and not mask[PLAY : PLAY + 49].any()
    s.apply_action(DRAW)
    s.apply_action(A.NO_PARK)
    assert s.to_act == 1


def test_action_2_alone_then_end_turn():
    s = base()
    play(s, "pink car")
    s.apply_action(STOP)
    s.apply_action(END)
    assert s.to_act == 1 and s.hand_size[0] == 2


def test_advance_ends_turn_at_once_and_the_draw_is_lost():
    s = base(world={1: "pink ship"})
    play(s, "pink car")
    s.apply_action(STOP)
    assert s.pos[0] == 1 and s.to_act == 1 and s.hand_size[0] == 2


def test_advance_uses_the_last_card_played():
    s = base(world={1: "pink ship"}, hands=[["pink car", "red car", "blue bicycle"], ["green bicycle"]])
    play(s, "pink car")  # would match the pink city
    play(s, "red car")  # ...but the last card is the red car
    s.apply_action(STOP)
    assert s.pos[0] == 0 and s.to_act == 0 and s.a2_done


def test_empty_hand_moves_two_and_draws_five():
    s = base(hands=[["pink car"], ["green bicycle"]])
    play(s, "pink car")
    assert s.pos[0] == 2 and s.hand_size[0] == 5 and s.to_act == 1


def test_draw_after_stop_then_nothing_to_do_ends_turn_automatically():
    s = base(hands=[["pink car", "red ship"], ["green bicycle"]])
    s.apply_action(DRAW)
    s.apply_action(A.NO_PARK)
    play(s, "pink car")
    s.apply_action(STOP)
    assert s.to_act == 1


def test_no_hand_limit():
    """Ruling 9: a player holding 10 cards draws an 11th and keeps them all (nothing asks for a discard)."""
    s = base(hands=[list(range(10)), ["green bicycle"]])
    s.apply_action(DRAW)
    s.apply_action(A.NO_PARK)
    assert s.hand_size[0] == 11 and s.phase == "turn"
    assert not s.legal_action_mask()[A.DISCARD : A.CONFIRM + 1].any()


# ---------------------------------------------------------------- parking
def test_draw_from_parking_space_and_park_the_drawn_card_itself():
    s = base(parking=[None, "blue ship", None])
    s.apply_action(A.DRAW_PARK + 1)
    assert s.parking == [-1, -1, -1] and card("blue ship") in hand(s, 0)
    assert s.phase == "park"
    s.apply_action(A.PARK + card("blue ship"))  # ruling 4: may park the card just drawn
    assert s.parking[0] == card("blue ship")


@pytest.mark.parametrize("same", [True, False])
def test_park_same_space_ruling(same):
    s = base(parking=["red car", "blue ship", "orange ship"], params={"park_same_space": same})
    s.apply_action(A.DRAW_PARK + 1)
    if same:
        assert s.phase == "park"
        s.apply_action(A.PARK + card("red ship"))
        assert s.parking == cards(["red car", "red ship", "orange ship"])
    else:  # the only empty space is the one drawn from: no parking
        assert s.phase == "turn" and s.drew and s.parking == [card("red car"), -1, card("orange ship")]


def test_empty_parking_space_cannot_be_drawn():
    s = base(parking=[None, "blue ship", None])
    mask = s.legal_action_mask()
    assert not mask[A.DRAW_PARK] and mask[A.DRAW_PARK + 1] and not mask[A.DRAW_PARK + 2]


# ----------------------------------------------------------- skeleton key
def test_key_by_three_of_one_vehicle():
    s = base(hands=[["red car", "blue car", "green car", "pink ship"], ["green bicycle"]])
    play(s, "red car")
    play(s, "blue car")
    assert s.key == -1
    play(s, "green car")
    assert s.key == 0


def test_key_needs_three_cards_played_this_turn():
    # the Journal top is yellow, but only two yellow cards are played this turn
    s = base(hands=[["yellow ship", "yellow bicycle", "red ship"], ["green bicycle"]])
    play(s, "yellow ship")
    play(s, "yellow bicycle")
    assert s.key == -1


def test_key_lets_the_holder_play_any_card_and_returns_to_centre():
    s = base(key=0, hands=[["orange ship", "red bicycle"], ["green bicycle"]])
    mask = s.legal_action_mask()
    assert mask[PLAY + card("orange ship")]  # matches nothing
    play(s, "orange ship")
    assert s.key == -1
    assert not s.legal_action_mask()[PLAY + card("red bicycle")]


def test_without_key_non_matching_cards_are_illegal():
    s = base(key=1, hands=[["orange ship", "pink car"], ["green bicycle"]])
    mask = s.legal_action_mask()
    assert not mask[PLAY + card("orange ship")] and mask[PLAY + card("pink car")]


def test_key_used_right_after_gaining_it():
    s = base(hands=[["yellow ship", "yellow bicycle", "yellow hang glider", "orange car", "red ship"],
                    ["green bicycle"]])
    for n in ["yellow ship", "yellow bicycle", "yellow hang glider"]:
        play(s, n)
    assert s.key == 0
    play(s, "orange car")  # matches the yellow hang glider in nothing
    assert s.key == -1 and s.key_gained


def test_key_played_card_can_start_a_new_run():
    # seat 0 holds the key from an earlier turn; a run while holding it gains nothing,
    # then the key-played pink card starts a pink run that takes the key back
    s = base(key=0, hands=[["pink ship", "pink bicycle", "pink hang glider", "blue bicycle"], ["green bicycle"]],
             journal=["yellow car"])
    play(s, "pink ship")  # key-played (neither yellow nor a car)
    assert s.key == -1
    play(s, "pink bicycle")
    play(s, "pink hang glider")
    assert s.key == 0 and s.key_gained


def test_run_while_holding_key_does_not_count_as_gaining():
    s = base(key=0, hands=[["yellow ship", "yellow bicycle", "yellow hang glider", "orange car", "orange ship",
                            "orange bicycle", "red ship"], ["green bicycle"]])
    for n in ["yellow ship", "yellow bicycle", "yellow hang glider"]:
        play(s, n)
    assert s.key == 0 and not s.key_gained
    play(s, "orange car")  # key spent
    play(s, "orange ship")
    play(s, "orange bicycle")
    assert s.key == 0 and s.key_gained


# --------------------------------------------------------- deck exhausted
def test_new_hand_draw_stops_short_when_no_opponent_qualifies():
    s = build_state(2, hands=[["pink car"], ["green bicycle"]], journal=["orange ship", "yellow ship", "yellow car"],
                    deck=[], cur=0, world={1: "red ship"})
    play(s, "pink car")
    # new deck = the 3 journal cards under the pink car; the opponent holds 1 card and is protected
    assert s.pos[0] == 2 and s.hand_size == [3, 1] and s.journal == [card("pink car")] and s.deck == []
    assert s.to_act == 1


def test_journal_is_shuffled_when_it_becomes_the_deck():
    """Deck exhaustion: the Journal under its top becomes the new deck in a random order, not in the
    order it was played (nor reversed), and different games shuffle it differently."""
    under = cards(["red bicycle", "red motorcycle", "red hot air balloon", "red ship", "red aeroplane",
                   "red hang glider", "red car", "orange car", "orange bicycle", "orange motorcycle"])
    orders = set()
    for seed in range(8):
        s = build_state(2, hands=[["pink car"], ["green bicycle", "blue car"]], journal=under + ["yellow car"],
                        deck=[], cur=0, seed=seed)
        s.apply_action(DRAW)  # the deck is empty: the 10 cards under the top become the deck, one is drawn
        drawn = [c for c in hand(s, 0) if c != card("pink car")]
        assert s.journal == [card("yellow car")]
        new_deck = s.deck + drawn  # the drawn card was the deck's top (the list's end)
        assert sorted(new_deck) == sorted(under)
        assert new_deck != under and new_deck != under[::-1]
        orders.add(tuple(new_deck))
    assert len(orders) == 8


def test_no_draw_possible_masks_the_deck():
    s = build_state(2, hands=[["pink car", "red ship"], ["green bicycle"]], journal=["yellow car"], deck=[], cur=0)
    assert not s.legal_action_mask()[DRAW]


def test_stuck_turn_passes_ruling_13():
    s = build_state(3, hands=[["yellow bicycle"], ["pink ship"], ["green bicycle"]], journal=["yellow car"],
                    deck=[], cur=0, world={1: "red ship"})
    play(s, "yellow bicycle")  # empties the hand, draws 1 of 5 (the reshuffled yellow car)
    assert s.hand_size == [1, 1, 1] and s.journal == [card("yellow bicycle")]
    assert s.to_act == 2  # seat 1 can neither draw nor play: its turn passed


# -------------------------------------------------------------- round end
def test_round_continues_to_the_player_right_of_the_start_player():
    s = build_state(3, hands=[["green car", "red ship"], ["pink car", "blue ship"], ["orange ship", "sky blue car"]],
                    journal=["yellow car"], cur=1, start=0, pos=[5, 11, 10], world={0: "pink aeroplane"})
    play(s, "pink car")
    s.apply_action(STOP)
    assert s.pos[1] == 12 and s.round_ending and s.to_act == 2  # seat 2 still plays
    s.apply_action(DRAW)
    s.apply_action(A.NO_PARK)
    if s.to_act == 2:
        s.apply_action(END)
    assert s.round == 1 and s.phase == "improve"  # seat 0 (start player) does not play again
    assert s.round_points == [[0, 9, 5]]


def test_finisher_right_of_start_player_ends_the_round_at_once():
    s2 = build_state(3, hands=[["green ship"], ["pink car", "blue ship"], ["orange car", "red bicycle"]],
                     journal=["yellow car"], cur=2, start=0, pos=[3, 4, 11], world={0: "red car"})
    play(s2, "orange car")
    s2.apply_action(STOP)
    assert s2.round == 1 and s2.round_points == [[0, 1, 17]]


def test_scoring_equal_positions_score_nothing():
    s = build_state(2, hands=[["pink car"], ["red ship", "green bicycle"]], journal=["yellow car"], cur=0, start=1,
                    pos=[10, 12], world={11: "red ship"})
    play(s, "pink car")  # 10 -> 12, ends the round (seat 0 is right of start player 1)
    assert s.round_points == [[0, 0]]


def test_num_rounds_one_ends_the_game():
    s = build_state(2, hands=[["pink car"], ["red ship", "green bicycle"]], journal=["yellow car"], cur=0, start=1,
                    pos=[10, 3], world={11: "red ship"}, params={"num_rounds": 1})
    play(s, "pink car")
    assert s.is_terminal and s.winners() == [0] and s.scores() == [9.0, 0.0]
    assert s.returns() == [1.0, -1.0]


# -------------------------------------------------------------- tie-break
def tie_state(**params):
    return build_state(3, hands=[["green ship", "blue car"], ["pink car", "blue ship"], ["orange ship", "sky blue car"]],
                       journal=["yellow car"], cur=2, start=0, pos=[12, 12, 3], round=2, score=[5, 5, 2],
                       round_ending=True, world={1: "blue aeroplane"}, params=params)


@pytest.mark.parametrize("params", [{}, {"short_game": True, "num_rounds": None}])
def test_tie_break_extra_turn_farthest_wins(params):
    s = tie_state()
    if params:
        s = build_state(3, hands=[["green ship", "blue car"], ["pink car", "blue ship"], ["orange ship", "sky blue car"]],
                        journal=["yellow car"], cur=2, start=0, pos=[12, 12, 3], round=1, score=[5, 5, 2],
                        round_ending=True, world={1: "blue aeroplane"}, params={"short_game": True})
    s.apply_action(DRAW)
    s.apply_action(A.NO_PARK)
    if s.to_act == 2:
        s.apply_action(END)
    assert s.scores() == [14.0, 14.0, 2.0]
    assert s.tiebreak == [0, 1] and s.to_act == 0 and not s.is_terminal
    play(s, "blue car")  # seat 0's extra turn: next city (13 % 12 = 1) blue aeroplane: advance
    s.apply_action(STOP)
    assert s.pos[0] == 13 and s.to_act == 1
    s.apply_action(DRAW)
    s.apply_action(A.NO_PARK)
    if s.to_act == 1 and not s.is_terminal:
        s.apply_action(END)
    assert s.is_terminal and s.winners() == [0]


def test_tie_break_still_tied_shares_the_win():
    s = tie_state()
    for _ in range(3):  # seat 2, then the extra turns of seats 0 and 1: draw only
        s.apply_action(DRAW)
        s.apply_action(A.NO_PARK)
        if not s.is_terminal and s.legal_action_mask()[END]:
            s.apply_action(END)
    assert s.is_terminal and s.winners() == [0, 1]
    assert s.returns() == [1.0, 1.0, -1.0]


def test_short_game_round_two_start_player_fewest_points_tie_clockwise():
    s = build_state(3, hands=[["green ship", "blue car"], ["pink car", "blue ship"], ["orange ship", "sky blue car"]],
                    journal=["yellow car"], cur=0, start=1, pos=[5, 12, 5], round_ending=True,
                    params={"short_game": True})
    s.apply_action(DRAW)
    s.apply_action(A.NO_PARK)
    if s.to_act == 0 and s.phase == "turn":
        s.apply_action(END)
    assert s.round_points == [[0, 14, 0]]
    assert s.round == 1 and s.start == 2  # seats 0 and 2 tie on 0: seat 2 comes first after seat 1
    assert s.phase == "improve" and s.to_act == 2
