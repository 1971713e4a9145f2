"""Globetrotter component data (docs/games/globetrotter.md, "Components").

Data and precomputed lookup tables only; no rules.

Movement card id = 7 * colour + vehicle (0..48). A city face is a movement-card
combination id (0..48) or :data:`WILD` (49), the face that shows every colour
and every vehicle.
"""

from __future__ import annotations

import numpy as np

COLOURS = ("red", "sky blue", "orange", "blue", "yellow", "green", "pink")
VEHICLES = ("bicycle", "motorcycle", "hot air balloon", "ship", "aeroplane", "hang glider", "car")
CHARACTERS = ("Uncle Boar", "Prof. Dog", "Brother Horse", "Sister Bird", "Princess Cat")

NUM_COLOURS = 7
NUM_VEHICLES = 7
NUM_CARDS = 49  # movement cards, one per (colour, vehicle)
WILD = 49  # the wild city face
NUM_FACES = 50  # 49 combinations + wild
NUM_CITY_CARDS = 25
WORLD_SIZE = 12  # cities in the ring; going round the world = 12 cities
HAND_SIZE = 5
NUM_PARKING = 3
MAX_PLAYERS = len(CHARACTERS)  # 2-5 players, one character each
#: victory chips in the box (15 x 10, 5 x 5, 20 x 1); the score itself is unbounded
VICTORY_CHIPS = {10: 15, 5: 5, 1: 20}


def card_id(colour: str, vehicle: str) -> int:
    """Movement card id from names, e.g. ``card_id("yellow", "car") == 34``."""
    return NUM_VEHICLES * COLOURS.index(colour) + VEHICLES.index(vehicle)


def card_name(card: int) -> str:
    """``card_name(34) == "yellow car"``; a city face may also be ``WILD``."""
    if card == WILD:
        return "WILD"
    return f"{COLOURS[card // NUM_VEHICLES]} {VEHICLES[card % NUM_VEHICLES]}"



def _city_cards(wild_faces: int) -> tuple[tuple[int, int], ...]:
    """The 25 double-sided city cards as (side A, side B) face ids.

    Card k (k = 0..23): side A = combination k, side B = combination k + 25;
    card 24: side A = blue ship (combination 24), side B = wild. With
    ``wild_faces == 2`` (the reconstruction's alternative) card 12's side B (green hot
    air balloon, combination 37) is a second wild face, so 48 coloured faces.
    """
    cards = [(k, k + 25) for k in range(24)] + [(24, WILD)]
    if wild_faces == 2:
        cards[12] = (12, WILD)
    return tuple(cards)


CITY_CARDS = {1: _city_cards(1), 2: _city_cards(2)}

CARD_COLOUR = np.arange(NUM_CARDS) // NUM_VEHICLES
CARD_VEHICLE = np.arange(NUM_CARDS) % NUM_VEHICLES
#: MATCH[a, b]: card b may be played on card a (same colour or same vehicle)
MATCH = (CARD_COLOUR[:, None] == CARD_COLOUR[None, :]) | (CARD_VEHICLE[:, None] == CARD_VEHICLE[None, :])
MATCH.setflags(write=False)
#: CITY_MATCH[face, card]: card matches the city face (the wild face matches all)
CITY_MATCH = np.vstack([MATCH, np.ones((1, NUM_CARDS), bool)])
CITY_MATCH.setflags(write=False)
#: Python-level tables for hot loops and the heuristic
MATCH_LIST = [[bool(x) for x in row] for row in MATCH]
CITY_MATCH_LIST = [[bool(x) for x in row] for row in CITY_MATCH]
COLOUR_OF = [int(c) for c in CARD_COLOUR]
VEHICLE_OF = [int(v) for v in CARD_VEHICLE]
