"""Trek and the common game contract: resample_hidden (G1), no peeking (G2), to_dict checks (G3),
deepcopy/pickle (G4), observation_text (G6)."""

from __future__ import annotations

import copy
import itertools
import pickle

import numpy as np
import pytest

import travel_envs
from travel_envs.core.game import ParameterError
from travel_envs.games.trek import HeuristicPolicy
from travel_envs.games.trek import components as C
from travel_envs.games.trek.engine import TrekGame
from travel_envs.games.trek.heuristic import HOARD_STYLE, RUSH_STYLE

from test_trek_rules import check_invariants


def positions(n, seeds, every=7, policy="random"):
    """States met along seeded games (random or heuristic play), every ``every`` decisions."""
    game = TrekGame(num_players=n)
    for seed in seeds:
        s = game.new_initial_state(np.random.default_rng(seed))
        rng = np.random.default_rng(seed + 500)
        pols = [HeuristicPolicy(seed=q) for q in range(n)]
        k = 0
        while not s.is_terminal:
            if k % every == 0:
                yield s
            if policy == "random":
                legal = np.flatnonzero(s.legal_action_mask())
                a = int(legal[rng.integers(legal.size)])
            else:
                a = pols[s.current_player].act(None, s.legal_action_mask(), s)
            s.apply_action(a)
            k += 1


def obs_of(s, seat):
    out = np.zeros(s.game.observation_size, np.float32)
    s.observation(seat, out)
    return out


# ------------------------------------------------------------------- G1 resample
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_resample_keeps_the_seats_view_and_redraws_the_hidden_cards(n):
    rng = np.random.default_rng(n)
    changed = checked = 0
    for s in positions(n, range(3), every=11):
        seat = int(rng.integers(n))
        r = s.resample_hidden(seat, rng)
        assert np.array_equal(obs_of(s, seat), obs_of(r, seat))
        assert r.observation_text(seat) == s.observation_text(seat)
        if s.current_player == seat:
            assert np.array_equal(s.legal_action_mask(), r.legal_action_mask())
        assert r.hands[seat] == s.hands[seat] and r.discard == s.discard and len(r.pack) == len(s.pack)
        assert all(sum(r.hands[q]) == sum(s.hands[q]) for q in range(n))
        check_invariants(r)
        changed += r.pack != s.pack or r.hands != s.hands
        checked += 1
    assert checked > 10 and changed > checked // 2


def test_resampled_state_plays_on_legally_to_the_end():
    for n in (2, 4, 6):
        for i, s in enumerate(positions(n, [3], every=25)):
            r = s.resample_hidden(i % n, np.random.default_rng(i))
            rng = np.random.default_rng(i + 1)
            while not r.is_terminal:
                legal = np.flatnonzero(r.legal_action_mask())
                r.apply_action(int(legal[rng.integers(legal.size)]))
                check_invariants(r)
            assert r.end_reason in ("reached Camp 12", "last player left", "turn cap")


def test_resampled_generator_is_fresh():
    s = next(positions(3, [1]))
    r = s.resample_hidden(0, np.random.default_rng(9))
    assert r.rng.bit_generator.state != s.rng.bit_generator.state


def test_an_unseen_card_is_spread_over_every_possible_place():
    game = TrekGame(num_players=3)
    s = game.new_initial_state(np.random.default_rng(4))
    # a card type seat 0 does not hold: where does one copy end up over many resamples?
    t = next(t for t in range(C.NUM_CARD_TYPES) if s.hands[0][t] == 0 and s.hands[1][t] >= 1)
    places = {"P1": 0, "P2": 0, "pack": 0}
    rng = np.random.default_rng(0)
    for _ in range(400):
        r = s.resample_hidden(0, rng)
        places["P1"] += r.hands[1][t] > 0
        places["P2"] += r.hands[2][t] > 0
        places["pack"] += t in r.pack
        assert r.hands[0] == s.hands[0]
    assert all(v > 20 for v in places.values()), places  # not always in the true place (P1)
    assert places["P1"] < 300


# --------------------------------------------------------------- G2 no peeking
class PeekingHeuristic(HeuristicPolicy):
    """A heuristic that cheats: it discards the top card of the pack's type when it holds one."""

    def act(self, observation, action_mask, state=None):
        if state is not None and state.phase_id == 0 and state.pack:
            top = state.pack[-1]
            if state.hands[state.current_player][top] and action_mask[top]:
                return top
        return super().act(observation, action_mask, state)


def peeked_decisions(make_policy, players=(2, 3, 4, 5, 6), seeds=range(3)):
    """How many decisions of ``make_policy(seed)`` change when hidden data is resampled."""
    differ = total = 0
    rng = np.random.default_rng(77)
    for n in players:
        for s in positions(n, seeds, every=3, policy="heuristic"):
            seat = s.current_player
            mask = s.legal_action_mask()
            obs = obs_of(s, seat)
            a = make_policy(5).act(obs, mask, s)
            b = make_policy(5).act(obs, mask, s.resample_hidden(seat, rng))
            differ += a != b
            total += 1
    return differ, total


@pytest.mark.parametrize("style", [None, RUSH_STYLE, HOARD_STYLE], ids=["heuristic", "rush", "hoard"])
def test_heuristics_decide_only_from_what_their_seat_knows(style):
    make = (lambda seed: HeuristicPolicy(seed=seed)) if style is None else (
        lambda seed: HeuristicPolicy(seed=seed, style=style))
    differ, total = peeked_decisions(make)
    assert total >= 300 and differ == 0


def test_the_no_peeking_check_catches_a_peek_at_the_pack_top():
    differ, total = peeked_decisions(lambda seed: PeekingHeuristic(seed=seed))
    assert differ > 0


# ---------------------------------------------------------- G3 to_dict / from_dict
def _mid_game_dict(n=3):
    """A state dict after 80 random decisions of a default ``n``-player game."""
    game = TrekGame(num_players=n)
    s = next(itertools.islice(positions(n, [2], every=40), 2, None))
    assert s.turns > 10 and not s.is_terminal
    return game, s.to_dict()


def test_state_dict_carries_game_version_and_parameters():
    game, d = _mid_game_dict()
    assert d["game"] == "trek" and d["params"]["num_players"] == 3 and d["params"]["economy"] == "v1"
    assert game.state_from_dict(d).to_dict() == d


def test_from_dict_refuses_another_player_count_or_variant():
    game, d = _mid_game_dict(3)
    with pytest.raises(ParameterError, match="num_players"):
        TrekGame(num_players=2).state_from_dict(d)
    with pytest.raises(ParameterError, match="economy"):
        TrekGame(num_players=3, economy="v0-reconstruction").state_from_dict(d)
    with pytest.raises(ParameterError, match="stores_requirement"):
        TrekGame(num_players=3, stores_requirement="spend").state_from_dict(d)


@pytest.mark.parametrize("key", ["cash", "hands", "pack", "rng", "phase_id"])
def test_from_dict_names_a_missing_key(key):
    game, d = _mid_game_dict()
    del d[key]
    with pytest.raises(ParameterError, match=key):
        game.state_from_dict(d)


@pytest.mark.parametrize("key,value,match", [
    ("cash", [300, -5, 300], "cash"),
    ("cash", [300, 300], "cash"),
    ("pos", [0, 13, 0], "pos"),
    ("held", [[0, 0, 0], [0, 0, 0]], "held"),
    ("pool", [54, 18, 7], "pool"),
    ("turn_player", 3, "turn_player"),
    ("phase_id", 9, "phase_id"),
    ("alive", [1, 1, 1], "alive"),
    ("end_reason", "bored", "end_reason"),
])
def test_from_dict_checks_lengths_and_value_ranges(key, value, match):
    game, d = _mid_game_dict()
    d[key] = value
    with pytest.raises(ParameterError, match=match):
        game.state_from_dict(d)


def test_from_dict_refuses_cards_created_or_lost():
    game, d = _mid_game_dict()
    d["pack"] = d["pack"] + [0]
    with pytest.raises(ParameterError, match="pack of cards"):
        game.state_from_dict(d)


# ------------------------------------------------------------ G4 deepcopy / pickle
def _env_steps(env, actions):
    out = []
    for a in actions:
        if not env.agents:
            break
        agent = env.agent_selection
        obs, rew, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            out.append(("done", agent, rew))
            continue
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        act = int(legal[a % legal.size])
        env.step(act)
        out.append((agent, obs["observation"].tobytes(), mask.tobytes(), rew, act))
    return out


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_deepcopy_and_pickle_mid_episode_play_on_identically(n, render_mode):
    env = travel_envs.make("trek_v0", num_players=n, render_mode=render_mode)
    env.reset(seed=n)
    rng = np.random.default_rng(n)
    _env_steps(env, rng.integers(0, 1000, size=60).tolist())
    future = rng.integers(0, 1000, size=200).tolist()
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    expected = _env_steps(env, future)
    for c in copies:
        assert _env_steps(c, future) == expected
        if render_mode:
            assert c.render() == env.render()


# -------------------------------------------------------------- G6 observation_text
def test_observation_text_shows_public_facts_and_only_the_own_hand():
    s = next(positions(3, [5], every=30))
    text = s.observation_text(1)
    assert "View of P1" in text and "Your hand: " in text and "Cards in other hands (hidden): P0 4, P2 4" in text
    own = ", ".join(C.CARD_NAMES[t] for t in range(C.NUM_CARD_TYPES) for _ in range(s.hands[1][t]))
    assert f"Your hand: {own}" in text
    # other seats' hidden cards and the pack order do not show
    other = s.clone()
    h0 = other.hands[0]
    t_out = next(t for t in range(C.NUM_CARD_TYPES) if h0[t])
    t_in = next(t for t in other.pack if t != t_out)
    other.pack.remove(t_in)
    other.pack.insert(0, t_out)
    h0[t_out] -= 1
    h0[t_in] += 1
    other.pack.reverse()
    assert other.observation_text(1) == text
    # public facts do
    for change in (lambda x: x.cash.__setitem__(2, x.cash[2] + 1),
                   lambda x: x.held[0].__setitem__(1, x.held[0][1] + 1),
                   lambda x: x.discard.append(x.pack.pop()),
                   lambda x: setattr(x, "turns", x.turns + 1)):
        moved = s.clone()
        change(moved)
        assert moved.observation_text(1) != text
