"""The ``master``: the expert, looking a few turns ahead where its turn begins.

The expert values each way to end *this* move (money, the card there, Tours within reach) and
takes the best: one turn, greedy. At a 2-player table the master asks the game instead, once per
turn start: the expert's own turn and the :data:`CANDIDATES` best (Itinerary, end) plans by the
expert's valuation are each played out (the turn by the expert aimed at that end, then
:data:`TURNS` turns in all by experts in both seats) on :data:`DEALS` resampled decks shared by
every plan, and valued by the (score + money) margin at the cut-off (a finished game: the score
margin and :data:`WIN_BONUS` for the win). It leaves the expert's turn when another plan's mean is
:data:`MARGIN` points ahead, and then walks to that plan's end. Everything on the table is public
in this game; only the decks' order is redrawn, so it decides from its seat's view.

This is policy improvement by short roll-outs (Tesauro & Galperin; Bertsekas' rollout algorithm),
cut off where the expert's own one-turn valuation is still meaningful.
"""

from __future__ import annotations

import numpy as np

from . import components as C
from .actions import A_FF, A_ITIN, NONE, PH_START
from .heuristic import ExpertPolicy
from .movement import plan_ends

#: (Itinerary, end) plans compared beside the expert's own turn
CANDIDATES = 6
#: resampled decks per plan, shared by every plan (common random numbers)
DEALS = 8
#: turns played per roll-out, this one included (2 players: this, the opponent's, the next two)
TURNS = 4
#: weight of money beside points in a cut-off's value (a Tour costing c is worth 2c + 4 points)
MONEY_WEIGHT = 1.0
#: points a plan's mean value must lead the expert's own turn by to be played instead
MARGIN = 1.0
#: what winning adds to a finished roll-out's score margin
WIN_BONUS = 20.0
#: an end aimed at is worth this much more to the aiming seat than the expert's valuation says
AIM_BONUS = 1e4


class AimedExpert(ExpertPolicy):
    """The expert, but for ``aim = (seat, location)`` that seat's move ends on ``location`` when it can."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.aim: tuple[int, int] | None = None

    def _endpoint_value(self, s, p: int, itin: int, e: int, money_left: int) -> float:
        value = super()._endpoint_value(s, p, itin, e, money_left)
        return value + AIM_BONUS if self.aim == (p, e) else value


class MasterPolicy(AimedExpert):
    """The expert, leaving its turn's plan when short expert roll-outs clearly prefer another
    (module docstring). About 0.5 CPU s at a turn start (at most about 2 s), the expert's cost elsewhere."""

    name = "master"
    #: raised when the roll-outs or their values change, so that ratings and journals of older play are
    #: refused (``rule_player_identity``)
    revision = 1
    #: the master searches itself: as the play-out player of a search it would cost a search per move
    searches = True

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.name = "master"
        self.seed(seed)

    def seed(self, seed: int | None) -> None:
        """Restart the generators (the expert's own noise, the decks it redraws) and forget its plan."""
        own, deals = np.random.SeedSequence(seed).spawn(2)
        self.rng = np.random.default_rng(own)
        self.deal_rng = np.random.default_rng(deals)
        self.aim = None
        self._plan: tuple[int, int] | None = None  # (seat, its turns taken): the turn ``aim`` is for
        self._aimed, self._others = AimedExpert(), ExpertPolicy()  # roll-out players, reseeded per deal

    def act(self, observation, action_mask, state=None) -> int:
        mask = np.asarray(action_mask, dtype=bool)
        seat = state.current_player
        if self._plan != (seat, state.turns_taken[seat]):
            self.aim = self._plan = None  # a plan lasts the turn it was made in
        if state.phase_id == PH_START and state.num_players == 2 and mask.sum() > 1:
            choice = int(super().act(observation, mask, state))
            if self._is_plan_choice(choice):
                choice, end = self._best_plan(state, seat, mask, choice)
                self.aim = None if end == NONE else (seat, end)
                self._plan = (seat, state.turns_taken[seat])
            return choice
        return int(super().act(observation, mask, state))

    @staticmethod
    def _is_plan_choice(choice: int) -> bool:
        """The expert's choice sets the turn's course (an Itinerary, or a flight before one); an instant power
        it plays first is played as it is."""
        return A_ITIN <= choice < A_ITIN + C.ITIN_ROW or choice == A_FF

    def plans(self, state, seat: int, mask: np.ndarray) -> list[tuple[int, int]]:
        """The :data:`CANDIDATES` best (Itinerary action, end) pairs by the expert's valuation of the end
        (the plain move of each Itinerary on offer)."""
        self._loc_memo = {}
        here, money, visited = state.loc[seat], state.money[seat], state.visited
        scored = []
        for slot, itin in enumerate(state.available_itineraries()):
            if itin == NONE or not mask[A_ITIN + slot]:
                continue
            for end, left in plan_ends(here, visited, money, C.ITIN_MOVE[itin]).items():
                value = ExpertPolicy._endpoint_value(self, state, seat, itin, end, left)
                scored.append((-value, A_ITIN + slot, end))
        scored.sort()
        return [(a, e) for _, a, e in scored[:CANDIDATES]]

    def plan_values(self, state, seat: int, options: list[tuple[int, int]]) -> np.ndarray:
        """Mean roll-out value of each (action, end) option (end NONE: the expert's own turn) over
        :data:`DEALS` resampled decks shared by all options."""
        total = np.zeros(len(options))
        for deal_seed in self.deal_rng.integers(2**63, size=DEALS).tolist():
            deal = state.resample_hidden(seat, np.random.default_rng(deal_seed))
            for j, (action, end) in enumerate(options):
                total[j] += self._rollout(deal, seat, action, end, deal_seed)
        return total / DEALS

    def _best_plan(self, state, seat: int, mask: np.ndarray, choice: int) -> tuple[int, int]:
        options = [(choice, NONE), *self.plans(state, seat, mask)]
        means = self.plan_values(state, seat, options)
        best = int(np.argmax(means))
        return options[best] if means[best] - means[0] > MARGIN else options[0]

    def _rollout(self, deal, seat: int, action: int, end: int, deal_seed: int) -> float:
        game = deal.clone()
        aimed, others = self._aimed, self._others
        aimed.rng, others.rng = np.random.default_rng([deal_seed, 0]), np.random.default_rng([deal_seed, 1])
        aimed.aim = None if end == NONE else (seat, end)
        turn, stop = game.turns_taken[seat], sum(game.turns_taken) + TURNS
        game.apply_action(action)
        while not game.is_terminal and sum(game.turns_taken) < stop:
            mover = game.current_player
            player = aimed if mover == seat and game.turns_taken[seat] == turn else others
            game.apply_action(player.act(None, game.legal_action_mask(), game))
        return self._value(game, seat)

    @staticmethod
    def _value(game, seat: int) -> float:
        """(score + money) of ``seat`` minus the best other seat's; a finished game: the score margin and the win."""
        if game.is_terminal:
            scores = game.scores()
            other = max(v for q, v in enumerate(scores) if q != seat)
            winners = game.winners()
            won = WIN_BONUS if winners == [seat] else (-WIN_BONUS if seat not in winners else 0.0)
            return scores[seat] - other + won
        worth = [game.score(q) + MONEY_WEIGHT * game.money[q] for q in range(game.num_players)]
        return worth[seat] - max(v for q, v in enumerate(worth) if q != seat)
