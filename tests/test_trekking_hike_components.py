"""Component data of Trekking, checked against the component specification (docs/games/trekking.md)."""

import json
from collections import Counter, deque
from pathlib import Path

import pytest

from travel_envs.games.trekking import components as C

M = C.MAP_E


def test_json_is_the_shared_configuration_e():
    """The packaged map is the specification's file, where the specification sits beside the checkout."""
    shared = Path(__file__).resolve().parents[2] / "shared" / "components" / "trekking_config_e.json"
    if not shared.exists():
        pytest.skip(f"the component specification is not beside this checkout ({shared})")
    assert json.loads(shared.read_text()) == C.RAW_CONFIG_E


def test_map_altitudes_refuges_summits():
    grid = [
        [1000, 1200, 1400, 1300, 1100, 900],
        [900, 1100, 1200, 1500, 1200, 1000],
        [800, 1000, 1100, 1200, 1000, 800],
        [900, 1200, 1300, 1100, 900, 1000],
        [700, 1000, 1400, 1200, 1100, 1300],
        [800, 900, 1200, 1400, 1200, 1000],
    ]
    assert [list(M.altitude[y * 6:(y + 1) * 6]) for y in range(6)] == grid
    assert [M.altitude[r] for r in M.refuges] == [800, 800, 700, 1000]
    assert [M.tile[r] for r in M.refuges] == [0, 1, 2, 3]
    assert [M.altitude[s] for s in M.summits] == [1400, 1500, 1400, 1400, 1300]
    for s in M.summits:  # strict local maxima
        assert all(M.altitude[v] < M.altitude[s] for v in M.neighbour[s] if v >= 0)


def test_paths_colours_match_altitude_differences():
    assert len(M.paths) == 59
    assert Counter(M.path_colour) == {0: 23, 1: 28, 2: 8}
    assert sum(M.path_crosses) == 12
    for a, b, c in M.paths:
        assert abs(M.altitude[a] - M.altitude[b]) == C.COLOUR_HEIGHT[c]
        assert abs(a % 6 - b % 6) + abs(a // 6 - b // 6) == 1
    # every orthogonal pair with a 100-300 m difference has a path, no other pair does
    pairs = {frozenset((a, b)) for a, b, _ in M.paths}
    for n in range(36):
        for d, (dx, dy) in enumerate(C.DIR_DELTA):
            x, y = n % 6 + dx, n // 6 + dy
            if 0 <= x < 6 and 0 <= y < 6:
                v = y * 6 + x
                diff = abs(M.altitude[n] - M.altitude[v])
                assert (frozenset((n, v)) in pairs) == (diff in (100, 200, 300))
                assert (M.neighbour[n][d] == v) == (diff in (100, 200, 300))


def _connected(nodes, same_tile=False):
    nodes = set(nodes)
    start = next(iter(nodes))
    seen = {start}
    q = deque([start])
    while q:
        u = q.popleft()
        for v in M.neighbour[u]:
            if v >= 0 and v in nodes and v not in seen:
                seen.add(v)
                q.append(v)
    return seen == nodes


def test_map_and_each_tile_connected():
    assert _connected(range(36))
    for t in range(4):
        assert _connected([n for n in range(36) if M.tile[n] == t])


def test_animal_spaces():
    assert M.num_spaces == 16
    assert Counter(M.animal_bag) == {0: 9, 1: 7}
    per_path = Counter(len(s) for s in M.path_spaces)
    assert per_path == {0: 12, 1: 32, 2: 15}
    assert all(len(s) <= 4 for s in M.node_spaces)
    for s, (x, y) in enumerate(M.animal_xy):
        corners = [int(y - 0.5) * 6 + int(x - 0.5), int(y - 0.5) * 6 + int(x + 0.5),
                   int(y + 0.5) * 6 + int(x - 0.5), int(y + 0.5) * 6 + int(x + 0.5)]
        assert len({M.tile[c] for c in corners}) == 1
        mean = sum(M.altitude[c] for c in corners) / 4
        assert M.animal_bag[s] == (0 if mean <= 1100 else 1)


def test_route_cards():
    assert C.NUM_ROUTE_CARDS == 65
    by = Counter(C.ROUTE_CARDS)
    assert by == {(0, 0): 6, (0, 1): 13, (0, 2): 6, (1, 1): 5, (1, 2): 12, (1, 3): 5, (2, 2): 4, (2, 3): 10,
                  (2, 4): 4}
    assert Counter(C.ROUTE_COLOUR) == {0: 25, 1: 22, 2: 18}


def test_rest_cards_animals_energy():
    assert C.NUM_REST_CARDS == 15 and Counter(C.REST_CARDS) == {k: 3 for k in range(5)}
    assert sum(map(sum, C.BAG_CONTENTS)) == 70 and C.ANIMAL_TOTAL == (14,) * 5
    assert C.ANIMAL_VP == (1, 1, 2, 2, 3) and C.ANIMAL_THRESHOLD == (2, 4, 6, 8, 10)
    assert C.DEFAULT_START_ENERGY == 8 and C.DEFAULT_ENERGY_MAX == 15


def test_gps_boards():
    assert len(C.GPS_ENERGY_VIGNETTES[0]) == 12 and len(C.GPS_ENERGY_VIGNETTES[1]) == 6
    assert sum(vp for _, vp in C.GPS_VP_VIGNETTES[0].values()) == 14
    assert sum(vp for _, vp in C.GPS_VP_VIGNETTES[1].values()) == 15
    for side in (0, 1):
        for column, alt in C.GPS_ENERGY_VIGNETTES[side].items():
            assert 1 <= column <= 12 and C.GPS_MIN_ALT <= alt <= C.GPS_MAX_ALT
    assert C.GPS_SOLO_CORNER_VP == (0, 5)


def test_route_plan_cards():
    assert len(C.WEATHER) == 10 and all(len(d) == 5 for d in C.PLAN_DECKS[2:])
    names = set(C.WEATHER) | set(C.SUMMIT_CARDS) | set(C.OROGRAPHY) | set(C.FAUNA) | set(C.REFUGE_CARDS)
    assert len(names) == 30 and set(C.SOLO_MODIFIER) == names and set(C.CARD_TITLES) == names
    assert C.RECOMMENDED_PLAN == ("cold", "storm", "climbing", "penalara", "species", "friends")
    assert sum(C.SOLO_MODIFIER[c] for c in C.WEATHER) == 4 - 6


def test_opponent_cards():
    assert C.NUM_OPP_CARDS == 14
    assert [c[0] for c in C.OPPONENT_CARDS] == list(range(1, 15))
    assert C.OPPONENT_CARDS[0][1] == "easy" and C.OPPONENT_CARDS[1][1] == "hard"
    assert Counter(c[2] for c in C.OPPONENT_CARDS) == {3: 4, 2: 4, 0: 3, 1: 3}
    assert C.SUMMIT_TOKENS_TOTAL == 20


def test_build_map_reproduces_configuration_e():
    m = C.build_map(M.altitude, "E")
    assert sorted(m.paths) == sorted(M.paths) and m.summits == M.summits
    assert m.animal_xy == M.animal_xy and m.animal_bag == M.animal_bag
    assert m.path_spaces == M.path_spaces and m.node_spaces == M.node_spaces and m.neighbour == M.neighbour
    assert C.map_is_valid(M)


def test_generated_maps_follow_the_spec():
    import numpy as np
    rng = np.random.default_rng(0)
    for _ in range(25):
        m = C.random_map(rng.random)
        assert C.map_is_valid(m)
        assert all(700 <= a <= 1500 for a in m.altitude)
        for a, b, c in m.paths:
            assert abs(m.altitude[a] - m.altitude[b]) == C.COLOUR_HEIGHT[c]
        for t, r in enumerate(m.refuges):
            assert m.tile[r] == t and m.altitude[r] == min(m.altitude[n] for n in range(36) if m.tile[n] == t)
        assert len(m.summits) == 5 and len(set(m.summits) | set(m.refuges)) == 9
        assert m.num_spaces == 16 and all(len(s) <= 2 for s in m.path_spaces)
