"""Per-plan features of trekking_the_world_v0 (parameter ``plan_features``): where each move the seat
could make ends, and what arriving there gives by the rules, so that a policy can score a move's ends
and an Itinerary by the ends its move reaches.

Nothing here is a player's judgement: the block applies the rules to public facts (the Itineraries on
offer, the seat's location, money, Suitcase and the map), as the action mask does for one step. A
network with weights shared across locations can then learn what an end is worth once, instead of
finding the map's paths from one-hot locations (docs/training.md: cloning the expert went from 71% to
80% agreement with a network that reads this block location by location).

``PLAN_CONTEXTS`` rows of ``NUM_LOCATIONS`` x ``PLAN_VALUES`` values:

- row 0, the move being made (``move_by_end``, the seat's own moving decision; zeros otherwise): for
  each legal end, 1, the money on arrival by the walk the variant plays there plus the Itinerary's
  money (capped as the rules cap it) / the money cap, and the Souvenir cubes the end earns / the most
  an Itinerary gives;
- rows 1-5, the Itinerary in slot 0-4 (slot 0: the face-up deck top): the same three values for every
  end its printed move could reach from the seat's location if it were chosen now (no token or power
  used; zeros for an empty slot or before the Trekker is placed).
"""

from __future__ import annotations

import numpy as np

from travel_envs.core.game import ParameterError

from . import components as C
from .actions import A_ITIN, A_LOC, NONE, PH_MOVING
from .location_features import LOCATION_FEATURES, LOCATION_FEATURES_SIZE
from .movement import flights_cost, move_ends, plan_ends

PLAN_CONTEXTS = 6
PLAN_VALUES = 3
PLAN_FEATURES_SIZE = PLAN_CONTEXTS * C.NUM_LOCATIONS * PLAN_VALUES
_MAX_CUBES = float(max(C.ITIN_CUBES))


#: location -> on one of the Itinerary's continents, by Itinerary (where its Souvenir cubes are earned)
_ON_CONTINENT = np.array([[C.NODE_CONTINENT[v] in C.ITIN_CONTINENTS[i] for v in range(C.NUM_LOCATIONS)]
                          for i in range(len(C.ITIN_MOVE))], bool)


def encode_plan_features(s, seat: int, out: np.ndarray) -> None:
    """Write the block for ``seat`` into ``out`` (``PLAN_FEATURES_SIZE`` values, overwritten)."""
    out[:] = 0.0
    v = s.loc[seat]
    if v == NONE:
        return
    block = out.reshape(PLAN_CONTEXTS, C.NUM_LOCATIONS, PLAN_VALUES)
    mover = seat == s.to_act
    money = s.money[seat]
    if mover and s.phase_id == PH_MOVING and s.game.params.move_by_end:
        rules = s.move_rules()
        walks = move_ends(rules, v, s.visited, s.steps, money)
        left = [money - flights_cost(rules, v, s.visited, walk) for walk in walks.values()]
        _write(block[0], s, seat, s.itin, list(walks), left, mover)
    visited = s.visited if mover else 0
    for slot, itin in enumerate(s.available_itineraries()):
        if itin != NONE:
            ends = plan_ends(v, visited, money, C.ITIN_MOVE[itin])
            _write(block[1 + slot], s, seat, itin, list(ends), list(ends.values()), mover)


def _write(row: np.ndarray, s, seat: int, itin: int, ends: list[int], money_left: list[int], mover: bool) -> None:
    """One plan row: 1, the money on arrival / the cap, the cubes earned / the most an Itinerary gives."""
    row[ends, 0] = 1.0
    row[ends, 1] = np.minimum(C.MONEY_CAP, np.asarray(money_left) + C.ITIN_MONEY[itin]) / C.MONEY_CAP
    cubes = C.ITIN_CUBES[itin]
    if cubes:
        colour = s.recolour if mover and s.recolour != NONE else C.ITIN_COLOUR[itin]
        room = min(C.SUITCASE_COLUMNS - s.suitcase[seat][colour], s.cube_supply[colour])
        if room > 0:
            # Terracotta and a recolouring belong to the turn being played: only the mover's plans have them
            earning = ends if mover and s.terracotta else [e for e in ends if _ON_CONTINENT[itin, e]]
            row[earning, 2] = min(cubes, room) / _MAX_CUBES


def end_scoring_layout(game) -> dict:
    """Where the blocks lie in ``game``'s observation and which actions they score, for the end-scoring
    network (``travel_envs/agents/end_scoring.py``); a ParameterError names the parameters it needs."""
    p = game.params
    if not (p.move_by_end and p.location_features and p.plan_features):
        raise ParameterError(
            "the end-scoring network reads a move's ends: build trekking_the_world_v0 with move_by_end=true, "
            "location_features=true and plan_features=true (env.params in a config, --param on the command line)")
    base = game.base_observation_size
    return {"loc_start": base, "loc_features": LOCATION_FEATURES, "num_locations": C.NUM_LOCATIONS,
            "plan_start": base + LOCATION_FEATURES_SIZE, "plan_rows": PLAN_CONTEXTS, "plan_values": PLAN_VALUES,
            "loc_action": A_LOC, "row_action": A_ITIN}
