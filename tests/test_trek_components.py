"""Trek component data as the component spec gives it; the action table's layout."""

from __future__ import annotations

from collections import Counter

from travel_envs.games.trek import actions as A
from travel_envs.games.trek import components as C
from travel_envs.games.trek.params import TrekParams


def test_camp_groups_as_found_in_the_rulebook():
    assert C.GROUP_CAMPS == ((0,), (1, 2, 3), (4, 5, 6), (7, 8), (9, 10), (11,), (12,))
    # the groups with more than one camp are exactly those the rulebook lists for sideways moves
    assert [g for g in range(7) if len(C.GROUP_CAMPS[g]) > 1] == [1, 2, 3, 4]
    # groups are consecutive runs of camp numbers, so camp numbers grow with the groups
    assert list(C.CAMP_GROUP) == sorted(C.CAMP_GROUP)


def test_pieces_and_sales_indicator_steps():
    assert C.MARKET_TOTALS == (54, 18, 6)
    assert C.UNITS_PER_STEP == (6, 3, 1)
    for total, per, ladder in zip(C.MARKET_TOTALS, C.UNITS_PER_STEP, (C.STORES_PRICES, C.MULE_PRICES, C.JEEP_PRICES)):
        assert total // per == len(ladder)  # 9, 6, 6 steps
        assert list(ladder) == sorted(set(ladder))
    assert C.STORES_PRICES[:2] == (5, 10)  # from the rulebook's worked example
    assert C.STORES_PRICES == (5, 10, 15, 20, 25, 30, 35, 40, 45)
    assert C.MULE_PRICES == (20, 30, 40, 50, 60, 70)
    assert C.JEEP_PRICES == (40, 60, 80, 100, 120, 140)


def test_stores_requirements_and_bonuses():
    assert C.STORES_REQUIRED == (2, 3, 4, 5, 6, 7)
    assert C.CAMP_BONUS == (10, 20, 30, 20, 30, 40, 40, 50, 60, 70, 80)
    assert len(C.CAMP_BONUS) == 11  # camp 12 has no bonus: arriving wins


def test_the_52_cards():
    counts = C.CARD_COUNTS
    assert sum(counts) == C.DECK_SIZE == 52
    assert sum(counts[:12]) == 36 and set(counts[:12]) == {3}
    assert counts[C.BUY] == 8
    assert [counts[t] for t in C.AWARD_TYPES] == [1, 1, 1, 1]
    assert [counts[t] for t in C.CLAIM_TYPES] == [1, 1, 1, 1]
    assert len(C.CARD_NAMES) == len(C.CARD_SHORT) == C.NUM_CARD_TYPES == 21
    assert [C.camp_card(c) for c in (1, 12)] == [0, 11]


def test_players_and_money():
    assert C.MAX_PLAYERS == 6 and C.STARTING_CASH == 300 and C.HAND_SIZE == 4
    assert C.BASE_CONTRIBUTION == 10 and C.CASH_FOR_STORES_MULTIPLIER == 2
    p = TrekParams()
    assert (p.starting_cash, p.base_needs_transport, p.stores_requirement, p.max_turns) == (300, True, "hold", 400)


def test_action_table_ranges_are_contiguous_and_described():
    assert (A.DISCARD, A.PLAY_BUY, A.PLAY_AWARD, A.PLAY_CLAIM) == (0, 21, 24, 28)
    assert (A.MOVE_CARD, A.MOVE_MULE, A.MOVE_JEEP, A.MOVE_JEEP2) == (32, 44, 56, 68)
    assert (A.BUY_UNITS, A.BUY_DONE, A.SELL, A.NUM_ACTIONS) == (90, 96, 97, 100)
    # Jeep double moves: destination two groups on, card of a camp in the skipped group
    assert len(A.JEEP2_PAIRS) == 22
    for d, k in A.JEEP2_PAIRS:
        assert C.CAMP_GROUP[d] - C.CAMP_GROUP[k] == 1 and C.CAMP_GROUP[k] >= 1
    assert Counter(C.CAMP_GROUP[d] for d, _ in A.JEEP2_PAIRS) == {2: 9, 3: 6, 4: 4, 5: 2, 6: 1}
    names = [A.action_name(a) for a in range(A.NUM_ACTIONS)]
    assert len(set(names)) == A.NUM_ACTIONS
    assert names[0] == "discard C1" and names[A.JEEP2_ID[(12, 11)]] == "move to camp 12 with a Jeep, also playing camp 11"
