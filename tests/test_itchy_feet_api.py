"""Itchy Feet through the PettingZoo API with its variants (every extension, the steal action),
rendering, hidden information, serialisation, illegal actions and parameters (the generic checks of
the default game are in tests/test_game_contract.py)."""

import json

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import travel_envs
from travel_envs import itchy_feet_v0
from travel_envs.core.game import IllegalActionError, ParameterError
from travel_envs.games.itchy_feet import GAME
from travel_envs.games.itchy_feet import actions as A
from travel_envs.games.itchy_feet.components import NUM_CARD_TYPES, PASSPORT
from travel_envs.games.itchy_feet.encoder import OBS_SIZE, OFFSETS, SEAT_OFFSETS
from travel_envs.games.itchy_feet.scenario import build_state as build

PLAYER_COUNTS = [2, 3, 4, 5, 6]


def test_api_with_every_extension_and_steal():
    api_test(itchy_feet_v0.env(num_players=4, extensions="all", steal_action=True), num_cycles=300)
    seed_test(lambda **kw: itchy_feet_v0.env(num_players=3, extensions="all", steal_action=True, **kw),
              num_cycles=300)


def test_ansi_render_shows_table_and_own_hand():
    env = itchy_feet_v0.env(num_players=3, render_mode="ansi", extensions="all")
    env.reset(seed=4)
    text = env.render()
    st = env.unwrapped.game_state
    assert "Centre country:" in text and "discard pile" in text and "cards;" in text
    assert f"Hand of player {st.actor}:" in text


def _random_play(st, rng, steps):
    for _ in range(steps):
        if st.is_terminal:
            break
        st.apply_action(int(rng.choice(np.flatnonzero(st.legal_action_mask()))))


def test_observation_stays_in_bounds_and_size():
    rng = np.random.default_rng(0)
    for n in PLAYER_COUNTS:
        g = GAME(num_players=n, extensions="all", steal_action=True)
        st = g.new_initial_state(np.random.default_rng(n))
        obs = np.zeros(g.observation_size, np.float32)
        full = np.zeros(g.state_size, np.float32)
        for _ in range(250):
            if st.is_terminal:
                break
            for seat in range(n):
                obs[:] = 0
                st.observation(seat, obs)
                assert obs.min() >= 0.0 and obs.max() <= 1.0
            full[:] = 0
            st.state_tensor(full)
            assert full.min() >= 0.0 and full.max() <= 1.0
            _random_play(st, rng, 1)
    assert g.observation_size == OBS_SIZE


def test_hidden_information_does_not_leak():
    rng = np.random.default_rng(1)
    for seed in range(10):
        g = GAME(num_players=3, extensions="all")
        st = g.new_initial_state(np.random.default_rng(seed))
        _random_play(st, rng, int(rng.integers(0, 80)))
        if st.is_terminal:
            continue
        before = np.zeros(g.observation_size, np.float32)
        st.observation(0, before)
        # swap one card of player 1's hand for another type, and shuffle the draw pile
        other = st.clone()
        h = other.hands[1]
        unknown = [t for t in range(NUM_CARD_TYPES) if h[t] > other.known[1][t]]  # not seen by the table
        if not unknown:
            continue
        t = unknown[0]
        h[t] -= 1
        h[(t + 1) % 12 if t != 11 else 0] += 1
        other.draw = list(reversed(other.draw))
        other.lug_choice = [-1, -1, -1]
        after = np.zeros(g.observation_size, np.float32)
        other.observation(0, after)
        assert np.array_equal(before, after)


def test_own_hand_comes_first_and_hand_sizes_are_twentieths():
    """(Seat slot k holding the player k seats on is the shared check of test_game_contract.py.)"""
    st = build(num_players=3, hands={0: [PASSPORT], 1: [PASSPORT, 0, 0], 2: [PASSPORT, 1]})
    obs = np.zeros(st.game.observation_size, np.float32)
    st.observation(1, obs)
    assert obs[0] == pytest.approx(2 / 6) and obs[PASSPORT] == pytest.approx(1 / 6)  # copies / 6
    assert obs[OFFSETS["own_hand_size"]] == pytest.approx(3 / 20)
    assert obs[OFFSETS["seats"] + SEAT_OFFSETS["hand_size"]] == pytest.approx(3 / 20)  # slot 0: seat 1 itself


def test_round_trip_and_continued_play_identical():
    rng = np.random.default_rng(2)
    g = GAME(num_players=4, extensions="all", steal_action=True)
    for seed in range(8):
        st = g.new_initial_state(np.random.default_rng(seed))
        _random_play(st, rng, int(rng.integers(0, 300)))
        d = st.to_dict()
        json.dumps(d)
        back = g.state_from_dict(json.loads(json.dumps(d)))
        assert back.to_dict() == d
        r1, r2 = np.random.default_rng(seed), np.random.default_rng(seed)
        _random_play(st, r1, 200)
        _random_play(back, r2, 200)
        assert st.to_dict() == back.to_dict()


def test_illegal_action_raises_clear_error():
    env = itchy_feet_v0.env(num_players=2)
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match=r"illegal for seat \d in phase 'main'"):
        env.step(A.PROPOSE)
    with pytest.raises(IllegalActionError, match="out of range"):
        env.step(A.NUM_ACTIONS)


def test_parameters_validated():
    with pytest.raises(ParameterError, match="extensions='airports'.*events"):
        GAME(num_players=2, extensions=["airports"])
    with pytest.raises(ParameterError, match=r"num_players=7"):
        travel_envs.make("itchy_feet_v0", num_players=7)
    with pytest.raises(ParameterError, match="max_trade_offers"):
        GAME(num_players=2, max_trade_offers=0)
    with pytest.raises(ParameterError, match="steal_action"):
        GAME(num_players=2, steal_action="yes")
    with pytest.raises(ParameterError, match="max_turns"):  # beyond it random play meets max_decisions
        GAME(num_players=2, max_turns=1001)
    with pytest.raises(ParameterError, match="unknown parameter"):
        GAME(num_players=2, bucket_list=True)
    assert GAME(num_players=2, extensions="all").params.extensions == (
        "events", "special_items", "forbidden_items", "postcards", "characters")
    assert GAME(num_players=2, extensions=["postcards", "events"]).params.extensions == ("events", "postcards")


def test_action_strings():
    st = build(hands={0: [PASSPORT], 1: [PASSPORT]})
    assert st.action_to_string(A.DRAW) == "draw"
    assert "travel to own country" in st.action_to_string(A.travel_action(0, 0))
    assert st.action_to_string(A.TARGET_BASE) == "target player +1 (player 1)"
    assert "ask for Passport" == st.action_to_string(A.ASK_BASE + PASSPORT)


@pytest.mark.parametrize("extension", ["events", "special_items", "forbidden_items", "postcards", "characters"])
def test_api_each_extension_on_its_own(extension):
    api_test(itchy_feet_v0.env(num_players=3, extensions=[extension]), num_cycles=100)
    seed_test(lambda **kw: itchy_feet_v0.env(num_players=3, extensions=[extension], **kw), num_cycles=100)
