"""Trek rules: ``TrekState`` and its transitions, and ``TrekGame`` (no gymnasium / pettingzoo imports).

A turn (rulebook clauses 2-4; docs/games/trek.md, "Turn model"):

1. the contribution, applied automatically when the turn begins (£10 at Base;
   at a camp 1 Stores Unit per head the player is responsible for, any missing
   unit paid at ``cash_for_stores_multiplier`` x the Stores price); a payment the
   player cannot make starts the bankruptcy phase (sell units back) or, with too
   little to sell, eliminates the player;
2. one decision in phase ``play``: discard a card, play Authority to Buy (then
   phase ``buy``: buy chunks of units, then finish), play an Award or a Claim,
   or play a camp card to move;
3. refill the hand (one card per card played), next living player.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

import numpy as np

from travel_envs.core.game import (
    Game,
    GameState,
    ParameterError,
    check_state_header,
    rng_from_dict,
    rng_to_dict,
    state_header,
)

from . import actions as A
from . import components as C
from . import render
from .actions import BUY_PHASE, OVER, PHASES, PLAY_PHASE, BANKRUPTCY_PHASE
from .encoder import encode_observation, encode_state, observation_size, seat_blocks, state_size
from .params import TrekParams


def _by_type(cards: list[int]) -> list[int]:
    """How many cards of each type a list of card types holds (hands are kept this way)."""
    row = [0] * C.NUM_CARD_TYPES
    for t in cards:
        row[t] += 1
    return row


_AWARDS_AND_CLAIMS = C.AWARD_TYPES + C.CLAIM_TYPES


def _cards(counts) -> list[int]:
    """The card types of a count per type, in type order (the inverse of :func:`_by_type`)."""
    return [t for t, k in enumerate(counts) for _ in range(k)]


class TrekState(GameState):
    """One game of Trek. Lists of ints, mutated in place.

    ``to_act`` is the player whose turn it is (the only seat that ever decides); with
    ``phase_id`` it gives ``current_player``, ``is_terminal`` and ``phase`` (core contract).
    """

    PHASES = PHASES
    OVER = OVER

    # ------------------------------------------------------------------ setup
    def __init__(self, game, rng: np.random.Generator) -> None:
        self.game = game
        self.rng = rng
        p = game.params
        n = game.num_players
        self.cash = [p.starting_cash] * n
        self.held = [[0, 0, 0] for _ in range(n)]  # Stores, Mules, Jeeps per player
        self.pos = [C.BASE] * n  # camp 0..12; -1 once out of the game
        self.arrival = [0] * n  # arrival sequence number at the current camp (host = earliest)
        self.seq = 1
        self.alive = [True] * n
        self.pool = list(C.MARKET_TOTALS)
        self.sold = [0, 0, 0]  # cumulative units sold per market (the Sales Indicators)
        self.bank = 0  # net money received by the Bank (can be negative)
        deck = [t for t, k in enumerate(game.card_counts) for _ in range(k)]
        self.pack = [int(x) for x in rng.permutation(deck)]  # top of the pack = end of the list
        self.discard: list[int] = []
        self.hands = [[0] * C.NUM_CARD_TYPES for _ in range(n)]
        for seat in range(n):
            for _ in range(C.HAND_SIZE):
                self.hands[seat][self.pack.pop()] += 1
        self.to_act = 0  # the youngest player starts: seat 0
        self.turns = 0  # turns begun
        self.phase_id = PLAY_PHASE
        self.buy_market = -1
        self.debt = 0
        self.sold_back = [0, 0, 0]  # units sold to the Bank in this bankruptcy (falling indicator: pending)
        self.to_draw = 0
        self.winner_list: list[int] = []
        self.end_reason = ""
        self.reshuffles = 0
        # what the face-up pile that became the pack held (zeros before the first reshuffle) and what
        # each seat has drawn since: a seat knows the pack holds at most ``reshuffled - drawn[seat]``
        self.reshuffled = [0] * C.NUM_CARD_TYPES
        self.drawn = [[0] * C.NUM_CARD_TYPES for _ in range(n)]
        self._begin_turn()

    # ---------------------------------------------------------------- prices
    def price(self, market: int) -> int:
        """Current price of one unit (the Sales Indicator's price hand)."""
        ladder = self.game.ladders[market]
        step = self.sold[market] // C.UNITS_PER_STEP[market]
        return ladder[step] if step < len(ladder) else ladder[-1]

    def step_index(self, market: int) -> int:
        ladder = self.game.ladders[market]
        return min(self.sold[market] // C.UNITS_PER_STEP[market], len(ladder) - 1)

    def units_hand(self, market: int) -> int:
        """Units sold at the current step (the indicator's units hand)."""
        ladder = self.game.ladders[market]
        per = C.UNITS_PER_STEP[market]
        s = self.sold[market]
        if s // per >= len(ladder):
            return s - (len(ladder) - 1) * per  # past the top step: the price stays, the count runs on
        return s % per

    def cost(self, market: int, units: int) -> int:
        """Cost of buying ``units`` now; each unit is priced on its own (a purchase may cross a step)."""
        ladder = self.game.ladders[market]
        per = C.UNITS_PER_STEP[market]
        top = len(ladder) - 1
        s = self.sold[market]
        total = 0
        for i in range(s, s + units):
            step = i // per
            total += ladder[step if step < top else top]
        return total

    # ----------------------------------------------------------------- camps
    def occupants(self, camp: int) -> list[int]:
        """Players at ``camp`` ordered by arrival (the first is the host)."""
        at = [q for q in range(self.num_players) if self.pos[q] == camp]
        at.sort(key=self.arrival.__getitem__)
        return at

    def host_of(self, seat: int) -> int:
        """The host of ``seat``'s camp (``seat`` itself when alone or first); -1 at Base/out."""
        camp = self.pos[seat]
        if camp <= C.BASE:
            return -1
        return self.occupants(camp)[0]

    def stores_due(self, seat: int) -> int:
        """Stores Units ``seat`` must contribute this turn at a camp (0 for guests)."""
        camp = self.pos[seat]
        if camp <= C.BASE:
            return 0
        occ = self.occupants(camp)
        return len(occ) if occ[0] == seat else 0

    # ------------------------------------------------------------ turn flow
    def _begin_turn(self) -> None:
        """Start the turns of ``to_act`` and its successors until a decision is needed."""
        p = self.game.params
        while True:
            seat = self.to_act
            if p.max_turns and self.turns >= p.max_turns:
                self._end_at_cap()
                return
            self.turns += 1
            camp = self.pos[seat]
            if camp == C.BASE:
                debt = p.base_contribution
            else:
                due = self.stores_due(seat)
                use = min(due, self.held[seat][C.STORES])
                # the price of the missing units is the one shown when the contribution falls due,
                # before the host's own units move a falling indicator back (ruling 6, ruling I)
                debt = (due - use) * p.cash_for_stores_multiplier * self.price(C.STORES)
                self._return_units(seat, C.STORES, use)
            if debt <= self.cash[seat]:
                self._pay(seat, debt)
                self.phase_id = PLAY_PHASE
                return
            if self.cash[seat] + self.assets_value(seat) >= debt:
                self.debt = debt
                self.phase_id = BANKRUPTCY_PHASE
                return
            self._eliminate(seat)
            if self.phase_id == OVER:
                return
            self.to_act = self._next_alive(seat)

    def _end_turn(self) -> None:
        seat = self.to_act
        hand = self.hands[seat]
        for _ in range(self.to_draw):
            card = self._draw(seat)
            if card < 0:
                break
            hand[card] += 1
        self.to_draw = 0
        self.buy_market = -1
        self.to_act = self._next_alive(seat)
        self._begin_turn()

    def _draw(self, seat: int) -> int:
        if not self.pack:
            self._reshuffle()
            if not self.pack:
                return -1
        card = self.pack.pop()
        if self.reshuffles:
            self.drawn[seat][card] += 1
        if not self.pack and self.game.params.reshuffle == "at once":
            self._reshuffle()
        return card

    def _reshuffle(self) -> None:
        """The discard pile, shuffled, becomes the pack (rulebook, Preparation for Play)."""
        if not self.discard:
            return
        self.pack = self.discard
        self.discard = []
        self.rng.shuffle(self.pack)
        self.reshuffles += 1
        self.reshuffled = [0] * C.NUM_CARD_TYPES
        for t in self.pack:
            self.reshuffled[t] += 1
        self.drawn = [[0] * C.NUM_CARD_TYPES for _ in range(self.num_players)]

    def _next_alive(self, seat: int) -> int:
        n = self.num_players
        for k in range(1, n + 1):
            q = (seat + k) % n
            if self.alive[q]:
                return q
        return seat

    def _pay(self, seat: int, amount: int) -> None:
        self.cash[seat] -= amount
        self.bank += amount

    def _receive(self, seat: int, amount: int) -> None:
        self.cash[seat] += amount
        self.bank -= amount

    def known_in_other_hands(self, seat: int) -> list[int]:
        """Cards of each type ``seat`` knows to be in other players' hands, not in the pack.

        The cards it cannot see are the pack and the other hands. The pack holds only cards of
        the face-up pile that became the pack at the last reshuffle, less those ``seat`` drew
        since; any unseen card beyond that is in another hand (0 before the first reshuffle)."""
        if not self.reshuffles:
            return [0] * C.NUM_CARD_TYPES
        seen = _by_type(self.discard)
        counts, own, cap, mine = self.game.card_counts, self.hands[seat], self.reshuffled, self.drawn[seat]
        return [max(0, counts[t] - seen[t] - own[t] - (cap[t] - mine[t])) for t in range(C.NUM_CARD_TYPES)]

    def assets_value(self, seat: int) -> int:
        """What the Bank would pay for everything ``seat`` holds, at current market prices."""
        h = self.held[seat]
        return sum(h[m] * self.price(m) for m in range(3))

    def _eliminate(self, seat: int) -> None:
        """Out of the game: cash to the Bank, units to the pool, cards to the discard pile."""
        self._pay(seat, self.cash[seat])
        for m in range(3):
            self._return_units(seat, m, self.held[seat][m])
        hand = self.hands[seat]
        for t in range(C.NUM_CARD_TYPES):
            self.discard.extend([t] * hand[t])
            hand[t] = 0
        self.pos[seat] = -1
        self.alive[seat] = False
        alive = [q for q in range(self.num_players) if self.alive[q]]
        if len(alive) == 1:
            self._finish(alive, "last player left")

    def _finish(self, winners: list[int], reason: str) -> None:
        self.winner_list = sorted(winners)
        self.end_reason = reason
        self.phase_id = OVER
        self.debt = 0
        self.buy_market = -1

    def _end_at_cap(self) -> None:
        """The safety cap: nobody has won the race; ``cap_winner`` says who is credited."""
        alive = [q for q in range(self.num_players) if self.alive[q]]
        if self.game.params.cap_winner == "survivors":
            self._finish(alive, "turn cap")
            return
        key = {q: (C.CAMP_GROUP[self.pos[q]], self.pos[q], self.cash[q]) for q in alive}
        best = max(key.values())
        self._finish([q for q in alive if key[q] == best], "turn cap")

    # -------------------------------------------- decisions: legal ids and apply per phase
    def legal_action_mask(self) -> np.ndarray:
        return A.mask_of(self.legal_actions())

    def legal_actions(self) -> list[int]:
        """The legal ids in ascending order, straight from the rules (no mask: the search asks this)."""
        ph = self.phase_id
        if ph == PLAY_PHASE:
            return self._play_ids()
        if ph == BUY_PHASE:
            return self._buy_ids()
        if ph == BANKRUPTCY_PHASE:
            return self._sell_ids()
        return []

    def _apply(self, action: int) -> None:
        ph = self.phase_id
        if ph == PLAY_PHASE:
            self._apply_play(action)
        elif ph == BUY_PHASE:
            self._apply_buy(action)
        else:  # BANKRUPTCY_PHASE (a finished game takes no action)
            self._sell(self.to_act, action - A.SELL)

    # play: discard, Authority to Buy, an Award, a Claim, or a move
    def _play_ids(self) -> list[int]:
        seat = self.to_act
        hand = self.hands[seat]
        legal = list(compress(range(C.NUM_CARD_TYPES), hand))  # discard any card held
        if hand[C.BUY]:
            legal += [A.PLAY_BUY + m for m in range(3) if self.can_buy(seat, m)]
        # the Awards then the Claims (ids PLAY_AWARD.. and PLAY_CLAIM.. follow each other)
        legal += [A.PLAY_AWARD + i for i, t in enumerate(_AWARDS_AND_CLAIMS) if hand[t]]
        legal += sorted(self.move_actions(seat))
        return legal

    def _apply_play(self, action: int) -> None:
        seat = self.to_act
        if action < A.PLAY_BUY:
            self._play_card(seat, action)
        elif action < A.PLAY_AWARD:
            self._play_card(seat, C.BUY)
            self.buy_market = action - A.PLAY_BUY
            self.phase_id = BUY_PHASE
            return
        elif action < A.PLAY_CLAIM:
            t = C.AWARD_TYPES[action - A.PLAY_AWARD]
            self._play_card(seat, t)
            self._award(seat, t)
        elif action < A.MOVE_CARD:
            t = C.CLAIM_TYPES[action - A.PLAY_CLAIM]
            self._play_card(seat, t)
            self._claim(seat, t)
        elif action < A.MOVE_MULE:
            d = action - A.MOVE_CARD + 1
            self._play_card(seat, d - 1)
            self._arrive(seat, d)
        elif action < A.MOVE_JEEP:
            d = action - A.MOVE_MULE + 1
            self._play_card(seat, d - 1)
            self._return_unit(seat, C.MULES)
            self._arrive(seat, d)
        elif action < A.MOVE_JEEP2:
            d = action - A.MOVE_JEEP + 1
            self._play_card(seat, d - 1)
            self._return_unit(seat, C.JEEPS)
            self._arrive(seat, d)
        else:
            d, k = A.JEEP2_PAIRS[action - A.MOVE_JEEP2]
            self._play_card(seat, k - 1)
            self._play_card(seat, d - 1)
            self._return_unit(seat, C.JEEPS)
            self._arrive(seat, d)
        if self.phase_id != OVER:
            self._end_turn()

    def move_actions(self, seat: int) -> list[int]:
        """Legal move action ids for ``seat`` (cards in hand, transport, stores requirement)."""
        p = self.game.params
        hand = self.hands[seat]
        here = self.pos[seat]
        g = C.CAMP_GROUP[here]
        stores = self.held[seat][C.STORES]
        req = p.stores_required
        mules, jeeps = self.held[seat][C.MULES], self.held[seat][C.JEEPS]
        out = []
        # same group (sideways), card only
        if 1 <= g <= 4:
            for d in C.GROUP_CAMPS[g]:
                if d != here and hand[d - 1] and stores >= req[g - 1]:
                    out.append(A.MOVE_CARD + d - 1)
        # next group
        if g + 1 <= 6 and stores >= req[g]:
            free = here == C.BASE and not p.base_needs_transport
            for d in C.GROUP_CAMPS[g + 1]:
                if not hand[d - 1]:
                    continue
                if free:
                    out.append(A.MOVE_CARD + d - 1)
                else:
                    if mules:
                        out.append(A.MOVE_MULE + d - 1)
                    if jeeps:
                        out.append(A.MOVE_JEEP + d - 1)
        # next-but-one group with a Jeep and a card of the skipped group
        if jeeps and g + 2 <= 6 and stores >= req[g + 1]:
            for d in C.GROUP_CAMPS[g + 2]:
                if not hand[d - 1]:
                    continue
                for k in C.GROUP_CAMPS[g + 1]:
                    if hand[k - 1]:
                        out.append(A.JEEP2_ID[(d, k)])
        return out

    # buy: chunks of units in the chosen market, then finish
    def _buy_ids(self) -> list[int]:
        k = self.buyable(self.to_act, self.buy_market)
        return [*range(A.BUY_UNITS, A.BUY_UNITS + k), A.BUY_DONE]

    def _apply_buy(self, action: int) -> None:
        seat = self.to_act
        if action == A.BUY_DONE:
            self._end_turn()
            return
        self.buy(seat, self.buy_market, action - A.BUY_UNITS + 1)
        if self.buyable(seat, self.buy_market) == 0:
            self._end_turn()

    def buyable(self, seat: int, market: int) -> int:
        """How many units of ``market`` ``seat`` can buy now (pool and cash), capped at MAX_BUY_CHUNK."""
        cash = self.cash[seat]
        ladder = self.game.ladders[market]
        per = C.UNITS_PER_STEP[market]
        top = len(ladder) - 1
        s = self.sold[market]
        limit = min(self.pool[market], A.MAX_BUY_CHUNK)
        k = 0
        while k < limit:
            step = (s + k) // per
            price = ladder[step if step < top else top]
            if price > cash:
                break
            cash -= price
            k += 1
        return k

    def can_buy(self, seat: int, market: int) -> bool:
        """Whether ``seat`` can buy a unit of ``market`` now (``buyable(seat, market) > 0``, without the count)."""
        return self.pool[market] > 0 and self.price(market) <= self.cash[seat]

    # bankruptcy: sell units back one at a time (``_sell``) until the debt can be paid
    def _sell_ids(self) -> list[int]:
        h = self.held[self.to_act]
        return [A.SELL + m for m in range(3) if h[m] > 0]

    def _sell(self, seat: int, market: int) -> None:
        """One unit back to the Bank at the current market price (rulebook, Bankruptcy).

        The price is the one the Sales Indicators showed when the bankruptcy began: with a
        falling indicator (ruling I) the units sold move it back only once the debt is paid,
        so every unit of one bankruptcy fetches "the current market price" and a player
        whose units cover the debt at that price always stays in the game (ruling J)."""
        self._receive(seat, self.price(market))
        self.held[seat][market] -= 1
        self.pool[market] += 1
        if self.game.params.indicator_falls_on_return:
            self.sold_back[market] += 1
        if self.cash[seat] >= self.debt:
            self._pay(seat, self.debt)
            self.debt = 0
            for m in range(3):
                self.sold[m] = max(0, self.sold[m] - self.sold_back[m])
            self.sold_back = [0, 0, 0]
            self.phase_id = PLAY_PHASE

    # ----------------------------------------------------------------- effects
    def _play_card(self, seat: int, card: int) -> None:
        self.hands[seat][card] -= 1
        self.discard.append(card)
        self.to_draw += 1

    def _return_unit(self, seat: int, market: int) -> None:
        self._return_units(seat, market, 1)

    def _return_units(self, seat: int, market: int, units: int) -> None:
        """``units`` from ``seat`` back to the common pool; with ``indicator_falls_on_return``
        the Sales Indicator moves back by as many units (never below its start)."""
        self.held[seat][market] -= units
        self.pool[market] += units
        if self.game.params.indicator_falls_on_return:
            self.sold[market] = max(0, self.sold[market] - units)

    def _arrive(self, seat: int, camp: int) -> None:
        p = self.game.params
        if p.stores_requirement == "spend":
            self._return_units(seat, C.STORES, p.stores_required[C.CAMP_GROUP[camp] - 1])
        self.pos[seat] = camp
        self.arrival[seat] = self.seq
        self.seq += 1
        if camp == C.SUMMIT:
            self._finish([seat], "reached Camp 12")
            return
        self._receive(seat, p.camp_bonus[camp - 1])

    def buy(self, seat: int, market: int, units: int) -> None:
        """Buy ``units`` from ``market`` at the indicator's prices (moves the indicator)."""
        self._pay(seat, self.cost(market, units))
        self.sold[market] += units
        self.pool[market] -= units
        self.held[seat][market] += units

    def _take_free(self, seat: int, market: int, units: int) -> None:
        k = min(units, self.pool[market])
        self.pool[market] -= k
        self.held[seat][market] += k

    def _award(self, seat: int, card: int) -> None:
        p = self.game.params
        if card == C.AWARD_GRANT:
            self._receive(seat, p.award_grant_cash)
        elif card == C.AWARD_AIR_DROP:
            self._take_free(seat, C.STORES, p.award_air_drop_stores)
        elif card == C.AWARD_MULE:
            self._take_free(seat, C.MULES, p.award_mules)
        else:
            self._receive(seat, p.award_story_cash)

    def claim_order(self, seat: int, market: int) -> list[int]:
        """Other living players, largest holding first (market -1 = cash); ties from seat's left."""
        n = self.num_players
        others = [(seat + k) % n for k in range(1, n)]
        others = [q for q in others if self.alive[q]]
        if market < 0:
            return sorted(others, key=lambda q: -self.cash[q])
        return sorted(others, key=lambda q: -self.held[q][market])

    def _claim(self, seat: int, card: int) -> None:
        p = self.game.params
        if card == C.CLAIM_CASH_EACH:
            for q in self.claim_order(seat, -1):
                amount = min(p.claim_each_cash, self.cash[q])
                self.cash[q] -= amount
                self.cash[seat] += amount
            return
        if card == C.CLAIM_CASH_TOTAL:
            left = p.claim_total_cash
            for q in self.claim_order(seat, -1):
                amount = min(left, self.cash[q])
                self.cash[q] -= amount
                self.cash[seat] += amount
                left -= amount
            return
        market, left = (C.STORES, p.claim_total_stores) if card == C.CLAIM_STORES_TOTAL else (C.MULES, p.claim_mules)
        for q in self.claim_order(seat, market):
            k = min(left, self.held[q][market])
            self.held[q][market] -= k
            self.held[seat][market] += k
            left -= k

    # ---------------------------------------------------------------- results
    def scores(self) -> list[float]:
        """Progress: the camp number reached (Base 0, summit 12); -1 once out of the game."""
        return [float(c) for c in self.pos]

    def winners(self) -> list[int]:
        return list(self.winner_list)

    # ----------------------------------------------------------- observation
    def observation(self, seat: int, out: np.ndarray) -> None:
        encode_observation(self, seat, out)

    def state_tensor(self, out: np.ndarray) -> None:
        encode_state(self, out)

    # ----------------------------------------------------------- persistence
    #: the flat fields of ``to_dict``, in key order; ``turn_player`` is the key of ``to_act``
    _FIELDS = ("cash", "pos", "arrival", "seq", "alive", "pool", "sold", "bank", "pack", "discard",
               "turn_player", "turns", "phase_id", "buy_market", "debt", "sold_back", "to_draw", "winner_list",
               "end_reason", "reshuffles", "reshuffled")
    _ATTRS = tuple("to_act" if f == "turn_player" else f for f in _FIELDS)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = state_header(self.game)
        for f, attr in zip(self._FIELDS, self._ATTRS):
            v = getattr(self, attr)
            d[f] = list(v) if isinstance(v, list) else v
        d["held"] = [list(h) for h in self.held]
        d["hands"] = [list(h) for h in self.hands]
        d["drawn"] = [list(h) for h in self.drawn]
        d["rng"] = rng_to_dict(self.rng)
        return d

    @classmethod
    def from_dict(cls, game, data: dict[str, Any]) -> "TrekState":
        """Rebuild a state from :meth:`to_dict`; a dict of another game, variant or player count,
        a missing key or an out-of-range value raises ParameterError naming it."""
        check_state_header(game, data, cls._FIELDS + ("held", "hands", "drawn", "rng"))
        _check_state_data(game, data)
        s = cls.__new__(cls)
        s.game = game
        for f, attr in zip(cls._FIELDS, cls._ATTRS):
            v = data[f]
            setattr(s, attr, list(v) if isinstance(v, list) else v)
        s.held = [list(h) for h in data["held"]]
        s.hands = [list(h) for h in data["hands"]]
        s.drawn = [list(h) for h in data["drawn"]]
        s.rng = rng_from_dict(data["rng"])
        return s

    def resample_hidden(self, seat: int, rng: np.random.Generator) -> "TrekState":
        """Other living players' hands, the pack order and the other seats' draws since the last
        reshuffle drawn anew from ``rng``.

        What ``seat`` knows stays: its own hand and draws, every public fact (positions, cash,
        units, indicators, the face-up discard pile, the pile that became the pack) and the hand
        sizes. The unseen cards (the pack and the other hands) are shuffled together and dealt
        back in the same sizes, except that the pack only receives cards that can be in it: the
        cards ``seat`` knows to be in other hands (:meth:`known_in_other_hands`) go to them.
        The other seats' draws since the reshuffle are a random split, in their sizes, of the
        cards drawn from the pile; the state's generator is replaced by one seeded from ``rng``.
        """
        s = self._copy()
        others = [q for q in range(self.num_players) if q != seat and self.alive[q]]
        forced = self.known_in_other_hands(seat)
        unseen = _by_type(self.pack)
        for q in others:
            unseen = [a + b for a, b in zip(unseen, self.hands[q])]
        # canonical (sorted by type): neither the pack order nor who holds which card may leak
        free = _cards(a - b for a, b in zip(unseen, forced))
        free = [free[i] for i in rng.permutation(len(free)).tolist()]
        size = len(self.pack)
        s.pack = free[:size]
        dealt = free[size:] + _cards(forced)
        dealt = [dealt[i] for i in rng.permutation(len(dealt)).tolist()]
        for q in others:
            k = sum(self.hands[q])
            s.hands[q] = _by_type(dealt[:k])
            dealt = dealt[k:]
        if self.reshuffles:
            pack, mine = _by_type(s.pack), self.drawn[seat]
            drawn_by_others = _cards(self.reshuffled[t] - pack[t] - mine[t] for t in range(C.NUM_CARD_TYPES))
            drawn_by_others = [drawn_by_others[i] for i in rng.permutation(len(drawn_by_others)).tolist()]
            for q in range(self.num_players):
                if q == seat:
                    continue
                k = sum(self.drawn[q])
                s.drawn[q] = _by_type(drawn_by_others[:k])
                drawn_by_others = drawn_by_others[k:]
        s._rng, s._rng_seed = None, rng.integers(2**63)
        return s

    def clone(self) -> "TrekState":
        s = self._copy()
        if self._rng is None:
            s._rng, s._rng_seed = None, self._rng_seed
        else:
            s._rng = rng_from_dict(rng_to_dict(self._rng))
        return s

    def _copy(self) -> "TrekState":
        """A copy of everything but the generator (the caller gives the copy one)."""
        s = TrekState.__new__(TrekState)
        s.game = self.game
        for attr in self._ATTRS:
            v = getattr(self, attr)
            setattr(s, attr, list(v) if isinstance(v, list) else v)
        s.held = [list(h) for h in self.held]
        s.hands = [list(h) for h in self.hands]
        s.drawn = [list(h) for h in self.drawn]
        return s

    # -------------------------------------------------------------- display
    def action_to_string(self, action: int) -> str:
        return A.action_name(action)

    def render_text(self) -> str:
        return render.render_text(self)

    def render_rgb(self) -> np.ndarray:
        return render.render_rgb(self)

    def observation_text(self, seat: int) -> str:
        return render.observation_text(self, seat)


class TrekGame(Game):
    """Trek, the expedition game: 2-6 players race from Base to Camp 12."""

    name = "trek"
    Params = TrekParams
    State = TrekState
    player_counts = (2, 3, 4, 5, 6)
    render_modes = ("ansi", "rgb_array")
    score_scale = 12.0  # scores are camp numbers 0..12
    observation_bounds = (0.0, 1.0)
    max_decisions = 20_000
    num_actions = A.NUM_ACTIONS

    def __init__(self, **params) -> None:
        super().__init__(**params)
        p = self.params
        self.observation_size = observation_size(p.num_players)
        self.state_size = state_size(p.num_players)
        self.card_counts = C.card_counts(p.camp_card_copies, p.buy_cards)
        self.deck_size = sum(self.card_counts)
        self.ladders = p.ladders
        self.inv_card_counts = np.array([1.0 / max(k, 1) for k in self.card_counts], dtype=np.float32)

    def new_initial_state(self, rng: np.random.Generator) -> TrekState:
        return TrekState(self, rng)

    def seat_blocks(self) -> list[np.ndarray]:
        return seat_blocks(self.num_players)


def _check_state_data(game, d: dict[str, Any]) -> None:
    """List lengths and value ranges of a state dict (ParameterError naming the first bad key)."""
    n = game.num_players

    def bad(key: str, why: str) -> ParameterError:
        return ParameterError(f"trek state dict: {key!r} {why}")

    def int_list(key: str, length: int, low: int, high: int) -> None:
        v = d[key]
        if not isinstance(v, list) or len(v) != length:
            raise bad(key, f"must be a list of {length} integers")
        for x in v:
            if isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high:
                raise bad(key, f"has {x!r}; values must be integers in [{low}, {high}]")

    int_list("cash", n, 0, 10**9)
    int_list("pos", n, -1, C.SUMMIT)
    int_list("arrival", n, 0, 10**9)
    if not isinstance(d["alive"], list) or len(d["alive"]) != n or any(not isinstance(x, bool) for x in d["alive"]):
        raise bad("alive", f"must be a list of {n} booleans")
    int_list("pool", 3, 0, max(C.MARKET_TOTALS))
    int_list("sold", 3, 0, 10**9)
    int_list("sold_back", 3, 0, max(C.MARKET_TOTALS))
    int_list("pack", len(d["pack"]) if isinstance(d["pack"], list) else -1, 0, C.NUM_CARD_TYPES - 1)
    int_list("discard", len(d["discard"]) if isinstance(d["discard"], list) else -1, 0, C.NUM_CARD_TYPES - 1)
    int_list("winner_list", len(d["winner_list"]) if isinstance(d["winner_list"], list) else -1, 0, n - 1)
    int_list("reshuffled", C.NUM_CARD_TYPES, 0, C.DECK_SIZE)
    for key, length in (("held", 3), ("hands", C.NUM_CARD_TYPES), ("drawn", C.NUM_CARD_TYPES)):
        v = d[key]
        if not isinstance(v, list) or len(v) != n:
            raise bad(key, f"must hold one list per player ({n})")
        for row in v:
            if not isinstance(row, list) or len(row) != length or any(
                    isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in row):
                raise bad(key, f"rows must be {length} non-negative integers")
    for m in range(3):
        if d["pool"][m] + sum(h[m] for h in d["held"]) != C.MARKET_TOTALS[m]:
            raise bad("pool", f"and held {C.MARKET_NAMES[m]} do not add up to {C.MARKET_TOTALS[m]}")
    counts = _by_type(d["pack"] + d["discard"])
    for h in d["hands"]:
        counts = [a + b for a, b in zip(counts, h)]
    if counts != list(game.card_counts):
        raise bad("hands", "with the pack and discard pile do not make the game's pack of cards")
    for key, low, high in (("turn_player", 0, n - 1), ("phase_id", PLAY_PHASE, OVER), ("buy_market", -1, 2),
                           ("debt", 0, 10**9), ("to_draw", 0, 2), ("turns", 0, 10**9), ("seq", 1, 10**9),
                           ("reshuffles", 0, 10**9)):
        x = d[key]
        if isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high:
            raise bad(key, f"is {x!r}; it must be an integer in [{low}, {high}]")
    left = [d["reshuffled"][t] - sum(h[t] for h in d["drawn"]) for t in range(C.NUM_CARD_TYPES)]
    if d["reshuffles"] and left != [d["pack"].count(t) for t in range(C.NUM_CARD_TYPES)]:
        raise bad("drawn", "the cards drawn since the last reshuffle and the pack do not make the reshuffled pile")
    if not d["reshuffles"] and (any(d["reshuffled"]) or any(map(any, d["drawn"]))):
        raise bad("reshuffled", "and 'drawn' must be zeros before the first reshuffle")
    if d["phase_id"] != BANKRUPTCY_PHASE and any(d["sold_back"]):
        raise bad("sold_back", "must be [0, 0, 0] outside the bankruptcy phase")
    if not isinstance(d["bank"], int) or isinstance(d["bank"], bool):
        raise bad("bank", "must be an integer")
    if d["end_reason"] not in ("", "reached Camp 12", "last player left", "turn cap"):
        raise bad("end_reason", f"is {d['end_reason']!r}")
