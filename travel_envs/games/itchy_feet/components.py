"""Itchy Feet data: card types, countries, extension cards and characters.

Exactly the component specification (summarised in ``docs/games/itchy_feet.md``):
12 item types x 4 copies, 6 passports, 12 countries (3 items each, capitals for
the start-player distance), 4 events, 9 special items, 3 forbidden items,
6 postcards, 6 characters. Data only; the rules live in ``engine.py``.

Cards are identified by their *type* (an int in ``range(NUM_CARD_TYPES)``):
copies of a type are interchangeable, so a hand is a count vector.
"""

from __future__ import annotations

import math

# --- item types (section 3), in the spec's order --------------------------------
ITEM_NAMES = (
    "Sunscreen", "Camera", "Guidebook", "Phrasebook", "Hiking Boots", "Swimsuit",
    "Umbrella", "Winter Coat", "Plug Adapter", "Sunglasses", "Bug Spray", "Local Currency",
)
NUM_ITEM_TYPES = len(ITEM_NAMES)  # 12
ITEM_COPIES = 4  # 48 item cards
ITEMS = tuple(range(NUM_ITEM_TYPES))

PASSPORT = 12
NUM_PASSPORTS = 6

# --- events (4) -------------------------------------------------------------------
CIVIL_UNREST, AIRLINE_STRIKE, LUGGAGE_MIXUP, DUTY_FREE_DAY = 13, 14, 15, 16
EVENTS = (CIVIL_UNREST, AIRLINE_STRIKE, LUGGAGE_MIXUP, DUTY_FREE_DAY)
EVENT_NAMES = ("Civil Unrest", "Airline Strike", "Lost Luggage Mix-up", "Duty-Free Day")

# --- special items (9, all different) ---------------------------------------------
(MOUSETRAP, MOMS_CARD, LOCAL_GUIDE, TRADING_POST, POORLY_DRAWN_MAP, LOUNGE_PASS,
 TRAVEL_INSURANCE, PICKPOCKET, DUTY_FREE_VOUCHER) = range(17, 26)
SPECIALS = tuple(range(17, 26))
SPECIAL_NAMES = (
    "Mousetrap", "Mom's Credit Card", "Local Guide", "Trading Post", "Poorly Drawn Map",
    "Lounge Pass", "Travel Insurance", "Pickpocket", "Duty Free Voucher",
)

# --- forbidden items (3) ----------------------------------------------------------
FIREWORKS, EXOTIC_PET, UNLABELLED_SEEDS = 26, 27, 28
FORBIDDEN = (FIREWORKS, EXOTIC_PET, UNLABELLED_SEEDS)
FORBIDDEN_NAMES = ("Fireworks", "Exotic Pet", "Unlabelled Seeds")

# --- postcards (6, identical) -----------------------------------------------------
POSTCARD = 29
NUM_POSTCARDS = 6
POSTCARDS_TO_WIN = 4

NUM_CARD_TYPES = 30
CARD_NAMES = ITEM_NAMES + ("Passport",) + EVENT_NAMES + SPECIAL_NAMES + FORBIDDEN_NAMES + ("Postcard",)
assert len(CARD_NAMES) == NUM_CARD_TYPES

#: True for forbidden items / events, indexed by card type
IS_FORBIDDEN = tuple(t in FORBIDDEN for t in range(NUM_CARD_TYPES))
IS_EVENT = tuple(t in EVENTS for t in range(NUM_CARD_TYPES))

# --- extensions -------------------------------------------------------------------
EXTENSION_NAMES = ("events", "special_items", "forbidden_items", "postcards", "characters")
#: extension -> the cards it shuffles into the draw pile (characters add none)
EXTENSION_CARDS = {
    "events": EVENTS,
    "special_items": SPECIALS,
    "forbidden_items": FORBIDDEN,
    "postcards": (POSTCARD,) * NUM_POSTCARDS,
    "characters": (),
}

#: the base draw pile: 12 item types x 4
BASE_DRAW_PILE = tuple(t for t in ITEMS for _ in range(ITEM_COPIES))

# --- countries (section 3) --------------------------------------------------------
# name, the 3 items needed (by name), capital latitude, longitude
_COUNTRY_TABLE = (
    ("Australia", ("Sunscreen", "Swimsuit", "Bug Spray"), -35.28, 149.13),
    ("Brazil", ("Swimsuit", "Bug Spray", "Phrasebook"), -15.79, -47.88),
    ("Canada", ("Winter Coat", "Hiking Boots", "Camera"), 45.42, -75.70),
    ("Egypt", ("Sunscreen", "Sunglasses", "Guidebook"), 30.04, 31.24),
    ("France", ("Phrasebook", "Camera", "Local Currency"), 48.86, 2.35),
    ("India", ("Bug Spray", "Plug Adapter", "Local Currency"), 28.61, 77.21),
    ("Italy", ("Guidebook", "Sunglasses", "Local Currency"), 41.90, 12.50),
    ("Japan", ("Plug Adapter", "Camera", "Phrasebook"), 35.68, 139.69),
    ("Mexico", ("Sunscreen", "Sunglasses", "Swimsuit"), 19.43, -99.13),
    ("Nepal", ("Hiking Boots", "Winter Coat", "Umbrella"), 27.72, 85.32),
    ("Norway", ("Winter Coat", "Umbrella", "Guidebook"), 59.91, 10.75),
    ("United Kingdom", ("Umbrella", "Plug Adapter", "Hiking Boots"), 51.51, -0.13),
)
COUNTRY_NAMES = tuple(row[0] for row in _COUNTRY_TABLE)
NUM_COUNTRIES = len(COUNTRY_NAMES)  # 12
#: country -> the 3 item types it needs (in the spec's order)
COUNTRY_ITEMS = tuple(tuple(ITEM_NAMES.index(n) for n in row[1]) for row in _COUNTRY_TABLE)
COUNTRY_CAPITALS = tuple((row[2], row[3]) for row in _COUNTRY_TABLE)


def great_circle_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Haversine distance in km between two (lat, lon) points."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


#: DISTANCE_KM[a][b]: great-circle distance between the capitals of countries a and b
DISTANCE_KM = tuple(
    tuple(great_circle_km(COUNTRY_CAPITALS[a], COUNTRY_CAPITALS[b]) for b in range(NUM_COUNTRIES))
    for a in range(NUM_COUNTRIES)
)

# --- characters (6) ---------------------------------------------------------------
SMUGGLER, BACKPACKER, HIPPIE, JET_SETTER, DIPLOMAT, GLOBETROTTER = range(6)
CHARACTER_NAMES = ("Smuggler", "Backpacker", "Hippie", "Jet-setter", "Diplomat", "Globetrotter")
NUM_CHARACTERS = len(CHARACTER_NAMES)

HAND_LIMIT = 7
BACKPACKER_HAND_LIMIT = 8
RECYCLE_COST = 2
HIPPIE_RECYCLE_COST = 1
EMPTY_HAND_DRAW = 3
LOCAL_GUIDE_PEEK = 5
TRADING_POST_MAX = 3
MAX_PLAYERS = 6
STARTING_ITEMS = 3
