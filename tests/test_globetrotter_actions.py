"""The Globetrotter action table (actions.py): the ids of docs/games/globetrotter.md, names and their
parsing back to ids, and the per-phase decision handlers in phase-id order."""

import pytest

from travel_envs.core.game import IllegalActionError
from travel_envs.games.globetrotter import actions as A
from travel_envs.games.globetrotter.engine import GlobetrotterState
from travel_envs.games.globetrotter.scenario import card


def test_id_ranges_of_the_documented_table():
    assert (A.PLAY, A.DRAW_DECK, A.DRAW_PARK, A.PARK, A.NO_PARK, A.STOP, A.END_TURN, A.DISCARD, A.CONFIRM,
            A.OPPONENT, A.NUM_ACTIONS) == (0, 49, 50, 53, 102, 103, 104, 105, 154, 155, 159)


def test_names():
    assert A.action_name(A.PLAY + card("yellow car")) == "play yellow car"
    assert A.action_name(A.DRAW_PARK + 2) == "draw from parking space 2"
    assert A.action_name(A.DISCARD + card("red ship")) == "select red ship to discard"
    assert A.action_name(A.OPPONENT + 1, cur=2, n=3) == "draw from the opponent 2 seat(s) to the left (player_1)"


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_name_parses_back_to_its_id(n):
    for cur in range(n):
        names = [A.action_name(a, cur, n) for a in range(A.NUM_ACTIONS)]
        assert len(set(names)) == A.NUM_ACTIONS
        assert [A.action_from_name(x, cur, n) for x in names] == list(range(A.NUM_ACTIONS))


def test_parsing_ignores_case_and_blanks_and_refuses_unknown_names():
    assert A.action_from_name("  Play  Yellow car ") == A.PLAY + card("yellow car")
    with pytest.raises(IllegalActionError, match=r"unknown Globetrotter action 'play purple car'.*'end turn'"):
        A.action_from_name("play purple car")


def test_one_handler_pair_per_phase_in_phase_id_order():
    assert A.PHASES == ("improve", "turn", "park", "choose_opponent", "over")
    assert GlobetrotterState.PHASES == A.PHASES and GlobetrotterState.OVER == A.OVER
    legal = [f.__name__ for f in GlobetrotterState._LEGAL]
    apply = [f.__name__ for f in GlobetrotterState._APPLY]
    assert legal == ["_legal_improve", "_legal_turn", "_legal_park", "_legal_choose", "_legal_over"]
    assert apply == ["_apply_improve", "_apply_turn", "_apply_park", "_apply_choose"]
