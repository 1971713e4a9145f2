"""Toy games for the tool tests (travel-watch, travel-replay, travel-play).

``ViewRaceGame`` is the race of :mod:`toy_game` with a seat's view as text.
``SecretRaceGame`` starts with every seat choosing a secret number (a move the
other seats cannot see), then races: its tests check that a seat's screen never
names another seat's secret choice.
"""

from __future__ import annotations

import numpy as np

from toy_game import RaceGame, RaceState


class ViewRaceState(RaceState):
    def observation_text(self, seat: int) -> str:
        return (f"counter {self.counter}/{self.game.params.target}, seat {self.turn} to add; "
                f"your secret: {self.secrets[seat]}")


class ViewRaceGame(RaceGame):
    name = "view_race"
    State = ViewRaceState

    def new_initial_state(self, rng):
        return ViewRaceState(self, rng)


class SecretRaceState(ViewRaceState):
    """Phase "pick": seat by seat, choose a secret 1 or 2 (action 0/1); then the race."""

    def __init__(self, game, rng):
        super().__init__(game, rng)
        self.picked = 0

    @property
    def phase(self):
        return "pick" if self.picked < self.num_players else "add"

    def _apply(self, action):
        if self.picked < self.num_players:
            self.secrets[self.turn] = action + 1
            self.picked += 1
            self.turn = (self.turn + 1) % self.num_players
            return
        super()._apply(action)

    def legal_action_mask(self):
        if self.picked < self.num_players:
            return np.array([True, True])
        return super().legal_action_mask()

    def observation(self, seat, out):
        super().observation(seat, out)
        out[1] = self.secrets[seat] / 4  # own secret only

    def action_to_string(self, action):
        return f"secret {action + 1}" if self.picked < self.num_players else super().action_to_string(action)

    def clone(self):
        c = SecretRaceState.from_dict(self.game, self.to_dict())
        c.picked = self.picked
        return c


class SecretRaceGame(ViewRaceGame):
    name = "secret_race"
    State = SecretRaceState

    def new_initial_state(self, rng):
        return SecretRaceState(self, rng)
