"""Shared helpers for the Itchy Feet tests: playing a line of actions and invariant checks
(hand-made positions come from ``travel_envs.games.itchy_feet.scenario``)."""

from __future__ import annotations

from travel_envs.games.itchy_feet.actions import P_MAIN
from travel_envs.games.itchy_feet.components import (EXTENSION_CARDS, ITEM_COPIES, ITEMS, NUM_CARD_TYPES,
                                                     NUM_COUNTRIES, PASSPORT)


def play(state, *actions):
    for a in actions:
        state.apply_action(a)
    return state


def expected_totals(state) -> list[int]:
    p = state.params
    tot = [0] * NUM_CARD_TYPES
    for t in ITEMS:
        tot[t] = ITEM_COPIES
    tot[PASSPORT] = state.num_players
    for name in p.extensions:
        for t in EXTENSION_CARDS[name]:
            tot[t] += 1
    return tot


def check_invariants(state, totals) -> None:
    """Nothing created or lost; sizes in sync; hand limits respected at main decisions."""
    tot = [0] * NUM_CARD_TYPES
    for s in range(state.num_players):
        h = state.hands[s]
        assert min(h) >= 0
        assert sum(h) == state.sizes[s]
        for t in range(NUM_CARD_TYPES):
            tot[t] += h[t]
    for t in state.draw + state.discard + state.peek:
        tot[t] += 1
    assert tot == totals, (tot, totals)
    # the observation scales hand sizes by 20: the largest reachable hand is 16 (8 + 8 received)
    assert max(state.sizes) <= 16
    for s in range(state.num_players):  # the table's knowledge never claims a card not held
        assert all(k <= h for k, h in zip(state.known[s], state.hands[s])), (s, state.known[s])
        for r in range(state.num_players):  # nor does a player's own memory of another hand
            assert all(k <= h for k, h in zip(state.seen[r][s], state.hands[s])), (r, s, state.seen[r][s])
        assert not any(state.seen[s][s])
    if state.jet:  # the Jet-setter's drawn cards are still in hand
        assert all(state.jet.count(t) <= state.hands[state.turn_player][t] for t in state.jet)
    countries = [c for c in state.own_country if c >= 0] + [state.centre] + state.unused + state.away + state.completed
    assert sorted(countries) == list(range(NUM_COUNTRIES))
    if state.ph == P_MAIN and not state.terminal:
        for s in range(state.num_players):
            assert state.sizes[s] <= state.hand_limit(s), (s, state.sizes[s])
    if not state.terminal:
        assert state.legal_action_mask().any()
