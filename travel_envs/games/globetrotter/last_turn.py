"""Deals that agree with the opponent's last turn: what its play tells of its hand (2 players).

A deal resampled from a seat's view (``resample_hidden``) draws the opponent's hidden cards uniformly,
though the opponent's last turn showed much of them: what it played, whether it drew from the deck or
a parking space, what it parked, and what it did *not* play when it could have. This module keeps only
deals in which an opponent model, put in the opponent's seat at the start of that turn with the deal's
cards, plays that turn exactly as it was played (rejection sampling: the deals kept are drawn from the
posterior under the model, which the uniform deals are not). Everything it reads is public or the
seat's own: its view at its own last decision (a resampled state, never the true one), the turn's
actions (``state.last_turn``, seen by all), its own hand and the current deal.

Rewinding a deal: the opponent's hand at its turn start is its current hand, plus the cards it played
and parked, minus the card it drew; a card drawn from the deck is one of the cards it holds now or
played or parked after the draw, chosen uniformly (as likely under the uniform deal as any other).
After a turn whose hand ran empty (a fresh hand drawn) only the cards seen played are kept out of the
new hand; a turn that drew from another hand, and a game of more than 2 players, are not read.
"""

from __future__ import annotations

import numpy as np

from . import actions as A
from .actions import OVER, TURN
from .cardset import cards_of, from_cards
from .journal_memory import rest_of_last_turn


class LastTurnFilter:
    """The opponent's last turn, replayed on each deal by a model of the opponent (see module docstring)."""

    def __init__(self, start, actions: tuple[int, ...], seat: int, model) -> None:
        self.start = start  # the seat's view when the opponent's turn began
        self.actions = actions
        self.seat, self.opp = seat, 1 - seat
        self.model = model
        self.replay = True  # False: the hand ran empty and was drawn anew; only the cards seen are placed
        plays = [a - A.PLAY for a in actions if a < A.DRAW_DECK]
        self.played_bits = from_cards(plays)
        draw = next((i for i, a in enumerate(actions) if A.DRAW_DECK <= a < A.PARK), -1)
        self.drew = draw >= 0
        self.from_deck = draw >= 0 and actions[draw] == A.DRAW_DECK
        self.parking_draw = start.parking[actions[draw] - A.DRAW_PARK] if draw >= 0 and not self.from_deck else -1
        parked = next((a - A.PARK for a in actions if A.PARK <= a < A.NO_PARK), -1)
        self.parked_bit = 0 if parked < 0 else 1 << parked
        #: cards seen on the Journal since the turn began: in no hand now
        self.seen_bits = self.played_bits | 1 << start.journal[-1]
        #: the cards the deck draw may have been besides those held now: played or parked after it, unknown before
        known = start.known_bits[seat][self.opp]
        later = [a - A.PLAY for a in actions[draw + 1 :] if a < A.DRAW_DECK] + ([parked] if parked >= 0 else [])
        self.drawn_shown = [c for c in later if not known >> c & 1] if self.from_deck else []

    @classmethod
    def read(cls, view, state, seat: int, model) -> "LastTurnFilter | None":
        """The filter for ``seat`` at the start of its turn in ``state``, or None when the opponent's last
        turn can't be read. ``view`` is the seat's view at its last decision (a resample) or None; the turn is
        walked on with the moves played since (its last turn, seen by all), which are the moves it chose
        unless a search it leads played another or it was not asked (a single legal move)."""
        if view is None or state.n != 2:
            return None
        rest = rest_of_last_turn(view.turn_actions, state, seat)
        if rest is None:
            return None  # not a decision of its last turn (another game or turn)
        opp = 1 - seat
        actions = state.last_turn[opp]
        if not actions or any(a >= A.OPPONENT for a in actions):
            return None
        start = view.clone()
        for action in rest:
            if start.phase_id == OVER or start.to_act != seat or not start.legal_action_mask()[action]:
                return None
            start.apply_action(action)
        if (start.phase_id != TURN or start.to_act != opp or start.round != state.round or start.tiebreak
                or start.pos[seat] != state.pos[seat] or start.world != state.world or not start.deck
                or start.hand_size[seat] != state.hand_size[seat]):
            return None  # a memory of another game or round, or a turn this filter does not read
        if not _place(start, seat, state.hand_bits[seat]):  # its hand as it is (drawn anew if it ran empty)
            return None
        reading = cls(start, actions, seat, model)
        size = start.hand_size[opp] + reading.drew - reading.played_bits.bit_count() - (reading.parked_bit != 0)
        if size <= 0:  # the hand ran empty and a fresh one was drawn: only the cards played are known
            reading.replay = False
        elif size != state.hand_size[opp]:
            return None  # the hand changed since: nothing to rewind
        return reading

    def agrees(self, deal, rng: np.random.Generator) -> bool:
        """Whether the model, holding the deal's rewound hand, plays the opponent's last turn as it was."""
        opp = self.opp
        held = deal.hand_bits[opp]
        if held & self.seen_bits:
            return False  # the deal put back in the hand a card everyone saw played
        if not self.replay:
            return True
        before = held | self.played_bits | self.parked_bit
        drawn = -1
        if self.from_deck:
            candidates = cards_of(held & ~deal.known_bits[self.seat][opp]) + self.drawn_shown
            drawn = candidates[int(rng.integers(len(candidates)))]
            before &= ~(1 << drawn)
        elif self.parking_draw >= 0:
            before &= ~(1 << self.parking_draw)
        game = self.start.clone()
        if before.bit_count() != game.hand_size[opp] or not _place(game, opp, before, drawn):
            return False
        model = self.model
        for action in self.actions:
            if game.to_act != opp or game.phase_id == OVER:
                return False
            mask = game.legal_action_mask()
            if not mask[action] or model.act(None, mask, game) != action:
                return False
            game.apply_action(action)
        return True


def _place(game, seat: int, hand: int, top: int = -1) -> bool:
    """Make ``hand`` the hand of ``seat`` in ``game`` (a deal), then put card ``top`` on the deck (unless -1),
    each card swapped with one from wherever it lay hidden; False when a card lies in the open."""
    have = game.hand_bits[seat]
    for card, back in zip(cards_of(hand & ~have), cards_of(have & ~hand)):
        if not _swap(game, seat, card, back):
            return False
    game.hand_bits[seat] = hand
    if top >= 0 and game.deck[-1] != top:
        if not _swap(game, seat, top, game.deck[-1]):
            return False
        game.deck[-1] = top
    return True


def _swap(game, seat: int, card: int, other: int) -> bool:
    """Put ``other`` where ``card`` lies hidden: another hand, the deck, under the Journal's top, the discards."""
    game._mask = None
    for q in range(game.n):
        if q != seat and game.hand_bits[q] >> card & 1:
            game.hand_bits[q] ^= 1 << card | 1 << other
            return True
    for pile, hidden in ((game.deck, len(game.deck)), (game.journal, len(game.journal) - 1),
                         (game.discards, len(game.discards))):
        for i in range(hidden):
            if pile[i] == card:
                pile[i] = other
                return True
    return False
