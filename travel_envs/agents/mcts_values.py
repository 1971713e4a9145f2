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

from typing import Callable

from travel_envs.core.game import GameState

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

def cutoff_values(game) -> Values:
    """The cut-off value function of ``game`` (a Game instance or class)."""
    own = getattr(game.State, "search_progress", None) if hasattr(game, "State") else None
    scale = float(getattr(game, "score_scale", 1.0)) or 1.0
    if own is not None:
        return lambda state: margins(list(state.search_progress()), scale)
    entry = PROGRESS.get(getattr(game, "name", ""))
    if entry is None:
        return margin_values
    progress, scale = entry
    return lambda state: margins(progress(state), scale)
