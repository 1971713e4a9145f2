"""Itchy Feet rules: the state and its transitions (no gymnasium / pettingzoo here).

The engine keeps a small *task stack*: an action pushes the steps it causes
(draw a card, check the hand limit, resolve an event, ask for a reaction, end
the action ...) and ``_run`` pops them until one needs a decision, which sets
``ph`` (the phase id, ``actions.PHASES``) and ``actor``. Every task is a JSON-safe
list, so a state in the middle of an event or a trade negotiation round-trips
through ``to_dict``. Each decision phase has its pair of handlers, ``_legal_<phase>``
and ``_do_<phase>``, side by side (the ``_DECISIONS`` table).
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import ge, gt
from typing import Any, Callable, NamedTuple

import numpy as np

from travel_envs.core.game import (Game, GameState, ParameterError, check_state_header, rng_from_dict,
                                   rng_to_dict, state_header)

from . import actions as A
from .actions import (NUM_PHASES, P_DISCARD_DOWN, P_FORBID_COMPANION, P_GUIDE_PICK, P_INSURANCE,
                      P_JET_DISCARD, P_LUGGAGE, P_MAIN, P_MAP_TARGET, P_MOUSETRAP, P_NONE, P_PICK_TARGET,
                      P_RECYCLE_PAY, P_RECYCLE_TAKE, P_SMUGGLE_TARGET, P_STEAL_DISCARD, P_STEAL_TARGET,
                      P_STRIKE, P_TRADE_BUILD, P_TRADE_PARTNER, P_TRADE_RESPONSE, P_TRADING_POST, PHASES)
from .components import (
    AIRLINE_STRIKE, BACKPACKER, BACKPACKER_HAND_LIMIT, BASE_DRAW_PILE,
    CIVIL_UNREST, COUNTRY_ITEMS, DIPLOMAT, DISTANCE_KM, DUTY_FREE_DAY, EVENTS,
    DUTY_FREE_VOUCHER, EMPTY_HAND_DRAW, EXOTIC_PET, EXTENSION_CARDS, FIREWORKS, FORBIDDEN, GLOBETROTTER, HAND_LIMIT,
    HIPPIE, HIPPIE_RECYCLE_COST, IS_EVENT, IS_FORBIDDEN, JET_SETTER, LOCAL_GUIDE, LOCAL_GUIDE_PEEK,
    LOUNGE_PASS, LUGGAGE_MIXUP, MOMS_CARD, MOUSETRAP, NUM_CARD_TYPES, NUM_CHARACTERS,
    NUM_COUNTRIES, PASSPORT, PICKPOCKET, POORLY_DRAWN_MAP, POSTCARD, POSTCARDS_TO_WIN,
    RECYCLE_COST, SMUGGLER, STARTING_ITEMS, TRADING_POST, TRADING_POST_MAX, TRAVEL_INSURANCE, UNLABELLED_SEEDS,
)
from .encoder import OBS_SIZE, STATE_SIZE, Observer, seat_blocks
from .params import ItchyFeetParams
from .render import observation_text, render_rgb, render_text

#: a ``_do_`` handler's answer when it has set the next decision itself (the task stack waits)
DECIDED = True
#: the special item played (discarded) when its main action is announced
_ACTION_CARD = {A.GUIDE: LOCAL_GUIDE, A.POST: TRADING_POST, A.MAP: POORLY_DRAWN_MAP, A.PICK: PICKPOCKET,
                A.VOUCHER: DUTY_FREE_VOUCHER}
#: the ask ids' flags in a trade offer (events are never asked for), written into a mask at once
_NOT_EVENT = bytes(not e for e in IS_EVENT)
_FREE_TYPES = tuple(t for t in range(NUM_CARD_TYPES) if not IS_FORBIDDEN[t])
#: most card types a trade offer may ask for (a partner never holds more than 8 cards)
MAX_ASK = 8
_ACTION_IDS = range(A.NUM_ACTIONS)
_CARD_TYPES = range(NUM_CARD_TYPES)
#: the event cards are types _FIRST_EVENT .. _LAST_EVENT: in a sorted pile, one run
_FIRST_EVENT, _LAST_EVENT = min(EVENTS), max(EVENTS)
assert EVENTS == tuple(range(_FIRST_EVENT, _LAST_EVENT + 1))

_INT_FIELDS = (
    "turn_player", "turn_number", "actions_left", "actions_done", "offers_made", "ph", "actor",
    "partner", "announced", "rc_need", "rc_base", "event", "post_n", "forb", "winner",
)
_BOOL_FIELDS = ("lounge_used", "terminal")
_LIST_FIELDS = ("draw", "discard", "own_country", "home_done", "unused", "away", "completed", "done_country",
                "characters", "give", "ask", "insured", "lug_choice", "peek", "jet", "sizes", "resolving")
_NESTED_FIELDS = ("hands", "known", "stack")
_SCALAR_FIELDS = _INT_FIELDS + _BOOL_FIELDS


def shuffled(rng: np.random.Generator, cards) -> list[int]:
    """A shuffled copy of ``cards``: the order ``rng.permutation(cards)`` gives, from the same
    draws, without the array round trip (a tenth of the cost on a pile of cards)."""
    out = list(cards)
    rng.shuffle(out)
    return out


def start_player(own_countries: list[int], centre: int, rng: np.random.Generator) -> int:
    """The seat whose country's capital is closest to the centre's (ruling 11: ties random)."""
    dist = [DISTANCE_KM[c][centre] for c in own_countries]
    best = min(dist)
    ties = [s for s, d in enumerate(dist) if d - best < 1e-9]
    return ties[0] if len(ties) == 1 else int(ties[int(rng.integers(len(ties)))])


class ItchyFeetState(GameState):
    """One game of Itchy Feet. Hands are count vectors over the 30 card types."""

    # ------------------------------------------------------------------ setup
    def __init__(self, game: "ItchyFeetGame", rng: np.random.Generator) -> None:
        self.game = game
        self.rng = rng
        self._mask: bytearray | None = None  # the current decision's legal flags, once computed
        p: ItchyFeetParams = game.params
        n = p.num_players
        # 1. passports (and, with the extension, characters face up)
        self.hands = [[0] * NUM_CARD_TYPES for _ in range(n)]
        self.sizes = [0] * n
        for s in range(n):
            self._gain(s, PASSPORT)
        if p.has("characters"):
            self.characters = [int(c) for c in rng.permutation(NUM_CHARACTERS)[:n]]
        else:
            self.characters = [-1] * n
        # 2. countries: one in front of each player, one in the centre, the rest put away
        order = [int(c) for c in rng.permutation(NUM_COUNTRIES)]
        self.own_country = order[:n]
        self.centre = order[n]
        self.unused = order[n + 1:]
        self.away: list[int] = []
        self.completed: list[int] = []
        self.done_country = [-1] * n  # the country each player completed (public)
        self.home_done = [False] * n
        # 3. draw pile of items, 3 cards each
        self.draw = shuffled(rng, BASE_DRAW_PILE)
        for s in range(n):
            for _ in range(STARTING_ITEMS):
                self._gain(s, self.draw.pop())
        # 4. extensions shuffled in after the deal
        extra = [c for name in p.extensions for c in EXTENSION_CARDS[name]]
        if extra:
            self.draw.extend(extra)
            self.draw = shuffled(rng, self.draw)
        self.discard: list[int] = []
        #: known[s][t]: copies of t that every player knows s holds (open trades, cards taken
        #: from the discard pile, announced actions, the hand shown when travelling); a lower
        #: bound that is lowered whenever s loses a card, so it never claims a card s lost
        self.known: list[list[int]] = [[0] * NUM_CARD_TYPES for _ in range(n)]
        #: seen[r][q][t]: copies of t that r alone knows q holds (the card r passed to q in Lost
        #: Luggage, the card q took from r with Pickpocket / Steal, what is left of q's known
        #: cards when r saw which one q lost); a lower bound, lowered like ``known``
        self.seen: list[list[list[int]]] = [[[0] * NUM_CARD_TYPES for _ in range(n)] for _ in range(n)]
        # turn and decision context
        self.turn_number = 0
        self.actions_left = 1
        self.actions_done = 0
        self.offers_made = 0
        self.lounge_used = False
        self.ph = P_NONE
        self.actor = -1
        self.partner = -1
        self.give = [0] * NUM_CARD_TYPES
        self.ask = [0] * NUM_CARD_TYPES
        self.announced = -1
        self.rc_need = 0
        self.rc_base = 0
        self.event = -1
        self.insured = [False] * n
        self.lug_choice = [-1] * n
        self.peek: list[int] = []
        self.post_n = 0
        self.forb = -1
        self.jet: list[int] = []
        self.resolving: list[int] = []
        self.winner = -1
        self.terminal = False
        self.stack: list[list] = []
        # start: the player whose country is closest (real world) to the centre; ties random
        first = start_player(self.own_country, self.centre, rng)
        self.turn_player = first
        self._start_turn(first)
        self._run()

    # ------------------------------------------------------------------ helpers
    @property
    def params(self) -> ItchyFeetParams:
        return self.game.params

    def hand_limit(self, s: int) -> int:
        return BACKPACKER_HAND_LIMIT if self.characters[s] == BACKPACKER else HAND_LIMIT

    def recycle_cost(self, s: int) -> int:
        return HIPPIE_RECYCLE_COST if self.characters[s] == HIPPIE else RECYCLE_COST

    def forbidden_count(self, s: int) -> int:
        h = self.hands[s]
        return h[FIREWORKS] + h[EXOTIC_PET] + h[UNLABELLED_SEEDS]

    def free_count(self, s: int) -> int:
        """Cards of ``s`` that may be discarded (everything but forbidden items)."""
        return self.sizes[s] - self.forbidden_count(s)

    def _gain(self, s: int, t: int) -> None:
        self.hands[s][t] += 1
        self.sizes[s] += 1

    def _lose(self, s: int, t: int) -> None:
        h = self.hands[s]
        h[t] -= 1
        self.sizes[s] -= 1
        jet = self.jet
        if jet and s == self.turn_player and h[t] < jet.count(t):
            jet.remove(t)  # a card the Jet-setter just drew left the hand (older copies go first)

    def _to_discard(self, s: int, t: int) -> None:
        """``s`` discards ``t`` face up: everyone sees the card go."""
        self._lose(s, t)
        self.discard.append(t)
        k = self.known[s]
        if k[t]:
            k[t] -= 1
        self._forget(s, t, 1)

    def _forget(self, s: int, t: int, copies: int) -> None:
        """Everyone saw ``s`` part with ``copies`` of ``t``: private memories of them shrink."""
        for row in self.seen:
            m = row[s]
            if m[t]:
                m[t] = max(0, m[t] - copies)

    def _lose_hidden(self, s: int, t: int, witness: int = -1) -> None:
        """``s`` loses ``t`` unseen by the table: any known card may be the one that went. Only
        ``witness`` (the receiver of the card) knows which one: its memory of ``s`` becomes
        what it knew, and what the table knew, less that card."""
        self._lose(s, t)
        k = self.known[s]
        for r, row in enumerate(self.seen):
            m = row[s]
            if r == s:
                continue
            if r == witness:
                for u in range(NUM_CARD_TYPES):
                    if k[u] > m[u]:
                        m[u] = k[u]
                if m[t]:
                    m[t] -= 1
            elif any(m):
                for u in range(NUM_CARD_TYPES):
                    if m[u]:
                        m[u] -= 1
        for u in range(NUM_CARD_TYPES):
            if k[u]:
                k[u] -= 1

    def _remember(self, r: int, q: int, t: int) -> None:
        """``r`` alone saw ``q`` receive ``t`` (from ``r``'s hand or taken from it)."""
        m, k = self.seen[r][q], self.known[q]
        for u in range(NUM_CARD_TYPES):
            if k[u] > m[u]:
                m[u] = k[u]
        m[t] += 1

    def view_known(self, seat: int, q: int) -> list[int]:
        """The copies of each card ``seat`` knows ``q`` holds: the table's knowledge and its own."""
        k, m = self.known[q], self.seen[seat][q]
        if not any(m):
            return k
        return [a if a > b else b for a, b in zip(k, m)]

    def _learn_at_least(self, s: int, t: int, copies: int) -> None:
        """The table now knows that ``s`` holds at least ``copies`` of ``t``."""
        k = self.known[s]
        if k[t] < copies:
            k[t] = copies

    def _seat(self, rel: int, of: int | None = None) -> int:
        base = self.actor if of is None else of
        return (base + rel) % self.num_players

    def _random_card(self, s: int) -> int:
        """A uniformly random card (by copies) from the hand of ``s``."""
        k = int(self.rng.integers(self.sizes[s]))
        for t, c in enumerate(self.hands[s]):
            if k < c:
                return t
            k -= c
        raise AssertionError("hand size out of sync")

    def _reshuffle(self) -> None:
        """The discard pile (events, forbidden items included) becomes the new draw pile."""
        self.draw = shuffled(self.rng, self.discard) + self.draw
        self.discard = []

    def _set_decision(self, phase: int, actor: int) -> None:
        self.ph = phase
        self.actor = actor

    def _win(self, s: int) -> None:
        self.winner = s
        self.terminal = True
        self.stack = []
        self.resolving = []
        self.ph = P_NONE
        self.actor = -1

    def _check_postcards(self) -> None:
        """Ruling 10: 4 postcards win at once; several at once -> first in turn order."""
        if not self.params.has("postcards"):
            return
        n = self.num_players
        for k in range(n):
            s = (self.turn_player + k) % n
            if self.hands[s][POSTCARD] >= POSTCARDS_TO_WIN:
                self._win(s)
                return

    # ------------------------------------------------------------------ contract
    # own current_player / is_terminal / phase rather than the base class's phase_id / to_act:
    # ``ph`` and ``actor`` are names state dicts, tests and users read, and phase 0 also means
    # "between decisions" while tasks run, so the end of the game is a flag of its own
    @property
    def current_player(self) -> int:
        return -1 if self.terminal else self.actor

    @property
    def is_terminal(self) -> bool:
        return self.terminal

    @property
    def phase(self) -> str:
        return PHASES[self.ph]

    @property
    def num_players(self) -> int:
        return len(self.sizes)  # a hand size per seat: one lookup, not the game's params

    def scores(self) -> list[float]:
        """2 for the winner (centre reached or 4 postcards), else 1 for a completed own country:
        a Postcard winner who never travelled still outscores everyone."""
        return [2.0 if self.winner == s else float(self.home_done[s]) for s in range(self.num_players)]

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    # ------------------------------------------------------------------ turn structure
    def _start_turn(self, s: int) -> None:
        self.turn_player = s
        self.turn_number += 1
        if self.turn_number > self.game.params.max_turns:
            self.terminal = True  # ruling 13: nobody wins
            self.stack = []
            self.resolving = []
            self.ph = P_NONE
            self.actor = -1
            return
        self.actions_left = 1
        self.actions_done = 0
        self.offers_made = 0
        self.lounge_used = False
        self.announced = -1
        self.event = -1
        if True in self.insured:
            self.insured = [False] * self.num_players
        self.stack.append(["main"])
        if self.sizes[s] == 0:  # empty hand: draw 3, not an action
            self.stack.append(["draw", s, EMPTY_HAND_DRAW, 0])

    def _run(self) -> None:
        """Pop tasks until one asks for a decision or the game ends."""
        self.ph = P_NONE
        while not self.terminal and self.ph == P_NONE:
            task = self.stack.pop()
            _TASK_RUNNERS[task[0]](self, *task[1:])

    # ---- tasks
    def _t_main(self) -> None:
        self._set_decision(P_MAIN, self.turn_player)

    def _t_done(self) -> None:
        """The action is complete: another one (Lounge Pass) or the next player's turn."""
        self.actions_left -= 1
        self.actions_done += 1
        self.announced = -1
        self.partner = -1
        if self.actions_left > 0:
            self._set_decision(P_MAIN, self.turn_player)
        else:
            self._t_endturn()

    def _t_endturn(self) -> None:
        self._start_turn((self.turn_player + 1) % self.num_players)

    def _t_draw(self, s: int, n: int, rec: int) -> None:
        """``s`` draws ``n`` cards one at a time (events resolve at once and are replaced)."""
        if n > 1:
            self.stack.append(["draw", s, n - 1, rec])
        if not self._can_draw():
            return  # ruling 12: nothing (but events) left to draw, the draw is skipped
        if not self.draw:
            self._reshuffle()
        c = self.draw.pop()
        if not self.draw and self.discard:
            self._reshuffle()  # the final card was pulled
        if IS_EVENT[c]:
            self.discard.append(c)
            self.stack.append(["draw", s, 1, rec])  # the replacement card
            if c not in self.resolving:  # re-drawn during its own resolution: no effect
                self.resolving.append(c)
                self.stack.append(["evend", c])
                self.stack.append(["event", c, s])
            return
        self._gain(s, c)
        if rec:
            self.jet.append(c)
        else:
            self.stack.append(["limit", s])
        if c == POSTCARD:
            self._check_postcards()

    def _can_draw(self) -> bool:
        """True when the piles hold a card that is not an event (only 4 events exist)."""
        if len(self.draw) + len(self.discard) > 4:
            return True
        return any(not IS_EVENT[x] for x in self.draw) or any(not IS_EVENT[x] for x in self.discard)

    def _t_evend(self, e: int) -> None:
        self.resolving.remove(e)

    def _t_limit(self, s: int) -> None:
        if self.sizes[s] > self.hand_limit(s) and self.free_count(s) > 0:
            self.stack.append(["limit", s])
            self._set_decision(P_DISCARD_DOWN, s)

    def _reaction_seats(self, card: int, candidates: list[int]) -> list[int]:
        """The seats to ask about a reaction card, chosen from public facts only: nobody when
        the card is in the discard pile, its known holder when the table knows one, else every
        candidate (asking only the holder would tell the table who holds it)."""
        if card in self.discard:
            return []
        for q, k in enumerate(self.known):
            if k[card]:
                return [q] if q in candidates else []
        return candidates

    def _push_mousetrap_window(self) -> None:
        """After an announced action every other player, in turn order, may play a Mousetrap."""
        p = self.game.params
        if not p.reactions or "special_items" not in p.extensions:
            return
        n = self.num_players
        seats = self._reaction_seats(MOUSETRAP, [(self.turn_player + k) % n for k in range(1, n)])
        for q in reversed(seats):
            self.stack.append(["mouse", q])

    def _t_mouse(self, q: int) -> None:
        self._set_decision(P_MOUSETRAP, q)

    def _t_exec(self, a: int) -> None:
        self._execute(a)

    def _t_respond(self) -> None:
        self._set_decision(P_TRADE_RESPONSE, self.partner)

    def _t_event(self, e: int, s: int) -> None:
        self.event = e
        if e == CIVIL_UNREST:
            # ruling: the centre is shared, Travel Insurance cannot shield it
            self.away.append(self.centre)
            if self.unused:
                self.centre = self.unused.pop(int(self.rng.integers(len(self.unused))))
            else:
                self.centre = self.away.pop()  # no unused country left: the centre stays
            return
        self.insured = [False] * self.num_players
        self.stack.append(["evapply", e, s])
        if self.params.reactions and "special_items" in self.params.extensions:
            self.stack.append(["insure", s])

    def _t_insure(self, s: int) -> None:
        """Every player, from the drawer on, may play Travel Insurance against the event."""
        n = self.num_players
        seats = self._reaction_seats(TRAVEL_INSURANCE, [(s + k) % n for k in range(n)])
        for q in reversed(seats):
            self.stack.append(["insask", q])

    def _t_insask(self, q: int) -> None:
        if True not in self.insured:  # the only copy may already have been played
            self._set_decision(P_INSURANCE, q)

    def _t_evapply(self, e: int, s: int) -> None:
        n = self.num_players
        order = [(s + k) % n for k in range(n)]
        affected = [q for q in order if not self.insured[q]]
        if e == AIRLINE_STRIKE:
            for q in reversed(affected):
                self.stack.append(["strike", q])
        elif e == LUGGAGE_MIXUP:
            self.lug_choice = [-1] * n
            self.stack.append(["lugapply", s])
            for q in reversed(affected):
                self.stack.append(["lug", q])
        elif e == DUTY_FREE_DAY:
            for q in reversed(affected):
                self.stack.append(["draw", q, 1, 0])

    def _t_strike(self, q: int) -> None:
        if self.free_count(q) > 0:
            self._set_decision(P_STRIKE, q)

    def _t_lug(self, q: int) -> None:
        if self.sizes[q] > 0:
            self._set_decision(P_LUGGAGE, q)

    def _t_lugapply(self, s: int) -> None:
        """Everyone passes the chosen card to the next unaffected-by-insurance player on the left."""
        n = self.num_players
        ring = [(s + k) % n for k in range(n) if not self.insured[(s + k) % n]]
        moves = []
        for i, q in enumerate(ring):
            t = self.lug_choice[q]
            if t >= 0:
                moves.append((q, ring[(i + 1) % len(ring)], t))
        for q, r, t in moves:
            self._lose_hidden(q, t, witness=r)
        for q, r, t in moves:
            self._gain(r, t)
            if q != r:
                self._remember(q, r, t)
        self.lug_choice = [-1] * n
        for q in reversed(ring):
            self.stack.append(["limit", q])
        self._check_postcards()

    def _t_jet(self, s: int) -> None:
        """Jet-setter: of the 2 drawn cards, keep 1 and discard the other. ``jet`` holds the
        drawn cards still in hand: when an event between the two draws took one, the
        other is kept without a discard."""
        if len(self.jet) >= 2 and self._jet_options(s):
            self._set_decision(P_JET_DISCARD, s)
        else:
            self.jet = []

    def _jet_options(self, s: int) -> list[int]:
        return [t for t in set(self.jet) if self.hands[s][t] > 0 and not IS_FORBIDDEN[t]]

    # ------------------------------------------------------------------ legality
    def can_travel(self, s: int, target: int, mom: int) -> bool:
        h = self.hands[s]
        if target == A.TRAVEL_OWN:
            country = self.own_country[s]
            if country < 0:
                return False
        else:
            if not self.home_done[s]:
                return False  # own country first
            country = self.centre
        if h[PASSPORT] == 0:
            return False
        if self.forbidden_count(s) and self.characters[s] != SMUGGLER:
            return False
        if mom and (h[MOMS_CARD] == 0 or h[COUNTRY_ITEMS[country][mom - 1]]):
            return False  # Mom's Credit Card counts as a *missing* item
        req = COUNTRY_ITEMS[country]
        for k in range(3):
            if k + 1 != mom and h[req[k]] == 0:
                return False
        return True

    def _recycle_pool(self) -> list[int]:
        """Card types the pending/possible recycle may take (never events)."""
        return sorted({t for t in self.discard[: self.rc_base] if not IS_EVENT[t]})

    def _others_with_cards(self, s: int) -> bool:
        return any(self.sizes[q] for q in range(self.num_players) if q != s)

    def legal_action_mask(self) -> np.ndarray:
        """The legal actions of the current decision (computed once per decision)."""
        flags = self._mask
        if flags is None:
            flags = self._mask = self._legal_flags()
        return np.frombuffer(flags, bool).copy()

    def legal_actions(self) -> list[int]:
        flags = self._mask
        if flags is None:
            flags = self._mask = self._legal_flags()
        return list(compress(_ACTION_IDS, flags))  # the cached flags read in place: no array

    def legal_flags(self) -> bytearray:
        """The legal actions as flags (``flags[a]`` is 1 when ``a`` is legal, else 0), for a player
        that looks up a few ids: the flags the mask is made of, without the array. The state's
        own copy (computed once per decision): read it, do not change it."""
        flags = self._mask
        if flags is None:  # _legal_flags() written out: a search's play-outs ask once per move
            flags = self._mask = bytearray(A.NUM_ACTIONS)
            if not self.terminal:
                _LEGAL[self.ph](self, flags, self.actor)
        return flags

    def _compute_mask(self) -> np.ndarray:
        return np.frombuffer(self._legal_flags(), bool)

    def _legal_flags(self) -> bytearray:
        # the handlers write flags into a bytearray (a fraction of an array item write's cost)
        flags = bytearray(A.NUM_ACTIONS)
        if not self.terminal:
            _LEGAL[self.ph](self, flags, self.actor)
        return flags

    def _apply(self, a: int) -> None:
        self._mask = None  # the cached flags of the decision just taken
        if _APPLY[self.ph](self, self.actor, a) is not DECIDED and not self.terminal:
            self._run()

    # ------------------------------------------------------------------ decisions
    # One pair per decision phase, side by side: ``_legal_<phase>(mask, s)`` marks the ids seat
    # ``s`` may choose, ``_do_<phase>(s, a)`` carries one out. A ``_do_`` handler returns
    # DECIDED when it has set the next decision itself (the same seat goes on deciding);
    # otherwise the task stack runs until a decision is needed.

    # ---- main: the turn player's action (or the Lounge Pass before it)
    def _legal_main(self, mask: bytearray, s: int) -> None:
        h = self.hands[s]
        n = len(self.sizes)
        params = self.game.params
        free = self.sizes[s] - (h[FIREWORKS] + h[EXOTIC_PET] + h[UNLABELLED_SEEDS])  # free_count(s)
        smuggler = self.characters[s] == SMUGGLER
        mask[A.DRAW] = True  # always (ruling 12: skipped when both piles are empty)
        if free >= self.recycle_cost(s) and (
                len(self.discard) > 4 or any(not IS_EVENT[t] for t in self.discard)):
            mask[A.RECYCLE] = True
        if self.offers_made < params.max_trade_offers and self.sizes[s] > 0:
            mask[A.TRADE] = True
        if h[PASSPORT] and (smuggler or free == self.sizes[s]):
            target = A.TRAVEL_OWN if self.own_country[s] >= 0 else A.TRAVEL_CENTRE
            for mom in range(4 if h[MOMS_CARD] else 1):
                if self.can_travel(s, target, mom):
                    mask[A.travel_action(target, mom)] = True
        if h[LOUNGE_PASS] and self.actions_done == 0 and not self.lounge_used:
            mask[A.LOUNGE] = True
        if h[LOCAL_GUIDE] and (self.draw or self.discard):
            mask[A.GUIDE] = True
        if h[TRADING_POST]:
            mask[A.POST] = True
        if h[POORLY_DRAWN_MAP] and self.own_country[s] >= 0 and any(
                self.own_country[q] >= 0 for q in range(n) if q != s):
            mask[A.MAP] = True
        if h[PICKPOCKET] and self._others_with_cards(s):
            mask[A.PICK] = True
        if h[DUTY_FREE_VOUCHER]:
            mask[A.VOUCHER] = True
        if params.steal_action and free > 0 and self._others_with_cards(s):
            mask[A.STEAL] = True
        if free != self.sizes[s]:  # holds a forbidden item
            for i, f in enumerate(FORBIDDEN):
                if h[f]:
                    if free > 0:
                        mask[A.FORBID_BASE + i] = True
                    if smuggler:
                        mask[A.SMUGGLE_BASE + i] = True

    def _do_main(self, s: int, a: int) -> bool | None:
        if a == A.LOUNGE:
            self._to_discard(s, LOUNGE_PASS)
            self.actions_left += 1
            self.lounge_used = True
            return DECIDED  # still the main decision
        if a == A.TRADE:
            self.offers_made += 1
            self.give = [0] * NUM_CARD_TYPES
            self.ask = [0] * NUM_CARD_TYPES
            self.ph = P_TRADE_PARTNER
            return DECIDED
        # announce the action; special items are played (discarded) when announced
        card = _ACTION_CARD.get(a)
        if card is not None:
            self._to_discard(s, card)
        self._learn_announced(s, a)
        self.announced = a
        self.stack.append(["exec", a])
        self._push_mousetrap_window()

    # ---- discard one card that is not a forbidden item
    def _legal_free_card(self, mask: bytearray, s: int) -> None:
        """discard_down, recycle_pay, strike_discard, forbidden_companion, steal_discard."""
        h = self.hands[s]
        a = A.CARD_BASE
        for t in _FREE_TYPES:  # held, not forbidden
            if h[t]:
                mask[a + t] = True

    def _do_discard(self, s: int, a: int) -> bool | None:
        """discard_down (the hand limit) and strike_discard (Airline Strike)."""
        self._to_discard(s, a - A.CARD_BASE)

    # ---- recycle: pay 2 (Hippie 1), then take 1 from the discard pile as it was before paying
    def _do_recycle_pay(self, s: int, a: int) -> bool | None:
        self._to_discard(s, a - A.CARD_BASE)
        self.rc_need -= 1
        if self.rc_need <= 0:
            self.ph = P_RECYCLE_TAKE
        return DECIDED

    def _legal_recycle_take(self, mask: bytearray, s: int) -> None:
        for t in self._recycle_pool():
            mask[A.CARD_BASE + t] = True

    def _do_recycle_take(self, s: int, a: int) -> bool | None:
        t = a - A.CARD_BASE
        # take a copy from the part of the pile that was there before paying
        idx = max(i for i in range(self.rc_base) if self.discard[i] == t)
        del self.discard[idx]
        self._gain(s, t)
        self.known[s][t] += 1  # taken openly
        self.rc_base = 0
        self.stack.append(["done"])
        self.stack.append(["limit", s])
        self._check_postcards()

    # ---- trade: choose the partner, build the offer face up, the partner answers
    def _legal_other_seats(self, mask: bytearray, s: int) -> None:
        """Any other player (the trade partner, the Smuggler's receiver)."""
        for rel in range(1, len(self.sizes)):
            mask[A.TARGET_BASE + rel - 1] = True

    def _legal_trade_partner(self, mask: bytearray, s: int) -> None:
        self._legal_other_seats(mask, s)
        mask[A.CANCEL] = True

    def _do_trade_partner(self, s: int, a: int) -> bool | None:
        if a == A.CANCEL:
            self.ph = P_MAIN
            return DECIDED
        self.partner = self._seat(a - A.TARGET_BASE + 1)
        self.ph = P_TRADE_BUILD
        return DECIDED

    def _legal_trade_build(self, mask: bytearray, s: int) -> None:
        give = self.give
        mask[A.CARD_BASE:A.ASK_BASE] = map(gt, self.hands[s], give)  # card t: held beyond the copies offered
        offered, asked = sum(give), sum(self.ask)
        if asked < MAX_ASK:
            mask[A.ASK_BASE:A.PROPOSE] = _NOT_EVENT
        if (offered and asked) or (self.game.params.one_sided_trades and (offered or asked)):
            mask[A.PROPOSE] = True
        mask[A.CANCEL] = True

    def _do_trade_build(self, s: int, a: int) -> bool | None:
        if a == A.CANCEL:
            self._clear_offer()
            self.ph = P_MAIN
            return DECIDED
        if a == A.PROPOSE:
            self.announced = A.TRADE
            self.stack.append(["respond"])
            self._push_mousetrap_window()
            return None
        if a < A.ASK_BASE:
            t = a - A.CARD_BASE
            self.give[t] += 1
            self._learn_at_least(s, t, self.give[t])  # the offer is built face up
        else:
            self.ask[a - A.ASK_BASE] += 1
        return DECIDED

    def _legal_trade_response(self, mask: bytearray, s: int) -> None:
        mask[A.NO] = True
        if all(map(ge, self.hands[s], self.ask)):  # holds every card asked for
            mask[A.YES] = True

    def _do_trade_response(self, s: int, a: int) -> bool | None:
        if a == A.NO:
            self._clear_offer()
            self.announced = -1
            self._set_decision(P_MAIN, self.turn_player)
            return DECIDED
        self._exchange()

    # ---- reaction windows: Mousetrap against an announced action, Travel Insurance against an event
    def _legal_mousetrap(self, mask: bytearray, s: int) -> None:
        mask[A.NO] = True  # every asked seat may pass, so being asked reveals nothing
        if self.hands[s][MOUSETRAP]:
            mask[A.YES] = True

    def _do_mousetrap(self, s: int, a: int) -> bool | None:
        if a == A.YES:  # the announced action is cancelled and the turn ends
            self._to_discard(s, MOUSETRAP)
            self.stack = []
            self.resolving = []
            self._clear_offer()
            self.announced = -1
            self.partner = -1
            self.peek = []
            self._t_endturn()

    def _legal_insurance(self, mask: bytearray, s: int) -> None:
        mask[A.NO] = True
        if self.hands[s][TRAVEL_INSURANCE]:
            mask[A.YES] = True

    def _do_insurance(self, s: int, a: int) -> bool | None:
        if a == A.YES:
            self._to_discard(s, TRAVEL_INSURANCE)
            self.insured[s] = True

    # ---- Lost Luggage: every affected player secretly chooses a card to pass on
    def _legal_luggage(self, mask: bytearray, s: int) -> None:
        a = A.CARD_BASE
        for c in self.hands[s]:
            if c:
                mask[a] = True
            a += 1

    def _do_luggage(self, s: int, a: int) -> bool | None:
        self.lug_choice[s] = a - A.CARD_BASE

    # ---- forbidden items: discard one with a companion card, or (Smuggler) hand it over
    def _do_forbidden_companion(self, s: int, a: int) -> bool | None:
        self._to_discard(s, self.forb)
        self._to_discard(s, a - A.CARD_BASE)
        self.forb = -1
        self.stack.append(["done"])

    def _do_smuggle_target(self, s: int, a: int) -> bool | None:
        q = self._seat(a - A.TARGET_BASE + 1)
        self._lose(s, self.forb)
        self._gain(q, self.forb)
        if self.known[s][self.forb]:
            self.known[s][self.forb] -= 1
        self._forget(s, self.forb, 1)
        self.known[q][self.forb] += 1  # handed over openly
        self.forb = -1
        self.stack.append(["done"])
        self.stack.append(["limit", q])

    # ---- Local Guide: take one non-event card of those looked at
    def _legal_guide_pick(self, mask: bytearray, s: int) -> None:
        for t in self.peek:
            if not IS_EVENT[t]:
                mask[A.CARD_BASE + t] = True

    def _do_guide_pick(self, s: int, a: int) -> bool | None:
        t = a - A.CARD_BASE
        self.peek.remove(t)
        self._gain(s, t)
        self.draw.extend(self.peek)  # (the pile was rebuilt when the peek emptied it)
        self.peek = []
        self.draw = shuffled(self.rng, self.draw)
        self.stack.append(["done"])
        self.stack.append(["limit", s])
        self._check_postcards()

    # ---- Trading Post: discard up to 3 cards (CANCEL = done), then draw as many
    def _legal_trading_post(self, mask: bytearray, s: int) -> None:
        self._legal_free_card(mask, s)
        mask[A.CANCEL] = True

    def _do_trading_post(self, s: int, a: int) -> bool | None:
        if a != A.CANCEL:
            self._to_discard(s, a - A.CARD_BASE)
            self.post_n += 1
            if self.post_n < TRADING_POST_MAX:
                return DECIDED
        k, self.post_n = self.post_n, 0
        self.stack.append(["done"])
        if k:
            self.stack.append(["draw", s, k, 0])

    # ---- Poorly Drawn Map: swap own country with another player's (never the centre)
    def _legal_map_target(self, mask: bytearray, s: int) -> None:
        n = len(self.sizes)
        for rel in range(1, n):
            if self.own_country[(s + rel) % n] >= 0:
                mask[A.TARGET_BASE + rel - 1] = True

    def _do_map_target(self, s: int, a: int) -> bool | None:
        q = self._seat(a - A.TARGET_BASE + 1)
        self.own_country[s], self.own_country[q] = self.own_country[q], self.own_country[s]
        self.stack.append(["done"])

    # ---- Pickpocket / Steal: take a random card from a player holding any
    def _legal_victim(self, mask: bytearray, s: int) -> None:
        n = len(self.sizes)
        for rel in range(1, n):
            if self.sizes[(s + rel) % n]:
                mask[A.TARGET_BASE + rel - 1] = True

    def _do_take_random(self, s: int, a: int) -> bool | None:
        q = self._seat(a - A.TARGET_BASE + 1)
        t = self._random_card(q)
        self._lose_hidden(q, t, witness=s)
        self._gain(s, t)
        self._remember(q, s, t)  # the victim sees which card is gone
        self.stack.append(["done"])
        self.stack.append(["limit", s])
        self._check_postcards()

    def _do_steal_discard(self, s: int, a: int) -> bool | None:
        self._to_discard(s, a - A.CARD_BASE)
        self.ph = P_STEAL_TARGET
        return DECIDED

    # ---- Jet-setter: discard one of the two cards just drawn
    def _legal_jet_discard(self, mask: bytearray, s: int) -> None:
        for t in self._jet_options(s):
            mask[A.CARD_BASE + t] = True

    def _do_jet_discard(self, s: int, a: int) -> bool | None:
        self._to_discard(s, a - A.CARD_BASE)
        self.jet = []

    def _clear_offer(self) -> None:
        self.give = [0] * NUM_CARD_TYPES
        self.ask = [0] * NUM_CARD_TYPES
        self.partner = -1

    def _exchange(self) -> None:
        """The partner accepted: cards change hands face up; the initiator draws the bonus."""
        s, q = self.turn_player, self.partner
        for t in range(NUM_CARD_TYPES):
            g, k = self.give[t], self.ask[t]
            if g:
                self.hands[s][t] -= g
                self.hands[q][t] += g
            if k:
                self.hands[q][t] -= k
                self.hands[s][t] += k
        ks, kq = self.known[s], self.known[q]
        for t in range(NUM_CARD_TYPES):  # face up: the table sees what changes hands
            g, k = self.give[t], self.ask[t]
            if g:
                ks[t] = max(0, ks[t] - g)
                kq[t] += g
                self._forget(s, t, g)
            if k:
                kq[t] = max(0, kq[t] - k)
                ks[t] += k
                self._forget(q, t, k)
        moved_out, moved_in = sum(self.give), sum(self.ask)
        self.sizes[s] += moved_in - moved_out
        self.sizes[q] += moved_out - moved_in
        self._clear_offer()
        push = self.stack.append
        push(["done"])
        if self.characters[q] == DIPLOMAT:
            push(["draw", q, 1, 0])
        push(["draw", s, 1, 0])  # the bonus card
        push(["limit", s])
        push(["limit", q])
        self._check_postcards()

    def _execute(self, a: int) -> None:
        """Carry out an announced main action (no Mousetrap was played)."""
        s = self.turn_player
        push = self.stack.append
        self.announced = -1
        if a == A.DRAW:
            push(["done"])
            if self.characters[s] == JET_SETTER:
                self.jet = []
                push(["limit", s])
                push(["jet", s])
                push(["draw", s, 2, 1])
            else:
                push(["draw", s, 1, 0])
        elif a == A.RECYCLE:
            self.rc_need = self.recycle_cost(s)
            self.rc_base = len(self.discard)
            self._set_decision(P_RECYCLE_PAY, s)
        elif A.TRAVEL_BASE <= a < A.TRAVEL_BASE + 8:
            self._travel(s, *divmod(a - A.TRAVEL_BASE, 4))
        elif a == A.GUIDE:
            if not self.draw:
                self._reshuffle()
            k = min(LOCAL_GUIDE_PEEK, len(self.draw))
            self.peek = self.draw[len(self.draw) - k:]
            del self.draw[len(self.draw) - k:]
            if not self.draw and self.discard:
                self._reshuffle()  # the final card was pulled; the rest is shuffled back into it
            if any(not IS_EVENT[t] for t in self.peek):
                self._set_decision(P_GUIDE_PICK, s)
            else:
                self.draw.extend(self.peek)
                self.peek = []
                self.draw = shuffled(self.rng, self.draw)
                push(["done"])
        elif a == A.POST:
            self.post_n = 0
            self._set_decision(P_TRADING_POST, s)
        elif a == A.MAP:
            self._set_decision(P_MAP_TARGET, s)
        elif a == A.PICK:
            self._set_decision(P_PICK_TARGET, s)
        elif a == A.VOUCHER:
            push(["done"])
            push(["draw", s, 2, 0])
        elif a == A.STEAL:
            self._set_decision(P_STEAL_DISCARD, s)
        elif A.FORBID_BASE <= a < A.FORBID_BASE + 3:
            self.forb = FORBIDDEN[a - A.FORBID_BASE]
            self._set_decision(P_FORBID_COMPANION, s)
        elif A.SMUGGLE_BASE <= a < A.SMUGGLE_BASE + 3:
            self.forb = FORBIDDEN[a - A.SMUGGLE_BASE]
            self._set_decision(P_SMUGGLE_TARGET, s)
        else:  # pragma: no cover - masked out
            raise AssertionError(f"not a main action: {a}")

    def _learn_announced(self, s: int, a: int) -> None:
        """An announced action shows cards the player must hold (kept even if a Mousetrap
        cancels it): a travel its passport and items (or Mom's Credit Card), a forbidden-item
        action that item."""
        if A.TRAVEL_BASE <= a < A.TRAVEL_BASE + 8:
            target, mom = divmod(a - A.TRAVEL_BASE, 4)
            country = self.own_country[s] if target == A.TRAVEL_OWN else self.centre
            self._learn_at_least(s, PASSPORT, 1)
            for k, t in enumerate(COUNTRY_ITEMS[country]):
                self._learn_at_least(s, MOMS_CARD if k + 1 == mom else t, 1)
        elif A.FORBID_BASE <= a < A.FORBID_BASE + 3:
            self._learn_at_least(s, FORBIDDEN[a - A.FORBID_BASE], 1)
        elif A.SMUGGLE_BASE <= a < A.SMUGGLE_BASE + 3:
            self._learn_at_least(s, FORBIDDEN[a - A.SMUGGLE_BASE], 1)

    def _travel(self, s: int, target: int, mom: int) -> None:
        # legality may have changed since the announcement only through a Mousetrap (which
        # cancels it), so the check below is a safety net
        if not self.can_travel(s, target, mom):  # pragma: no cover
            raise AssertionError("travel became illegal after the announcement")
        country = self.own_country[s] if target == A.TRAVEL_OWN else self.centre
        for k, t in enumerate(COUNTRY_ITEMS[country]):
            self._to_discard(s, MOMS_CARD if k + 1 == mom else t)
        self.known[s] = list(self.hands[s])  # the whole hand was shown
        if target == A.TRAVEL_CENTRE:
            self._win(s)
            return
        self.completed.append(country)
        self.done_country[s] = country
        self.own_country[s] = -1
        self.home_done[s] = True
        push = self.stack.append
        push(["done"])
        push(["draw", s, 2 if self.characters[s] == GLOBETROTTER else 1, 0])

    # ------------------------------------------------------------------ observation
    def observation(self, seat: int, out: np.ndarray) -> None:
        self.game.observer.observation(self, seat, out)

    def state_tensor(self, out: np.ndarray) -> None:
        self.game.observer.state_tensor(self, out)

    # ------------------------------------------------------------------ copy / serialise
    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = state_header(self.game)
        d["centre"] = self.centre
        d["rng"] = rng_to_dict(self.rng)
        for f in _INT_FIELDS:
            d[f] = int(getattr(self, f))
        for f in _BOOL_FIELDS:
            d[f] = bool(getattr(self, f))
        for f in _LIST_FIELDS:
            d[f] = list(getattr(self, f))
        for f in _NESTED_FIELDS:
            d[f] = [list(x) for x in getattr(self, f)]
        d["seen"] = [[list(m) for m in row] for row in self.seen]
        return d

    @classmethod
    def from_dict(cls, game: "ItchyFeetGame", data: dict[str, Any]) -> "ItchyFeetState":
        """The state ``to_dict`` wrote; a dict of another game, variant or player count, a
        missing key or an out-of-range value raises :class:`ParameterError` naming it."""
        check_state_header(game, data, _REQUIRED_KEYS)
        try:
            _check_state_values(game, data)
        except (TypeError, ValueError) as exc:
            if isinstance(exc, ParameterError):
                raise
            raise ParameterError(f"this itchy_feet state dict is malformed: {exc}") from None
        s = cls.__new__(cls)
        s.game = game
        s._mask = None
        try:
            s.rng = rng_from_dict(data["rng"])
        except (KeyError, AttributeError, TypeError, ValueError) as exc:
            raise ParameterError(f"itchy_feet state dict: 'rng' is not a generator state ({exc!r})") from None
        s.centre = int(data["centre"])
        for f in _INT_FIELDS:
            setattr(s, f, int(data[f]))
        for f in _BOOL_FIELDS:
            setattr(s, f, bool(data[f]))
        for f in _LIST_FIELDS:
            setattr(s, f, list(data[f]))
        for f in _NESTED_FIELDS:
            setattr(s, f, [list(x) for x in data[f]])
        s.seen = [[[int(x) for x in m] for m in row] for row in data["seen"]]
        return s

    def clone(self) -> "ItchyFeetState":
        return self._copy(rng_from_dict(rng_to_dict(self.rng)))

    def _copy(self, rng: np.random.Generator | None, seed: int | None = None) -> "ItchyFeetState":
        """A copy of this state drawing from ``rng``, or (None) from a generator seeded with
        ``seed`` when first asked for (a resample's copy gets a new generator: copying this
        one would be wasted)."""
        c = ItchyFeetState.__new__(ItchyFeetState)
        src, dst = self.__dict__, c.__dict__  # the fields by name, without attribute lookups
        dst["game"], dst["_mask"], dst["centre"] = self.game, None, self.centre
        dst["_rng"], dst["_rng_seed"] = rng, seed
        for f in _SCALAR_FIELDS:
            dst[f] = src[f]
        for f in _LIST_FIELDS:
            dst[f] = src[f][:]
        for f in _NESTED_FIELDS:
            dst[f] = [x[:] for x in src[f]]
        dst["seen"] = [[m[:] for m in row] for row in self.seen]
        return c

    # ------------------------------------------------------------------ hidden information
    def resample_hidden(self, seat: int, rng: np.random.Generator) -> "ItchyFeetState":
        """A state ``seat`` cannot tell from this one (see ``GameState.resample_hidden``).

        Kept: ``seat``'s hand, every public fact, the cards the table (or ``seat`` alone, e.g.
        the card it passed in Lost Luggage) knows each player holds, the peek / Jet-setter
        cards when ``seat`` is the one looking. Drawn anew from the unseen cards (the draw
        pile plus the unknown part of the other hands, and the peek when ``seat`` does not see
        it): the other hands' unknown cards, the draw pile order, the other players' Lost
        Luggage choices, the state's generator; the other players' own memories are cut to
        their new hands. Events never go to a hand. A draw that would leave a pending decision
        or an announced action impossible (e.g. a player asked to discard holding only
        forbidden items) is drawn again; after 200 failed draws only the draw pile is
        reshuffled (never seen in tests).
        """
        for _ in range(200):
            st = self._resample_once(seat, rng)
            if st._consistent_after_resample(seat):
                return st
        st = self.clone()  # pragma: no cover - fallback, see the docstring
        st.draw = shuffled(rng, sorted(st.draw))
        st.rng = np.random.default_rng(int(rng.integers(1 << 62)))
        return st

    def _resample_once(self, seat: int, rng: np.random.Generator) -> "ItchyFeetState":
        st = self._copy(None, seed=int(rng.integers(1 << 62)))
        n = self.num_players
        others = [q for q in range(n) if q != seat]
        peek_hidden = bool(self.peek) and seat != self.actor
        pool = list(self.draw) + (list(self.peek) if peek_hidden else [])
        unknown, kept = {}, {}
        for q in others:
            h, k = self.hands[q], self.view_known(seat, q)  # what seat knows q holds stays
            kept[q] = k
            unknown[q] = self.sizes[q] - sum(k)
            for t in compress(_CARD_TYPES, h):  # the held types (the pool is sorted below)
                pool.extend([t] * (h[t] - k[t]))
        pool.sort()  # canonical: the draw pile's (and a hidden peek's) order must not leak
        i, j = bisect_left(pool, _FIRST_EVENT), bisect_left(pool, _LAST_EVENT + 1)  # the events' run
        events = pool[i:j]
        cards = shuffled(rng, pool[:i] + pool[j:])
        fresh = {}
        for q in others:  # each other hand: its known cards plus fresh unseen ones
            take, cards = cards[:unknown[q]], cards[unknown[q]:]
            fresh[q] = take
            h = list(kept[q])
            for t in take:
                h[t] += 1
            st.hands[q] = h
        for r in others:  # the other players' own memories: no more than the new hands hold
            for q in others:
                m = st.seen[r][q]
                if any(m):
                    st.seen[r][q] = [min(a, b) for a, b in zip(m, st.hands[q])]
        rest = shuffled(rng, cards + events)
        if peek_hidden:
            k = len(self.peek)
            st.peek, rest = rest[:k], rest[k:]
        st.draw = rest
        tp = self.turn_player
        if self.jet and seat != tp:  # the Jet-setter's drawn cards are among its unseen ones
            st.jet = [fresh[tp][i] for i in sorted(rng.choice(len(fresh[tp]), len(self.jet), replace=False))]
        for q in others:
            if self.lug_choice[q] >= 0:
                held = [t for t in range(NUM_CARD_TYPES) for _ in range(st.hands[q][t])]
                st.lug_choice[q] = held[int(rng.integers(len(held)))]
        return st

    def _consistent_after_resample(self, seat: int) -> bool:
        """True when the pending decision and the announced action are still possible."""
        if self.terminal:
            return True
        tp, a = self.turn_player, self.announced
        if self.actor != seat and not self._compute_mask().any():
            return False
        if self.ph == P_RECYCLE_PAY and self.free_count(self.actor) < self.rc_need:
            return False
        if tp == seat or a < 0:
            return True
        if A.TRAVEL_BASE <= a < A.TRAVEL_BASE + 8:
            return self.can_travel(tp, *divmod(a - A.TRAVEL_BASE, 4))
        if a == A.RECYCLE:
            return self.free_count(tp) >= self.recycle_cost(tp)
        if a == A.STEAL or A.FORBID_BASE <= a < A.FORBID_BASE + 3:
            return self.free_count(tp) >= 1
        return True

    # ------------------------------------------------------------------ text
    def action_to_string(self, action: int) -> str:
        s = self.actor if self.actor >= 0 else self.turn_player
        text = A.action_name(action, self.own_country[s], self.centre)
        if A.TARGET_BASE <= action < A.TARGET_BASE + 5 and s >= 0:
            text += f" (player {self._seat(action - A.TARGET_BASE + 1, s)})"
        return text

    def render_text(self) -> str:
        return render_text(self)

    def render_rgb(self) -> np.ndarray:
        return render_rgb(self)

    def observation_text(self, seat: int) -> str:
        return observation_text(self, seat)


class Decision(NamedTuple):
    """What a decision phase allows (``legal(state, mask, seat)``) and does (``apply(state, seat, a)``)."""

    legal: Callable[[ItchyFeetState, bytearray, int], None]
    apply: Callable[[ItchyFeetState, int, int], bool | None] | None


def _nothing_legal(state: ItchyFeetState, mask: bytearray, seat: int) -> None:
    """Phase 0 asks for no decision (the game is over, or a hand-made state stopped mid-task)."""


_S = ItchyFeetState
#: the decision of each phase, indexed by phase id
_DECISIONS: tuple[Decision, ...] = tuple({
    P_NONE: Decision(_nothing_legal, None),  # nothing is legal, so nothing is applied
    P_MAIN: Decision(_S._legal_main, _S._do_main),
    P_DISCARD_DOWN: Decision(_S._legal_free_card, _S._do_discard),
    P_RECYCLE_PAY: Decision(_S._legal_free_card, _S._do_recycle_pay),
    P_RECYCLE_TAKE: Decision(_S._legal_recycle_take, _S._do_recycle_take),
    P_TRADE_PARTNER: Decision(_S._legal_trade_partner, _S._do_trade_partner),
    P_TRADE_BUILD: Decision(_S._legal_trade_build, _S._do_trade_build),
    P_TRADE_RESPONSE: Decision(_S._legal_trade_response, _S._do_trade_response),
    P_MOUSETRAP: Decision(_S._legal_mousetrap, _S._do_mousetrap),
    P_INSURANCE: Decision(_S._legal_insurance, _S._do_insurance),
    P_STRIKE: Decision(_S._legal_free_card, _S._do_discard),
    P_LUGGAGE: Decision(_S._legal_luggage, _S._do_luggage),
    P_FORBID_COMPANION: Decision(_S._legal_free_card, _S._do_forbidden_companion),
    P_SMUGGLE_TARGET: Decision(_S._legal_other_seats, _S._do_smuggle_target),
    P_GUIDE_PICK: Decision(_S._legal_guide_pick, _S._do_guide_pick),
    P_TRADING_POST: Decision(_S._legal_trading_post, _S._do_trading_post),
    P_MAP_TARGET: Decision(_S._legal_map_target, _S._do_map_target),
    P_PICK_TARGET: Decision(_S._legal_victim, _S._do_take_random),
    P_STEAL_DISCARD: Decision(_S._legal_free_card, _S._do_steal_discard),
    P_STEAL_TARGET: Decision(_S._legal_victim, _S._do_take_random),
    P_JET_DISCARD: Decision(_S._legal_jet_discard, _S._do_jet_discard),
}[ph] for ph in range(NUM_PHASES))
#: the decisions' handlers, each in a tuple of its own (read per decision without the attribute lookup)
_LEGAL = tuple(d.legal for d in _DECISIONS)
_APPLY = tuple(d.apply for d in _DECISIONS)
_REQUIRED_KEYS = ("centre", "rng") + _INT_FIELDS + _BOOL_FIELDS + _LIST_FIELDS + _NESTED_FIELDS + ("seen",)
#: task name -> its ``_t_`` method (looked up once, not per task run)
_TASK_RUNNERS = {name[3:]: getattr(ItchyFeetState, name) for name in dir(ItchyFeetState) if name.startswith("_t_")}
_TASKS = frozenset(_TASK_RUNNERS)


def _check_state_values(game: "ItchyFeetGame", d: dict[str, Any]) -> None:
    """Lengths and ranges of a state dict (ParameterError naming the first bad key)."""
    n = game.num_players

    def bad(key: str, why: str) -> None:
        raise ParameterError(f"itchy_feet state dict: {key!r} {why}")

    def ints(key: str, lo: int, hi: int, length: int | None = None) -> None:
        v = d[key]
        if not isinstance(v, list) or (length is not None and len(v) != length):
            bad(key, "must be a list" + (f" of {length} values" if length is not None else ""))
        if any(isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not lo <= x <= hi for x in v):
            bad(key, f"holds a value outside [{lo}, {hi}]")

    def scalar(key: str, lo: int, hi: int) -> None:
        v = d[key]
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not lo <= v <= hi:
            bad(key, f"= {v!r} is outside [{lo}, {hi}]")

    last_card, last_country = NUM_CARD_TYPES - 1, NUM_COUNTRIES - 1
    scalar("centre", 0, last_country)
    for key in ("turn_player",):
        scalar(key, 0, n - 1)
    for key in ("actor", "partner", "winner"):
        scalar(key, -1, n - 1)
    scalar("ph", 0, NUM_PHASES - 1)
    scalar("announced", -1, A.NUM_ACTIONS - 1)
    scalar("event", -1, last_card)
    scalar("forb", -1, last_card)
    for key in ("turn_number", "actions_left", "actions_done", "offers_made", "post_n", "rc_need", "rc_base"):
        scalar(key, 0, 1 << 30)
    for key in ("draw", "discard", "peek", "jet", "resolving"):
        ints(key, 0, last_card)
    for key in ("unused", "away", "completed"):
        ints(key, 0, last_country)
    ints("own_country", -1, last_country, n)
    ints("done_country", -1, last_country, n)
    ints("characters", -1, NUM_CHARACTERS - 1, n)
    ints("lug_choice", -1, last_card, n)
    ints("give", 0, 1 << 10, NUM_CARD_TYPES)
    ints("ask", 0, 1 << 10, NUM_CARD_TYPES)
    ints("sizes", 0, 1 << 10, n)
    for key in ("home_done", "insured"):
        if not isinstance(d[key], list) or len(d[key]) != n:
            bad(key, f"must be a list of {n} values")
    for key in ("hands", "known"):
        rows = d[key]
        if not isinstance(rows, list) or len(rows) != n:
            bad(key, f"must hold {n} rows (one per player)")
        for row in rows:
            if not isinstance(row, list) or len(row) != NUM_CARD_TYPES or any(
                    isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < 0 for x in row):
                bad(key, f"rows must be {NUM_CARD_TYPES} non-negative counts")
    for q in range(n):
        if sum(d["hands"][q]) != d["sizes"][q]:
            bad("sizes", f"[{q}] = {d['sizes'][q]} does not match hand {q} ({sum(d['hands'][q])} cards)")
        if any(k > h for k, h in zip(d["known"][q], d["hands"][q])):
            bad("known", f"[{q}] claims cards hand {q} does not hold")
    seen = d["seen"]
    if not isinstance(seen, list) or len(seen) != n or any(not isinstance(row, list) or len(row) != n for row in seen):
        bad("seen", f"must hold {n} x {n} rows (what each player privately knows of each hand)")
    for r in range(n):
        for q in range(n):
            m = seen[r][q]
            if not isinstance(m, list) or len(m) != NUM_CARD_TYPES or any(
                    isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < 0 for x in m):
                bad("seen", f"rows must be {NUM_CARD_TYPES} non-negative counts")
            if any(k > h for k, h in zip(m, d["hands"][q])) or (r == q and any(m)):
                bad("seen", f"[{r}][{q}] claims cards hand {q} does not hold")
    for task in d["stack"]:
        if not isinstance(task, list) or not task or task[0] not in _TASKS:
            bad("stack", f"holds {task!r}, not a task of {sorted(_TASKS)}")
    if not isinstance(d["rng"], dict):
        bad("rng", "must be a generator state dict")


class ItchyFeetGame(Game):
    name = "itchy_feet"
    Params = ItchyFeetParams
    State = ItchyFeetState
    player_counts = (2, 3, 4, 5, 6)
    render_modes = ("ansi", "rgb_array")
    score_scale = 2.0
    observation_bounds = (0.0, 1.0)
    max_decisions = 30_000
    num_actions = A.NUM_ACTIONS
    observation_size = OBS_SIZE
    state_size = STATE_SIZE

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.observer = Observer(self.params)

    def new_initial_state(self, rng: np.random.Generator) -> ItchyFeetState:
        return ItchyFeetState(self, rng)

    def seat_blocks(self) -> list[np.ndarray]:
        return seat_blocks(self.num_players)


__all__ = ["ItchyFeetGame", "ItchyFeetState", "start_player"]
