"""Globetrotter rules: the state and its transitions (no gymnasium/pettingzoo, no encoder caches).

Turn structure (see docs/games/globetrotter.md for the rulings):

* phase ``improve``: before each round, in turn order from the start player,
  each player selects cards to discard (one action per card) and confirms; the
  replacements come from the deck. Then discards + deck are shuffled and the
  Travel Journal is turned.
* phase ``turn``: the current player may take Action 1 (draw from the deck or a
  parking space) and Action 2 (play matching cards one at a time, ended by
  ``stop``, which runs the advance check) in either order, at least one.
* phase ``park``: right after a draw, park one hand card or not.
* phase ``choose_opponent``: the deck and the Journal are exhausted, the drawer
  chooses an opponent holding >= 2 cards to draw a random card from.
"""

from __future__ import annotations

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
from . import encoder as E
from . import render as R
from .cardset import MATCH_BITS, card_tuple, cards_of, from_cards, to_array
from .actions import CHOOSE, IMPROVE, OVER, PARK_PHASE, PHASES, TURN
from .chain_features import CF_SIZE, encode_chain_features
from .components import (
    CITY_CARDS,
    CITY_MATCH_LIST,
    COLOUR_OF,
    HAND_SIZE,
    MATCH_LIST,
    NUM_CARDS,
    NUM_CITY_CARDS,
    NUM_PARKING,
    VEHICLE_OF,
    WORLD_SIZE,
    card_name,
)
from .params import GlobetrotterParams

AFTER_PARK, AFTER_END = 0, 1  # what follows a pending draw


class GlobetrotterState(GameState):
    """One game of Globetrotter; mutated in place by :meth:`apply_action`.

    ``phase_id`` indexes :data:`PHASES`; ``to_act`` is the deciding seat (serialised as ``cur``).
    Card sets (hands, what a seat knows of a hand, the improvement selection) are ints of card
    bits (:mod:`.cardset`); ``hands``, ``known`` and ``marked`` show them as read-only arrays.
    """

    PHASES = PHASES
    OVER = OVER

    # ------------------------------------------------------------------ set-up
    def __init__(self, game: "Globetrotter", rng: np.random.Generator) -> None:
        self._init_empty(game, rng)
        self.start = int(rng.integers(self.n))  # ruling 8: round-1 start player random
        self._setup_round()

    def _init_empty(self, game: "Globetrotter", rng: np.random.Generator) -> None:
        self.game = game
        self.params = game.params
        self._rng_seed: int | None = None  # with _rng None: the seed the generator is built from
        self.rng = rng
        n = self.n = game.params.num_players
        self.city_cards = CITY_CARDS[game.params.wild_faces]
        self.world: list[int] = [0] * WORLD_SIZE
        self.pos = [0] * n
        self.hand_bits = [0] * n
        self.hand_size = [0] * n
        self.deck: list[int] = []  # top = last
        self.journal: list[int] = []  # top = last
        self.discards: list[int] = []
        #: each seat's discards of this round's improvement (known to that seat only; emptied when the
        #: improvement ends and the pile goes into the deck)
        self.improve_discards: list[list[int]] = [[] for _ in range(n)]
        self.parking = [-1] * NUM_PARKING
        #: known_bits[o][h]: the cards seat o knows seat h holds (ruling L: a parked card h took, a card
        #: h drew at random from o's hand); the observation carries row o for seat o
        self.known_bits = [[0] * n for _ in range(n)]
        #: cards each seat swapped in this round's improvement (public: everyone sees how many)
        self.exchanged = [0] * n
        self.key = -1  # -1 = in the centre
        self.score = [0] * n
        self.round_points: list[list[int]] = []
        self.round_positions: list[list[int]] = []  # positions at the end of each round
        self.round = 0
        self.start = 0
        self.to_act = 0
        self.phase_id = IMPROVE
        self.improved = 0
        self.marked_bits = 0  # the improving seat's selection to discard
        self._reset_turn_flags()
        self.pending_draws = 0
        self.pending_after = AFTER_PARK
        self.round_ending = False
        self.tiebreak: list[int] = []
        self.tb_index = 0
        self.winners_: list[int] = []
        self.turns_passed = 0  # consecutive stuck turns (ruling 13)
        #: the running turn's actions and each seat's last finished turn of this round (public: every action
        #: of a turn is seen by all, a deck draw without its card); what a player remembers of the others' play
        self.turn_actions: list[int] = []
        self.last_turn: list[tuple[int, ...]] = [()] * n
        self._mask: np.ndarray | None = None  # legal mask cache, cleared by every action (_apply)

    def _reset_turn_flags(self) -> None:
        self.drew = False
        self.park_from = -1  # parking space drawn from this turn
        self.played: list[int] = []  # cards played this turn
        self.a2_done = False
        self.key_gained = False

    def _setup_round(self) -> None:
        rng, n = self.rng, self.n
        order = rng.permutation(NUM_CITY_CARDS)[:WORLD_SIZE]
        sides = rng.integers(0, 2, WORLD_SIZE)
        self.world = [int(self.city_cards[int(c)][int(s)]) for c, s in zip(order, sides)]
        self.pos = [0] * n
        deck = [int(c) for c in rng.permutation(NUM_CARDS)]
        self.hand_bits = [0] * n
        for p in range(n):
            for _ in range(HAND_SIZE):
                self.hand_bits[p] |= 1 << deck.pop()
            self.hand_size[p] = HAND_SIZE
        self.deck = deck
        self.journal = []
        self.discards = []
        self.improve_discards = [[] for _ in range(n)]
        self.parking = [-1] * NUM_PARKING
        self.known_bits = [[0] * n for _ in range(n)]
        self.exchanged = [0] * n
        self.key = -1
        self.round_ending = False
        self.phase_id = IMPROVE
        self.to_act = self.start
        self.improved = 0
        self.marked_bits = 0
        self._reset_turn_flags()
        self.turns_passed = 0
        self.turn_actions = []
        self.last_turn = [()] * n

    # --------------------------------------------------------------- queries
    @property
    def hands(self) -> np.ndarray:
        """hands[p, c]: seat p holds card c (a read-only array built from ``hand_bits``)."""
        return _frozen(to_array(self.hand_bits))

    @property
    def known(self) -> np.ndarray:
        """known[o, h, c]: seat o knows that seat h holds card c (read-only, from ``known_bits``)."""
        return _frozen(to_array([b for row in self.known_bits for b in row]).reshape(self.n, self.n, NUM_CARDS))

    @property
    def marked(self) -> np.ndarray:
        """marked[c]: the improving seat selected card c to discard (read-only, from ``marked_bits``)."""
        return _frozen(to_array([self.marked_bits])[0])

    def hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds, ascending."""
        return cards_of(self.hand_bits[seat])

    @property
    def top(self) -> int:
        return self.journal[-1] if self.journal else -1

    def next_city(self, seat: int) -> int:
        """Face id of the city one step clockwise from ``seat``'s character."""
        return self.world[(self.pos[seat] + 1) % WORLD_SIZE]

    def can_draw_deck(self, seat: int) -> bool:
        """Action 1 from the deck can supply at least one card (ruling 7)."""
        if self.deck or len(self.journal) > 1:
            return True
        hs = self.hand_size
        return any(hs[q] >= 2 for q in range(self.n) if q != seat)

    def can_play(self, seat: int) -> bool:
        if self.key == seat:
            return self.hand_size[seat] > 0
        return (self.hand_bits[seat] & MATCH_BITS[self.journal[-1]]) != 0

    def park_spaces(self) -> list[int]:
        """Empty parking spaces the current player may park in."""
        same = self.params.park_same_space
        return [i for i in range(NUM_PARKING) if self.parking[i] < 0 and (same or i != self.park_from)]

    # ------------------------------------------------------------ decisions
    # One pair per phase: the legal ids ("_legal_<phase>", ascending) and the step that applies one
    # of them ("_apply_<phase>"); _LEGAL and _APPLY below index them by phase id.

    def legal_actions(self) -> list[int]:
        """The legal ids, ascending (a new list; the search asks at every step, without a mask)."""
        return self._LEGAL[self.phase_id](self)

    def legal_action_mask(self) -> np.ndarray:
        """The legal actions (cached until the next action; the array is read-only)."""
        if self._mask is None:
            mask = np.zeros(A.NUM_ACTIONS, bool)
            mask[self.legal_actions()] = True
            mask.setflags(write=False)
            self._mask = mask
        return self._mask

    def _apply(self, a: int) -> None:
        self._mask = None  # the one place the mask cache is dropped: every action goes through here
        if self.phase_id != IMPROVE:  # an improvement's discards are secret; every turn action is seen
            self.turn_actions.append(a)
        self._APPLY[self.phase_id](self, a)

    def _legal_improve(self) -> list[int]:
        return [A.DISCARD + c for c in card_tuple(self.hand_bits[self.to_act] & ~self.marked_bits)] + [A.CONFIRM]

    def _apply_improve(self, a: int) -> None:
        if a == A.CONFIRM:
            self._confirm_improvement()
        else:
            self.marked_bits |= 1 << (a - A.DISCARD)

    def _legal_turn(self) -> list[int]:
        cur = self.to_act
        in_a2 = bool(self.played) and not self.a2_done
        legal = []
        if not self.a2_done:
            playable = self.hand_bits[cur]
            if self.key != cur:
                playable &= MATCH_BITS[self.journal[-1]]
            legal = [A.PLAY + c for c in card_tuple(playable)]
        if not self.drew and not in_a2:
            if self.can_draw_deck(cur):
                legal.append(A.DRAW_DECK)
            for i in range(NUM_PARKING):
                if self.parking[i] >= 0:
                    legal.append(A.DRAW_PARK + i)
        if in_a2:
            legal.append(A.STOP)
        elif self.drew or self.a2_done:
            legal.append(A.END_TURN)
        return legal

    def _apply_turn(self, a: int) -> None:
        if a < A.DRAW_DECK:
            self._play(a - A.PLAY)
        elif a == A.DRAW_DECK:
            self.drew = True
            self.pending_draws, self.pending_after = 1, AFTER_PARK
            self._continue_draws()
        elif a < A.PARK:
            self._draw_parked(a - A.DRAW_PARK)
        elif a == A.STOP:
            self._advance_check()
        else:  # END_TURN
            self._end_turn()

    def _legal_park(self) -> list[int]:
        return [A.PARK + c for c in card_tuple(self.hand_bits[self.to_act])] + [A.NO_PARK]

    def _apply_park(self, a: int) -> None:
        if a != A.NO_PARK:
            card = a - A.PARK
            self._take(self.to_act, card)
            self.parking[self.park_spaces()[0]] = card
        self._after_action1()

    def _legal_choose(self) -> list[int]:
        cur, n = self.to_act, self.n
        return [A.OPPONENT + k - 1 for k in range(1, n) if self.hand_size[(cur + k) % n] >= 2]

    def _apply_choose(self, a: int) -> None:
        victim = (self.to_act + a - A.OPPONENT + 1) % self.n
        self._steal(victim)
        self.pending_draws -= 1
        self._continue_draws()

    def _legal_over(self) -> list[int]:
        """Nothing is legal once the game is over."""
        return []

    _LEGAL = (_legal_improve, _legal_turn, _legal_park, _legal_choose, _legal_over)  # by phase id
    _APPLY = (_apply_improve, _apply_turn, _apply_park, _apply_choose)  # the base refuses actions when over

    # ------------------------------------------------------------ transitions
    def _draw_parked(self, i: int) -> None:
        """Action 1 from parking space ``i``: everyone sees which card the player takes."""
        cur = self.to_act
        card = self.parking[i]
        self.parking[i] = -1
        self._give(cur, card)
        for o in range(self.n):  # everyone saw it, and a seat's own hand is no "known" card
            if o != cur:
                self.known_bits[o][cur] |= 1 << card
        self.drew = True
        self.park_from = i
        self._after_draw()

    def _give(self, seat: int, card: int) -> None:
        self.hand_bits[seat] |= 1 << card
        self.hand_size[seat] += 1

    def _take(self, seat: int, card: int) -> None:
        gone = ~(1 << card)
        self.hand_bits[seat] &= gone
        self.hand_size[seat] -= 1
        for row in self.known_bits:
            row[seat] &= gone

    def _steal(self, victim: int) -> None:
        cards = card_tuple(self.hand_bits[victim])
        card = cards[self.rng.integers(len(cards))]
        for o in range(self.n):  # the others did not see which card moved: what they knew of the victim is gone
            if o != victim and o != self.to_act:
                self.known_bits[o][victim] = 0
        self._take(victim, card)
        self._give(self.to_act, card)
        self.known_bits[victim][self.to_act] |= 1 << card  # the victim knows which card it lost

    def _confirm_improvement(self) -> None:
        cur = self.to_act
        out = cards_of(self.marked_bits)
        for c in out:
            self._take(cur, c)
        for _ in out:
            if not self.deck:  # only possible with 5 players (documented ruling)
                self.deck = [self.discards[int(i)] for i in self.rng.permutation(len(self.discards))]
                self.discards = []
            self._give(cur, self.deck.pop())
        self.discards.extend(out)
        self.improve_discards[cur] = out
        self.exchanged[cur] = len(out)
        self.marked_bits = 0
        self.improved += 1
        if self.improved < self.n:
            self.to_act = (cur + 1) % self.n
            return
        pool = self.deck + self.discards
        self.deck = [pool[int(i)] for i in self.rng.permutation(len(pool))]
        self.discards = []
        self.improve_discards = [[] for _ in range(self.n)]
        self.journal = [self.deck.pop()]
        if self.params.prefill_parking:
            self.parking = [self.deck.pop() for _ in range(NUM_PARKING)]
        self.phase_id = TURN
        self._begin_turn(self.start)

    def _continue_draws(self) -> None:
        """Draw pending cards for the current player; may stop for an opponent choice."""
        cur, n = self.to_act, self.n
        while self.pending_draws > 0:
            if not self.deck and len(self.journal) > 1:
                rest = self.journal[:-1]
                self.deck = [rest[int(i)] for i in self.rng.permutation(len(rest))]
                self.journal = self.journal[-1:]
            if self.deck:
                self._give(cur, self.deck.pop())
                self.pending_draws -= 1
                continue
            victims = [q for q in range(n) if q != cur and self.hand_size[q] >= 2]
            if not victims:
                self.pending_draws = 0  # ruling 7: the draw stops short
                break
            if len(victims) > 1:
                self.phase_id = CHOOSE
                return
            self._steal(victims[0])  # a forced choice is applied at once
            self.pending_draws -= 1
        self.phase_id = TURN
        if self.pending_after == AFTER_PARK:
            self._after_draw()
        else:
            self._end_turn()

    def _after_draw(self) -> None:
        if self.park_spaces() and self.hand_size[self.to_act] > 0:
            self.phase_id = PARK_PHASE
        else:
            self._after_action1()

    def _after_action1(self) -> None:
        self.phase_id = TURN
        if self.a2_done or not self.can_play(self.to_act):
            self._end_turn()  # nothing left to do: the only choice would be "end turn"

    def _play(self, card: int) -> None:
        cur = self.to_act
        if not MATCH_LIST[self.journal[-1]][card]:
            self.key = -1  # the Skeleton Key is returned to the centre
        self._take(cur, card)
        self.journal.append(card)
        played = self.played
        played.append(card)
        if len(played) >= 3 and not self.key_gained and self.key != cur:
            a, b, c = played[-3], played[-2], played[-1]
            if (COLOUR_OF[a] == COLOUR_OF[b] == COLOUR_OF[c]) or (VEHICLE_OF[a] == VEHICLE_OF[b] == VEHICLE_OF[c]):
                self.key = cur
                self.key_gained = True
        if self.hand_size[cur] == 0:
            self._advance_check()  # an empty hand always moves (condition b/c)

    def _advance_check(self) -> None:
        cur = self.to_act
        self.a2_done = True
        match = CITY_MATCH_LIST[self.next_city(cur)][self.played[-1]]
        empty = self.hand_size[cur] == 0
        steps = (1 if match else 0) + (2 if empty else 0)
        if steps:
            self.pos[cur] += steps
            if self.pos[cur] >= WORLD_SIZE and not self.tiebreak:
                self.round_ending = True
            if empty:
                self.pending_draws, self.pending_after = HAND_SIZE, AFTER_END
                self._continue_draws()
            else:
                self._end_turn()
        elif self.drew or not (self.can_draw_deck(cur) or max(self.parking) >= 0):
            self._end_turn()

    def _end_turn(self) -> None:
        n = self.n
        while True:
            self.last_turn[self.to_act] = tuple(self.turn_actions)  # () for a turn that passed at once
            if self.tiebreak:
                self.tb_index += 1
                if self.tb_index >= len(self.tiebreak):
                    self._finish_tiebreak()
                    return
                nxt = self.tiebreak[self.tb_index]
            elif self.round_ending and self.to_act == (self.start - 1) % n:
                if self._end_round():
                    return
                continue  # stuck at the start of the tie-break (never in practice)
            else:
                nxt = (self.to_act + 1) % n
            if self._begin_turn(nxt):
                self.turns_passed = 0
                return
            self.turns_passed += 1
            if self.turns_passed > 2 * n:  # nobody can act at all: close the round
                self.round_ending = True
                self.to_act = (self.start - 1) % n
                self.turns_passed = 0

    def _begin_turn(self, seat: int) -> bool:
        """Start ``seat``'s turn; False when the turn passes at once (ruling 13)."""
        self.to_act = seat
        self.phase_id = TURN
        self._reset_turn_flags()
        self.turn_actions = []
        if self.can_play(seat) or self.can_draw_deck(seat) or max(self.parking) >= 0:
            return True
        return False

    def _end_round(self) -> bool:
        """Score the round and set up the next one (or the tie-break / the end).

        Returns True when a decision is pending, False when the tie-break's first
        turn passed at once (the caller continues the loop).
        """
        n, pos = self.n, self.pos
        pts = [sum(pos[p] - pos[q] for q in range(n) if pos[q] < pos[p]) for p in range(n)]
        self.round_points.append(pts)
        self.round_positions.append(list(pos))
        for p in range(n):
            self.score[p] += pts[p]
        self.round += 1
        if self.round < self.params.rounds:
            if self.params.short_game and self.round == 1:
                low = min(pts)
                self.start = next(s for s in ((self.start + k) % n for k in range(n)) if pts[s] == low)
            else:
                self.start = (self.start + 1) % n
            self._setup_round()
            return True
        best = max(self.score)
        leaders = [s for s in ((self.start + k) % n for k in range(n)) if self.score[s] == best]
        if len(leaders) == 1:
            self.winners_ = leaders
            self.phase_id = OVER
            return True
        self.tiebreak = leaders  # ruling 11: one extra turn each, positions kept
        self.tb_index = 0
        return self._begin_turn(leaders[0])  # False: that turn passed, _end_turn moves on

    def _finish_tiebreak(self) -> None:
        far = max(self.pos[s] for s in self.tiebreak)
        self.winners_ = sorted(s for s in self.tiebreak if self.pos[s] == far)
        self.phase_id = OVER

    # ---------------------------------------------------------------- results
    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def winners(self) -> list[int]:
        return list(self.winners_) if self.phase_id == OVER else []

    # ------------------------------------------------------------ observation
    def observation(self, seat: int, out: np.ndarray) -> None:
        E.encode_observation(self, seat, out)
        if self.params.chain_features:
            encode_chain_features(self, seat, out[E.OBS_SIZE :])

    def state_tensor(self, out: np.ndarray) -> None:
        E.encode_state(self, out)

    # ---------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        return {
            **state_header(self.game),
            "world": list(self.world),
            "pos": list(self.pos),
            "hands": [cards_of(h) for h in self.hand_bits],
            "deck": list(self.deck),
            "journal": list(self.journal),
            "discards": list(self.discards),
            "improve_discards": [list(d) for d in self.improve_discards],
            "parking": list(self.parking),
            "known": [[cards_of(h) for h in row] for row in self.known_bits],
            "exchanged": list(self.exchanged),
            "key": self.key,
            "score": list(self.score),
            "round_points": [list(r) for r in self.round_points],
            "round_positions": [list(r) for r in self.round_positions],
            "round": self.round,
            "start": self.start,
            "cur": self.to_act,
            "phase": PHASES[self.phase_id],
            "improved": self.improved,
            "marked": cards_of(self.marked_bits),
            "drew": self.drew,
            "park_from": self.park_from,
            "played": list(self.played),
            "a2_done": self.a2_done,
            "key_gained": self.key_gained,
            "pending_draws": self.pending_draws,
            "pending_after": "park" if self.pending_after == AFTER_PARK else "end",
            "round_ending": self.round_ending,
            "tiebreak": list(self.tiebreak),
            "tb_index": self.tb_index,
            "winners": list(self.winners_),
            "turns_passed": self.turns_passed,
            "turn_actions": list(self.turn_actions),
            "last_turn": [list(t) for t in self.last_turn],
            "rng": rng_to_dict(self.rng),
        }

    @classmethod
    def from_dict(cls, game: "Globetrotter", data: dict[str, Any]) -> "GlobetrotterState":
        """Rebuild a state from :meth:`to_dict`'s dict; ParameterError names a dict of another game,
        variant or player count, a missing key, a list of the wrong length or a value out of range.
        A hand-made dict may leave cards out (they are then out of play), never list one twice."""
        check_state_header(game, data, _REQUIRED_KEYS)
        _check_state_dict(game, data)
        s = cls.__new__(cls)
        s._init_empty(game, rng_from_dict(data["rng"]))
        s.world = [int(x) for x in data["world"]]
        s.pos = [int(x) for x in data["pos"]]
        for p, hand in enumerate(data["hands"]):
            s.hand_bits[p] = from_cards(hand)
            s.hand_size[p] = len(hand)
        s.deck = [int(x) for x in data["deck"]]
        s.journal = [int(x) for x in data["journal"]]
        s.discards = [int(x) for x in data.get("discards", [])]
        s.improve_discards = [[int(c) for c in d] for d in data.get("improve_discards", [[]] * s.n)]
        s.parking = [int(x) for x in data["parking"]]
        for o, row in enumerate(data.get("known", [])):
            for h, known in enumerate(row):
                s.known_bits[o][h] = from_cards(known)
        s.exchanged = [int(x) for x in data.get("exchanged", [0] * s.n)]
        s.key = int(data["key"])
        s.score = [int(x) for x in data["score"]]
        s.round_points = [[int(x) for x in r] for r in data.get("round_points", [])]
        s.round_positions = [[int(x) for x in r] for r in data.get("round_positions", [])]
        s.round = int(data["round"])
        s.start = int(data["start"])
        s.to_act = int(data["cur"])
        s.phase_id = PHASES.index(data["phase"])
        s.improved = int(data.get("improved", 0))
        s.marked_bits = from_cards(data.get("marked", []))
        s.drew = bool(data.get("drew", False))
        s.park_from = int(data.get("park_from", -1))
        s.played = [int(x) for x in data.get("played", [])]
        s.a2_done = bool(data.get("a2_done", False))
        s.key_gained = bool(data.get("key_gained", False))
        s.pending_draws = int(data.get("pending_draws", 0))
        s.pending_after = AFTER_PARK if data.get("pending_after", "park") == "park" else AFTER_END
        s.round_ending = bool(data.get("round_ending", False))
        s.tiebreak = [int(x) for x in data.get("tiebreak", [])]
        s.tb_index = int(data.get("tb_index", 0))
        s.winners_ = [int(x) for x in data.get("winners", [])]
        s.turns_passed = int(data.get("turns_passed", 0))
        s.turn_actions = [int(x) for x in data.get("turn_actions", [])]
        s.last_turn = [tuple(int(x) for x in t) for t in data.get("last_turn", [[]] * s.n)]
        return s

    def resample_hidden(self, seat: int, rng: np.random.Generator) -> "GlobetrotterState":
        """A state ``seat`` cannot tell from this one (see :meth:`GameState.resample_hidden`).

        Kept: the world, positions, scores, parking spaces, key, Journal top and the cards played
        this turn (seen by all), every hand size, deck and Journal size, ``seat``'s own hand, its
        selection and its discards of the running improvement, the cards ``seat`` knows in other
        hands (ruling L: a parked card an opponent took, the card an opponent drew from ``seat``'s
        hand). Drawn anew from ``rng``: which of the remaining cards are in the other hands, in the
        deck (and its order), under the Journal's public top, among the other players' discards
        (and the improving player's selection when that is another seat); the state's generator
        is a fresh one. Not kept: cards under the top from earlier turns (ruling 3: hidden).
        """
        s = self._copy(None)
        s._rng_seed = int(rng.integers(2**63))  # the generator np.random.default_rng(seed), built when used
        journal, played = self.journal, self.played
        seen = 0  # cards on top of the Journal that everyone saw this turn (the top at least)
        while seen < min(len(played), len(journal)) and journal[-1 - seen] == played[-1 - seen]:
            seen += 1
        seen = max(seen, 1 if journal else 0)
        under = journal[: len(journal) - seen]
        own = set(self.improve_discards[seat]) & set(self.discards)
        other_discards = [c for c in self.discards if c not in own]
        others = [q for q in range(self.n) if q != seat]
        known = self.known_bits[seat]  # cards seat knows in another hand stay there (ruling L)
        pool = [c for q in others for c in cards_of(self.hand_bits[q] & ~known[q])]
        pool += self.deck + under + other_discards
        pool.sort()  # canonical: neither the deck order nor who holds which card may leak
        pool = [pool[i] for i in rng.permutation(len(pool)).tolist()]
        for q in others:
            k = self.hand_size[q] - known[q].bit_count()
            s.hand_bits[q] = known[q] | from_cards(pool[:k])
            pool = pool[k:]
        k = len(self.deck)
        s.deck, pool = pool[:k], pool[k:]
        k = len(under)
        s.journal, pool = pool[:k] + journal[len(journal) - seen :], pool[k:]
        s.discards = [c for c in self.discards if c in own] + pool
        for q in others:  # hand the other discards back to their seats in the same counts
            k = len(set(self.improve_discards[q]) & set(self.discards))
            s.improve_discards[q], pool = pool[:k], pool[k:]
        if self.phase_id == IMPROVE and self.to_act != seat and self.marked_bits:
            held = cards_of(s.hand_bits[self.to_act])
            s.marked_bits = from_cards(rng.choice(held, self.marked_bits.bit_count(), replace=False))
        hands = s.hand_bits
        for o in others:  # what another seat knew of a hand drawn anew (seen by it alone): as many of its cards
            row = s.known_bits[o]
            for h in range(self.n):
                lost = (row[h] & ~hands[h]).bit_count()
                if lost:
                    row[h] &= hands[h]
                    free = np.array(cards_of(hands[h] & ~row[h]), np.intp)
                    row[h] |= from_cards(rng.choice(free, min(lost, free.size), replace=False))
        return s

    def clone(self) -> "GlobetrotterState":
        return self._copy(None if self._rng is None else rng_from_dict(rng_to_dict(self._rng)))

    def _copy(self, rng: np.random.Generator | None) -> "GlobetrotterState":
        """A copy playing on with ``rng`` (None: from this state's seed, resample_hidden: a fresh one)."""
        s = GlobetrotterState.__new__(GlobetrotterState)
        s.__dict__.update(self.__dict__)
        s._rng = rng
        s._mask = None
        s.world = self.world[:]
        s.pos = self.pos[:]
        s.hand_bits = self.hand_bits[:]
        s.hand_size = self.hand_size[:]
        s.deck = self.deck[:]
        s.journal = self.journal[:]
        s.discards = self.discards[:]
        s.improve_discards = [d[:] for d in self.improve_discards]
        s.parking = self.parking[:]
        s.known_bits = [row[:] for row in self.known_bits]
        s.exchanged = self.exchanged[:]
        s.score = self.score[:]
        s.round_points = [r[:] for r in self.round_points]
        s.round_positions = [r[:] for r in self.round_positions]
        s.played = self.played[:]
        s.tiebreak = self.tiebreak[:]
        s.winners_ = self.winners_[:]
        s.turn_actions = self.turn_actions[:]
        s.last_turn = self.last_turn[:]
        return s

    # -------------------------------------------------------------- rendering
    def action_to_string(self, action: int) -> str:
        return A.action_name(action, self.to_act, self.n)

    def render_text(self) -> str:
        return R.render_text(self)

    def observation_text(self, seat: int) -> str:
        return R.observation_text(self, seat)

    def render_rgb(self) -> np.ndarray:
        return R.render_rgb(self)


_REQUIRED_KEYS = ("world", "pos", "hands", "deck", "journal", "parking", "key", "score", "round", "start",
                  "cur", "phase", "rng")


def _check_state_dict(game: "Globetrotter", d: dict[str, Any]) -> None:
    """Lengths and value ranges of a state dict (ParameterError naming the key and the allowed range)."""
    n = game.params.num_players

    def bad(key: str, why: str) -> ParameterError:
        return ParameterError(f"globetrotter state dict: {key!r} {why}")

    def ints(key: str, values: Any, low: int, high: int, length: int | None = None) -> list[int]:
        if not isinstance(values, (list, tuple)):
            raise bad(key, f"must be a list, not {type(values).__name__}")
        if length is not None and len(values) != length:
            raise bad(key, f"has {len(values)} entries; this {n}-player game needs {length}")
        for v in values:
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)) or not low <= v <= high:
                raise bad(key, f"holds {v!r}; allowed: integers {low}..{high}")
        return [int(v) for v in values]

    def one(key: str, low: int, high: int) -> None:
        ints(key, [d.get(key, low)], low, high)

    ints("world", d["world"], 0, NUM_CARDS, WORLD_SIZE)  # NUM_CARDS = the wild face
    ints("pos", d["pos"], 0, 10 * WORLD_SIZE, n)
    ints("score", d["score"], 0, 10_000, n)
    if not isinstance(d["hands"], (list, tuple)) or len(d["hands"]) != n:
        raise bad("hands", f"must list one hand per player ({n})")
    located = [c for i, h in enumerate(d["hands"]) for c in ints(f"hands[{i}]", h, 0, NUM_CARDS - 1)]
    for key in ("deck", "journal", "discards"):
        located += ints(key, d.get(key, []), 0, NUM_CARDS - 1)
    located += [c for c in ints("parking", d["parking"], -1, NUM_CARDS - 1, NUM_PARKING) if c >= 0]
    twice = sorted({c for c in located if located.count(c) > 1})
    if twice:
        raise bad("hands/deck/journal/discards/parking", f"list the card(s) {[card_name(c) for c in twice]} twice")
    one("key", -1, n - 1)
    one("cur", 0, n - 1)
    one("start", 0, n - 1)
    one("round", 0, game.params.rounds)
    one("improved", 0, n)
    one("park_from", -1, NUM_PARKING - 1)
    one("pending_draws", 0, HAND_SIZE)
    one("tb_index", 0, n)
    one("turns_passed", 0, 2 * n + 1)
    if d["phase"] not in PHASES:
        raise bad("phase", f"is {d['phase']!r}; allowed: {list(PHASES)}")
    if d.get("pending_after", "park") not in ("park", "end"):
        raise bad("pending_after", f"is {d.get('pending_after')!r}; allowed: ['park', 'end']")
    for key in ("tiebreak", "winners"):
        ints(key, d.get(key, []), 0, n - 1)
    ints("marked", d.get("marked", []), 0, NUM_CARDS - 1)
    ints("played", d.get("played", []), 0, NUM_CARDS - 1)
    ints("turn_actions", d.get("turn_actions", []), 0, A.NUM_ACTIONS - 1)
    if "last_turn" in d:
        if not isinstance(d["last_turn"], (list, tuple)) or len(d["last_turn"]) != n:
            raise bad("last_turn", f"must list one turn's actions per player ({n})")
        for i, row in enumerate(d["last_turn"]):
            ints(f"last_turn[{i}]", row, 0, A.NUM_ACTIONS - 1)
    if "improve_discards" in d:
        if not isinstance(d["improve_discards"], (list, tuple)) or len(d["improve_discards"]) != n:
            raise bad("improve_discards", f"must list one discard list per player ({n})")
        for i, row in enumerate(d["improve_discards"]):
            ints(f"improve_discards[{i}]", row, 0, NUM_CARDS - 1)
    if "known" in d:
        rows = d["known"]
        if not isinstance(rows, (list, tuple)) or len(rows) != n or any(
                not isinstance(r, (list, tuple)) or len(r) != n for r in rows):
            raise bad("known", f"must be {n} lists (one per seat) of {n} card lists (one per holder)")
        for o, row in enumerate(rows):
            for h, known in enumerate(row):
                for c in ints(f"known[{o}][{h}]", known, 0, NUM_CARDS - 1):
                    if h == o or c not in d["hands"][h]:
                        raise bad(f"known[{o}][{h}]", f"lists {card_name(c)}, which is not in player {h}'s hand "
                                  "(a seat knows only cards of another seat's hand)")
    ints("exchanged", d.get("exchanged", [0] * n), 0, HAND_SIZE, n)
    if not isinstance(d["rng"], dict) or "bit_generator" not in d["rng"]:
        raise bad("rng", "must be a generator state dict (from to_dict())")


def _frozen(array: np.ndarray) -> np.ndarray:
    """``array`` made read-only: a write into a view built from the card bits would be lost."""
    array.setflags(write=False)
    return array


class Globetrotter(Game):
    name = "globetrotter"
    Params = GlobetrotterParams
    State = GlobetrotterState
    player_counts = (2, 3, 4, 5)
    render_modes = ("ansi", "rgb_array")
    score_scale = 10.0
    observation_bounds = (0.0, 1.0)
    max_decisions = 20_000

    num_actions = A.NUM_ACTIONS
    state_size = E.STATE_SIZE

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.observation_size = E.OBS_SIZE + (CF_SIZE if self.params.chain_features else 0)

    def new_initial_state(self, rng: np.random.Generator) -> GlobetrotterState:
        return GlobetrotterState(self, rng)

    def seat_blocks(self) -> list[np.ndarray]:
        return E.seat_blocks(self.num_players)
