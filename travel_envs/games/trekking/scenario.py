"""Hand-made Trekking positions from a few named facts (for tests and for analysing a position).

``build_state`` deals a normal game from a seed, then states the facts given: whose turn it is, the round,
the phase, the route plan, any ``to_dict`` entry (``pos=[...]``, ``energy=[...]``, ``gps=[...]``, ...),
cards put on top of the piles and animals put on the map. Nothing is created or lost: a card put on top
or placed on a GPS board leaves its pile, an animal put on the map leaves its bag. The result goes
through ``from_dict``, so an impossible fact (a card twice, a value out of range, a seat that does not
play) is refused with a ParameterError naming it.

The small helpers name the pieces: ``node(x, y)`` a map space, ``route_card(colour, cost)`` and
``rest_card(kind)`` card ids, ``filler`` / ``rest_col`` GPS columns; ``put_on_top``, ``put_rest_on_top``,
``empty_map`` and ``set_animal`` edit a state dict the same way (for an ``edit`` callback).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from travel_envs.core.game import ParameterError

from . import components as C
from .actions import PHASES
from .engine import TrekkingGame, TrekkingState
from .scoring import K_EMPTY, K_REST, K_ROUTE

#: a route plan whose cards do nothing in most positions (fog only matters when tagging, storm when resting)
NEUTRAL = ("fog", "storm", "climbing", "penalara", "species", "closed")
N, E, S, W = range(4)  # compass directions (the order of the MOVE actions)
_HEADER = ("game", "version", "params")


def node(x: int, y: int) -> int:
    """The map space in column ``x``, row ``y`` (0-5 from the north-west corner)."""
    if not (0 <= x < 6 and 0 <= y < 6):
        raise ParameterError(f"node({x}, {y}) is off the 6 x 6 map; x and y are 0-5")
    return y * 6 + x


def route_card(colour: int, cost: int) -> int:
    """The id of the first route card of ``colour`` (0 green, 1 yellow, 2 red) whose ascent side costs ``cost``."""
    for i, card in enumerate(C.ROUTE_CARDS):
        if card == (colour, cost):
            return i
    have = sorted(set(C.ROUTE_CARDS))
    raise ParameterError(f"there is no route card of colour {colour} costing {cost}; (colour, cost) pairs: {have}")


def rest_card(kind: int, copy: int = 0) -> int:
    """The id of copy ``copy`` (0-2) of the rest card of ``kind`` (``components.REST_KINDS`` index)."""
    ids = [i for i, k in enumerate(C.REST_CARDS) if k == kind]
    if not ids or not 0 <= copy < len(ids):
        raise ParameterError(f"rest_card({kind}, {copy}): kinds are 0-{len(C.REST_KINDS) - 1} "
                             f"{C.REST_KINDS}, copies 0-2")
    return ids[copy]


def filler(altitude: int, k: int) -> list[list[int]]:
    """``k`` GPS columns of "rested without a card" at ``altitude`` (to reach a later round)."""
    return [[K_EMPTY, -1, 0, altitude, altitude, -1, -1, 0] for _ in range(k)]


def rest_col(kind: int, altitude: int, flipped: int = 0, copy: int = 0) -> list[int]:
    """A GPS column holding a rest card of ``kind`` taken at ``altitude`` (flipped or not)."""
    return [K_REST, -1, 0, altitude, altitude, rest_card(kind, copy), kind, flipped]


def put_on_top(d: dict, pile: int, card: int) -> None:
    """Move route ``card`` to the top of route pile ``pile`` (2 colour = ascent, 2 colour + 1 = descent)."""
    if not 0 <= card < C.NUM_ROUTE_CARDS or not 0 <= pile < 6:
        raise ParameterError(f"put_on_top: route card {card!r} (0-{C.NUM_ROUTE_CARDS - 1}) on pile {pile!r} (0-5)")
    for p in d["route_piles"]:
        if card in p:
            p.remove(card)
    d["route_piles"][pile].append(card)


def put_rest_on_top(d: dict, pile: int, card: int) -> None:
    """Move rest ``card`` to the top of rest pile ``pile`` (0 or 1)."""
    if not 0 <= card < C.NUM_REST_CARDS or pile not in (0, 1):
        raise ParameterError(f"put_rest_on_top: rest card {card!r} (0-{C.NUM_REST_CARDS - 1}) on pile {pile!r} (0/1)")
    for p in d["rest_piles"]:
        if card in p:
            p.remove(card)
    d["rest_piles"][pile].append(card)


def empty_map(d: dict) -> None:
    """Put every map animal back into the bag of its space."""
    bag_of = _map_of(d).animal_bag
    for s, a in enumerate(d["map_animals"]):
        if a >= 0:
            d["bags"][bag_of[s]][a] += 1
            d["map_animals"][s] = -1


def set_animal(d: dict, space: int, animal: int) -> None:
    """Put ``animal`` (0-4, -1 = none) on animal ``space``, taken from (returned to) the space's bag."""
    m = _map_of(d)
    if not 0 <= space < m.num_spaces or not -1 <= animal < len(C.ANIMALS):
        raise ParameterError(f"set_animal: space {space!r} (0-{m.num_spaces - 1}), animal {animal!r} "
                             f"(-1 none, 0-4 {C.ANIMALS})")
    bag = d["bags"][m.animal_bag[space]]
    old = d["map_animals"][space]
    if old >= 0:
        bag[old] += 1
    if animal >= 0:
        if bag[animal] == 0:
            raise ParameterError(f"set_animal: no {C.ANIMALS[animal]} left in the {C.BAGS[m.animal_bag[space]]} "
                                 f"bag for space {space}")
        bag[animal] -= 1
    d["map_animals"][space] = animal


def _map_of(d: dict) -> C.MapData:
    return C.map_for_altitudes(d["map_altitude"]) if d.get("map_altitude") else C.MAP_E


def _take_board_cards_from_piles(d: dict) -> None:
    """Cards placed on the GPS boards by hand leave the piles (every card exists once, as ``from_dict``
    checks); a rest card kind placed twice by ``rest_col`` gets its next copy."""
    used_rest: set[int] = set()
    for g in d["gps"]:
        for col in g:
            if col[0] == K_REST:
                card = col[5]
                while card in used_rest:
                    copies = [i for i, k in enumerate(C.REST_CARDS) if k == col[6]]
                    card = rest_card(col[6], copies.index(card) + 1)
                col[5] = card
                used_rest.add(card)
                for pile in d["rest_piles"]:
                    if card in pile:
                        pile.remove(card)
            elif col[0] == K_ROUTE:
                for pile in d["route_piles"]:
                    if col[5] in pile:
                        pile.remove(col[5])


def build_state(num_players: int = 2, plan=NEUTRAL, seat: int = 0, rnd: int = 1, phase: str = "move",
             params: dict[str, Any] | None = None, seed: int = 0, *,
             route_tops: dict[int, list[int]] | None = None, rest_tops: dict[int, list[int]] | None = None,
             clear_map: bool = False, map_animals: dict[int, int] | None = None,
             edit: Callable[[dict], None] | None = None, **fields: Any) -> TrekkingState:
    """A state where ``seat`` decides in ``phase`` of round ``rnd`` (the game dealt from ``seed``).

    Multiplayer games play in seat order (``order`` = 0, 1, ...); in solo the dealt order (by
    difficulty) is kept. Facts, applied in this order: ``fields`` replace ``to_dict`` entries (``pos``,
    ``energy``, ``gps``, ``animals``, ``tokens``, ``summit_piles``, ...); ``route_tops`` / ``rest_tops``
    put cards on top of piles (pile -> cards, the last on top); ``clear_map`` empties the map and
    ``map_animals`` (space -> animal) places animals; ``edit(d)`` may change the dict further. Cards on
    the GPS boards leave the piles. The turn's start energy is the seat's energy unless given.
    ``params`` are further game parameters (``start_refuge`` is "random": the hikers stand on refuges
    unless ``pos`` says otherwise)."""
    params = dict(params or {})
    if "route_plan" in params or "num_players" in params or "start_refuge" in params:
        raise ParameterError("build_state: give the players and the plan as num_players= and plan=, not in params "
                             "(start_refuge is 'random': hikers placed by pos=)")
    game = TrekkingGame(num_players=num_players, route_plan=tuple(plan), start_refuge="random", **params)
    if not 0 <= seat < num_players:
        raise ParameterError(f"build_state: seat={seat!r} does not play; seats are 0-{num_players - 1}")
    if phase not in PHASES or phase == "refuge":
        raise ParameterError(f"position: phase={phase!r}; allowed: {[p for p in PHASES if p != 'refuge']} "
                             f"(a game with start_refuge='choose' opens in phase 'refuge')")
    d = game.new_initial_state(np.random.default_rng(seed)).to_dict()
    unknown = sorted(set(fields) - set(d) | set(fields) & set(_HEADER))
    if unknown:
        allowed = sorted(set(d) - set(_HEADER))
        raise ParameterError(f"position: unknown fact(s) {unknown}; the facts are to_dict keys: {allowed}")
    if num_players > 1:
        d["order"] = list(range(num_players))
    d["turn_pos"] = d["order"].index(seat)
    d["rnd"] = rnd
    d["stage"] = phase
    d["events"] = []
    d.update(fields)
    for pile, cards in (route_tops or {}).items():
        for card in cards:
            put_on_top(d, pile, card)
    for pile, cards in (rest_tops or {}).items():
        for card in cards:
            put_rest_on_top(d, pile, card)
    if clear_map:
        empty_map(d)
    for space, animal in (map_animals or {}).items():
        set_animal(d, space, animal)
    if edit is not None:
        edit(d)
    _take_board_cards_from_piles(d)
    if "t_start_energy" not in fields:
        d["t_start_energy"] = d["energy"][seat]
    return game.state_from_dict(d)
