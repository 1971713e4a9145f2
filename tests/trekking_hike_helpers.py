"""Short names for building hand-made Trekking states in tests/test_trekking_hike_*.py (the builder
itself is ``travel_envs.games.trekking.scenario``)."""

from __future__ import annotations

from travel_envs.games.trekking import actions as A
from travel_envs.games.trekking import scenario
from travel_envs.games.trekking.scenario import (
    NEUTRAL, E, N, S, W, empty_map, filler, node, put_on_top, put_rest_on_top, rest_card, rest_col, route_card,
    set_animal)

#: the builder's names the tests import from here, beside the helpers below
__all__ = ["NEUTRAL", "E", "N", "S", "W", "empty_map", "filler", "node", "put_on_top", "put_rest_on_top",
           "rest_card", "rest_col", "route_card", "set_animal", "build", "play_turn"]


def build(n: int = 2, plan=NEUTRAL, seat: int = 0, rnd: int = 1, params: dict | None = None, edit=None,
          phase: str = "move", **fields):
    """A state where ``seat`` decides in ``phase`` (by default: starts its turn) in round ``rnd``:
    ``scenario.build_state`` with the tests' short names (``fields`` replace ``to_dict`` entries;
    ``edit(d)`` may change the dict)."""
    return scenario.build_state(num_players=n, plan=plan, seat=seat, rnd=rnd, phase=phase, params=params,
                                edit=edit, **fields)


def play_turn(st, *actions) -> None:
    """Apply the given actions, then end the turn (stop tagging / end turn) if still pending."""
    seat = st.current_player
    for a in actions:
        st.apply_action(a)
    for _ in range(4):
        if st.is_terminal or st.current_player != seat or st.phase in ("move", "refuge", "sunday"):
            return
        st.apply_action(A.STOP_TAGGING if st.phase == "tag" else A.END_TURN)
