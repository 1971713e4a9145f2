"""The rulebook's worked examples (component spec section 7) with the rulebook's numbers."""

import numpy as np
import pytest

from travel_envs.core.game import IllegalActionError
from travel_envs.games.globetrotter import GAME
from travel_envs.games.globetrotter import actions as A
from travel_envs.games.globetrotter.scenario import build_state, card, cards

PLAY, STOP = A.PLAY, A.STOP


def play(state, name):
    state.apply_action(PLAY + card(name))


def hand_of(state, seat):
    return sorted(np.flatnonzero(state.hands[seat]).tolist())


def test_example_1_chain_yellow_car_pink_car_pink_balloon_green_balloon():
    s = build_state(2, hands=[["pink car", "pink hot air balloon", "green hot air balloon", "green bicycle"],
                              ["red ship"]], journal=["yellow car"], cur=0, world={1: "blue ship"})
    mask = s.legal_action_mask()
    assert mask[PLAY + card("pink car")]
    assert not mask[PLAY + card("green bicycle")]  # neither yellow nor a car
    with pytest.raises(IllegalActionError, match="green bicycle.*illegal"):
        play(s, "green bicycle")
    play(s, "pink car")  # same vehicle
    play(s, "pink hot air balloon")  # same colour
    play(s, "green hot air balloon")  # same vehicle
    assert s.journal[-3:] == cards(["pink car", "pink hot air balloon", "green hot air balloon"])
    assert s.top == card("green hot air balloon")
    assert hand_of(s, 0) == [card("green bicycle")]


def test_example_2_advance_by_one_on_matching_vehicle():
    s = build_state(2, hands=[["yellow motorcycle", "red ship", "blue aeroplane"], ["pink car"]],
                    journal=["yellow car"], cur=0, world={1: "sky blue motorcycle"}, pos=[0, 0])
    play(s, "yellow motorcycle")
    assert s.to_act == 0 and s.pos == [0, 0]  # nothing happens before the player stops
    s.apply_action(STOP)
    assert s.pos == [1, 0]
    assert s.to_act == 1 and s.phase == "turn"  # moving ends the turn at once
    assert hand_of(s, 0) == sorted(cards(["red ship", "blue aeroplane"]))


def sister_bird_turn_1():
    # 4 players; seat 0 plays Sister Bird. The key lies in front of seat 2.
    return build_state(
        4, hands=[["red ship", "yellow ship", "yellow bicycle", "yellow car", "blue hang glider"],
                  ["green bicycle"], ["pink car", "orange ship"], ["sky blue car"]],
        journal=["green ship"], cur=0, start=0, key=2, pos=[10, 10, 10, 8],
        world={11: "yellow aeroplane", 0: "red car"})


def test_example_3_sister_bird_moves_one_and_takes_the_key():
    s = sister_bird_turn_1()
    for name in ["red ship", "yellow ship", "yellow bicycle"]:
        play(s, name)
    assert s.key == 2  # only two yellow cards in a row so far
    play(s, "yellow car")
    assert s.key == 0 and s.key_gained  # three yellow cards in a row: taken from seat 2
    s.apply_action(STOP)
    assert s.pos[0] == 11  # the yellow car matches the yellow next city
    assert s.key == 0 and s.to_act == 1
    assert hand_of(s, 0) == [card("blue hang glider")]


def sister_bird_turn_2():
    """Her finishing turn: key in hand, one card left that matches nothing."""
    return build_state(
        4, hands=[["blue hang glider"], ["blue car", "green bicycle"], ["red car", "orange ship"],
                  ["pink bicycle", "pink ship"]],
        journal=["green ship", "yellow car"], cur=0, start=0, key=0, pos=[11, 11, 11, 9],
        world={0: "red car", 10: "sky blue bicycle"})


def test_example_4_sister_bird_uses_the_key_empties_her_hand_and_moves_two():
    s = sister_bird_turn_2()
    mask = s.legal_action_mask()
    assert mask[PLAY + card("blue hang glider")]  # matches nothing, but she holds the key
    deck_before = len(s.deck)
    play(s, "blue hang glider")
    assert s.key == -1  # returned to the centre
    assert s.pos[0] == 13  # 2 spaces, passing the finish city (no match with the red car city)
    assert s.hand_size[0] == 5 and len(s.deck) == deck_before - 5
    assert s.round_ending and s.to_act == 1


def test_examples_5_and_6_round_end_and_scoring_6_3_3_0():
    s = sister_bird_turn_2()
    play(s, "blue hang glider")
    # every other player takes exactly one more turn
    assert s.to_act == 1
    play(s, "blue car")  # on the blue hang glider; matches the red car city by vehicle
    s.apply_action(STOP)
    assert s.pos[1] == 12 and s.to_act == 2
    play(s, "red car")
    s.apply_action(STOP)
    assert s.pos[2] == 12 and s.to_act == 3
    s.apply_action(A.DRAW_DECK)  # Brother Horse draws, cannot play
    s.apply_action(A.NO_PARK)
    # the round is over: seat 3 sits to the right of the start player
    assert s.round_points == [[6, 3, 3, 0]]
    assert s.scores() == [6.0, 3.0, 3.0, 0.0]
    assert s.round == 1 and s.phase == "improve" and s.start == 1
    assert s.pos == [0, 0, 0, 0]


def test_example_7_condition_c_empty_hand_and_match_moves_three():
    s = build_state(2, hands=[["red car"], ["pink ship", "blue bicycle"]], journal=["yellow car"],
                    cur=0, pos=[4, 2], world={5: "red aeroplane"})
    play(s, "red car")
    assert s.pos == [7, 2]
    assert s.hand_size[0] == 5
    assert s.to_act == 1


def test_example_8_key_only_once_per_turn():
    s = build_state(2, hands=[["yellow bicycle", "yellow car", "yellow ship", "blue aeroplane",
                               "blue hang glider", "blue car", "blue bicycle", "red motorcycle"],
                              ["pink ship"]], journal=["yellow motorcycle"], cur=0,
                    world={1: "green motorcycle"})
    for name in ["yellow bicycle", "yellow car", "yellow ship"]:
        play(s, name)
    assert s.key == 0
    play(s, "blue aeroplane")  # matches nothing: played with the key
    assert s.key == -1
    for name in ["blue hang glider", "blue car", "blue bicycle"]:
        play(s, name)  # four blue cards in a row
    assert s.key == -1  # not twice in a turn
    assert s.legal_action_mask()[STOP]


def test_example_9_deck_exhaustion_journal_reshuffle():
    s = build_state(2, hands=[["red ship", "pink car"], ["green bicycle", "blue car"]],
                    journal=["orange ship", "orange car", "yellow ship", "yellow car"], deck=[], cur=0)
    s.apply_action(A.DRAW_DECK)
    assert s.journal == [card("yellow car")]  # the top card stays
    assert s.hand_size[0] == 3
    drawn = set(hand_of(s, 0)) - set(cards(["red ship", "pink car"]))
    assert drawn <= set(cards(["orange ship", "orange car", "yellow ship"]))
    assert sorted(s.deck + list(drawn)) == sorted(cards(["orange ship", "orange car", "yellow ship"]))


def test_example_9_one_card_journal_draws_from_opponent_with_two_or_more():
    # 3 players: seat 1 holds one card (protected), seat 2 holds three
    s = build_state(3, hands=[["red ship"], ["green bicycle"], ["blue car", "pink car", "orange car"]],
                    journal=["yellow car"], deck=[], cur=0)
    s.apply_action(A.DRAW_DECK)  # one opponent qualifies: applied at once
    assert s.hand_size == [2, 1, 2]
    s2 = build_state(3, hands=[["red ship"], ["green bicycle", "sky blue ship"],
                               ["blue car", "pink car", "orange car"]], journal=["yellow car"], deck=[], cur=0)
    s2.apply_action(A.DRAW_DECK)
    assert s2.phase == "choose_opponent" and s2.to_act == 0
    mask = s2.legal_action_mask()
    assert mask[A.OPPONENT + 0] and mask[A.OPPONENT + 1] and mask.sum() == 2
    s2.apply_action(A.OPPONENT + 1)  # seat 2, two seats to the left
    assert s2.hand_size == [2, 2, 2]
    assert set(hand_of(s2, 0)) - {card("red ship")} <= set(cards(["blue car", "pink car", "orange car"]))


def test_example_10_parking_needs_a_draw_and_an_empty_space():
    s = build_state(2, hands=[["red ship", "pink car"], ["green bicycle"]], journal=["yellow car"],
                    parking=[None, "blue ship", "orange ship"], cur=0)
    mask = s.legal_action_mask()
    assert not mask[A.PARK : A.NO_PARK + 1].any()  # without drawing, nothing can be parked
    s.apply_action(A.DRAW_DECK)
    assert s.phase == "park"
    s.apply_action(A.PARK + card("red ship"))
    assert s.parking == cards(["red ship", "blue ship", "orange ship"])
    # all spaces full: the next draw goes straight on, no parking
    s2 = build_state(2, hands=[["red ship", "pink car"], ["green bicycle"]], journal=["green car"],
                     parking=["sky blue ship", "blue ship", "orange ship"], cur=0)
    s2.apply_action(A.DRAW_DECK)
    assert s2.phase == "turn" and s2.to_act == 0 and s2.drew
    assert not s2.legal_action_mask()[A.PARK : A.NO_PARK + 1].any()


def test_example_11_wild_city_advances_on_any_card():
    s = build_state(2, hands=[["pink ship", "blue bicycle"], ["red car"]], journal=["pink car"], cur=0,
                    pos=[3, 0], world={4: "wild"})
    play(s, "pink ship")
    s.apply_action(STOP)
    assert s.pos == [4, 0]


def play_out(game, seed, on_round=None):
    from travel_envs.agents.base import RandomPolicy

    s = game.new_initial_state(np.random.default_rng(seed))
    pol = RandomPolicy(seed)
    starts = [s.start]
    last_round = 0
    while not s.is_terminal:
        s.apply_action(pol.act(None, s.legal_action_mask()))
        if s.round != last_round and not s.is_terminal:
            last_round = s.round
            starts.append(s.start)
    return s, starts


def test_example_12_three_players_three_rounds_each_starts_once():
    s, starts = play_out(GAME(num_players=3), seed=5)
    assert len(s.round_points) == 3
    assert sorted(starts) == [0, 1, 2]
    assert starts[1] == (starts[0] + 1) % 3 and starts[2] == (starts[1] + 1) % 3


def test_example_12_short_game_two_rounds_round_two_start_has_fewest_points():
    for seed in range(6):
        s, starts = play_out(GAME(num_players=4, short_game=True), seed=seed)
        assert len(s.round_points) == 2 and len(starts) == 2
        pts = s.round_points[0]
        assert pts[starts[1]] == min(pts)
        first = next(p for p in ((starts[0] + k) % 4 for k in range(4)) if pts[p] == min(pts))
        assert starts[1] == first  # ties: the first such player clockwise from the round-1 start
