"""An engine's own random play-out (``random_playout``, the search's play-out) plays the moves of
``GameState.random_playout``'s loop, ``legal = legal_actions(); apply(legal[int(u * len(legal))])``,
with the same uniforms: the same end state and the same number of moves, at every player count."""

import numpy as np
import pytest

from benchmarks.search import sample_positions
from travel_envs.core.game import GameState
from travel_envs.core.registry import make_raw_env

CASES = [("trekking_v0", n) for n in (1, 2, 4)] + [("trekking_the_world_v0", n) for n in (1, 2, 3, 5)]


@pytest.mark.parametrize("env_id,players", CASES)
def test_own_playout_plays_the_generic_loops_moves(env_id, players):
    game = make_raw_env(env_id, num_players=players).game
    for i, state in enumerate(sample_positions(game, 6, seed=players)):
        assert type(state).random_playout is not GameState.random_playout  # the engine has its own
        for limit in (0, 7, 10_000):
            own, generic = state.clone(), state.clone()
            draws = np.random.default_rng([i, limit]).random(20_000).tolist()
            a, b = iter(draws), iter(draws)
            made = own.random_playout(a.__next__, limit)
            assert made == GameState.random_playout(generic, b.__next__, limit)
            assert own.to_dict() == generic.to_dict()
            assert next(a) == next(b)  # the same number of uniforms used
        assert made > 0 and own.is_terminal  # the long limit plays to the end
