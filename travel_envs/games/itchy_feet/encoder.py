"""Itchy Feet observation encoder (the action table is in ``actions.py``).

Every value lies in [0, 1]. The observation is seat-relative: seat slot 0 is the
observing seat, slot k the k-th player after it clockwise (slots beyond the
player count stay 0). Only what the seat may see is written: its own hand,
hand *sizes* of the others, the public table, the trade offer under negotiation
(public: trades are face up), what the table knows each player holds (cards
received in open trades or taken from the discard pile, shown in an offer or an
announced action, the hand shown when travelling; lowered whenever the player
loses a card; plus what the seat alone knows: the card it passed in Lost Luggage,
the card taken from it by Pickpocket / Steal), the countries completed and those
put away by Civil Unrest, and the cards the seat itself is looking at (Local
Guide, Jet-setter draw).
"""

from __future__ import annotations

import numpy as np

from . import actions as A
from .components import (COUNTRY_ITEMS, EVENTS, EXTENSION_NAMES, MAX_PLAYERS, NUM_CARD_TYPES, NUM_CHARACTERS,
                         NUM_COUNTRIES, NUM_ITEM_TYPES)

NUM_MAIN_IDS = A.SMUGGLE_BASE + 3  # announced action ids 0..23


def _offsets(layout) -> tuple[dict[str, int], int]:
    """The offset of each row of a (name, size, meaning) layout, and the total size."""
    offsets, o = {}, 0
    for name, size, _ in layout:
        offsets[name] = o
        o += size
    return offsets, o


#: one seat slot of the ``seats`` block, (name, size, meaning) in order
SEAT_LAYOUT = (
    ("present", 1, "present"),
    ("hand_size", 1, "hand size / 20"),
    ("country", NUM_COUNTRIES, "country one-hot (12; 0 once travelled)"),
    ("home_done", 1, "own country done"),
    ("character", NUM_CHARACTERS, "character one-hot (6)"),
    ("turn_player", 1, "is the turn player"),
    ("acting", 1, "is the acting seat"),
    ("known", NUM_CARD_TYPES, "cards known to be in its hand (30, copies / 6)"),
    ("completed", NUM_COUNTRIES, "completed country one-hot (12)"),
)
SEAT_OFFSETS, SEAT_BLOCK = _offsets(SEAT_LAYOUT)  # 65 values a slot

#: (name, size, meaning) in order; offsets follow from the sizes
LAYOUT = (
    ("own_hand", NUM_CARD_TYPES, "own hand: copies of each card type / 6"),
    ("own_hand_size", 1, "own hand size / 20 (no reachable hand exceeds 16 cards)"),
    ("target_items", NUM_ITEM_TYPES, "1 for each item the next destination needs (own country, then the centre)"),
    ("missing_items", NUM_ITEM_TYPES, "1 for each needed item not in the own hand"),
    ("seats", MAX_PLAYERS * SEAT_BLOCK,
     f"{MAX_PLAYERS} seat slots x {SEAT_BLOCK}: " + ", ".join(meaning for _, _, meaning in SEAT_LAYOUT)),
    ("centre", NUM_COUNTRIES, "centre country one-hot"),
    ("away", NUM_COUNTRIES, "countries put away by Civil Unrest (out of the game)"),
    ("piles", 2, "draw pile size / 80, discard pile size / 80 (clipped)"),
    ("discard_counts", NUM_CARD_TYPES, "discard pile: copies of each card type / 6"),
    ("discard_top", NUM_CARD_TYPES, "top card of the discard pile, one-hot"),
    ("phase", A.NUM_PHASES, "decision phase one-hot (actions.PHASES)"),
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
OFFSETS, OBS_SIZE = _offsets(LAYOUT)
STATE_EXTRA = MAX_PLAYERS * NUM_CARD_TYPES + NUM_CARD_TYPES  # all hands + draw pile contents
STATE_SIZE = OBS_SIZE + STATE_EXTRA

#: the fields of a seat slot every seat sees alike; "known" is left out: it adds what the viewer
#: alone knows a player holds (a card it passed in Lost Luggage or lost to Pickpocket / Steal)
PUBLIC_SEAT_FIELDS = tuple(name for name, _, _ in SEAT_LAYOUT if name != "known")
#: the seat-relative rows of LAYOUT with one entry per player (entry k: the player k seats on)
PER_SEAT_ROWS = ("offer_from", "offer_to", "insured")


def seat_blocks(n: int) -> list[np.ndarray]:
    """The public facts about each player in a view, slot k = the player k seats after the viewer
    (``Game.seat_blocks``): the ``PUBLIC_SEAT_FIELDS`` of its seat slot, then its entry in each of
    ``PER_SEAT_ROWS``. The viewer's own hand rows (``own_hand``, ...) are not about the others."""
    sizes = {name: size for name, size, _ in SEAT_LAYOUT}
    fields = np.concatenate([np.arange(SEAT_OFFSETS[f], SEAT_OFFSETS[f] + sizes[f]) for f in PUBLIC_SEAT_FIELDS])
    return [np.concatenate([OFFSETS["seats"] + k * SEAT_BLOCK + fields, [OFFSETS[row] + k for row in PER_SEAT_ROWS]])
            for k in range(n)]


_INV6 = 1.0 / 6.0

_OWN_SIZE = OFFSETS["own_hand_size"]
_TI, _MI = OFFSETS["target_items"], OFFSETS["missing_items"]
_SEATS = OFFSETS["seats"]
#: the seat slot's fields (offsets within a slot), in the order observation() unpacks them
_SEAT_FIELDS = tuple(SEAT_OFFSETS[name] for name in (
    "present", "hand_size", "country", "home_done", "character", "turn_player", "acting", "known", "completed"))
_CENTRE, _AWAY = OFFSETS["centre"], OFFSETS["away"]
_PILES = OFFSETS["piles"]
_DC, _DT = OFFSETS["discard_counts"], OFFSETS["discard_top"]
_PHASE, _ANN, _EVENT = OFFSETS["phase"], OFFSETS["announced"], OFFSETS["event"]
_OFROM, _OTO, _OGIVE, _OASK = OFFSETS["offer_from"], OFFSETS["offer_to"], OFFSETS["offer_give"], OFFSETS["offer_ask"]
_TC, _PEEK, _JET, _PEND = OFFSETS["turn_context"], OFFSETS["peek"], OFFSETS["jet"], OFFSETS["pending"]
_INS, _TN, _PARAMS = OFFSETS["insured"], OFFSETS["turn_number"], OFFSETS["params"]
_EVENT_INDEX = {e: i for i, e in enumerate(EVENTS)}
_T = NUM_CARD_TYPES


def _params_ones(p) -> list[int]:
    ones = [_PARAMS + i for i, name in enumerate(EXTENSION_NAMES) if name in p.extensions]
    if p.steal_action:
        ones.append(_PARAMS + 5)
    if p.reactions:
        ones.append(_PARAMS + 6)
    ones.append(_PARAMS + 7 + p.num_players - 2)
    return ones


#: value tables, computed with exactly the arithmetic of the formulas they replace:
#: float32 count arrays scaled in float32 (hands, known cards, the offer), and double
#: precision formulas stored as float32 (discard counts, sizes, piles)
_TABLE_LEN = 256
_F32_SIXTHS = (np.arange(_TABLE_LEN, dtype=np.float32) * _INV6).tolist()
_F32_EIGHTHS = (np.arange(_TABLE_LEN, dtype=np.float32) * 0.125).tolist()
_SIXTHS = [c * _INV6 for c in range(_TABLE_LEN)]
_TWENTIETHS = [min(c * 0.05, 1.0) for c in range(_TABLE_LEN)]
_PILE80 = [min(c / 80.0, 1.0) for c in range(_TABLE_LEN)]


class Observer:
    """Writes one game's observations and state tensors.

    The Game makes one from its parameters and keeps it; the observer holds what those
    parameters fix (the observation's constant part: parameter flags and present seat
    slots; the seat-slot orders), and the state knows nothing of it.
    """

    def __init__(self, p) -> None:
        n = p.num_players
        base = np.zeros(OBS_SIZE, np.float32)
        base[_params_ones(p)] = 1.0
        for k in range(n):
            base[_SEATS + k * SEAT_BLOCK + SEAT_OFFSETS["present"]] = 1.0
        self.base = base
        self.n = n
        #: order[seat]: the absolute seats in slot order 0..n-1
        self.order = [[(seat + k) % n for k in range(n)] for seat in range(n)]
        #: rel[seat][q]: the slot of absolute seat q seen from seat
        self.rel = [[(q - seat) % n for q in range(n)] for seat in range(n)]
        self.max_offers = p.max_trade_offers
        self.max_turns = p.max_turns

    def observation(self, state, seat: int, out: np.ndarray) -> None:
        """Write ``seat``'s view of ``state`` into ``out`` (every block of ``LAYOUT``)."""
        # the constant part is copied in at once, then only the non-zero values are written one
        # by one (a scalar store into a numpy array is far cheaper than converting a list)
        n = self.n
        out[:] = self.base
        six = _F32_SIXTHS
        hand = state.hands[seat]
        t = 0
        for c in hand:
            if c:
                out[t] = six[c]
            t += 1
        sizes = state.sizes
        own_country = state.own_country
        centre = state.centre
        own = own_country[seat]
        for t in COUNTRY_ITEMS[own if own >= 0 else centre]:
            out[_TI + t] = 1.0
            if hand[t] == 0:
                out[_MI + t] = 1.0
        tp, actor = state.turn_player, state.actor
        home_done, characters, known, done = state.home_done, state.characters, state.known, state.done_country
        seen = state.seen[seat]
        order = self.order[seat]
        _, f_size, f_country, f_home, f_char, f_turn, f_acting, f_known, f_done = _SEAT_FIELDS
        o = _SEATS
        for q in order:  # "present" is in the template
            sz = sizes[q]
            out[o + f_size] = _TWENTIETHS[sz] if sz < _TABLE_LEN else 1.0
            c = own_country[q]
            if c >= 0:
                out[o + f_country + c] = 1.0
            if home_done[q]:
                out[o + f_home] = 1.0
            ch = characters[q]
            if ch >= 0:
                out[o + f_char + ch] = 1.0
            if q == tp:
                out[o + f_turn] = 1.0
            if q == actor:
                out[o + f_acting] = 1.0
            kq = known[q]
            if any(seen[q]):  # what the seat alone knows q holds (a card it passed or lost to q)
                kq = [a if a > b else b for a, b in zip(kq, seen[q])]
            if any(kq):
                r = o + f_known
                for c in kq:
                    if c:
                        out[r] = six[c]
                    r += 1
            c = done[q]
            if c >= 0:
                out[o + f_done + c] = 1.0
            o += SEAT_BLOCK
        sz = sizes[seat]
        out[_OWN_SIZE] = _TWENTIETHS[sz] if sz < _TABLE_LEN else 1.0
        out[_CENTRE + centre] = 1.0
        for c in state.away:
            out[_AWAY + c] = 1.0
        out[_PHASE + state.ph] = 1.0
        discard = state.discard
        ndraw, ndisc = len(state.draw), len(discard)
        out[_PILES] = _PILE80[ndraw] if ndraw < _TABLE_LEN else 1.0
        out[_PILES + 1] = _PILE80[ndisc] if ndisc < _TABLE_LEN else 1.0
        if discard:
            counts = [0] * _T
            for t in discard:
                counts[t] += 1
            t = _DC
            for c in counts:
                if c:
                    out[t] = _SIXTHS[c]
                t += 1
            out[_DT + discard[-1]] = 1.0
        announced = state.announced
        if 0 <= announced < NUM_MAIN_IDS:
            out[_ANN + announced] = 1.0
        if state.event >= 0:
            out[_EVENT + _EVENT_INDEX[state.event]] = 1.0
        if state.partner >= 0:
            rel = self.rel[seat]
            out[_OFROM + rel[tp]] = 1.0
            out[_OTO + rel[state.partner]] = 1.0
            t = _OGIVE
            for c in state.give:
                if c:
                    out[t] = six[c]
                t += 1
            eighths = _F32_EIGHTHS
            t = _OASK
            for c in state.ask:
                if c:
                    out[t] = eighths[c]
                t += 1
        out[_TC] = min(state.offers_made / self.max_offers, 1.0)
        out[_TC + 1] = min(state.actions_left * 0.5, 1.0)
        if state.lounge_used:
            out[_TC + 2] = 1.0
        out[_PEND] = min(state.rc_need * 0.5, 1.0)
        out[_PEND + 1] = state.post_n / 3.0
        out[_TN] = min(state.turn_number / self.max_turns, 1.0)
        if state.peek and seat == actor:
            peek = state.peek
            for t in set(peek):
                out[_PEEK + t] = peek.count(t) * 0.2
        if state.jet and seat == tp:
            jet = state.jet
            for t in set(jet):
                out[_JET + t] = jet.count(t) * 0.5
        if True in state.insured:
            insured = state.insured
            for k in range(n):
                if insured[order[k]]:
                    out[_INS + k] = 1.0

    def state_tensor(self, state, out: np.ndarray) -> None:
        """Full state: the acting seat's observation plus every hand and the draw pile."""
        seat = state.actor if state.actor >= 0 else state.turn_player
        self.observation(state, seat, out[:OBS_SIZE])
        o = OBS_SIZE
        for q in range(state.num_players):
            out[o + q * NUM_CARD_TYPES:o + (q + 1) * NUM_CARD_TYPES] = np.asarray(state.hands[q], np.float32) * _INV6
        o += MAX_PLAYERS * NUM_CARD_TYPES
        if state.draw:
            np.add.at(out, o + np.asarray(state.draw), _INV6)
        np.minimum(out, 1.0, out=out)
