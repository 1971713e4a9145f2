"""A rule-based beginner for Trekking the World.

It reads only public information (locations, money, suitcases, cards on the
table and in hands; never the order of the decks). Plan: pick the Itinerary and
end location that give the most immediate value (an affordable Tour's points,
an Encounter, Souvenirs that raise the shortest Suitcase row, money, and being
near Tours it can afford soon), walk there step by step, always buy the best
affordable Tour, use Money/Souvenir tokens and simple gain-something powers at
once, and pass on the tricky powers.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from . import components as C
from .actions import (
    A_COLOUR, A_ENC, A_ITIN, A_LOC, A_MONEY, A_PASS, A_SOUV, A_STOP, A_TOUR, A_USE,
)
from .engine import (
    NONE, PENDING_FF, PH_CARDS, PH_COLOUR, PH_MONEY, PH_MOVE_PREP, PH_MOVING, PH_PLACE, PH_SOUVENIR,
    PH_START,
)
from .movement import MoveRules, endpoints


def _distances() -> np.ndarray:
    """All-pairs step distances (paths, plus airport-to-airport flights of one step)."""
    n = C.NUM_LOCATIONS
    dist = np.full((n, n), 99, np.int16)
    for src in range(n):
        dist[src, src] = 0
        q = deque([src])
        while q:
            v = q.popleft()
            nbrs = list(C.ADJ[v]) + (list(C.AIRPORTS) if C.IS_AIRPORT[v] else [])
            for w in nbrs:
                if dist[src, w] > dist[src, v] + 1:
                    dist[src, w] = dist[src, v] + 1
                    q.append(w)
    return dist


DIST = _distances()
INSTANT_GAINS = frozenset({
    "gain_money", "gain_money_per_tour", "gain_one_cube_each_colour", "gain_cubes_one_colour_of_choice",
    "gain_cubes_shortest_row", "gain_money_and_cube_of_choice", "gain_token_of_choice",
})


class HeuristicPolicy:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    # ----------------------------------------------------------------- value
    def _endpoint_value(self, s, p: int, itin: int, e: int, money_left: int) -> float:
        money = min(C.MONEY_CAP, money_left + C.ITIN_MONEY[itin])
        value = 0.4 * (money - s.money[p])
        here_card = C.LOCATION_CARD[e]
        tours = [c for c in s.available_tours() if c != NONE]
        if here_card != NONE and here_card in tours and C.TOUR_COST[here_card] <= money:
            value += C.TOUR_POINTS[here_card] + 4.0
            money -= C.TOUR_COST[here_card]
        elif here_card != NONE and here_card in s.available_encounters():
            value += 7.0 if C.ENC_ENDGAME[here_card] else 5.0
        if C.ITIN_CUBES[itin] and C.NODE_CONTINENT[e] in C.ITIN_CONTINENTS[itin]:
            rows = s.suitcase[p]
            colour = C.ITIN_COLOUR[itin]
            if rows[colour] < C.SUITCASE_COLUMNS:
                value += C.ITIN_CUBES[itin] * (2.0 + (3.0 if rows[colour] == min(rows) else 0.0))
        for c in tours:
            if c != here_card and C.TOUR_COST[c] <= money + 3:
                d = DIST[e, C.CARD_LOCATION[c]]
                if d <= 5:
                    value += C.TOUR_POINTS[c] * 0.12 * (6 - d) / 5.0
        return value

    def _best_plan(self, s, p: int, itin: int, rules: MoveRules, v: int, visited: int, steps: int) -> float:
        ends = endpoints(rules, v, visited, steps, s.money[p], budget=20_000)
        if not ends:
            return -1e9
        return max(self._endpoint_value(s, p, itin, e, m) for e, m in ends.items())

    # ------------------------------------------------------------------- act
    def act(self, observation, action_mask, state) -> int:
        s = state
        mask = np.asarray(action_mask).astype(bool)
        legal = np.flatnonzero(mask)
        if legal.size == 1:
            return int(legal[0])
        p = s.current_player
        ph = s.phase_id
        # simple gain-something powers: use them at once
        for a in legal:
            if A_USE <= a < A_ENC and C.ENC_KIND[a - A_USE] in INSTANT_GAINS:
                kind = C.ENC_KIND[a - A_USE]
                if kind == "gain_money_per_tour" and not s.tours[p]:
                    continue
                return int(a)
        if ph == PH_PLACE:
            return self._place(s, legal)
        if ph == PH_START:
            return self._choose_itinerary(s, p, mask)
        if ph == PH_MOVING:
            return self._step(s, p, mask)
        if ph == PH_MONEY:
            if mask[A_MONEY] and s.money[p] + C.ITIN_MONEY[s.itin] < C.MONEY_CAP:
                return A_MONEY
            for a in legal:
                if A_USE <= a < A_ENC and s.money[p] + C.ITIN_MONEY[s.itin] < C.MONEY_CAP:
                    return int(a)
            return A_PASS
        if ph == PH_SOUVENIR:
            if mask[A_SOUV]:
                return A_SOUV
            for a in legal:
                if A_USE <= a < A_ENC and C.ENC_KIND[a - A_USE] != "recolour_itinerary_cubes":
                    return int(a)
            return A_PASS
        if ph == PH_CARDS:
            return self._cards(s, p, mask, legal)
        if ph == PH_COLOUR:
            return self._colour(s, p, legal)
        if ph == PH_MOVE_PREP and mask[A_PASS]:
            return A_PASS
        if mask[A_PASS]:
            return A_PASS
        choices = [a for a in legal if not (A_USE <= a < A_ENC)] or list(legal)
        return int(choices[self.rng.integers(len(choices))])

    def _place(self, s, legal) -> int:
        tours = [c for c in s.available_tours() if c != NONE]
        best, best_v = int(legal[0]), -1.0
        for a in legal:
            v = sum(1.0 / (1 + DIST[a - A_LOC, C.CARD_LOCATION[c]]) for c in tours) + self.rng.random() * 0.01
            if v > best_v:
                best, best_v = int(a), v
        return best

    def _choose_itinerary(self, s, p: int, mask) -> int:
        v = s.loc[p]
        best, best_v = None, -1e18
        for slot, itin in enumerate(s.available_itineraries()):
            if itin == NONE or not mask[A_ITIN + slot]:
                continue
            n = C.ITIN_MOVE[itin]
            rules = MoveRules(v, n, n, False, C.FLIGHT_COST, 1)
            val = self._best_plan(s, p, itin, rules, v, 1 << v, 0) + self.rng.random() * 1e-3
            if val > best_v:
                best, best_v = A_ITIN + slot, val
        if best is None:
            legal = np.flatnonzero(mask)
            return int(legal[0])
        return best

    def _step(self, s, p: int, mask) -> int:
        rules = s.move_rules()
        best, best_v = None, -1e18
        if mask[A_STOP]:
            best, best_v = A_STOP, self._endpoint_value(s, p, s.itin, s.loc[p], s.money[p])
        here = s.loc[p]
        for w in range(C.NUM_LOCATIONS):
            if not mask[A_LOC + w]:
                continue
            flight = w not in C.ADJ[here]
            cost = rules.flight_cost if flight else 0
            inc = rules.flight_step if flight else 1
            ends = endpoints(rules, w, s.visited | (1 << w), s.steps + inc, s.money[p] - cost, budget=20_000)
            val = max((self._endpoint_value(s, p, s.itin, e, m) for e, m in ends.items()), default=-1e9)
            val += self.rng.random() * 1e-3
            if val > best_v:
                best, best_v = A_LOC + w, val
        return int(best)

    def _cards(self, s, p: int, mask, legal) -> int:
        buys = [a for a in legal if A_TOUR <= a < A_COLOUR]
        if buys:
            return int(max(buys, key=lambda a: C.TOUR_POINTS[a - A_TOUR]))
        takes = [a for a in legal if A_ENC <= a < A_TOUR]
        if takes:
            return int(takes[0])
        # a discount that makes a Tour at my location affordable
        here = C.LOCATION_CARD[s.loc[p]]
        if here != NONE and here in s.available_tours() and not s.took_tour:
            for a in legal:
                if A_USE <= a < A_ENC and C.ENC_KIND[a - A_USE] == "tour_discount":
                    price = max(0, s.tour_price(here) - int(C.ENC_EFFECT[a - A_USE]["amount"]))
                    if price <= s.money[p]:
                        return int(a)
        return A_PASS if mask[A_PASS] else int(legal[0])

    def _colour(self, s, p: int, legal) -> int:
        rows = s.suitcase[p]
        colours = [int(a - A_COLOUR) for a in legal]
        kind = C.ENC_KIND[s.pending] if s.pending not in (NONE, PENDING_FF) else ""
        if kind == "gain_token_of_choice":
            pref = [2, 3, 1, 0]  # money, souvenir, frequent flyer, move
            return A_COLOUR + min(colours, key=pref.index)
        if kind == "exchange_cube" and s.kili_row == NONE:
            return A_COLOUR + max(colours, key=lambda k: rows[k])
        return A_COLOUR + min(colours, key=lambda k: (rows[k] >= C.SUITCASE_COLUMNS, rows[k]))


