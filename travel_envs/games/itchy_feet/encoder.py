"""Itchy Feet observation encoder (the action table is in ``actions.py``).

Every value lies in [0, 1]. The observation is seat-relative: seat slot 0 is the
observing seat, slot k the k-th player after it clockwise (slots beyond the
player count stay 0). Only what the seat may see is written: its own hand,
hand *sizes* of the others, the public table, the trade offer under negotiation
(public: trades are face up), hands revealed when a player travelled, and the
cards the seat itself is looking at (Local Guide, Jet-setter draw).
"""

from __future__ import annotations

from array import array

import numpy as np

from . import actions as A
from .components import (COUNTRY_ITEMS, EVENTS, EXTENSION_NAMES, MAX_PLAYERS, NUM_CARD_TYPES,
                         NUM_COUNTRIES, NUM_ITEM_TYPES)

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


_OWN_SIZE = OFFSETS["own_hand_size"]
_TI, _MI = OFFSETS["target_items"], OFFSETS["missing_items"]
_SEATS = OFFSETS["seats"]
_CENTRE = OFFSETS["centre"]
_PILES = OFFSETS["piles"]
_DC, _DT = OFFSETS["discard_counts"], OFFSETS["discard_top"]
_PHASE, _ANN, _EVENT = OFFSETS["phase"], OFFSETS["announced"], OFFSETS["event"]
_OFROM, _OTO, _OGIVE, _OASK = OFFSETS["offer_from"], OFFSETS["offer_to"], OFFSETS["offer_give"], OFFSETS["offer_ask"]
_TC, _PEEK, _JET, _PEND = OFFSETS["turn_context"], OFFSETS["peek"], OFFSETS["jet"], OFFSETS["pending"]
_INS, _TN, _PARAMS = OFFSETS["insured"], OFFSETS["turn_number"], OFFSETS["params"]
_EVENT_INDEX = {e: i for i, e in enumerate(EVENTS)}
_T = NUM_CARD_TYPES
_ZEROS = bytes(4 * OBS_SIZE)


def _params_ones(p) -> list[int]:
    ones = [_PARAMS + i for i, name in enumerate(EXTENSION_NAMES) if name in p.extensions]
    if p.steal_action:
        ones.append(_PARAMS + 5)
    if p.reactions:
        ones.append(_PARAMS + 6)
    ones.append(_PARAMS + 7 + p.num_players - 2)
    return ones


def encode_observation(state, seat: int, out: np.ndarray) -> None:
    # written element by element into a zeroed array.array, then copied into ``out`` at once
    n = state.num_players
    p = state.params
    game = state.game
    ones = getattr(game, "_obs_param_ones", None)
    if ones is None:
        ones = game._obs_param_ones = _params_ones(p)
    buf = array("f", _ZEROS)
    for i in ones:
        buf[i] = 1.0
    hand = state.hands[seat]
    sizes = state.sizes
    buf[0:_T] = array("f", hand)  # raw counts; scaled by 1/6 after the copy (see _SCALED)
    own = state.own_country[seat]
    for t in COUNTRY_ITEMS[own if own >= 0 else state.centre]:
        buf[_TI + t] = 1.0
        if hand[t] == 0:
            buf[_MI + t] = 1.0
    buf[_OWN_SIZE] = min(sizes[seat] * 0.1, 1.0)
    o = _SEATS
    tp, actor = state.turn_player, state.actor
    rev_slots = []
    for k in range(n):
        q = (seat + k) % n
        buf[o] = 1.0
        buf[o + 1] = min(sizes[q] * 0.1, 1.0)
        c = state.own_country[q]
        if c >= 0:
            buf[o + 2 + c] = 1.0
        if state.home_done[q]:
            buf[o + 14] = 1.0
        ch = state.characters[q]
        if ch >= 0:
            buf[o + 15 + ch] = 1.0
        if q == tp:
            buf[o + 21] = 1.0
        if q == actor:
            buf[o + 22] = 1.0
        rev = state.revealed[q]
        if rev:
            buf[o + 23:o + 23 + _T] = array("f", rev)
            rev_slots.append(o + 23)
        o += SEAT_BLOCK
    discard = state.discard
    buf[_CENTRE + state.centre] = 1.0
    buf[_PILES] = min(len(state.draw) / 80.0, 1.0)
    buf[_PILES + 1] = min(len(discard) / 80.0, 1.0)
    buf[_PHASE + state.ph] = 1.0
    if discard:
        for t in set(discard):
            buf[_DC + t] = discard.count(t) * _INV6
        buf[_DT + discard[-1]] = 1.0
    if 0 <= state.announced < NUM_MAIN_IDS:
        buf[_ANN + state.announced] = 1.0
    if state.event >= 0:
        buf[_EVENT + _EVENT_INDEX[state.event]] = 1.0
    if state.partner >= 0:
        buf[_OFROM + (tp - seat) % n] = 1.0
        buf[_OTO + (state.partner - seat) % n] = 1.0
        buf[_OGIVE:_OGIVE + _T] = array("f", state.give)
        buf[_OASK:_OASK + _T] = array("f", state.ask)
    buf[_TC] = min(state.offers_made / p.max_trade_offers, 1.0)
    buf[_TC + 1] = min(state.actions_left * 0.5, 1.0)
    buf[_TC + 2] = float(state.lounge_used)
    buf[_PEND] = min(state.rc_need * 0.5, 1.0)
    buf[_PEND + 1] = state.post_n / 3.0
    buf[_TN] = min(state.turn_number / p.max_turns, 1.0)
    if state.peek and seat == actor:
        for t in set(state.peek):
            buf[_PEEK + t] = state.peek.count(t) * 0.2
    if state.jet and seat == tp:
        for t in set(state.jet):
            buf[_JET + t] = state.jet.count(t) * 0.5
    if True in state.insured:
        for k in range(n):
            if state.insured[(seat + k) % n]:
                buf[_INS + k] = 1.0
    out[:] = np.frombuffer(buf, np.float32)
    out[0:_T] *= _INV6
    for o in rev_slots:
        out[o:o + _T] *= _INV6
    if state.partner >= 0:
        out[_OGIVE:_OGIVE + _T] *= _INV6
        out[_OASK:_OASK + _T] *= 0.125


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
