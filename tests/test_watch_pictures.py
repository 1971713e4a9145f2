"""The rgb_array pictures of Itchy Feet and Trek: documented size, and they follow the game."""

from __future__ import annotations

import numpy as np
import pytest

import travel_envs
from travel_envs import replay as R
from travel_envs.games.itchy_feet import render as itchy_render
from travel_envs.games.trek import render as trek_render

PICTURES = {"itchy_feet_v0": itchy_render, "trek_v0": trek_render}
CASES = [(env, n) for env in PICTURES for n in (2, 3, 4, 5, 6)]


def _states(env, n, seed=1, count=6):
    """About ``count`` states along a heuristic game, from the start to the end."""
    rec = R.record_game(env, ["heuristic"] * n, seed=seed, params={"num_players": n})
    every = max(1, len(rec.moves) // (count - 1))
    for i, state, move in R.positions(rec):
        if move is None or i % every == 0:
            yield i, state


@pytest.mark.parametrize("env, n", CASES)
def test_picture_has_the_documented_size(env, n):
    module = PICTURES[env]
    for _, state in _states(env, n, count=3):
        img = state.render_rgb()
        assert img.dtype == np.uint8 and img.shape == (module.pic_height(n), module.PIC_W, 3)


@pytest.mark.parametrize("env, n", [(env, n) for env in PICTURES for n in (2, 5)])
def test_picture_changes_as_the_game_moves(env, n):
    pictures = [state.render_rgb() for _, state in _states(env, n)]
    first, last = pictures[0], pictures[-1]
    assert not np.array_equal(first, last)
    changed = sum(not np.array_equal(a, b) for a, b in zip(pictures, pictures[1:]))
    assert changed == len(pictures) - 1  # snapshots far apart all differ


@pytest.mark.parametrize("env", PICTURES)
def test_env_renders_rgb_array(env):
    e = travel_envs.make(env, num_players=3, render_mode="rgb_array")
    e.reset(seed=0)
    img = e.render()
    assert img.shape == (PICTURES[env].pic_height(3), PICTURES[env].PIC_W, 3)


def test_itchy_feet_picture_shows_an_open_trade():
    """The trade box is drawn in its highlight colour only while an offer is open."""
    rec = R.record_game("itchy_feet_v0", ["heuristic"] * 3, seed=7, params={"num_players": 3})
    box_pixel = (itchy_render._HEAD_H + 40, 600)
    seen = {}
    for _, state, move in R.positions(rec):
        if move is None or len(seen) == 2:
            break
        if (state.partner >= 0) not in seen:
            seen[state.partner >= 0] = tuple(state.render_rgb()[box_pixel]) == (255, 250, 215)
    assert seen == {True: True, False: False}


def test_trek_picture_moves_the_trekker():
    """A Trekker's disc is drawn in its camp: moving P1 from Base to Camp 4 changes both boxes."""
    e = travel_envs.make("trek_v0", num_players=2, render_mode="rgb_array")
    e.reset(seed=0)
    state = e.unwrapped.game_state
    before = state.render_rgb()
    moved = state.clone()
    moved.pos[1] = 4
    after = moved.render_rgb()
    rows = np.flatnonzero((before != after).any(axis=(1, 2)))
    g0_top = trek_render._HEAD_H + (7 - 1) * trek_render._ROW_H  # the Base row
    g2_top = trek_render._HEAD_H + (7 - 1 - 2) * trek_render._ROW_H  # the row of camps 4-6
    assert any(g0_top <= r < g0_top + trek_render._ROW_H for r in rows)
    assert any(g2_top <= r < g2_top + trek_render._ROW_H for r in rows)
