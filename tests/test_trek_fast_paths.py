"""Trek's search fast paths keep the plain answers: legal ids in ascending order (the mask is built
from them), masks from a memo that are still fresh arrays, the lazily seeded generator of a
resample, and the heuristic reading a mask of any dtype the same way."""

from __future__ import annotations

import numpy as np
import pytest

from travel_envs.games.trek import HeuristicPolicy
from travel_envs.games.trek import actions as A
from travel_envs.games.trek.engine import TrekGame

VARIANTS = [{}, {"economy": "v0-reconstruction"}, {"base_needs_transport": False, "stores_requirement": "spend"}]


def _states(n, params, seed, every=3):
    """States along a game of heuristic moves mixed with random ones (every phase shows up)."""
    game = TrekGame(num_players=n, **params)
    s = game.new_initial_state(np.random.default_rng(seed))
    rng = np.random.default_rng(seed + 100)
    pol = HeuristicPolicy(seed=seed)
    k = 0
    while not s.is_terminal:
        if k % every == 0:
            yield s
        mask = s.legal_action_mask()
        legal = np.flatnonzero(mask)
        a = pol.act(None, mask, s) if rng.random() < 0.7 else int(legal[rng.integers(legal.size)])
        s.apply_action(a)
        k += 1
    yield s


@pytest.mark.parametrize("params", VARIANTS)
@pytest.mark.parametrize("n", [2, 4])
def test_legal_actions_are_the_masks_ids_in_ascending_order(n, params):
    phases = set()
    for s in _states(n, params, seed=n):
        ids = s.legal_actions()
        assert ids == sorted(set(ids)) and all(isinstance(a, int) for a in ids)
        mask = s.legal_action_mask()
        assert mask.dtype == bool and mask.shape == (A.NUM_ACTIONS,)
        assert np.flatnonzero(mask).tolist() == ids
        phases.add(s.phase)
    assert s.is_terminal and s.legal_actions() == [] and not s.legal_action_mask().any()
    assert {"play", "buy"} <= phases


def test_masks_from_the_memo_are_fresh_arrays():
    s = TrekGame().new_initial_state(np.random.default_rng(0))
    first = s.legal_action_mask()
    first[:] = True
    again = s.legal_action_mask()
    assert again is not first and np.flatnonzero(again).tolist() == s.legal_actions()


def _play_to_end(s, seed):
    rng = np.random.default_rng(seed)
    moves = []
    while not s.is_terminal:
        legal = s.legal_actions()
        a = legal[int(rng.integers(len(legal)))]
        s.apply_action(a)
        moves.append(a)
    return moves, s.to_dict()


def test_a_resample_plays_on_as_with_a_generator_seeded_at_once():
    """The generator a resample seeds on first use is the one it would have made at once; a clone
    taken before that use plays on the same (the reshuffles draw from it)."""
    s = next(iter(_states(3, {}, seed=5, every=40)))
    seat = s.current_player
    lazy = s.resample_hidden(seat, np.random.default_rng(9))
    eager = s.resample_hidden(seat, np.random.default_rng(9))
    eager.rng.bit_generator.state  # built now
    clone = lazy.clone()
    moves, end = _play_to_end(lazy, 1)
    assert end["reshuffles"] > s.reshuffles
    assert _play_to_end(eager, 1) == (moves, end)
    assert _play_to_end(clone, 1) == (moves, end)


@pytest.mark.parametrize("dtype", [np.int8, np.float32, np.int64])
def test_heuristic_reads_masks_of_any_dtype_alike(dtype):
    pol = HeuristicPolicy(seed=0)
    for s in _states(3, {}, seed=2, every=5):
        if s.is_terminal:
            break
        mask = s.legal_action_mask()
        assert pol.act(None, mask.astype(dtype), s) == pol.act(None, mask, s)


def test_clone_and_resample_share_no_list_with_the_original():
    for s in _states(3, {}, seed=4, every=25):
        for copy in (s.clone(), s.resample_hidden(max(s.current_player, 0), np.random.default_rng(0))):
            for name, value in vars(s).items():
                if isinstance(value, list):
                    assert getattr(copy, name) is not value, name
                    for row, copied in zip(value, getattr(copy, name)):
                        assert not isinstance(row, list) or copied is not row, name
