"""Itchy Feet state plumbing: to_dict/from_dict checks (G3), deepcopy and pickle of a running env
(G4), and random games through the env that end by the game's own rules, never by the adapter's
max_decisions truncation (G5)."""

import copy
import pickle

import numpy as np
import pytest

import travel_envs
from travel_envs.core.game import ParameterError
from travel_envs.games.itchy_feet import GAME
from travel_envs.games.itchy_feet.components import EXTENSION_NAMES

PLAYER_COUNTS = [2, 3, 4, 5, 6]


def played_state(n=3, steps=60, **params):
    game = GAME(num_players=n, **params)
    st = game.new_initial_state(np.random.default_rng(n))
    rng = np.random.default_rng(0)
    for _ in range(steps):
        if st.is_terminal:
            break
        st.apply_action(int(rng.choice(np.flatnonzero(st.legal_action_mask()))))
    return st


# ---------------------------------------------------------------- G3 to_dict / from_dict
def test_to_dict_records_game_and_parameters():
    d = played_state(extensions="all").to_dict()
    assert d["game"] == "itchy_feet" and d["params"]["num_players"] == 3
    assert d["params"]["extensions"] == list(EXTENSION_NAMES)


def test_from_dict_refuses_another_player_count_or_variant():
    d = played_state(n=2).to_dict()
    with pytest.raises(ParameterError, match="num_players"):
        GAME(num_players=3).state_from_dict(d)
    with pytest.raises(ParameterError, match="extensions"):
        GAME(num_players=2, extensions="all").state_from_dict(d)
    with pytest.raises(ParameterError, match="steal_action"):
        GAME(num_players=2, steal_action=True).state_from_dict(d)
    with pytest.raises(ParameterError, match="game 'trek'"):
        GAME(num_players=2).state_from_dict({**d, "game": "trek"})


@pytest.mark.parametrize("key", ["hands", "known", "seen", "draw", "stack", "turn_player", "rng", "done_country"])
def test_from_dict_names_a_missing_key(key):
    d = played_state().to_dict()
    del d[key]
    with pytest.raises(ParameterError, match=key):
        GAME(num_players=3).state_from_dict(d)


@pytest.mark.parametrize("key, value, message", [
    ("turn_player", 3, "turn_player"),
    ("actor", 7, "actor"),
    ("centre", 12, "centre"),
    ("own_country", [0, 1], "own_country"),
    ("draw", [0, 30], "draw"),
    ("characters", [0, 1, 6], "characters"),
    ("ph", 99, "ph"),
    ("hands", [[0] * 30, [0] * 30], "hands"),
    ("stack", [["format_disk"]], "stack"),
    ("rng", {"bit_generator": "NoSuchGenerator"}, "rng"),
])
def test_from_dict_names_an_out_of_range_value(key, value, message):
    d = played_state().to_dict()
    d[key] = value
    with pytest.raises(ParameterError, match=message):
        GAME(num_players=3).state_from_dict(d)


def test_from_dict_checks_sizes_and_knowledge_against_the_hands():
    d = played_state().to_dict()
    d["sizes"] = [s + 1 for s in d["sizes"]]
    with pytest.raises(ParameterError, match="sizes"):
        GAME(num_players=3).state_from_dict(d)
    d = played_state().to_dict()
    d["known"][1] = [h + 1 for h in d["hands"][1]]
    with pytest.raises(ParameterError, match="known"):
        GAME(num_players=3).state_from_dict(d)
    d = played_state().to_dict()
    d["seen"][0][1] = [h + 1 for h in d["hands"][1]]
    with pytest.raises(ParameterError, match="seen"):
        GAME(num_players=3).state_from_dict(d)
    d = played_state().to_dict()
    d["seen"][2] = d["seen"][2][:2]
    with pytest.raises(ParameterError, match="seen"):
        GAME(num_players=3).state_from_dict(d)


# ---------------------------------------------------------------- G4 deepcopy / pickle
def _step_random(env, rng):
    agent = env.agent_selection
    if env.terminations[agent] or env.truncations[agent]:
        env.step(None)
        return None
    mask = env.observe(agent)["action_mask"]
    a = int(rng.choice(np.flatnonzero(mask)))
    env.step(a)
    return a


def _trace(env, actions):
    out = []
    for a in actions:
        if not env.agents:
            break
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
        elif a is not None:
            env.step(a)
        ob = env.observe(env.agent_selection) if env.agents else None
        out.append((env.agent_selection if env.agents else None,
                    None if ob is None else ob["observation"].tobytes(),
                    None if ob is None else ob["action_mask"].tobytes(),
                    dict(env.rewards)))
    return out


@pytest.mark.parametrize("n", PLAYER_COUNTS)
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_deepcopy_and_pickle_mid_episode_play_on_identically(n, render_mode):
    env = travel_envs.make("itchy_feet_v0", num_players=n, extensions="all", render_mode=render_mode)
    env.reset(seed=n)
    rng = np.random.default_rng(n)
    for _ in range(40):
        _step_random(env, rng)
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    # the original's future moves, then replayed on each copy
    probe = copy.deepcopy(env)
    actions = []
    for _ in range(150):
        if not probe.agents:
            break
        actions.append(_step_random(probe, rng))
    expected = _trace(env, actions)
    for c in copies:
        assert _trace(c, actions) == expected


# ---------------------------------------------------------------- G5 games end by their own rules
def play_env_to_the_end(n, seed, **params):
    env = travel_envs.make("itchy_feet_v0", num_players=n, **params)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while env.agents:
        _step_random(env, rng)
        assert not any(env.truncations.values()), (n, params, "truncated by max_decisions")
    state = env.unwrapped.game_state
    assert state.is_terminal
    return state


FAST_VARIANTS = [dict(), dict(extensions="all"), dict(extensions="all", steal_action=True, reactions=False)]
SWEEP_VARIANTS = (
    [dict(extensions=[e]) for e in EXTENSION_NAMES]
    + [dict(extensions="all", steal_action=s, reactions=r, one_sided_trades=o)
       for s in (False, True) for r in (False, True) for o in (False, True)]
    + [dict(max_trade_offers=m, extensions="all") for m in (1, 20)]
    + [dict(steal_action=True), dict(reactions=False), dict(one_sided_trades=True)]
    # the largest turn cap, with the variant that takes the most decisions a turn
    + [dict(max_turns=1000, extensions="all", steal_action=True, one_sided_trades=True, max_trade_offers=20)]
)


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_random_games_end_by_the_rules_fast(n):
    for i, params in enumerate(FAST_VARIANTS):
        play_env_to_the_end(n, 10 * n + i, **params)


@pytest.mark.slow
@pytest.mark.parametrize("params", SWEEP_VARIANTS, ids=str)
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_random_games_end_by_the_rules_sweep(n, params):
    for seed in range(3):
        play_env_to_the_end(n, seed, **params)
