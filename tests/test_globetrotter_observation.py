"""Globetrotter observation scales (issue #13): counts are scaled by the largest value play can reach,
so no two reachable values look the same; each reachable maximum comes from a hand-made state."""

import numpy as np

from travel_envs.games.globetrotter import GAME
from travel_envs.games.globetrotter import actions as A
from travel_envs.games.globetrotter import encoder as E
from travel_envs.games.globetrotter.scenario import build_state, card

ALL = list(range(49))


def obs(s, seat):
    out = np.zeros(E.OBS_SIZE, np.float32)
    s.observation(seat, out)
    return out


def slot(k, field):
    return E.PLAYERS + k * E.P_SIZE + field


def test_reachable_maxima_from_the_rules():
    assert E.MAX_POSITION == 17  # 11 + 3 on the finishing turn, + 3 in a tie-break extra turn
    assert [E.max_hand(n) for n in (2, 3, 4, 5)] == [47, 46, 45, 44]
    assert E.max_score(GAME(num_players=5).params) == 14 * 4 * 5
    assert E.max_score(GAME(num_players=2, short_game=True).params) == 14 * 1 * 2
    assert E.max_score(GAME(num_players=3, num_rounds=10).params) == 14 * 2 * 10


def test_scores_above_sixty_stay_apart_in_a_five_player_game():
    views = []
    for lead in (59, 60, 61, 120, 280):
        s = build_state(5, score=[lead, 3, 0, 0, 0], cur=1)
        views.append(obs(s, 1)[slot(4, E.P_SCORE)])  # seat 0 is four seats to the left of seat 1
    assert len(set(views)) == 5 and views == sorted(views)
    assert views[-1] == 1.0  # 14 x 4 x 5: the most a 5-player game can give


def test_largest_score_is_reached_by_finishing_fourteen_ahead():
    """Condition (c) from city 11 (to 14) with the other player still at the finish: 14 points, the
    maximum of a 1-round 2-player game, shown as 1.0; one city less is shown below it."""
    # seat 0 is right of the start player: its turn ends the round
    s = build_state(2, hands=[["yellow car"], ["green bicycle", "red ship"]], journal=["yellow ship"], cur=0,
                    start=1, pos=[11, 0], world={0: "pink car"}, params={"num_rounds": 1})
    s.apply_action(A.PLAY + card("yellow car"))
    assert s.is_terminal and s.score == [14, 0]
    assert obs(s, 1)[slot(1, E.P_SCORE)] == 1.0 and obs(s, 1)[slot(1, E.P_POS)] == 14 / 17
    s13 = build_state(2, score=[13, 0], params={"num_rounds": 1})
    assert obs(s13, 1)[slot(1, E.P_SCORE)] < 1.0


def test_hand_sizes_above_fifteen_stay_apart():
    views = []
    for size in (14, 15, 16, 30):
        hand = ALL[:size]
        s = build_state(2, hands=[[48], hand], journal=[47], cur=0)
        views.append(obs(s, 0)[slot(1, E.P_HAND)])
    assert len(set(views)) == 4 and views == sorted(views)


def test_largest_hand_all_cards_but_the_journal_top_and_one_per_opponent():
    s = build_state(2, hands=[ALL[:47], [47]], journal=[48], deck=[], cur=1)
    assert obs(s, 1)[slot(1, E.P_HAND)] == 1.0
    s46 = build_state(2, hands=[ALL[:46], [47]], journal=[48], deck=[46], cur=1)
    assert obs(s46, 1)[slot(1, E.P_HAND)] == 46 / 47


def test_cards_played_this_turn_above_ten_stay_apart():
    """A 12-card chain (7 red, then 5 orange via the red car -> orange car link) in one turn."""
    chain = [card(c) for c in ("red bicycle", "red motorcycle", "red hot air balloon", "red ship", "red aeroplane",
                               "red hang glider", "red car", "orange car", "orange bicycle", "orange motorcycle",
                               "orange hot air balloon", "orange ship")]
    s = build_state(2, hands=[chain + [card("pink aeroplane")], [card("green ship")]], journal=["yellow bicycle"],
                    cur=0, world={1: "wild"})
    seen = []
    for c in chain:
        s.apply_action(A.PLAY + c)
        seen.append(obs(s, 1)[E.G_PLAYED])
    assert len(set(seen)) == len(chain)  # 10, 11 and 12 cards played look different


def test_tie_break_positions_sixteen_and_seventeen_stay_apart():
    a = build_state(3, pos=[16, 12, 3], tiebreak=[0, 1], cur=0)
    b = build_state(3, pos=[17, 12, 3], tiebreak=[0, 1], cur=0)
    assert obs(a, 1)[slot(2, E.P_POS)] < obs(b, 1)[slot(2, E.P_POS)] == 1.0


# ------------------------------------------------------------------ the encoder's own cache
def test_memoised_public_block_equals_a_fresh_encoding():
    """The encoder memoises the public block by the values it encodes: every view of random games at
    2-5 players (several parameter sets sharing the memo) equals the view encoded with an empty memo."""
    from travel_envs.agents.base import RandomPolicy

    for n, params in ((2, {}), (3, {"short_game": True}), (4, {"num_rounds": 1}), (5, {})):
        game = GAME(num_players=n, **params)
        st = game.new_initial_state(np.random.default_rng(n))
        pol = RandomPolicy(n)
        for _ in range(300):
            if st.is_terminal:
                break
            for seat in range(n):
                cached = obs(st, seat)
                E._PUBLIC_BLOCKS.clear()
                assert np.array_equal(cached, obs(st, seat)), (n, st.phase, seat)
            st.apply_action(pol.act(None, st.legal_action_mask()))


def test_a_state_edited_in_place_is_encoded_as_it_now_is():
    """The memo is keyed by values, not by list identity: a world or position edited in place shows."""
    s = build_state(2, hands=[["pink car"], ["green bicycle"]], journal=["yellow car"], world={1: "red ship"})
    before = obs(s, 0)
    s.world[1] = card("blue car")
    s.pos[1] = 4
    after = obs(s, 0)
    fresh = build_state(2, hands=[["pink car"], ["green bicycle"]], journal=["yellow car"],
                        world={1: "blue car"}, pos=[0, 4])
    assert not np.array_equal(before, after) and np.array_equal(after, obs(fresh, 0))


# ------------------------------------------------------------------ the layout table
def test_the_doc_table_lists_the_layout_rows():
    """docs/games/globetrotter.md's "Observation" table is encoder.LAYOUT: offsets, sizes, meanings."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "games" / "globetrotter.md").read_text()
    section = text.split("\n## Observation (", 1)[1]
    assert section.startswith(f"{E.OBS_SIZE} floats")
    table = section.split("| Offset | Size | Meaning |\n|---|---|---|\n", 1)[1].split("\n\n", 1)[0]
    rows = []
    for line in table.splitlines():
        offset, size, meaning = (cell.strip() for cell in line.strip("|").split("|"))
        rows.append((int(offset), eval(size.replace(" x ", " * "), {"__builtins__": {}}), meaning))
    assert rows == [(E.OFFSETS[name], size, meaning) for name, size, meaning in E.LAYOUT]


def test_named_views_cover_the_observation_once():
    s = build_state(2, hands=[["pink car"], ["green bicycle"]], journal=["yellow car"])
    o = obs(s, 0)
    assert sum(E.view(o, name).size for name, _, _ in E.LAYOUT) == E.OBS_SIZE
    assert E.view(o, "hand")[card("pink car")] == 1 and E.view(o, "phase")[1] == 1  # phase turn
