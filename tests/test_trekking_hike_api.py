"""Trekking: observation layout, hidden information, the random map's round trip, game-specific errors,
parameters, renders and the encoder caches (the generic API, round-trip and clone checks of the
default game are in tests/test_game_contract.py)."""

import json

import numpy as np
import pytest

import travel_envs
from travel_envs import trekking_v0
from travel_envs.core.game import IllegalActionError, ParameterError
from travel_envs.games.trekking import GAME
from travel_envs.games.trekking import actions as A
from travel_envs.games.trekking.encoder import OBS_LAYOUT, OBS_SIZE, STATE_SIZE

NS = (1, 2, 3, 4)


def _random_states(n, seed, steps, **params):
    g = GAME(num_players=n, **params)
    st = g.new_initial_state(np.random.default_rng(seed))
    rng = np.random.default_rng(seed + 100)
    out = []
    for _ in range(steps):
        if st.is_terminal:
            break
        legal = np.flatnonzero(st.legal_action_mask())
        st.apply_action(int(rng.choice(legal)))
        out.append(st.clone())
    return g, out


def test_observation_bounds_and_layout():
    assert sum(n for _, n in OBS_LAYOUT) == OBS_SIZE
    for n in NS:
        g, states = _random_states(n, 1, 400)
        assert g.observation_size == OBS_SIZE and g.state_size == STATE_SIZE
        for st in states:
            for seat in range(n):
                obs = np.zeros(OBS_SIZE, np.float32)
                st.observation(seat, obs)
                assert obs.min() >= -1.0 and obs.max() <= 1.0
            full = np.zeros(STATE_SIZE, np.float32)
            st.state_tensor(full)
            assert full.min() >= -1.0 and full.max() <= 1.0


def test_hidden_pile_order_does_not_change_observations():
    for n in (1, 2, 4):
        _, states = _random_states(n, 2, 30)
        st = states[-1]
        before = [np.zeros(OBS_SIZE, np.float32) for _ in range(n)]
        for seat in range(n):
            st.observation(seat, before[seat])
        for pile in st.route_piles + st.rest_piles:
            if len(pile) > 2:
                below = pile[:-1]
                pile[:-1] = below[::-1] if below[::-1] != below else below
                pile[0], pile[1] = pile[1], pile[0]
        if len(st.opp_deck) > 2:
            st.opp_deck[0], st.opp_deck[1] = st.opp_deck[1], st.opp_deck[0]
        st.rng = np.random.default_rng(12345)
        fresh = st.game.state_from_dict(st.to_dict())  # no encoder caches
        for seat in range(n):
            after = np.zeros(OBS_SIZE, np.float32)
            fresh.observation(seat, after)
            assert np.array_equal(after, before[seat])


@pytest.mark.parametrize("n,params", [(2, {"map": "random"}), (1, {"map": "random"})])
def test_to_dict_round_trip_and_continued_play_on_a_random_map(n, params):
    g, states = _random_states(n, 4, 60, **params)
    for st in states[::7]:
        d = st.to_dict()
        json.dumps(d)
        st2 = g.state_from_dict(json.loads(json.dumps(d)))
        assert st2.to_dict() == d
        rng = np.random.default_rng(9)
        for _ in range(40):
            if st.is_terminal:
                break
            assert np.array_equal(st.legal_action_mask(), st2.legal_action_mask())
            a = int(rng.choice(np.flatnonzero(st.legal_action_mask())))
            st.apply_action(a)
            st2.apply_action(a)
            assert st.to_dict() == st2.to_dict()


def test_illegal_action_raises_clear_error():
    env = trekking_v0.env(num_players=2)
    env.reset(seed=0)
    with pytest.raises(IllegalActionError, match="phase 'refuge'"):
        env.step(A.END_TURN)
    st = env.unwrapped.game_state
    with pytest.raises(IllegalActionError, match="out of range"):
        st.apply_action(99)


def test_parameters_validated_with_names():
    with pytest.raises(ParameterError, match="num_players=5"):
        travel_envs.make("trekking_v0", num_players=5)
    with pytest.raises(ParameterError, match="gps_side"):
        travel_envs.make("trekking_v0", gps_side="shiny")
    with pytest.raises(ParameterError, match=r"route_plan\[summit\]"):
        travel_envs.make("trekking_v0", route_plan=["cold", "storm", "penalara", "penalara", "species", "friends"])
    with pytest.raises(ParameterError, match="weather cards must differ"):
        travel_envs.make("trekking_v0", route_plan=["cold", "cold", "climbing", "penalara", "species", "friends"])
    with pytest.raises(ParameterError, match="weather_colour"):
        travel_envs.make("trekking_v0", weather_colour=("red", "red", "green"))
    with pytest.raises(ParameterError, match="map"):
        travel_envs.make("trekking_v0", map="Z")
    with pytest.raises(ParameterError, match="start_energy"):
        travel_envs.make("trekking_v0", start_energy=16)
    with pytest.raises(ParameterError, match="unknown parameter"):
        travel_envs.make("trekking_v0", colour="blue")
    env = travel_envs.make("trekking_v0", num_players=1, solo_difficulty="hard", solo_refill="none",
                           solo_summit_tokens=1, sunday_hikers_are_hikers=False, rest_flip_same_turn=False,
                           search_requires_threshold=True, vignette_cover_margin=0, summit_recent_window=1,
                           start_refuge="random", energy_max=20, start_energy=10, gps_side="basic",
                           route_plan="recommended", map="E")
    env.reset(seed=1)
    st = env.unwrapped.game_state
    assert sum(st.summit_piles) + len(st.opp_tokens) == 5 and st.energy == [10] and st.side == 0


def test_ansi_render_shows_map_and_profiles():
    env = trekking_v0.env(num_players=2, render_mode="ansi")
    env.reset(seed=3)
    for _ in range(12):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    text = env.render()
    assert "1500S2" in text and "Player 0" in text and "Player 1" in text and " 1600 |" in text
    assert "Route plan:" in text


def test_rgb_array_picture():
    env = trekking_v0.env(num_players=4, render_mode="rgb_array")
    env.reset(seed=2)
    for _ in range(40):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    img = env.render()
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3 and img.shape[0] > 400
    assert len(np.unique(img.reshape(-1, 3), axis=0)) > 20  # a real picture, not a blank canvas


@pytest.mark.parametrize("n", NS)
def test_cached_observations_equal_fresh_encoding(n):
    """The encoder caches (player blocks, GPS segments, scores, board sections) never go stale."""
    g = GAME(num_players=n)
    st = g.new_initial_state(np.random.default_rng(n))
    rng = np.random.default_rng(7)
    a, b = np.zeros(OBS_SIZE, np.float32), np.zeros(OBS_SIZE, np.float32)
    while not st.is_terminal:
        for seat in range(n):
            a[:] = 0
            b[:] = 0
            st.observation(seat, a)
            g.state_from_dict(st.to_dict()).observation(seat, b)
            assert np.array_equal(a, b)
        st.apply_action(int(rng.choice(np.flatnonzero(st.legal_action_mask()))))


_CACHE_VARIANTS = [
    dict(num_players=2, route_plan=("cold", "storm", "photos", "mallos", "micro_study", "friends")),
    dict(num_players=3, route_plan=("fog", "rain", "photos", "pasiegos", "adaptation", "encounters"),
         rest_flip_same_turn=False),
    dict(num_players=4, route_plan=("sunny", "wind", "suffering", "turbon", "variety", "summit_tales"),
         search_requires_threshold=True),
    dict(num_players=1, solo_difficulty="hard", route_plan=("hot", "snowy", "photos", "mulhacen", "foxes_boars",
                                                            "animal_tales")),
    dict(num_players=1, map="random", start_refuge="random", gps_side="advanced", solo_refill="3p"),
]


@pytest.mark.parametrize("params", _CACHE_VARIANTS, ids=lambda p: "-".join(f"{v}" for v in p.values())[:40])
def test_incremental_caches_equal_fresh_encoding_across_variants(params):
    """The incremental caches (player blocks grown column by column, score parts, board sections with
    dirty piles, solo section, shared read-only masks) equal a fresh encoding at every step, for every
    seat, also after clones, in variants that flip other players' tokens (photos), forbid same-turn
    flips, return searched animals, and play solo on a random map."""
    g = GAME(**params)
    n = g.num_players
    rng = np.random.default_rng(3)
    a, b = np.zeros(OBS_SIZE, np.float32), np.zeros(OBS_SIZE, np.float32)
    for seed in range(2):
        st = g.new_initial_state(np.random.default_rng(seed))
        while not st.is_terminal:
            fresh = g.state_from_dict(st.to_dict())
            for seat in range(n):
                a[:] = 0
                b[:] = 0
                st.observation(seat, a)
                fresh.observation(seat, b)
                assert np.array_equal(a, b)
            assert st.scores() == fresh.scores()
            mask = st.legal_action_mask()
            assert np.array_equal(mask, fresh.legal_action_mask())
            mask[:] = False  # the caller's copy: the state's mask is untouched
            assert st.legal_action_mask().any()
            if rng.random() < 0.1:
                st = st.clone()
            st.apply_action(int(rng.choice(np.flatnonzero(st.legal_action_mask()))))


def test_photos_flip_of_another_players_token_refreshes_that_players_cached_block():
    from trekking_hike_helpers import W, build, filler, node, play_turn, put_on_top, route_card

    def edit(d):
        put_on_top(d, 0, route_card(0, 1))

    st = build(plan=("cold", "hot", "photos", "penalara", "species", "closed"), pos=[node(2, 0), node(3, 0)],
               energy=[8, 8], tokens=[[[0, 1, 0, 1]], []], summit_piles=[1, 2, 2, 2, 2], rnd=2,
               gps=[filler(1400, 1), filler(1300, 1)], edit=edit, seat=1)
    a, b = np.zeros(OBS_SIZE, np.float32), np.zeros(OBS_SIZE, np.float32)
    for seat in range(2):  # fill the caches before the meeting
        st.observation(seat, a)
    play_turn(st, A.MOVE + W)  # seat 1 arrives on S1 where seat 0 stands: both tokens flip
    assert st.tokens[0][0][2] == 1
    fresh = st.game.state_from_dict(st.to_dict())
    for seat in range(2):
        a[:] = 0
        b[:] = 0
        st.observation(seat, a)
        fresh.observation(seat, b)
        assert np.array_equal(a, b)
