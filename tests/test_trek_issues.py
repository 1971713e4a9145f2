"""Trek fixes of issues #13, #14 and #15: scenario tests from hand-made states."""

from __future__ import annotations

import numpy as np
import pytest

from travel_envs.core.game import ParameterError
from travel_envs.games.trek import actions as A
from travel_envs.games.trek import components as C
from travel_envs.games.trek.encoder import PLAYER_BLOCK, money
from travel_envs.games.trek.engine import OVER, PLAY_PHASE, BANKRUPTCY_PHASE, TrekGame

from test_trek_rules import build, cards, check_invariants

S, M, J = C.STORES, C.MULES, C.JEEPS


def obs_of(s, seat):
    out = np.zeros(s.game.observation_size, np.float32)
    s.observation(seat, out)
    return out


# ------------------------------------------------------------ #13.1 reshuffle at once
def test_discard_pile_becomes_the_pack_as_soon_as_the_pack_is_exhausted():
    # a single card in the pack; everything else is face up in the discard pile
    s = build(hands={0: cards("c12", "c12", "c11", "c11")}, pack_size=1)
    [last] = s.pack
    pile = sorted(s.discard)
    s.apply_action(A.DISCARD + C.camp_card(11))  # P0 discards a Camp 11 card and draws the last card
    assert s.hands[0][last] >= 1
    # the pack was exhausted by that draw: the discard pile (with the card just played) is the pack now
    assert s.discard == [] and s.reshuffles == 1
    assert sorted(s.pack) == sorted(pile + [C.camp_card(11)])
    check_invariants(s)


def test_old_reshuffle_timing_waits_for_the_next_draw():
    s = build(params={"reshuffle": "at next draw"}, hands={0: cards("c12", "c12", "c11", "c11")}, pack_size=1)
    s.apply_action(A.DISCARD + C.camp_card(11))
    assert s.pack == [] and s.reshuffles == 0
    s.apply_action(A.DISCARD + int(np.flatnonzero(s.hands[1])[0]))  # P1 discards and draws: now it is shuffled
    assert s.reshuffles == 1 and s.discard == []


# -------------------------------------------------- #13.2 order of arrival at a camp
def test_observation_shows_the_guests_order_of_arrival():
    # P0 hosts at camp 4; P1 and P2 are guests, P2 arrived before P1, so P2 hosts when P0 leaves
    s = build(n=3, pos=[4, 4, 4], arrival=[1, 3, 2], seq=4, held=[[5, 0, 0], [5, 0, 0], [5, 0, 0]])
    view = obs_of(s, 0)
    rank = lambda k: view[PLAYER_BLOCK * k + 22]  # noqa: E731 (block k = seat k for seat 0's view)
    assert (rank(0), rank(1), rank(2)) == (0.0, pytest.approx(2 / 5), pytest.approx(1 / 5))
    swapped = build(n=3, pos=[4, 4, 4], arrival=[1, 2, 3], seq=4, held=[[5, 0, 0], [5, 0, 0], [5, 0, 0]])
    assert not np.array_equal(view, obs_of(swapped, 0))
    assert s.occupants(4) == [0, 2, 1] and swapped.occupants(4) == [0, 1, 2]


# ------------------------------------------------------------------ #13.3 cash scale
def test_cash_encoding_keeps_large_amounts_apart():
    values = [0, 1, 299, 300, 999, 1000, 1001, 2000, 5000, 20_000]
    codes = [money(v) for v in values]
    assert codes == sorted(codes) and len(set(codes)) == len(codes) and max(codes) < 1.0
    for starting_cash in (1000, 2500):
        game = TrekGame(num_players=2, starting_cash=starting_cash)
        s = game.new_initial_state(np.random.default_rng(0))
        a = obs_of(s, 1)
        s.cash[0] += 500
        s.bank -= 500
        b = obs_of(s, 1)
        assert a[PLAYER_BLOCK + 14] < b[PLAYER_BLOCK + 14] < 1.0


# ------------------------------------------------------------ opponents' units shown
@pytest.mark.parametrize("market", [S, M, J])
def test_opponents_stores_mules_and_jeeps_are_in_the_observation(market):
    base = build(n=3, held=[[0, 0, 0], [2, 1, 1], [3, 2, 1]])
    more = [[0, 0, 0], [2, 1, 1], [3, 2, 1]]
    more[2][market] += 1
    changed = build(n=3, held=more)
    a, b = obs_of(base, 0), obs_of(changed, 0)
    diff = np.flatnonzero(a != b).tolist()
    slot = PLAYER_BLOCK * 2 + 15 + market
    pool_slot = PLAYER_BLOCK * 3 + 21 + 4 * market + 3
    assert diff == [slot, pool_slot]  # seat 2's count of that unit, and the pool it came from
    assert b[slot] == pytest.approx(more[2][market] / C.MARKET_TOTALS[market])


# ------------------------------------------------------ bankruptcy at the exact amount
def test_cash_exactly_equal_to_the_base_contribution_is_paid_without_bankruptcy():
    s = build(pos=[0, 0], cash=[300, 10], held=[[0, 0, 0], [2, 1, 0]])
    s.apply_action(A.DISCARD + int(np.flatnonzero(s.hands[0])[0]))
    assert s.current_player == 1 and s.phase_id == PLAY_PHASE and s.cash[1] == 0 and s.held[1] == [2, 1, 0]
    check_invariants(s)


def test_cash_exactly_equal_to_the_double_price_is_paid_without_bankruptcy():
    # P1 at camp 3 without Stores: pays 2 x £10 = £20, exactly its cash
    s = build(pos=[0, 3], cash=[300, 20], held=[[0, 0, 0], [0, 1, 0]], sold=[6, 0, 0])
    s.apply_action(A.DISCARD + int(np.flatnonzero(s.hands[0])[0]))
    assert s.current_player == 1 and s.phase_id == PLAY_PHASE and s.cash[1] == 0 and s.alive[1]
    s2 = build(pos=[0, 3], cash=[300, 19], held=[[0, 0, 0], [0, 1, 0]], sold=[6, 0, 0])
    s2.apply_action(A.DISCARD + int(np.flatnonzero(s2.hands[0])[0]))
    assert s2.phase_id == BANKRUPTCY_PHASE and s2.debt == 20  # one pound short: bankruptcy


# --------------------------------------------------------- #15 starting cash minimum
def test_starting_cash_below_the_base_contribution_is_refused():
    with pytest.raises(ParameterError, match=r"starting_cash=9 .*>= the Base contribution \(10\)"):
        TrekGame(starting_cash=9)
    with pytest.raises(ParameterError, match=r"starting_cash=19 .*\(20\)"):
        TrekGame(starting_cash=19, base_contribution=20)
    game = TrekGame(starting_cash=10)
    s = game.new_initial_state(np.random.default_rng(0))
    assert not s.is_terminal and s.cash[0] == 0


def test_env_with_the_minimum_starting_cash_is_playable():
    import travel_envs

    env = travel_envs.make("trek_v0", num_players=2, starting_cash=10)
    env.reset(seed=0)
    obs, reward, term, trunc, info = env.last()
    assert not term and not trunc and obs["action_mask"].any()


# ------------------------------------------------------------- #14 economy rules
def test_economy_sets_and_overrides():
    v0 = TrekGame(economy="v0-reconstruction").params
    assert v0.stores_prices == C.STORES_PRICES and v0.camp_card_copies == 3 and v0.buy_cards == 8
    assert v0.indicator_falls_on_return is False and v0.cap_winner == "furthest"
    v1 = TrekGame().params
    assert v1.economy == C.DEFAULT_ECONOMY == "v1"
    assert v1.stores_prices[:2] == (5, 10)  # FOUND: the rulebook's worked example
    assert v1.indicator_falls_on_return is True and v1.cap_winner == "survivors"
    assert TrekGame().deck_size == 52  # FOUND: 52 cards
    mixed = TrekGame(economy="v0-reconstruction", camp_bonus=[5] * 11).params
    assert mixed.camp_bonus == (5,) * 11 and mixed.stores_prices == C.STORES_PRICES
    with pytest.raises(ParameterError, match="economy='v2'"):
        TrekGame(economy="v2")
    with pytest.raises(ParameterError, match="camp_card_copies"):
        TrekGame(camp_card_copies=[2] * 11)


def test_returned_stores_move_the_falling_sales_indicator_back():
    # P1 at camp 3 contributes one Stores Unit: with v1 the indicator moves back by one unit
    s = build(params={"economy": "v1"}, pos=[0, 3], held=[[0, 0, 0], [4, 0, 0]], sold=[7, 0, 0])
    assert s.price(S) == 10
    s.apply_action(A.DISCARD + int(np.flatnonzero(s.hands[0])[0]))
    assert s.sold[S] == 6 and s.price(S) == 10 and s.held[1][S] == 3
    s = build(params={"economy": "v1"}, pos=[0, 3], held=[[0, 0, 0], [4, 0, 0]], sold=[6, 0, 0])
    s.apply_action(A.DISCARD + int(np.flatnonzero(s.hands[0])[0]))
    assert s.sold[S] == 5 and s.price(S) == 5  # back to the £5 step
    # v0: indicators only move up
    s = build(pos=[0, 3], held=[[0, 0, 0], [4, 0, 0]], sold=[6, 0, 0])
    s.apply_action(A.DISCARD + int(np.flatnonzero(s.hands[0])[0]))
    assert s.sold[S] == 6 and s.price(S) == 10


def test_transport_returned_on_a_move_moves_its_indicator_back():
    s = build(params={"economy": "v1"}, hands={0: cards("c1", "c12", "c12", "c12")},
              held=[[2, 1, 0], [0, 0, 0]], sold=[2, 4, 0])
    assert s.price(M) == 15
    s.apply_action(A.MOVE_MULE + 0)
    assert s.sold[M] == 3 and s.price(M) == 15 and s.pool[M] == 18
    assert s.cash[0] == 300 + 30  # v1 bonus of camp 1


def test_bankrupt_units_fetch_the_market_price_of_the_bankruptcy_with_a_falling_indicator():
    # P1 hosts P2 at camp 3 without Stores: owes 2 x 2 x £20 = £80 with £0 and 2 Jeeps at £40 each.
    # Rulebook: he may continue since he has transport, and "the bank will pay him the current
    # market price for them": £40 + £40. The Jeep indicator moves back only once the debt is paid.
    s = build(n=3, params={"economy": "v1"}, pos=[0, 3, 3], cash=[300, 0, 300],
              held=[[0, 0, 0], [0, 0, 2], [0, 0, 0]], sold=[42, 0, 2], arrival=[1, 2, 3], seq=4)
    s.apply_action(A.DISCARD + int(np.flatnonzero(s.hands[0])[0]))
    assert s.current_player == 1 and s.phase_id == BANKRUPTCY_PHASE and s.debt == 80
    s.apply_action(A.SELL + J)
    assert s.phase_id == BANKRUPTCY_PHASE and s.cash[1] == 40 and s.price(J) == 40 and s.sold_back == [0, 0, 1]
    view = obs_of(s, 0)
    assert view[PLAYER_BLOCK * 3 + 85 + J] == pytest.approx(1 / 6)  # the pending fall is public
    assert "sold back so far 1 Jeeps" in s.observation_text(0)
    s.apply_action(A.SELL + J)
    assert s.alive[1] and s.phase_id == PLAY_PHASE and s.current_player == 1 and s.cash[1] == 0
    assert s.sold[J] == 0 and s.sold_back == [0, 0, 0] and s.pool[J] == 6
    check_invariants(s)


def test_host_pays_for_missing_units_at_the_price_shown_before_his_own_unit_returns():
    # v1: P1 hosts P2 at camp 3 with 1 Stores Unit; the Stores indicator stands at 6 (£10). His own unit
    # returns (the indicator falls to 5: £5), the guest's unit costs double the price shown when the
    # contribution fell due: 2 x £10
    s = build(n=3, params={"economy": "v1"}, pos=[0, 3, 3], held=[[0, 0, 0], [1, 0, 0], [0, 0, 0]],
              sold=[6, 0, 0], arrival=[1, 2, 3], seq=4)
    s.apply_action(A.DISCARD + int(np.flatnonzero(s.hands[0])[0]))
    assert s.current_player == 1 and s.cash[1] == 300 - 20 and s.held[1][S] == 0 and s.sold[S] == 5
    check_invariants(s)


def test_bankrupt_sales_with_an_indicator_that_only_rises_leave_it_in_place():
    s = build(n=3, pos=[0, 3, 3], cash=[300, 0, 300], held=[[0, 0, 0], [0, 0, 2], [0, 0, 0]],
              sold=[42, 0, 2], arrival=[1, 2, 3], seq=4)  # v0: owes 2 x 2 x £40 = £160; Jeeps at £80
    s.apply_action(A.DISCARD + int(np.flatnonzero(s.hands[0])[0]))
    assert s.debt == 160
    s.apply_action(A.SELL + J)
    s.apply_action(A.SELL + J)
    assert s.alive[1] and s.phase_id == PLAY_PHASE and s.sold == [42, 0, 2] and s.sold_back == [0, 0, 0]
    check_invariants(s)


def test_turn_cap_v1_is_shared_by_the_survivors():
    s = build(n=3, params={"economy": "v1", "max_turns": 3}, pos=[2, 3, 0], cash=[300, 100, 200], turns=3,
              held=[[3, 0, 0], [3, 0, 0], [0, 0, 0]])
    s.apply_action(A.DISCARD + int(np.flatnonzero(s.hands[0])[0]))
    assert s.phase_id == OVER and s.end_reason == "turn cap" and s.winners() == [0, 1, 2]
    assert s.returns() == [0.0, 0.0, 0.0]


# ------------------------------------------- second audit: the pile that became the pack is public
def _reshuffle_with_p1_holding(p1_hand, discard=()):
    """P0 discards a Camp 1 card and draws the last card of the pack: the face-up pile is the pack."""
    s = build(hands={0: cards("c11", "c11", "c1", "c1"), 1: cards(*p1_hand)}, discard=cards(*discard),
              pack_top=cards("c2"), pack_size=1)
    s.apply_action(A.DISCARD + C.camp_card(1))
    assert s.reshuffles == 1 and s.current_player == 1
    return s


def test_cards_missing_from_the_reshuffled_pile_are_known_to_be_in_other_hands():
    s = _reshuffle_with_p1_holding(("c12", "c12", "c12", "c10"))
    known = s.known_in_other_hands(0)
    # no Camp 12 card went into the pack and P0 drew none: all three are in P1's hand; so is the third c10
    assert known[C.camp_card(12)] == 3 and known[C.camp_card(10)] == 1 and sum(known) == 4
    view = obs_of(s, 0)
    block = PLAYER_BLOCK * 2 + 88
    assert view[block + C.camp_card(12)] == pytest.approx(1.0) and view[block + C.camp_card(10)] == pytest.approx(1 / 3)
    assert "C12 x3" in s.observation_text(0)
    rng = np.random.default_rng(0)
    for _ in range(40):  # resampling never puts them in the pack, and keeps the view
        r = s.resample_hidden(0, rng)
        assert r.hands[1][C.camp_card(12)] == 3 and r.hands[1][C.camp_card(10)] == 1
        assert np.array_equal(obs_of(r, 0), view)
        check_invariants(r)
    # public change: one Camp 12 card was face up, so it went into the pack: only two are known
    s2 = _reshuffle_with_p1_holding(("c12", "c12", "c10", "c10"), discard=("c12",))
    assert s2.known_in_other_hands(0)[C.camp_card(12)] == 2
    assert not np.array_equal(obs_of(s2, 0)[block:], view[block:])


def test_own_draws_since_the_reshuffle_count_and_other_draws_do_not():
    s = _reshuffle_with_p1_holding(("c12", "c12", "c12", "c10"))
    s.apply_action(A.DISCARD + C.camp_card(10))  # P1 discards the c10 and draws an unknown card
    drawn = int(np.flatnonzero(s.drawn[1])[0])
    assert sum(s.drawn[1]) == 1 and s.hands[1][drawn] >= 1
    assert s.known_in_other_hands(0)[C.camp_card(10)] == 0  # the third c10 is face up now
    # P1 itself knows where its draw came from: what is left of the pile excludes it
    left = [s.reshuffled[t] - s.drawn[0][t] - s.drawn[1][t] for t in range(C.NUM_CARD_TYPES)]
    assert left == [s.pack.count(t) for t in range(C.NUM_CARD_TYPES)]
    rng = np.random.default_rng(1)
    for _ in range(20):  # P0 does not know P1's draw: it is redrawn, the view stays
        r = s.resample_hidden(0, rng)
        assert sum(r.drawn[1]) == 1 and np.array_equal(obs_of(r, 0), obs_of(s, 0))
        check_invariants(r)
    d = s.to_dict()
    d["drawn"][1][drawn] -= 1
    with pytest.raises(ParameterError, match="drawn"):
        s.game.state_from_dict(d)
    d = s.to_dict()
    d["sold_back"] = [1, 0, 0]  # units sold back can only be pending during a bankruptcy
    with pytest.raises(ParameterError, match="sold_back"):
        s.game.state_from_dict(d)

