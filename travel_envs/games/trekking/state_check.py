"""Checks of a Trekking state dict (``TrekkingState.from_dict``): a clear ParameterError instead of an
IndexError or a silently broken game when the dict is from another player count or variant, lacks a
key or holds a value out of range."""

from __future__ import annotations

from typing import Any

from travel_envs.core.game import ParameterError, check_state_header

from . import components as C
from .actions import OPPONENT, PHASES
from .scoring import K_EMPTY, K_REST, K_ROUTE


def _fail(key: str, problem: str) -> None:
    raise ParameterError(f"trekking state dict: {key!r} {problem}; use a dict from to_dict() of a game "
                         f"with the same parameters")


def _ints(key: str, value: Any, length: int | None, low: int, high: int) -> None:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        _fail(key, f"must be a list of {length if length is not None else 'some'} integers, got {value!r}")
    for x in value:
        if isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high:
            _fail(key, f"holds {x!r}, outside {low}..{high}")


def _lists(key: str, value: Any, length: int) -> None:
    if not isinstance(value, list) or len(value) != length or not all(isinstance(x, list) for x in value):
        _fail(key, f"must be a list of {length} lists, got {value!r}")


def check_state_dict(game, data: Any, scalars, lists, nested) -> None:
    """Raise ParameterError unless ``data`` is a consistent state dict of ``game``."""
    check_state_header(game, data, ("plan", "rng", "map_altitude", *scalars, *lists, *nested))
    p = game.params
    n = p.num_players
    if not isinstance(data["rng"], dict) or "bit_generator" not in data["rng"]:
        _fail("rng", "must be a generator state (rng_to_dict)")
    alt = data["map_altitude"]
    if p.map == "random":
        _ints("map_altitude", alt, 36, 700, 1500)
    elif alt is not None:
        _fail("map_altitude", "must be None with map='E'")
    plan = data["plan"]
    if not isinstance(plan, list) or len(plan) != 6 or any(c not in d for c, d in zip(plan, C.PLAN_DECKS)):
        _fail("plan", f"must list 6 cards in the order {C.PLAN_SLOTS}, got {plan!r}")
    if isinstance(p.route_plan, tuple) and tuple(plan) != p.route_plan:
        _fail("plan", f"is {plan!r} but the game's route_plan is {list(p.route_plan)!r}")
    if data["stage"] not in PHASES:
        _fail("stage", f"must be one of {PHASES}, got {data['stage']!r}")
    if not isinstance(data["rnd"], int) or not 1 <= data["rnd"] <= C.ROUNDS:
        _fail("rnd", f"must be a round 1-{C.ROUNDS}, got {data['rnd']!r}")
    order = data["order"]
    want = sorted([0, OPPONENT]) if n == 1 else list(range(n))
    if not isinstance(order, list) or sorted(order) != want:
        _fail("order", f"must be a turn order of {want}, got {order!r}")
    if not isinstance(data["turn_pos"], int) or not 0 <= data["turn_pos"] < len(order):
        _fail("turn_pos", f"must be 0..{len(order) - 1}, got {data['turn_pos']!r}")
    _ints("refuge_queue", data["refuge_queue"], None, 0, n - 1)
    if data["stage"] == "refuge" and not data["refuge_queue"]:
        _fail("refuge_queue", "must name the seats still to choose a refuge in the stage 'refuge'")
    if data["stage"] in ("move", "tag", "finish") and order[data["turn_pos"]] == OPPONENT:
        _fail("turn_pos", f"points at the Sunday hikers (order {order!r}) in the player's stage {data['stage']!r}")
    _ints("pos", data["pos"], n, -1, 35)
    _ints("energy", data["energy"], n, 0, p.energy_max)
    _ints("last_summit_round", data["last_summit_round"], n, 0, C.ROUNDS)
    if not isinstance(data["rested_since_summit"], list) or len(data["rested_since_summit"]) != n:
        _fail("rested_since_summit", f"must list {n} flags")
    for key in ("gps", "animals", "tokens"):
        _lists(key, data[key], n)
    _lists("route_piles", data["route_piles"], 6)
    _lists("rest_piles", data["rest_piles"], 2)
    _lists("bags", data["bags"], 2)
    for bag in data["bags"]:
        _ints("bags", bag, 5, 0, max(C.ANIMAL_TOTAL))
    m = C.map_for_altitudes(alt) if alt else C.MAP_E
    _ints("map_animals", data["map_animals"], m.num_spaces, -1, 4)
    _ints("summit_piles", data["summit_piles"], 5, 0, p.tokens_per_summit)
    # every route card and rest card exactly once
    route = [c for pile in data["route_piles"] for c in pile] + list(data["removed_route"])
    rest = [c for pile in data["rest_piles"] for c in pile] + list(data["removed_rest"])
    for g in data["gps"]:
        if len(g) > C.ROUNDS or not all(isinstance(col, list) and len(col) == 8 for col in g):
            _fail("gps", f"a board must hold at most {C.ROUNDS} columns of 8 values")
        for col in g:
            if col[0] not in (K_ROUTE, K_REST, K_EMPTY):
                _fail("gps", f"holds a column of unknown kind {col[0]!r}")
            (route if col[0] == K_ROUTE else rest if col[0] == K_REST else []).append(col[5])
    if sorted(route) != list(range(C.NUM_ROUTE_CARDS)):
        _fail("route_piles", f"with removed_route and the GPS boards must hold the {C.NUM_ROUTE_CARDS} route "
                             f"cards once each")
    if sorted(rest) != list(range(C.NUM_REST_CARDS)):
        _fail("rest_piles", f"with removed_rest and the GPS boards must hold the {C.NUM_REST_CARDS} rest "
                            f"cards once each")
    if not set(data["removed_blind"]) <= set(data["removed_route"]):
        _fail("removed_blind", "must be a part of removed_route")
    # every animal once: bags, map, boards, Sunday hikers
    count = [data["bags"][0][a] + data["bags"][1][a] for a in range(5)]
    for a in data["map_animals"]:
        if a >= 0:
            count[a] += 1
    for g in data["animals"]:
        for pair in g:
            if not isinstance(pair, list) or len(pair) != 2 or not 0 <= pair[1] <= 4:
                _fail("animals", f"holds {pair!r}; an animal is [column, kind 0-4]")
            count[pair[1]] += 1
    _ints("opp_animals", data["opp_animals"], 5 if n == 1 else 0, 0, max(C.ANIMAL_TOTAL))
    for a, k in enumerate(data["opp_animals"]):
        count[a] += k
    if count != list(C.ANIMAL_TOTAL):
        _fail("bags", f"with the map, the boards and the Sunday hikers must hold {list(C.ANIMAL_TOTAL)} "
                      f"animals per kind, got {count}")
    hikers = 4 if n == 1 else 0
    _ints("sunday_pos", data["sunday_pos"], hikers, 0, 35)
    _lists("sunday_visited", data["sunday_visited"], hikers)
    _ints("opp_deck", data["opp_deck"], None, 0, len(C.OPPONENT_CARDS) - 1)
    _ints("opp_discard", data["opp_discard"], None, 0, len(C.OPPONENT_CARDS) - 1)
    if (data["stage"] == "sunday") != bool(data["sunday_choice"]) or (data["sunday_choice"] and n != 1):
        _fail("sunday_choice", "must be set exactly in the solo phase 'sunday'")
