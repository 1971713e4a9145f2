"""Trekking rules: the state, its transitions and the solo Sunday hikers.

A turn is split into sub-decisions of the same seat:
  phase "refuge"  (setup only): choose a start refuge, in reverse turn order;
  phase "move"    (A): walk a path or rest; Energy bar and Drink water cards may be flipped first;
  phase "tag"     (B): tag an animal (path side, Binoculars, Searching), a second one with Wildlife;
  phase "finish"  : flip Drink water cards or end the turn; then phase C (energy update) is applied;
  phase "sunday"  (solo): the player picks which of two equal-value animals a Sunday hiker takes.
Summits are handled automatically in phase B. Energy changes of the turn are summed and applied in
phase C (ruling 5); tagging checks the energy held at the start of the turn.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from travel_envs.core.game import Game, GameState, rng_from_dict, rng_to_dict, state_header

from . import actions as A
from . import components as C
from . import render as R
from . import scoring as S
from .actions import FINISH_PHASE, MOVE_PHASE, OPPONENT, OVER, PHASES, REFUGE_PHASE, SUNDAY_PHASE, TAG_PHASE
from .encoder import OBS_SIZE, STATE_SIZE, encode_observation, encode_state, seat_blocks
from .params import TrekkingParams
from .scoring import CE, CF, CK, CR, CS, K_EMPTY, K_REST, K_ROUTE
from .state_check import check_state_dict

_MASKS: dict[tuple[int, ...], np.ndarray] = {}  # every distinct legal mask once, by its legal ids


def _mask_of(ids: tuple[int, ...]) -> np.ndarray:
    """The shared read-only mask with exactly ``ids`` set (callers copy it)."""
    arr = _MASKS.get(ids)
    if arr is None:
        arr = np.zeros(A.NUM_ACTIONS, bool)
        arr[list(ids)] = True
        arr.flags.writeable = False
        _MASKS[ids] = arr
    return arr


_ROUTE_COST, _BAR_ENERGY, _BAR, _DRINK = C.ROUTE_COST, C.BAR_ENERGY, C.BAR, C.DRINK
_MOVE, _REST, _FLIP_BAR, _FLIP_DRINK = A.MOVE, A.REST, A.FLIP_BAR, A.FLIP_DRINK
_PCG64 = np.random.PCG64
_FINISH_IDS = (A.FLIP_DRINK, A.END_TURN)  # the "finish" decision with a Drink water card to flip
# the Sunday hikers' event texts
_STAY_MSG = tuple(f"Sunday hiker {t} stays" for t in C.TILES)
_WALK_MSG = tuple(tuple(f"Sunday hiker {t} walks {d}" for d in C.DIRECTIONS) for t in C.TILES)
_SEARCH_MSG = tuple(f"searching the {b} bag" for b in C.BAGS)  # how a Searching tag is told

_LIST_FIELDS = (
    "order", "refuge_queue", "pos", "energy", "rested_since_summit", "last_summit_round",
    "map_animals", "summit_piles", "removed_route", "removed_blind", "removed_rest", "sunday_pos", "opp_deck",
    "opp_discard", "opp_animals", "opp_tokens", "events", "sunday_pending", "sunday_choice",
)
_NESTED_FIELDS = ("gps", "animals", "tokens", "route_piles", "rest_piles", "bags", "sunday_visited")
_SCALAR_FIELDS = (
    "rnd", "turn_pos", "stage", "t_start_energy", "t_delta", "t_bars", "t_drinks", "t_spent", "t_path", "t_dest",
    "t_tags", "t_refuge", "t_refuge_met", "t_col",
)
_STORED_SCALARS = tuple(f for f in _SCALAR_FIELDS if f != "stage")  # "stage": the name of ``phase_id``


class TrekkingState(GameState):
    """One game of Trekking. All lists are small and JSON-safe. ``phase_id`` indexes ``PHASES``
    (``to_dict`` stores its name as "stage"); ``to_act`` is the deciding seat."""

    PHASES = PHASES
    OVER = OVER

    # fixed attribute slots: a new state is built without growing a dict, and reads are slot reads
    __slots__ = (
        "game", "p", "map", "side", "plan", "_penalty", "_refill_rounds", "_rng", "_rng_snapshot", "_narrate",
        "phase_id", "to_act", *_STORED_SCALARS, *_LIST_FIELDS, *_NESTED_FIELDS,
        # caches (``_reset_caches``)
        "_rev", "_obs", "_legal", "_moves", "_kinds",
    )

    # ------------------------------------------------------------ setup
    def __init__(self, game, rng: np.random.Generator):
        self.game = game
        self._bind()
        self.rng = rng
        p = game.params
        n = p.num_players
        if p.map == "random":
            self.map = C.random_map(rng.random)
            C._BUILT.setdefault(tuple(self.map.altitude), self.map)
        # one batch of uniforms from the state's generator drives every setup shuffle (cheap)
        n_items = len(C.SETUP_ITEM)
        draws = rng.random(n_items + 8)
        order = np.argsort(draws[:n_items] + C.SETUP_GROUP_ARRAY, kind="stable")
        items = C.SETUP_ITEM_ARRAY[order].tolist()
        groups = [items[lo:hi] for lo, hi in C.SETUP_SLICES]
        u = draws[n_items:].tolist()
        if isinstance(p.route_plan, tuple):
            self.plan = list(p.route_plan)
        elif p.route_plan == "recommended":
            self.plan = list(C.RECOMMENDED_PLAN)
        else:
            w1 = int(u[0] * 10)
            w2 = int(u[1] * 9)
            w2 += w2 >= w1
            self.plan = [C.WEATHER[w1], C.WEATHER[w2]] + [
                deck[int(x * len(deck))] for deck, x in zip(C.PLAN_DECKS[2:], u[2:6])]
        # reserve: per colour an ascent-up pile (2c) and a descent-up pile (2c+1); top = last
        self.route_piles = []
        for ids in groups[:3]:
            half = (len(ids) + 1) // 2
            self.route_piles += [ids[:half], ids[half:]]
        rest = groups[3]
        self.rest_piles = [rest[:7], rest[7:]]  # ruling 2: piles of 7 and 8
        self.summit_piles = [p.tokens_per_summit] * 5
        self.bags = [list(b) for b in C.BAG_CONTENTS]
        # each space gets a token drawn at random from its bag (draws without replacement)
        self.map_animals = [-1] * self.map.num_spaces
        for bag in range(2):
            for s, a in zip(self.map.bag_spaces[bag], groups[5 + bag]):
                self.map_animals[s] = a
                self.bags[bag][a] -= 1
        self.removed_route, self.removed_blind, self.removed_rest = [], [], []
        self.sunday_pending, self.sunday_choice = [], []
        # solo: Sunday hikers, one per refuge (hiker h lives on tile h)
        self.sunday_pos = list(self.map.refuges) if n == 1 else []
        self.sunday_visited = [[] for _ in self.sunday_pos]
        self.opp_animals = [0] * 5 if n == 1 else []
        self.opp_tokens = []
        if n == 1:
            drop = 0 if p.solo_difficulty == "easy" else 1
            self.opp_deck = [i for i in groups[4] if i != drop]
            self.order = [0, OPPONENT] if p.solo_difficulty == "easy" else [OPPONENT, 0]
        else:
            self.opp_deck = []
            start = int(u[6] * n)
            self.order = [(start + i) % n for i in range(n)]
        self.opp_discard = []
        # players
        self.pos = [-1] * n
        self.energy = [p.start_energy] * n
        self.gps = [[] for _ in range(n)]
        self.animals = [[] for _ in range(n)]
        self.tokens = [[] for _ in range(n)]
        self.rested_since_summit = [False] * n
        self.last_summit_round = [0] * n
        self.events = []
        self.rnd, self.turn_pos = 1, 0
        self.t_start_energy = self.t_delta = self.t_bars = self.t_tags = self.t_drinks = self.t_spent = 0
        self.t_path = self.t_dest = self.t_col = -1
        self.t_refuge = self.t_refuge_met = 0
        self.refuge_queue = [s for s in reversed(self.order) if s != OPPONENT]
        if p.start_refuge == "random":
            free = [int(k) for k in rng.permutation(4)]
            for seat in self.refuge_queue:
                self.pos[seat] = self.map.refuges[free.pop()]
            self.refuge_queue = []
        self.phase_id = REFUGE_PHASE
        if self.refuge_queue:
            self.to_act = self.refuge_queue[0]
        else:
            self._start_round_turns()

    def _bind(self):
        self._rng, self._rng_snapshot = None, None
        # whether actions append their text to ``events``; the search's determinizations do not (no one
        # reads their log, and formatting it cost a fifth of a simulated step)
        self._narrate = True
        self._reset_caches()
        p = self.game.params
        self.p = p
        derived = getattr(self.game, "_derived", None)
        if derived is None:  # computed once per game (parameters), shared by its states
            derived = self.game._derived = (self._penalty_table(p), p.refill_rounds, p.side)
        self._penalty, self._refill_rounds, self.side = derived
        self.map = C.MAP_E

    # pickling / deepcopy: the rules' data only; the encoder's cache (memoryviews into its buffers) and
    # the legal-ids cache are rebuilt lazily, as for a clone
    _PERSISTENT = ("game", "p", "map", "side", "plan", "_penalty", "_refill_rounds", "_rng", "_rng_snapshot",
                   "_narrate", "phase_id", "to_act", *_STORED_SCALARS, *_LIST_FIELDS, *_NESTED_FIELDS)

    def __getstate__(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self._PERSISTENT}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self._narrate = True  # pickles made before the flag existed
        for f, v in data.items():
            setattr(self, f, v)
        self._reset_caches()

    def _reset_caches(self) -> None:
        """The caches a new or cloned state starts without."""
        self._rev = 0  # actions applied to this object (``_apply``): how the encoder tells what is new
        self._obs = None  # the encoder's own cache (``encoder.ObservationCache``), built by the encoder
        self._legal: tuple[int, ...] | None = None  # the legal ids of the current decision
        self._moves: dict[int, list] | None = None  # move costs per seat (until the next action), built lazily
        # ``_flip_kinds`` of the deciding seat, kept by the move and tag decisions (until the next action):
        # a walk places a route card and stopping the tags changes nothing, so what follows reuses it
        self._kinds: int | None = None

    # ------------------------------------------------------------ basics
    @property
    def weather(self) -> str:
        return self.plan[0] if self.rnd <= C.MORNING_ROUNDS else self.plan[1]

    # ------------------------------------------------------------ helpers
    def _draw(self, bag: int) -> int:
        """Draw a random animal from ``bag`` (the other bag if empty; -1 if both are empty)."""
        counts = self.bags[bag]
        total = sum(counts)
        if total == 0:
            counts = self.bags[1 - bag]
            total = sum(counts)
            if total == 0:
                return -1
        r = int(self.rng.integers(total))
        for a in range(5):
            r -= counts[a]
            if r < 0:
                counts[a] -= 1
                return a
        raise AssertionError("unreachable")

    def _refill(self) -> None:
        ma, bag_of = self.map_animals, self.map.animal_bag
        for s in range(self.map.num_spaces):
            if ma[s] < 0:
                ma[s] = self._draw(bag_of[s])
        if self._narrate:
            self.events.append(f"animals replenished after round {self.rnd}")

    def colour_penalty(self, colour: int, ascent: bool) -> int:
        """Extra energy a route card costs under the active weather card."""
        return self._penalty[self.weather][colour][ascent]

    @staticmethod
    def _penalty_table(p) -> dict[str, tuple]:
        """weather card -> colour -> (descent, ascent) extra cost (colour weather, rain, snow)."""
        table = {}
        for w in C.WEATHER:
            rows = []
            for colour in range(3):
                row = []
                for ascent in (False, True):
                    extra = 0
                    if w in C.COLOUR_WEATHER and p.weather_colour[C.COLOUR_WEATHER.index(w)] == C.COLOURS[colour]:
                        extra = 1
                    elif (w == "rain" and ascent) or (w == "snowy" and not ascent):
                        extra = 1
                    row.append(extra)
                rows.append(tuple(row))
            table[w] = tuple(rows)
        return table

    def ascent_cost_known(self, colour: int) -> int:
        """The ascent cost a player can count on for an ascent of ``colour`` (-1: no card left).

        The ascent pile's top shows its cost. When that pile is empty the ascent takes the top of the
        descent pile, whose ascent side lies face down: the player only knows it is one of the colour's
        cards whose ascent side has not been seen (not on a GPS board ascent side up, not removed from
        an ascent pile), so the highest such cost is what the move must be able to pay."""
        up, down = self.route_piles[2 * colour], self.route_piles[2 * colour + 1]
        if up:
            return C.ROUTE_COST[up[-1]]
        if not down:
            return -1
        seen = set(self.removed_route).difference(self.removed_blind)
        for g in self.gps:
            for col in g:
                if col[CK] == K_ROUTE and col[2] and col[1] == colour:
                    seen.add(col[5])
        return max(C.ROUTE_COST[c] for c in C.ROUTE_IDS_BY_COLOUR[colour] if c not in seen)

    def move_cost(self, seat: int, d: int) -> tuple[int, int, int, bool] | None:
        """(energy needed, dest, colour, ascent) for walking direction d, or None if no usable path.
        The energy needed is what the player can know (``ascent_cost_known``) plus weather."""
        step = self.map.steps[self.pos[seat]][d]
        if step is None:
            return None
        dest, colour, ascent = step
        if ascent:
            cost = self.ascent_cost_known(colour)
        else:
            cost = 0 if self.route_piles[2 * colour] or self.route_piles[2 * colour + 1] else -1
        if cost < 0:
            return None
        return cost + self.colour_penalty(colour, ascent), dest, colour, ascent

    def moves_of(self, seat: int) -> list:
        """``move_cost`` for the 4 directions, cached until the next action."""
        memo = self._moves
        if memo is None:
            memo = self._moves = {}
        mv = memo.get(seat)
        if mv is None:  # move_cost inlined for the 4 directions (the same values)
            mv = memo[seat] = []
            piles = self.route_piles
            pen = self._penalty[self.weather]
            cost = C.ROUTE_COST
            for step in self.map.steps[self.pos[seat]]:
                if step is None:
                    mv.append(None)
                    continue
                dest, colour, ascent = step
                up, down = piles[2 * colour], piles[2 * colour + 1]
                if ascent:
                    c = cost[up[-1]] if up else (self.ascent_cost_known(colour) if down else -1)
                else:
                    c = 0 if up or down else -1
                if c < 0:
                    mv.append(None)
                    continue
                mv.append((c + pen[colour][ascent], dest, colour, ascent))
        return mv

    def flippable(self, seat: int, kind: int) -> int:
        """Column of an unflipped rest card of ``kind`` that may be flipped now (-1 if none)."""
        tc = -1 if self.p.rest_flip_same_turn else self.t_col  # this turn's card waits (unless the variant)
        for i, col in enumerate(self.gps[seat]):
            if col[CR] == kind and not col[CF] and col[CK] == K_REST and i != tc:  # route / empty: CR = -1
                return i
        return -1

    def _flip(self, seat: int, kind: int) -> None:
        """Flip the rest card of ``kind`` that ``flippable`` finds. The column is replaced by a flipped copy,
        not changed in place: a placed column never changes, so the copies of a state share them
        (``_copy_without_rng``)."""
        gps = self.gps[seat]
        i = self.flippable(seat, kind)
        col = gps[i][:]
        col[CF] = 1
        gps[i] = col

    def _flip_kinds(self, seat: int) -> int:
        """Bit ``kind`` set for every rest-card kind ``flippable`` finds a column of (one pass)."""
        gps = self.gps[seat]
        tc = self.t_col
        if tc >= 0 and not self.p.rest_flip_same_turn:  # this turn's card waits (unless the variant)
            col = gps[tc]
            if col[CK] == K_REST and not col[CF]:  # else skipping it changes nothing: no copy
                gps = gps[:tc] + gps[tc + 1:]
        bits = 0
        for col in gps:
            if col[CK] == K_REST and not col[CF]:
                bits |= 1 << col[CR]
        return bits

    def hikers_at(self, node: int, exclude: int) -> int:
        """Number of other hikers (players, and Sunday hikers if they count) on ``node``."""
        pos = self.pos
        n = pos.count(node)
        if 0 <= exclude < len(pos) and pos[exclude] == node:
            n -= 1
        if self.p.sunday_hikers_are_hikers:
            n += self.sunday_pos.count(node)
        return n

    def _place(self, seat: int, col: list) -> None:
        gps = self.gps[seat]
        if gps:
            assert gps[-1][CE] == col[CS], "GPS altitude mismatch"
        gps.append(col)
        column = len(gps)
        self.t_col = column - 1
        alt = C.GPS_ENERGY_VIGNETTES[self.side].get(column)
        if alt is None:
            return
        # ``S.covers(col, alt, margin)``, copied (every walk and rest places a column: with the weather
        # copies in _move_ids and _move, +3% simulations per CPU second, measured): an empty rest covers
        # nothing, a card covers its altitudes widened by the margin
        margin = self.p.vignette_cover_margin
        lo, hi = col[CS], col[CE]
        if lo > hi:
            lo, hi = hi, lo
        if col[CK] == K_EMPTY or not lo - margin <= alt <= hi + margin:
            self.t_delta += 1
            if self._narrate:
                self.events.append(f"P{seat} leaves the energy vignette of column {column} visible: +1 energy")

    def altitude_of(self, seat: int) -> int:
        return self.map.altitude[self.pos[seat]]

    # ------------------------------------------------------------ turn flow
    def _start_round_turns(self) -> None:
        """Run Sunday-hiker turns until a player must decide (or the game ends)."""
        while True:
            if self.turn_pos >= len(self.order):
                if self.rnd in self._refill_rounds:
                    self._refill()
                self.rnd += 1
                self.turn_pos = 0
                if self.rnd > C.ROUNDS:
                    self.phase_id = OVER
                    self.rnd = C.ROUNDS
                    if self._narrate:
                        self.events.append("end of the game")
                    return
            seat = self.order[self.turn_pos]
            if seat == OPPONENT:
                if not self._opponent_turn():
                    self.phase_id = SUNDAY_PHASE  # the player chooses which animal a Sunday hiker takes
                    self.to_act = 0
                    return
                self.turn_pos += 1
                continue
            self._begin_turn(seat)
            return

    def _begin_turn(self, seat: int) -> None:
        self.phase_id = MOVE_PHASE
        self.to_act = seat
        self.t_start_energy = self.energy[seat]
        self.t_delta = self.t_bars = self.t_tags = self.t_drinks = self.t_spent = 0
        self.t_path = self.t_dest = self.t_col = -1
        self.t_refuge = self.t_refuge_met = 0
        if len(self.events) > 40:
            del self.events[:-20]

    def _end_turn(self) -> None:
        seat = self.to_act
        if self.t_refuge:
            card = self.plan[5]
            base, bonus = C.REFUGE_ENERGY[card]
            if card == "animal_tales":  # an animal now on the card just played (not one that went back)
                gain = bonus if self._tagged_this_turn(seat) else base
            elif card in ("friends", "encounters"):
                gain = bonus if self.t_refuge_met else base
            elif card == "summit_tales":
                last = self.last_summit_round[seat]
                gain = bonus if last and last >= self.rnd - self.p.summit_recent_window else base
            else:
                gain = base
            if self.weather == "cold":
                gain += 1
            self.t_delta += gain
            if self._narrate:
                self.events.append(f"P{seat} reaches a refuge: {gain:+d} energy")
        e = self.energy[seat] + self.t_delta
        top = self.p.energy_max
        self.energy[seat] = 0 if e < 0 else top if e > top else e
        if self._narrate:
            self.events.append(f"P{seat} energy {self.t_start_energy} -> {self.energy[seat]} ({self.t_delta:+d})")
        self.turn_pos += 1
        self._start_round_turns()

    def _tag_or_finish(self, kinds: int | None = None) -> None:
        """After a move or a tag: the tag decision if a tag is possible (its legal ids, the ones
        ``_legal_ids`` would build, are kept), else the finish; ``kinds``: the seat's ``_flip_kinds`` if known."""
        seat = self.to_act
        if kinds is None:
            kinds = self._flip_kinds(seat)  # one scan of the board serves the tags and the finish
        ids = self._tag_ids(seat, kinds)
        if ids:
            ids.append(A.STOP_TAGGING)
            self.phase_id = TAG_PHASE
            self._legal = tuple(ids)
            self._kinds = kinds
        else:
            self._to_finish(kinds)

    def _to_finish(self, kinds: int | None = None) -> None:
        """Phase "finish", skipped (the turn ends) without a Drink water card to flip; ``kinds``: the
        seat's ``_flip_kinds`` if known."""
        self.phase_id = FINISH_PHASE
        if kinds is None:
            kinds = self._flip_kinds(self.to_act)
        if kinds >> C.DRINK & 1:
            self._legal = _FINISH_IDS  # what ``_legal_ids`` would build
        else:
            self._end_turn()

    # ------------------------------------------------------------ legal actions
    def legal_action_mask(self) -> np.ndarray:
        ids = self._legal
        if ids is None:
            ids = self._legal = self._legal_ids()
        return _mask_of(ids).copy()

    def legal_actions(self) -> list[int]:
        """The legal ids in ascending order, straight from the rules (no mask is built)."""
        ids = self._legal
        if ids is None:  # ``_legal_ids``, the move decision (the most frequent) dispatched here
            ids = self._legal = self._move_ids(self.to_act) if self.phase_id == MOVE_PHASE else self._legal_ids()
        return list(ids)

    def random_playout(self, uniform: Callable[[], float], limit: int) -> int:
        """:meth:`GameState.random_playout` with ``legal_actions``' lines written into the loop (no call
        per move to read the ids): the same moves from the same uniforms."""
        apply, move_ids, legal_ids = self._apply, self._move_ids, self._legal_ids
        for made in range(limit):
            if self.phase_id == OVER:
                return made
            ids = self._legal  # kept by the action before (a tag or finish decision), else built:
            if ids is None:  # ``legal_actions``' lines, without its copy (``_apply`` drops them at once)
                ids = move_ids(self.to_act) if self.phase_id == MOVE_PHASE else legal_ids()
            apply(ids[int(uniform() * len(ids))])
        return max(limit, 0)

    def apply_action(self, action: int) -> None:
        """``GameState.apply_action`` with a fast path for a plain legal ``int`` (checked against the
        cached legal ids); anything else takes the generic path (and its error messages)."""
        ids = self._legal
        if ids is not None and type(action) is int and action in ids and self.phase_id != OVER:
            self._apply(action)
            return
        super().apply_action(action)

    def _legal_ids(self) -> tuple[int, ...]:
        """The legal action ids of the current decision, ascending."""
        ph = self.phase_id
        if ph == MOVE_PHASE:  # the most frequent decision first
            return self._move_ids(self.to_act)
        if ph == OVER:
            return ()
        if ph == REFUGE_PHASE:
            taken = {q for q in self.pos if q >= 0} if self.num_players > 1 else set()
            return tuple(A.CHOOSE_REFUGE + r for r, node in enumerate(self.map.refuges) if node not in taken)
        if ph == SUNDAY_PHASE:
            return (A.SUNDAY_PICK, A.SUNDAY_PICK + 1)
        seat = self.to_act
        if ph == TAG_PHASE:
            return (*self._tag_ids(seat, self._flip_kinds(seat)), A.STOP_TAGGING)
        # finish
        return _FINISH_IDS if self.flippable(seat, C.DRINK) >= 0 else (A.END_TURN,)

    def _move_ids(self, seat: int) -> tuple[int, ...]:
        """Phase A: the paths the player can pay (only ascents once an Energy bar is flipped), resting,
        and the flips that may come first. The costs are ``moves_of``'s, computed inline (the same
        values, without building its list: the most frequent decision)."""
        ids = []
        bars = self.t_bars
        e = self.t_start_energy + 2 * bars + self.t_drinks  # flips made before walking pay for the path
        any_ascent_with_bar = False
        piles = self.route_piles
        # the ``weather`` property, copied (the most frequent decision; see ``_place``)
        pen = self._penalty[self.plan[0] if self.rnd <= C.MORNING_ROUNDS else self.plan[1]]
        for d, colour, ascent in self.map.walks[self.pos[seat]]:
            up = piles[2 * colour]
            if ascent:
                if up:
                    need = _ROUTE_COST[up[-1]] + pen[colour][1]
                elif piles[2 * colour + 1]:
                    need = self.ascent_cost_known(colour) + pen[colour][1]
                else:
                    continue
                if e >= need:
                    ids.append(_MOVE + d)
                if e + _BAR_ENERGY >= need:
                    any_ascent_with_bar = True
            elif not bars and (up or piles[2 * colour + 1]) and e >= pen[colour][0]:
                ids.append(_MOVE + d)
        if not bars:
            r0, r1 = self.rest_piles
            if r0 or not r1:
                ids.append(_REST)
            if r1:
                ids.append(_REST + 1)
        kinds = self._kinds = self._flip_kinds(seat)
        if any_ascent_with_bar and kinds >> _BAR & 1:
            ids.append(_FLIP_BAR)
        if kinds >> _DRINK & 1:
            ids.append(_FLIP_DRINK)
        return tuple(ids)

    def spendable(self) -> int:
        """Energy the acting player can still pay this turn: the start energy plus the cards flipped
        (Energy bar, Drink water) minus what the turn has cost so far (path, Wildlife, Fog); gains that
        phase C adds (wind, sunny, refuge, vignettes) do not count (ruling 4)."""
        return self.t_start_energy + 2 * self.t_bars + self.t_drinks - self.t_spent

    def _tag_ids(self, seat: int, kinds: int) -> list[int]:
        """Phase B's tags (ascending ids; "stop tagging" not included); ``kinds``: ``_flip_kinds(seat)``.
        A second tag needs Wildlife (a card to flip and the energy to pay); there is no third."""
        ids: list[int] = []
        t = self.t_tags
        if t and not (t == 1 and kinds >> C.WILDLIFE & 1 and self.spendable() >= C.WILDLIFE_COST):
            return ids
        e0 = self.t_start_energy
        th = C.ANIMAL_THRESHOLD
        ma = self.map_animals
        for i, s in enumerate(self.map.path_spaces[self.t_path]):
            a = ma[s]
            if a >= 0 and e0 >= th[a]:
                ids.append(A.TAG_PATH + i)
        if kinds >> C.BINOCULARS & 1:
            for i, s in enumerate(self.map.node_spaces[self.t_dest]):
                a = ma[s]
                if a >= 0 and e0 >= th[a]:
                    ids.append(A.TAG_DEST + i)
        if kinds >> C.SEARCH & 1:
            green, blue = self.bags
            if sum(green):
                ids.append(A.SEARCH)
            if sum(blue):
                ids.append(A.SEARCH + 1)
        return ids

    # ------------------------------------------------------------ transitions
    def _apply(self, action: int) -> None:
        self._rev += 1
        kinds = self._kinds  # the deciding seat's ``_flip_kinds``, if this decision's legal ids needed it
        self._legal = self._moves = self._kinds = None
        ph = self.phase_id
        seat = self.to_act
        if ph == MOVE_PHASE:  # the most frequent decision first
            if action < A.REST:
                self._move(seat, action - A.MOVE, kinds)
            elif action < A.FLIP_BAR:
                self._rest(seat, action - A.REST, kinds)
            elif action == A.FLIP_DRINK:
                self._flip_drink(seat)
            else:  # FLIP_BAR
                self._flip(seat, C.BAR)
                self.t_bars += 1
                self.t_delta += C.BAR_ENERGY
                if self._narrate:
                    self.events.append(f"P{seat} flips an energy bar: +2 energy, must ascend")
            return
        if ph == REFUGE_PHASE:
            seat = self.refuge_queue.pop(0)
            self.pos[seat] = self.map.refuges[action - A.CHOOSE_REFUGE]
            if self._narrate:
                self.events.append(f"P{seat} starts at refuge {C.TILES[action - A.CHOOSE_REFUGE]}")
            if self.refuge_queue:
                self.to_act = self.refuge_queue[0]
            else:
                self._start_round_turns()
            return
        if ph == SUNDAY_PHASE:
            self._sunday_pick(action - A.SUNDAY_PICK)
            return
        if ph == TAG_PHASE:
            if action == A.STOP_TAGGING:
                self._to_finish(kinds)
                return
            # a first tag beside the path flips no card: the kinds stand (any other tag flips one)
            flips = self.t_tags or action >= A.TAG_DEST
            self._tag(seat, action)
            self._tag_or_finish(None if flips else kinds)
            return
        # finish
        if action == A.FLIP_DRINK:
            self._flip_drink(seat)
            if self.flippable(seat, C.DRINK) < 0:
                self._end_turn()
            else:
                self._legal = _FINISH_IDS
        else:
            self._end_turn()

    def _flip_drink(self, seat: int) -> None:
        self._flip(seat, C.DRINK)
        self.t_delta += C.DRINK_ENERGY
        self.t_drinks += 1
        if self._narrate:
            self.events.append(f"P{seat} flips drink water: +1 energy")

    def _rest(self, seat: int, pile: int, kinds: int | None = None) -> None:
        """Rest, taking the top card of ``pile``; ``kinds``: the seat's ``_flip_kinds`` before the rest if
        known (the other columns stay as they are: only the card placed can add its kind, and only
        where the variant lets this turn's card be flipped)."""
        alt = self.map.altitude[self.pos[seat]]
        if self.rest_piles[pile]:
            card = self.rest_piles[pile].pop()
            kind = C.REST_CARDS[card]
            col = [K_REST, -1, 0, alt, alt, card, kind, 0]
            what = C.REST_KINDS[kind]
        else:  # ruling 2: both piles empty, rest without a card
            col = [K_EMPTY, -1, 0, alt, alt, -1, -1, 0]
            what = "no card"
        self.t_delta += C.REST_ENERGY + (1 if self.weather == "storm" else 0)
        self.rested_since_summit[seat] = True
        self._place(seat, col)
        if self._narrate:
            self.events.append(f"P{seat} rests at {alt} m ({what})")
        if kinds is not None and col[CK] == K_REST and self.p.rest_flip_same_turn:
            kinds |= 1 << col[CR]
        self._to_finish(kinds)

    def _tagged_this_turn(self, seat: int) -> bool:
        return any(c == self.t_col for c, _ in self.animals[seat])

    def _move(self, seat: int, d: int, kinds: int | None = None) -> None:
        """Walk direction ``d`` (legal: the path exists, has a card and the player can pay it); ``kinds``:
        the seat's ``_flip_kinds`` before the walk if known (placing a route card does not change it)."""
        here = self.pos[seat]
        m = self.map
        dest, colour, ascent = m.steps[here][d]
        # the card: the top of the colour's ascent pile for an ascent, of its descent pile for a descent
        # (of the other pile when that one is empty)
        piles = self.route_piles
        pile = 2 * colour + (0 if ascent else 1)
        card = (piles[pile] or piles[pile ^ 1]).pop()
        # the card's real cost (a face-down ascent side may cost less than the bound the mask used)
        w = self.plan[0] if self.rnd <= C.MORNING_ROUNDS else self.plan[1]  # the ``weather`` property, copied
        need = (_ROUTE_COST[card] if ascent else 0) + self._penalty[w][colour][ascent]
        start, end = m.altitude[here], m.altitude[dest]
        self.t_delta -= need
        self.t_spent += need
        if w == "sunny" and not ascent:
            self.t_delta += 1
        elif w == "wind" and ascent:
            self.t_delta += 1
        self._place(seat, [K_ROUTE, colour, int(ascent), start, end, card, -1, 0])
        self.t_path = m.neighbour_path[here][d]
        self.t_dest = dest
        if self._narrate:
            self.events.append(
                f"P{seat} walks {C.DIRECTIONS[d]} on a {C.COLOURS[colour]} path {start}->{end} m "
                f"({'ascent' if ascent else 'descent'}, {-need:+d} energy)")
        # refuge: who else is already there (before arriving)
        if m.is_refuge[dest]:
            self.t_refuge = 1
            self.t_refuge_met = int(self.hikers_at(dest, seat) > 0)
        self.pos[seat] = dest
        if m.summit_of[dest] >= 0:
            self._summit(seat, dest, colour)
        self._tag_or_finish(kinds)

    def _summit(self, seat: int, node: int, colour: int) -> None:
        """Arriving on summit ``node``: its token (the first time) and the summit cards' effects."""
        s = self.map.summit_of[node]
        card = self.plan[2]
        mine = None  # the seat's token of this summit, if it has one
        for t in self.tokens[seat]:
            if t[0] == s:
                mine = t
                break
        if mine is None and self.summit_piles[s] > 0:
            number = self.p.tokens_per_summit - self.summit_piles[s] + 1
            self.summit_piles[s] -= 1
            mine = [s, number, 0, self.rnd]
            self.tokens[seat].append(mine)
            if self._narrate:
                self.events.append(f"P{seat} reaches summit S{s + 1} and takes token {number}")
            if card == "suffering" and not self.rested_since_summit[seat]:
                mine[2] = 1
            elif card == "shortcuts" and colour == 2:
                mine[2] = 1
        if card == "photos" and self.hikers_at(node, seat) > 0:
            if mine is not None:
                mine[2] = 1
            for other, q in enumerate(self.pos):
                if other != seat and q == node:
                    for t in self.tokens[other]:
                        if t[0] == s:
                            t[2] = 1
        self.rested_since_summit[seat] = False
        self.last_summit_round[seat] = self.rnd

    def _tag(self, seat: int, action: int) -> None:
        second = self.t_tags == 1
        if second:
            self._flip(seat, C.WILDLIFE)
            self.t_delta -= C.WILDLIFE_COST
            self.t_spent += C.WILDLIFE_COST
        if A.TAG_PATH <= action < A.TAG_DEST:
            s = self.map.path_spaces[self.t_path][action - A.TAG_PATH]
            animal, self.map_animals[s] = self.map_animals[s], -1
            how = "beside the path"
        elif A.TAG_DEST <= action < A.SEARCH:
            self._flip(seat, C.BINOCULARS)
            s = self.map.node_spaces[self.t_dest][action - A.TAG_DEST]
            animal, self.map_animals[s] = self.map_animals[s], -1
            how = "with binoculars"
        else:
            self._flip(seat, C.SEARCH)
            bag = action - A.SEARCH
            animal = self._draw(bag)
            how = _SEARCH_MSG[bag]
            if self.p.search_requires_threshold and self.t_start_energy < C.ANIMAL_THRESHOLD[animal]:
                self.bags[bag][animal] += 1
                self.t_tags += 1
                if self._narrate:
                    self.events.append(f"P{seat} finds a {C.ANIMALS[animal]} but lacks the energy; it goes back")
                return
        self.animals[seat].append([self.t_col, animal])
        self.t_tags += 1
        if self.weather == "fog":
            self.t_delta -= 1
            self.t_spent += 1
        if self._narrate:
            self.events.append(f"P{seat} tags a {C.ANIMALS[animal]} {how}")

    # ------------------------------------------------------------ solo opponent
    def _opponent_turn(self) -> bool:
        """The Sunday hikers' turn; False if it waits for the player's choice of an animal (phase
        "sunday"), True when it is over."""
        card = self.opp_deck.pop()
        self.opp_discard.append(card)
        _, _, removes, tiles, _, _ = C.OPPONENT_CARDS[card]
        if removes < 3:
            for pile in (2 * removes, 2 * removes + 1):
                if self.route_piles[pile]:
                    gone = self.route_piles[pile].pop()
                    self.removed_route.append(gone)
                    if pile & 1:  # from the descent pile: its ascent side was never seen
                        self.removed_blind.append(gone)
                    break
        else:
            big = 0 if len(self.rest_piles[0]) >= len(self.rest_piles[1]) else 1
            if self.rest_piles[big]:
                self.removed_rest.append(self.rest_piles[big].pop())
        if self._narrate:
            self.events.append(f"Sunday hikers: card {card + 1} removes the top {C.OPP_REMOVE[removes]} card")
        if not self.opp_deck:
            return True
        _, _, _, _, d0, req = C.OPPONENT_CARDS[self.opp_deck[-1]]
        self.sunday_pending = [d0, req, *tiles]
        return self._sunday_hikers_walk()

    def _sunday_hikers_walk(self) -> bool:
        """Move the Sunday hikers still listed in ``sunday_pending`` ([compass, requirement, hikers...]);
        stop (False) when one has two animals of the lowest value beside its path."""
        pend = self.sunday_pending
        while len(pend) > 2:
            h = pend.pop(2)
            if not self._move_sunday_hiker(h, pend[0], pend[1]):
                return False
        self.sunday_pending = []
        return True

    def _sunday_pick(self, i: int) -> None:
        """The player's choice: the waiting Sunday hiker takes the animal on path-side space ``i``."""
        h, d, s0, s1 = self.sunday_choice
        self.sunday_choice = []
        self._sunday_take(h, d, (s0, s1)[i])
        if self._sunday_hikers_walk():
            self.turn_pos += 1
            self._start_round_turns()

    def sunday_path(self, h: int, d0: int, req: int) -> int:
        """Direction the Sunday hiker ``h`` walks for compass ``d0`` and requirement ``req`` (-1: stays)."""
        here = self.sunday_pos[h]
        memo = self.map.sunday_memo  # a function of the (static) map: computed once per case
        key = (h, here, d0, req)
        d = memo.get(key)
        if d is None:
            d = memo[key] = self._sunday_path(h, here, d0, req)
        return d

    def _sunday_path(self, h: int, here: int, d0: int, req: int) -> int:
        for k in range(4):
            d = (d0 + k) % 4
            dest = self.map.neighbour[here][d]
            if dest < 0 or self.map.tile[dest] != h:
                continue
            ascent = self.map.altitude[dest] > self.map.altitude[here]
            if (req == 1 and not ascent) or (req == 2 and ascent):
                continue
            return d
        return -1

    def _move_sunday_hiker(self, h: int, d0: int, req: int) -> bool:
        here = self.sunday_pos[h]
        m = self.map
        key = (h, here, d0, req)  # sunday_path, inlined
        d = m.sunday_memo.get(key)
        if d is None:
            d = m.sunday_memo[key] = self._sunday_path(h, here, d0, req)
        if d < 0:
            if self._narrate:
                self.events.append(_STAY_MSG[h])
            return True
        dest = m.neighbour[here][d]
        path = m.neighbour_path[here][d]
        self.sunday_pos[h] = dest
        # the spaces beside the path holding an animal of the lowest VP, in space order
        ma = self.map_animals
        options = []
        low = 99
        vps = C.ANIMAL_VP
        for s in m.path_spaces[path]:
            a = ma[s]
            if a >= 0:
                v = vps[a]
                if v < low:
                    low = v
                    options = [s]
                elif v == low:
                    options.append(s)
        if len(options) > 1:  # equal values on both sides: the player chooses (rulebook)
            self.sunday_choice = [h, d, *options]
            return False
        self._sunday_take(h, d, options[0] if options else -1)
        return True

    def _sunday_take(self, h: int, d: int, s: int) -> None:
        """Sunday hiker ``h``, just arrived by direction ``d``: take the animal on space ``s`` (-1: none),
        then a summit token on a first visit."""
        what = ""
        if s >= 0:
            self.opp_animals[self.map_animals[s]] += 1
            what = f", tags a {C.ANIMALS[self.map_animals[s]]}"
            self.map_animals[s] = -1
        dest = self.sunday_pos[h]
        sm = self.map.summit_of[dest]
        if sm >= 0:
            if sm not in self.sunday_visited[h]:
                self.sunday_visited[h].append(sm)
                if self.summit_piles[sm] > 0:
                    number = self.p.tokens_per_summit - self.summit_piles[sm] + 1
                    self.summit_piles[sm] -= 1
                    self.opp_tokens.append([h, sm, number])
                    what += f", takes summit token S{sm + 1}/{number}"
            if self.plan[2] == "photos" and self.p.sunday_hikers_are_hikers and self.pos[0] == dest:
                for t in self.tokens[0]:
                    if t[0] == sm:
                        t[2] = 1
        if self._narrate:
            self.events.append(_WALK_MSG[h][d] + what if what else _WALK_MSG[h][d])

    # ------------------------------------------------------------ scores
    def score_breakdown(self, seat: int) -> dict[str, int]:
        return S.score_breakdown(self.plan, self.side, self.p.vignette_cover_margin, self.gps[seat],
                                 self.animals[seat], self.tokens[seat])

    def scores_of(self, seat: int) -> int:
        return S.fast_total(self.plan, self.side, self.p.vignette_cover_margin, self.gps[seat],
                            self.animals[seat], self.tokens[seat])

    def scores(self) -> list[float]:
        return [float(self.scores_of(s)) for s in range(self.num_players)]

    def opponent_score(self) -> int:
        return S.solo_opponent_score(self.plan, self.side, self.opp_animals, len(self.opp_tokens))

    def winners(self) -> list[int]:
        if self.phase_id != OVER:
            return []
        sc = self.scores()
        if len(sc) == 1:
            return [0] if sc[0] > self.opponent_score() else []
        key = [(s, len(a)) for s, a in zip(sc, self.animals)]  # ties: the most animals
        best = max(key)
        return [s for s, k in enumerate(key) if k == best]

    def returns(self) -> list[float]:
        if len(self.pos) == 1 and self.phase_id == OVER:  # alone: +1 beating the Sunday hikers
            return [1.0 if self.winners() else -1.0]
        return super().returns()

    # ------------------------------------------------------------ observation
    # ``GameState.observation(seat, out)``: the encoder function itself (one call frame less per
    # observation; its first parameter is the state)
    observation = encode_observation

    def state_tensor(self, out: np.ndarray) -> None:
        encode_state(self, out)

    # ------------------------------------------------------------ copy / serialise
    # the generator is materialised lazily: clones that never draw (search agents) stay cheap.
    # ``_rng_snapshot`` holds a bit generator's state (a clone) or a seed (``resample_hidden``)
    @property
    def rng(self) -> np.random.Generator:
        if self._rng is None:
            snap = self._rng_snapshot
            if type(snap) is int:
                bit_gen = np.random.PCG64(snap)  # what default_rng(seed) builds
            else:
                bit_gen = getattr(np.random, snap["bit_generator"])()
                bit_gen.state = snap
            self._rng = np.random.Generator(bit_gen)
            self._rng_snapshot = None
        return self._rng

    @rng.setter
    def rng(self, value: np.random.Generator) -> None:
        self._rng = value
        self._rng_snapshot = None

    def clone(self) -> "TrekkingState":
        s = self._copy_without_rng()
        s._rng_snapshot = self._rng_snapshot if self._rng is None else self._rng.bit_generator.state
        return s

    def _copy_without_rng(self, piles: bool = True) -> "TrekkingState":
        """A copy of everything but the generator (left unset: the caller gives the copy one); with
        ``piles`` False, the route and rest piles are left for the caller to set (``resample_hidden``
        builds new ones)."""
        s = TrekkingState.__new__(TrekkingState)
        s.game, s.p, s.map, s.side = self.game, self.p, self.map, self.side
        s._penalty, s._refill_rounds, s._narrate = self._penalty, self._refill_rounds, self._narrate
        s._rng = s._rng_snapshot = None
        s._rev, s._obs, s._legal, s._moves, s._kinds = 0, None, None, None, None  # ``_reset_caches``, inlined
        s.plan = self.plan
        s.rnd, s.turn_pos, s.phase_id, s.to_act = self.rnd, self.turn_pos, self.phase_id, self.to_act
        s.t_start_energy, s.t_delta, s.t_bars, s.t_path = self.t_start_energy, self.t_delta, self.t_bars, self.t_path
        s.t_dest, s.t_tags, s.t_refuge, s.t_refuge_met, s.t_col = (
            self.t_dest, self.t_tags, self.t_refuge, self.t_refuge_met, self.t_col)
        s.t_drinks, s.t_spent = self.t_drinks, self.t_spent
        s.order, s.refuge_queue = self.order[:], self.refuge_queue[:]
        s.pos, s.energy = self.pos[:], self.energy[:]
        s.rested_since_summit, s.last_summit_round = self.rested_since_summit[:], self.last_summit_round[:]
        s.map_animals, s.summit_piles = self.map_animals[:], self.summit_piles[:]
        s.removed_route, s.removed_rest = self.removed_route[:], self.removed_rest[:]
        s.removed_blind = self.removed_blind[:]
        s.sunday_pending, s.sunday_choice = self.sunday_pending[:], self.sunday_choice[:]
        s.sunday_pos, s.opp_deck, s.opp_discard = self.sunday_pos[:], self.opp_deck[:], self.opp_discard[:]
        s.opp_animals = self.opp_animals[:]
        s.opp_tokens = [t[:] for t in self.opp_tokens]
        s.events = self.events[:]
        # placed GPS columns and tagged animals never change (a flip replaces its column: ``_flip``), so
        # the copy shares them: only the lists holding them are copied
        s.gps = [g[:] for g in self.gps]
        s.animals = [g[:] for g in self.animals]
        s.tokens = [[t[:] for t in g] for g in self.tokens]
        if piles:
            s.route_piles = [x[:] for x in self.route_piles]
            s.rest_piles = [x[:] for x in self.rest_piles]
        s.bags = [x[:] for x in self.bags]
        s.sunday_visited = [x[:] for x in self.sunday_visited]
        return s

    def mute(self) -> None:
        """No more ``events`` lines: a search's determinization is never read by a person."""
        self._narrate = False

    def resample_hidden(self, seat: int, rng: np.random.Generator) -> "TrekkingState":
        """A copy with every hidden element drawn anew from ``rng``; Trekking has no private hands, so
        it is the same for every ``seat``. Hidden: the order of each ascent pile below its (face-up) top,
        the whole descent pile of each colour (the descent sides look alike, the ascent sides lie face
        down), the rest cards below both piles' tops (one pool: which pile holds them is unseen), the
        Sunday hikers' deck below its top, and the generator (the bags' draws). Each pool is sorted
        before it is shuffled, so the result depends only on public facts and ``rng``. The cards on the
        GPS boards stay as they are (a descent card's face-down cost is not redrawn). The copy narrates
        its moves like this state (a search turns that off with :meth:`mute`)."""
        s = self._copy_without_rng(piles=False)
        # ``rng.shuffle`` of a list makes the same swaps as ``rng.permutation`` (the same draws, half the cost)
        shuffle = rng.shuffle
        piles = self.route_piles
        s.route_piles = new = []
        for c in range(3):
            up, down = piles[2 * c], piles[2 * c + 1]
            k = max(len(up) - 1, 0)
            pool = sorted(up[:k] + down)
            shuffle(pool)
            new.append(pool[:k] + up[k:])
            new.append(pool[k:])
        r0, r1 = self.rest_piles
        k0, k1 = max(len(r0) - 1, 0), max(len(r1) - 1, 0)
        pool = sorted(r0[:k0] + r1[:k1])
        shuffle(pool)
        s.rest_piles = [pool[:k0] + r0[k0:], pool[k0:] + r1[k1:]]
        deck = s.opp_deck
        if len(deck) > 1:
            pool = sorted(deck[:-1])
            shuffle(pool)
            s.opp_deck = pool + deck[-1:]
        # the generator's seed (built on the first draw): ``int(rng.integers(2 ** 63))``; for a PCG64 that
        # draw is one raw 64-bit output shifted right by one (Lemire's method with a range of 2 ** 63
        # never rejects), the same value from the same state, read without ``integers``' overhead
        bit_gen = rng.bit_generator
        s._rng_snapshot = bit_gen.random_raw() >> 1 if type(bit_gen) is _PCG64 else int(rng.integers(2 ** 63))
        return s

    def observation_text(self, seat: int) -> str:
        return R.observation_text(self, seat)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = state_header(self.game)
        d.update({"plan": list(self.plan), "rng": rng_to_dict(self.rng),
                  "map_altitude": list(self.map.altitude) if self.p.map == "random" else None})
        for f in _SCALAR_FIELDS:
            d[f] = PHASES[self.phase_id] if f == "stage" else getattr(self, f)
        for f in _LIST_FIELDS:
            d[f] = [x[:] if isinstance(x, list) else x for x in getattr(self, f)]
        for f in _NESTED_FIELDS:
            d[f] = [[y[:] if isinstance(y, list) else y for y in x] for x in getattr(self, f)]
        return d

    @classmethod
    def from_dict(cls, game, data: dict[str, Any]) -> "TrekkingState":
        """The state ``to_dict`` gave; ParameterError names what is wrong with another dict."""
        check_state_dict(game, data, _SCALAR_FIELDS, _LIST_FIELDS, _NESTED_FIELDS)
        s = cls.__new__(cls)
        s.game = game
        s._bind()
        s.rng = rng_from_dict(data["rng"])
        if data.get("map_altitude"):
            s.map = C.map_for_altitudes(data["map_altitude"])
        s.plan = list(data["plan"])
        for f in _STORED_SCALARS:
            setattr(s, f, data[f])
        for f in _LIST_FIELDS:
            setattr(s, f, [x[:] if isinstance(x, list) else x for x in data[f]])
        for f in _NESTED_FIELDS:
            setattr(s, f, [[y[:] if isinstance(y, list) else y for y in x] for x in data[f]])
        s.phase_id = ph = PHASES.index(data["stage"])
        # the deciding seat: the first in the refuge queue, seat 0 choosing for a Sunday hiker, else
        # the seat whose turn it is (none when the game is over)
        s.to_act = (s.refuge_queue[0] if ph == REFUGE_PHASE else 0 if ph == SUNDAY_PHASE
                    else -1 if ph == OVER else s.order[s.turn_pos])
        return s

    # ------------------------------------------------------------ text
    def action_to_string(self, action: int) -> str:
        return A.action_name(int(action))

    def render_text(self) -> str:
        return R.render_text(self)

    def render_rgb(self) -> np.ndarray:
        return R.render_rgb(self)


class TrekkingGame(Game):
    """Trekking (TCG Factory, 2024): 1 (solo vs the Sunday hikers) to 4 hikers, 12 rounds."""

    name = "trekking"
    Params = TrekkingParams
    State = TrekkingState
    player_counts = (1, 2, 3, 4)
    render_modes = ("ansi", "rgb_array")
    score_scale = 20.0
    observation_bounds = (-1.0, 1.0)
    max_decisions = 2000
    num_actions = A.NUM_ACTIONS
    observation_size = OBS_SIZE
    state_size = STATE_SIZE

    def new_initial_state(self, rng: np.random.Generator) -> TrekkingState:
        return TrekkingState(self, rng)

    def seat_blocks(self) -> list[np.ndarray]:
        return seat_blocks(self.num_players)
