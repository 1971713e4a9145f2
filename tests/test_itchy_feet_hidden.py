"""Itchy Feet hidden information: resample_hidden (G1), the heuristic never peeks (G2), and the
seat's text view (G6), over many positions from random and heuristic play."""

import numpy as np
import pytest

from travel_envs.agents.base import RandomPolicy
from travel_envs.games.itchy_feet import GAME, ExpertPolicy, HeuristicPolicy, MasterPolicy
from travel_envs.games.itchy_feet import actions as A
from travel_envs.games.itchy_feet.actions import P_PICK_TARGET, P_STEAL_TARGET
from travel_envs.games.itchy_feet.components import COUNTRY_NAMES, ITEMS, PASSPORT
from travel_envs.games.itchy_feet.scenario import build_state

from test_itchy_feet_helpers import check_invariants, expected_totals, play

C, ASK = A.CARD_BASE, A.ASK_BASE
SUNSCREEN, CAMERA, GUIDEBOOK, PHRASEBOOK, BOOTS, SWIMSUIT, UMBRELLA, COAT, ADAPTER, SUNGLASSES, \
    BUGSPRAY, CURRENCY = ITEMS
VARIANTS = [dict(), dict(extensions="all"), dict(extensions="all", steal_action=True)]


def positions(per_game=8, seeds=range(3)):
    """States in the middle of games (random and heuristic moves mixed), every player count and
    variant: a list of (state, acting seat)."""
    out = []
    for n in (2, 3, 4, 5, 6):
        for params in VARIANTS:
            game = GAME(num_players=n, **params)
            for seed in seeds:
                st = game.new_initial_state(np.random.default_rng(100 * n + seed))
                rng = np.random.default_rng(seed)
                heuristic, rand = HeuristicPolicy(seed), RandomPolicy(seed)
                stops = set(rng.choice(150, per_game, replace=False).tolist())
                for step in range(400):
                    if st.is_terminal:
                        break
                    if step in stops:
                        out.append((st.clone(), st.current_player))
                    pol = heuristic if rng.random() < 0.5 else rand
                    st.apply_action(pol.act(None, st.legal_action_mask(), st))
    return out


def target_positions(count=40):
    """Decisions on a Steal / Pickpocket victim, from random games with the Steal variant."""
    out = []
    game = GAME(num_players=4, extensions="all", steal_action=True)
    seed = 0
    while len(out) < count:
        st = game.new_initial_state(np.random.default_rng(seed))
        pol = RandomPolicy(seed)
        while not st.is_terminal and len(out) < count:
            if st.ph in (P_PICK_TARGET, P_STEAL_TARGET):
                out.append((st.clone(), st.current_player))
            st.apply_action(pol.act(None, st.legal_action_mask(), st))
        seed += 1
    return out


RARE_PHASES = ("guide_pick", "jet_discard", "luggage_pass", "strike_discard", "insurance", "mousetrap",
               "smuggle_target", "forbidden_companion", "trading_post", "discard_down")


def rare_phase_positions(per_phase=6):
    """Decisions in phases random play seldom stops at (peeks, Jet-setter draws, events, reactions)."""
    found = {ph: [] for ph in RARE_PHASES}
    for seed in range(200):
        n = 2 + seed % 5
        st = GAME(num_players=n, extensions="all").new_initial_state(np.random.default_rng(seed))
        pol = RandomPolicy(seed)
        while not st.is_terminal:
            bucket = found.get(st.phase)
            if bucket is not None and len(bucket) < per_phase:
                bucket.append((st.clone(), st.current_player))
            st.apply_action(pol.act(None, st.legal_action_mask(), st))
        if all(len(v) == per_phase for v in found.values()):
            break
    return [pos for v in found.values() for pos in v]


POSITIONS = positions() + target_positions() + rare_phase_positions()


def obs(st, seat):
    out = np.zeros(st.game.observation_size, np.float32)
    st.observation(seat, out)
    return out


def hidden_part(st, seat):
    return [st.hands[q] for q in range(st.num_players) if q != seat], st.draw, st.peek


# ---------------------------------------------------------------- G1 resample_hidden
def test_resample_keeps_everything_the_seat_sees():
    assert len(POSITIONS) > 300
    phases = {st.phase for st, _ in POSITIONS}
    assert set(RARE_PHASES) <= phases and "main" in phases and "trade_response" in phases
    rng = np.random.default_rng(0)
    changed = 0
    for st, actor in POSITIONS:
        for seat in {actor, st.turn_player, int(rng.integers(st.num_players))}:
            r = st.resample_hidden(seat, rng)
            np.testing.assert_array_equal(obs(r, seat), obs(st, seat))
            assert r.observation_text(seat) == st.observation_text(seat)
            if seat == actor:
                np.testing.assert_array_equal(r.legal_action_mask(), st.legal_action_mask())
            assert r.hands[seat] == st.hands[seat] and r.known == st.known and r.sizes == st.sizes
            assert len(r.draw) == len(st.draw) and r.discard == st.discard
            check_invariants(r, expected_totals(st))
            changed += hidden_part(r, seat) != hidden_part(st, seat)
    assert changed > len(POSITIONS)  # the hidden part is drawn anew (almost always)


def play_on_resampled(step, seed):
    rng = np.random.default_rng(seed)
    for i, (st, actor) in enumerate(POSITIONS[::step]):
        r = st.resample_hidden(actor if i % 2 else int(rng.integers(st.num_players)), rng)
        totals = expected_totals(st)
        pol = RandomPolicy(3)
        while not r.is_terminal:
            r.apply_action(pol.act(None, r.legal_action_mask(), r))
            check_invariants(r, totals)


def test_resampled_states_play_on_legally_to_the_end():
    play_on_resampled(step=13, seed=1)


@pytest.mark.slow
def test_resampled_states_play_on_legally_to_the_end_many():
    play_on_resampled(step=2, seed=5)


def test_resample_spreads_an_unseen_card_over_the_possible_places():
    # player 1 holds the only Camera outside the draw pile; seat 0 cannot know where it is
    st = build_state(num_players=3, hands={0: [PASSPORT, COAT], 1: [PASSPORT, CAMERA, BOOTS], 2: [PASSPORT, UMBRELLA]},
                     draw=[SWIMSUIT, SUNSCREEN, CAMERA, ADAPTER, GUIDEBOOK, SUNGLASSES])
    rng = np.random.default_rng(2)
    where = {"1": 0, "2": 0, "draw": 0}
    for _ in range(600):
        r = st.resample_hidden(0, rng)
        where["1"] += r.hands[1][CAMERA]
        where["2"] += r.hands[2][CAMERA]
        where["draw"] += r.draw.count(CAMERA)
    # 2 Cameras among 12 unseen slots (3 + 3 in hands, 6 in the draw pile): 1/4, 1/4, 1/2
    assert sum(where.values()) == 1200
    assert 200 < where["1"] < 400 and 200 < where["2"] < 400 and 450 < where["draw"] < 750


def test_resample_keeps_cards_seen_in_an_open_trade():
    st = build_state(num_players=3, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, COAT, BOOTS], 2: [PASSPORT]},
                     draw=[SWIMSUIT, SUNSCREEN, UMBRELLA, ADAPTER])
    play(st, A.TRADE, A.TARGET_BASE, C + CAMERA, ASK + COAT, A.PROPOSE, A.YES)
    rng = np.random.default_rng(3)
    for _ in range(50):
        r = st.resample_hidden(2, rng)
        assert r.hands[1][CAMERA] >= 1 and r.hands[0][COAT] >= 1


# ---------------------------------------------------------------- G2 no peeking
def peek_mismatches(make_policy, positions, rng):
    """Positions where the policy's move changes when the hidden part is resampled."""
    bad = 0
    for st, seat in positions:
        mask = st.legal_action_mask()
        o = obs(st, seat)
        a = make_policy().act(o, mask, st)
        b = make_policy().act(o, mask, st.resample_hidden(seat, rng))
        bad += a != b
    return bad


@pytest.mark.parametrize("policy_class", [HeuristicPolicy, ExpertPolicy, MasterPolicy])
def test_heuristic_decides_only_from_what_its_seat_knows(policy_class):
    assert peek_mismatches(lambda: policy_class(7), POSITIONS, np.random.default_rng(4)) == 0


class _PeekingHeuristic(HeuristicPolicy):
    """An injected bug: the Steal / Pickpocket victim is chosen by looking at the hands."""

    def _target(self, state, s, mask, ph):
        if ph in (P_PICK_TARGET, P_STEAL_TARGET):
            n = state.num_players
            legal = [r for r in range(1, n) if mask[A.TARGET_BASE + r - 1]]
            best = max(legal, key=lambda r: (sum(state.hands[(s + r) % n][t] for t in self.missing(state, s)), -r))
            return A.TARGET_BASE + best - 1
        return super()._target(state, s, mask, ph)


def test_no_peeking_check_catches_a_peek_at_a_steal_victims_hand():
    targets = [(st, seat) for st, seat in POSITIONS if st.ph in (P_PICK_TARGET, P_STEAL_TARGET)]
    assert len(targets) >= 40
    assert peek_mismatches(lambda: _PeekingHeuristic(7), POSITIONS, np.random.default_rng(4)) > 0


# ---------------------------------------------------------------- G6 observation_text
def test_observation_text_shows_own_hand_and_public_facts_only():
    france, italy, japan, india = (COUNTRY_NAMES.index(c) for c in ("France", "Italy", "Japan", "India"))
    st = build_state(num_players=3, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, COAT, BOOTS], 2: [PASSPORT, SWIMSUIT]},
                     draw=[SUNSCREEN, UMBRELLA, ADAPTER], discard=[GUIDEBOOK], own=[france, italy, japan],
                     centre=india)
    text = st.observation_text(0)
    assert "Your hand: Camera, Passport" in text and "Winter Coat" not in text and "Swimsuit" not in text
    assert "player 1: 3 cards" in text and "discard pile holds: Guidebook" in text
    # another seat's hidden card changes: the text stays; a public fact changes: it moves
    other = st.clone()
    other.hands[1][COAT] -= 1
    other.hands[1][SWIMSUIT] += 1
    other.draw.reverse()
    assert other.observation_text(0) == text
    play(st, A.TRADE, A.TARGET_BASE, C + CAMERA, ASK + COAT, A.PROPOSE, A.YES)
    after = st.observation_text(2)
    assert "known to hold: Winter Coat" in after and "known to hold: Camera" in after
    assert after != other.observation_text(2)
