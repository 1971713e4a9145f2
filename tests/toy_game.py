"""A tiny game that exercises the adapter without any real rules: race to a target.

Seats take turns adding 1 or 2 to a shared counter; whoever reaches ``target``
wins. Each seat holds a secret number (hidden information) that never matters.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from travel_envs.core.game import Game, GameState, check_range, rng_from_dict, rng_to_dict


@dataclass(frozen=True)
class RaceParams:
    num_players: int = 2
    target: int = 10

    def __post_init__(self):
        check_range("target", self.target, 2, 50)


class RaceState(GameState):
    def __init__(self, game, rng):
        self.game, self.rng = game, rng
        self.counter = 0
        self.turn = 0
        self.secrets = [int(x) for x in rng.integers(0, 5, game.num_players)]
        self.winner = -1

    @property
    def current_player(self):
        return -1 if self.winner >= 0 else self.turn

    @property
    def is_terminal(self):
        return self.winner >= 0

    @property
    def phase(self):
        return "add"

    def legal_action_mask(self):
        if self.is_terminal:
            return np.zeros(2, bool)
        return np.array([True, self.counter + 2 <= self.game.params.target])

    def _apply(self, action):
        self.counter += action + 1
        if self.counter >= self.game.params.target:
            self.winner = self.turn
        else:
            self.turn = (self.turn + 1) % self.num_players

    def scores(self):
        return [1.0 if p == self.winner else 0.0 for p in range(self.num_players)]

    def winners(self):
        return [self.winner] if self.winner >= 0 else []

    def observation(self, seat, out):
        out[0] = self.counter / self.game.params.target
        out[1] = self.secrets[seat] / 4
        out[2] = float(seat == self.current_player)

    def state_tensor(self, out):
        out[0] = self.counter / self.game.params.target
        out[1 : 1 + self.num_players] = np.array(self.secrets) / 4

    def clone(self):
        return RaceState.from_dict(self.game, self.to_dict())

    def to_dict(self):
        return {"counter": self.counter, "turn": self.turn, "secrets": list(self.secrets),
                "winner": self.winner, "rng": rng_to_dict(self.rng)}

    @classmethod
    def from_dict(cls, game, data):
        s = cls.__new__(cls)
        s.game, s.rng = game, rng_from_dict(data["rng"])
        s.counter, s.turn, s.secrets, s.winner = data["counter"], data["turn"], list(data["secrets"]), data["winner"]
        return s

    def action_to_string(self, action):
        return f"add {action + 1}"

    def render_text(self):
        return f"counter {self.counter}/{self.game.params.target}, turn of seat {self.turn}"


class RaceGame(Game):
    name = "race"
    Params = RaceParams
    State = RaceState
    player_counts = (1, 2, 3)
    observation_bounds = (0.0, 1.0)

    @property
    def num_actions(self):
        return 2

    @property
    def observation_size(self):
        return 3

    @property
    def state_size(self):
        return 4

    def new_initial_state(self, rng):
        return RaceState(self, rng)
