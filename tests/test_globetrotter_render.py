"""Globetrotter's views for people: observation_text (a seat's view as text) and the rgb_array picture."""

import numpy as np
import pytest
from pettingzoo.test import render_test

import travel_envs
from travel_envs import globetrotter_v0
from travel_envs.agents.base import RandomPolicy
from travel_envs.games.globetrotter import GAME
from travel_envs.games.globetrotter import actions as A
from travel_envs.games.globetrotter import render as R
from travel_envs.games.globetrotter.components import card_name
from travel_envs.games.globetrotter.scenario import build_state


def played(n, steps, seed, **params):
    st = GAME(num_players=n, **params).new_initial_state(np.random.default_rng(seed))
    pol = RandomPolicy(seed)
    for _ in range(steps):
        if st.is_terminal:
            break
        st.apply_action(pol.act(None, st.legal_action_mask()))
    return st


# ------------------------------------------------------------------ observation_text
def test_observation_text_shows_own_hand_and_no_other_hand():
    s = build_state(3, hands=[["red ship", "pink car"], ["green bicycle"], ["blue car", "orange car"]],
                    journal=["yellow car"], parking=["sky blue ship", None, None], cur=0, key=2, score=[4, 0, 9])
    text = s.observation_text(0)
    assert "Your hand (2): red ship, pink car" in text
    assert "green bicycle" not in text and "blue car" not in text and "orange car" not in text
    assert "Travel Journal top: yellow car" in text and "Parking spaces: sky blue ship, empty, empty" in text
    assert "player_2 (Brother Horse): position 0 (on city 0)" in text and "2 cards, score 9" in text
    assert "holds the Skeleton Key" in text
    assert s.observation_text(1).splitlines()[-1] == "Your hand (1): green bicycle"


@pytest.mark.parametrize("n", [2, 3, 5])
def test_observation_text_unchanged_by_hidden_data_changed_by_public(n):
    rng = np.random.default_rng(n)
    for steps in (3, 60, 200, 500):
        st = played(n, steps, seed=steps + n)
        for seat in range(n):
            text = st.observation_text(seat)
            assert st.resample_hidden(seat, rng).observation_text(seat) == text
            shown = next(line for line in text.splitlines() if line.startswith("Your hand")).split(": ")[1].split(", ")
            assert shown == [card_name(int(c)) for c in np.flatnonzero(st.hands[seat])]
            moved = st.clone()
            moved.score[(seat + 1) % n] += 1  # a public fact
            assert moved.observation_text(seat) != text
            parked = st.clone()
            parked.parking[2] = -1 if st.parking[2] >= 0 else int(st.deck[-1]) if st.deck else -1
            if parked.parking[2] != st.parking[2]:
                assert parked.observation_text(seat) != text


def test_observation_text_of_the_acting_seat_shows_the_turn():
    s = build_state(2, hands=[["yellow bicycle", "yellow ship", "pink car"], ["green bicycle"]],
                    journal=["yellow car"], cur=0, world={1: "red hang glider"})
    s.apply_action(A.PLAY + 28)  # yellow bicycle
    s.apply_action(A.PLAY + 31)  # yellow ship
    text = s.observation_text(0)
    assert "This turn You: played 2 card(s) (Action 2 in progress)" in text
    assert "Card played before the top this turn: yellow bicycle" in text
    assert "Card played before the top this turn: yellow bicycle" in s.observation_text(1)  # everyone saw it


# ------------------------------------------------------------------------- rgb_array
def test_picture_has_the_documented_shape_and_changes_as_the_game_moves():
    env = travel_envs.make("globetrotter_v0", num_players=4, render_mode="rgb_array")
    env.reset(seed=2)
    pol = RandomPolicy(2)
    pictures = [env.render()]
    for _ in range(24):
        obs = env.last()[0]
        env.step(pol.act(obs["observation"], obs["action_mask"]))
        pictures.append(env.render())
    for pic in pictures:
        assert pic.shape == (R.IMG_H, R.IMG_W, 3) == (720, 1000, 3) and pic.dtype == np.uint8
    assert sum(not np.array_equal(a, b) for a, b in zip(pictures, pictures[1:])) >= 6


def test_picture_shows_public_changes_only():
    s = build_state(3, hands=[["red ship"], ["green bicycle"], ["blue car", "orange car"]], journal=["yellow car"],
                    cur=0)
    base = s.render_rgb()
    s2 = s.clone()
    s2.key = 1
    assert not np.array_equal(base, s2.render_rgb())
    s3 = s.clone()
    s3.pos[1] = 3
    assert not np.array_equal(base, s3.render_rgb())
    s4 = s.resample_hidden(0, np.random.default_rng(0))
    assert np.array_equal(base, s4.render_rgb())  # hands are not drawn, only their sizes


@pytest.mark.parametrize("n", [2, 5])
def test_pettingzoo_render_test_with_rgb_array(n):
    assert "rgb_array" in globetrotter_v0.raw_env(num_players=n).metadata["render_modes"]
    render_test(lambda render_mode=None: globetrotter_v0.env(num_players=n, render_mode=render_mode))


def test_terminal_picture():
    st = played(2, 20_000, seed=1, num_rounds=1)
    assert st.is_terminal
    assert st.render_rgb().shape == (720, 1000, 3)
