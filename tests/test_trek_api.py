"""Trek: module and registry, rendering, parameters, clone internals, hidden information (the generic
API, round-trip and illegal-input checks are in tests/test_game_contract.py)."""

from __future__ import annotations

import numpy as np
import pytest

import travel_envs
from travel_envs import trek_v0
from travel_envs.core.game import ParameterError
from travel_envs.games.trek import GAME, HeuristicPolicy
from travel_envs.games.trek import actions as A
from travel_envs.games.trek import components as C
from travel_envs.games.trek.encoder import PLAYER_OFFSETS, observation_size
from travel_envs.games.trek.engine import TrekGame

PLAYER_COUNTS = (2, 3, 4, 5, 6)


def test_module_and_registry():
    assert "trek_v0" in travel_envs.list_envs()
    env = trek_v0.raw_env(num_players=3)
    env.reset(seed=1)
    assert env.game.observation_size == observation_size(3) == 23 * 3 + 109
    assert env.action_space("player_0").n == A.NUM_ACTIONS == 100
    assert env.state().shape == (env.game.state_size,)


def test_ansi_render_shows_ladder_indicators_players_and_hand():
    env = trek_v0.env(num_players=3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    for part in ("G6: 12 [6, WIN]", "G1:  1 [1, £30]", "Base P0 P1 P2", "Stores £  5", "Mules  £ 10",
                 "Jeeps  £ 20", "P0 (Red): £290", "P1 (Blue): £300", "P0's hand:"):
        assert part in text, part


def test_parameters_are_validated_with_clear_errors():
    with pytest.raises(ParameterError, match="num_players=7"):
        TrekGame(num_players=7)
    with pytest.raises(ParameterError, match="num_players=1"):
        TrekGame(num_players=1)
    with pytest.raises(ParameterError, match=r"stores_requirement='keep'.*\['hold', 'spend'\]"):
        TrekGame(stores_requirement="keep")
    with pytest.raises(ParameterError, match="base_needs_transport"):
        TrekGame(base_needs_transport="yes")
    with pytest.raises(ParameterError, match="stores_prices"):
        TrekGame(stores_prices=[5, 10])
    with pytest.raises(ParameterError, match="must not decrease"):
        TrekGame(jeep_prices=[40, 30, 80, 100, 120, 140])
    with pytest.raises(ParameterError, match="unknown parameter"):
        TrekGame(colour="red")
    g = TrekGame(num_players=4, stores_prices=[1, 2, 3, 4, 5, 6, 7, 8, 9], max_turns=50)
    assert g.params.stores_prices == (1, 2, 3, 4, 5, 6, 7, 8, 9)


def _play_random(state, steps, seed):
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        legal = np.flatnonzero(state.legal_action_mask())
        state.apply_action(int(rng.choice(legal)))


def test_clone_is_independent():
    game = TrekGame(num_players=3)
    s = game.new_initial_state(np.random.default_rng(4))
    _play_random(s, 40, 1)
    c = s.clone()
    assert c.to_dict() == s.to_dict()
    before = s.to_dict()
    _play_random(c, 200, 2)
    assert s.to_dict() == before
    c.hands[0][0] += 5
    c.held[1][0] += 1
    assert s.to_dict() == before
    _play_random(s, 200, 2)
    c2 = game.state_from_dict(before)
    _play_random(c2, 200, 2)
    assert c2.to_dict() == s.to_dict()


def test_same_seed_same_game():
    a = trek_v0.raw_env(num_players=3)
    b = trek_v0.raw_env(num_players=3)
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.game_state.to_dict() == b.game_state.to_dict()


def test_hidden_information_does_not_move_my_observation():
    game = TrekGame(num_players=3)
    s = game.new_initial_state(np.random.default_rng(6))
    _play_random(s, 30, 3)
    mine = np.zeros(game.observation_size, np.float32)
    s.observation(0, mine)
    other = s.clone()
    # swap a card between player 1's hand and the pack, and reorder the pack
    h = other.hands[1]
    t_out = next(t for t in range(C.NUM_CARD_TYPES) if h[t])
    t_in = next(t for t in other.pack if t != t_out)
    other.pack.remove(t_in)
    other.pack.append(t_out)
    other.pack.reverse()
    h[t_out] -= 1
    h[t_in] += 1
    again = np.zeros(game.observation_size, np.float32)
    other.observation(0, again)
    assert np.array_equal(mine, again)
    # my own hand does show
    other.hands[0][t_in] += 1
    again[:] = 0
    other.observation(0, again)
    assert not np.array_equal(mine, again)
    # and the full state tensor sees everything
    full_a = np.zeros(game.state_size, np.float32)
    full_b = np.zeros(game.state_size, np.float32)
    s.state_tensor(full_a)
    other.state_tensor(full_b)
    assert not np.array_equal(full_a, full_b)


def test_own_block_comes_first_with_cash_and_units_scaled_and_bounded():
    """(The other players' blocks in turn order are the shared check of test_game_contract.py.)"""
    game = TrekGame(num_players=3)
    s = game.new_initial_state(np.random.default_rng(7))
    s.cash[2] = 5000
    s.held[2][0] = 7
    s.pool[0] -= 7
    obs = np.zeros(game.observation_size, np.float32)
    s.observation(2, obs)
    assert obs[PLAYER_OFFSETS["in_game"]] == 1.0
    assert obs[PLAYER_OFFSETS["cash"]] == pytest.approx(5000 / 5300)  # c / (c + 300)
    assert obs[PLAYER_OFFSETS["units"]] == pytest.approx(7 / 54)  # Stores / 54
    low, high = GAME.observation_bounds
    assert obs.min() >= low and obs.max() <= high


def test_heuristic_reads_only_public_information_and_returns_legal_actions():
    env = trek_v0.raw_env(num_players=4)
    env.reset(seed=5)
    pol = HeuristicPolicy(seed=0)
    for _ in range(400):
        if all(env.terminations.values()) or all(env.truncations.values()):
            break
        agent = env.agent_selection
        obs = env.observe(agent)
        state = env.game_state
        a = pol.act(obs["observation"], obs["action_mask"], state)
        # the same decision with the other players' hands and the pack shuffled
        other = state.clone()
        seat = state.current_player
        pooled = other.pack + [t for q in range(4) if q != seat for t in range(21) for _ in range(other.hands[q][t])]
        np.random.default_rng(1).shuffle(pooled)
        for q in range(4):
            if q != seat and other.alive[q]:
                other.hands[q] = [0] * 21
                for _ in range(4):
                    other.hands[q][pooled.pop()] += 1
        other.pack = pooled
        assert HeuristicPolicy(seed=0).act(obs["observation"], obs["action_mask"], other) == a
        assert obs["action_mask"][a]
        env.step(a)
