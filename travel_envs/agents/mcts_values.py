"""Values of unfinished positions for the search's depth cut-off, per game.

A simulation cut off ``depth`` decisions after the root needs a value per seat. The generic one
is the score margin (:func:`margin_values`), which sees nothing in games whose score moves
rarely (Globetrotter scores at the end of a round, Itchy Feet when a country is reached). A game
gets a better one here: a *progress estimate* per seat, read only from public facts and that
seat's own cards (in a determinization, the sampled ones), turned into a margin like the
score. The search looks the estimate up by game name (:func:`cutoff_values`); a game may also
provide its own as a method ``search_progress(self) -> list[float]`` on its state, which wins.

The depth each game cuts off at by default is part of its search defaults
(:data:`travel_envs.agents.mcts_spec.GAME_DEFAULTS`).
"""

from __future__ import annotations

import math
from typing import Callable

from travel_envs.core.game import GameState, ParameterError

Values = Callable[[GameState], list[float]]


def margins(progress: list[float], scale: float) -> list[float]:
    """``(own - best other) / scale`` per seat, clipped to [-1, 1]; alone: ``own / scale``."""
    if len(progress) == 1:
        return [max(-1.0, min(1.0, progress[0] / scale))]
    out = []
    for p, own in enumerate(progress):
        best_other = max(v for q, v in enumerate(progress) if q != p)
        out.append(max(-1.0, min(1.0, (own - best_other) / scale)))
    return out


def margin_values(state: GameState) -> list[float]:
    """The generic value: the score margin over the game's ``score_scale``."""
    scale = float(getattr(state.game, "score_scale", 1.0)) or 1.0
    return margins([float(s) for s in state.scores()], scale)


# ------------------------------------------------------------------ per-game progress estimates
def globetrotter_progress(state) -> list[float]:
    """Points so far plus the points the round would give if it ended now (each seat scores the
    cities it is ahead of every seat behind it: the rule of ``_end_round``)."""
    pos, n = state.pos, state.n
    return [state.score[p] + sum(pos[p] - pos[q] for q in range(n) if pos[q] < pos[p]) for p in range(n)]


def itchy_feet_progress(state) -> list[float]:
    """4 for the own country done, then the items of the country to reach next (own, then the
    centre) held in the seat's own hand and its passport (0-4); the winner 10."""
    from travel_envs.games.itchy_feet.components import COUNTRY_ITEMS, PASSPORT

    out = []
    for p in range(state.num_players):
        if state.winner == p:
            out.append(10.0)
            continue
        done = bool(state.home_done[p])
        country = state.centre if done else state.own_country[p]
        h = state.hands[p]
        have = (sum(1 for t in COUNTRY_ITEMS[country] if h[t]) if country >= 0 else 0) + (1 if h[PASSPORT] else 0)
        out.append(4.0 * done + have)
    return out


def trek_progress(state) -> list[float]:
    """The camp reached (0-12; out of the game: -1) plus a little for cash (per £300, the start)."""
    return [float(state.pos[p]) + (0.25 * state.cash[p] / 300.0 if state.alive[p] else 0.0)
            for p in range(state.num_players)]


#: game name -> (progress estimate, the progress difference worth a value of 1)
PROGRESS: dict[str, tuple[Callable[[GameState], list[float]], float]] = {
    "globetrotter": (globetrotter_progress, 10.0),
    "itchy_feet": (itchy_feet_progress, 4.0),
    "trek": (trek_progress, 4.0),
}


# ------------------------------------------------------------------ fitted estimates
#: game name -> weights of the feature rows of :data:`.value_features.FEATURES` (name -> weight),
#: fitted by ``python -m training.fit_search_values`` (command with each entry): the log-odds that a
#: seat beats another is the weighed difference of their rows
FITTED: dict[str, dict[str, float]] = {
    # python -m training.fit_search_values --env trekking_the_world_v0 --games 300 --seed 1
    "trekking_the_world": {"points": 0.05664, "money": 0.1074, "next_suitcase_column": 0.1536,
                           "tour_in_reach": 0.008275, "tours": 0.4079, "encounters": 0.05541},
    # python -m training.fit_search_values --env globetrotter_v0 --games 300 --seed 1
    "globetrotter": {"points": 0.3487, "round_points_now": 0.1553, "city": 0.1553, "cards": 0.02203,
                     "skeleton_key": 0.176},
    # python -m training.fit_search_values --env trek_v0 --games 400 --seed 1
    "trek": {"camp": 0.2024, "cash_100": 0.4092, "stores": 0.05697, "mules": 0.151, "jeeps": 0.1125,
             "cards": -0.1393, "alive": 0.0},
    # python -m training.fit_search_values --env itchy_feet_v0 --games 300 --seed 1
    "itchy_feet": {"home_done": 1.018, "next_items_held": 0.4726, "passport": 1.481, "postcards": 0.0,
                   "moms_card": 0.0, "forbidden": 0.0, "hand_size": 0.1054},
}


def win_values(strengths: list[float]) -> list[float]:
    """Per seat, 2 P(win) - 1 against the strongest other seat, where a strength difference d gives
    P = 1 / (1 + exp(-d)) (logistic, as fitted); alone: against an even opponent."""
    out = []
    for p, own in enumerate(strengths):
        d = own - max((v for q, v in enumerate(strengths) if q != p), default=0.0)
        out.append(math.tanh(d / 2.0))  # 2 sigmoid(d) - 1
    return out


class ProgressMargin:
    """A progress estimate as a margin over ``scale``: the value of a cut-off position. A class, not a
    closure, so that a search policy pickles (evaluations over a process pool send it to the workers)."""

    def __init__(self, progress: Callable[[GameState], list[float]] | None, scale: float) -> None:
        self.progress, self.scale = progress, scale  # progress None: the state's own search_progress()

    def __call__(self, state: GameState) -> list[float]:
        values = state.search_progress() if self.progress is None else self.progress(state)
        return margins(list(values), self.scale)


class FittedValue:
    """The fitted cut-off value of one game: the weighed feature rows turned into win values."""

    def __init__(self, name: str) -> None:
        from .value_features import FEATURES

        self.name = name
        self.rows_of, names = FEATURES[name]  # a module-level function: the value still pickles
        self.weights = [FITTED[name][n] for n in names]

    def __call__(self, state: GameState) -> list[float]:
        weights = self.weights
        return win_values([sum(w * x for w, x in zip(weights, row)) for row in self.rows_of(state)])


def cutoff_values(game, kind: str = "progress") -> Values:
    """The cut-off value function of ``game`` (a Game instance or class): ``"score"`` the score
    margin, ``"progress"`` the game's progress estimate (its state's ``search_progress`` or
    :data:`PROGRESS`; the score margin where it has none), ``"fitted"`` the fitted estimate
    (:data:`FITTED`; a :class:`ParameterError` for a game without one)."""
    name = getattr(game, "name", "")
    if kind == "score":
        return margin_values
    if kind == "fitted":
        if name not in FITTED:
            raise ParameterError(f"mcts value='fitted': game {name!r} has no fitted value; games with one: "
                                 f"{sorted(FITTED)}; use value=progress or value=score")
        return FittedValue(name)
    own = getattr(game.State, "search_progress", None) if hasattr(game, "State") else None
    if own is not None:
        return ProgressMargin(None, float(getattr(game, "score_scale", 1.0)) or 1.0)
    entry = PROGRESS.get(name)
    if entry is None:
        return margin_values
    return ProgressMargin(*entry)
