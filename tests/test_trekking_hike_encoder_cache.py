"""The encoder's own cache (``encoder.ObservationCache``): after every single action it equals a fresh
encoding, including the one rule that changes another seat's block (Taking photos flips the token of
the hiker met on a summit), and the engine keeps no encoder bookkeeping besides its action counter."""

from __future__ import annotations

import copy
import pickle

import numpy as np

from travel_envs.games.trekking import actions as A
from travel_envs.games.trekking import encoder as ENC
from travel_envs.games.trekking import scenario as SC


def _views(st):
    out = []
    for seat in range(st.num_players):
        o = np.zeros(ENC.OBS_SIZE, np.float32)
        st.observation(seat, o)
        out.append(o)
    return out


def _fresh_views(st):
    return _views(st.game.state_from_dict(st.to_dict()))


def test_photos_flip_after_one_action_refreshes_the_other_seats_block():
    st = SC.build_state(plan=("cold", "hot", "photos", "penalara", "species", "closed"), seat=1, rnd=2,
                     pos=[SC.node(2, 0), SC.node(3, 0)], energy=[8, 8], tokens=[[[0, 1, 0, 1]], []],
                     summit_piles=[1, 2, 2, 2, 2], gps=[SC.filler(1400, 1), SC.filler(1300, 1)],
                     route_tops={0: [SC.route_card(0, 1)]})
    before = _views(st)  # the cache is filled (revision 0)
    st.apply_action(A.MOVE + SC.W)  # one action: seat 1 arrives on S1 where seat 0 stands
    assert st.tokens[0][0][2] == 1
    after = _views(st)
    for got, want in zip(after, _fresh_views(st)):
        assert np.array_equal(got, want)
    flipped = ENC._O_PLAYERS + ENC.PLAYER_BLOCK + ENC._T0 + 2  # seat 0's S1 token seen by seat 1
    assert before[1][flipped] == 0.0 and after[1][flipped] == 1.0


def test_cache_equals_a_fresh_encoding_after_every_action_and_survives_copies():
    for n in (1, 3):
        st = SC.build_state(num_players=n, seed=n)
        rng = np.random.default_rng(5)
        while not st.is_terminal:
            for got, want in zip(_views(st), _fresh_views(st)):
                assert np.array_equal(got, want)
            if rng.random() < 0.05:  # copies start without the cache and encode the same
                for other in (st.clone(), copy.deepcopy(st), pickle.loads(pickle.dumps(st))):
                    assert other._obs is None
                    for got, want in zip(_views(other), _views(st)):
                        assert np.array_equal(got, want)
            st.apply_action(int(rng.choice(np.flatnonzero(st.legal_action_mask()))))


def test_the_state_holds_one_encoder_slot_and_one_counter():
    st = SC.build_state()
    cache_slots = [s for s in type(st).__slots__ if s.startswith("_") and s not in (
        "_penalty", "_refill_rounds", "_rng", "_rng_snapshot", "_narrate")]
    # besides the encoder's slot and counter, only the rules' own memos of the current decision
    assert sorted(cache_slots) == ["_kinds", "_legal", "_moves", "_obs", "_rev"]
    rev = st._rev
    st.apply_action(int(np.flatnonzero(st.legal_action_mask())[0]))
    assert st._rev == rev + 1
