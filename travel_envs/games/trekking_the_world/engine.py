"""Rules of Trekking the World (2nd edition) as a turn-based state machine.

A turn is split into decisions by the same seat (``phase``):

``start``      (Frequent Flyer token, Monteverde, Plitvice, instant powers) -> choose an Itinerary
``move_prep``  Move tokens and movement powers, then ``pass`` starts the move
``moving``     one decision per step (mask = steps that can still end the move legally)
``money``      Money tokens / Avenue of the Baobabs, ``pass`` collects the money
``souvenir``   Souvenir tokens / Old Havana / Taj Mahal / Terracotta Army, ``pass`` collects cubes
``cards``      gain the Encounter at your location (mandatory), pay for a Tour, card powers,
               instant powers; ``pass`` ends the turn (refills, solo Rival, end check)
plus sub-choices (``fly``, ``teleport``, ``colour``, ``player``, ``halong``, ``pick_encounter``)
that return to the phase they were opened from. With ``auto_forced`` (default) a
decision with a single legal action is applied automatically.
"""

from __future__ import annotations

import operator
from typing import Any, Callable

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

from . import components as C
from . import encoder, render
from .actions import (
    A_COLOUR,
    A_ENC,
    A_FF,
    A_ITIN,
    A_LOC,
    A_MONEY,
    A_MOVE,
    A_PASS,
    A_PLAYER,
    A_SOUV,
    A_STOP,
    A_TOUR,
    A_USE,
    NONE,
    NUM_ACTIONS,
    PENDING_FF,
    PH_CARDS,
    PH_COLOUR,
    PH_FLY,
    PH_HALONG,
    PH_MONEY,
    PH_MOVE_PREP,
    PH_MOVING,
    PH_OVER,
    PH_PICK_ENC,
    PH_PLACE,
    PH_PLAYER,
    PH_SOUVENIR,
    PH_START,
    PH_TELEPORT,
    PHASES,
)
from .movement import MONEY_KEY_CAP, MoveRules, can_finish, move_ends, moving_targets, shared_rules, trim
from .location_features import LOCATION_FEATURES_SIZE, encode_location_features
from .params import TrekkingTheWorldParams
from .plan_features import PLAN_FEATURES_SIZE, encode_plan_features, end_scoring_layout

assert A_LOC == 0  # moving_targets returns location ids, used as action ids

_ENDGAME = C.ENC_ENDGAME
_CONTINUE_PHASES = (PH_MOVE_PREP, PH_MONEY, PH_SOUVENIR)  # phases closed by ``pass``

# When each Encounter power may be used (ruling 11: "this turn" powers before the step they change).
INSTANT_KINDS = frozenset({
    "gain_money", "gain_cubes_one_colour_of_choice", "gain_one_cube_each_colour", "refresh_row",
    "gain_token_of_choice", "exchange_cube", "gain_money_per_tour", "gain_cubes_shortest_row",
    "move_other_trekker", "take_from_encounter_discard", "gain_money_and_cube_of_choice",
    "swap_with_encounter_row",
})
START_KINDS = frozenset({"free_flight_before_itinerary", "itinerary_from_discard_top"})
MOVE_KINDS = frozenset({
    "teleport_instead_of_move", "skip_move", "move_fewer", "extra_steps", "allow_revisit_this_turn",
    "free_flights_this_turn", "flights_use_no_step",
})
MONEY_KINDS = frozenset({"repeat_itinerary_money"})
SOUV_KINDS = frozenset({"recolour_itinerary_cubes", "repeat_itinerary_cubes", "itinerary_cubes_ignore_continent"})
CARD_KINDS = frozenset({"move_after_taking_card", "take_tour_and_encounter", "tour_discount",
                        "take_card_at_adjacent_location"})
ENDGAME_KINDS = frozenset(k for k, e in zip(C.ENC_KIND, C.ENC_ENDGAME) if e)
PHASE_KINDS = {
    PH_START: INSTANT_KINDS | START_KINDS,
    PH_MOVE_PREP: MOVE_KINDS,
    PH_MONEY: MONEY_KINDS,
    PH_SOUVENIR: SOUV_KINDS,
    PH_CARDS: INSTANT_KINDS | CARD_KINDS,
}
#: the held cards whose power a phase may offer (``PHASE_KINDS`` by card; endgame cards have none)
PHASE_CARDS = {ph: frozenset(c for c in range(C.NUM_CARDS) if C.ENC_KIND[c] in kinds and not C.ENC_ENDGAME[c])
               for ph, kinds in PHASE_KINDS.items()}
# Everything that must be reset at the start of each turn (serialised by name).
TURN_FIELDS = (
    "itin", "start", "visited", "steps", "n_max", "n_min", "move_tokens", "money_tokens", "souv_tokens",
    "extra", "torres", "revisit", "free_flights", "no_step_flights", "baobab", "taj", "terracotta",
    "recolour", "sagrada", "colosseum", "lencois", "lencois_moved", "discount", "cards_taken",
    "took_tour", "took_enc", "pending", "ret_phase", "halong_target", "kili_row", "ban",
)
TURN_DEFAULTS = dict(
    itin=NONE, start=NONE, visited=0, steps=0, n_max=0, n_min=0, move_tokens=0, money_tokens=0, souv_tokens=0,
    extra=0, torres=False, revisit=False, free_flights=False, no_step_flights=False, baobab=0, taj=0,
    terracotta=False, recolour=NONE, sagrada=False, colosseum=False, lencois=False, lencois_moved=False,
    discount=0, cards_taken=0, took_tour=False, took_enc=False, pending=NONE, ret_phase=NONE,
    halong_target=NONE, kili_row=NONE, ban=0,
)


#: moving-phase legal ids by (ban, n_min, n_max, revisit, free_flights, no_step_flights, location,
#: visited, steps, money, move_by_end): every value the moving mask reads (see ``_moving_ids``)
_MOVING_LEGAL: dict = {}
#: a search of a few hundred decisions keeps meeting new moves: at 100_000 entries the memo was halved
#: every ~150 decisions of the default search and missed twice as often after; 200_000 adds ~10 MB
_MOVING_LEGAL_LIMIT = 200_000
_PLACE_IDS = tuple(A_LOC + a for a in C.AIRPORTS)
_ADJ_BITS = C.ADJ_BITS  # a module global: read on every step
#: mask arrays by their legal ids (``_mask_of`` returns copies)
_MASKS: dict = {}
_MASKS_LIMIT = 20_000


def _mask_of(ids: tuple[int, ...]) -> np.ndarray:
    """A new bool mask with exactly ``ids`` set (a copy of a cached array)."""
    m = _MASKS.get(ids)
    if m is None:
        m = np.zeros(NUM_ACTIONS, dtype=bool)
        m[list(ids)] = True
        if len(_MASKS) > _MASKS_LIMIT:
            _MASKS.clear()
        _MASKS[ids] = m
    return m.copy()


def _shuffle(shuffle: Any, cards: list[int]) -> None:
    """``shuffle(cards)``, skipped for fewer than 2 cards (it would draw nothing)."""
    if len(cards) > 1:
        shuffle(cards)


def _bit(v: int) -> int:
    return 1 << v


class TrekkingTheWorldState(GameState):
    """One game. Public information is everything except the order of the decks.

    ``phase_id`` indexes ``PHASES``; ``to_act`` is the seat whose turn it is, which makes every
    decision of the turn (``to_dict`` calls it ``turn_seat``)."""

    PHASES = PHASES
    OVER = PH_OVER

    # ------------------------------------------------------------------ setup
    def __init__(self, game: "TrekkingTheWorldGame", rng: np.random.Generator):
        self.game = game
        self.rng = rng
        p = game.params
        n = p.num_players
        cards = rng.permutation(C.NUM_CARDS).tolist()  # Python ints
        self.tour_deck = cards[: p.tour_deck_size]  # top = last element (face up, available)
        self.enc_deck = cards[p.tour_deck_size:]
        self.tour_row = [NONE] * C.TOUR_ROW
        self.enc_row = [NONE] * C.ENC_ROW
        self.enc_discard: list[int] = []
        self.enc_reshuffled = False  # the Encounter deck was rebuilt from its (public) discard pile
        self.tours_out: list[int] = []  # Tours removed from the game (Chefchaouen); the Rival's: rival_tours
        self.itin_deck = rng.permutation(C.NUM_ITINERARIES).tolist()
        self.itin_row = [NONE] * C.ITIN_ROW
        self.itin_discard: list[int] = []
        self.cube_supply = [C.CUBES_PER_COLOUR] * C.NUM_COLOURS
        self.token_supply = [C.TOKENS_PER_TYPE] * 4
        self.loc = [NONE] * n
        self.money = [0] * n
        self.suitcase = [[0] * C.NUM_COLOURS for _ in range(n)]  # row lengths (rows are left-packed)
        self.tokens = [[0] * 4 for _ in range(n)]
        self.fresh_tokens = [[0] * 4 for _ in range(n)]  # gained this turn: unusable
        for q in range(n):
            self.tokens[q][C.TOK_FF] = C.START_FF
            self.token_supply[C.TOK_FF] -= C.START_FF
        self.tours: list[list[int]] = [[] for _ in range(n)]
        self.encs: list[list[int]] = [[] for _ in range(n)]
        self.fresh_encs: list[int] = []
        self.first_player = int(rng.integers(n))
        self.to_act = self.first_player
        self.turns_taken = [0] * n
        self.end_triggered = False
        self.phase_id = PH_PLACE
        self.rival_deck = rng.permutation(C.RIVAL_DECK_SIZE).tolist() if n == 1 else []
        self.rival_points = 0
        self.rival_tours: list[int] = []
        self._reset_turn()
        self._refill()
        self.touch()

    def touch(self) -> None:
        """Forget the cached legal ids and mask: call after changing the state by hand (not via
        actions). The encoder needs no call: it compares the state with what it last wrote."""
        self._ids: tuple[int, ...] | None = None  # the decision's legal ids, once known (``_apply`` sets them)
        self._mask: np.ndarray | None = None  # their mask, once asked for

    def _reset_turn(self) -> None:
        self.__dict__.update(TURN_DEFAULTS)  # plain attributes (no properties among the names)
        self.fresh_encs = []

    # ---------------------------------------------------------- basic queries
    @property
    def params(self) -> TrekkingTheWorldParams:
        return self.game.params

    def available_tours(self) -> list[int]:
        """Slot order: deck top first, then the row (nearest the deck first); -1 = empty."""
        return [self.tour_deck[-1] if self.tour_deck else NONE] + self.tour_row

    def available_encounters(self) -> list[int]:
        return [self.enc_deck[-1] if self.enc_deck else NONE] + self.enc_row

    def available_itineraries(self) -> list[int]:
        return [self.itin_deck[-1] if self.itin_deck else NONE] + self.itin_row

    def usable_tokens(self, p: int, k: int) -> int:
        return self.tokens[p][k] - self.fresh_tokens[p][k]

    def usable_encounters(self, p: int) -> list[int]:
        return [c for c in self.encs[p] if not C.ENC_ENDGAME[c] and c not in self.fresh_encs]

    def tour_price(self, card: int) -> int:
        return max(0, C.TOUR_COST[card] - self.discount)

    def move_rules(self) -> MoveRules:
        return shared_rules(
            self.start, self.n_min, self.n_max, self.revisit,
            0 if self.free_flights else C.FLIGHT_COST, 0 if self.no_step_flights else 1, self.ban,
        )

    def _prep_rules(self, n_max: int, start: int) -> MoveRules:
        """The rules the move would have if it started now from ``start`` (``visited`` holds
        the locations left earlier this turn by a Frequent Flyer / Monteverde flight)."""
        n_min = max(1, n_max - 2) if self.torres else n_max
        return MoveRules(start, n_min, n_max, self.revisit,
                         0 if self.free_flights else C.FLIGHT_COST, 0 if self.no_step_flights else 1,
                         self.visited)

    def _move_feasible(self, n_max: int) -> bool:
        p = self.to_act
        v = self.loc[p]
        return can_finish(self._prep_rules(n_max, v), v, self.visited | _bit(v), 0, self.money[p])

    # ----------------------------------------------------------------- mask
    def legal_action_mask(self) -> np.ndarray:
        if self._mask is None:
            self._mask = _mask_of(self._known_ids())
        return self._mask

    def legal_actions(self) -> list[int]:
        """Ascending legal ids from the ids ``_apply`` found while checking for forced moves (no mask:
        the search asks at every simulated step)."""
        ids = self._ids
        return sorted(self._known_ids() if ids is None else ids)

    def random_playout(self, uniform: Callable[[], float], limit: int) -> int:
        """:meth:`GameState.random_playout` with ``legal_actions``' lines written into the loop (no call
        per move to read the ids): the same moves from the same uniforms."""
        apply, legal_ids = self._apply, self._legal_ids
        for made in range(limit):
            if self.phase_id == PH_OVER:
                return made
            ids = self._ids  # found by the action before while checking for forced moves, else built
            ids = sorted(legal_ids() if ids is None else ids)
            apply(ids[int(uniform() * len(ids))])
        return max(limit, 0)

    def _known_ids(self) -> tuple[int, ...]:
        ids = self._ids
        if ids is None:
            ids = self._ids = self._legal_ids()
        return ids

    def _legal_ids(self) -> tuple[int, ...]:
        """The legal action ids (each once; the order carries no meaning)."""
        ph = self.phase_id
        if ph == PH_MOVING:
            return self._moving_ids()
        if ph == PH_OVER:
            return ()
        p = self.to_act
        if ph == PH_PLACE:
            return _PLACE_IDS
        ids = []
        if ph == PH_START:
            deck = self.itin_deck
            if deck:
                ids.append(A_ITIN)
            for i, c in enumerate(self.itin_row):
                if c != NONE:
                    ids.append(A_ITIN + 1 + i)
            if self.tokens[p][C.TOK_FF] > self.fresh_tokens[p][C.TOK_FF]:  # usable_tokens(p, C.TOK_FF) > 0
                ids.append(A_FF)
        elif ph == PH_CARDS:
            self._cards_ids(ids)
        elif ph == PH_FLY or ph == PH_TELEPORT:
            here = self.loc[p]
            if ph == PH_FLY:
                ids.extend(A_LOC + a for a in C.AIRPORTS if a != here)
            else:  # Galapagos: not where the Trekker stood this turn (rule B, like a move)
                ban = self.visited | _bit(here)
                ids.extend(A_LOC + a for a in range(C.NUM_LOCATIONS) if not (ban >> a) & 1)
        elif ph == PH_MOVE_PREP:
            ids.append(A_PASS)
            if self.usable_tokens(p, C.TOK_MOVE) > 0 and self._move_feasible(self.n_max + 1):
                ids.append(A_MOVE)
        elif ph == PH_MONEY:
            ids.append(A_PASS)
            if self.usable_tokens(p, C.TOK_MONEY) > 0 and C.ITIN_MONEY[self.itin] > 0:
                ids.append(A_MONEY)
        elif ph == PH_SOUVENIR:
            ids.append(A_PASS)
            if self.usable_tokens(p, C.TOK_SOUVENIR) > 0 and self._souvenirs_eligible():
                ids.append(A_SOUV)
        elif ph == PH_COLOUR:
            ids.extend(A_COLOUR + col for col in self._colour_options())
        elif ph == PH_PLAYER:
            n = self.num_players
            ids.extend(A_PLAYER + k for k in range(n - 1) if self.loc[(p + 1 + k) % n] != NONE)
        elif ph == PH_HALONG:
            ids.extend(A_LOC + w for w in C.ADJ[self.loc[self.halong_target]])
        elif ph == PH_PICK_ENC:
            if C.ENC_KIND[self.pending] == "take_from_encounter_discard":
                ids.extend(A_ENC + c for c in self.enc_discard)
            else:
                ids.extend(A_ENC + c for c in self.available_encounters() if c != NONE)
        held = self.encs[p]
        if held and ph in PHASE_CARDS:  # the powers of usable_encounters(p) this phase offers
            offered, fresh = PHASE_CARDS[ph], self.fresh_encs
            for c in held:
                if c in offered and c not in fresh and self._power_usable(c):
                    ids.append(A_USE + c)
        return tuple(ids)

    def _moving_ids(self) -> tuple[int, ...]:
        """``_legal_ids`` of the moving phase. The moving mask depends only on the move's rules and
        position: memoised by exactly the values it reads (no other phase power applies while moving)."""
        p = self.to_act
        v, money = self.loc[p], self.money[p]
        by_end = self.game.params.move_by_end
        key = (self.ban, self.n_min, self.n_max, self.revisit, self.free_flights, self.no_step_flights,
               v, self.visited, self.steps, money if money < MONEY_KEY_CAP else MONEY_KEY_CAP, by_end)  # money_key
        hit = _MOVING_LEGAL.get(key)
        if hit is not None:
            return hit
        if by_end:  # the move's ends (``move_ends`` reads money only through the same flights)
            ids = sorted(move_ends(self.move_rules(), v, self.visited, self.steps, money))
        else:
            ids = moving_targets(self.move_rules(), v, self.visited, self.steps, money)
            if self.n_min <= self.steps < self.n_max and not (self.ban >> v) & 1:
                ids.append(A_STOP)
        trim(_MOVING_LEGAL, _MOVING_LEGAL_LIMIT)
        hit = _MOVING_LEGAL[key] = tuple(ids)
        return hit

    def _card_candidates(self) -> tuple[list[int], list[int], int]:
        """(encounters, tours) that may be taken now, and the mandatory Encounter or -1. Each
        location has one card (either side), so only the cards of the locations in reach are
        looked for on offer."""
        p = self.to_act
        allowed = 2 if self.sagrada else 1
        if self.cards_taken >= allowed:
            return [], [], NONE
        here = self.loc[p]
        adjacent = self.colosseum or (self.sagrada and self.cards_taken == 1)
        locs = (here,) + C.ADJ[here] if adjacent else (here,)
        encs, tours = [], []
        mandatory = NONE
        if not self.took_enc:  # on offer: the Encounter deck top or the row (available_encounters)
            deck, row = self.enc_deck, self.enc_row
            for v in locs:
                c = C.LOCATION_CARD[v]
                if c != NONE and ((deck and deck[-1] == c) or c in row):
                    encs.append(c)
                    if v == here and self.cards_taken == 0 and not self.game.params.encounter_optional:
                        mandatory = c
        if not self.took_tour and mandatory == NONE:  # the Tour deck top or the row (available_tours)
            deck, row = self.tour_deck, self.tour_row
            for v in locs:
                c = C.LOCATION_CARD[v]
                if c != NONE and ((deck and deck[-1] == c) or c in row) and self.tour_price(c) <= self.money[p]:
                    tours.append(c)
        return encs, tours, mandatory

    def _cards_ids(self, ids: list[int]) -> None:
        p = self.to_act
        encs, tours, mandatory = self._card_candidates()
        if mandatory != NONE:
            ids.append(A_ENC + mandatory)
        else:
            ids.append(A_PASS)
            for c in encs:
                ids.append(A_ENC + c)
            for c in tours:
                ids.append(A_TOUR + c)
        if self.lencois and self.cards_taken >= 1 and not self.lencois_moved:
            # rule B holds for the whole turn: not where the Trekker stood this turn (with Milford
            # Sound only not where the turn began: the FAQ's "end on the space it started on")
            block = self.ban if self.revisit else self.visited | self.ban
            ids.extend(A_LOC + w for w in C.ADJ[self.loc[p]] if not (block >> w) & 1)

    def _souvenirs_eligible(self) -> bool:
        it = self.itin
        if C.ITIN_CUBES[it] == 0:
            return False
        return self.terracotta or C.NODE_CONTINENT[self.loc[self.to_act]] in C.ITIN_CONTINENTS[it]

    def _colour_options(self) -> list[int]:
        p = self.to_act
        kind = C.ENC_KIND[self.pending]
        if kind in ("gain_cubes_one_colour_of_choice", "gain_money_and_cube_of_choice"):
            return [k for k in range(C.NUM_COLOURS) if self.cube_supply[k] > 0]
        if kind == "recolour_itinerary_cubes":
            return list(range(C.NUM_COLOURS))
        if kind == "gain_token_of_choice":
            return [k for k in range(4) if self.token_supply[k] > 0]
        if kind == "exchange_cube":
            if self.kili_row == NONE:
                return [k for k in range(C.NUM_COLOURS) if self.suitcase[p][k] > 0]
            return [k for k in range(C.NUM_COLOURS) if k != self.kili_row and self.cube_supply[k] > 0]
        if kind == "gain_cubes_shortest_row":
            rows = self.suitcase[p]
            low = min(rows)
            return [k for k in range(C.NUM_COLOURS) if rows[k] == low]
        raise AssertionError(kind)

    def _power_usable(self, c: int) -> bool:
        """Preconditions of an Encounter power (besides holding it, not fresh, right phase)."""
        p = self.to_act
        kind = C.ENC_KIND[c]
        if kind == "gain_cubes_one_colour_of_choice":
            return any(self.cube_supply)
        if kind == "gain_token_of_choice":
            return any(self.token_supply)
        if kind == "exchange_cube":
            return any(self.suitcase[p])
        if kind == "move_other_trekker":
            return any(self.loc[q] != NONE for q in range(self.num_players) if q != p)
        if kind == "take_from_encounter_discard":
            return bool(self.enc_discard)
        if kind == "swap_with_encounter_row":
            return any(x != NONE for x in self.available_encounters())
        if kind == "refresh_row":
            row = self.tour_row if C.ENC_EFFECT[c]["row"] == "tour" else self.enc_row
            return any(x != NONE for x in row)
        if kind == "itinerary_from_discard_top":
            return bool(self.itin_discard)
        if kind == "move_fewer":
            return not self.torres and self.n_max >= 2
        if kind == "extra_steps":
            return self._move_feasible(self.n_max + int(C.ENC_EFFECT[c]["count"]))
        if kind == "repeat_itinerary_money":
            return C.ITIN_MONEY[self.itin] > 0
        if kind == "recolour_itinerary_cubes":
            return self.recolour == NONE and C.ITIN_CUBES[self.itin] > 0
        if kind == "repeat_itinerary_cubes":
            return self._souvenirs_eligible()
        if kind == "itinerary_cubes_ignore_continent":
            return not self.terracotta and C.ITIN_CUBES[self.itin] > 0 and not self._souvenirs_eligible()
        if kind == "take_tour_and_encounter":
            return self.cards_taken <= 1
        if kind == "tour_discount":
            return not self.took_tour
        if kind == "take_card_at_adjacent_location":
            return self.cards_taken == 0
        if kind == "move_after_taking_card":
            return not self.lencois_moved
        return True

    # ---------------------------------------------------------------- apply
    def apply_action(self, action: int) -> None:
        """As ``GameState.apply_action``, with a fast path for a legal plain ``int``; everything
        else (other types, illegal actions) goes through the base class's checks and errors."""
        if type(action) is int and self.phase_id != PH_OVER and action in self._known_ids():
            self._apply(action)
            return
        super().apply_action(action)

    def _apply(self, action: int) -> None:
        do = self._do
        do(action)
        self._ids = self._mask = None
        if self.game.params.auto_forced:
            while (ph := self.phase_id) != PH_OVER:
                if ph == PH_MOVING:  # the most frequent next decision: straight to its ids
                    ids = self._moving_ids()
                elif ph in _CONTINUE_PHASES and self._only_pass():
                    do(A_PASS)
                    continue
                else:
                    ids = self._legal_ids()
                if len(ids) != 1:
                    self._ids = ids  # the next decision's (the mask is built when asked for)
                    break
                do(ids[0])

    def _only_pass(self) -> bool:
        """Cheap check (no mask) that a continue-phase offers nothing but ``pass``."""
        ph = self.phase_id
        if ph not in _CONTINUE_PHASES:
            return False
        p = self.to_act
        held = self.encs[p]
        if held:
            fresh = self.fresh_encs
            for c in held:
                if c not in fresh and not _ENDGAME[c]:
                    return False
        tokens, fresh_tokens = self.tokens[p], self.fresh_tokens[p]
        if ph == PH_MOVE_PREP:
            return tokens[C.TOK_MOVE] == fresh_tokens[C.TOK_MOVE]
        if ph == PH_MONEY:
            return tokens[C.TOK_MONEY] == fresh_tokens[C.TOK_MONEY] or C.ITIN_MONEY[self.itin] == 0
        return tokens[C.TOK_SOUVENIR] == fresh_tokens[C.TOK_SOUVENIR] or not self._souvenirs_eligible()

    def _do(self, a: int) -> None:
        p = self.to_act
        ph = self.phase_id
        if ph == PH_MOVING:  # the most frequent decision: a step
            self._step(p, a)
            return
        if A_USE <= a < A_ENC:
            self._use_power(a - A_USE)
            return
        if ph == PH_START:  # the turn's phases in order, then placing and the sub-choices
            if a == A_FF:
                self._take_token(p, C.TOK_FF)
                self.pending, self.ret_phase, self.phase_id = PENDING_FF, PH_START, PH_FLY
            else:
                slot = a - A_ITIN
                if slot == 0:
                    self.itin = self.itin_deck.pop()
                else:
                    self.itin = self.itin_row[slot - 1]
                    self.itin_row[slot - 1] = NONE
                self._begin_itinerary()
        elif ph == PH_MOVE_PREP:
            if a == A_MOVE:
                self._take_token(p, C.TOK_MOVE)
                self.move_tokens += 1
                self.n_max += 1
            else:  # pass: start moving
                self.start = self.loc[p]
                self.ban = self.visited = self.visited | _bit(self.start)
                self.steps = 0
                self.n_min = max(1, self.n_max - 2) if self.torres else self.n_max
                self.phase_id = PH_MOVING
        elif ph == PH_MONEY:
            if a == A_MONEY:
                self._take_token(p, C.TOK_MONEY)
                self.money_tokens += 1
            else:
                times = 1 + self.money_tokens + self.baobab
                self._gain_money(p, C.ITIN_MONEY[self.itin] * times)
                self.phase_id = PH_SOUVENIR
        elif ph == PH_SOUVENIR:
            if a == A_SOUV:
                self._take_token(p, C.TOK_SOUVENIR)
                self.souv_tokens += 1
            else:
                if self._souvenirs_eligible():
                    it = self.itin
                    colour = self.recolour if self.recolour != NONE else C.ITIN_COLOUR[it]
                    times = 1 + self.souv_tokens + self.taj
                    self._gain_cubes(p, colour, C.ITIN_CUBES[it] * times)
                self.phase_id = PH_CARDS
        elif ph == PH_CARDS:
            if a == A_PASS:
                self._end_turn()
            elif A_ENC <= a < A_TOUR:
                self._gain_encounter(a - A_ENC)
            elif A_TOUR <= a < A_COLOUR:
                self._buy_tour(a - A_TOUR)
            else:  # Lencois Maranhenses step
                self.loc[p] = a - A_LOC
                self.visited |= _bit(self.loc[p])
                self.lencois_moved = True
        elif ph == PH_PLACE:  # right before this seat's first turn
            self.loc[p] = a - A_LOC
            self.phase_id = PH_START
        elif ph == PH_FLY:  # rule B: the location left stays visited for this turn's move
            self.visited |= _bit(self.loc[p])
            self.loc[p] = a - A_LOC
            self._return()
        elif ph == PH_TELEPORT:  # the location left counts as the move's start (rule B, Lencois)
            self.ban = self.visited = self.visited | _bit(self.loc[p])
            self.loc[p] = a - A_LOC
            self.visited |= _bit(self.loc[p])
            self.phase_id = PH_MONEY
        elif ph == PH_COLOUR:
            self._resolve_colour(a - A_COLOUR)
        elif ph == PH_PLAYER:
            self.halong_target = (p + 1 + a - A_PLAYER) % self.num_players
            self.phase_id = PH_HALONG
        elif ph == PH_HALONG:
            self.loc[self.halong_target] = a - A_LOC
            self.halong_target = NONE
            self._return()
        elif ph == PH_PICK_ENC:
            self._resolve_pick(a - A_ENC)
        else:  # pragma: no cover - masks prevent it
            raise AssertionError(f"no handler for action {a} in phase {self.phase}")

    def _step(self, p: int, a: int) -> None:
        """A moving-phase action: one step (walk or flight) or stop (Torres del Paine); with
        ``move_by_end``, the move's end, reached by the walk ``move_ends`` names for it."""
        if a == A_STOP:
            self.phase_id = PH_MONEY
            return
        if self.game.params.move_by_end:
            for w in move_ends(self.move_rules(), self.loc[p], self.visited, self.steps, self.money[p])[a - A_LOC]:
                self._walk(p, w)
            self.phase_id = PH_MONEY  # the end is reached (with Torres del Paine maybe before the N-th step)
            return
        self._walk(p, a - A_LOC)

    def _walk(self, p: int, w: int) -> None:
        """One step to ``w``: along a path, or a flight (money, and a step unless Sydney Opera House)."""
        v = self.loc[p]
        if (_ADJ_BITS[v] >> w) & 1 and (self.revisit or not (self.visited >> w) & 1):  # movement.is_walk
            self.steps += 1
        else:  # a flight
            self.money[p] -= 0 if self.free_flights else C.FLIGHT_COST
            self.steps += 0 if self.no_step_flights else 1
        self.loc[p] = w
        self.visited |= 1 << w
        if self.steps >= self.n_max:
            self.phase_id = PH_MONEY

    # ------------------------------------------------------------ helpers
    def _return(self) -> None:
        self.phase_id = self.ret_phase
        self.pending = NONE
        self.ret_phase = NONE

    def _open(self, phase: int, card: int) -> None:
        self.ret_phase = self.phase_id
        self.pending = card
        self.phase_id = phase

    def _take_token(self, p: int, k: int) -> None:
        """Return one of ``p``'s usable tokens of type ``k`` to the supply."""
        self.tokens[p][k] -= 1
        self.token_supply[k] += 1

    def _gain_token(self, p: int, k: int) -> None:
        if self.token_supply[k] > 0:
            self.token_supply[k] -= 1
            self.tokens[p][k] += 1
            self.fresh_tokens[p][k] += 1

    def _gain_money(self, p: int, amount: int) -> None:
        self.money[p] = min(C.MONEY_CAP, self.money[p] + amount)

    def _gain_cubes(self, p: int, colour: int, count: int) -> None:
        """Cubes go to the left-most empty spot; covering an icon gives its token (if in supply)."""
        row = self.suitcase[p]
        for _ in range(count):
            if self.cube_supply[colour] == 0 or row[colour] >= C.SUITCASE_COLUMNS:
                return  # empty supply gives nothing; a full row loses the cube (it stays in the supply)
            self.cube_supply[colour] -= 1
            row[colour] += 1
            if row[colour] - 1 in C.ICON_COLUMNS:
                self._gain_token(p, colour)

    def _begin_itinerary(self) -> None:
        self.n_max = C.ITIN_MOVE[self.itin]
        self.phase_id = PH_MOVE_PREP

    def _gain_encounter(self, c: int) -> None:
        p = self.to_act
        self._remove_available_encounter(c)
        self.encs[p].append(c)
        self.fresh_encs.append(c)
        self.took_enc = True
        self.cards_taken += 1

    def _remove_available_encounter(self, c: int) -> int:
        """Take ``c`` out of the Encounter row/deck top; return its slot (0 = deck top)."""
        if self.enc_deck and self.enc_deck[-1] == c:
            self.enc_deck.pop()
            return 0
        i = self.enc_row.index(c)
        self.enc_row[i] = NONE
        return i + 1

    def _buy_tour(self, c: int) -> None:
        p = self.to_act
        self.money[p] -= self.tour_price(c)
        if self.tour_deck and self.tour_deck[-1] == c:
            self.tour_deck.pop()
        else:
            self.tour_row[self.tour_row.index(c)] = NONE
        self.tours[p].append(c)
        self.took_tour = True
        self.cards_taken += 1
        if len(self.tours[p]) >= self.params.end_tours:
            self.end_triggered = True

    # -------------------------------------------------------------- powers
    def _use_power(self, c: int) -> None:
        p = self.to_act
        kind = C.ENC_KIND[c]
        eff = C.ENC_EFFECT[c]
        self.encs[p].remove(c)
        if kind not in ("swap_with_encounter_row", "take_from_encounter_discard"):
            self.enc_discard.append(c)  # used: discard (Kakadu after its pick, Tongariro goes to the row)
        if kind == "gain_money":
            self._gain_money(p, int(eff["amount"]))
        elif kind == "gain_money_per_tour":
            self._gain_money(p, int(eff["per"]) * len(self.tours[p]))
        elif kind == "gain_one_cube_each_colour":
            for k in range(C.NUM_COLOURS):
                self._gain_cubes(p, k, 1)
        elif kind == "gain_money_and_cube_of_choice":
            self._gain_money(p, int(eff["amount"]))
            if any(self.cube_supply):
                self._open(PH_COLOUR, c)
        elif kind in ("gain_cubes_one_colour_of_choice", "gain_token_of_choice", "exchange_cube",
                      "gain_cubes_shortest_row", "recolour_itinerary_cubes"):
            self.kili_row = NONE
            self._open(PH_COLOUR, c)
        elif kind == "refresh_row":
            if eff["row"] == "tour":
                for i, x in enumerate(self.tour_row):
                    if x != NONE:
                        self.tours_out.append(x)
                        self.tour_row[i] = NONE
                self._refill_tours()
            else:
                for i, x in enumerate(self.enc_row):
                    if x != NONE:
                        self.enc_discard.append(x)
                        self.enc_row[i] = NONE
                self._refill_encounters()
        elif kind == "move_other_trekker":
            self._open(PH_PLAYER, c)
        elif kind in ("take_from_encounter_discard", "swap_with_encounter_row"):
            self._open(PH_PICK_ENC, c)
        elif kind == "free_flight_before_itinerary":
            self._open(PH_FLY, c)
        elif kind == "itinerary_from_discard_top":
            self.itin = self.itin_discard.pop()
            self._begin_itinerary()
        elif kind == "teleport_instead_of_move":
            self.phase_id = PH_TELEPORT
        elif kind == "skip_move":  # the Trekker stays: its location is where the turn began (rule B)
            self.ban = self.visited = self.visited | _bit(self.loc[p])
            self.phase_id = PH_MONEY
        elif kind == "move_fewer":
            self.torres = True
        elif kind == "extra_steps":
            self.extra += int(eff["count"])
            self.n_max += int(eff["count"])
        elif kind == "allow_revisit_this_turn":
            self.revisit = True
        elif kind == "free_flights_this_turn":
            self.free_flights = True
        elif kind == "flights_use_no_step":
            self.no_step_flights = True
        elif kind == "repeat_itinerary_money":
            self.baobab += int(eff["times"])
        elif kind == "repeat_itinerary_cubes":
            self.taj += int(eff["times"])
        elif kind == "itinerary_cubes_ignore_continent":
            self.terracotta = True
        elif kind == "take_tour_and_encounter":
            self.sagrada = True
        elif kind == "take_card_at_adjacent_location":
            self.colosseum = True
        elif kind == "move_after_taking_card":
            self.lencois = True
        elif kind == "tour_discount":
            self.discount += int(eff["amount"])
        else:  # pragma: no cover
            raise AssertionError(kind)

    def _resolve_colour(self, k: int) -> None:
        p = self.to_act
        c = self.pending
        kind = C.ENC_KIND[c]
        eff = C.ENC_EFFECT[c]
        if kind == "gain_cubes_one_colour_of_choice":
            self._gain_cubes(p, k, int(eff["count"]))
        elif kind == "gain_money_and_cube_of_choice":
            self._gain_cubes(p, k, int(eff["cubes"]))
        elif kind == "gain_cubes_shortest_row":
            self._gain_cubes(p, k, int(eff["count"]))
        elif kind == "recolour_itinerary_cubes":
            self.recolour = k
        elif kind == "gain_token_of_choice":
            self._gain_token(p, k)
        elif kind == "exchange_cube":
            if self.kili_row == NONE:
                self.suitcase[p][k] -= 1
                self.cube_supply[k] += 1
                self.kili_row = k
                if any(self.cube_supply[j] > 0 for j in range(C.NUM_COLOURS) if j != k):
                    return  # now choose the colour to gain
            else:
                self._gain_cubes(p, k, int(eff["gain"]))
            self.kili_row = NONE
        self._return()

    def _resolve_pick(self, chosen: int) -> None:
        p = self.to_act
        c = self.pending
        if C.ENC_KIND[c] == "take_from_encounter_discard":
            self.enc_discard.remove(chosen)
            self.enc_discard.append(c)  # Kakadu is discarded after its power is done
        else:  # Tongariro takes the chosen card's place
            slot = self._remove_available_encounter(chosen)
            if slot == 0:
                self.enc_deck.append(c)
            else:
                self.enc_row[slot - 1] = c
        self.encs[p].append(chosen)
        self.fresh_encs.append(chosen)
        self._return()

    # ----------------------------------------------------------- end of turn
    def _reshuffle(self, deck: list[int], discard: list[int]) -> None:
        """The (face-up, so public) discard pile becomes the new deck in a hidden order."""
        deck.extend(self.rng.permutation(discard).tolist())
        discard.clear()
        if deck is self.enc_deck:
            self.enc_reshuffled = True  # from now on everyone knows which cards the deck holds

    def _draw(self, deck: list[int], discard: list[int] | None) -> int:
        if not deck and discard:
            self._reshuffle(deck, discard)
        return deck.pop() if deck else NONE

    def _refill_row(self, row: list[int], deck: list[int], discard: list[int] | None) -> None:
        if NONE in row:
            for i in range(len(row)):
                if row[i] == NONE:
                    row[i] = self._draw(deck, discard)
        if not deck and discard:  # keep a face-up deck top when possible
            self._reshuffle(deck, discard)

    def _refill_itineraries(self) -> None:
        self._refill_row(self.itin_row, self.itin_deck, self.itin_discard)

    def _refill_encounters(self) -> None:
        self._refill_row(self.enc_row, self.enc_deck, self.enc_discard)

    def _refill_tours(self) -> None:
        self._refill_row(self.tour_row, self.tour_deck, None)

    def _refill(self) -> None:
        """End-of-turn refill in the rulebook's order: Itineraries, Encounters, Tours (a row with no
        gap whose deck is not empty needs nothing: ``_refill_row``'s two tests, written out here
        because most turns end with nothing to refill)."""
        row, deck, discard = self.itin_row, self.itin_deck, self.itin_discard
        if NONE in row or (not deck and discard):
            self._refill_row(row, deck, discard)
        row, deck, discard = self.enc_row, self.enc_deck, self.enc_discard
        if NONE in row or (not deck and discard):
            self._refill_row(row, deck, discard)
        if NONE in self.tour_row:
            self._refill_row(self.tour_row, self.tour_deck, None)

    def _rival_turn(self) -> None:
        row_kind, slot = C.RIVAL_DECKS[self.params.solo_calibration][self.rival_deck.pop()]
        cards = self.available_tours() if row_kind == 0 else self.available_encounters()
        c = cards[slot - 1]
        if c == NONE:
            return
        if row_kind == 0:
            if slot == 1:
                self.tour_deck.pop()
            else:
                self.tour_row[slot - 2] = NONE
            self.rival_tours.append(c)
            self.rival_points += C.TOUR_POINTS[c]
        else:
            if slot == 1:
                self.enc_deck.pop()
            else:
                self.enc_row[slot - 2] = NONE
            self.enc_discard.append(c)

    def _end_turn(self) -> None:
        p = self.to_act
        n = self.game.params.num_players
        if self.itin != NONE:
            self.itin_discard.append(self.itin)
        self.fresh_tokens[p] = [0, 0, 0, 0]
        self.turns_taken[p] += 1
        self._refill()
        self._reset_turn()
        if n == 1:
            self._rival_turn()
            self._refill()
        if not self.end_triggered and n > 1 and not self.end_still_reachable():
            self.end_triggered = True  # doc ruling 12: the rulebook's trigger can no longer happen
        if n == 1:
            if self.end_triggered or not self.rival_deck:
                self.phase_id = PH_OVER
                return
            self.phase_id = PH_START
            return
        nxt = (p + 1) % n
        if self.end_triggered and nxt == self.first_player:
            self.phase_id = PH_OVER
            return
        self.to_act = nxt
        self.phase_id = PH_START if self.loc[nxt] != NONE else PH_PLACE

    def tours_left(self) -> int:
        """Tours that may still be taken: the Tour deck (never reshuffled) and the Tour row."""
        row = self.tour_row
        return len(self.tour_deck) + len(row) - row.count(NONE)

    def end_still_reachable(self) -> bool:
        """True while some player could still take their ``end_tours``-th Tour (doc ruling 12)."""
        need = self.game.params.end_tours
        if len(self.tour_deck) >= need:  # the deck alone holds enough (tours_left() counts it)
            return True
        return max(map(len, self.tours)) + self.tours_left() >= need

    # --------------------------------------------------------------- scoring
    def suitcase_points(self, p: int) -> int:
        filled = min(self.suitcase[p])
        return C.COLUMN_POINTS[self.params.suitcase_points][filled - 1] if filled > 0 else 0

    def endgame_points(self, p: int) -> int:
        if not self.encs[p]:
            return 0
        total = 0
        tour_conts = [C.CARD_CONTINENT[t] for t in self.tours[p]]
        for c in self.encs[p]:
            kind = C.ENC_KIND[c]
            eff = C.ENC_EFFECT[c]
            if kind == "end_points_per_tour_in_continent":
                cont = C.CONTINENT_IDS.index(eff["continent"])
                total += int(eff["per"]) * tour_conts.count(cont)
            elif kind == "end_points_per_cube":
                total += int(eff["per"]) * self.suitcase[p][C.COLOURS.index(eff["colour"])]
            elif kind == "end_points_per_money":
                total += self.money[p] // int(eff["dollars_per_point"])
            elif kind == "end_points_per_unused_token":
                total += int(eff["per"]) * sum(self.tokens[p])
            elif kind == "end_points_per_other_encounter":
                total += int(eff["per"]) * (len(self.encs[p]) - 1)
            elif kind == "end_points_if_tour_continents":
                if len(set(tour_conts)) >= int(eff["min_continents"]):
                    total += int(eff["points"])
            elif kind == "end_points_per_full_row":
                total += int(eff["per"]) * sum(1 for x in self.suitcase[p] if x >= C.SUITCASE_COLUMNS)
        return total

    def tour_points(self, p: int) -> int:
        return sum(map(C.TOUR_POINTS.__getitem__, self.tours[p]))

    def score(self, p: int) -> int:
        return self.tour_points(p) + self.endgame_points(p) + self.suitcase_points(p)

    def scores(self) -> list[float]:
        return [float(self.score(p)) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        if not self.is_terminal:
            return []
        if self.num_players == 1:
            return [0] if self.score(0) >= self.rival_points + self.params.solo_margin else []
        keys = [(self.score(p), self.money[p]) for p in range(self.num_players)]
        best = max(keys)
        return [p for p in range(self.num_players) if keys[p] == best]

    def returns(self) -> list[float]:
        if self.num_players == 1 and self.is_terminal:
            return [1.0 if self.winners() else -1.0]
        return super().returns()

    # ---------------------------------------------------------- encoding
    def observation(self, seat: int, out: np.ndarray) -> None:
        params = self.game.params
        if not (params.location_features or params.plan_features):
            encoder.encode_observation(self, seat, out)
            return
        base = self.game.base_observation_size
        encoder.encode_observation(self, seat, out[:base])
        if params.location_features:
            encode_location_features(self, seat, out[base:base + LOCATION_FEATURES_SIZE])
            base += LOCATION_FEATURES_SIZE
        if params.plan_features:
            encode_plan_features(self, seat, out[base:base + PLAN_FEATURES_SIZE])

    def state_tensor(self, out: np.ndarray) -> None:
        encoder.encode_state(self, out)

    # ------------------------------------------------------- serialisation
    LIST_FIELDS = (
        "tour_deck", "enc_deck", "tour_row", "enc_row", "enc_discard", "tours_out", "itin_deck", "itin_row",
        "itin_discard", "cube_supply", "token_supply", "loc", "money", "turns_taken", "fresh_encs",
        "rival_deck", "rival_tours",
    )
    NESTED_FIELDS = ("suitcase", "tokens", "fresh_tokens", "tours", "encs")
    SCALAR_FIELDS = ("first_player", "to_act", "end_triggered", "phase_id", "rival_points",
                     "enc_reshuffled") + TURN_FIELDS
    #: attributes saved under another key (the key saved states and golden files use)
    DICT_KEYS = {"to_act": "turn_seat"}

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = state_header(self.game)
        d.update({f: list(getattr(self, f)) for f in self.LIST_FIELDS})
        d.update({f: [list(x) for x in getattr(self, f)] for f in self.NESTED_FIELDS})
        d.update({self.DICT_KEYS.get(f, f): getattr(self, f) for f in self.SCALAR_FIELDS})
        d["rng"] = rng_to_dict(self.rng)
        return d

    @classmethod
    def from_dict(cls, game: "TrekkingTheWorldGame", data: dict[str, Any]) -> "TrekkingTheWorldState":
        keys = cls.LIST_FIELDS + cls.NESTED_FIELDS + tuple(cls.DICT_KEYS.get(f, f) for f in cls.SCALAR_FIELDS)
        check_state_header(game, data, keys + ("rng",))
        _check_state_dict(game, data)
        s = cls.__new__(cls)
        s.game = game
        for f in cls.LIST_FIELDS:
            setattr(s, f, [int(x) for x in data[f]])
        for f in cls.NESTED_FIELDS:
            setattr(s, f, [[int(x) for x in row] for row in data[f]])
        for f in cls.SCALAR_FIELDS:
            v = data[cls.DICT_KEYS.get(f, f)]
            setattr(s, f, v if isinstance(v, bool) else int(v))
        s.rng = rng_from_dict(data["rng"])
        s.touch()
        return s

    def clone(self) -> "TrekkingTheWorldState":
        s = self._copy()
        s.rng = rng_from_dict(rng_to_dict(self.rng))
        return s

    def _copy(self) -> "TrekkingTheWorldState":
        """A copy of every field but the generator (``clone`` copies it; ``resample_hidden`` draws a
        new one, so it skips the costly copy)."""
        s = TrekkingTheWorldState.__new__(TrekkingTheWorldState)
        mine = self.__dict__
        new = {f: mine[f][:] for f in self.LIST_FIELDS}
        new.update({f: [x[:] for x in mine[f]] for f in self.NESTED_FIELDS})
        new.update(zip(self.SCALAR_FIELDS, _SCALARS_OF(mine)))
        new["game"] = self.game
        s.__dict__ = new
        s.touch()
        return s

    # ------------------------------------------------------ hidden information
    def resample_hidden(self, seat: int, rng: np.random.Generator) -> "TrekkingTheWorldState":
        """A copy with every hidden element drawn anew from ``rng``: the order of the Itinerary,
        Tour and Encounter decks below their face-up tops, which unseen cards are in the Tour
        deck and which in the Encounter deck (until the Encounter deck is rebuilt from its
        public discard pile, after which its content is known), the solo Rival deck, and the
        state's own generator. Everything on the table is public, so ``seat`` changes nothing.

        Lists are shuffled in place (``rng.shuffle`` draws as ``rng.permutation`` does, and nothing
        for fewer than 2 cards) and the generator's seed is drawn now, the generator built when
        first used (see ``rng``): the search resamples once per simulation."""
        if not 0 <= seat < self.num_players:
            raise ParameterError(f"seat={seat!r} is not a seat of this {self.num_players}-player game")
        s = self._copy()
        shuffle = rng.shuffle
        tour_deck, enc_deck, itin_deck = s.tour_deck, s.enc_deck, s.itin_deck
        if s.enc_reshuffled:
            tour_below, enc_below = sorted(tour_deck[:-1]), sorted(enc_deck[:-1])  # canonical orders
            _shuffle(shuffle, tour_below)
            _shuffle(shuffle, enc_below)
        else:  # the two halves of the unseen cards were dealt at random: deal them again
            pool = sorted(tour_deck[:-1] + enc_deck[:-1])
            _shuffle(shuffle, pool)
            split = max(len(tour_deck) - 1, 0)
            tour_below, enc_below = pool[:split], pool[split:]
        tour_deck[:-1] = tour_below
        enc_deck[:-1] = enc_below
        itin_below = sorted(itin_deck[:-1])
        _shuffle(shuffle, itin_below)
        itin_deck[:-1] = itin_below
        s.rival_deck.sort()
        _shuffle(shuffle, s.rival_deck)
        s._rng, s._rng_seed = None, int(rng.integers(2**63))
        return s

    def observation_text(self, seat: int) -> str:
        return render.observation_text(self, seat)

    # -------------------------------------------------------------- text
    def action_to_string(self, action: int) -> str:
        return render.action_to_string(self, action)

    def render_text(self) -> str:
        return render.render_text(self)

    def render_rgb(self) -> np.ndarray:
        return render.render_rgb(self)


assert not any(isinstance(getattr(TrekkingTheWorldState, k, None), property) for k in TURN_DEFAULTS)
_SCALARS_OF = operator.itemgetter(*TrekkingTheWorldState.SCALAR_FIELDS)  # from a state's __dict__


def _check_state_dict(game: "TrekkingTheWorldGame", data: dict[str, Any]) -> None:
    """Shapes and value ranges of a state dict (ParameterError naming the first bad entry)."""
    n = game.num_players

    def bad(name: str, why: str) -> ParameterError:
        return ParameterError(f"state dict entry {name!r} {why}")

    def ints(name: str, values: Any, low: int, high: int, length: int | None = None) -> None:
        if not isinstance(values, (list, tuple)):
            raise bad(name, f"must be a list, not {type(values).__name__}")
        if length is not None and len(values) != length:
            raise bad(name, f"has {len(values)} entries; this {n}-player game needs {length}")
        for x in values:
            if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not low <= x <= high:
                raise bad(name, f"holds {x!r}; values must be integers in [{low}, {high}]")

    cards = C.NUM_CARDS - 1
    for f in ("tour_deck", "enc_deck", "enc_discard", "tours_out", "rival_tours", "fresh_encs"):
        ints(f, data[f], 0, cards)
    ints("tour_row", data["tour_row"], NONE, cards, C.TOUR_ROW)
    ints("enc_row", data["enc_row"], NONE, cards, C.ENC_ROW)
    ints("itin_deck", data["itin_deck"], 0, C.NUM_ITINERARIES - 1)
    ints("itin_discard", data["itin_discard"], 0, C.NUM_ITINERARIES - 1)
    ints("itin_row", data["itin_row"], NONE, C.NUM_ITINERARIES - 1, C.ITIN_ROW)
    ints("cube_supply", data["cube_supply"], 0, C.CUBES_PER_COLOUR, C.NUM_COLOURS)
    ints("token_supply", data["token_supply"], 0, C.TOKENS_PER_TYPE, 4)
    ints("loc", data["loc"], NONE, C.NUM_LOCATIONS - 1, n)
    ints("money", data["money"], 0, C.MONEY_CAP, n)
    ints("turns_taken", data["turns_taken"], 0, 10**6, n)
    ints("rival_deck", data["rival_deck"], 0, C.RIVAL_DECK_SIZE - 1)
    for f, high, width in (("suitcase", C.SUITCASE_COLUMNS, C.NUM_COLOURS), ("tokens", C.TOKENS_PER_TYPE, 4),
                           ("fresh_tokens", C.TOKENS_PER_TYPE, 4), ("tours", cards, None), ("encs", cards, None)):
        rows = data[f]
        if not isinstance(rows, (list, tuple)) or len(rows) != n:
            raise bad(f, f"must be a list of {n} per-player lists")
        for p, row in enumerate(rows):
            ints(f"{f}[{p}]", row, 0, high, width)
    for f, low, high in (("first_player", 0, n - 1), ("turn_seat", 0, n - 1), ("phase_id", 0, len(PHASES) - 1),
                         ("rival_points", 0, 10**4), ("itin", NONE, C.NUM_ITINERARIES - 1),
                         ("start", NONE, C.NUM_LOCATIONS - 1), ("pending", PENDING_FF, cards),
                         ("ret_phase", NONE, len(PHASES) - 1), ("halong_target", NONE, n - 1),
                         ("kili_row", NONE, C.NUM_COLOURS - 1), ("recolour", NONE, C.NUM_COLOURS - 1)):
        ints(f, [data[f]], low, high)
    for f in TURN_FIELDS + ("end_triggered", "enc_reshuffled"):
        v = data[f]
        if isinstance(TURN_DEFAULTS.get(f, False), bool):
            if not isinstance(v, bool):
                raise bad(f, f"must be true or false, not {v!r}")
        elif isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < NONE - 1:
            raise bad(f, f"holds {v!r}; it must be an integer")
    if not isinstance(data["rng"], dict) or "bit_generator" not in data["rng"]:
        raise bad("rng", "must be a generator state from to_dict()")


class TrekkingTheWorldGame(Game):
    name = "trekking_the_world"
    Params = TrekkingTheWorldParams
    State = TrekkingTheWorldState
    player_counts = (1, 2, 3, 4, 5)
    render_modes = ("ansi", "rgb_array")
    score_scale = 40.0
    observation_bounds = (0.0, 1.0)
    max_decisions = 20_000

    num_actions = NUM_ACTIONS

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        #: the observation without the optional blocks (per location, then per plan, in that order)
        self.base_observation_size = encoder.observation_size(self.num_players)
        self.observation_size = self.base_observation_size + (
            LOCATION_FEATURES_SIZE if self.params.location_features else 0) + (
            PLAN_FEATURES_SIZE if self.params.plan_features else 0)
        self.state_size = encoder.state_size(self.num_players)

    def new_initial_state(self, rng: np.random.Generator) -> TrekkingTheWorldState:
        return TrekkingTheWorldState(self, rng)

    def end_scoring_layout(self) -> dict:
        """The observation's blocks for the end-scoring network (``plan_features.end_scoring_layout``)."""
        return end_scoring_layout(self)

    def seat_blocks(self) -> list[np.ndarray]:
        return encoder.seat_blocks(self.num_players)

