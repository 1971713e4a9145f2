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

``HeuristicStyle`` holds the tunable weights and thresholds of these choices;
``HeuristicPolicy(seed, style=DEFAULT_STYLE, **overrides)`` plays one (an override
replaces a single field, e.g. ``tour_bonus=12.0``). ``ExpertPolicy`` plays ``EXPERT_STYLE``,
the same plan with other numbers: it beats the baseline about four games in five.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from travel_envs.core.game import ParameterError

from . import components as C
from .actions import (
    A_COLOUR, A_ENC, A_FF, A_ITIN, A_LOC, A_MONEY, A_MOVE, A_PASS, A_PLAYER, A_SOUV, A_STOP, A_TOUR, A_USE,
    NONE, PENDING_FF, PH_CARDS, PH_COLOUR, PH_FLY, PH_HALONG, PH_MONEY, PH_MOVE_PREP, PH_MOVING, PH_PICK_ENC,
    PH_PLACE, PH_PLAYER, PH_SOUVENIR, PH_START, PH_TELEPORT,
)
from .movement import MoveRules, flights_cost, move_ends, plan_ends, reachable_ends


INSTANT_GAINS = (  # a tuple: the order of preference must not depend on string hashing
    "gain_money", "gain_money_per_tour", "gain_one_cube_each_colour", "gain_cubes_one_colour_of_choice",
    "gain_cubes_shortest_row", "gain_money_and_cube_of_choice", "gain_token_of_choice",
)
MOVE_POWERS = frozenset({"extra_steps", "move_fewer", "allow_revisit_this_turn", "free_flights_this_turn",
                         "flights_use_no_step", "teleport_instead_of_move", "skip_move"})
GREAT_WALL = C.card_of_kind("end_points_per_unused_token")  # a kept token scores its "per" at the end
ANGKOR_WAT = C.card_of_kind("end_points_per_other_encounter")  # so does every other Encounter held


def _power_actions(legal, kinds) -> dict[str, int]:
    """kind -> the action that uses a held power of that kind (among the legal ones)."""
    out = {}
    for a in legal:
        if A_USE <= a < A_ENC and C.ENC_KIND[a - A_USE] in kinds:
            out[C.ENC_KIND[a - A_USE]] = int(a)
    return out


@dataclass(frozen=True)
class HeuristicStyle:
    """The heuristic's tunable choices (worths are in points of final score).

    What the rules fix stays out: a card's own scoring ("per" Tour / cube / full row / kept
    token / other Encounter, read from the card), prices, caps and step counts, and the 5-step
    reach of the nearby-Tour pull (the longest Itinerary's move)."""

    name: str = "heuristic"
    # -- keeping tools: a token or a one-use Encounter is spent only for a gain above its keep
    token_keep: float = 2.0  # a token kept for a later turn (Great Wall adds its "per" to it)
    card_keep: float = 3.0  # a one-use Encounter kept (Angkor Wat adds its "per" to it)
    # -- Encounters: the worth of holding one (taking one, Kakadu / Tongariro, ending a move on one)
    enc_power: float = 5.0  # any Encounter with a power (not end-game scoring)
    enc_endgame_base: float = 2.0  # a per-Tour-in-continent / per-cube / per-full-row card: this + its score now
    near_full_gap: int = 2  # ... a per-full-row card counts the rows at most this short of full
    enc_endgame_other: float = 7.0  # any other end-game Encounter (money, continents, Great Wall, Angkor Wat)
    # -- ending the move (Itinerary choice, Move tokens, movement powers, flights, the walk)
    coin: float = 0.4  # per coin the move leaves it with (up to the cap)
    tour_bonus: float = 8.0  # an affordable Tour at the end (or next to it with Colosseum): its points + this
    cube: float = 2.0  # per Souvenir cube the Itinerary gives there
    cube_shortest_row: float = 3.0  # more per cube when its colour's row is (one of) the shortest
    near_tour: float = 0.12  # per point of a Tour within 5 steps, times (6 - steps) / 5 ...
    near_tour_money_gap: int = 3  # ... if it costs at most this more than the money it will have
    fly_margin: float = 1.0  # a Frequent Flyer token / Monteverde must beat the best turn by its keep + this
    move_margin: float = 0.5  # a Move token / movement power must beat the plain move by this (its keep counted)
    # -- Tours: Chefchaouen refreshes the Tour row when no Tour on offer is attractive
    refresh_tours_below: float = 3.0  # ... its best Tour points / (1 + steps + shortfall x missing coins) below this
    prospect_shortfall: float = 0.7  # a missing coin counts as this many steps there
    # -- other instant powers
    refresh_encounters_beyond: int = 3  # Timbuktu: refresh when every Encounter on offer is farther than this
    enc_grab: float = 7.0  # Kakadu / Tongariro: used when the best card there is worth at least this
    kilimanjaro_spread: int = 2  # exchange a cube when the longest and shortest rows differ by this
    money_gain_room: int = 2  # a money gain waits while the money is within this of the cap
    money_per_tour_min_tours: int = 2  # the money-per-Tour gain waits for this many Tours
    baobab_min_money: int = 2  # Avenue of the Baobabs repeats an Itinerary's money of at least this
    old_havana_spread: int = 2  # recolour when the printed colour's row is full or this longer than the shortest
    token_preference: tuple[int, ...] = (C.TOK_MONEY, C.TOK_SOUVENIR, C.TOK_FF, C.TOK_MOVE)  # Serengeti: first wanted
    # -- Lencois (a step after taking a card), judged by the nearby-Tour pull of the locations
    lencois_step_margin: float = 0.5  # the step taken when it raises the pull by more than this
    lencois_power_margin: float = 2.0  # the card used when a step would raise it by more than this
    # -- Ha Long Bay: the victim is an opponent standing near a Tour it can nearly afford
    halong_money_gap: int = 2  # ... a Tour costing at most this more than its money
    halong_reach: int = 1  # ... at most this many steps away
    # -- random variation (they consume the generator whatever their size)
    place_noise: float = 0.01  # added (times a uniform draw) to each start location's value
    step_noise: float = 1e-3  # added (times a uniform draw) to each next step's value

    def __post_init__(self) -> None:
        if sorted(self.token_preference) != list(range(len(C.TOKEN_NAMES))):
            raise ParameterError(f"token_preference={self.token_preference!r} must order every token type once: "
                                 f"a permutation of 0-{len(C.TOKEN_NAMES) - 1} ({', '.join(C.TOKEN_NAMES)})")


DEFAULT_STYLE = HeuristicStyle()

#: the style of :class:`ExpertPolicy`: it saves for and heads towards the Tours (coins and the
#: nearby-Tour pull worth more), spends its Encounters less readily and cares less for Souvenirs.
#: Found by ``python -m benchmarks.style_sweep`` (docs/games/trekking_the_world.md, "Expert")
EXPERT_STYLE = HeuristicStyle(name="expert", near_tour=0.3, coin=1.2, card_keep=6.0, cube=1.0,
                              cube_shortest_row=1.5)


class HeuristicPolicy:
    name = "heuristic"

    def __init__(self, seed: int | None = None, style: HeuristicStyle = DEFAULT_STYLE, **overrides) -> None:
        """``overrides`` replace single fields of ``style`` (e.g. ``tour_bonus=12.0``)."""
        self.rng = np.random.default_rng(seed)
        self.style = replace(style, **overrides) if overrides else style
        self.name = self.style.name
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
            token, card = self.style.token_keep, self.style.card_keep
        held = s.encs[p]
        if GREAT_WALL in held:
            token += C.ENC_EFFECT[GREAT_WALL]["per"]
        if ANGKOR_WAT in held:
            card += C.ENC_EFFECT[ANGKOR_WAT]["per"]
        return token, card

    def _enc_value(self, s, p: int, c: int) -> float:
        """A rough worth of holding Encounter ``c``."""
        st = self.style
        kind = C.ENC_KIND[c]
        eff = C.ENC_EFFECT[c]
        if not C.ENC_ENDGAME[c]:
            return st.enc_power
        if kind == "end_points_per_tour_in_continent":
            cont = C.CONTINENT_IDS.index(eff["continent"])
            return st.enc_endgame_base + eff["per"] * sum(1 for t in s.tours[p] if C.CARD_CONTINENT[t] == cont)
        if kind == "end_points_per_cube":
            return st.enc_endgame_base + eff["per"] * s.suitcase[p][C.COLOURS.index(eff["colour"])]
        if kind == "end_points_per_full_row":
            full = C.SUITCASE_COLUMNS - st.near_full_gap
            return st.enc_endgame_base + eff["per"] * sum(1 for x in s.suitcase[p] if x >= full)
        return st.enc_endgame_other

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
                st = self.style
                value += C.ITIN_CUBES[itin] * (st.cube + (st.cube_shortest_row if rows[colour] == min(rows) else 0.0))
        return value

    def _location_value(self, s, p: int, e: int, money: int) -> float:
        """Money, the card at ``e`` (or, with Colosseum, next to it; with held discounts) and the
        Tours near ``e`` (the Itinerary's cubes aside)."""
        st = self.style
        value = st.coin * (money - s.money[p])
        here_card = C.LOCATION_CARD[e]
        tours = [c for c in s.available_tours() if c != NONE]
        card_cost = self._costs(s, p)[1]
        discount = self._held_discount(s, p)
        if here_card != NONE and here_card in tours and s.tour_price(here_card) <= money + discount:
            price = s.tour_price(here_card)
            value += C.TOUR_POINTS[here_card] + st.tour_bonus - (card_cost if price > money else 0.0)
            money -= max(0, price - discount)
        elif here_card != NONE and here_card in s.available_encounters():
            value += self._enc_value(s, p, here_card)
        elif self._held_power(s, p, "take_card_at_adjacent_location") and not s.took_tour:
            near = [c for c in tours if C.CARD_LOCATION[c] in C.ADJ[e] and s.tour_price(c) <= money]
            if near:
                best = max(near, key=lambda c: C.TOUR_POINTS[c])
                value += C.TOUR_POINTS[best] + st.tour_bonus - card_cost
                money -= s.tour_price(best)
                here_card = best
        return self._tour_pull(s, e, money, tours, skip=here_card, total=value)

    def _tour_pull(self, s, v: int, money: int, tours, skip: int = NONE, total: float = 0.0) -> float:
        """``total`` plus the pull towards ``v`` of the Tours in ``tours`` (but ``skip``) within 5 steps
        that cost at most ``near_tour_money_gap`` more than ``money``: points x ``near_tour`` x (6 - steps) / 5
        each, added one by one onto ``total``."""
        near_tour, reach_money = self.style.near_tour, money + self.style.near_tour_money_gap
        for c in tours:
            if c != NONE and c != skip and s.tour_price(c) <= reach_money:
                d = C.STEPS[v][C.CARD_LOCATION[c]]
                if d <= 5:  # 5 steps: the longest Itinerary's move
                    total += C.TOUR_POINTS[c] * near_tour * (6 - d) / 5.0
        return total

    def _plan_value(self, s, p: int, itin: int, v: int, visited: int, n_max: int, torres: bool = False,
                    revisit: bool = False, free: bool = False, no_step: bool = False,
                    money: int | None = None) -> float:
        """The best end value of a move of ``itin`` from ``v`` (``visited``: locations left earlier
        this turn) under the given movement powers."""
        money = s.money[p] if money is None else money
        ends = plan_ends(v, visited, money, n_max, torres, revisit, free, no_step)
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
        shortfall = self.style.prospect_shortfall
        best = 0.0
        for c in s.available_tours():
            if c != NONE:
                d = C.STEPS[here][C.CARD_LOCATION[c]]
                short = max(0, s.tour_price(c) - money)
                best = max(best, C.TOUR_POINTS[c] / (1.0 + d + shortfall * short))
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
            if powers and room and C.ITIN_MONEY[s.itin] >= self.style.baobab_min_money:
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
        st = self.style
        for kind in INSTANT_GAINS:
            if kind in powers and not (kind == "gain_money_per_tour" and len(s.tours[p]) < st.money_per_tour_min_tours):
                if kind in ("gain_money", "gain_money_per_tour") and s.money[p] >= C.MONEY_CAP - st.money_gain_room:
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
                if C.ENC_EFFECT[c]["row"] == "tour" and (self._tour_prospect(s, p) < st.refresh_tours_below or last):
                    return int(a)
                far = all(x == NONE or C.STEPS[here][C.CARD_LOCATION[x]] > st.refresh_encounters_beyond
                          for x in s.available_encounters())
                if C.ENC_EFFECT[c]["row"] == "encounter" and far and not last:
                    return int(a)
            elif kind == "take_from_encounter_discard":
                if last or max((self._enc_value(s, p, x) for x in s.enc_discard), default=0) >= st.enc_grab:
                    return int(a)
            elif kind == "swap_with_encounter_row":
                if last or max((self._enc_value(s, p, x) for x in s.available_encounters() if x != NONE),
                               default=0) >= st.enc_grab:
                    return int(a)
            elif kind == "exchange_cube":
                rows = s.suitcase[p]
                if max(rows) - min(rows) >= st.kilimanjaro_spread or last:
                    return int(a)
            elif kind == "move_other_trekker" and s.phase_id == PH_START and self._halong_victim(s, p) != NONE:
                return int(a)
        return None

    def _halong_victim(self, s, p: int) -> int:
        """An opponent standing on or next to a Tour they can afford (the best one), or -1."""
        gap, reach = self.style.halong_money_gap, self.style.halong_reach
        best, who = 0, NONE
        for q in range(s.num_players):
            if q == p or s.loc[q] == NONE:
                continue
            for c in s.available_tours():
                if c != NONE and C.TOUR_COST[c] <= s.money[q] + gap and C.STEPS[s.loc[q]][C.CARD_LOCATION[c]] <= reach:
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
        return int(max(legal, key=lambda a: (min((C.STEPS[a - A_LOC][t] for t in tours), default=0), -a)))

    # --------------------------------------------------------------- phases
    def _place(self, s, legal) -> int:
        tours = [c for c in s.available_tours() if c != NONE]
        noise = self.style.place_noise
        best, best_v = int(legal[0]), -1.0
        for a in legal:
            v = sum(1.0 / (1 + C.STEPS[a - A_LOC][C.CARD_LOCATION[c]]) for c in tours) + self.rng.random() * noise
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
            margin = self.style.fly_margin
            if mask[A_FF]:
                options.append((flown - token_cost - margin, A_FF))
            if "free_flight_before_itinerary" in powers:
                options.append((flown - card_cost - margin, powers["free_flight_before_itinerary"]))
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
        return int(action) if value > base + self.style.move_margin else A_PASS

    def _teleport(self, s, p: int, legal) -> tuple[float, int]:
        """(value, action) of the best Galapagos target."""
        ban = s.visited | (1 << s.loc[p])
        targets = [a - A_LOC for a in legal] if legal is not None else \
            [v for v in range(C.NUM_LOCATIONS) if not (ban >> v) & 1]
        best = max(targets, key=lambda v: (self._endpoint_value(s, p, s.itin, v, s.money[p]), -v))
        return self._endpoint_value(s, p, s.itin, best, s.money[p]), A_LOC + best

    def _step(self, s, p: int, mask) -> int:
        rules = s.move_rules()
        if s.game.params.move_by_end:  # one decision names the end: the best one, as a step would aim
            return self._end(s, p, mask, rules)
        best, best_v = None, -1e18
        if mask[A_STOP]:
            best, best_v = A_STOP, self._endpoint_value(s, p, s.itin, s.loc[p], s.money[p])
        here = s.loc[p]
        noise = self.style.step_noise
        for w in range(C.NUM_LOCATIONS):
            if not mask[A_LOC + w]:
                continue
            flight = w not in C.ADJ[here] or ((s.visited >> w) & 1 and not s.revisit)
            cost = rules.flight_cost if flight else 0
            inc = rules.flight_step if flight else 1
            ends = reachable_ends(rules, w, s.visited | (1 << w), s.steps + inc, s.money[p] - cost)
            val = max((self._endpoint_value(s, p, s.itin, e, m) for e, m in ends.items()), default=-1e9)
            val += self.rng.random() * noise
            if val > best_v:
                best, best_v = A_LOC + w, val
        return int(best)

    def _end(self, s, p: int, mask, rules: MoveRules) -> int:
        """The move's end (``move_by_end``): the legal end of highest value on arrival, with the money
        the walk the variant plays there leaves (``move_ends``, the engine's own search), noise as
        for a step."""
        v, money = s.loc[p], s.money[p]
        walks = move_ends(rules, v, s.visited, s.steps, money)
        noise = self.style.step_noise
        best, best_v = None, -1e18
        for e in np.flatnonzero(mask[A_LOC:A_LOC + C.NUM_LOCATIONS]).tolist():
            left = money - flights_cost(rules, v, s.visited, walks[e])
            val = self._endpoint_value(s, p, s.itin, e, left) + self.rng.random() * noise
            if val > best_v:
                best, best_v = A_LOC + e, val
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
            if rows[colour] >= C.SUITCASE_COLUMNS or rows[colour] - min(rows) >= self.style.old_havana_spread:
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
            margin = self.style.lencois_step_margin
            if self._position_value(s, p, best - A_LOC) > self._position_value(s, p, here) + margin:
                return int(best)
        elif "move_after_taking_card" in powers and s.cards_taken >= 1 and not s.lencois:
            block = s.ban if s.revisit else s.visited | s.ban  # rule B holds for the step (doc ruling 6)
            if max((self._position_value(s, p, w) for w in C.ADJ[here] if not (block >> w) & 1), default=-1.0) \
                    > self._position_value(s, p, here) + self.style.lencois_power_margin:
                return powers["move_after_taking_card"]
        return A_PASS if mask[A_PASS] else int(legal[0])

    def _position_value(self, s, p: int, v: int) -> float:
        """Closeness of ``v`` to the Tours on offer that ``p`` can (nearly) afford."""
        return self._tour_pull(s, v, s.money[p], s.available_tours())

    def _colour(self, s, p: int, legal) -> int:
        rows = s.suitcase[p]
        colours = [int(a - A_COLOUR) for a in legal]
        kind = C.ENC_KIND[s.pending] if s.pending not in (NONE, PENDING_FF) else ""
        if kind == "gain_token_of_choice":
            return A_COLOUR + min(colours, key=self.style.token_preference.index)
        if kind == "exchange_cube" and s.kili_row == NONE:
            return A_COLOUR + max(colours, key=lambda k: rows[k])
        return A_COLOUR + min(colours, key=lambda k: (rows[k] >= C.SUITCASE_COLUMNS, rows[k]))


class ExpertPolicy(HeuristicPolicy):
    """The heuristic with :data:`EXPERT_STYLE`: a stronger teacher and sparring partner."""

    name = "expert"

    def __init__(self, seed: int | None = None, **overrides) -> None:
        super().__init__(seed, style=EXPERT_STYLE, **overrides)
