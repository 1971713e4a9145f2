"""Games between rule-based players end from every position a search may reach, not only from deals.

A search plays on from positions whose hidden cards it drew anew, states no ordinary game may pass
through; a player that loops there (two Globetrotter experts once passed one parked card back and
forth for ever) makes every play-out run to the safety net. These tests play games between each
game's rule-based players and, at random decisions, play a copy with the acting seat's hidden
information resampled to the end.
"""

import numpy as np
import pytest

from travel_envs.agents.games import GAME_POLICIES, game_policy_class
from travel_envs.core.game import ParameterError
from travel_envs.core.registry import list_envs, make_raw_env


def _players(env_id):
    out = []
    for name in GAME_POLICIES:
        try:
            out.append((name, game_policy_class(env_id, name)))
        except ParameterError:
            continue
    return out


#: a player that searches at its own moves (Globetrotter's master: expert play-outs, each of which the expert
#: cases here already check) costs seconds a game: its cases run with the slow tests, on fewer games
CASES = [pytest.param(env_id, name, cls, id=f"{env_id}-{name}",
                      marks=pytest.mark.slow if getattr(cls, "searches", False) else ())
         for env_id in list_envs() for name, cls in _players(env_id)]


def _games(cls, games: int) -> int:
    return 1 if getattr(cls, "searches", False) else games


def _probe(env_id, cls, n, games, share=0.05, seed=0):
    game = make_raw_env(env_id, num_players=n).game
    cap = game.max_decisions
    rng = np.random.default_rng(seed)
    playouts = 0
    for g in range(games):
        players = [cls(seed=100 * g + p) for p in range(n)]
        s = game.new_initial_state(np.random.default_rng(seed + g))
        made = 0
        while not s.is_terminal and made < cap:
            if rng.random() < share:
                r = s.resample_hidden(s.current_player, rng)
                left = 0
                while not r.is_terminal and left < cap:
                    r.apply_action(players[r.current_player].act(None, r.legal_action_mask(), state=r))
                    left += 1
                assert r.is_terminal, (f"{env_id}, {n} players: a play-out by {cls.__name__} from game {g}'s "
                                       f"decision {made}, resampled, reached the safety net ({cap})")
                playouts += 1
            s.apply_action(players[s.current_player].act(None, s.legal_action_mask(), state=s))
            made += 1
        assert s.is_terminal, f"{env_id}, {n} players: game {g} between {cls.__name__}s reached the safety net"
    return playouts


@pytest.mark.parametrize("env_id,name,cls", CASES)
def test_playouts_from_resampled_positions_end_two_players(env_id, name, cls):
    assert _probe(env_id, cls, 2, games=_games(cls, 4)) > 0


@pytest.mark.slow
@pytest.mark.parametrize("env_id,name,cls", CASES)
def test_playouts_from_resampled_positions_end_every_table(env_id, name, cls):
    for n in make_raw_env(env_id).game.player_counts:
        _probe(env_id, cls, n, games=_games(cls, 30), seed=1000 * n)
