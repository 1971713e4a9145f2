"""Trekking component data (TCG Factory, 2024); sources, rulings and the reconstructed values are
described in docs/games/trekking.md (section numbers such as 3.6 are those of the component spec it
summarises).

Data only: the map of configuration E (loaded from ``data/trekking_config_e.json``), route and rest
cards, animals, the energy indicator, GPS boards, the route-plan (narrative) cards and the solo
opponent cards; every reconstructed value lives here, in one swappable module. Derived lookup tables
(neighbours by compass direction, animal spaces per path / per space) and random maps are built here.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

# ---------------------------------------------------------------- general
ROUNDS = 12
MORNING_ROUNDS = 6  # rounds 1-6 use the left weather card, 7-12 the right one
COLOURS = ("green", "yellow", "red")
COLOUR_HEIGHT = (100, 200, 300)
DIRECTIONS = ("N", "E", "S", "W")  # clockwise search order
DIR_DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))
TILES = ("NW", "NE", "SW", "SE")
GPS_MIN_ALT, GPS_MAX_ALT = 600, 1600

# ---------------------------------------------------------------- animals (3.4, 3.5)
ANIMALS = ("fox", "boar", "deer", "eagle", "bear")
ANIMAL_VP = (1, 1, 2, 2, 3)
ANIMAL_THRESHOLD = (2, 4, 6, 8, 10)  # energy must be >= this to tag
BAGS = ("green", "blue")
BAG_CONTENTS = ((10, 9, 7, 5, 4), (4, 5, 7, 9, 10))  # [bag][animal]
ANIMAL_TOTAL = tuple(g + b for g, b in zip(*BAG_CONTENTS))  # 14 each, 70 in all
BAG_TOKENS = tuple(tuple(a for a in range(5) for _ in range(bag[a])) for bag in BAG_CONTENTS)

# ---------------------------------------------------------------- energy (3.4)
DEFAULT_START_ENERGY = 8
DEFAULT_ENERGY_MAX = 15
REST_ENERGY = 2

# ---------------------------------------------------------------- route cards (3.2)
# (colour index, ascent-side cost); the descent side costs 0.
_ROUTE_COSTS = {0: ((0, 6), (1, 13), (2, 6)), 1: ((1, 5), (2, 12), (3, 5)), 2: ((2, 4), (3, 10), (4, 4))}
ROUTE_CARDS: tuple[tuple[int, int], ...] = tuple(
    (colour, cost) for colour in range(3) for cost, n in _ROUTE_COSTS[colour] for _ in range(n)
)
ROUTE_COLOUR = tuple(c for c, _ in ROUTE_CARDS)
ROUTE_COST = tuple(k for _, k in ROUTE_CARDS)
NUM_ROUTE_CARDS = len(ROUTE_CARDS)  # 65
ROUTE_IDS_BY_COLOUR = tuple(tuple(i for i, c in enumerate(ROUTE_COLOUR) if c == colour) for colour in range(3))

# ---------------------------------------------------------------- rest cards (3.3)
REST_KINDS = ("drink_water", "energy_bar", "wildlife", "binoculars", "search")
DRINK, BAR, WILDLIFE, BINOCULARS, SEARCH = range(5)
REST_CARDS: tuple[int, ...] = tuple(k for k in range(5) for _ in range(3))
NUM_REST_CARDS = len(REST_CARDS)  # 15
DRINK_ENERGY = 1
BAR_ENERGY = 2
WILDLIFE_COST = 1

# ---------------------------------------------------------------- GPS boards (3.6)
GPS_SIDES = ("basic", "advanced")
# energy vignettes: column (1-12) -> altitude ; VP vignettes: column -> (altitude, VP)
GPS_ENERGY_VIGNETTES = (
    {1: 1300, 2: 700, 3: 1400, 4: 800, 5: 1500, 6: 900, 7: 1400, 8: 700, 9: 1300, 10: 800, 11: 1500, 12: 1000},
    {2: 1200, 4: 900, 6: 1300, 8: 1000, 10: 1400, 12: 800},
)
GPS_VP_VIGNETTES = (
    {3: (900, 2), 5: (1000, 2), 7: (800, 2), 9: (1500, 3), 11: (900, 2), 12: (1400, 3)},
    {1: (1400, 2), 3: (700, 2), 5: (1300, 3), 7: (1000, 2), 9: (800, 3), 11: (1300, 3)},
)
GPS_SOLO_CORNER_VP = (0, 5)

# ---------------------------------------------------------------- route-plan cards (section 4)
WEATHER = ("hail", "cloudy", "hot", "sunny", "snowy", "wind", "rain", "cold", "storm", "fog")
SUMMIT_CARDS = ("photos", "racing", "suffering", "climbing", "shortcuts")
OROGRAPHY = ("mulhacen", "turbon", "penalara", "mallos", "pasiegos")
FAUNA = ("species", "micro_study", "adaptation", "foxes_boars", "variety")
REFUGE_CARDS = ("closed", "animal_tales", "friends", "encounters", "summit_tales")
PLAN_SLOTS = ("weather_morning", "weather_afternoon", "summit", "orography", "fauna", "refuge")
PLAN_DECKS = (WEATHER, WEATHER, SUMMIT_CARDS, OROGRAPHY, FAUNA, REFUGE_CARDS)
RECOMMENDED_PLAN = ("cold", "storm", "climbing", "penalara", "species", "friends")
CARD_TITLES = {
    "hail": "With hail", "cloudy": "Cloudy", "hot": "Hot", "sunny": "Sunny", "snowy": "Snowy",
    "wind": "With wind", "rain": "With rain", "cold": "Cold", "storm": "With a storm", "fog": "With fog",
    "photos": "Taking photos", "racing": "Racing", "suffering": "Suffering", "climbing": "Climbing",
    "shortcuts": "Taking shortcuts", "mulhacen": "Mulhacen", "turbon": "Turbon", "penalara": "Penalara",
    "mallos": "Mallos de Riglos", "pasiegos": "Valles Pasiegos", "species": "Investigating a species",
    "micro_study": "Doing a micro-study", "adaptation": "Adaptation of the fauna",
    "foxes_boars": "Among foxes and boars", "variety": "Variety of the fauna", "closed": "Refuges closed",
    "animal_tales": "Tall tales of animals", "friends": "With friends", "encounters": "Unexpected encounters",
    "summit_tales": "Tall tales of the summits",
}
# weather cards that make one colour cost +1 (colour given by the weather_colour parameter)
COLOUR_WEATHER = ("cloudy", "hot", "hail")
DEFAULT_WEATHER_COLOUR = ("green", "yellow", "red")  # for (cloudy, hot, hail)

# summit VP by token number 1-4
SUMMIT_ORDER_VP = {"photos": (5, 4, 3, 2), "racing": (7, 5, 3, 1), "suffering": (5, 4, 3, 2),
                   "climbing": (4, 4, 4, 4), "shortcuts": (5, 4, 3, 2)}
SUMMIT_FLIP_VP = 2
SPECIES_VP = (0, 1, 3, 6, 10, 15, 20)  # by largest set size (6+ -> 20)
VARIETY_VP = (0, 0, 1, 3, 6, 10)  # by set size 1..5
REFUGE_ENERGY = {"closed": (0, 0), "animal_tales": (1, 3), "friends": (2, 3), "encounters": (1, 4),
                 "summit_tales": (2, 4)}  # (base, bonus)

# solo VP modifiers of the plan cards (3.7)
SOLO_MODIFIER = {
    "sunny": 1, "wind": 1, "cold": 1, "storm": 1, "rain": -1, "snowy": -1, "fog": -1, "hail": -1,
    "cloudy": -1, "hot": -1, "climbing": 2, "suffering": 1, "shortcuts": 1, "photos": 0, "racing": 0,
    "penalara": 4, "turbon": 2, "mulhacen": 1, "pasiegos": 1, "mallos": 0, "species": 3, "micro_study": 2,
    "variety": 1, "adaptation": 0, "foxes_boars": -1, "friends": 1, "encounters": 1, "animal_tales": 0,
    "summit_tales": 0, "closed": -2,
}

# ---------------------------------------------------------------- solo opponent cards (3.8)
# removes: 0-2 = green/yellow/red ascent pile, 3 = rest ; tiles: indices into TILES ;
# direction: index into DIRECTIONS ; requirement: 0 any, 1 ascent, 2 descent
OPP_REMOVE = ("green ascent", "yellow ascent", "red ascent", "rest")
OPP_REQUIREMENT = ("any", "ascent", "descent")
OPPONENT_CARDS = (
    # (number, mark, removes, tiles, direction, requirement)
    (1, "easy", 3, (0, 1, 2, 3), 0, 1),
    (2, "hard", 2, (0, 1, 2, 3), 2, 0),
    (3, "", 0, (0, 1), 1, 0),
    (4, "", 1, (2, 3), 3, 0),
    (5, "", 2, (0, 2), 0, 1),
    (6, "", 3, (1, 3), 2, 2),
    (7, "", 0, (0, 1), 2, 2),
    (8, "", 1, (2, 3), 0, 1),
    (9, "", 2, (0, 2), 1, 2),
    (10, "", 3, (1, 3), 3, 1),
    (11, "", 0, (2, 3), 1, 1),
    (12, "", 1, (0, 1), 3, 2),
    (13, "", 2, (1, 3), 0, 0),
    (14, "", 3, (0, 2), 2, 0),
)
NUM_OPP_CARDS = len(OPPONENT_CARDS)
SUMMIT_TOKENS_TOTAL = 20  # 5 summits x 4

# one batched shuffle for the setup: items grouped (route cards by colour, rest cards, opponent cards,
# green-bag tokens, blue-bag tokens); sorting (group + uniform) shuffles every group at once
_SETUP = ([(c, i) for c in range(3) for i in ROUTE_IDS_BY_COLOUR[c]] + [(3, i) for i in range(15)]
          + [(4, i) for i in range(14)] + [(5 + b, a) for b in range(2) for a in BAG_TOKENS[b]])
SETUP_GROUP = tuple(g for g, _ in _SETUP)
SETUP_ITEM = tuple(i for _, i in _SETUP)
SETUP_GROUP_ARRAY = np.asarray(SETUP_GROUP, dtype=float)
SETUP_ITEM_ARRAY = np.asarray(SETUP_ITEM)
SETUP_SLICES = tuple((SETUP_GROUP.index(g), len(SETUP_GROUP) - SETUP_GROUP[::-1].index(g)) for g in range(7))

# ---------------------------------------------------------------- the map (3.1)
_DATA = Path(__file__).with_name("data") / "trekking_config_e.json"


class MapData:
    """A 6 x 6 map with precomputed lookup tables. Node index = y * 6 + x."""

    W = H = 6
    N = 36

    def __init__(self, altitude, tile, refuges, summits, paths, animal_spaces, name="E"):
        self.name = name
        self.altitude = tuple(altitude)  # per node
        self.tile = tuple(tile)  # tile index per node
        self.refuges = tuple(refuges)  # node per refuge (order NW, NE, SW, SE)
        self.summits = tuple(summits)  # node per summit S1..S5
        self.summit_of = tuple(self.summits.index(n) if n in self.summits else -1 for n in range(36))
        self.is_refuge = tuple(n in self.refuges for n in range(36))
        # paths: (a, b, colour)
        self.paths = tuple(paths)
        self.path_colour = tuple(c for _, _, c in paths)
        self.path_crosses = tuple(self.tile[a] != self.tile[b] for a, b, _ in paths)
        # neighbour tables: node -> dir -> (dest node or -1), path id or -1
        nb = [[-1] * 4 for _ in range(36)]
        np_ = [[-1] * 4 for _ in range(36)]
        for pid, (a, b, _) in enumerate(paths):
            for u, v in ((a, b), (b, a)):
                dx, dy = v % 6 - u % 6, v // 6 - u // 6
                d = DIR_DELTA.index((dx, dy))
                nb[u][d], np_[u][d] = v, pid
        self.neighbour = tuple(tuple(r) for r in nb)
        self.neighbour_path = tuple(tuple(r) for r in np_)
        # node -> direction -> (dest, colour, ascent) or None
        self.steps = tuple(
            tuple(None if nb[u][d] < 0 else (nb[u][d], self.path_colour[np_[u][d]],
                                             self.altitude[nb[u][d]] > self.altitude[u]) for d in range(4))
            for u in range(36))
        # node -> (direction, colour, ascent) of every path from it: ``steps`` without the Nones, for the
        # move decision's loop (the engine's most frequent computation)
        self.walks = tuple(tuple((d, s[1], s[2]) for d, s in enumerate(row) if s is not None) for row in self.steps)
        # animal spaces: (bag, adjacent paths, adjacent nodes, x, y)
        self.animal_bag = tuple(a[0] for a in animal_spaces)
        self.animal_xy = tuple((a[3], a[4]) for a in animal_spaces)
        path_sp = [[] for _ in paths]
        node_sp = [[] for _ in range(36)]
        for s, (_, apaths, anodes, _, _) in enumerate(animal_spaces):
            for p in apaths:
                path_sp[p].append(s)
            for n in anodes:
                node_sp[n].append(s)
        self.path_spaces = tuple(tuple(sorted(x)) for x in path_sp)  # <= 2 each
        self.node_spaces = tuple(tuple(sorted(x)) for x in node_sp)  # <= 4 each
        self.num_spaces = len(animal_spaces)
        self.bag_spaces = tuple(tuple(s for s in range(self.num_spaces) if self.animal_bag[s] == bag)
                                for bag in range(2))  # the spaces filled from each bag, in order
        self.sunday_memo: dict[tuple, int] = {}  # (hiker, node, compass, requirement) -> direction (engine)

    @staticmethod
    def node_name(n: int) -> str:
        return f"{TILES[(n // 6 >= 3) * 2 + (n % 6 >= 3)]}{n % 6}{n // 6}"


def _load_config_e() -> MapData:
    raw = json.loads(_DATA.read_text())
    idx = {nd["id"]: nd["y"] * 6 + nd["x"] for nd in raw["nodes"]}
    altitude = [0] * 36
    tile = [0] * 36
    for nd in raw["nodes"]:
        altitude[idx[nd["id"]]] = nd["altitude"]
        tile[idx[nd["id"]]] = TILES.index(nd["tile"])
    pid = {p["id"]: i for i, p in enumerate(raw["paths"])}
    paths = [(idx[p["a"]], idx[p["b"]], COLOURS.index(p["colour"])) for p in raw["paths"]]
    spaces = [
        (BAGS.index(a["bag"]), [pid[p] for p in a["adjacent_paths"]], [idx[n] for n in a["adjacent_spaces"]],
         a["x"], a["y"])
        for a in raw["animal_spaces"]
    ]
    refuges = sorted((idx[r] for r in raw["refuges"]), key=lambda n: tile[n])
    summits = [idx[raw["summits"][f"S{i}"]] for i in range(1, 6)]
    return MapData(altitude, tile, refuges, summits, paths, spaces, "E")


MAP_E = _load_config_e()
RAW_CONFIG_E = json.loads(_DATA.read_text())


# ---------------------------------------------------------------- random maps (3.1, RECONSTRUCTED)
def tile_of(x: int, y: int) -> int:
    return (y >= 3) * 2 + (x >= 3)


def build_map(altitude, name: str = "random") -> MapData:
    """A map from 36 altitudes with the spec's derivation rules: a path between every orthogonal pair
    100-300 m apart (coloured by the difference); the refuge of each tile is its lowest space; summits
    are each tile's highest space (S1-S4 in tile order) plus the highest remaining strict local maximum
    (S5); one animal space per 2x2 cell inside a tile, green bag if the corners' mean is <= 1100 m.
    Ties go to the lower node index."""
    altitude = list(altitude)
    tile = [tile_of(n % 6, n // 6) for n in range(36)]
    paths = []
    for n in range(36):
        x, y = n % 6, n // 6
        for v in ((n + 1) if x < 5 else -1, (n + 6) if y < 5 else -1):
            if v >= 0:
                diff = abs(altitude[n] - altitude[v])
                if diff in COLOUR_HEIGHT:
                    paths.append((n, v, COLOUR_HEIGHT.index(diff)))
    pid = {frozenset((a, b)): i for i, (a, b, _) in enumerate(paths)}
    refuges = [min((n for n in range(36) if tile[n] == t), key=lambda n: (altitude[n], n)) for t in range(4)]
    summits = [max((n for n in range(36) if tile[n] == t), key=lambda n: (altitude[n], -n)) for t in range(4)]
    nb = [[m for m in (n - 6, n + 1, n + 6, n - 1)
           if 0 <= m < 36 and abs(m % 6 - n % 6) + abs(m // 6 - n // 6) == 1] for n in range(36)]
    maxima = [n for n in range(36) if n not in summits and all(altitude[m] < altitude[n] for m in nb[n])]
    if maxima:
        summits.append(max(maxima, key=lambda n: (altitude[n], -n)))
    spaces = []
    for cy in range(5):
        for cx in range(5):
            corners = [cy * 6 + cx, cy * 6 + cx + 1, (cy + 1) * 6 + cx, (cy + 1) * 6 + cx + 1]
            if len({tile[k] for k in corners}) != 1:
                continue
            sides = [frozenset((corners[0], corners[1])), frozenset((corners[0], corners[2])),
                     frozenset((corners[1], corners[3])), frozenset((corners[2], corners[3]))]
            adj = sorted(pid[s] for s in sides if s in pid)
            bag = 0 if sum(altitude[k] for k in corners) / 4 <= 1100 else 1
            spaces.append((bag, adj, corners, cx + 0.5, cy + 0.5))
    # the JSON orders animal spaces tile by tile; keep the same order for configuration E
    spaces.sort(key=lambda s: (tile_of(int(s[3]), int(s[4])), s[4], s[3]))
    return MapData(altitude, tile, refuges, summits, paths, spaces, name)


def map_is_valid(m: MapData) -> bool:
    """The spec's acceptance tests for a generated map."""
    if len(m.summits) != 5 or sum(m.path_crosses) < 6 or sum(1 for c in m.path_colour if c == 2) < 4:
        return False
    linked = {tuple(sorted((m.tile[a], m.tile[b]))) for a, b, _ in m.paths if m.tile[a] != m.tile[b]}
    seen, todo = {0}, [0]
    while todo:
        t = todo.pop()
        for a, b in linked:
            for u, v in ((a, b), (b, a)):
                if u == t and v not in seen:
                    seen.add(v)
                    todo.append(v)
    if seen != {0, 1, 2, 3}:
        return False
    for t in range(4):  # each tile connected on its own (Sunday hikers never leave it) and high enough
        nodes = [n for n in range(36) if m.tile[n] == t]
        if max(m.altitude[n] for n in nodes) < 1200:
            return False
        reach, todo = {nodes[0]}, [nodes[0]]
        while todo:
            u = todo.pop()
            for v in m.neighbour[u]:
                if v >= 0 and m.tile[v] == t and v not in reach:
                    reach.add(v)
                    todo.append(v)
        if len(reach) != len(nodes):
            return False
    return True


_STEPS = (1, 1, 2, 2, 3, -1, -2, -3)


def generate_altitudes(uniform) -> list[int]:
    """One candidate map: per tile a random spanning tree from a random border space at 700-900 m,
    each child = parent + a uniform pick of {+1,+1,+2,+2,+3,-1,-2,-3} x 100 m (re-picked until it stays
    in 700-1500). ``uniform()`` returns floats in [0, 1) from the state's generator."""
    altitude = [0] * 36
    for t in range(4):
        x0, y0 = (t % 2) * 3, (t // 2) * 3
        nodes = [(y0 + dy) * 6 + x0 + dx for dy in range(3) for dx in range(3)]
        border = [n for n in nodes if n != (y0 + 1) * 6 + x0 + 1]  # every space but the tile's centre
        root = border[int(uniform() * len(border))]
        altitude[root] = 700 + 100 * int(uniform() * 3)
        done, frontier = {root}, [root]
        while len(done) < 9:
            u = frontier[int(uniform() * len(frontier))]
            free = [v for v in (u - 6, u + 1, u + 6, u - 1)
                    if v in nodes and abs(v % 6 - u % 6) + abs(v // 6 - u // 6) == 1 and v not in done]
            if not free:
                frontier.remove(u)
                continue
            v = free[int(uniform() * len(free))]
            while True:
                alt = altitude[u] + 100 * _STEPS[int(uniform() * len(_STEPS))]
                if 700 <= alt <= 1500:
                    break
            altitude[v] = alt
            done.add(v)
            frontier.append(v)
    return altitude


_BUILT: dict[tuple, MapData] = {}


def map_for_altitudes(altitude) -> MapData:
    """A (cached) generated map rebuilt from its altitudes (used by ``from_dict``)."""
    key = tuple(altitude)
    m = _BUILT.get(key)
    if m is None:
        if len(_BUILT) > 256:
            _BUILT.clear()
        m = _BUILT[key] = build_map(key)
    return m


def random_map(uniform, max_tries: int = 10_000) -> MapData:
    """A valid generated map (rejection sampling)."""
    for _ in range(max_tries):
        m = build_map(generate_altitudes(uniform))
        if map_is_valid(m):
            return m
    raise RuntimeError("no valid random map found")
