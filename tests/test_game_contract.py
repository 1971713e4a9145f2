"""One contract check for every registered game at every player count.

What every game promises through ``core/game.py`` and the AEC adapter, checked the
same way for all of them (the per-game test files keep what is particular to a game:
rules, renders, the scales and names of observation fields, named hidden facts):

- PettingZoo's ``api_test``, ``seed_test`` and ``render_test``;
- masks: the right length and dtype, never all-false while a seat must decide;
- illegal input: a masked-out action, an out-of-range id and a non-integer are refused
  with :class:`IllegalActionError` and leave the state exactly as it was;
- observations and state tensors: float32, finite, the declared sizes, inside the
  observation space's bounds;
- ``to_dict`` / ``from_dict``: a JSON round trip that plays on identically;
- ``clone``: independent of the original, and earlier clones stay unchanged while the
  original and later clones move on;
- hidden information, through each game's own ``resample_hidden`` (the per-game
  hook): the acting seat's observation and mask are kept, the full state is redrawn;
- the seat-relative layout, through each game's ``Game.seat_blocks`` (the per-game
  hook naming where each player's public facts sit): the facts about seat ``q`` read
  the same in slot ``(q - s) % n`` of every viewer ``s``, and a change of one of them
  (``PUBLIC_FACT_CHANGES``) moves that slot, and only it, in every view.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import travel_envs
from travel_envs.core.game import IllegalActionError, env_id_of
from travel_envs.core.registry import game_class

from toy_game import RaceGame

CASES = [(env_id, n) for env_id in travel_envs.list_envs() for n in game_class(env_id).player_counts]
IDS = [f"{env_id}-{n}p" for env_id, n in CASES]


def _obs(state, seat: int) -> np.ndarray:
    out = np.zeros(state.game.observation_size, np.float32)
    state.observation(seat, out)
    return out


def _state_tensor(state) -> np.ndarray:
    out = np.zeros(state.game.state_size, np.float32)
    state.state_tensor(out)
    return out


def _positions(env_id: str, n: int, seed: int = 0, games: int = 2, every: int = 7, limit: int = 400):
    """States met in random play (every ``every``-th decision), some of them terminal."""
    game = game_class(env_id)(num_players=n)
    rng = np.random.default_rng(seed)
    for g in range(games):
        state = game.new_initial_state(np.random.default_rng(seed * 100 + g))
        for step in range(limit):
            if state.is_terminal:
                break
            if step % every == 0:
                yield state.clone()
            state.apply_action(int(rng.choice(state.legal_actions())))
        yield state


def _play_random(state, rng: np.random.Generator, steps: int) -> list[int]:
    actions = []
    for _ in range(steps):
        if state.is_terminal:
            break
        a = int(rng.choice(state.legal_actions()))
        state.apply_action(a)
        actions.append(a)
    return actions


@pytest.mark.parametrize("env_id,n", CASES, ids=IDS)
def test_pettingzoo_api_seed_and_render(env_id, n):
    api_test(travel_envs.make(env_id, num_players=n), num_cycles=200)
    seed_test(lambda **kw: travel_envs.make(env_id, num_players=n, **kw), num_cycles=200)
    render_test(lambda render_mode=None: travel_envs.make(env_id, num_players=n, render_mode=render_mode))


@pytest.mark.parametrize("env_id,n", CASES, ids=IDS)
def test_env_id_and_sizes_come_from_the_game(env_id, n):
    env = travel_envs.make(env_id, num_players=n).unwrapped
    game = env.game
    assert env_id_of(game) == env.metadata["name"] == env_id
    assert isinstance(game.num_actions, int) and isinstance(game.observation_size, int)
    assert isinstance(game.state_size, int)
    env.reset(seed=0)
    assert env.action_space(env.agents[0]).n == game.num_actions
    assert env.observation_space(env.agents[0])["observation"].shape == (game.observation_size,)
    assert env.state().shape == (game.state_size,)


@pytest.mark.parametrize("env_id,n", CASES, ids=IDS)
def test_masks_observations_and_state_tensors_are_well_formed(env_id, n):
    env = travel_envs.make(env_id, num_players=n).unwrapped
    env.reset(seed=0)
    box = env.observation_space(env.agents[0])["observation"]
    for state in _positions(env_id, n):
        mask = state.legal_action_mask()
        assert mask.dtype == bool and mask.shape == (state.game.num_actions,)
        if state.is_terminal:
            assert state.current_player == -1 and len(state.winners()) >= 0
            continue
        assert mask.any(), f"seat {state.current_player} has no legal action in phase {state.phase!r}"
        assert 0 <= state.current_player < n and isinstance(state.phase, str) and state.phase
        for seat in range(n):
            obs = _obs(state, seat)
            assert np.isfinite(obs).all()
            outside = np.flatnonzero((obs < box.low) | (obs > box.high))
            assert outside.size == 0, f"seat {seat}: values outside the observation space at {outside[:10]}"
        assert np.isfinite(_state_tensor(state)).all()


@pytest.mark.parametrize("env_id,n", CASES, ids=IDS)
def test_illegal_input_is_refused_and_leaves_the_state_untouched(env_id, n):
    for state in _positions(env_id, n, every=11):
        if state.is_terminal:
            with pytest.raises(IllegalActionError, match="over"):
                state.apply_action(0)
            continue
        before = json.dumps(state.to_dict(), sort_keys=True)
        mask = state.legal_action_mask()
        bad = [int(a) for a in np.flatnonzero(~mask)[:3]]
        for action in bad + [-1, state.game.num_actions, 1.0, "1", None, True]:
            with pytest.raises(IllegalActionError):
                state.apply_action(action)
        assert json.dumps(state.to_dict(), sort_keys=True) == before
        legal = state.legal_actions()[0]
        state.apply_action(np.int64(legal))  # numpy integers are actions too


@pytest.mark.parametrize("env_id,n", CASES, ids=IDS)
def test_the_env_refuses_a_masked_out_action(env_id, n):
    env = travel_envs.make(env_id, num_players=n)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError, match="illegal"):
        env.step(int(np.flatnonzero(mask == 0)[0]))


@pytest.mark.parametrize("env_id,n", CASES, ids=IDS)
def test_to_dict_from_dict_round_trip_plays_on_identically(env_id, n):
    game = game_class(env_id)(num_players=n)
    for state in _positions(env_id, n, every=13):
        data = json.loads(json.dumps(state.to_dict()))
        restored = game.state_from_dict(data)
        assert restored.to_dict() == state.to_dict()
        rng = np.random.default_rng(5)
        actions = _play_random(state, rng, 60)
        for a in actions:
            restored.apply_action(a)
        assert restored.to_dict() == state.to_dict()
        if not state.is_terminal:
            assert restored.legal_actions() == state.legal_actions()
            np.testing.assert_array_equal(_obs(restored, 0), _obs(state, 0))


@pytest.mark.parametrize("env_id,n", CASES, ids=IDS)
def test_clones_are_independent_and_earlier_clones_stay_unchanged(env_id, n):
    game = game_class(env_id)(num_players=n)
    state = game.new_initial_state(np.random.default_rng(3))
    rng = np.random.default_rng(4)
    first = state.clone()
    first_dict = json.dumps(first.to_dict(), sort_keys=True)
    first_views = [_obs(first, seat) for seat in range(n)]  # encoders may cache: views must not be shared
    _play_random(state, rng, 15)
    second = state.clone()
    second_dict = json.dumps(second.to_dict(), sort_keys=True)
    assert json.dumps(state.to_dict(), sort_keys=True) == second_dict
    _play_random(state, rng, 25)  # the original moves on ...
    _play_random(second.clone(), np.random.default_rng(9), 25)  # ... and so does a clone of a clone
    assert json.dumps(first.to_dict(), sort_keys=True) == first_dict
    assert json.dumps(second.to_dict(), sort_keys=True) == second_dict
    for seat in range(n):
        np.testing.assert_array_equal(_obs(first, seat), first_views[seat])
    _play_random(first, np.random.default_rng(8), 25)  # an earlier clone plays on by itself
    assert json.dumps(second.to_dict(), sort_keys=True) == second_dict
    if not second.is_terminal:
        copy = second.clone()
        for seat in range(n):
            np.testing.assert_array_equal(_obs(copy, seat), _obs(second, seat))


@pytest.mark.parametrize("env_id,n", CASES, ids=IDS)
def test_resample_keeps_the_actors_view_and_redraws_the_hidden_state(env_id, n):
    rng = np.random.default_rng(11)
    redrawn = checked = 0
    for state in _positions(env_id, n, every=9, games=3):
        if state.is_terminal:
            continue
        seat = state.current_player
        before = json.dumps(state.to_dict(), sort_keys=True)
        other = state.resample_hidden(seat, rng)
        assert json.dumps(state.to_dict(), sort_keys=True) == before, "resample_hidden changed the original"
        np.testing.assert_array_equal(_obs(other, seat), _obs(state, seat))
        np.testing.assert_array_equal(other.legal_action_mask(), state.legal_action_mask())
        assert other.current_player == seat and other.phase == state.phase
        checked += 1
        redrawn += json.dumps(other.to_dict(), sort_keys=True) != before
        _play_random(other, rng, 30)  # the resampled state plays on legally
    assert checked > 0
    assert redrawn > 0, "resample_hidden never changed anything (the generator at least must be redrawn)"


# ------------------------------------------------------------------ seat-relative layout

def _nudge(values: list, q: int) -> bool:
    """One less for seat ``q`` (one more at zero): stays inside any range starting at 0."""
    values[q] += -1 if values[q] > 0 else 1
    return True


#: per game, one public fact about a player that the test changes by hand in a copy of a state:
#: (the fact, change(state, seat) -> False where the seat has no such fact); the encoder reads it
#: straight from the state
PUBLIC_FACT_CHANGES = {
    "globetrotter": ("score", lambda st, q: _nudge(st.score, q)),
    "itchy_feet": ("hand size", lambda st, q: _nudge(st.sizes, q)),
    "trek": ("cash", lambda st, q: st.alive[q] and _nudge(st.cash, q)),  # (out of the game: a zero block)
    "trekking": ("energy", lambda st, q: _nudge(st.energy, q)),
    "trekking_the_world": ("money", lambda st, q: _nudge(st.money, q)),
}


def _seat_blocks(game) -> list[np.ndarray]:
    """``game.seat_blocks()``, checked: one block per seat, non-empty integer indices into the
    observation, the same length for every slot, no index twice (the blocks are disjoint)."""
    blocks = game.seat_blocks()
    assert len(blocks) == game.num_players
    for k, block in enumerate(blocks):
        assert isinstance(block, np.ndarray) and block.ndim == 1 and block.dtype.kind in "iu", f"slot {k}"
        assert block.size > 0 and block.size == blocks[0].size, f"slot {k} has {block.size} indices"
        assert 0 <= block.min() and block.max() < game.observation_size, f"slot {k} leaves the observation"
    every = np.concatenate(blocks)
    assert np.unique(every).size == every.size, "an index is listed twice (the blocks must be disjoint)"
    return blocks


def _seat_relative_mismatches(blocks: list[np.ndarray], views: list[np.ndarray]) -> list[str]:
    """Where the public facts about a seat q read differently to a viewer s (slot (q - s) % n)
    than to q itself (slot 0)."""
    n = len(views)
    bad = []
    for q in range(n):
        own = views[q][blocks[0]]
        for s in range(n):
            k = (q - s) % n
            if not np.array_equal(views[s][blocks[k]], own):
                bad.append(f"seat {q}: slot {k} of seat {s}'s view differs from slot 0 of its own")
    return bad


def _fact_change_mismatches(blocks: list[np.ndarray], state, q: int, change) -> list[str] | None:
    """Change one public fact about seat ``q`` in a copy of ``state``: in every view the slot of q
    must move and the other slots stay; the slots that do not (None: q has no such fact)."""
    n = len(blocks)
    before, after = state.clone(), state.clone()  # (fresh copies: no encoder cache from earlier views)
    if not change(after, q):
        return None
    bad = []
    for s in range(n):
        old, new = _obs(before, s), _obs(after, s)
        for k in range(n):
            moved = not np.array_equal(old[blocks[k]], new[blocks[k]])
            if moved != (k == (q - s) % n):
                bad.append(f"seat {q} changed: slot {k} of seat {s}'s view {'moved' if moved else 'stayed'}")
    return bad


def test_a_game_without_the_seat_hook_is_named():
    with pytest.raises(NotImplementedError, match="race does not implement seat_blocks"):
        RaceGame(num_players=2).seat_blocks()


@pytest.mark.parametrize("env_id,n", CASES, ids=IDS)
def test_public_facts_about_a_seat_sit_in_its_relative_slot_of_every_view(env_id, n):
    game = game_class(env_id)(num_players=n)
    blocks = _seat_blocks(game)
    apart = 0
    for state in _positions(env_id, n):
        views = [_obs(state, s) for s in range(n)]
        assert _seat_relative_mismatches(blocks, views) == []
        apart += any(not np.array_equal(views[0][blocks[k]], views[0][blocks[0]]) for k in range(1, n))
    if n > 1:  # (with one seat there is one slot: the comparison above holds trivially)
        assert apart > 0, "every seat's block was the same in every position: the check could not fail"


@pytest.mark.parametrize("env_id,n", CASES, ids=IDS)
def test_a_change_of_a_seats_public_fact_moves_its_slot_in_every_view(env_id, n):
    game = game_class(env_id)(num_players=n)
    blocks = _seat_blocks(game)
    assert game.name in PUBLIC_FACT_CHANGES, f"name a public per-player fact of {game.name} in PUBLIC_FACT_CHANGES"
    fact, change = PUBLIC_FACT_CHANGES[game.name]
    checked = 0
    for state in _positions(env_id, n, every=31, games=1):
        for q in range(n):
            bad = _fact_change_mismatches(blocks, state, q, change)
            assert not bad, f"changing the {fact}: {bad}"
            checked += bad is not None
    assert checked >= 2 * n


@pytest.mark.parametrize("env_id", travel_envs.list_envs())
def test_the_seat_checks_catch_misplaced_slots(env_id):
    n = 3
    game = game_class(env_id)(num_players=n)
    blocks = _seat_blocks(game)
    _, change = PUBLIC_FACT_CHANGES[game.name]
    state, views = next((st, v) for st in _positions(env_id, n) for v in [[_obs(st, s) for s in range(n)]]
                        if len({v[0][b].tobytes() for b in blocks}) == n)  # every seat's block different
    assert _seat_relative_mismatches(blocks, views) == []
    # an encoder ignoring the viewer (the players in the same order in every view)
    assert _seat_relative_mismatches(blocks, [views[0]] * n)
    # a hook listing the players counter-clockwise
    assert _seat_relative_mismatches([blocks[0], blocks[2], blocks[1]], views)
    # a hook with the slots shifted by one: every viewer agrees (it only renames the seats), but a change
    # of seat q's fact moves a slot other than (q - s) % n
    shifted = blocks[1:] + blocks[:1]
    assert _seat_relative_mismatches(shifted, views) == []
    assert _fact_change_mismatches(shifted, state, 0, change)
