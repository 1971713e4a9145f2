"""Trekking the World component data: counts, totals and graph properties (component spec)."""

import json
from collections import Counter, deque
from pathlib import Path

import pytest

from travel_envs.games.trekking_the_world import components as C
from travel_envs.games.trekking_the_world.scenario import card, loc

#: the component specification, where it sits beside the checkout (the repository carries a copy)
SHARED = Path(__file__).resolve().parents[2] / "shared" / "components" / "trekking_the_world.json"


def test_packaged_json_is_the_component_spec():
    if not SHARED.exists():
        pytest.skip(f"the component specification is not beside this checkout ({SHARED})")
    assert json.loads(SHARED.read_text()) == C.DATA


def test_board_counts():
    assert C.NUM_LOCATIONS == 54
    assert len(C.EDGES) == 72
    assert len(set(frozenset(e) for e in C.EDGES)) == 72
    assert len(C.AIRPORTS) == 6
    assert sorted(C.NODE_CONTINENT[a] for a in C.AIRPORTS) == list(range(6))
    for k in range(6):
        assert sum(1 for v in range(54) if C.NODE_CONTINENT[v] == k) == 9
    assert all(2 <= len(C.ADJ[v]) <= 4 for v in range(54))
    # airports are never joined by a path (a move between airports is always a flight)
    assert not any(C.IS_AIRPORT[a] and C.IS_AIRPORT[b] for a, b in C.EDGES)


def test_board_connected_without_flights():
    seen = {0}
    q = deque([0])
    while q:
        v = q.popleft()
        for w in C.ADJ[v]:
            if w not in seen:
                seen.add(w)
                q.append(w)
    assert len(seen) == 54


def _walk_paths(start, length):
    out = []

    def rec(path):
        if len(path) == length + 1:
            out.append(tuple(path))
            return
        for w in C.ADJ[path[-1]]:
            if w not in path:
                rec(path + [w])

    rec([start])
    return out


def test_rulebook_orange_trekker_geometry():
    z, h = loc("Zhangjiajie"), loc("Ha Long Bay")
    paths = [p for p in _walk_paths(z, 3) if p[-1] == h]
    assert paths == [(z, loc("Asia Airport"), loc("Angkor Wat"), h)]
    assert not [p for p in _walk_paths(z, 2) if p[-1] == h] and not [p for p in _walk_paths(z, 1) if p[-1] == h]


def test_every_location_has_simple_paths_of_every_length_1_to_12():
    def exists(v, visited, r):
        if r == 0:
            return True
        return any(exists(w, visited | {w}, r - 1) for w in C.ADJ[v] if w not in visited)

    for v in range(54):
        for r in range(1, 13):
            assert exists(v, {v}, r), (C.NODE_NAMES[v], r)


def test_cards():
    assert C.NUM_CARDS == 48
    assert sorted(C.CARD_LOCATION) == sorted(v for v in range(54) if not C.IS_AIRPORT[v])
    assert all(C.TOUR_POINTS[c] == 2 * C.TOUR_COST[c] + 4 for c in range(48))
    assert C.TOUR_COST[card("Torres del Paine")] == 9 and C.TOUR_POINTS[card("Torres del Paine")] == 22
    assert C.TOUR_COST[card("Lençóis Maranhenses")] == 6
    assert sum(C.ENC_ENDGAME) == 16
    assert all(C.ENC_POWER[c].startswith("At game's end") == C.ENC_ENDGAME[c] for c in range(48))
    assert all(C.CARD_CONTINENT[c] == C.NODE_CONTINENT[C.CARD_LOCATION[c]] for c in range(48))
    assert len(set(C.ENC_KIND)) == 36
    # every power kind has exactly one timing group in the engine
    from travel_envs.games.trekking_the_world import engine as E

    groups = (E.INSTANT_KINDS, E.START_KINDS, E.MOVE_KINDS, E.MONEY_KINDS, E.SOUV_KINDS, E.CARD_KINDS,
              E.ENDGAME_KINDS)
    for kind in set(C.ENC_KIND):
        assert sum(kind in g for g in groups) == 1, kind


def test_itineraries():
    assert C.NUM_ITINERARIES == 46
    assert Counter(C.ITIN_COLOUR) == {3: 13, 0: 11, 1: 11, 2: 11}
    assert Counter(C.ITIN_MOVE) == {1: 6, 2: 11, 3: 12, 4: 9, 5: 8}
    assert Counter(len(c) for c in C.ITIN_CONTINENTS) == {1: 12, 2: 24, 3: 10}
    for i in range(46):
        k, m, mv = len(C.ITIN_CONTINENTS[i]), C.ITIN_MONEY[i], C.ITIN_MOVE[i]
        if k == 1:
            assert C.ITIN_CUBES[i] == 2 and m == max(0, 4 - mv)
        elif k == 2:
            assert C.ITIN_CUBES[i] == 1 and m == 5 - mv
        else:
            assert C.ITIN_CUBES[i] == 1 and m == max(0, 4 - mv)
    # card 26 is the rulebook's example: move 3, $2, 1 black cube in Africa or Oceania
    assert (C.ITIN_MOVE[25], C.ITIN_MONEY[25], C.ITIN_CUBES[25], C.COLOURS[C.ITIN_COLOUR[25]]) == (3, 2, 1, "black")
    assert [C.CONTINENT_ABBR[k] for k in C.ITIN_CONTINENTS[25]] == ["AF", "OC"]


def test_suitcase_and_supply():
    assert C.COLOURS == ("red", "blue", "yellow", "black")
    assert C.SUITCASE_COLUMNS == 7
    assert sorted(C.ICON_COLUMNS) == [1, 3, 5]
    assert C.TOKEN_NAMES == ("move", "frequent_flyer", "money", "souvenir")
    assert C.COLUMN_POINTS["linear"] == (5, 10, 15, 20, 25, 30, 35)
    assert C.COLUMN_POINTS["steep"] == (2, 5, 9, 14, 20, 27, 35)
    assert (C.CUBES_PER_COLOUR, C.TOKENS_PER_TYPE, C.START_FF, C.MONEY_CAP, C.FLIGHT_COST) == (35, 15, 1, 20, 1)
    # 3 icons per row x 5 players = 15 tokens of each type
    assert len(C.ICON_COLUMNS) * 5 == C.TOKENS_PER_TYPE


def test_rival_deck():
    assert len(C.RIVAL_CARDS) == 28
    assert Counter(C.RIVAL_CARDS) == {(0, 1): 4, (0, 2): 4, (0, 3): 3, (0, 4): 3,
                                      (1, 1): 4, (1, 2): 4, (1, 3): 3, (1, 4): 3}
