"""Same seed, same game: seeded random games through the wrapped AEC env hash to recorded values.

The hashes cover every decision's action, observation and legal mask, so an encoder or engine speed
change that alters play or any observed value fails here. Recorded at e2964b6 (before the encoder
speed work). Also the driver of the instruction-count measurement in docs/games/trekking.md (Speed):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python tests/test_trekking_hike_replay_hash.py --players 1 --games 40
"""

from __future__ import annotations

import argparse
import hashlib

import numpy as np
import pytest

import travel_envs

# players -> sha256 of 20 seeded games, recorded at e2964b6
GOLDEN = {
    1: "c70eb7301e46a77cfc0b17f72375f3ce326d0dd65fa6cc667eda8549d66c3785",
    2: "efdbc89534e54894acc9de89a7d4dd99ff5d1fa54fe1f2de141753c437e423c1",
    3: "642d4ee57662c56c0ad03aa0de09c39f79c78c035ee36b966421b1861c984de1",
    4: "0b1db98167e323630452a5960a30ba44dec677992071bc4486143b694dcce1ff",
}


def play(players: int, games: int, seed: int = 0, digest: bool = True) -> tuple[str, int]:
    """Play ``games`` seeded random games (the benchmark's loop); return the hash of every action,
    observation and mask (empty when ``digest`` is False) and the number of decisions."""
    env = travel_envs.make("trekking_v0", num_players=players)
    rng = np.random.default_rng(seed)
    h = hashlib.sha256()
    decisions = 0
    for g in range(games):
        env.reset(seed=seed + g)
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


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--hash", action="store_true", help="print the hash (else only play)")
    a = ap.parse_args()
    d, n = play(a.players, a.games, digest=a.hash)
    print(a.players, a.games, n, d)
