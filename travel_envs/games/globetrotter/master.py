"""The ``master``: the expert, improved by roll-outs at the two decisions its rules judge worst.

The expert plans its chains well but decides *where a card comes from* (the deck or a parking
space) and *which card to park* by fixed weights. At those two decisions the master asks the game
instead: for each option it plays :data:`ROLLOUTS` games to the end with the expert in every seat,
starting each from the same deal for every option (hidden cards drawn anew from what its seat knows,
so it never peeks; common deals make the comparison of options fair), and values an end by the win
share plus 0.01 x the score margin. It leaves the expert's choice only when another option's mean is
:data:`MARGIN` ahead: with a smaller margin it follows noise (0.1: 41.2% against the expert;
docs/games/globetrotter.md, "Master").

This is one step of policy improvement by roll-outs (the rollout algorithm of Tesauro & Galperin
and Bertsekas). Uniform deals left it level with the expert (52.8% of 1200 games): they ignore what
the opponent's play tells of its hand, and with the true hand it would win 70%
(benchmarks/globetrotter_information.py). Since revision 3 its deals at a 2-player table agree with
the opponent's last turn (:mod:`.last_turn`: the expert, holding the deal's cards, must play that turn
as it was played), and since revision 4 they keep the cards it saw placed in the Journal there
(:mod:`.journal_memory`): with those it beats the expert, 56.2% [52.8, 59.6] over 800 games. Its memories
follow the moves played, not its own choices (revision 5), so that a search it leads, which may play
another move, keeps them. About 90 CPU ms a decision (7 CPU s a game; 1 s at most for a wide parking).
"""

from __future__ import annotations

import numpy as np

from . import actions as A
from .components import NUM_PARKING
from .heuristic import ExpertPolicy
from .journal_memory import JournalMemory, keep_journal
from .last_turn import LastTurnFilter

#: play-outs per option, each from its own resampled deal (shared by all options)
ROLLOUTS = 12
#: how far (in win share) another option's mean must lead the expert's choice to be played instead
MARGIN = 0.3
#: weight of the final score margin beside the win share in a play-out's value
SCORE_WEIGHT = 0.01
#: a play-out longer than this many decisions is valued as a draw (a safety net: games end sooner)
PLAYOUT_LIMIT = 3000
#: deals drawn per deal needed, at most, when reading the opponent's last turn; uniform deals fill the rest
READ_TRIES = 8


class MasterPolicy(ExpertPolicy):
    """The expert, leaving its choice of draw and of parked card when expert play-outs clearly prefer
    another (module docstring). Decides from its seat's view and its own generator only."""

    name = "master"
    #: the expert's revision, then the roll-outs' (raised when ROLLOUTS, MARGIN or the values change), so that
    #: ratings and journals of older play are refused (rule_player_identity); 1: 12 play-outs, margin 0.3;
    #: 3: deals that agree with the opponent's last turn, 2 players (2 named a scratch version, never shipped);
    #: 4: deals that keep the cards it saw placed in the Journal; 5: its memories follow the moves played, not
    #: its own choices (as a search's prior it was often overruled or not asked; alone it plays as revision 4)
    revision = (ExpertPolicy.revision, 5)
    #: the master searches itself: as the play-out player of a search it would cost a search per move
    searches = True
    #: how far another option's mean must lead the expert's choice (:data:`MARGIN`; a diagnostic that
    #: knows the future exactly leaves it on any lead)
    margin = MARGIN

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.seed(seed)

    def seed(self, seed: int | None) -> None:
        """Restart the generators (its own tie-breaks, the deals it resamples, the play-outs' expert, the
        opponent's model) and forget what it remembers of a game."""
        own, deals, playouts, model = np.random.SeedSequence(seed).spawn(4)
        self.rng = np.random.default_rng(own)
        self.deal_rng = np.random.default_rng(deals)
        self.playout_policy = ExpertPolicy(int(playouts.generate_state(1)[0]))
        self.opponent_model = ExpertPolicy(int(model.generate_state(1)[0]))
        #: per seat, its view at its last decision (a resample) and the cards it saw placed in the Journal
        self.journal_memory = JournalMemory()
        #: seat -> (the position it was read at, the turn it is for, the reading of the opponent's turn or None)
        self.readings: dict[int, tuple] = {}

    def act(self, observation, action_mask, state=None) -> int:
        seat = state.current_player
        if state.phase_id == A.TURN and not state.turn_actions:
            self._read_last_turn(state, seat)
        choice = super().act(observation, action_mask, state)
        options = self.options(state, np.asarray(action_mask, dtype=bool), choice)
        if len(options) >= 2:
            means = self.option_values(state, options)
            best = int(np.argmax(means))
            if means[best] - means[options.index(choice)] > self.margin:
                choice = options[best]
        self.journal_memory.remember(state, seat, self.deal_rng)
        return choice

    def _read_last_turn(self, state, seat: int) -> None:
        """As its turn begins, read the opponent's turn before it (once: asked again, it keeps the reading)."""
        position = (state.round, len(state.deck), len(state.journal), *state.last_turn)
        if self.readings.get(seat, (None,))[0] != position:
            reading = LastTurnFilter.read(self.journal_memory.last_view(seat), state, seat, self.opponent_model)
            self.readings[seat] = (position, self._turn_facts(state, seat), reading)

    def reading(self, state, seat: int) -> LastTurnFilter | None:
        """The reading of the opponent's last turn made as this turn of ``seat`` began, or None (none could be
        made, or it was made for another turn or game: a caller that skipped this turn's start)."""
        _, turn, reading = self.readings.get(seat, (None, None, None))
        return reading if turn == self._turn_facts(state, seat) else None

    @staticmethod
    def _turn_facts(state, seat: int) -> tuple:
        """Facts that hold all through a turn of ``seat`` and tell it from its other turns (positions move only as
        a turn ends): a reading is used only in the turn it was made for."""
        others = tuple(h for q, h in enumerate(state.hand_size) if q != seat)
        return (state.round, tuple(state.pos), others, *state.last_turn)

    @staticmethod
    def options(state, mask: np.ndarray, choice: int) -> list[int]:
        """The options compared at this decision (the expert's ``choice`` among them), or none."""
        if state.phase_id == A.PARK_PHASE:
            return [int(a) for a in np.flatnonzero(mask)]
        if state.phase_id != A.TURN or state.played or state.drew or state.a2_done:
            return []
        draws = [a for a in range(A.DRAW_DECK, A.DRAW_PARK + NUM_PARKING) if mask[a]]
        return draws if choice in draws else [*draws, choice]

    def option_values(self, state, options: list[int]) -> np.ndarray:
        """Mean play-out value of each option for the seat to act, over :data:`ROLLOUTS` shared deals."""
        seat = state.current_player
        total = np.zeros(len(options))
        for deal in self.deals(state, seat):
            for j, action in enumerate(options):
                game = deal.clone()
                game.apply_action(action)
                total[j] += self._playout(game, seat)
        return total / ROLLOUTS

    def deals(self, state, seat: int) -> list:
        """:data:`ROLLOUTS` states ``seat`` cannot tell from ``state``, agreeing with the opponent's last turn
        where it can be read (:mod:`.last_turn`; up to :data:`READ_TRIES` draws per deal), each keeping the cards
        it saw placed in the Journal there (:mod:`.journal_memory`)."""
        rng = self.deal_rng
        reading = self.reading(state, seat)
        known = self.journal_memory.known(state, seat)

        def deal():
            drawn = state.resample_hidden(seat, rng)
            keep_journal(drawn, seat, known)
            return drawn

        deals = []
        if reading is not None:
            for _ in range(READ_TRIES * ROLLOUTS):
                candidate = deal()
                if reading.agrees(candidate, rng):
                    deals.append(candidate)
                    if len(deals) == ROLLOUTS:
                        break
        while len(deals) < ROLLOUTS:
            deals.append(deal())
        return deals

    def _playout(self, state, seat: int) -> float:
        """Play ``state`` to the end with the expert in every seat; ``seat``'s win share + margin term."""
        expert = self.playout_policy
        for _ in range(PLAYOUT_LIMIT):
            if state.is_terminal:
                break
            state.apply_action(expert.act(None, state.legal_action_mask(), state))
        else:
            return 0.5
        score = state.score
        margin = score[seat] - max(score[q] for q in range(state.n) if q != seat)
        winners = state.winners()
        return (1.0 / len(winners) if seat in winners else 0.0) + SCORE_WEIGHT * margin
