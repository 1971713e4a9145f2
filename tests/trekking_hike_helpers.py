"""Builders for hand-made Trekking states (used by tests/test_trekking_hike_*.py)."""

from __future__ import annotations

import numpy as np

from travel_envs.games.trekking import GAME
from travel_envs.games.trekking import actions as A
from travel_envs.games.trekking import components as C

# a plan whose cards do nothing in most scenarios (fog only matters when tagging, storm when resting)
NEUTRAL = ("fog", "storm", "climbing", "penalara", "species", "closed")
N, E, S, W = range(4)


def node(x: int, y: int) -> int:
    return y * 6 + x


def route_card(colour: int, cost: int) -> int:
    return next(i for i, (c, k) in enumerate(C.ROUTE_CARDS) if c == colour and k == cost)


def rest_card(kind: int, copy: int = 0) -> int:
    return [i for i, k in enumerate(C.REST_CARDS) if k == kind][copy]


def put_on_top(d: dict, pile: int, card: int) -> None:
    """Move ``card`` to the top of route pile ``pile`` (keeps the 65 cards intact)."""
    for p in d["route_piles"]:
        if card in p:
            p.remove(card)
    d["route_piles"][pile].append(card)


def put_rest_on_top(d: dict, pile: int, card: int) -> None:
    for p in d["rest_piles"]:
        if card in p:
            p.remove(card)
    d["rest_piles"][pile].append(card)


def filler(altitude: int, k: int) -> list[list[int]]:
    """``k`` GPS columns of 'rest without card' at ``altitude`` (to reach a later round)."""
    return [[2, -1, 0, altitude, altitude, -1, -1, 0] for _ in range(k)]


def rest_col(kind: int, altitude: int, flipped: int = 0, copy: int = 0) -> list[int]:
    return [1, -1, 0, altitude, altitude, rest_card(kind, copy), kind, flipped]


def build(n: int = 2, plan=NEUTRAL, seat: int = 0, rnd: int = 1, params: dict | None = None, edit=None,
          **fields):
    """A state where ``seat`` starts its turn (phase move) in round ``rnd``.

    ``fields`` replace entries of ``to_dict()``; ``edit(d)`` may change the dict further. The turn's
    start energy follows the seat's energy unless given.
    """
    params = dict(params or {})
    g = GAME(num_players=n, route_plan=tuple(plan), start_refuge="random", **params)
    st = g.new_initial_state(np.random.default_rng(0))
    d = st.to_dict()
    if n > 1:
        d["order"] = list(range(n))
    d["turn_pos"] = d["order"].index(seat)
    d["rnd"] = rnd
    d["stage"] = "move"
    d["events"] = []
    d.update(fields)
    if edit is not None:
        edit(d)
    _take_board_cards_from_piles(d)
    if "t_start_energy" not in fields:
        d["t_start_energy"] = d["energy"][seat]
    return g.state_from_dict(d)


def _take_board_cards_from_piles(d: dict) -> None:
    """Cards placed on the GPS boards by hand leave the piles (every card exists once, as
    ``from_dict`` checks); a rest card kind placed twice gets its next copy."""
    used_rest: set[int] = set()
    for g in d["gps"]:
        for col in g:
            if col[0] == 1:
                card = col[5]
                while card in used_rest:
                    card = rest_card(col[6], [i for i, k in enumerate(C.REST_CARDS) if k == col[6]].index(card) + 1)
                col[5] = card
                used_rest.add(card)
                for pile in d["rest_piles"]:
                    if card in pile:
                        pile.remove(card)
            elif col[0] == 0:
                for pile in d["route_piles"]:
                    if col[5] in pile:
                        pile.remove(col[5])


def empty_map(d: dict) -> None:
    """Put every map animal back into its bag (spaces empty)."""
    for s, a in enumerate(d["map_animals"]):
        if a >= 0:
            d["bags"][C.MAP_E.animal_bag[s]][a] += 1
            d["map_animals"][s] = -1


def set_animal(d: dict, space: int, animal: int) -> None:
    old = d["map_animals"][space]
    bag = C.MAP_E.animal_bag[space]
    if old >= 0:
        d["bags"][bag][old] += 1
    d["bags"][bag][animal] -= 1
    d["map_animals"][space] = animal


def play_turn(st, *actions) -> None:
    """Apply the given actions, then end the turn (stop tagging / end turn) if still pending."""
    seat = st.current_player
    for a in actions:
        st.apply_action(a)
    for _ in range(4):
        if st.is_terminal or st.current_player != seat or st.phase in ("move", "refuge", "sunday"):
            return
        st.apply_action(A.STOP_TAGGING if st.phase == "tag" else A.END_TURN)
