"""A rule-based Trek player that races like a sensible beginner.

It reads only what its seat may see: its own hand and the public table (cash,
held units, positions, the Sales Indicators, the discard pile).

- Leave Base once it holds transport and a few Stores Units beyond the first
  requirement (``HeuristicStyle.leave_base_stores``), or when another player is
  racing ahead.
- Then move forward whenever it can (summit first, then the furthest group; a
  Jeep double move before a Mule; a Mule before a single-group Jeep; prefer
  camps where it would be a guest, then the larger bonus).
- Play Awards and Claims that bring something in.
- With Authority to Buy: Stores first when below the next requirement plus a
  few turns of contributions, otherwise Mules up to ``HeuristicStyle.transport``
  and one Jeep; stock Stores while they are cheap; keep a cash reserve.
- A free sideways move when it gains a bonus or a host.
- Otherwise discard the least useful card (camp cards behind it first).
- Bankrupt: sell Stores above what it needs, then Jeeps, then Mules, then Stores.

``HeuristicStyle`` holds the tunable choices; ``RUSH_STYLE`` (leave Base as soon
as the rules allow) and ``HOARD_STYLE`` (the first heuristic: stock 24 Stores at
Base before leaving) are the variants of the balance study
(``benchmarks/trek_balance.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import compress
from typing import TYPE_CHECKING

import numpy as np

from . import actions as A
from . import components as C

if TYPE_CHECKING:
    from .engine import TrekState


@dataclass(frozen=True)
class HeuristicStyle:
    """The heuristic's tunable choices."""

    name: str = "heuristic"
    leave_base_stores: int = 8  # Stores held before leaving Base ...
    race_group: int = 2  # ... unless another player has reached this group
    stores_buffer: int = 4  # Stores kept on top of the next requirement, for contributions
    stock: int = 16  # Stores stocked while they cost at most ``cheap_price``
    cheap_price: int = 15
    wait_for_summit_card: bool = False  # wait below Camp 11 until a Camp 12 card is in hand
    transport: int = 4  # Mules and Jeeps it wants to hold (no more than the groups still ahead)
    # what a card in hand is worth keeping; the least valuable one is discarded
    keep_camp_behind: float = 0.0  # a camp card of a group behind it, or of its own camp
    keep_camp_same_group: float = 6.0  # a sideways move
    keep_camp_next_group: float = 10.0  # its next move forward
    keep_camp_two_groups: float = 7.0  # a Jeep double move, or a later move
    keep_camp_far: float = 5.0  # farther up: this less the number of groups ahead
    keep_camp_copy_penalty: float = 2.0  # taken off per further copy of the same camp card in hand
    keep_buy: float = 9.0  # Authority to Buy
    keep_buy_copy_penalty: float = 3.0  # taken off per further Authority to Buy in hand
    keep_award_or_claim: float = 8.0


DEFAULT_STYLE = HeuristicStyle()
RUSH_STYLE = HeuristicStyle(name="rush", leave_base_stores=0, race_group=1, stores_buffer=1, stock=0)
HOARD_STYLE = HeuristicStyle(name="hoard", leave_base_stores=24, race_group=3, stores_buffer=3, stock=28,
                             cheap_price=25, wait_for_summit_card=True, transport=2)
STYLES = {st.name: st for st in (DEFAULT_STYLE, RUSH_STYLE, HOARD_STYLE)}

_MOVE_IDS = range(A.MOVE_CARD, A.BUY_UNITS)
#: the camp group each move action leads to, by action id (looked up on every play-out decision)
_MOVE_GROUP = {a: C.CAMP_GROUP[A.destination(a)] for a in _MOVE_IDS}


class HeuristicPolicy:
    name = "heuristic"

    def __init__(self, seed: int | None = None, style: HeuristicStyle = DEFAULT_STYLE, **overrides) -> None:
        """``overrides`` replace single fields of ``style`` (e.g. ``leave_base_stores=24``)."""
        self.rng = np.random.default_rng(seed)
        self.style = replace(style, **overrides) if overrides else style
        self.name = self.style.name

    # ------------------------------------------------------------------ helpers
    def _next_group_need(self, state, seat: int) -> int:
        g = C.CAMP_GROUP[state.pos[seat]]
        params = state.game.params
        need = params.stores_required[min(g, 5)]
        buffer = self.style.stores_buffer
        if params.stores_requirement == "spend":
            return need + buffer
        return need + (buffer if g >= 1 else 1)

    @staticmethod
    def _reserve(state, seat: int) -> int:
        if state.pos[seat] == C.BASE:
            return 3 * state.game.params.base_contribution
        return 2 * state.price(C.STORES)

    def _targets(self, state, seat: int, need: int | None = None) -> list[int]:
        """Units still wanted per market (``need``: ``_next_group_need``, when the caller has it)."""
        h = state.held[seat]
        g = C.CAMP_GROUP[state.pos[seat]]
        want = self._next_group_need(state, seat) if need is None else need
        if state.price(C.STORES) <= self.style.cheap_price:
            want = max(want, self.style.stock)
        stores = max(0, want - h[C.STORES])
        transport = h[C.MULES] + h[C.JEEPS]
        groups_left = 6 - g
        wanted = min(self.style.transport, groups_left)
        mules = max(0, wanted - transport)
        jeeps = 0
        if h[C.JEEPS] == 0 and groups_left >= 2 and transport >= 1:
            jeeps = 1
        return [stores, mules, jeeps]

    # ---------------------------------------------------------------------- act
    def act(self, observation, action_mask, state=None) -> int:
        mask = np.asarray(action_mask)
        if mask.dtype.kind != "b":
            mask = mask.astype(bool)
        if state is None:
            legal = np.flatnonzero(mask)
            return int(legal[self.rng.integers(legal.size)])
        return self._decide(state, mask.tolist())  # Python bools: a list reads faster than numpy

    def playout_move(self, state: TrekState) -> int:
        """``act`` for the search's play-outs: the same move, from the rules' legal ids, without
        building the mask that ``act`` would turn back into a list."""
        flags = [False] * A.NUM_ACTIONS
        for a in state.legal_actions():
            flags[a] = True
        return self._decide(state, flags)

    def _decide(self, state, flags: list[bool]) -> int:
        seat = state.current_player
        phase = state.phase_id
        if phase == A.BUY_PHASE:
            return self._buy(state, seat, flags)
        if phase == A.BANKRUPTCY_PHASE:
            return self._sell(state, seat, flags)
        return self._play(state, seat, flags)

    def _buy(self, state, seat: int, mask) -> int:
        m = state.buy_market
        want = self._targets(state, seat)[m]
        if want <= 0:
            return A.BUY_DONE
        budget = state.cash[seat] - self._reserve(state, seat)
        best = A.BUY_DONE
        for k in range(1, min(want, A.MAX_BUY_CHUNK) + 1):
            if state.cost(m, k) > budget:
                break  # the cost only grows with k
            if mask[A.BUY_UNITS + k - 1]:
                best = A.BUY_UNITS + k - 1
        return best

    def _sell(self, state, seat: int, mask) -> int:
        h = state.held[seat]
        if mask[A.SELL + C.STORES] and h[C.STORES] > self._next_group_need(state, seat):
            return A.SELL + C.STORES
        for m in (C.JEEPS, C.MULES, C.STORES):
            if mask[A.SELL + m]:
                return A.SELL + m
        return mask.index(True)

    def _move_score(self, state, seat: int, a: int) -> tuple:
        if a < A.MOVE_MULE:
            d, kind = a - A.MOVE_CARD + 1, 1
        elif a < A.MOVE_JEEP:
            d, kind = a - A.MOVE_MULE + 1, 2
        elif a < A.MOVE_JEEP2:
            d, kind = a - A.MOVE_JEEP + 1, 0
        else:
            d, kind = A.JEEP2_PAIRS[a - A.MOVE_JEEP2][0], 3
        occupied = any(state.pos[q] == d for q in range(state.num_players) if q != seat)
        bonus = state.game.params.camp_bonus[d - 1] if d < C.SUMMIT else 0
        return (d == C.SUMMIT, C.CAMP_GROUP[d], kind, occupied, bonus)

    @staticmethod
    def _brings_something(state, seat: int, card: int) -> bool:
        """Whether playing this Award or Claim card now brings anything in."""
        if card in (C.AWARD_GRANT, C.AWARD_STORY):
            return True
        if card in (C.AWARD_AIR_DROP, C.AWARD_MULE):
            return state.pool[C.STORES if card == C.AWARD_AIR_DROP else C.MULES] > 0
        others = [q for q in range(state.num_players) if q != seat and state.alive[q]]
        if card in (C.CLAIM_CASH_TOTAL, C.CLAIM_CASH_EACH):
            return any(state.cash[q] > 0 for q in others)
        market = C.STORES if card == C.CLAIM_STORES_TOTAL else C.MULES
        return any(state.held[q][market] > 0 for q in others)

    def _play(self, state, seat: int, mask: list[bool]) -> int:
        hand = state.hands[seat]
        here = state.pos[seat]
        g = C.CAMP_GROUP[here]
        moves = list(compress(_MOVE_IDS, mask[A.MOVE_CARD : A.BUY_UNITS]))
        forward = [a for a in moves if _MOVE_GROUP[a] > g]
        st, stores = self.style, state.held[seat][C.STORES]
        if forward and here == C.BASE and stores < st.leave_base_stores:
            leader = max(C.CAMP_GROUP[state.pos[q]] for q in range(state.num_players)
                         if q != seat and state.alive[q])
            if leader < st.race_group:
                forward = []
        if st.wait_for_summit_card and not hand[C.SUMMIT - 1] and stores < st.stock:
            # camp 11 has no sideways bonus: wait below it until the summit card is in hand
            forward = [a for a in forward if A.destination(a) != C.SUMMIT - 1]
        if forward:
            return max(forward, key=lambda a: self._move_score(state, seat, a))
        # awards and claims that bring something in (ids PLAY_AWARD.. then PLAY_CLAIM..)
        if any(mask[A.PLAY_AWARD : A.MOVE_CARD]):
            for i, t in enumerate(C.AWARD_TYPES + C.CLAIM_TYPES):
                if mask[A.PLAY_AWARD + i] and self._brings_something(state, seat, t):
                    return A.PLAY_AWARD + i
        # buying
        if hand[C.BUY]:
            need = self._next_group_need(state, seat)
            targets = self._targets(state, seat, need)
            reserve = self._reserve(state, seat)
            urgent = stores < need
            order = (C.STORES, C.MULES, C.JEEPS) if urgent else (C.MULES, C.STORES, C.JEEPS)
            for m in order:
                if targets[m] > 0 and mask[A.PLAY_BUY + m] and state.price(m) <= state.cash[seat] - reserve:
                    return A.PLAY_BUY + m
        # sideways: a bonus, or a host who pays our stores
        side = [a for a in moves if _MOVE_GROUP[a] == g]
        if side:
            best = max(side, key=lambda a: self._move_score(state, seat, a))
            d = A.destination(best)
            occupied = any(state.pos[q] == d for q in range(state.num_players) if q != seat)
            my_occ = state.occupants(here)
            i_am_guest = len(my_occ) > 1 and my_occ[0] != seat
            if occupied or not i_am_guest:
                return best
        return A.DISCARD + self._least_useful(state, seat)

    def _least_useful(self, state, seat: int) -> int:
        """The card type to discard: the one worth least to keep (``HeuristicStyle.keep_*``)."""
        st = self.style
        hand = state.hands[seat]
        g = C.CAMP_GROUP[state.pos[seat]]
        best_t, best_v = -1, 1e9
        for t in compress(range(C.NUM_CARD_TYPES), hand):  # the types held
            if t < 12:
                gc = C.CAMP_GROUP[t + 1]
                dist = gc - g
                if dist < 0 or t + 1 == state.pos[seat]:
                    v = st.keep_camp_behind
                elif dist == 0:
                    v = st.keep_camp_same_group - st.keep_camp_copy_penalty * (hand[t] - 1)
                elif dist == 1:
                    v = st.keep_camp_next_group - st.keep_camp_copy_penalty * (hand[t] - 1)
                elif dist == 2:
                    v = st.keep_camp_two_groups - st.keep_camp_copy_penalty * (hand[t] - 1)
                else:
                    v = st.keep_camp_far - dist - st.keep_camp_copy_penalty * (hand[t] - 1)
            elif t == C.BUY:
                v = st.keep_buy - st.keep_buy_copy_penalty * (hand[t] - 1)
            else:
                v = st.keep_award_or_claim
            if v < best_v:
                best_t, best_v = t, v
        return best_t
