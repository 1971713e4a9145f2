"""Tiny games that exercise the adapter and the search without any real rules.

``RaceGame``: seats take turns adding 1 or 2 to a shared counter; whoever reaches
``target`` wins. Each seat holds a secret number (hidden information) that never matters.

``HighCardGame``: hidden information that does matter. Each seat is dealt one card
of ``0 .. cards-1``; in turn, each seat keeps it or swaps it for the top of the
deck (the card given up is shown face up). The highest card wins.
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

    def resample_hidden(self, seat, rng):
        """The other seats' secrets and the generator drawn anew; the counter and turn are public."""
        s = self.clone()
        drawn = [int(x) for x in rng.integers(0, 5, self.num_players)]
        s.secrets = [self.secrets[p] if p == seat else drawn[p] for p in range(self.num_players)]
        s.rng = np.random.default_rng(int(rng.integers(2**63)))
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


@dataclass(frozen=True)
class HighCardParams:
    num_players: int = 2
    cards: int = 10

    def __post_init__(self):
        check_range("cards", self.cards, self.num_players + 1, 50)


class HighCardState(GameState):
    KEEP, SWAP = 0, 1

    def __init__(self, game, rng):
        self.game, self.rng = game, rng
        order = [int(c) for c in rng.permutation(game.params.cards)]
        self.hands = order[: game.num_players]
        self.deck = order[game.num_players:]  # top = last
        self.discards: list[int] = []
        self.turn = 0

    @property
    def current_player(self):
        return -1 if self.is_terminal else self.turn

    @property
    def is_terminal(self):
        return self.turn >= self.num_players

    @property
    def phase(self):
        return "keep or swap"

    def legal_action_mask(self):
        return np.full(2, not self.is_terminal)

    def _apply(self, action):
        if action == self.SWAP:
            self.discards.append(self.hands[self.turn])
            self.hands[self.turn] = self.deck.pop()
        self.turn += 1

    def scores(self):
        return [float(h) for h in self.hands]

    def winners(self):
        return [int(np.argmax(self.hands))] if self.is_terminal else []

    def observation(self, seat, out):
        cards = self.game.params.cards
        out[0] = self.hands[seat] / (cards - 1)
        out[1] = self.turn / self.num_players
        for c in self.discards:
            out[2 + c] = 1.0

    def state_tensor(self, out):
        cards = self.game.params.cards
        out[: self.num_players] = np.array(self.hands) / (cards - 1)
        out[self.num_players] = self.deck[-1] / (cards - 1) if self.deck else 0.0

    def resample_hidden(self, seat, rng):
        """Other hands and the deck dealt anew from the cards ``seat`` has not seen (its own
        card and the face-up ones are known), in a canonical order, so that the result
        depends on ``seat``'s view and ``rng`` only."""
        s = self.clone()
        seen = set(self.discards) | {self.hands[seat]}
        unseen = [c for c in range(self.game.params.cards) if c not in seen]
        unseen = [unseen[i] for i in rng.permutation(len(unseen))]
        for p in range(self.num_players):
            if p != seat:
                s.hands[p] = unseen.pop()
        s.deck = unseen
        s.rng = np.random.default_rng(int(rng.integers(2**63)))
        return s

    def clone(self):
        return HighCardState.from_dict(self.game, self.to_dict())

    def to_dict(self):
        return {"hands": list(self.hands), "deck": list(self.deck), "discards": list(self.discards),
                "turn": self.turn, "rng": rng_to_dict(self.rng)}

    @classmethod
    def from_dict(cls, game, data):
        s = cls.__new__(cls)
        s.game, s.rng = game, rng_from_dict(data["rng"])
        s.hands, s.deck, s.discards = list(data["hands"]), list(data["deck"]), list(data["discards"])
        s.turn = data["turn"]
        return s

    def action_to_string(self, action):
        return "swap" if action == self.SWAP else "keep"

    def render_text(self):
        return f"hands {self.hands}, deck top {self.deck[-1] if self.deck else None}, turn of seat {self.turn}"


class HighCardGame(Game):
    name = "high_card"
    Params = HighCardParams
    State = HighCardState
    player_counts = (2, 3)
    observation_bounds = (0.0, 1.0)
    score_scale = 9.0

    @property
    def num_actions(self):
        return 2

    @property
    def observation_size(self):
        return 2 + self.params.cards

    @property
    def state_size(self):
        return self.num_players + 1

    def new_initial_state(self, rng):
        return HighCardState(self, rng)
