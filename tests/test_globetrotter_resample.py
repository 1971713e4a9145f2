"""resample_hidden (G1) and no-peeking of the rule-based players and the chain_features block (G2, issue #13).

Positions come from seeded games of mixed random / heuristic play at every player count; for each, a
seat's view must not move when everything hidden from it is drawn anew."""

import numpy as np
import pytest

from test_globetrotter_sim import check_invariants
from travel_envs.agents.base import RandomPolicy
from travel_envs.games.globetrotter import GAME, ExpertPolicy, HeuristicPolicy
from travel_envs.games.globetrotter.scenario import build_state, card

ON = {"chain_features": True}


def view(st, seat):
    out = np.zeros(st.game.observation_size, np.float32)
    st.observation(seat, out)
    return out


def positions(n, seed, every=7, params=None):
    """Clones of the states of one seeded game (seat 0 random, the others heuristic), every few decisions."""
    st = GAME(num_players=n, **(params or {})).new_initial_state(np.random.default_rng(seed))
    pols = [RandomPolicy(seed)] + [HeuristicPolicy(seed + p) for p in range(1, n)]
    k = 0
    while not st.is_terminal:
        if k % every == 0:
            yield st.clone()
        st.apply_action(pols[st.to_act].act(None, st.legal_action_mask(), st))
        k += 1


def hidden(st, seat):
    """What ``seat`` cannot see: the other hands, deck order, the Journal under its top, the discards."""
    return ([sorted(np.flatnonzero(st.hands[q]).tolist()) for q in range(st.n) if q != seat],
            list(st.deck), list(st.journal[:-1]), sorted(st.discards), st.rng.bit_generator.state["state"])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_resample_keeps_the_view_and_redraws_the_hidden(n):
    rng = np.random.default_rng(n)
    changed = checked = 0
    phases = set()
    for seed in range(3):
        for st in positions(n, 50 * n + seed, params=ON if seed == 1 else None):
            for seat in range(n):
                r = st.resample_hidden(seat, rng)
                assert np.array_equal(view(st, seat), view(r, seat)), (st.phase, seat)
                if seat == st.current_player:
                    assert np.array_equal(st.legal_action_mask(), r.legal_action_mask())
                assert sorted(np.flatnonzero(r.hands[seat])) == sorted(np.flatnonzero(st.hands[seat]))
                assert r.hand_size == st.hand_size and len(r.deck) == len(st.deck)
                assert len(r.journal) == len(st.journal) and r.played == st.played
                check_invariants(r, r.pos, r.round)  # all 49 cards accounted for, once
                changed += hidden(st, seat) != hidden(r, seat)
                checked += 1
                phases.add(st.phase)
    assert {"improve", "turn", "park"} <= phases
    assert changed >= 0.9 * checked  # the generator alone always changes; the cards nearly always


def test_resample_in_the_choose_opponent_phase():
    s = build_state(3, hands=[["red ship"], ["green bicycle", "sky blue ship"], ["blue car", "pink car", "orange car"]],
                    journal=["yellow car"], deck=[], cur=0)
    s.apply_action(49)  # draw: deck and Journal are exhausted, two opponents qualify
    assert s.phase == "choose_opponent"
    for seat in range(3):
        r = s.resample_hidden(seat, np.random.default_rng(seat))
        assert np.array_equal(view(s, seat), view(r, seat))
        assert np.array_equal(s.legal_action_mask(), r.legal_action_mask())


def test_resampled_states_play_on_legally_to_the_end():
    rng = np.random.default_rng(7)
    for n in (2, 3, 5):
        for i, st in enumerate(positions(n, 900 + n, every=150)):
            r = st.resample_hidden(i % n, rng)
            pol = RandomPolicy(i)
            steps = 0
            while not r.is_terminal:
                prev_pos, prev_round = list(r.pos), r.round
                r.apply_action(pol.act(None, r.legal_action_mask()))
                check_invariants(r, prev_pos, prev_round)
                steps += 1
                assert steps < 20_000
            assert r.winners()


def test_an_unseen_card_is_spread_over_every_hidden_place():
    """Seat 0 cannot see seat 1's hand, the deck or the Journal under the top: over many resamples a card
    of seat 1 lands in each of them, about in proportion to their sizes."""
    s = build_state(2, hands=[["red ship", "pink car"], ["green bicycle", "blue car", "orange car"]],
                    journal=["sky blue ship", "yellow ship", "yellow car"], cur=0)
    rng = np.random.default_rng(0)
    where = {"hand": 0, "deck": 0, "journal": 0}
    target = card("blue car")
    trials = 2000
    for _ in range(trials):
        r = s.resample_hidden(0, rng)
        where["hand" if r.hands[1, target] else "deck" if target in r.deck else "journal"] += 1
    hidden_cards = 3 + len(s.deck) + 2
    assert abs(where["hand"] / trials - 3 / hidden_cards) < 0.03
    assert abs(where["journal"] / trials - 2 / hidden_cards) < 0.03
    assert where["deck"] > 0.8 * trials
    assert not any(r.hands[0, target] for r in [s.resample_hidden(0, rng) for _ in range(50)])  # never mine


def test_own_improvement_discards_and_the_other_selection():
    """In the improvement a seat knows its own discards stay in the pile; the improving seat's selection
    is hidden from the others (its size too), so it is drawn from that seat's new hand."""
    st = GAME(num_players=3).new_initial_state(np.random.default_rng(4))
    first = st.to_act
    mine = [int(c) for c in np.flatnonzero(st.hands[first])[:2]]
    for c in mine:
        st.apply_action(105 + c)
    st.apply_action(154)  # confirm: two cards to the pile, two new ones drawn
    second = st.to_act
    st.apply_action(105 + int(np.flatnonzero(st.hands[second])[0]))  # second seat selects one card
    rng = np.random.default_rng(1)
    for _ in range(30):
        r = st.resample_hidden(first, rng)
        assert set(mine) <= set(r.discards)
        assert r.marked.sum() == 1 and r.hands[second, np.flatnonzero(r.marked)].all()
    moved = sum(not set(mine) <= set(st.resample_hidden(second, rng).discards) for _ in range(30))
    assert moved > 0  # for another seat, the first seat's discards are unknown


# --------------------------------------------------------------------- G2: no peeking
@pytest.mark.parametrize("policy_class", [HeuristicPolicy, ExpertPolicy])
def test_rule_based_players_do_not_peek(policy_class):
    """Same seed, same decision on the true state and on states resampled for the acting seat."""
    rng = np.random.default_rng(11)
    count = 0
    for n in (2, 3, 4, 5):
        for seed in range(3):
            for i, st in enumerate(positions(n, 300 + 10 * n + seed, every=5)):
                seat = st.current_player
                mask = st.legal_action_mask()
                a = policy_class(seed=i).act(None, mask, st)
                for _ in range(2):
                    r = st.resample_hidden(seat, rng)
                    assert policy_class(seed=i).act(None, r.legal_action_mask(), r) == a, (n, seed, i, st.phase)
                count += 1
    assert count >= 300


def test_chain_features_block_does_not_peek():
    rng = np.random.default_rng(5)
    count = 0
    for n in (2, 4):
        for seed in range(2):
            for st in positions(n, 700 + seed, every=6, params=ON):
                for seat in range(n):
                    assert np.array_equal(view(st, seat), view(st.resample_hidden(seat, rng), seat))
                    count += 1
    assert count >= 300
