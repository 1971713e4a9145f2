"""trekking_the_world_v0 speed caches: memoised moving masks equal fresh computations."""

import numpy as np
import pytest

from travel_envs.games.trekking_the_world import GAME
from travel_envs.games.trekking_the_world import engine as G
from travel_envs.games.trekking_the_world import movement as M


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
            G._MOVING_MASKS.clear()
            M._MEMO.clear()
            fresh = s._compute_mask()  # computed from scratch (and memoised)
            assert (m == fresh).all()
            again = s._compute_mask()  # a memo hit: equal, and an independent array
            assert (again == fresh).all() and again is not fresh
            again[:] = False
            assert (s._compute_mask() == fresh).all()
        s.apply_action(int(rng.choice(np.flatnonzero(m))))
    assert moving > 10
