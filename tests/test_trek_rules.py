"""Trek rules: the rulebook's worked examples and one scenario test per rule (hand-made states)."""

from __future__ import annotations

import numpy as np
import pytest

from travel_envs.core.game import IllegalActionError, ParameterError
from travel_envs.games.trek import actions as A
from travel_envs.games.trek import components as C
from travel_envs.games.trek.engine import BUY_PHASE, OVER, PLAY_PHASE, BANKRUPTCY_PHASE, TrekGame
from travel_envs.games.trek.scenario import cards, build_state

S, M, J = C.STORES, C.MULES, C.JEEPS


def build(n=2, params=None, **facts):
    """A hand-made position (``scenario.build_state``: hands, pack_top, discard, pack_size, to_act and
    ``to_dict`` fields) in phase ``play`` with the contribution of the player to act already made.

    The rule scenarios use the ``v0-reconstruction`` economy (its tables are the numbers in these
    tests) unless ``params`` names another; the rules themselves do not depend on the economy.
    """
    return build_state(n, params={"economy": "v0-reconstruction", **(params or {})}, **facts)


def check_invariants(s) -> None:
    g = s.game
    counts = np.zeros(C.NUM_CARD_TYPES, int)
    for h in s.hands:
        assert min(h) >= 0
        counts += np.array(h)
    counts += np.bincount(np.array(s.pack, dtype=int), minlength=C.NUM_CARD_TYPES)
    counts += np.bincount(np.array(s.discard, dtype=int), minlength=C.NUM_CARD_TYPES)
    assert counts.tolist() == list(g.card_counts), "cards created or lost"
    for m in range(3):
        assert s.pool[m] >= 0 and all(h[m] >= 0 for h in s.held)
        assert s.pool[m] + sum(h[m] for h in s.held) == C.MARKET_TOTALS[m], "units created or lost"
    assert sum(s.cash) + s.bank == g.num_players * g.params.starting_cash, "money created or lost"
    if s.reshuffles:  # the pack is the reshuffled pile less every card drawn since
        left = np.array(s.reshuffled) - np.array(s.drawn).sum(axis=0)
        assert left.tolist() == np.bincount(np.array(s.pack, dtype=int), minlength=C.NUM_CARD_TYPES).tolist()
    assert all(c >= 0 for c in s.cash)
    for q in range(g.num_players):
        if s.alive[q]:
            assert 0 <= s.pos[q] <= 12
        else:
            assert s.pos[q] == -1 and sum(s.hands[q]) == 0 and s.held[q] == [0, 0, 0] and s.cash[q] == 0
    if not s.is_terminal:
        assert s.alive[s.current_player]
        assert s.legal_action_mask().any()
        if s.phase_id == PLAY_PHASE:
            assert sum(s.hands[s.current_player]) == C.HAND_SIZE


def discard_any(s) -> None:
    """The current player discards the first card in hand (a 'pass')."""
    hand = s.hands[s.current_player]
    s.apply_action(A.DISCARD + next(t for t in range(C.NUM_CARD_TYPES) if hand[t]))


# --------------------------------------------------------------- Sales Indicators (examples 1-2)
@pytest.mark.parametrize("economy", ["v0-reconstruction", "v1"])
def test_rulebook_stores_indicator_example(economy):
    """The rulebook's worked example, its numbers in both economies (£5 then £10 are FOUND)."""
    s = build(params={"economy": economy},
              hands={0: cards("buy", "c12", "c12", "c12"), 1: cards("buy", "c11", "c11", "c11")})
    s.apply_action(A.PLAY_BUY + S)
    assert s.phase_id == BUY_PHASE
    s.apply_action(A.BUY_UNITS + 3)  # 4 units
    assert s.cash[0] == 300 - 20 and s.held[0][S] == 4
    assert (s.price(S), s.units_hand(S)) == (5, 4)
    s.apply_action(A.BUY_DONE)
    # B's turn begins: he pays £10 at Base, then buys 6: 2 at £5 and 4 at £10 = £50
    assert s.current_player == 1 and s.cash[1] == 290
    s.apply_action(A.PLAY_BUY + S)
    assert s.cost(S, 6) == 50
    s.apply_action(A.BUY_UNITS + 5)
    assert s.cash[1] == 240 and s.held[1][S] == 6
    assert (s.price(S), s.units_hand(S)) == (10, 4)
    check_invariants(s)


def test_units_per_price_step_for_each_market():
    s = build()
    assert [s.cost(S, k) for k in (6, 7, 12, 13)] == [30, 40, 90, 105]
    assert [s.cost(M, k) for k in (3, 4, 6)] == [60, 90, 150]
    assert [s.cost(J, k) for k in (1, 2, 3)] == [40, 100, 180]
    s.sold = [54, 18, 6]  # past the top steps: the price stays at the top
    assert (s.price(S), s.price(M), s.price(J)) == (45, 70, 140)
    assert s.cost(J, 2) == 280


def test_purchase_limited_by_pool_and_cash():
    # the pool holds only 2 Mules (16 are held by player 1): at most 2 can be bought
    s = build(hands={0: cards("buy", "c12", "c12", "c12")}, held=[[0, 0, 0], [0, 16, 0]])
    assert s.buyable(0, M) == 2
    s.apply_action(A.PLAY_BUY + M)
    mask = s.legal_action_mask()
    assert mask[A.BUY_UNITS + 1] and not mask[A.BUY_UNITS + 2]
    s.apply_action(A.BUY_UNITS + 1)
    assert s.pool[M] == 0 and s.held[0][M] == 2
    assert s.phase_id == PLAY_PHASE and s.current_player == 1  # nothing more to buy: the turn ends
    # cash limits: £25 buys 5 Stores at £5 but not 6
    s = build(hands={0: cards("buy", "c12", "c12", "c12")}, cash=[25, 300])
    assert s.buyable(0, S) == 5


def test_buy_without_limit_but_cash_in_several_chunks():
    s = build(hands={0: cards("buy", "c12", "c12", "c12")}, cash=[1000, 300])
    s.apply_action(A.PLAY_BUY + S)
    for _ in range(3):
        s.apply_action(A.BUY_UNITS + 5)  # 18 units
    assert s.held[0][S] == 18 and s.cash[0] == 1000 - (30 + 60 + 90)
    assert s.buy_market == S and s.phase_id == BUY_PHASE
    s.apply_action(A.BUY_DONE)
    assert s.current_player == 1
    check_invariants(s)


def test_buy_needs_an_authority_card_and_one_market_only():
    s = build(hands={0: cards("c12", "c12", "c12", "c11")})
    mask = s.legal_action_mask()
    assert not mask[A.PLAY_BUY : A.PLAY_BUY + 3].any()
    s = build(hands={0: cards("buy", "c12", "c12", "c11")})
    s.apply_action(A.PLAY_BUY + M)
    mask = s.legal_action_mask()
    assert not mask[A.PLAY_BUY : A.PLAY_BUY + 3].any() and not mask[: A.BUY_UNITS].any()
    s.apply_action(A.BUY_UNITS)  # 1 Mule
    assert s.held[0] == [0, 1, 0]
    assert s.hands[0][C.BUY] == 0 and s.discard[-1] == C.BUY


# ----------------------------------------------------------------------------- moving (3-5)
def test_rulebook_route_base_1_4_7_10_11_12():
    route = [1, 4, 7, 10, 11, 12]
    s = build(hands={0: cards("c1", "c4", "c7", "c10")}, pack_top=cards("c12", "c12", "c11", "c11"),
              held=[[7, 6, 0], [0, 0, 0]], cash=[1000, 1000])
    bonus = 0
    for d in route:
        assert s.current_player == 0 and s.hands[0][d - 1] >= 1
        s.held[0][S] = 7  # keep the requirement met (contributions use stores)
        s.pool[S] = C.MARKET_TOTALS[S] - 7
        before = s.cash[0]
        s.apply_action(A.MOVE_MULE + d - 1)
        assert s.pos[0] == d
        if d == 12:
            break
        bonus = s.cash[0] - before
        assert bonus == C.CAMP_BONUS[d - 1]
        discard_any(s)  # player 1
    assert s.is_terminal and s.winners() == [0] and s.end_reason == "reached Camp 12"
    assert s.held[0][M] == 0 and s.pool[M] == 18
    assert s.returns() == [1.0, -1.0]


def test_cannot_jump_a_group_with_a_mule_but_can_with_a_jeep_and_a_card():
    s = build(hands={0: cards("c7", "c5", "c12", "c12")}, pos=[1, 0], held=[[4, 1, 0], [0, 0, 0]])
    mask = s.legal_action_mask()
    assert not mask[A.MOVE_MULE + 6] and not mask[A.MOVE_CARD + 6]
    s = build(hands={0: cards("c7", "c5", "c12", "c12")}, pos=[1, 0], held=[[4, 0, 1], [0, 0, 0]])
    a = A.JEEP2_ID[(7, 5)]
    assert s.legal_action_mask()[a]
    pack_before = len(s.pack)
    s.apply_action(a)
    assert s.pos[0] == 7 and s.held[0] == [4, 0, 0] and s.pool[J] == 6
    assert s.cash[0] == 300 + 40
    assert len(s.pack) == pack_before - 2 and sum(s.hands[0]) == 4
    assert s.discard[-2:] == cards("c5", "c7")
    check_invariants(s)


def test_jeep_double_needs_a_card_of_the_skipped_group():
    s = build(hands={0: cards("c7", "c1", "c12", "c12")}, pos=[1, 0], held=[[4, 0, 1], [0, 0, 0]])
    assert not s.legal_action_mask()[A.MOVE_JEEP2 : A.BUY_UNITS].any()


def test_jeep_used_as_a_mule_moves_one_group():
    s = build(hands={0: cards("c4", "c12", "c12", "c12")}, pos=[1, 0], held=[[3, 0, 1], [0, 0, 0]])
    mask = s.legal_action_mask()
    assert mask[A.MOVE_JEEP + 3] and not mask[A.MOVE_MULE + 3]
    s.apply_action(A.MOVE_JEEP + 3)
    assert s.pos[0] == 4 and s.held[0][J] == 0 and s.pool[J] == 6
    assert len(s.discard) == 1 and sum(s.hands[0]) == 4


@pytest.mark.parametrize("start,dest", [(1, 3), (4, 6), (7, 8), (9, 10)])
def test_sideways_move_needs_only_the_card(start, dest):
    g = C.CAMP_GROUP[start]
    req = C.STORES_REQUIRED[g - 1]
    s = build(hands={0: cards(f"c{dest}", "c12", "c12", "c12")}, pos=[start, 0], held=[[req, 0, 0], [0, 0, 0]])
    assert s.legal_action_mask()[A.MOVE_CARD + dest - 1]
    s.apply_action(A.MOVE_CARD + dest - 1)
    assert s.pos[0] == dest and s.held[0] == [req, 0, 0]
    assert s.cash[0] == 300 + C.CAMP_BONUS[dest - 1]


def test_no_sideways_to_own_camp_and_no_backward_moves():
    s = build(hands={0: cards("c4", "c1", "c2", "c5")}, pos=[4, 0], held=[[9, 2, 2], [0, 0, 0]])
    mask = s.legal_action_mask()
    legal_moves = [A.action_name(a) for a in np.flatnonzero(mask[A.MOVE_CARD : A.BUY_UNITS]) + A.MOVE_CARD]
    assert legal_moves == ["move to camp 5 (card only)"]


def test_stores_requirement_is_held_not_spent():
    s = build(hands={0: cards("c2", "c12", "c12", "c12")}, held=[[1, 1, 0], [0, 0, 0]])
    assert not s.legal_action_mask()[A.MOVE_MULE + 1]  # needs 2 Stores to enter group 1
    s = build(hands={0: cards("c2", "c12", "c12", "c12")}, held=[[2, 1, 0], [0, 0, 0]])
    s.apply_action(A.MOVE_MULE + 1)
    assert s.held[0] == [2, 0, 0] and s.cash[0] == 320


def test_stores_requirement_spend_variant():
    s = build(params={"stores_requirement": "spend"}, hands={0: cards("c2", "c12", "c12", "c12")},
              held=[[5, 1, 0], [0, 0, 0]])
    s.apply_action(A.MOVE_MULE + 1)
    assert s.held[0] == [3, 0, 0] and s.pool[S] == 54 - 3
    check_invariants(s)


def test_leaving_base_needs_transport_by_default_and_not_in_the_variant():
    s = build(hands={0: cards("c1", "c12", "c12", "c12")}, held=[[2, 0, 0], [0, 0, 0]])
    assert not s.legal_action_mask()[A.MOVE_CARD : A.BUY_UNITS].any()
    s = build(params={"base_needs_transport": False}, hands={0: cards("c1", "c12", "c12", "c12")},
              held=[[2, 1, 0], [0, 0, 0]])
    mask = s.legal_action_mask()
    assert mask[A.MOVE_CARD] and not mask[A.MOVE_MULE]
    s.apply_action(A.MOVE_CARD)
    assert s.pos[0] == 1 and s.held[0][M] == 1


# ------------------------------------------------------------------------ contributions (6)
def test_contribution_at_base_is_ten_pounds():
    s = build()
    discard_any(s)
    discard_any(s)  # player 1 passes; player 0's turn begins
    assert s.current_player == 0 and s.cash[0] == 290 and s.bank == 20


def test_contribution_at_a_camp_is_one_stores_unit():
    s = build(pos=[0, 3], held=[[0, 0, 0], [4, 0, 0]])
    discard_any(s)
    assert s.current_player == 1 and s.held[1][S] == 3 and s.cash[1] == 300 and s.pool[S] == 51


def test_contribution_without_stores_is_double_the_price_and_later_stores_do_not_count():
    s = build(hands={1: cards("buy", "c12", "c12", "c12")}, pos=[0, 3], sold=[6, 0, 0])
    assert s.price(S) == 10
    discard_any(s)
    assert s.current_player == 1 and s.cash[1] == 300 - 20 and s.bank == 20
    s.apply_action(A.PLAY_BUY + S)
    s.apply_action(A.BUY_UNITS + 1)  # 2 units bought after the contribution stay with the player
    assert s.held[1][S] == 2
    s.apply_action(A.BUY_DONE)
    assert s.held[1][S] == 2
    check_invariants(s)


# ------------------------------------------------------------------------------ guests (7)
def test_guest_host_pays_double_guest_pays_nothing_until_one_moves():
    s = build(hands={1: cards("c4", "c5", "c12", "c12")}, pos=[4, 1], held=[[10, 0, 0], [10, 1, 0]],
              arrival=[1, 2], seq=3, to_act=1)
    s.apply_action(A.MOVE_MULE + 3)  # B arrives at A's camp 4: a guest
    assert s.occupants(4) == [0, 1] and s.host_of(1) == 0
    assert s.held[0][S] == 8  # A contributed 2 Stores Units
    discard_any(s)
    assert s.current_player == 1 and s.held[1][S] == 10  # the guest contributes nothing
    s.apply_action(A.MOVE_CARD + 4)  # B moves on to camp 5 (sideways)
    assert s.held[0][S] == 7  # A pays only for himself again
    discard_any(s)
    assert s.held[1][S] == 9  # B pays for himself


def test_host_succession_goes_to_the_earliest_remaining_arrival():
    s = build(n=3, hands={0: cards("c6", "c12", "c12", "c12")}, pos=[4, 4, 4], arrival=[1, 3, 2], seq=4,
              held=[[10, 0, 0], [10, 0, 0], [10, 0, 0]])
    assert s.occupants(4) == [0, 2, 1] and s.stores_due(0) == 3 and s.stores_due(1) == 0
    s.apply_action(A.MOVE_CARD + 5)  # the host leaves
    assert s.host_of(1) == 2 and s.stores_due(2) == 2 and s.stores_due(1) == 0
    assert s.occupants(6) == [0] and s.stores_due(0) == 1
    # player 1's turn: a guest of player 2, pays nothing
    assert s.current_player == 1 and s.held[1][S] == 10
    discard_any(s)
    assert s.current_player == 2 and s.held[2][S] == 8


def test_host_short_of_stores_pays_cash_for_the_missing_units():
    s = build(pos=[0, 4], held=[[3, 0, 0], [1, 0, 0]], arrival=[1, 2], seq=3)
    s.pos[0] = 4  # player 0 arrived first: host of player 1
    discard_any(s)  # player 1: a guest, nothing to pay
    assert s.held[1][S] == 1 and s.cash[1] == 300
    s = build(pos=[4, 4], held=[[1, 0, 0], [0, 0, 0]], arrival=[1, 2], seq=3, to_act=1)
    discard_any(s)
    assert s.current_player == 0 and s.held[0][S] == 0 and s.cash[0] == 300 - 2 * 5


def test_base_has_no_hosts():
    s = build(pos=[0, 0])
    assert s.host_of(0) == -1 and s.stores_due(0) == 0
    discard_any(s)
    discard_any(s)
    assert s.cash == [290, 290]


# ------------------------------------------------------------------- awards and claims (9)
@pytest.mark.parametrize("award,expect_cash,expect_held", [
    ("a1", 400, [0, 0, 0]), ("a2", 300, [4, 0, 0]), ("a3", 300, [0, 1, 0]), ("a4", 350, [0, 0, 0]),
])
def test_awards_as_the_cards_say(award, expect_cash, expect_held):
    s = build(hands={0: cards(award, "c12", "c12", "c12")})
    i = C.AWARD_TYPES.index(cards(award)[0])
    s.apply_action(A.PLAY_AWARD + i)
    assert s.cash[0] == expect_cash and s.held[0] == expect_held
    check_invariants(s)


def test_awards_take_only_what_the_pool_has():
    s = build(hands={0: cards("a2", "a3", "c12", "c12")}, held=[[0, 0, 0], [52, 18, 0]])
    s.apply_action(A.PLAY_AWARD + 1)
    assert s.held[0][S] == 2 and s.pool[S] == 0
    s = build(hands={0: cards("a3", "c12", "c12", "c12")}, held=[[0, 0, 0], [0, 18, 0]])
    s.apply_action(A.PLAY_AWARD + 2)
    assert s.held[0][M] == 0


def test_claim_stores_takes_what_is_available_when_others_hold_less():
    s = build(n=3, hands={0: cards("k2", "c12", "c12", "c12")}, held=[[0, 0, 0], [1, 0, 0], [1, 0, 0]])
    s.apply_action(A.PLAY_CLAIM + 1)
    assert s.held == [[2, 0, 0], [0, 0, 0], [0, 0, 0]]
    check_invariants(s)


def test_claim_total_collected_from_the_largest_holder_first():
    s = build(n=3, hands={0: cards("k2", "c12", "c12", "c12")}, held=[[0, 0, 0], [2, 0, 0], [5, 0, 0]])
    s.apply_action(A.PLAY_CLAIM + 1)
    assert [h[S] for h in s.held] == [3, 2, 2]
    s = build(n=3, hands={0: cards("k1", "c12", "c12", "c12")}, cash=[300, 30, 40])
    s.apply_action(A.PLAY_CLAIM + 0)  # £50: 40 from the richest, then 10
    assert s.cash == [350, 20 - 10, 0]  # then player 1 pays £10 at Base
    check_invariants(s)


def test_claim_ties_broken_from_the_claimants_left():
    s = build(n=3, hands={1: cards("k3", "c12", "c12", "c12")}, held=[[0, 1, 0], [0, 0, 0], [0, 1, 0]],
              to_act=1)
    s.apply_action(A.PLAY_CLAIM + 2)
    assert [h[M] for h in s.held] == [1, 1, 0]  # seat 2 is on seat 1's left


def test_claim_each_and_short_payers_pay_what_they_have():
    s = build(n=3, hands={0: cards("k4", "c12", "c12", "c12")}, cash=[100, 300, 12])
    s.apply_action(A.PLAY_CLAIM + 3)
    assert s.cash == [142, 270 - 10, 0]  # then player 1 pays £10 at Base
    assert s.alive == [True, True, True]
    check_invariants(s)


def test_claim_with_nothing_available_takes_nothing():
    s = build(hands={0: cards("k3", "c12", "c12", "c12")})
    s.apply_action(A.PLAY_CLAIM + 2)
    assert s.held[0][M] == 0 and s.current_player == 1


# --------------------------------------------------------------------------- bankruptcy (10)
def test_bankrupt_player_sells_units_back_at_market_price_then_plays():
    s = build(pos=[0, 3], cash=[300, 5], held=[[0, 0, 0], [0, 2, 0]], sold=[6, 3, 0])
    discard_any(s)  # player 1 owes 2 x £10 = £20 with £5 and no Stores
    assert s.current_player == 1 and s.phase_id == BANKRUPTCY_PHASE and s.debt == 20
    mask = s.legal_action_mask()
    assert mask[A.SELL + M] and not mask[A.SELL + S] and not mask[A.SELL + J] and mask.sum() == 1
    s.apply_action(A.SELL + M)  # Mule price is £30 (step 2)
    assert s.cash[1] == 5 + 30 - 20 and s.held[1][M] == 1 and s.pool[M] == 17
    assert s.phase_id == PLAY_PHASE and s.sold == [6, 3, 0]  # indicators do not move
    check_invariants(s)


def test_bankrupt_sales_only_until_the_debt_is_paid():
    s = build(pos=[0, 0], cash=[300, 4], held=[[0, 0, 0], [5, 0, 0]])
    discard_any(s)  # owes £10 with £4: sells Stores at £5 one by one
    s.apply_action(A.SELL + S)
    assert s.phase_id == BANKRUPTCY_PHASE and s.cash[1] == 9
    s.apply_action(A.SELL + S)
    assert s.phase_id == PLAY_PHASE and s.cash[1] == 4 and s.held[1][S] == 3


def test_bankrupt_with_nothing_to_sell_is_out_and_the_survivor_wins():
    s = build(pos=[0, 5], cash=[300, 5], hands={1: cards("c6", "c7", "buy", "a1")})
    discard_any(s)
    assert s.is_terminal and s.winners() == [0] and s.end_reason == "last player left"
    assert not s.alive[1] and s.pos[1] == -1 and sum(s.hands[1]) == 0
    assert s.cash[1] == 0 and s.bank == 600 - 300
    check_invariants(s)


def test_eliminated_player_units_and_cards_return_and_turns_skip_him():
    s = build(n=3, pos=[0, 4, 0], cash=[300, 10, 300], held=[[0, 0, 0], [0, 1, 0], [0, 0, 0]], sold=[48, 0, 0])
    # player 1 owes 2 x £45 = £90; £10 + a Mule at £20 is not enough: out of the game
    discard_any(s)
    assert not s.alive[1] and s.pool[M] == 18 and len(s.discard) == 1 + 4
    assert s.current_player == 2 and not s.is_terminal
    discard_any(s)
    assert s.current_player == 0
    check_invariants(s)


# ------------------------------------------------------------------------- the pack (11)
def test_empty_pack_is_replaced_by_the_shuffled_discard_pile():
    s = build(hands={0: cards("c12", "c12", "c12", "c11")}, pack_size=0)
    old_discard = s.discard[:]
    s.apply_action(A.DISCARD + C.camp_card(11))  # then must draw from an empty pack
    # the whole discard pile (with the card just discarded) was shuffled into the pack
    assert s.reshuffles == 1 and s.discard == []
    assert len(s.pack) == len(old_discard)  # one card of the pile was drawn
    assert s.pack != sorted(s.pack) or len(set(s.pack)) == 1
    before = sorted(old_discard + [C.camp_card(11)])
    drawn = [t for t in range(C.NUM_CARD_TYPES) for _ in range(s.hands[0][t])]
    for t in cards("c12", "c12", "c12"):
        drawn.remove(t)
    assert sorted(s.pack + drawn) == before
    check_invariants(s)


def test_initial_deal_four_cards_each_and_cash():
    game = TrekGame(num_players=6)
    s = game.new_initial_state(np.random.default_rng(5))
    assert all(sum(h) == 4 for h in s.hands) and len(s.pack) == 52 - 24
    assert s.cash == [290] + [300] * 5  # player 0 has paid his first £10
    assert s.pos == [0] * 6 and s.current_player == 0
    check_invariants(s)


# ----------------------------------------------------------------------- the end of the game
def test_turn_cap_furthest_player_wins_ties_by_cash():
    s = build(n=3, params={"max_turns": 3}, pos=[2, 3, 3], cash=[300, 100, 200], turns=3,
              held=[[9, 0, 0], [9, 0, 0], [9, 0, 0]], arrival=[1, 2, 3], seq=4)
    discard_any(s)
    assert s.is_terminal and s.end_reason == "turn cap" and s.winners() == [2]
    assert s.scores() == [2.0, 3.0, 3.0]


def test_turn_cap_group_counts_before_camp_number():
    s = build(params={"max_turns": 1}, pos=[3, 0], cash=[0, 900], held=[[9, 0, 0], [0, 0, 0]])
    discard_any(s)
    assert s.winners() == [0]


def test_discard_is_always_possible_and_refills_the_hand():
    s = build(hands={0: cards("c12", "c12", "c12", "c11")})
    top = s.pack[-1]
    s.apply_action(A.DISCARD + C.camp_card(11))
    assert s.hands[0][C.camp_card(11)] == (1 if top == C.camp_card(11) else 0) and sum(s.hands[0]) == 4
    assert s.discard == [C.camp_card(11)]


def test_illegal_actions_raise_with_phase():
    s = build(hands={0: cards("c12", "c12", "c12", "c11")})
    with pytest.raises(IllegalActionError, match="phase 'play'"):
        s.apply_action(A.PLAY_BUY)
    with pytest.raises(IllegalActionError, match="out of range"):
        s.apply_action(A.NUM_ACTIONS)
    with pytest.raises(IllegalActionError, match="illegal"):
        s.apply_action(A.BUY_DONE)
    s = build(pos=[0, 5], cash=[300, 5], hands={1: cards("c6", "c7", "buy", "a1")})
    discard_any(s)
    with pytest.raises(IllegalActionError, match="game is over"):
        s.apply_action(0)
    assert s.phase_id == OVER and s.current_player == -1


def test_jeep_double_from_base_and_into_the_summit():
    s = build(hands={0: cards("c5", "c2", "c12", "c12")}, held=[[3, 0, 1], [0, 0, 0]])
    a = A.JEEP2_ID[(5, 2)]
    assert s.legal_action_mask()[a]
    s.apply_action(a)
    assert s.pos[0] == 5 and s.cash[0] == 330 and s.held[0] == [3, 0, 0]
    s = build(hands={0: cards("c12", "c11", "c1", "c1")}, pos=[10, 0], held=[[7, 0, 1], [0, 0, 0]])
    a = A.JEEP2_ID[(12, 11)]
    assert s.legal_action_mask()[a] and not s.legal_action_mask()[A.MOVE_MULE + 11]
    s.apply_action(a)
    assert s.is_terminal and s.winners() == [0] and s.cash[0] == 300  # no bonus at Camp 12
    check_invariants(s)


def test_summit_needs_seven_stores_held():
    s = build(hands={0: cards("c12", "c1", "c1", "c1")}, pos=[11, 0], held=[[6, 1, 0], [0, 0, 0]])
    assert not s.legal_action_mask()[A.MOVE_MULE + 11]
    s = build(hands={0: cards("c12", "c1", "c1", "c1")}, pos=[11, 0], held=[[7, 1, 0], [0, 0, 0]])
    assert s.legal_action_mask()[A.MOVE_MULE + 11]


def test_spend_variant_spends_on_sideways_arrivals_too():
    s = build(params={"stores_requirement": "spend"}, hands={0: cards("c8", "c1", "c1", "c1")},
              pos=[7, 0], held=[[4, 0, 0], [0, 0, 0]])
    s.apply_action(A.MOVE_CARD + 7)
    assert s.pos[0] == 8 and s.held[0][S] == 0 and s.cash[0] == 350
    s = build(params={"stores_requirement": "spend"}, hands={0: cards("c8", "c1", "c1", "c1")},
              pos=[7, 0], held=[[3, 0, 0], [0, 0, 0]])
    assert not s.legal_action_mask()[A.MOVE_CARD + 7]


def test_host_of_two_guests_contributes_three_units():
    s = build(n=3, pos=[6, 6, 6], arrival=[2, 1, 3], seq=4, held=[[5, 0, 0], [5, 0, 0], [5, 0, 0]],
              to_act=0)
    assert s.occupants(6) == [1, 0, 2]
    discard_any(s)
    assert s.current_player == 1 and s.held[1][S] == 2
    text = s.render_text()
    assert "P1* P0g P2g" in text


def test_every_game_has_a_turn_cap():
    """Sideways moves can go on for ever (the rulebook has no stop rule), so no cap is no option."""
    for bad in (0, 1001):
        with pytest.raises(ParameterError, match="max_turns"):
            TrekGame(max_turns=bad)
    s = build(params={"max_turns": 1000}, turns=998)
    discard_any(s)
    assert not s.is_terminal and s.turns == 999
