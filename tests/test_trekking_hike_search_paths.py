"""The search's fast paths in Trekking give what the plain ones give: the cached legal ids equal the
ids computed afresh and the mask's nonzero, a muted determinization (no events logged) plays exactly
like one that logs, a resample itself narrates like the real state (OpenSpiel reads its text), its generator (built from a seed on the first draw) is default_rng(seed) in every copy,
and ``rng.shuffle`` of a list orders it as ``rng.permutation`` did."""

from __future__ import annotations

import pickle

import numpy as np

from travel_envs.games.trekking import GAME


def _random_game(num_players: int, seed: int):
    """Every state of a game of random moves, from the start refuges on."""
    st = GAME(num_players=num_players).new_initial_state(np.random.default_rng(seed))
    rng = np.random.default_rng(seed)
    while not st.is_terminal:
        yield st
        legal = st.legal_actions()
        st.apply_action(legal[int(rng.integers(len(legal)))])


def test_legal_actions_equal_the_mask_and_a_fresh_computation():
    for n in (1, 2, 4):
        for st in _random_game(n, n):
            cached = st.legal_actions()
            if st._kinds is not None:  # the flip kinds kept for the next action: those of a fresh scan
                assert st._kinds == st._flip_kinds(st.to_act)
            assert cached == np.flatnonzero(st.legal_action_mask()).tolist()
            assert cached == sorted(set(cached)) and cached
            st._legal = None
            assert st.legal_actions() == cached


def test_a_muted_determinization_logs_nothing_and_plays_like_one_that_logs():
    for n in (1, 3):
        for k, st in enumerate(_random_game(n, 10 + n)):
            if k % 7:
                continue
            loud = st.resample_hidden(st.current_player, np.random.default_rng(k))
            quiet = loud.clone()
            quiet.mute()
            logged = list(quiet.events)
            rng = np.random.default_rng(k)
            while not quiet.is_terminal:
                legal = quiet.legal_actions()
                assert loud.legal_actions() == legal
                a = legal[int(rng.integers(len(legal)))]
                quiet._apply(a)
                loud._apply(a)
            assert quiet.events == logged[len(logged) - len(quiet.events):]  # old texts (maybe trimmed), no new
            assert loud.events[-1] not in logged
            a, b = quiet.to_dict(), loud.to_dict()
            a.pop("events"), b.pop("events")
            assert a == b and quiet.returns() == loud.returns()


def test_shuffling_a_list_makes_the_permutations_order():
    for size in range(20):
        pool = list(range(100, 100 + size))
        a, b = np.random.default_rng(size), np.random.default_rng(size)
        permuted = [pool[i] for i in a.permutation(size)]
        b.shuffle(pool)
        assert pool == permuted and a.random() == b.random()


def test_a_determinization_draws_what_default_rng_of_its_seed_draws():
    st = GAME(num_players=2).new_initial_state(np.random.default_rng(3))
    d = st.resample_hidden(0, np.random.default_rng(9))
    seed = d._rng_snapshot  # the generator is built on the first draw
    assert isinstance(seed, int) and d._rng is None
    copies = [d.clone(), pickle.loads(pickle.dumps(d)), d.game.state_from_dict(d.to_dict())]
    want = [int(x) for x in np.random.default_rng(seed).integers(1 << 30, size=5)]
    for s in (d, *copies):
        assert [int(x) for x in s.rng.integers(1 << 30, size=5)] == want


def test_a_determinizations_seed_is_what_integers_2_pow_63_draws():
    """The seed is read from a PCG64 as ``random_raw() >> 1``: the value ``integers(2 ** 63)`` gives
    from the same state, leaving the generator where ``integers`` leaves it (other bit generators
    take ``integers`` itself)."""
    st = GAME(num_players=2).new_initial_state(np.random.default_rng(3))
    for bit_gen in (np.random.PCG64, np.random.MT19937, np.random.Philox):
        for seed in range(30):
            a, b = np.random.Generator(bit_gen(seed)), np.random.Generator(bit_gen(seed))
            for _ in range(5):
                d = st.resample_hidden(0, a)
                for c in range(3):  # the shuffles ``resample_hidden`` makes before the seed
                    b.shuffle(sorted(st.route_piles[2 * c][:-1] + st.route_piles[2 * c + 1]))
                r0, r1 = st.rest_piles
                b.shuffle(sorted(r0[:-1] + r1[:-1]))
                if len(st.opp_deck) > 1:
                    b.shuffle(sorted(st.opp_deck[:-1]))
                assert d._rng_snapshot == int(b.integers(2 ** 63))
            assert a.random() == b.random()


def test_a_resample_narrates_its_moves_like_the_real_state():
    """OpenSpiel's IS-MCTS keys its tree on the text view, which shows the last events: a resample
    (``resample_from_infostate``) must log the moves played on it as the real game does."""
    for k, st in enumerate(_random_game(2, 4)):
        if k % 5 or st.is_terminal:
            continue
        resampled = st.resample_hidden(st.current_player, np.random.default_rng(k))
        real = st.clone()
        a = st.legal_actions()[0]
        real.apply_action(a)
        resampled.apply_action(a)
        assert len(resampled.events) == len(real.events) and resampled.events[-1] == real.events[-1]


def test_copies_played_to_the_end_leave_the_original_as_it_was():
    """A clone and a resample share the placed GPS columns and animals with their original (a flip
    replaces its column): playing them on, flips included, changes nothing in the original."""
    for n in (1, 2, 4):
        for k, st in enumerate(_random_game(n, 20 + n)):
            if k % 9:
                continue
            before = st.to_dict()
            rng = np.random.default_rng(k)
            for copy in (st.clone(), st.resample_hidden(st.current_player, rng)):
                while not copy.is_terminal:
                    legal = copy.legal_actions()
                    copy._apply(legal[int(rng.integers(len(legal)))])
            assert st.to_dict() == before
