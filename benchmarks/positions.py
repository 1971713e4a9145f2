"""Where the benchmarks find the positions they measure on: the decisions with a choice of seeded games.

Both ``benchmarks.search`` (random games) and ``benchmarks.decision_cost`` (heuristic games) walk
fresh seeded games and keep some of their decisions with a choice; the walk lives here, the choice
of which to keep and how to move on stays with each benchmark (so their positions are unchanged).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np


def choice_points(game, seed: int, act: Callable[[object, np.ndarray], int],
                  games: int | None = None) -> Iterator[tuple[object, np.ndarray]]:
    """``(state, legal mask)`` at every decision with at least two legal actions, in games
    ``new_initial_state(default_rng([seed, g]))`` for g = 0, 1, ... (at most ``games`` of them),
    each played on by ``act(state, mask)``. The state is the live one: clone it to keep it."""
    g = 0
    while games is None or g < games:
        state = game.new_initial_state(np.random.default_rng([seed, g]))
        g += 1
        while not state.is_terminal:
            mask = state.legal_action_mask()
            if np.count_nonzero(mask) > 1:
                yield state, mask
            state.apply_action(int(act(state, mask)))
