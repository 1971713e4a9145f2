"""Shared helpers for the Itchy Feet tests: a hand-made-state builder and invariant checks."""

from __future__ import annotations

import numpy as np

from travel_envs.games.itchy_feet import GAME
from travel_envs.games.itchy_feet.components import (EXTENSION_CARDS, ITEM_COPIES, ITEMS, NUM_CARD_TYPES,
                                                     NUM_COUNTRIES, PASSPORT)
from travel_envs.games.itchy_feet.engine import P_MAIN, ItchyFeetState



def counts(cards) -> list[int]:
    c = [0] * NUM_CARD_TYPES
    for t in cards:
        c[t] += 1
    return c


def build(num_players=2, hands=None, draw=None, discard=None, own=None, centre=None, turn=0,
          characters=None, seed=0, **params) -> ItchyFeetState:
    """A state at ``turn``'s main decision with the given hands (lists of card types), piles
    (lists, top = last) and countries. Cards not mentioned are simply not in the game (the
    builder is for rule scenarios; invariants are checked on real games)."""
    game = GAME(num_players=num_players, **params)
    d = game.new_initial_state(np.random.default_rng(seed)).to_dict()
    n = num_players
    if hands is not None:
        d["hands"] = [counts(hands.get(s, [])) for s in range(n)]
        d["sizes"] = [sum(h) for h in d["hands"]]
    if draw is not None:
        d["draw"] = list(draw)
    if discard is not None:
        d["discard"] = list(discard)
    if own is not None:
        d["own_country"] = list(own)
        d["home_done"] = [c < 0 for c in own]
    if centre is not None:
        d["centre"] = centre
    used = set(c for c in d["own_country"] if c >= 0) | {d["centre"]}
    d["unused"] = [c for c in range(NUM_COUNTRIES) if c not in used]
    d["away"], d["completed"] = [], []
    d["done_country"] = [-1] * n
    d["known"] = [[0] * NUM_CARD_TYPES for _ in range(n)]
    if characters is not None:
        d["characters"] = list(characters)
    d.update(turn_player=turn, ph=P_MAIN, actor=turn, stack=[], actions_left=1, actions_done=0,
             offers_made=0, lounge_used=False, announced=-1, partner=-1, event=-1, turn_number=1)
    return game.state_from_dict(d)


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
