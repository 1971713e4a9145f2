"""Same seed, same game: seeded random games through the wrapped AEC env hash to recorded values.

The hashes cover every decision's action, observation and legal mask, so an encoder or engine speed
change that alters play or any observed value fails here. Recorded at e2964b6 (before the encoder
speed work). Also the driver of the instruction-count measurement in docs/games/trekking.md (Speed);
``PYTHONPATH=.`` makes the script import this checkout's package (not the pip-installed one):

    PYTHONPATH=. valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python tests/test_trekking_hike_replay_hash.py --players 1 --games 40
"""

from __future__ import annotations

import argparse
import hashlib

import numpy as np
import pytest

import travel_envs
from travel_envs.games.trekking import scoring as S

# players -> sha256 of 20 seeded games, recorded at e2964b6
GOLDEN = {
    1: "3f578f0da98262ad3789bb267af2d6b92f4e90d6005ddfacc2f0c241f3349bb6",
    2: "cf8a287d7be64b7ee0153efcb741f098f6a04f1e8046b5c452208ace9af7cfa8",
    3: "4de3e4149851139ecdd7371c0af9fa518426190575d1a0fe52d31a5ce15bb11c",
    4: "b53b0a4d141095ea18dd79aacdd7c11a45feee8b1a2cfc6a41cb28ee815a0de4",
}


def play(players: int, games: int, seed: int = 0, digest: bool = True) -> tuple[str, int]:
    """Play ``games`` seeded random games (benchmarks.throughput's loop); return the hash of every action,
    observation and mask (empty when ``digest`` is False) and the number of decisions."""
    env = travel_envs.make("trekking_v0", num_players=players)
    rng = np.random.default_rng(seed)
    h = hashlib.sha256()
    decisions = 0
    env.reset(seed=seed)  # as benchmarks.throughput: seeded once, then the next games follow on
    for g in range(games):
        if g:
            env.reset()
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if digest:
                h.update(obs["observation"].tobytes())
                h.update(obs["action_mask"].tobytes())
            if terminated or truncated:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(legal.size)])
                decisions += 1
                if digest:
                    h.update(action.to_bytes(2, "little"))
            env.step(action)
    env.close()
    return (h.hexdigest() if digest else ""), decisions


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_seeded_games_hash_as_recorded(players):
    digest, _ = play(players, 20)
    assert digest == GOLDEN[players]


@pytest.mark.parametrize("oro", ["mulhacen", "turbon", "penalara", "mallos", "pasiegos"])
def test_running_gps_tally_equals_fast_gps(oro):
    """The encoder's running GPS score part matches scoring.fast_gps after every column, on random
    boards (route cards up and down, flat ones, rest cards, rest without a card), both GPS sides."""
    rng = np.random.default_rng(7)
    plan = ["fog", "storm", "climbing", oro, "species", "closed"]
    for _ in range(300):
        side, margin = int(rng.integers(2)), int(rng.choice([0, 50, 100]))
        gps, tally, alt = [], S.gps_tally(side), int(rng.integers(2, 16)) * 100
        assert S.gps_tally_vp(tally, oro) == S.fast_gps(plan, side, margin, gps)
        for _ in range(12):
            kind = int(rng.choice([S.K_ROUTE, S.K_ROUTE, S.K_ROUTE, S.K_REST, S.K_EMPTY]))
            end = alt + int(rng.integers(-3, 4)) * 100 if kind == S.K_ROUTE else alt
            col = [kind, 0, int(end > alt), alt, end, 0, 0, 0]
            gps.append(col)
            S.gps_tally_add(tally, oro, side, margin, col)
            assert S.gps_tally_vp(tally, oro) == S.fast_gps(plan, side, margin, gps)
            alt = end


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--hash", action="store_true", help="print the hash (else only play)")
    a = ap.parse_args()
    d, n = play(a.players, a.games, digest=a.hash)
    print(a.players, a.games, n, d)
