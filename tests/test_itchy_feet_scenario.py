"""Itchy Feet position builder (``scenario.build_state``): given facts hold, impossible ones are refused."""

import numpy as np
import pytest

from travel_envs.core.game import ParameterError
from travel_envs.games.itchy_feet import actions as A
from travel_envs.games.itchy_feet.components import (COUNTRY_NAMES, HIPPIE, ITEMS, MOMS_CARD, MOUSETRAP, PASSPORT,
                                                     POSTCARD, SMUGGLER)
from travel_envs.games.itchy_feet.scenario import build_state, card, counts

SUNSCREEN, CAMERA, GUIDEBOOK, PHRASEBOOK, BOOTS, SWIMSUIT, UMBRELLA, COAT = ITEMS[:8]
FRANCE, ITALY, JAPAN = (COUNTRY_NAMES.index(c) for c in ("France", "Italy", "Japan"))


def test_cards_by_name_or_id():
    assert card("Camera") == card(" camera ") == card(CAMERA) == CAMERA
    assert card("Mom's Credit Card") == MOMS_CARD
    assert counts(["Passport", CAMERA, "camera"])[CAMERA] == 2


def test_given_facts_are_facts_of_the_state():
    st = build_state(3, hands={0: ["Passport", "Camera", "Mousetrap"], 2: [PASSPORT, COAT, COAT]},
                     draw=[SWIMSUIT, "Sunscreen"], discard=[UMBRELLA], own=[FRANCE, -1, JAPAN], centre=ITALY,
                     turn=2, characters=[SMUGGLER, -1, HIPPIE], known={2: [COAT]},
                     extensions=["special_items", "characters"], reactions=False)
    assert st.num_players == 3 and st.params.extensions == ("special_items", "characters")
    assert st.hands[0] == counts([PASSPORT, CAMERA, MOUSETRAP]) and st.hands[1] == [0] * 30
    assert st.sizes == [3, 0, 3]
    assert st.draw == [SWIMSUIT, SUNSCREEN] and st.discard == [UMBRELLA]  # the top is last
    assert st.own_country == [FRANCE, -1, JAPAN] and st.home_done == [False, True, False]
    assert st.centre == ITALY and sorted(st.unused) == sorted(set(range(12)) - {FRANCE, JAPAN, ITALY})
    assert st.characters == [SMUGGLER, -1, HIPPIE]
    assert st.known[2][COAT] == 1 and sum(map(sum, st.known)) == 1
    assert st.turn_player == st.actor == st.current_player == 2 and st.ph == A.P_MAIN
    assert st.turn_number == 1 and not st.is_terminal and st.legal_action_mask()[A.DRAW]
    again = st.game.state_from_dict(st.to_dict())
    assert again.to_dict() == st.to_dict()


def test_facts_not_given_stay_as_dealt():
    st = build_state(2, seed=4)
    dealt = type(st.game)(num_players=2).new_initial_state(np.random.default_rng(4))
    assert st.hands == dealt.hands and st.draw == dealt.draw and st.centre == dealt.centre


@pytest.mark.parametrize("facts, message", [
    ({"hands": {0: ["Spaceship"]}}, "unknown card 'Spaceship'"),
    ({"draw": [30]}, "unknown card 30"),
    ({"hands": {2: [PASSPORT]}}, r"seat\(s\) \[2\] do not exist"),
    ({"hands": {0: [CAMERA] * 3}, "draw": [CAMERA] * 2}, "5 copies of Camera given; the game has 4"),
    ({"discard": [POSTCARD]}, "'postcards' extension, which is not in play"),
    ({"own": [FRANCE, FRANCE]}, "in play twice"),
    ({"own": [FRANCE], "centre": ITALY}, "one country per seat"),
    ({"own": [FRANCE, JAPAN], "centre": FRANCE}, "in play twice"),
    ({"centre": 12}, "country 12 is not a country id"),
    ({"centre": -1}, "country -1 is not a country id"),
    ({"turn": 2}, "turn=2"),
    ({"turn": True}, "turn=True"),
    ({"characters": [SMUGGLER, -1]}, "need the 'characters' extension"),
    ({"characters": [HIPPIE, HIPPIE], "extensions": ["characters"]}, "each character exists once"),
    ({"characters": [6, -1], "extensions": ["characters"]}, "not a character id"),
    ({"hands": {1: [PASSPORT]}, "known": {1: [CAMERA]}}, "cannot know cards hand 1 does not hold"),
])
def test_impossible_facts_are_refused(facts, message):
    with pytest.raises(ParameterError, match=message):
        build_state(2, **facts)


def test_beyond_the_box_lets_a_rule_test_exceed_the_card_counts():
    st = build_state(2, hands={0: [POSTCARD] * 3, 1: [PASSPORT]}, draw=[CAMERA] * 6, beyond_the_box=True)
    assert st.hands[0][POSTCARD] == 3 and st.draw.count(CAMERA) == 6
    with pytest.raises(ParameterError, match="unknown card"):  # the other checks still hold
        build_state(2, draw=["Spaceship"], beyond_the_box=True)


def test_bad_parameters_are_refused_as_for_the_game():
    with pytest.raises(ParameterError, match="num_players"):
        build_state(7)
    with pytest.raises(ParameterError, match="extensions"):
        build_state(2, extensions=["dragons"])
