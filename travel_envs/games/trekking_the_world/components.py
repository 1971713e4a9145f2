"""Trekking the World (2nd edition) component data, loaded from ``data.json``.

``data.json`` is the game's component spec (board, cards, Itineraries, Suitcase, supply, solo
Rival deck; its sources and what is reconstructed: docs/games/trekking_the_world.md).
This module only turns it into index tables (no rules):

- locations 0..53 in the JSON's node order; cards 0..47 are card numbers 1..48;
- continents 0..5 (NA, SA, EU, AF, AS, OC); colours 0..3 = suitcase rows
  (red, blue, yellow, black); token type k is the token of row k
  (red = Move, blue = Frequent Flyer, yellow = Money, black = Souvenir).
"""

from __future__ import annotations

import json
from pathlib import Path

DATA = json.loads((Path(__file__).with_name("data.json")).read_text(encoding="utf-8"))

# -- board ----------------------------------------------------------------------
CONTINENT_IDS = tuple(c["id"] for c in DATA["continents"])
CONTINENT_ABBR = ("NA", "SA", "EU", "AF", "AS", "OC")
NUM_CONTINENTS = len(CONTINENT_IDS)

NODE_IDS = tuple(n["id"] for n in DATA["nodes"])
NODE_NAMES = tuple(n["name"] for n in DATA["nodes"])
NUM_LOCATIONS = len(NODE_IDS)
NODE_INDEX = {nid: i for i, nid in enumerate(NODE_IDS)}
NODE_CONTINENT = tuple(CONTINENT_IDS.index(n["continent"]) for n in DATA["nodes"])
IS_AIRPORT = tuple(bool(n["airport"]) for n in DATA["nodes"])
AIRPORTS = tuple(NODE_INDEX[a] for a in DATA["airports"])
AIRPORT_OF_CONTINENT = tuple(NODE_INDEX[c["airport"]] for c in DATA["continents"])

EDGES = tuple((NODE_INDEX[a], NODE_INDEX[b]) for a, b in DATA["edges"])
_adj: list[list[int]] = [[] for _ in range(NUM_LOCATIONS)]
for _a, _b in EDGES:
    _adj[_a].append(_b)
    _adj[_b].append(_a)
ADJ = tuple(tuple(sorted(x)) for x in _adj)
#: ``ADJ`` as bit masks over locations (``w in ADJ[v]`` is ``ADJ_BITS[v] >> w & 1``)
ADJ_BITS = tuple(sum(1 << w for w in adj) for adj in ADJ)


def _steps_between() -> tuple[tuple[int, ...], ...]:
    """All-pairs step counts: board paths, plus airport-to-airport flights of one step each."""
    from collections import deque

    out = []
    for src in range(NUM_LOCATIONS):
        dist = [99] * NUM_LOCATIONS
        dist[src] = 0
        queue = deque([src])
        while queue:
            v = queue.popleft()
            for w in ADJ[v] + (AIRPORTS if IS_AIRPORT[v] else ()):
                if dist[w] > dist[v] + 1:
                    dist[w] = dist[v] + 1
                    queue.append(w)
        out.append(tuple(dist))
    return tuple(out)


#: STEPS[a][b]: the fewest steps from location a to b (the board is connected: every entry is finite)
STEPS = _steps_between()
MAX_STEPS = max(max(row) for row in STEPS)

# -- the 48 double-sided cards ----------------------------------------------------
NUM_CARDS = len(DATA["tours"])
CARD_LOCATION = tuple(NODE_INDEX[t["location"]] for t in DATA["tours"])
CARD_CONTINENT = tuple(CONTINENT_IDS.index(t["continent"]) for t in DATA["tours"])
TOUR_COST = tuple(int(t["cost"]) for t in DATA["tours"])
TOUR_POINTS = tuple(int(t["points"]) for t in DATA["tours"])
assert len(set(CARD_LOCATION)) == NUM_CARDS  # one card per location: LOCATION_CARD names it
LOCATION_CARD = tuple(CARD_LOCATION.index(v) if v in CARD_LOCATION else -1 for v in range(NUM_LOCATIONS))
CARD_NAMES = tuple(NODE_NAMES[v] for v in CARD_LOCATION)

ENC_POWER = tuple(e["power"] for e in DATA["encounters"])
ENC_EFFECT = tuple(dict(e["effect"]) for e in DATA["encounters"])
ENC_KIND = tuple(e["effect"]["kind"] for e in DATA["encounters"])
ENC_ENDGAME = tuple(bool(e["endgame"]) for e in DATA["encounters"])
assert all(NODE_INDEX[e["location"]] == CARD_LOCATION[i] for i, e in enumerate(DATA["encounters"]))


def card_of_kind(kind: str) -> int:
    """The first card whose Encounter power has effect ``kind``."""
    return ENC_KIND.index(kind)


# -- itineraries ------------------------------------------------------------------
COLOURS = tuple(DATA["suitcase"]["rows"])  # red, blue, yellow, black
NUM_COLOURS = len(COLOURS)
NUM_ITINERARIES = len(DATA["itineraries"])
ITIN_MOVE = tuple(int(c["move"]) for c in DATA["itineraries"])
ITIN_MONEY = tuple(int(c["money"]) for c in DATA["itineraries"])
ITIN_CUBES = tuple(int(c["cubes"]) for c in DATA["itineraries"])
ITIN_COLOUR = tuple(COLOURS.index(c["colour"]) for c in DATA["itineraries"])
ITIN_CONTINENTS = tuple(tuple(CONTINENT_IDS.index(x) for x in c["continents"]) for c in DATA["itineraries"])

# -- suitcase, supply ---------------------------------------------------------------
SUITCASE_COLUMNS = int(DATA["suitcase"]["columns"])
#: 0-based columns that carry an icon (1-based 2, 4, 6 in the spec)
ICON_COLUMNS = frozenset(c - 1 for c in DATA["suitcase"]["icon_columns"])
TOKEN_NAMES = tuple(DATA["suitcase"]["token_by_row"][r] for r in COLOURS)  # move, frequent_flyer, money, souvenir
TOK_MOVE = TOKEN_NAMES.index("move")
TOK_FF = TOKEN_NAMES.index("frequent_flyer")
TOK_MONEY = TOKEN_NAMES.index("money")
TOK_SOUVENIR = TOKEN_NAMES.index("souvenir")
COLUMN_POINTS = {
    "linear": tuple(DATA["suitcase"]["column_points"]),
    "steep": tuple(DATA["suitcase"]["column_points_alternative"]),
}
CUBES_PER_COLOUR = int(DATA["supply"]["cubes_per_colour"])
TOKENS_PER_TYPE = int(DATA["supply"]["tokens_per_type"])
START_FF = int(DATA["supply"]["starting_frequent_flyer_per_player"])
MONEY_CAP = int(DATA["supply"]["money_cap"])
FLIGHT_COST = int(DATA["supply"]["flight_cost"])

# -- rows ----------------------------------------------------------------------------
TOUR_ROW = 3  # row cards besides the face-up deck top (4 available)
ENC_ROW = 3
ITIN_ROW = 4  # 5 available

# -- solo Rival deck -------------------------------------------------------------------
RIVAL_CARDS = tuple((0 if c["row"] == "tour" else 1, int(c["slot"])) for c in DATA["solo_rival_deck"]["cards"])


def _rival_deck(slots_tour: tuple[int, ...], slots_encounter: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A Rival deck with ``slots_tour[i]`` Tour-row cards naming slot i + 1 (and the same for the
    Encounter row)."""
    return tuple((row, slot + 1) for row, counts in ((0, slots_tour), (1, slots_encounter))
                 for slot, k in enumerate(counts) for _ in range(k))


#: Rival decks by ``solo_calibration`` (28 cards each, as FOUND): the component spec's
#: reconstruction (14 Tour cards) and the simulated calibration v1 (10 Tour cards, 18 Encounter
#: cards), with which the heuristic wins about 40% at the normal margin (docs/games/trekking_the_world.md).
RIVAL_DECKS = {
    "v1": _rival_deck((3, 3, 2, 2), (5, 5, 4, 4)),
    "v0-reconstruction": RIVAL_CARDS,
}
RIVAL_DECK_SIZE = len(RIVAL_CARDS)
assert all(len(deck) == RIVAL_DECK_SIZE for deck in RIVAL_DECKS.values())
RIVAL_TYPES = tuple(sorted(set(RIVAL_CARDS)))  # (row, slot): 8 kinds of identical Rival cards
#: per Rival deck (solo_calibration): the number of cards of each kind, and each card's kind
RIVAL_TYPE_COUNT = {name: tuple(deck.count(t) for t in RIVAL_TYPES) for name, deck in RIVAL_DECKS.items()}
RIVAL_TYPE_OF = {name: tuple(RIVAL_TYPES.index(t) for t in deck) for name, deck in RIVAL_DECKS.items()}
assert all(set(deck) == set(RIVAL_TYPES) for deck in RIVAL_DECKS.values())
