"""A state's own random play-out (``random_playout``, used by the search where a state has it) plays
the moves of the search's generic loop, ``legal = legal_actions(); apply(legal[int(u * len(legal))])``,
with the same uniforms: the same end state and the same number of moves, at every player count."""

import numpy as np
import pytest

from benchmarks.search import sample_positions
from travel_envs.core.registry import make_raw_env

CASES = [("trekking_v0", n) for n in (1, 2, 4)] + [("trekking_the_world_v0", n) for n in (1, 2, 3, 5)]


def generic_playout(state, uniform, limit: int) -> int:
    made = 0
    while made < limit and not state.is_terminal:
        legal = state.legal_actions()
        state._apply(legal[int(uniform() * len(legal))])
        made += 1
    return made


@pytest.mark.parametrize("env_id,players", CASES)
def test_own_playout_plays_the_generic_loops_moves(env_id, players):
    game = make_raw_env(env_id, num_players=players).game
    for i, state in enumerate(sample_positions(game, 6, seed=players)):
        assert hasattr(state, "random_playout")
        for limit in (0, 7, 10_000):
            own, generic = state.clone(), state.clone()
            draws = np.random.default_rng([i, limit]).random(20_000).tolist()
            a, b = iter(draws), iter(draws)
            made = own.random_playout(a.__next__, limit)
            assert made == generic_playout(generic, b.__next__, limit)
            assert own.to_dict() == generic.to_dict()
            assert next(a) == next(b)  # the same number of uniforms used
        assert made > 0 and own.is_terminal  # the long limit plays to the end
