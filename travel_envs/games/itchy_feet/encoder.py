"""Itchy Feet observation encoder (the action table is in ``actions.py``).

Every value lies in [0, 1]. The observation is seat-relative: seat slot 0 is the
observing seat, slot k the k-th player after it clockwise (slots beyond the
player count stay 0). Only what the seat may see is written: its own hand,
hand *sizes* of the others, the public table, the trade offer under negotiation
(public: trades are face up), hands revealed when a player travelled, and the
cards the seat itself is looking at (Local Guide, Jet-setter draw).
"""

from __future__ import annotations

import numpy as np

from . import actions as A
from .components import (COUNTRY_ITEMS, EVENTS, EXTENSION_NAMES, MAX_PLAYERS, NUM_CARD_TYPES,
                         NUM_CHARACTERS, NUM_COUNTRIES, NUM_ITEM_TYPES)

NUM_MAIN_IDS = A.SMUGGLE_BASE + 3  # announced action ids 0..23
NUM_PHASES = 21

#: (name, size, meaning) in order; offsets follow from the sizes
LAYOUT = (
    ("own_hand", NUM_CARD_TYPES, "own hand: copies of each card type / 6"),
    ("own_hand_size", 1, "own hand size / 10"),
    ("target_items", NUM_ITEM_TYPES, "1 for each item the next destination needs (own country, then the centre)"),
    ("missing_items", NUM_ITEM_TYPES, "1 for each needed item not in the own hand"),
    ("seats", MAX_PLAYERS * 53, "6 seat slots x 53: present, hand size / 10, country one-hot (12; 0 once "
                                "travelled), own country done, character one-hot (6), is the turn player, "
                                "is the acting seat, last revealed hand (30, copies / 6)"),
    ("centre", NUM_COUNTRIES, "centre country one-hot"),
    ("piles", 2, "draw pile size / 80, discard pile size / 80 (clipped)"),
    ("discard_counts", NUM_CARD_TYPES, "discard pile: copies of each card type / 6"),
    ("discard_top", NUM_CARD_TYPES, "top card of the discard pile, one-hot"),
    ("phase", NUM_PHASES, "decision phase one-hot (engine.PHASES)"),
    ("announced", NUM_MAIN_IDS, "announced action awaiting reactions, one-hot over main action ids 0-23"),
    ("event", len(EVENTS), "event being resolved this turn, one-hot"),
    ("offer_from", MAX_PLAYERS, "offering seat (relative) one-hot"),
    ("offer_to", MAX_PLAYERS, "offer partner seat (relative) one-hot"),
    ("offer_give", NUM_CARD_TYPES, "cards offered (given by the offerer) / 6"),
    ("offer_ask", NUM_CARD_TYPES, "card types asked for / 8"),
    ("turn_context", 3, "offers made / max offers, actions left / 2, Lounge Pass used"),
    ("peek", NUM_CARD_TYPES, "cards seen with the Local Guide (only the user) / 5"),
    ("jet", NUM_CARD_TYPES, "cards just drawn by the own Jet-setter Draw / 2"),
    ("pending", 2, "recycle payments still due / 2, Trading Post discards so far / 3"),
    ("insured", MAX_PLAYERS, "seats (relative) shielded by Travel Insurance from the current event"),
    ("turn_number", 1, "turn number / max_turns"),
    ("params", len(EXTENSION_NAMES) + 2 + 5, "extensions on (5), steal_action, reactions, player count one-hot (2-6)"),
)
OFFSETS: dict[str, int] = {}
_o = 0
for _name, _size, _ in LAYOUT:
    OFFSETS[_name] = _o
    _o += _size
OBS_SIZE = _o
SEAT_BLOCK = 53
STATE_EXTRA = MAX_PLAYERS * NUM_CARD_TYPES + NUM_CARD_TYPES  # all hands + draw pile contents

_O = OFFSETS
_INV6 = 1.0 / 6.0


def observation_size() -> int:
    return OBS_SIZE


def state_size() -> int:
    return OBS_SIZE + STATE_EXTRA


def _target(state, seat: int) -> int:
    c = state.own_country[seat]
    return c if c >= 0 else state.centre


def encode_observation(state, seat: int, out: np.ndarray) -> None:
    n = state.num_players
    p = state.params
    hand = state.hands[seat]
    out[0:NUM_CARD_TYPES] = np.asarray(hand, np.float32) * _INV6
    out[_O["own_hand_size"]] = min(state.sizes[seat] / 10.0, 1.0)
    ti, mi = _O["target_items"], _O["missing_items"]
    for t in COUNTRY_ITEMS[_target(state, seat)]:
        out[ti + t] = 1.0
        if hand[t] == 0:
            out[mi + t] = 1.0
    base = _O["seats"]
    for k in range(n):
        q = (seat + k) % n
        o = base + k * SEAT_BLOCK
        out[o] = 1.0
        out[o + 1] = min(state.sizes[q] / 10.0, 1.0)
        c = state.own_country[q]
        if c >= 0:
            out[o + 2 + c] = 1.0
        out[o + 14] = float(state.home_done[q])
        ch = state.characters[q]
        if ch >= 0:
            out[o + 15 + ch] = 1.0
        out[o + 21] = float(q == state.turn_player)
        out[o + 22] = float(q == state.actor)
        rev = state.revealed[q]
        if rev:
            out[o + 23:o + 23 + NUM_CARD_TYPES] = np.asarray(rev, np.float32) * _INV6
    out[_O["centre"] + state.centre] = 1.0
    out[_O["piles"]] = min(len(state.draw) / 80.0, 1.0)
    out[_O["piles"] + 1] = min(len(state.discard) / 80.0, 1.0)
    if state.discard:
        dc = _O["discard_counts"]
        np.add.at(out, dc + np.asarray(state.discard), _INV6)
        out[_O["discard_top"] + state.discard[-1]] = 1.0
    out[_O["phase"] + state.ph] = 1.0
    if 0 <= state.announced < NUM_MAIN_IDS:
        out[_O["announced"] + state.announced] = 1.0
    if state.event >= 0:
        out[_O["event"] + EVENTS.index(state.event)] = 1.0
    if state.partner >= 0:
        out[_O["offer_from"] + (state.turn_player - seat) % n] = 1.0
        out[_O["offer_to"] + (state.partner - seat) % n] = 1.0
        out[_O["offer_give"]:_O["offer_give"] + NUM_CARD_TYPES] = np.asarray(state.give, np.float32) * _INV6
        out[_O["offer_ask"]:_O["offer_ask"] + NUM_CARD_TYPES] = np.asarray(state.ask, np.float32) * 0.125
    tc = _O["turn_context"]
    out[tc] = min(state.offers_made / p.max_trade_offers, 1.0)
    out[tc + 1] = min(state.actions_left / 2.0, 1.0)
    out[tc + 2] = float(state.lounge_used)
    if state.peek and seat == state.actor:
        for t in state.peek:
            out[_O["peek"] + t] += 0.2
    if state.jet and seat == state.turn_player:
        for t in state.jet:
            out[_O["jet"] + t] += 0.5
    out[_O["pending"]] = min(state.rc_need / 2.0, 1.0)
    out[_O["pending"] + 1] = state.post_n / 3.0
    if any(state.insured):
        for k in range(n):
            if state.insured[(seat + k) % n]:
                out[_O["insured"] + k] = 1.0
    out[_O["turn_number"]] = min(state.turn_number / p.max_turns, 1.0)
    po = _O["params"]
    for i, name in enumerate(EXTENSION_NAMES):
        if name in p.extensions:
            out[po + i] = 1.0
    out[po + 5] = float(p.steal_action)
    out[po + 6] = float(p.reactions)
    out[po + 7 + n - 2] = 1.0


def encode_state(state, out: np.ndarray) -> None:
    """Full state: the acting seat's observation plus every hand and the draw pile."""
    seat = state.actor if state.actor >= 0 else state.turn_player
    encode_observation(state, seat, out[:OBS_SIZE])
    o = OBS_SIZE
    for q in range(state.num_players):
        out[o + q * NUM_CARD_TYPES:o + (q + 1) * NUM_CARD_TYPES] = np.asarray(state.hands[q], np.float32) * _INV6
    o += MAX_PLAYERS * NUM_CARD_TYPES
    if state.draw:
        np.add.at(out, o + np.asarray(state.draw), _INV6)
    np.minimum(out, 1.0, out=out)
