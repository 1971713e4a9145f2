"""trekking_the_world_v0 speed caches: memoised moving masks equal fresh computations."""

import numpy as np
import pytest

from travel_envs.games.trekking_the_world import GAME
from travel_envs.games.trekking_the_world import engine as G
from travel_envs.games.trekking_the_world import movement as M
from travel_envs.games.trekking_the_world.actions import A_LOC, A_STOP, NUM_ACTIONS


def _reference_moving_mask(s) -> np.ndarray:
    """The moving-phase mask written plainly: every single step (walk or flight) after which an
    exhaustive search (no memo) still finds a legal end."""

    def can_end(rules, v, visited, steps, money):
        if steps >= rules.n_min and not (rules.ban >> v) & 1:
            return True
        if steps >= rules.n_max:
            return False
        return any(can_end(rules, w, visited | (1 << w), steps + inc, money - cost)
                   for w, inc, cost in M.next_steps(rules, v, visited, money))

    m = np.zeros(NUM_ACTIONS, bool)
    rules = s.move_rules()
    v, money = s.loc[s.turn_seat], s.money[s.turn_seat]
    for w, inc, cost in M.next_steps(rules, v, s.visited, money):
        if can_end(rules, w, s.visited | (1 << w), s.steps + inc, money - cost):
            m[A_LOC + w] = True
    if s.n_min <= s.steps < s.n_max and not (s.ban >> v) & 1:
        m[A_STOP] = True
    return m


@pytest.mark.parametrize("n,params", [(1, {}), (4, {"tours_to_end": 2}), (2, {"auto_forced": False, "tours_to_end": 2})])
def test_memoised_moving_mask_equals_fresh_computation(n, params):
    g = GAME(num_players=n, **params)
    s = g.new_initial_state(np.random.default_rng(7 + n))
    rng = np.random.default_rng(n)
    moving = 0
    while not s.is_terminal:
        m = s.legal_action_mask()
        if s.phase_id == G.PH_MOVING:
            moving += 1
            assert (m == _reference_moving_mask(s)).all()
            G._MOVING_LEGAL.clear()
            G._MASKS.clear()
            M._MEMO.clear()
            fresh = G._mask_of(s._legal_ids())  # computed from scratch (and memoised)
            assert (m == fresh).all()
            again = G._mask_of(s._legal_ids())  # a memo hit: equal, and an independent array
            assert (again == fresh).all() and again is not fresh
            again[:] = False
            assert (G._mask_of(s._legal_ids()) == fresh).all()
        s.apply_action(int(rng.choice(np.flatnonzero(m))))
    assert moving > 10


def test_moving_masks_with_movement_powers():
    """Revisits (Milford Sound), free and step-less flights and Torres del Paine change the search."""
    rng = np.random.default_rng(0)
    checked = with_powers = 0
    for seed in range(30):
        s = GAME(num_players=2).new_initial_state(np.random.default_rng(seed))
        while not s.is_terminal and s.turns_taken[0] < 6:
            if s.phase_id == G.PH_MOVING and s.steps == 0:  # give this move a random set of powers
                s.revisit, s.free_flights, s.no_step_flights, torres = (bool(x) for x in rng.integers(2, size=4))
                s.n_min = max(1, s.n_max - 2) if torres else s.n_max
                s.money[s.turn_seat] = int(rng.integers(0, 12))
                s._mask = None
                s.touch()
            m = s.legal_action_mask()
            if s.phase_id == G.PH_MOVING:
                assert (m == _reference_moving_mask(s)).all()
                checked += 1
                with_powers += s.revisit and s.no_step_flights and s.n_min < s.n_max
            s.apply_action(int(rng.choice(np.flatnonzero(m))))
    assert checked > 300 and with_powers > 20


def test_observation_into_other_buffers():
    """float64, strided and 2-d output buffers get the same values as a flat float32 one."""
    from travel_envs.games.trekking_the_world import encoder as E

    g = GAME(num_players=3)
    s = g.new_initial_state(np.random.default_rng(0))
    rng = np.random.default_rng(0)
    for _ in range(40):
        s.apply_action(int(rng.choice(np.flatnonzero(s.legal_action_mask()))))
    ref = np.zeros(g.observation_size, np.float32)
    E.encode_observation_uncached(s, 1, ref)
    as64 = np.zeros(g.observation_size)
    E.encode_observation(s, 1, as64)
    strided = np.zeros(2 * g.observation_size, np.float32)
    E.encode_observation(s, 1, strided[::2])
    two_d = np.zeros((1, g.observation_size), np.float32)
    E.encode_observation(s, 1, two_d)
    assert (as64 == ref).all() and (strided[::2] == ref).all() and not strided[1::2].any() and (two_d[0] == ref).all()
