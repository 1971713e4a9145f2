"""The Globetrotter position builder (scenario.build_state): a fact given is a fact in the state, every
card stays accounted for, and a fact that cannot be is refused with ParameterError naming it."""

import numpy as np
import pytest

from travel_envs.core.game import ParameterError
from travel_envs.games.globetrotter.components import NUM_CARDS, WILD
from travel_envs.games.globetrotter.scenario import build_state, card, cards


def hand(s, seat):
    return sorted(np.flatnonzero(s.hands[seat]).tolist())


def test_card_names_and_ids():
    assert card("yellow car") == 34 and card("  Sky Blue ship ") == card(10) == 10
    assert card("wild") == WILD
    assert cards(["red bicycle", 48]) == [0, 48]


def test_given_facts_are_in_the_state():
    s = build_state(3, hands=[["pink car", "red ship"], ["green bicycle"], ["blue car", "orange ship", 0]],
                    journal=["yellow ship", "yellow car"], parking=[None, "blue ship", None],
                    world={1: "wild", 5: "red car"}, cur=2, start=1, pos=[3, 0, 7], score=[4, 0, 9], key=1,
                    round=1)
    assert hand(s, 0) == sorted(cards(["pink car", "red ship"]))
    assert hand(s, 1) == [card("green bicycle")] and s.hand_size == [2, 1, 3]
    assert s.journal == cards(["yellow ship", "yellow car"]) and s.top == card("yellow car")
    assert s.parking == [-1, card("blue ship"), -1]
    assert s.world[1] == WILD and s.world[5] == card("red car")
    assert (s.to_act, s.start, s.pos, s.score, s.key, s.round) == (2, 1, [3, 0, 7], [4, 0, 9], 1, 1)
    assert s.phase == "turn" and s.current_player == 2


def test_every_card_is_accounted_for_and_the_deck_holds_the_rest():
    s = build_state(2, hands=[["pink car"], ["green bicycle"]], journal=["yellow car"],
                    parking=["red ship", None, None])
    located = [c for p in range(2) for c in hand(s, p)] + s.journal + s.deck + [c for c in s.parking if c >= 0]
    assert sorted(located) == list(range(NUM_CARDS))


def test_hands_of_some_seats_and_the_others_dealt():
    s = build_state(3, hands={0: ["pink car", "red ship"]}, journal=["yellow car"], seed=4)
    assert hand(s, 0) == sorted(cards(["pink car", "red ship"])) and s.hand_size == [2, 5, 5]
    located = [c for p in range(3) for c in hand(s, p)] + s.journal + s.deck
    assert sorted(located) == list(range(NUM_CARDS))
    again = build_state(3, hands={0: ["pink car", "red ship"]}, journal=["yellow car"], seed=4)
    other = build_state(3, hands={0: ["pink car", "red ship"]}, journal=["yellow car"], seed=5)
    assert again.to_dict() == s.to_dict() and hand(other, 1) != hand(s, 1)


def test_a_given_deck_leaves_the_other_cards_out_of_play():
    s = build_state(2, hands=[["pink car"], ["green bicycle"]], journal=["yellow car"], deck=["red ship", "blue car"])
    assert s.deck == cards(["red ship", "blue car"]) and s.legal_action_mask().any()


def test_other_phases_and_knowledge():
    s = build_state(2, hands=[["pink car", "red ship"], ["green bicycle"]], journal=["yellow car"], phase="park",
                    drew=True, known=[[[], ["green bicycle"]], [[], []]])
    assert s.phase == "park" and s.drew and s.known[0, 1, card("green bicycle")]


@pytest.mark.parametrize("facts, match", [
    ({"hands": [["purple car"], []]}, r"unknown card 'purple car'"),
    ({"hands": [["pink car"], ["pink car"]]}, r"list the card\(s\) \['pink car'\] twice"),
    ({"hands": [["pink car"]]}, r"hands: 1 hands given for 2 players"),
    ({"hands": {2: ["pink car"]}}, r"hands: seat 2 does not exist"),
    ({"hands": {0: ["pink car"]}, "journal": ["pink ship"], "deck": list(range(44))},
     r"only 3 cards left to deal to seat 1"),
    ({"journal": ["red ship"], "parking": ["red ship", None, None]}, r"twice"),
    ({"parking": [None, None]}, r"'parking' has 2 entries"),
    ({"world": ["red ship"] * 11}, r"world: 11 faces given"),
    ({"world": {12: "red ship"}}, r"world: city 12 does not exist"),
    ({"journal": []}, r"journal: empty"),
    ({"pos": [0, 0, 0]}, r"'pos' has 3 entries"),
    ({"cur": 2}, r"'cur' holds 2"),
    ({"phase": "shopping"}, r"'phase' is 'shopping'"),
    ({"holiday": True}, r"unknown state field 'holiday'"),
    ({"known": [[[], ["red ship"]], [[], []]], "hands": [["pink car"], ["green bicycle"]]},
     r"'known\[0\]\[1\]' lists red ship"),
    ({"params": {"num_players": 3}}, r"player count as build_state's first argument"),
    ({"params": {"wild_faces": 3}}, r"wild_faces=3 is not allowed"),
])
def test_impossible_facts_are_refused(facts, match):
    with pytest.raises(ParameterError, match=match):
        build_state(2, **facts)


def test_an_impossible_player_count_is_refused():
    with pytest.raises(ParameterError, match=r"num_players=7 is not allowed"):
        build_state(7)
