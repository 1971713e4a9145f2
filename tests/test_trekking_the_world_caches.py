"""trekking_the_world_v0 speed caches: memoised moving masks equal fresh computations; the
encoder's per-seat views equal a plain encoding whatever changed the state (actions, hand edits
without ``touch()``, copies)."""

import copy
import pickle

import numpy as np
import pytest

from travel_envs.games.trekking_the_world import GAME
from travel_envs.games.trekking_the_world.scenario import build_state, card, place_card
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
    v, money = s.loc[s.to_act], s.money[s.to_act]
    for w, inc, cost in M.next_steps(rules, v, s.visited, money):
        if can_end(rules, w, s.visited | (1 << w), s.steps + inc, money - cost):
            m[A_LOC + w] = True
    if s.n_min <= s.steps < s.n_max and not (s.ban >> v) & 1:
        m[A_STOP] = True
    return m


def _moving_positions(game, deal_seed: int, move_seed: int):
    """Every moving-phase state of a game of random moves, after checking its mask against the plain
    computation; the caller may inspect the memos before the game goes on."""
    s = game.new_initial_state(np.random.default_rng(deal_seed))
    rng = np.random.default_rng(move_seed)
    while not s.is_terminal:
        m = s.legal_action_mask()
        if s.phase_id == G.PH_MOVING:
            assert (m == _reference_moving_mask(s)).all()
            yield s, m
        s.apply_action(int(rng.choice(np.flatnonzero(m))))


@pytest.mark.parametrize("n,params", [(1, {}), (4, {"tours_to_end": 2}), (2, {"auto_forced": False, "tours_to_end": 2})])
def test_memoised_moving_mask_equals_fresh_computation(n, params):
    moving = 0
    for s, m in _moving_positions(GAME(num_players=n, **params), 7 + n, n):
        moving += 1
        G._MOVING_LEGAL.clear()
        G._MASKS.clear()
        M._MEMO.clear()
        fresh = G._mask_of(s._legal_ids())  # computed from scratch (and memoised)
        assert (m == fresh).all()
        again = G._mask_of(s._legal_ids())  # a memo hit: equal, and an independent array
        assert (again == fresh).all() and again is not fresh
        again[:] = False
        assert (G._mask_of(s._legal_ids()) == fresh).all()
    assert moving > 10


def test_the_move_memo_stays_within_its_total_bound(monkeypatch):
    """Past ``_TOTAL_LIMIT`` entries over all move rules every memo starts afresh, and the masks stay
    exact (a long training run meets many rules; the per-rules bound alone would let memory grow)."""
    monkeypatch.setattr(M, "_TOTAL_LIMIT", 50)
    M._MEMO.clear()
    G._MOVING_LEGAL.clear()
    moving = 0
    for _ in _moving_positions(GAME(num_players=2, tours_to_end=2), 3, 3):
        moving += 1
        assert sum(len(memo) for memo in M._MEMO.values()) <= 50 + 1
    assert moving > 10 and M._entries <= 50


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
                s.money[s.to_act] = int(rng.integers(0, 12))
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


def _plain(s, seat):
    from travel_envs.games.trekking_the_world import encoder as E

    out = np.zeros(s.game.observation_size, np.float32)
    E.encode_observation_uncached(s, seat, out)
    return out


def _cached(s, seat):
    out = np.zeros(s.game.observation_size, np.float32)
    s.observation(seat, out)
    return out


def _played(n, decisions, seed=3):
    g = GAME(num_players=n)
    s = g.new_initial_state(np.random.default_rng(seed))
    rng = np.random.default_rng(seed)
    for _ in range(decisions):
        s.apply_action(int(rng.choice(np.flatnonzero(s.legal_action_mask()))))
    return s, rng


@pytest.mark.parametrize("n", [1, 3])
def test_views_see_hand_edits_without_touch(n):
    """The views compare the state with what they last wrote, so changes made by hand (no action,
    no ``touch()``) show at once, also in parts that actions change rarely."""
    s, _ = _played(n, 60)
    edits = [
        lambda: s.suitcase[0].__setitem__(2, min(7, s.suitcase[0][2] + 1)),
        lambda: s.tokens[n - 1].__setitem__(0, s.tokens[n - 1][0] + 1),
        lambda: s.encs[0].append(s.enc_row[0]),  # a card held (not removed from the row: a raw edit)
        lambda: s.tour_row.reverse(),
        lambda: s.itin_discard.extend([s.itin_deck[0], s.itin_deck[1]]),
        lambda: s.itin_discard.reverse(),  # same size, same cards, another order
        lambda: s.enc_discard.append(s.enc_deck[0]),
        lambda: setattr(s, "enc_reshuffled", not s.enc_reshuffled),
        lambda: s.enc_deck.reverse(),  # the known Encounter deck's content below its top
        lambda: s.rival_deck.pop(0) if s.rival_deck else None,
        lambda: setattr(s, "first_player", (s.first_player + 1) % n),
        lambda: s.turns_taken.__setitem__(0, s.turns_taken[0] + 5),
        lambda: s.money.__setitem__(0, 20 - s.money[0]),
        lambda: setattr(s, "end_triggered", not s.end_triggered),
        lambda: s.fresh_encs.append(s.encs[0][0]),
        lambda: setattr(s, "visited", s.visited ^ 0b1011),
    ]
    changed = 0
    for i, edit in enumerate(edits):
        before = _plain(s, i % n)
        edit()
        for seat in range(n):
            got, want = _cached(s, seat), _plain(s, seat)
            assert (got == want).all(), (i, seat, np.flatnonzero(got != want))
        changed += bool((before != _plain(s, i % n)).any())
    assert changed >= len(edits) - 2  # solo: no other seat to be first; with players: no Rival deck


def test_petra_holder_score_follows_money():
    """With Petra (points per $) a money change moves the holder's score entry too."""
    s = build_state(2, money=[5, 5])
    place_card(s, card("Petra"), "encs", None, player=1)
    for money in (0, 7, 19, 20, 3):
        s.money[1] = money
        for seat in (0, 1):
            assert (_cached(s, seat) == _plain(s, seat)).all(), money
    assert s.endgame_points(1) == 1  # $3 at Petra's rate: the entry moved with the money


def test_copies_start_without_views_and_stay_independent():
    """deepcopy, pickle and clone give states whose observations are written afresh; observing
    or changing a copy leaves the original's views (and earlier copies) as they were."""
    s, rng = _played(3, 50)
    want = [_cached(s, seat) for seat in range(3)]
    copies = [copy.deepcopy(s), pickle.loads(pickle.dumps(s)), s.clone()]
    for c in copies:
        assert all((_cached(c, seat) == want[seat]).all() for seat in range(3))
    for c in copies:  # play each copy on: the original and the other copies stay as they were
        for _ in range(30):
            if not c.is_terminal:
                c.apply_action(int(rng.choice(np.flatnonzero(c.legal_action_mask()))))
        assert all((_cached(c, seat) == _plain(c, seat)).all() for seat in range(3))
        assert all((_cached(s, seat) == want[seat]).all() for seat in range(3))
