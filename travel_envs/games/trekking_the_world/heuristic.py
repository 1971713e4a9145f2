"""A rule-based beginner for Trekking the World.

It reads only public information (locations, money, suitcases, cards on the table
and in hands; never the order of the decks nor the state's generator). Each turn it
values every way to end the move (an affordable Tour's points, an Encounter, Souvenirs
for its shortest Suitcase row, money, being near Tours it can soon afford) and plays
its tools the way a sensible beginner would: a Frequent Flyer token / Monteverde when
flying first gives a clearly better turn, Move tokens and movement powers when they
reach a better end, Plitvice when the discard top is the best Itinerary, Money and
Souvenir tokens at once, discounts / Colosseum / Sagrada / Lencois when they win a
card, row refreshes when nothing useful is on offer, and the instant gains at once.
A token or a card is spent only for a gain worth more than keeping it (nothing is
kept once the end is triggered: that is its last turn).
"""

from __future__ import annotations

from collections import deque

import numpy as np

from . import components as C
from .actions import (
    A_COLOUR, A_ENC, A_FF, A_ITIN, A_LOC, A_MONEY, A_MOVE, A_PASS, A_PLAYER, A_SOUV, A_STOP, A_TOUR, A_USE,
    NONE, PENDING_FF, PH_CARDS, PH_COLOUR, PH_FLY, PH_HALONG, PH_MONEY, PH_MOVE_PREP, PH_MOVING, PH_PICK_ENC,
    PH_PLACE, PH_PLAYER, PH_SOUVENIR, PH_START, PH_TELEPORT,
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
INSTANT_GAINS = (  # a tuple: the order of preference must not depend on string hashing
    "gain_money", "gain_money_per_tour", "gain_one_cube_each_colour", "gain_cubes_one_colour_of_choice",
    "gain_cubes_shortest_row", "gain_money_and_cube_of_choice", "gain_token_of_choice",
)
MOVE_POWERS = frozenset({"extra_steps", "move_fewer", "allow_revisit_this_turn", "free_flights_this_turn",
                         "flights_use_no_step", "teleport_instead_of_move", "skip_move"})
TOKEN_COST = 2.0  # what keeping a token is worth (a later turn's use)
CARD_COST = 3.0  # what keeping a one-use Encounter is worth
_ENDS: dict = {}  # endpoints() by (rules, location, visited, money): pure, shared by all instances
_ENDS_LIMIT = 50_000


def _ends(rules: MoveRules, v: int, visited: int, steps: int, money: int) -> dict[int, int]:
    key = (rules.key, v, visited, steps, money)
    hit = _ENDS.get(key)
    if hit is None:
        if len(_ENDS) > _ENDS_LIMIT:
            _ENDS.clear()
        hit = _ENDS[key] = endpoints(rules, v, visited, steps, money, budget=20_000)
    return hit


def _power_actions(legal, kinds) -> dict[str, int]:
    """kind -> the action that uses a held power of that kind (among the legal ones)."""
    out = {}
    for a in legal:
        if A_USE <= a < A_ENC and C.ENC_KIND[a - A_USE] in kinds:
            out[C.ENC_KIND[a - A_USE]] = int(a)
    return out


class HeuristicPolicy:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        self._loc_memo: dict = {}

    # ----------------------------------------------------------------- value
    @staticmethod
    def _last_turn(s) -> bool:
        """Once the end is triggered every remaining turn is its player's last (solo: the Rival's
        last card)."""
        return s.end_triggered or (s.num_players == 1 and len(s.rival_deck) <= 1)

    def _costs(self, s, p: int) -> tuple[float, float]:
        """What a token and a one-use Encounter are worth keeping (nothing on the last turn;
        more with Great Wall / Angkor Wat, which score kept tokens / cards)."""
        if self._last_turn(s):
            token, card = 0.0, 0.0
        else:
            token, card = TOKEN_COST, CARD_COST
        held = s.encs[p]
        if C.card_of_kind("end_points_per_unused_token") in held:
            token += 2.0
        if C.card_of_kind("end_points_per_other_encounter") in held:
            card += 2.0
        return token, card

    def _enc_value(self, s, p: int, c: int) -> float:
        """A rough worth of holding Encounter ``c``."""
        kind = C.ENC_KIND[c]
        eff = C.ENC_EFFECT[c]
        if not C.ENC_ENDGAME[c]:
            return 5.0
        if kind == "end_points_per_tour_in_continent":
            cont = C.CONTINENT_IDS.index(eff["continent"])
            return 2.0 + 3.0 * sum(1 for t in s.tours[p] if C.CARD_CONTINENT[t] == cont)
        if kind == "end_points_per_cube":
            return 2.0 + s.suitcase[p][C.COLOURS.index(eff["colour"])]
        if kind == "end_points_per_full_row":
            return 2.0 + 4.0 * sum(1 for x in s.suitcase[p] if x >= C.SUITCASE_COLUMNS - 2)
        return 7.0

    def _held_power(self, s, p: int, kind: str) -> int:
        """A usable (held, not gained this turn) Encounter of ``kind``, or -1."""
        for c in s.encs[p]:
            if C.ENC_KIND[c] == kind and c not in s.fresh_encs:
                return c
        return NONE

    def _held_discount(self, s, p: int) -> int:
        """The Tour discount the held, usable discount Encounters can still give this turn."""
        return sum(int(C.ENC_EFFECT[c]["amount"]) for c in s.encs[p]
                   if C.ENC_KIND[c] == "tour_discount" and c not in s.fresh_encs)

    def _endpoint_value(self, s, p: int, itin: int, e: int, money_left: int) -> float:
        """The worth of ending the move of ``itin`` on ``e`` with ``money_left`` (before its money)."""
        money = min(C.MONEY_CAP, money_left + C.ITIN_MONEY[itin])
        key = (e, money)
        value = self._loc_memo.get(key)
        if value is None:
            value = self._loc_memo[key] = self._location_value(s, p, e, money)
        if C.ITIN_CUBES[itin] and (C.NODE_CONTINENT[e] in C.ITIN_CONTINENTS[itin] or s.terracotta):
            rows = s.suitcase[p]
            colour = C.ITIN_COLOUR[itin] if s.recolour == NONE else s.recolour
            if rows[colour] < C.SUITCASE_COLUMNS:
                value += C.ITIN_CUBES[itin] * (2.0 + (3.0 if rows[colour] == min(rows) else 0.0))
        return value

    def _location_value(self, s, p: int, e: int, money: int) -> float:
        """Money, the card at ``e`` (or, with Colosseum, next to it; with held discounts) and the
        Tours near ``e`` (the Itinerary's cubes aside)."""
        value = 0.4 * (money - s.money[p])
        here_card = C.LOCATION_CARD[e]
        tours = [c for c in s.available_tours() if c != NONE]
        card_cost = self._costs(s, p)[1]
        discount = self._held_discount(s, p)
        if here_card != NONE and here_card in tours and s.tour_price(here_card) <= money + discount:
            price = s.tour_price(here_card)
            value += C.TOUR_POINTS[here_card] + 8.0 - (card_cost if price > money else 0.0)
            money -= max(0, price - discount)
        elif here_card != NONE and here_card in s.available_encounters():
            value += self._enc_value(s, p, here_card)
        elif self._held_power(s, p, "take_card_at_adjacent_location") and not s.took_tour:
            near = [c for c in tours if C.CARD_LOCATION[c] in C.ADJ[e] and s.tour_price(c) <= money]
            if near:
                best = max(near, key=lambda c: C.TOUR_POINTS[c])
                value += C.TOUR_POINTS[best] + 8.0 - card_cost
                money -= s.tour_price(best)
                here_card = best
        for c in tours:
            if c != here_card and s.tour_price(c) <= money + 3:
                d = DIST[e, C.CARD_LOCATION[c]]
                if d <= 5:
                    value += C.TOUR_POINTS[c] * 0.12 * (6 - d) / 5.0
        return value

    def _plan_value(self, s, p: int, itin: int, v: int, visited: int, n_max: int, torres: bool = False,
                    revisit: bool = False, free: bool = False, no_step: bool = False,
                    money: int | None = None) -> float:
        """The best end value of a move of ``itin`` from ``v`` (``visited``: locations left earlier
        this turn) under the given movement powers."""
        money = s.money[p] if money is None else money
        n_min = max(1, n_max - 2) if torres else n_max
        rules = MoveRules(v, n_min, n_max, revisit, 0 if free else C.FLIGHT_COST, 0 if no_step else 1, visited)
        ends = _ends(rules, v, visited | (1 << v), 0, money)
        if not ends:
            return -1e9
        return max(self._endpoint_value(s, p, itin, e, m) for e, m in ends.items())

    def _itinerary_value(self, s, p: int, itin: int, v: int, visited: int) -> float:
        """The plan value of ``itin`` from ``v``, with one Move token or one held movement power
        if that is clearly better."""
        n = C.ITIN_MOVE[itin]
        token_cost, card_cost = self._costs(s, p)
        best = self._plan_value(s, p, itin, v, visited, n)
        if s.usable_tokens(p, C.TOK_MOVE) > 0:
            best = max(best, self._plan_value(s, p, itin, v, visited, n + 1) - token_cost)
        for kind, change in (("extra_steps", dict(n_max=n + 1)), ("move_fewer", dict(torres=True)),
                             ("allow_revisit_this_turn", dict(revisit=True)),
                             ("free_flights_this_turn", dict(free=True)),
                             ("flights_use_no_step", dict(no_step=True))):
            if self._held_power(s, p, kind) != NONE:
                best = max(best, self._plan_value(s, p, itin, v, visited, **{"n_max": n, **change}) - card_cost)
        return best

    def _best_start(self, s, p: int, v: int, visited: int) -> tuple[float, int]:
        """(value, slot) of the best available Itinerary from ``v``."""
        best, best_slot = -1e18, NONE
        for slot, itin in enumerate(s.available_itineraries()):
            if itin == NONE:
                continue
            val = self._itinerary_value(s, p, itin, v, visited)
            if val > best:
                best, best_slot = val, slot
        return best, best_slot

    def _best_airport(self, s, p: int) -> tuple[float, int]:
        """(value, airport) of the best turn after a free flight from the current location."""
        here = s.loc[p]
        visited = s.visited | (1 << here)
        best, best_a = -1e18, NONE
        for a in C.AIRPORTS:
            if a == here:
                continue
            val = self._best_start(s, p, a, visited)[0]
            if val > best:
                best, best_a = val, a
        return best, best_a

    def _tour_prospect(self, s, p: int) -> float:
        """How attractive the Tours on offer are from here (distance and affordability)."""
        here, money = s.loc[p], s.money[p]
        best = 0.0
        for c in s.available_tours():
            if c != NONE:
                d = DIST[here, C.CARD_LOCATION[c]]
                short = max(0, s.tour_price(c) - money)
                best = max(best, C.TOUR_POINTS[c] / (1.0 + d + 0.7 * short))
        return best

    # ------------------------------------------------------------------- act
    def act(self, observation, action_mask, state) -> int:
        # a plain int always (replays write actions as JSON; numpy integers are not JSON)
        return int(self._decide(action_mask, state))

    def _decide(self, action_mask, state) -> int:
        s = state
        mask = np.asarray(action_mask).astype(bool)
        legal = np.flatnonzero(mask)
        if legal.size == 1:
            return int(legal[0])
        self._loc_memo: dict = {}  # (location, money) -> _location_value, for this decision
        p = s.current_player
        ph = s.phase_id
        instant = self._instant_power(s, p, legal)
        if instant is not None:
            return instant
        if ph == PH_PLACE:
            return self._place(s, legal)
        if ph == PH_START:
            return self._start(s, p, mask, legal)
        if ph == PH_FLY:  # a Frequent Flyer token or Monteverde: the airport of the best turn
            airport = self._best_airport(s, p)[1]
            return A_LOC + airport if airport != NONE and mask[A_LOC + airport] else int(legal[0])
        if ph == PH_MOVE_PREP:
            return self._move_prep(s, p, mask, legal)
        if ph == PH_TELEPORT:
            return self._teleport(s, p, legal)[1]
        if ph == PH_MOVING:
            return self._step(s, p, mask)
        if ph == PH_MONEY:
            room = s.money[p] + C.ITIN_MONEY[s.itin] < C.MONEY_CAP
            if mask[A_MONEY] and room:
                return A_MONEY
            powers = _power_actions(legal, {"repeat_itinerary_money"})
            if powers and room and C.ITIN_MONEY[s.itin] >= 2:
                return powers["repeat_itinerary_money"]
            return A_PASS
        if ph == PH_SOUVENIR:
            return self._souvenir(s, p, mask, legal)
        if ph == PH_CARDS:
            return self._cards(s, p, mask, legal)
        if ph == PH_COLOUR:
            return self._colour(s, p, legal)
        if ph == PH_PICK_ENC:
            return int(max((a for a in legal if A_ENC <= a < A_TOUR),
                           key=lambda a: (self._enc_value(s, p, a - A_ENC), -a)))
        if ph == PH_PLAYER:
            return self._halong_player(s, p, legal)
        if ph == PH_HALONG:
            return self._halong_step(s, legal)
        if mask[A_PASS]:
            return A_PASS
        choices = [a for a in legal if not (A_USE <= a < A_ENC)] or list(legal)
        return int(choices[self.rng.integers(len(choices))])

    # -------------------------------------------------------------- powers
    def _instant_power(self, s, p: int, legal) -> int | None:
        """Use a gain-something power at once, and the row / swap / exchange / Ha Long Bay
        powers when they help; None when none applies."""
        powers = _power_actions(legal, set(INSTANT_GAINS) | {"refresh_row", "swap_with_encounter_row",
                                                               "take_from_encounter_discard", "exchange_cube",
                                                               "move_other_trekker"})
        if not powers:
            return None
        for kind in INSTANT_GAINS:
            if kind in powers and not (kind == "gain_money_per_tour" and len(s.tours[p]) < 2):
                if kind in ("gain_money", "gain_money_per_tour") and s.money[p] >= C.MONEY_CAP - 2:
                    continue
                return powers[kind]
        last = self._last_turn(s)
        here = s.loc[p]
        for a in legal:
            if not (A_USE <= a < A_ENC):
                continue
            c = a - A_USE
            kind = C.ENC_KIND[c]
            if kind == "refresh_row":
                if C.ENC_EFFECT[c]["row"] == "tour" and (self._tour_prospect(s, p) < 3.0 or last):
                    return int(a)
                far = all(x == NONE or DIST[here, C.CARD_LOCATION[x]] > 3 for x in s.available_encounters())
                if C.ENC_EFFECT[c]["row"] == "encounter" and far and not last:
                    return int(a)
            elif kind == "take_from_encounter_discard":
                if last or max((self._enc_value(s, p, x) for x in s.enc_discard), default=0) >= 7.0:
                    return int(a)
            elif kind == "swap_with_encounter_row":
                if last or max((self._enc_value(s, p, x) for x in s.available_encounters() if x != NONE),
                               default=0) >= 7.0:
                    return int(a)
            elif kind == "exchange_cube":
                rows = s.suitcase[p]
                if max(rows) - min(rows) >= 2 or last:
                    return int(a)
            elif kind == "move_other_trekker" and s.phase_id == PH_START and self._halong_victim(s, p) != NONE:
                return int(a)
        return None

    def _halong_victim(self, s, p: int) -> int:
        """An opponent standing on or next to a Tour they can afford (the best one), or -1."""
        best, who = 0, NONE
        for q in range(s.num_players):
            if q == p or s.loc[q] == NONE:
                continue
            for c in s.available_tours():
                if c != NONE and C.TOUR_COST[c] <= s.money[q] + 2 and DIST[s.loc[q], C.CARD_LOCATION[c]] <= 1:
                    if C.TOUR_POINTS[c] > best:
                        best, who = C.TOUR_POINTS[c], q
        return who

    def _halong_player(self, s, p: int, legal) -> int:
        n = s.num_players
        victim = self._halong_victim(s, p)
        for a in legal:
            if (p + 1 + a - A_PLAYER) % n == victim:
                return int(a)
        return int(max(legal, key=lambda a: s.score((p + 1 + a - A_PLAYER) % n)))

    def _halong_step(self, s, legal) -> int:
        """Move the other Trekker where the Tours on offer are farthest."""
        tours = [C.CARD_LOCATION[c] for c in s.available_tours() if c != NONE]
        return int(max(legal, key=lambda a: (min((DIST[a - A_LOC, t] for t in tours), default=0), -a)))

    # --------------------------------------------------------------- phases
    def _place(self, s, legal) -> int:
        tours = [c for c in s.available_tours() if c != NONE]
        best, best_v = int(legal[0]), -1.0
        for a in legal:
            v = sum(1.0 / (1 + DIST[a - A_LOC, C.CARD_LOCATION[c]]) for c in tours) + self.rng.random() * 0.01
            if v > best_v:
                best, best_v = int(a), v
        return best

    def _start(self, s, p: int, mask, legal) -> int:
        token_cost, card_cost = self._costs(s, p)
        here = s.loc[p]
        base, slot = self._best_start(s, p, here, s.visited)
        options = [(base, A_ITIN + slot if slot != NONE else int(legal[0]))]
        powers = _power_actions(legal, {"free_flight_before_itinerary", "itinerary_from_discard_top"})
        if mask[A_FF] or "free_flight_before_itinerary" in powers:
            flown = self._best_airport(s, p)[0]
            if mask[A_FF]:
                options.append((flown - token_cost - 1.0, A_FF))
            if "free_flight_before_itinerary" in powers:
                options.append((flown - card_cost - 1.0, powers["free_flight_before_itinerary"]))
        if "itinerary_from_discard_top" in powers and s.itin_discard:
            val = self._itinerary_value(s, p, s.itin_discard[-1], here, s.visited)
            options.append((val - card_cost, powers["itinerary_from_discard_top"]))
        return int(max(options, key=lambda o: o[0])[1])

    def _move_prep(self, s, p: int, mask, legal) -> int:
        """Start moving, or first spend a Move token / a movement power that reaches a better end."""
        token_cost, card_cost = self._costs(s, p)
        here, itin = s.loc[p], s.itin
        args = dict(torres=s.torres, revisit=s.revisit, free=s.free_flights, no_step=s.no_step_flights)

        def plan(n_max=s.n_max, **change):
            return self._plan_value(s, p, itin, here, s.visited, n_max, **{**args, **change})

        base = plan()
        options = [(base, A_PASS)]
        if mask[A_MOVE]:
            options.append((plan(n_max=s.n_max + 1) - token_cost, A_MOVE))
        powers = _power_actions(legal, MOVE_POWERS)
        for kind, a in powers.items():
            if kind == "extra_steps":
                val = plan(n_max=s.n_max + int(C.ENC_EFFECT[a - A_USE]["count"]))
            elif kind == "move_fewer":
                val = plan(torres=True)
            elif kind == "allow_revisit_this_turn":
                val = plan(revisit=True)
            elif kind == "free_flights_this_turn":
                val = plan(free=True)
            elif kind == "flights_use_no_step":
                val = plan(no_step=True)
            elif kind == "teleport_instead_of_move":
                val = self._teleport(s, p, None)[0]
            else:  # skip_move: stay here
                val = self._endpoint_value(s, p, itin, here, s.money[p])
            options.append((val - card_cost, a))
        value, action = max(options, key=lambda o: o[0])
        return int(action) if value > base + 0.5 else A_PASS

    def _teleport(self, s, p: int, legal) -> tuple[float, int]:
        """(value, action) of the best Galapagos target."""
        ban = s.visited | (1 << s.loc[p])
        targets = [a - A_LOC for a in legal] if legal is not None else \
            [v for v in range(C.NUM_LOCATIONS) if not (ban >> v) & 1]
        best = max(targets, key=lambda v: (self._endpoint_value(s, p, s.itin, v, s.money[p]), -v))
        return self._endpoint_value(s, p, s.itin, best, s.money[p]), A_LOC + best

    def _step(self, s, p: int, mask) -> int:
        rules = s.move_rules()
        best, best_v = None, -1e18
        if mask[A_STOP]:
            best, best_v = A_STOP, self._endpoint_value(s, p, s.itin, s.loc[p], s.money[p])
        here = s.loc[p]
        for w in range(C.NUM_LOCATIONS):
            if not mask[A_LOC + w]:
                continue
            flight = w not in C.ADJ[here] or ((s.visited >> w) & 1 and not s.revisit)
            cost = rules.flight_cost if flight else 0
            inc = rules.flight_step if flight else 1
            ends = _ends(rules, w, s.visited | (1 << w), s.steps + inc, s.money[p] - cost)
            val = max((self._endpoint_value(s, p, s.itin, e, m) for e, m in ends.items()), default=-1e9)
            val += self.rng.random() * 1e-3
            if val > best_v:
                best, best_v = A_LOC + w, val
        return int(best)

    def _souvenir(self, s, p: int, mask, legal) -> int:
        if mask[A_SOUV]:
            return A_SOUV
        powers = _power_actions(legal, {"repeat_itinerary_cubes", "itinerary_cubes_ignore_continent",
                                        "recolour_itinerary_cubes"})
        for kind in ("itinerary_cubes_ignore_continent", "repeat_itinerary_cubes"):
            if kind in powers:
                return powers[kind]
        if "recolour_itinerary_cubes" in powers and s._souvenirs_eligible():
            rows = s.suitcase[p]
            colour = C.ITIN_COLOUR[s.itin]
            if rows[colour] >= C.SUITCASE_COLUMNS or rows[colour] - min(rows) >= 2:
                return powers["recolour_itinerary_cubes"]
        return A_PASS

    def _cards(self, s, p: int, mask, legal) -> int:
        buys = [a for a in legal if A_TOUR <= a < A_COLOUR]
        if buys:
            return int(max(buys, key=lambda a: C.TOUR_POINTS[a - A_TOUR]))
        takes = [a for a in legal if A_ENC <= a < A_TOUR]
        powers = _power_actions(legal, {"tour_discount", "take_tour_and_encounter", "take_card_at_adjacent_location",
                                        "move_after_taking_card"})
        here = s.loc[p]
        money = s.money[p]
        near = (here,) + C.ADJ[here]
        tours_near = [c for c in s.available_tours() if c != NONE and C.CARD_LOCATION[c] in near and not s.took_tour]
        # Sagrada after the Encounter: a Tour too (the second card may be adjacent)
        if "take_tour_and_encounter" in powers and s.took_enc and any(s.tour_price(c) <= money for c in tours_near):
            return powers["take_tour_and_encounter"]
        if takes:
            return int(max(takes, key=lambda a: (self._enc_value(s, p, a - A_ENC), -a)))
        # discounts that together make a Tour I could take affordable (the largest first)
        discounts = sorted((a for a in legal if A_USE <= a < A_ENC and C.ENC_KIND[a - A_USE] == "tour_discount"),
                           key=lambda a: -int(C.ENC_EFFECT[a - A_USE]["amount"]))
        if discounts:
            total = sum(int(C.ENC_EFFECT[a - A_USE]["amount"]) for a in discounts)
            reach = near if (s.colosseum or s.sagrada) else (here,)
            if any(c != NONE and not s.took_tour and C.CARD_LOCATION[c] in reach
                   and money < s.tour_price(c) <= money + total for c in s.available_tours()):
                return int(discounts[0])
        # Colosseum: nothing here, an affordable Tour next door
        if "take_card_at_adjacent_location" in powers and s.cards_taken == 0 and \
                any(s.tour_price(c) <= money for c in tours_near):
            return powers["take_card_at_adjacent_location"]
        # Lencois: one more step after a card, towards the Tours I can soon afford
        steps = [a for a in legal if A_LOC <= a < A_ITIN]
        if steps:
            best = max(steps, key=lambda a: (self._position_value(s, p, a - A_LOC), -a))
            if self._position_value(s, p, best - A_LOC) > self._position_value(s, p, here) + 0.5:
                return int(best)
        elif "move_after_taking_card" in powers and s.cards_taken >= 1 and not s.lencois:
            block = s.ban if s.revisit else s.visited | s.ban  # rule B holds for the step (doc ruling 6)
            if max((self._position_value(s, p, w) for w in C.ADJ[here] if not (block >> w) & 1), default=-1.0) \
                    > self._position_value(s, p, here) + 2.0:
                return powers["move_after_taking_card"]
        return A_PASS if mask[A_PASS] else int(legal[0])

    def _position_value(self, s, p: int, v: int) -> float:
        """Closeness of ``v`` to the Tours on offer that ``p`` can (nearly) afford."""
        money = s.money[p]
        return sum(C.TOUR_POINTS[c] * 0.12 * (6 - DIST[v, C.CARD_LOCATION[c]]) / 5.0
                   for c in s.available_tours()
                   if c != NONE and s.tour_price(c) <= money + 3 and DIST[v, C.CARD_LOCATION[c]] <= 5)

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
