"""Trekking the World hidden information: resample_hidden (G1), no peeking by the heuristic
(G2), observation_text (G6)."""

import numpy as np
import pytest

from travel_envs.games.trekking_the_world import GAME, ExpertPolicy, HeuristicPolicy
from travel_envs.games.trekking_the_world.engine import PH_START
from travel_envs.games.trekking_the_world.scenario import build_state, invariant_errors


def _positions(n, games, every, seed=0, **params):
    """Positions of random/heuristic games (a mix, so powers and tokens appear), every ``every``
    decisions, across all phases."""
    g = GAME(num_players=n, **params)
    for gi in range(games):
        s = g.new_initial_state(np.random.default_rng(seed + gi))
        rng = np.random.default_rng(seed + gi)
        pol = HeuristicPolicy(seed + gi)
        k = 0
        while not s.is_terminal:
            if k % every == 0:
                yield s
            m = s.legal_action_mask()
            a = pol.act(None, m, s) if rng.random() < 0.7 else int(rng.choice(np.flatnonzero(m)))
            s.apply_action(a)
            k += 1


def _obs(s, seat):
    out = np.zeros(s.game.observation_size, np.float32)
    s.observation(seat, out)
    return out


def _hidden(s):
    return (tuple(s.tour_deck[:-1]), tuple(s.enc_deck[:-1]), tuple(s.itin_deck[:-1]), tuple(s.rival_deck))


# ------------------------------------------------------------------ G1: resample_hidden
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_resample_keeps_the_view_and_mask_and_draws_the_hidden_part_anew(n):
    rng = np.random.default_rng(n)
    checked = changed = 0
    for s in _positions(n, 2 if n > 1 else 5, 11, seed=10 * n):
        seat = int(rng.integers(n))
        r = s.resample_hidden(seat, rng)
        for q in range(n):  # everything on the table is public: every seat's view is kept
            assert (_obs(s, q) == _obs(r, q)).all()
            assert r.observation_text(q) == s.observation_text(q)
        assert (s.legal_action_mask() == r.legal_action_mask()).all()
        assert not invariant_errors(r)
        changed += _hidden(r) != _hidden(s)
        checked += 1
    assert checked > 20 and changed > checked // 2


def test_resampled_states_play_on_legally_to_the_end():
    rng = np.random.default_rng(3)
    for n in (1, 2, 3, 4, 5):
        for s in list(_positions(n, 1, 97, seed=50 + n))[:4]:
            r = s.resample_hidden(0, rng)
            while not r.is_terminal:
                r.apply_action(int(rng.choice(np.flatnonzero(r.legal_action_mask()))))
                errors = invariant_errors(r)
                assert not errors, errors


def test_an_unseen_card_is_spread_over_both_decks():
    """Before the Encounter deck is rebuilt, which unseen card is in the Tour deck and which in the
    Encounter deck is hidden: a given unseen card lands in either deck, at many places."""
    s = build_state(2)
    c = s.tour_deck[-2]  # the (hidden) second Tour card
    rng = np.random.default_rng(0)
    places = []
    for _ in range(400):
        r = s.resample_hidden(0, rng)
        places.append(("tour", r.tour_deck.index(c)) if c in r.tour_deck else ("enc", r.enc_deck.index(c)))
    kinds = [k for k, _ in places]
    share = kinds.count("tour") / len(kinds)
    expected = (len(s.tour_deck) - 1) / (len(s.tour_deck) + len(s.enc_deck) - 2)
    assert abs(share - expected) < 0.08 and len(set(places)) > 20
    assert all(i < len(r.tour_deck) - 1 for k, i in places if k == "tour")  # never the face-up top


def test_a_rebuilt_encounter_deck_keeps_its_known_cards():
    s = build_state(2)
    s.enc_discard.extend(s.enc_deck)
    s.enc_deck.clear()
    s._refill_encounters()
    s.touch()
    known, tours = set(s.enc_deck), set(s.tour_deck)
    r = s.resample_hidden(1, np.random.default_rng(0))
    assert set(r.enc_deck) == known and set(r.tour_deck) == tours
    assert r.enc_deck[-1] == s.enc_deck[-1] and r.tour_deck[-1] == s.tour_deck[-1]


def test_resample_rejects_a_bad_seat():
    from travel_envs.core.game import ParameterError

    with pytest.raises(ParameterError, match="seat"):
        build_state(2).resample_hidden(2, np.random.default_rng(0))


# ------------------------------------------------------------------ G2: no peeking
def _mismatches(policy_cls, positions, seed=0):
    rng = np.random.default_rng(seed)
    bad = total = 0
    for i, s in enumerate(positions):
        if s.is_terminal:
            continue
        seat = s.current_player
        m = s.legal_action_mask()
        r = s.resample_hidden(seat, rng)
        a = policy_cls(seed + i).act(_obs(s, seat), m, s)
        b = policy_cls(seed + i).act(_obs(r, seat), r.legal_action_mask(), r)
        bad += a != b
        total += 1
    return bad, total


class _PeekingHeuristic(HeuristicPolicy):
    """The heuristic with an injected peek at the hidden second Tour card when choosing an Itinerary."""

    def act(self, observation, action_mask, state):
        legal = np.flatnonzero(action_mask)
        if state.phase_id == PH_START and len(state.tour_deck) > 1 and len(legal) > 1:
            return int(legal[state.tour_deck[-2] % len(legal)])
        return super().act(observation, action_mask, state)


def _no_peek_positions():
    out = []
    for n in (1, 2, 3, 4, 5):
        out += [s.clone() for s in _positions(n, 2 if n > 1 else 4, 9, seed=200 + n)]
    return out


@pytest.mark.parametrize("policy_class", [HeuristicPolicy, ExpertPolicy])
def test_heuristic_does_not_peek_and_the_check_catches_a_peek(policy_class):
    positions = _no_peek_positions()
    bad, total = _mismatches(policy_class, positions)
    assert total >= 300 and bad == 0
    bad, total = _mismatches(_PeekingHeuristic, positions)
    assert bad > 0  # the test can fail: an injected peek at the second Tour card is caught


# ------------------------------------------------------------------ G6: observation_text
def test_observation_text_shows_public_facts_only():
    s = build_state(3)
    text = s.observation_text(1)
    assert text.startswith("== Trekking the World == you are P1")
    hidden = s.tour_deck[-2]
    from travel_envs.games.trekking_the_world import components as C

    shown = [c for c in range(C.NUM_CARDS) if C.CARD_NAMES[c] in text]
    assert hidden not in shown or hidden in s.available_encounters()
    t = s.clone()
    t.tour_deck[:-1] = t.tour_deck[:-1][::-1]  # other hidden order: same text
    assert t.observation_text(1) == text
    t.money[2] = 7  # a public fact: the text changes
    assert t.observation_text(1) != text and "$7" in t.observation_text(1)
    t.itin_discard.append(t.itin_deck.pop(0))  # the discard pile is shown whole
    assert f"#{t.itin_discard[-1] + 1}" in t.observation_text(1).split("discard pile bottom to top")[1]
