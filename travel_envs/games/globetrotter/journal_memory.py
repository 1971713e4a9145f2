"""What a seat remembers of the Travel Journal: the cards it saw placed there.

Ruling 3 hides the cards under the Journal's top, and a resample (ruling J) deals them anew; yet every one
of them was played face up, and a player who watched knows which cards lie there. Those cards are in no
hand: uniform deals that keep the Journal put about a quarter of the opponent's hidden cards in its hand,
where plain uniform deals put a tenth (``python -m benchmarks.globetrotter_information deals``).

The memory reads public facts only, at each of the seat's decisions: the cards played (this turn's actions
and each seat's last turn, ``state.last_turn``), the Journal's top and size, the round and world. Between
two decisions of the seat the Journal grows by the cards played in between, unless the deck ran out and
the Journal under its top was shuffled into it (rule 7): the sizes tell the two apart, and after such a
reshuffle only the cards played since are kept. Whatever it cannot account for, it forgets. Each record
also keeps the seat's view at that decision (a resample, never the state), from which the master reads the
opponent's next turn (:mod:`.last_turn`): one record per seat serves both memories.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import actions as A
from .cardset import cards_of, from_cards

if TYPE_CHECKING:
    from .engine import GlobetrotterState


@dataclass(frozen=True)
class _Record:
    """The seat's memory at one of its decisions: its view there and the cards it knew in the Journal then."""

    view: GlobetrotterState  # what the seat saw (a resample; its public facts are the state's): clone to change
    known: int  # bits: cards known to lie in the Journal then (the top among them)

    @property
    def turn(self) -> tuple[int, ...]:
        """The seat's turn so far, before the decision."""
        return tuple(self.view.turn_actions)


def rest_of_last_turn(turn_then: tuple[int, ...], state, seat: int) -> tuple[int, ...] | None:
    """The moves ``seat`` played in its last turn after ``turn_then`` (its turn so far at one of its decisions),
    or None when its last turn does not continue ``turn_then``: that decision was of another turn or game. The
    moves played, public, not the ones it chose: a search it leads may have played others."""
    mine = state.last_turn[seat]
    k = len(turn_then)
    return mine[k:] if len(mine) > k and mine[:k] == tuple(turn_then) else None


def _plays(actions) -> list[int]:
    return [a - A.PLAY for a in actions if a < A.DRAW_DECK]


class JournalMemory:
    """Per seat, the cards it knows to lie in the Journal (module docstring); reads nothing hidden."""

    def __init__(self) -> None:
        self.records: dict[int, _Record] = {}

    def known(self, state, seat: int) -> int:
        """Bits of the cards ``seat`` knows in the Journal now (its top included), from its last record."""
        if not state.journal:
            return 0
        top = 1 << state.journal[-1]
        rec = self.records.get(seat)
        played = self._played_since(rec, state, seat) if rec is not None else None
        if played is None:  # nothing recorded this round: what was played since the Journal was turned
            base, base_size, played = 0, 1, self._played_this_round(state, seat)
        else:
            base, base_size = rec.known, len(rec.view.journal)
        size = len(state.journal)
        if size == base_size + len(played):
            known = base | from_cards(played)
        elif size < base_size + len(played):  # the Journal under its top went into the deck since
            known = from_cards(played[-size:])
        else:  # plays it did not see: only this turn's (the Journal's top cards, unless the deck ran out)
            known = from_cards(state.played[-size:])
        known |= top
        return known if known.bit_count() <= size else top

    def remember(self, state, seat: int, rng: np.random.Generator) -> None:
        """Record what ``seat`` knows at its decision in ``state``, with its view there: a resample drawn from
        ``rng`` (:meth:`last_view`; the Journal part reads only public facts, which the view shares). The next
        record follows the moves played since (public), not the move the seat chose: a search led by the
        seat's player may play another."""
        view = state.resample_hidden(seat, rng)
        self.records[seat] = _Record(view, self.known(view, seat))

    def last_view(self, seat: int) -> GlobetrotterState | None:
        """The view ``seat`` was recorded with at its last decision, or None."""
        rec = self.records.get(seat)
        return rec.view if rec is not None else None

    @staticmethod
    def _played_since(rec: _Record, state, seat: int) -> list[int] | None:
        """The cards played since ``rec`` was made, in order, or None when the record is of another round or
        game, or the turns between cannot be followed."""
        view = rec.view
        if view.round != state.round or view.world != state.world or state.to_act != seat:
            return None
        k = len(rec.turn)
        now = tuple(state.turn_actions)
        if now[:k] == rec.turn and state.last_turn == view.last_turn:
            return _plays(now[k:])  # the same turn: the moves played since the record
        rest = rest_of_last_turn(rec.turn, state, seat)
        if rest is None:
            return None
        n = state.n  # since: the rest of its turn, each other seat's turn in turn order, its turn so far
        turns = [rest, *(state.last_turn[(seat + i) % n] for i in range(1, n)), now]
        return [card for turn in turns for card in _plays(turn)]

    @staticmethod
    def _played_this_round(state, seat: int) -> list[int]:
        """The latest cards played before now, in order, if this is the seat's first turn of the round or of the
        tie-break (the turns before it there, then its own so far): the sizes check the guess."""
        if state.to_act != seat:
            before = []
        elif state.tiebreak:  # the tie-break's turns so far; the others' last turns are of the final round
            before = state.tiebreak[: state.tb_index]
        else:
            before = [(state.start + i) % state.n for i in range((seat - state.start) % state.n)]
        turns = [*(state.last_turn[q] for q in before), state.turn_actions]
        return [card for turn in turns for card in _plays(turn)]


def keep_journal(deal, seat: int, known: int) -> None:
    """Put the ``known`` cards under the Journal's top in ``deal`` (a resample for ``seat``), each swapped with
    a card the deal put there that is not known; the top and this turn's cards stay, and a card found in the
    open or in ``seat``'s own hand (a memory that went wrong) is left where it is."""
    journal = deal.journal
    shown = from_cards(deal.played) | 1 << journal[-1]
    wrong = [i for i, c in enumerate(journal[:-1]) if not (known | shown) >> c & 1]
    for card in cards_of(known & ~from_cards(journal)):
        if not wrong:
            break
        if _put_where(deal, seat, card, journal[wrong[-1]]):
            journal[wrong.pop()] = card
    deal._mask = None


def _put_where(deal, seat: int, card: int, other: int) -> bool:
    """Put ``other`` where ``card`` lies hidden from ``seat`` (another hand, unless known there, or the deck);
    False when ``card`` lies nowhere hidden. What another seat knew of a hand follows the card that replaces
    it (a resample's guess, as :meth:`resample_hidden` makes)."""
    swap = 1 << card | 1 << other
    for q in range(deal.n):
        if q != seat and deal.hand_bits[q] >> card & 1 and not deal.known_bits[seat][q] >> card & 1:
            deal.hand_bits[q] ^= swap
            for row in deal.known_bits:
                if row[q] >> card & 1:
                    row[q] ^= swap
            return True
    if card in deal.deck:
        deal.deck[deal.deck.index(card)] = other
        return True
    return False
