"""The common contract for Trekking: resample_hidden (G1), no-peeking baselines (G2), checked
to_dict/from_dict (G3), deepcopy/pickle of a live env (G4), games end by the rules for every player
count and parameter value (G5), observation_text (G6)."""

import copy
import pickle

import numpy as np
import pytest

import travel_envs
from travel_envs.core.game import ParameterError
from travel_envs.games.trekking import GAME, HeuristicPolicy
from travel_envs.games.trekking.encoder import OBS_SIZE
from test_trekking_hike_sim import check_invariants

NS = (1, 2, 3, 4)
VARIANTS = {1: [{}, {"solo_difficulty": "hard"}, {"map": "random", "solo_refill": "3p"}],
            2: [{}, {"map": "random"}], 3: [{"search_requires_threshold": True}], 4: [{}]}


def positions(n, params, seeds, every=3):
    """States along seeded random games (every ``every``-th decision, every phase)."""
    g = GAME(num_players=n, **params)
    out = []
    for seed in seeds:
        st = g.new_initial_state(np.random.default_rng(seed))
        rng = np.random.default_rng(seed + 500)
        k = 0
        while not st.is_terminal:
            if k % every == 0:
                out.append(st.clone())
            st.apply_action(int(rng.choice(np.flatnonzero(st.legal_action_mask()))))
            k += 1
    return out


def view(st, seat):
    out = np.zeros(OBS_SIZE, np.float32)
    st.observation(seat, out)
    return out


def hidden(st):
    return (st.route_piles, st.rest_piles, st.opp_deck, st.rng.bit_generator.state["state"])


# ------------------------------------------------------------------ G1
@pytest.mark.parametrize("n", NS)
def test_resample_keeps_the_view_and_redraws_the_hidden_part(n):
    rng = np.random.default_rng(n)
    changed = total = 0
    for params in VARIANTS[n]:
        for st in positions(n, params, range(2)):
            for seat in range(n):
                r = st.resample_hidden(seat, rng)
                assert np.array_equal(view(st, seat), view(r, seat))
                if st.current_player == seat:
                    assert np.array_equal(st.legal_action_mask(), r.legal_action_mask())
                assert st.observation_text(seat) == r.observation_text(seat)
                check_invariants(r)
                total += 1
                changed += hidden(r) != hidden(st)
    assert changed > total // 2


@pytest.mark.parametrize("n", NS)
def test_resampled_states_play_on_legally_to_the_end(n):
    rng = np.random.default_rng(10 + n)
    for st in positions(n, VARIANTS[n][-1], [3], every=7):
        r = st.resample_hidden(st.current_player if st.current_player >= 0 else 0, rng)
        while not r.is_terminal:
            r.apply_action(int(rng.choice(np.flatnonzero(r.legal_action_mask()))))
            check_invariants(r)
        assert all(len(g) == 12 for g in r.gps)


def test_resample_spreads_an_unseen_card_over_its_possible_places():
    st = GAME(num_players=2).new_initial_state(np.random.default_rng(4))
    card = st.route_piles[1][0]  # the bottom of the green descent pile: unseen
    places = set()
    rng = np.random.default_rng(0)
    for _ in range(300):
        r = st.resample_hidden(0, rng)
        pile = 0 if card in r.route_piles[0] else 1
        places.add((pile, r.route_piles[pile].index(card)))
        assert card != r.route_piles[0][-1]  # never onto the face-up top of the ascent pile
    assert len(places) > 10 and len({p for p, _ in places}) == 2
    top = st.route_piles[0][-1]
    assert all(st.resample_hidden(0, rng).route_piles[0][-1] == top for _ in range(20))


# ------------------------------------------------------------------ G2
def peek_mismatches(make_policy, states):
    """How often a policy acts differently on a state and on a resample of it (same policy seed)."""
    rng = np.random.default_rng(99)
    bad = 0
    for i, st in enumerate(states):
        seat = st.current_player
        if seat < 0:
            continue
        o = view(st, seat)
        mask = st.legal_action_mask()
        a = make_policy(i).act(o, mask, st)
        b = make_policy(i).act(o, mask.copy(), st.resample_hidden(seat, rng))
        bad += a != b
    return bad


def _peek_positions():
    out = []
    for n in NS:
        for params in VARIANTS[n][:2]:
            out += positions(n, params, range(4), every=2)
    return out


def test_heuristic_decides_the_same_on_resampled_states():
    states = _peek_positions()
    assert len(states) >= 300
    assert peek_mismatches(HeuristicPolicy, states) == 0


class _BagPeeker(HeuristicPolicy):
    """An injected peek: picks by what the green bag would give next (the state's generator)."""

    def act(self, observation, action_mask, state=None):
        legal = np.flatnonzero(action_mask)
        animal = state.clone()._draw(0)
        return int(legal[animal % len(legal)])


def test_the_no_peeking_check_catches_a_peek_at_the_bag():
    assert peek_mismatches(_BagPeeker, _peek_positions()[:200]) > 0


# ------------------------------------------------------------------ G3
def _mid(n=2, **params):
    ps = positions(n, params, [0], every=1)
    return ps[len(ps) // 2]


def test_to_dict_round_trip_and_header():
    st = _mid(3)
    d = st.to_dict()
    assert d["game"] == "trekking" and d["params"]["num_players"] == 3
    back = st.game.state_from_dict(d)
    assert back.to_dict() == d and np.array_equal(view(back, 1), view(st, 1))


@pytest.mark.parametrize("other", [dict(num_players=3), dict(map="random"), dict(search_requires_threshold=True),
                                   dict(route_plan="recommended")])
def test_from_dict_refuses_another_player_count_or_variant(other):
    d = _mid(2).to_dict()
    with pytest.raises(ParameterError, match="other parameters"):
        GAME(**{"num_players": 2, **other}).state_from_dict(d)


@pytest.mark.parametrize("key", ["energy", "route_piles", "rng", "stage"])
def test_from_dict_names_a_missing_key(key):
    st = _mid(2)
    d = st.to_dict()
    del d[key]
    with pytest.raises(ParameterError, match=key):
        st.game.state_from_dict(d)


@pytest.mark.parametrize("key,edit", [
    ("energy", lambda d: d["energy"].__setitem__(0, 99)),
    ("rnd", lambda d: d.__setitem__("rnd", 13)),
    ("pos", lambda d: d["pos"].__setitem__(1, 36)),
    ("pos", lambda d: d["pos"].append(3)),
    ("route_piles", lambda d: d["route_piles"][0].append(d["route_piles"][1][0])),
    ("bags", lambda d: d["bags"][0].__setitem__(0, d["bags"][0][0] + 1)),
    ("stage", lambda d: d.__setitem__("stage", "lunch")),
    ("map_animals", lambda d: d["map_animals"].__setitem__(0, 7)),
])
def test_from_dict_names_an_out_of_range_value(key, edit):
    st = _mid(2)
    d = st.to_dict()
    edit(d)
    with pytest.raises(ParameterError, match=key):
        st.game.state_from_dict(d)


# ------------------------------------------------------------------ G4
def _play(env, rng, steps):
    for _ in range(steps):
        if not env.agents:
            return
        o, r, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(o["action_mask"]))))


@pytest.mark.parametrize("n", NS)
@pytest.mark.parametrize("render_mode", [None, "ansi", "rgb_array"])
def test_deepcopy_and_pickle_of_a_live_env_play_on_identically(n, render_mode):
    env = travel_envs.make("trekking_v0", num_players=n, render_mode=render_mode)
    env.reset(seed=n)
    _play(env, np.random.default_rng(0), 7)
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    rngs = [np.random.default_rng(1) for _ in range(3)]
    for _ in range(400):
        outs = []
        for e, r in zip([env] + copies, rngs):
            if not e.agents:
                outs.append(None)
                continue
            o, rew, term, trunc, _ = e.last()
            outs.append((e.agent_selection, o["observation"].tobytes(), o["action_mask"].tobytes(), rew, term, trunc))
            e.step(None if term or trunc else int(r.choice(np.flatnonzero(o["action_mask"]))))
        assert outs[0] == outs[1] == outs[2]
        if outs[0] is None:
            break
    assert not env.agents


# ------------------------------------------------------------------ G5
PARAM_VALUES = [
    ("route_plan", "random"), ("route_plan", "recommended"),
    ("route_plan", ("fog", "rain", "photos", "mulhacen", "variety", "encounters")),
    ("gps_side", "auto"), ("gps_side", "basic"), ("gps_side", "advanced"),
    ("solo_difficulty", "easy"), ("solo_difficulty", "hard"), ("map", "E"), ("map", "random"),
    ("start_energy", 0), ("start_energy", 15), ("energy_max", 10), ("energy_max", 30),
    ("weather_colour", ("red", "green", "yellow")),
    ("vignette_cover_margin", 0), ("vignette_cover_margin", 100), ("vignette_cover_margin", 200),
    ("summit_recent_window", 0), ("summit_recent_window", 11),
    ("solo_refill", "4p"), ("solo_refill", "3p"), ("solo_refill", "none"),
    ("solo_summit_tokens", 1), ("solo_summit_tokens", 4),
    ("sunday_hikers_are_hikers", True), ("sunday_hikers_are_hikers", False),
    ("rest_flip_same_turn", True), ("rest_flip_same_turn", False),
    ("search_requires_threshold", False), ("search_requires_threshold", True),
    ("start_refuge", "choose"), ("start_refuge", "random"),
]


def ends_by_the_rules(n, params, seed):
    env = travel_envs.make("trekking_v0", num_players=n, **params)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        o, _, term, trunc, _ = env.last()
        assert not trunc, f"truncated: {n} players, {params}"
        env.step(None if term else int(rng.choice(np.flatnonzero(o["action_mask"]))))
    return env.unwrapped.game_state.is_terminal


@pytest.mark.parametrize("i", range(len(PARAM_VALUES)))
def test_every_parameter_value_ends_by_the_rules(i):
    name, value = PARAM_VALUES[i]
    assert ends_by_the_rules(1 + i % 4, {name: value}, i)


@pytest.mark.slow
@pytest.mark.parametrize("n", NS)
def test_every_parameter_value_ends_by_the_rules_at_every_player_count(n):
    for i, (name, value) in enumerate(PARAM_VALUES):
        for seed in range(3):
            assert ends_by_the_rules(n, {name: value}, 100 * i + seed)


# ------------------------------------------------------------------ G6
def test_observation_text_shows_public_facts_and_hides_the_rest():
    st = _mid(1)
    text = st.observation_text(0)
    assert "Sunday hikers" in text and "Reserve:" in text and "deck top" in text
    d = st.to_dict()
    for c in range(3):  # hidden: the descent piles and everything below the tops
        d["route_piles"][2 * c + 1].reverse()
        d["route_piles"][2 * c][:-1] = d["route_piles"][2 * c][:-1][::-1]
    d["opp_deck"][:-1] = d["opp_deck"][:-1][::-1]
    d["rng"] = np.random.default_rng(5).bit_generator.state
    assert st.game.state_from_dict(d).observation_text(0) == text
    d = st.to_dict()
    d["energy"][0] = (d["energy"][0] + 1) % 16  # public: the energy
    assert st.game.state_from_dict(d).observation_text(0) != text
    d = st.to_dict()
    sp = next(i for i, a in enumerate(d["map_animals"]) if a >= 0)  # public: an animal leaves the map
    d["bags"][st.map.animal_bag[sp]][d["map_animals"][sp]] += 1
    d["map_animals"][sp] = -1
    assert st.game.state_from_dict(d).observation_text(0) != text


@pytest.mark.parametrize("n", (2, 4))
def test_observation_text_of_each_seat_is_seat_relative(n):
    st = _mid(n)
    texts = [st.observation_text(s) for s in range(n)]
    assert len(set(texts)) == n and all(t.count("You (seat") == 1 for t in texts)
