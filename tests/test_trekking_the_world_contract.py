"""Trekking the World and the common contract: state dicts (G3), copies of the env (G4), the
observation's public facts (issue #13 A2)."""

import copy
import pickle

import numpy as np
import pytest

import travel_envs
from travel_envs.core.game import ParameterError
from travel_envs.games.trekking_the_world import GAME
from travel_envs.games.trekking_the_world import components as C
from travel_envs.games.trekking_the_world.encoder import SCORE_SCALE, encode_observation_uncached, layout
from travel_envs.games.trekking_the_world.scenario import build_state, card, give_tokens, place_card, place_itinerary


def _played(n=3, steps=150, seed=5, **params):
    g = GAME(num_players=n, **params)
    s = g.new_initial_state(np.random.default_rng(seed))
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if s.is_terminal:
            break
        s.apply_action(int(rng.choice(np.flatnonzero(s.legal_action_mask()))))
    return g, s


def _obs(s, seat=0):
    out = np.zeros(s.game.observation_size, np.float32)
    s.observation(seat, out)
    return out


def _block(n, name):
    return next((a, b) for nm, a, b in layout(n) if nm == name)


# ------------------------------------------------------------------ G3: state dicts
def test_from_dict_refuses_other_player_count_variant_and_bad_values():
    g, s = _played(3)
    d = s.to_dict()
    assert d["game"] == "trekking_the_world" and d["params"]["num_players"] == 3
    with pytest.raises(ParameterError, match="num_players"):
        GAME(num_players=2).state_from_dict(d)
    with pytest.raises(ParameterError, match="tours_to_end"):
        GAME(num_players=3, tours_to_end=6).state_from_dict(d)
    missing = dict(d)
    del missing["money"]
    with pytest.raises(ParameterError, match="money"):
        g.state_from_dict(missing)
    for key, value, word in (("money", [0, 25, 0], "money"), ("loc", [0, 1], "loc"),
                             ("turn_seat", 3, "turn_seat"), ("tour_row", [0, 1, 99], "tour_row"),
                             ("suitcase", [[0, 0, 0, 9]] * 3, "suitcase"), ("end_triggered", 1, "end_triggered")):
        bad = copy.deepcopy(d)
        bad[key] = value
        with pytest.raises(ParameterError, match=word):
            g.state_from_dict(bad)
    with pytest.raises(ParameterError, match="dict"):
        g.state_from_dict([1, 2])
    assert g.state_from_dict(d).to_dict() == d


# ------------------------------------------------------------- G4: copies of the env
def _step_all(env, actions):
    out = []
    for a in actions:
        if not env.agents:
            break
        obs, rew, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            out.append(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[a % len(legal)]))
        out.append((obs["observation"].copy(), obs["action_mask"].copy(), rew))
    return out


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("render_mode", [None, "rgb_array"])
def test_deepcopy_and_pickle_mid_episode_play_on_identically(n, render_mode):
    env = travel_envs.make("trekking_the_world_v0", num_players=n, render_mode=render_mode)
    env.reset(seed=n)
    rng = np.random.default_rng(n)
    _step_all(env, rng.integers(0, 1000, 30))
    assert env.agents
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    actions = rng.integers(0, 1000, 150)
    ref = _step_all(env, actions)
    for other in copies:
        got = _step_all(other, actions)
        assert len(ref) == len(got)
        for a, b in zip(ref, got):
            assert (a is None) == (b is None)
            if a is not None:
                assert (a[0] == b[0]).all() and (a[1] == b[1]).all() and a[2] == b[2]
    if render_mode:
        assert (env.render() == copies[1].render()).all()


# ------------------------------------------------------- A2: public facts in the view
def test_tours_removed_and_rival_tours_are_observed():
    s = build_state(1)
    before = _obs(s)
    c = s.tour_row[0]
    s.tour_row[0] = -1
    s.tours_out.append(c)  # as Chefchaouen does
    s.touch()
    after = _obs(s)
    a, _ = _block(1, "tours_removed")
    assert after[a + c] == 1.0 and before[a + c] == 0.0
    d = s.tour_row[1]
    s.tour_row[1] = -1
    s.rival_tours.append(d)
    s.rival_points += C.TOUR_POINTS[d]
    s.touch()
    a, _ = _block(1, "rival_tours")
    assert _obs(s)[a + d] == 1.0


def test_whole_itinerary_discard_pile_with_its_order_is_observed():
    s = build_state(2)
    first, second = s.itin_deck[0], s.itin_deck[1]
    place_itinerary(s, first, "itin_discard", None)
    place_itinerary(s, second, "itin_discard", None)
    a, _ = _block(2, "itinerary_discard_order")
    o = _obs(s)
    assert o[a + first] == pytest.approx(1 / 46) and o[a + second] == pytest.approx(2 / 46)
    # the same two cards in the other order: a different view (the order is remembered)
    t = build_state(2)
    place_itinerary(t, second, "itin_discard", None)
    place_itinerary(t, first, "itin_discard", None)
    assert (_obs(t) != o).any()


def test_flipped_rival_cards_are_observed():
    s = build_state(1)
    a, b = _block(1, "rival_flipped")
    assert not _obs(s)[a:b].any()
    s._rival_turn()
    s.touch()
    flipped = _obs(s)[a:b]
    assert flipped.sum() > 0 and (flipped <= 1).all()


def test_known_encounter_deck_after_a_reshuffle_is_observed():
    s = build_state(2)
    a, b = _block(2, "encounter_deck_known")
    s.enc_discard.extend(s.enc_deck)
    s.enc_deck.clear()
    s.touch()
    assert not _obs(s)[a:b].any()
    s._refill_encounters()  # the deck is empty: the discard pile becomes the deck
    s.touch()
    o = _obs(s)
    assert s.enc_reshuffled and {int(i) for i in np.flatnonzero(o[a:b])} == set(s.enc_deck[:-1])


def test_token_counts_and_scores_beyond_old_caps_stay_distinct():
    views = []
    for k in (5, 6, 15):
        s = build_state(2)
        give_tokens(s, 0, [k, 1, 0, 0])
        views.append(_obs(s)[_block(2, "me.tokens")[0]])
    assert len(set(views)) == 3 and views[-1] == 1.0
    s = build_state(2)
    for name in ("Bora Bora", "Avenue of the Baobabs", "Kakadu", "Galápagos Islands", "Timbuktu", "Milford Sound"):
        place_card(s, card(name), "tours", None, player=0)
    for name in ("Angkor Wat", "Great Wall", "Grand Canyon", "Chichén Itzá", "Angel Falls"):
        place_card(s, card(name), "encs", None, player=0)
    give_tokens(s, 1, [0, 0, 0, 0])  # seat 1's Frequent Flyer back to the supply: all 15 for seat 0
    give_tokens(s, 0, [15, 15, 15, 15])
    assert s.score(0) > 200
    o = _obs(s)
    value = o[_block(2, "me.turns_taken_first_player_score")[1] - 1]
    assert value == pytest.approx(s.score(0) / SCORE_SCALE) and value < 1.0


def test_frequent_flyer_departure_is_observed_before_the_move():
    s = build_state(2, locations=[C.NODE_INDEX["zhangjiajie"]] * 2)
    give_tokens(s, 0, [0, 1, 0, 0])
    before = _obs(s)
    s.apply_action(211)  # Frequent Flyer token
    s.apply_action(C.AIRPORTS[0])
    a, _ = _block(2, "move_visited")
    after = _obs(s)
    assert after[a + C.NODE_INDEX["zhangjiajie"]] == 1.0 and before[a + C.NODE_INDEX["zhangjiajie"]] == 0.0
    ref = np.zeros_like(after)
    encode_observation_uncached(s, 0, ref)
    assert (ref == after).all()


def test_turn_counts_never_clip():
    from travel_envs.games.trekking_the_world.encoder import turn_value

    values = np.array([turn_value(t) for t in range(0, 20_001)], np.float32)
    assert values[0] == 0.0 and (np.diff(values) > 0).all() and values[-1] < 1.0
    s = build_state(2)
    a = _block(2, "me.turns_taken_first_player_score")[0]
    seen = set()
    for t in (49, 50, 51, 150, 300):
        s.turns_taken[0] = t
        s.touch()
        seen.add(float(_obs(s)[a]))
    assert len(seen) == 5


def test_where_the_turn_began_stays_observed_once_the_move_is_under_way():
    """After a Frequent Flyer flight the move's mask (with Milford Sound: where it may not end) and
    the Lencois step depend on where the turn began: the move_start block keeps it beside the
    move's own start, also once the walk has mixed it into the visited block."""
    z, europe = C.NODE_INDEX["zhangjiajie"], C.NODE_INDEX["europe_airport"]
    s = build_state(2, locations=[z] * 2, auto_forced=False)
    give_tokens(s, 0, [0, 1, 0, 0])
    s.apply_action(211)  # Frequent Flyer token
    s.apply_action(europe)
    place_itinerary(s, 0, "itin_row", 0)
    s.apply_action(55)  # the Itinerary in row slot 1
    s.apply_action(216)  # no Move token: start moving
    a, _ = _block(2, "move_start")
    after = _obs(s)
    assert after[a + z] == 1.0 and after[a + europe] == 1.0 and after[a:a + C.NUM_LOCATIONS].sum() == 2.0
    ref = np.zeros_like(after)
    encode_observation_uncached(s, 0, ref)
    assert (ref == after).all()
    assert "May not end the move on: " in s.observation_text(0)
