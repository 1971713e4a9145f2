"""trekking_the_world_v0 position builder (``scenario``): a fact given is a fact in the state,
nothing is created or lost, and an impossible fact is refused with a ParameterError naming it."""

import pytest

from travel_envs.core.game import ParameterError
from travel_envs.games.trekking_the_world import components as C
from travel_envs.games.trekking_the_world.scenario import (
    build_state, card, give_cubes, give_tokens, invariant_errors, loc, place_card, place_itinerary,
)


def test_facts_given_are_facts_in_the_state():
    s = build_state(3, locations=["Banff", "machu_picchu", C.AIRPORTS[2]], money=[0, 7, 20], first_player=2,
                    seed=5, tours_to_end=6)
    assert s.loc == [loc("Banff"), loc("Machu Picchu"), C.AIRPORTS[2]]
    assert s.money == [0, 7, 20]
    assert s.first_player == s.to_act == s.current_player == 2 and s.phase == "start"
    assert s.params.tours_to_end == 6
    give_cubes(s, 1, [7, 0, 2, 1])
    give_tokens(s, 1, [0, 3, 1, 2])
    banff = card("Banff")
    place_card(s, banff, "tours", None, player=1)
    place_card(s, card("Petra"), "enc_row", 1)
    place_itinerary(s, 5, "itin_row", 0)
    assert s.suitcase[1] == [7, 0, 2, 1] and s.tokens[1] == [0, 3, 1, 2]
    assert s.tours[1] == [banff] and s.enc_row[1] == card("Petra") and s.itin_row[0] == 5
    assert s.cube_supply == [C.CUBES_PER_COLOUR - 7, C.CUBES_PER_COLOUR, C.CUBES_PER_COLOUR - 2,
                             C.CUBES_PER_COLOUR - 1]
    assert not invariant_errors(s)  # every card, Itinerary, cube and token still counted once
    assert s.legal_action_mask().any()


@pytest.mark.parametrize("make, words", [
    (lambda: build_state(2, locations=[0]), "locations needs one entry per seat"),
    (lambda: build_state(2, locations=["Atlantis", 0]), "no location named 'Atlantis'"),
    (lambda: build_state(2, locations=[0, 54]), r"locations\[1\]=54"),
    (lambda: build_state(2, money=[0, 21]), r"money\[1\]=21"),
    (lambda: build_state(2, money=[-1, 0]), r"money\[0\]=-1"),
    (lambda: build_state(2, first_player=2), "first_player=2"),
    (lambda: build_state(2, tours_to_end=9), "tours_to_end"),
    (lambda: card("North America Airport"), "no card shows"),
])
def test_impossible_facts_are_refused(make, words):
    with pytest.raises(ParameterError, match=words):
        make()


def test_impossible_rearrangements_are_refused_and_change_nothing():
    s = build_state(2)
    give_tokens(s, 0, [15, s.tokens[0][1], 0, 0])  # every Move token
    before = s.to_dict()
    with pytest.raises(ParameterError, match=r"tokens\[0\]=1 needs 1 more from the supply, which has 0"):
        give_tokens(s, 1, [1, s.tokens[1][1], 0, 0])
    with pytest.raises(ParameterError, match=r"Suitcase rows\[0\]=8 is impossible"):
        give_cubes(s, 1, [8, 0, 0, 0])  # a row has 7 places
    with pytest.raises(ParameterError, match="4 counts"):
        give_tokens(s, 0, [1, 1])
    with pytest.raises(ParameterError, match="needs player"):
        place_card(s, card("Banff"), "tours", None)
    with pytest.raises(ParameterError, match="where='hand'"):
        place_card(s, card("Banff"), "hand", None, player=0)
    with pytest.raises(ParameterError, match="where='itin_hand'"):
        place_itinerary(s, 0, "itin_hand", 0)
    with pytest.raises(ParameterError, match="99 is in none"):
        place_card(s, 99, "enc_row", 0)
    assert s.to_dict() == before
