"""Itchy Feet fast paths: the optimised encoder (per-game template, scalar writes, value tables)
and the cached legal mask give exactly what a plain, freshly computed version gives, after every
action of random games, for every player count and the extension variants."""

import numpy as np
import pytest

from travel_envs.games.itchy_feet import GAME
from travel_envs.games.itchy_feet import actions as A
from travel_envs.games.itchy_feet.components import (COUNTRY_ITEMS, EVENTS, EXTENSION_NAMES, IS_EVENT,
                                                     IS_FORBIDDEN, MAX_PLAYERS, NUM_CARD_TYPES)
from travel_envs.games.itchy_feet.encoder import OBS_SIZE, OFFSETS, SEAT_BLOCK
from travel_envs.games.itchy_feet import engine as E

T = NUM_CARD_TYPES
O = OFFSETS


def reference_observation(state, seat: int) -> np.ndarray:
    """The observation written the plain way: every field from its documented formula, in float32
    arrays (count vectors are scaled in float32, scalar formulas in double precision)."""
    n = state.num_players
    p = state.params
    out = np.zeros(OBS_SIZE, np.float32)
    for i, name in enumerate(EXTENSION_NAMES):
        out[O["params"] + i] = float(name in p.extensions)
    out[O["params"] + 5] = float(p.steal_action)
    out[O["params"] + 6] = float(p.reactions)
    out[O["params"] + 7 + n - 2] = 1.0
    hand = state.hands[seat]
    out[0:T] = np.asarray(hand, np.float32) * np.float32(1 / 6)
    out[O["own_hand_size"]] = min(state.sizes[seat] * 0.05, 1.0)
    own = state.own_country[seat]
    for t in COUNTRY_ITEMS[own if own >= 0 else state.centre]:
        out[O["target_items"] + t] = 1.0
        out[O["missing_items"] + t] = float(hand[t] == 0)
    for k in range(n):
        q = (seat + k) % n
        o = O["seats"] + k * SEAT_BLOCK
        out[o] = 1.0
        out[o + 1] = min(state.sizes[q] * 0.05, 1.0)
        if state.own_country[q] >= 0:
            out[o + 2 + state.own_country[q]] = 1.0
        out[o + 14] = float(state.home_done[q])
        if state.characters[q] >= 0:
            out[o + 15 + state.characters[q]] = 1.0
        out[o + 21] = float(q == state.turn_player)
        out[o + 22] = float(q == state.actor)
        known = np.maximum(state.known[q], state.seen[seat][q])  # the table's and the seat's own
        out[o + 23:o + 23 + T] = known.astype(np.float32) * np.float32(1 / 6)
        if state.done_country[q] >= 0:
            out[o + 53 + state.done_country[q]] = 1.0
    out[O["centre"] + state.centre] = 1.0
    for c in state.away:
        out[O["away"] + c] = 1.0
    out[O["piles"]] = min(len(state.draw) / 80.0, 1.0)
    out[O["piles"] + 1] = min(len(state.discard) / 80.0, 1.0)
    for t in range(T):
        out[O["discard_counts"] + t] = state.discard.count(t) * (1.0 / 6.0)
    if state.discard:
        out[O["discard_top"] + state.discard[-1]] = 1.0
    out[O["phase"] + state.ph] = 1.0
    if 0 <= state.announced < A.SMUGGLE_BASE + 3:
        out[O["announced"] + state.announced] = 1.0
    if state.event >= 0:
        out[O["event"] + EVENTS.index(state.event)] = 1.0
    if state.partner >= 0:
        out[O["offer_from"] + (state.turn_player - seat) % n] = 1.0
        out[O["offer_to"] + (state.partner - seat) % n] = 1.0
        out[O["offer_give"]:O["offer_give"] + T] = np.asarray(state.give, np.float32) * np.float32(1 / 6)
        out[O["offer_ask"]:O["offer_ask"] + T] = np.asarray(state.ask, np.float32) * np.float32(0.125)
    out[O["turn_context"]] = min(state.offers_made / p.max_trade_offers, 1.0)
    out[O["turn_context"] + 1] = min(state.actions_left * 0.5, 1.0)
    out[O["turn_context"] + 2] = float(state.lounge_used)
    if seat == state.actor:
        for t in range(T):
            out[O["peek"] + t] = state.peek.count(t) * 0.2
    if seat == state.turn_player:
        for t in range(T):
            out[O["jet"] + t] = state.jet.count(t) * 0.5
    out[O["pending"]] = min(state.rc_need * 0.5, 1.0)
    out[O["pending"] + 1] = state.post_n / 3.0
    for k in range(n):
        out[O["insured"] + k] = float(state.insured[(seat + k) % n])
    out[O["turn_number"]] = min(state.turn_number / p.max_turns, 1.0)
    assert MAX_PLAYERS * SEAT_BLOCK == O["centre"] - O["seats"]
    return out


def reference_card_mask(state) -> np.ndarray | None:
    """The card part (ids 29-58) of the mask in the phases that allow cards by hand contents."""
    h = np.asarray(state.hands[state.actor])
    if state.ph in (E.P_DISCARD_DOWN, E.P_RECYCLE_PAY, E.P_STRIKE, E.P_FORBID_COMPANION,
                    E.P_STEAL_DISCARD, E.P_TRADING_POST):
        return (h > 0) & ~np.array(IS_FORBIDDEN)
    if state.ph == E.P_LUGGAGE:
        return h > 0
    if state.ph == E.P_TRADE_BUILD:
        return h > np.asarray(state.give)
    return None


VARIANTS = [dict(), dict(extensions="all", steal_action=True),
            dict(extensions="all", reactions=False, one_sided_trades=True)]


@pytest.mark.parametrize("params", VARIANTS, ids=["base", "all+steal", "all-reactions+one_sided"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_fast_observation_and_mask_equal_fresh_computation(n, params):
    game = GAME(num_players=n, max_turns=30, **params)
    rng = np.random.default_rng(100 + n)
    garbage = np.full(OBS_SIZE, 7.0, np.float32)
    for g in range(1):
        st = game.new_initial_state(np.random.default_rng(1000 * n + g))
        while True:
            fresh = GAME(num_players=n, max_turns=30, **params).state_from_dict(st.to_dict())
            for seat in range(n):
                out = np.zeros(OBS_SIZE, np.float32)
                st.observation(seat, out)
                expected = reference_observation(st, seat)
                np.testing.assert_array_equal(out, expected)
                buf = garbage.copy()  # every value is written, whatever the buffer held
                fresh.observation(seat, buf)
                np.testing.assert_array_equal(buf, expected)
            if st.is_terminal:
                assert not st.legal_action_mask().any()
                break
            mask = st.legal_action_mask()
            np.testing.assert_array_equal(mask, fresh._compute_mask())
            np.testing.assert_array_equal(mask, st.legal_action_mask())  # cached: same again
            cards = reference_card_mask(st)
            if cards is not None:
                np.testing.assert_array_equal(mask[A.CARD_BASE:A.ASK_BASE], cards)
            if st.ph == E.P_TRADE_BUILD and sum(st.ask) < E.MAX_ASK:
                np.testing.assert_array_equal(mask[A.ASK_BASE:A.PROPOSE], ~np.array(IS_EVENT))
            mask[:] = False  # the caller's copy: mutating it leaves the state's mask intact
            assert st.legal_action_mask().any()
            st.apply_action(int(rng.choice(np.flatnonzero(st.legal_action_mask()))))
