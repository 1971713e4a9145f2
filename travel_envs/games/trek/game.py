"""The Trek ``Game``: parameters, sizes and the initial state."""

from __future__ import annotations

import numpy as np

from travel_envs.core.game import Game

from . import actions as A
from . import components as C
from .encoder import observation_size, state_size
from .engine import TrekState
from .params import TrekParams


class TrekGame(Game):
    """Trek, the expedition game: 2-6 players race from Base to Camp 12."""

    name = "trek"
    Params = TrekParams
    State = TrekState
    player_counts = (2, 3, 4, 5, 6)
    render_modes = ("ansi", "rgb_array")
    score_scale = 12.0  # scores are camp numbers 0..12
    observation_bounds = (0.0, 1.0)
    max_decisions = 20_000

    def __init__(self, **params) -> None:
        super().__init__(**params)
        p = self.params
        self.card_counts = C.card_counts(p.camp_card_copies, p.buy_cards)
        self.deck_size = sum(self.card_counts)
        self.ladders = p.ladders
        self.inv_card_counts = np.array([1.0 / max(k, 1) for k in self.card_counts], dtype=np.float32)

    @property
    def num_actions(self) -> int:
        return A.NUM_ACTIONS

    @property
    def observation_size(self) -> int:
        return observation_size(self.num_players)

    @property
    def state_size(self) -> int:
        return state_size(self.num_players)

    def new_initial_state(self, rng: np.random.Generator) -> TrekState:
        return TrekState(self, rng)
