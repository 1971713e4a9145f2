"""Policy mapping and the PPO algorithm config for a travel_envs game.

Module ids:

- ``"learner"`` (``sharing="shared"``): one learned policy for every learning seat;
- ``"learner_0"`` ... ``"learner_<n-1>"`` (``sharing="per_seat"``): one per seat;
- ``"random"``, ``"heuristic"``: fixed baselines (:class:`~.modules.BaselineRLModule`),
  never trained.

Each episode, ``opponent_seats`` seats (chosen at random) are played by a
baseline drawn from ``opponents``; the other seats are played by the learned
module(s). ``opponent_seats=0`` is pure self-play.
"""

from __future__ import annotations

import zlib
from typing import Any, Sequence

import numpy as np

from travel_envs.core.game import ParameterError

SHARING = ("shared", "per_seat")


def learner_ids(sharing: str, num_players: int) -> list[str]:
    if sharing not in SHARING:
        raise ParameterError(f"sharing={sharing!r}; allowed: {list(SHARING)}")
    return ["learner"] if sharing == "shared" else [f"learner_{s}" for s in range(num_players)]


class SeatMapping:
    """``policy_mapping_fn(agent_id, episode)``: the same assignment for every agent of an episode.

    The assignment is drawn from a generator seeded by ``(seed, episode id)``,
    so all agents of one episode agree without shared mutable state (the
    function is shipped to every env runner).
    """

    def __init__(self, num_players: int, sharing: str = "shared", opponents: Sequence[str] = (),
                 opponent_seats: int = 0, seed: int = 0) -> None:
        self.learners = learner_ids(sharing, num_players)
        self.num_players = num_players
        self.sharing = sharing
        self.opponents = list(opponents)
        if not 0 <= opponent_seats < num_players:
            raise ParameterError(f"opponent_seats={opponent_seats}; allowed: 0..{num_players - 1}")
        if opponent_seats and not self.opponents:
            raise ParameterError("opponent_seats > 0 needs at least one opponent baseline")
        self.opponent_seats = opponent_seats
        self.seed = seed

    def assignment(self, episode_key: str) -> list[str]:
        """Module id for each seat of the episode ``episode_key``."""
        n = self.num_players
        seats = [self.learners[0] if self.sharing == "shared" else self.learners[s] for s in range(n)]
        if self.opponent_seats:
            rng = np.random.default_rng([self.seed, zlib.crc32(str(episode_key).encode())])
            for s in rng.choice(n, self.opponent_seats, replace=False):
                seats[int(s)] = self.opponents[int(rng.integers(len(self.opponents)))]
        return seats

    def __call__(self, agent_id: str, episode: Any = None, **kwargs) -> str:
        key = getattr(episode, "id_", None) if episode is not None else None
        seat = int(str(agent_id).rsplit("_", 1)[1])
        return self.assignment(key if key is not None else "")[seat]


def build_ppo_config(
    *,
    env: Any,
    env_params: dict[str, Any],
    num_players: int,
    sharing: str = "shared",
    opponents: Sequence[str] = (),
    opponent_seats: int = 0,
    hidden: Sequence[int] = (256, 256),
    activation: str = "relu",
    ppo: dict[str, Any] | None = None,
    num_env_runners: int = 1,
    num_envs_per_env_runner: int = 1,
    num_cpus_per_env_runner: float = 1,
    rollout_fragment_length: int | str = "auto",
    num_learners: int = 0,
    seed: int | None = 0,
):
    """An RLlib ``PPOConfig`` (current API stack) for the game ``env`` with these seats."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec

    from .env import TravelMultiAgentEnv
    from .modules import baseline_spec, masked_ppo_spec

    mapping = SeatMapping(num_players, sharing, opponents, opponent_seats, seed or 0)
    used_baselines = sorted(set(mapping.opponents)) if opponent_seats else []
    env_config = {"env": env, "params": dict(env_params), "expose_env_ref": "heuristic" in used_baselines}
    specs = {mid: masked_ppo_spec(hidden, activation) for mid in mapping.learners}
    for i, b in enumerate(used_baselines):
        specs[b] = baseline_spec(b, env, None if seed is None else seed + 1000 + i)
    config = (
        PPOConfig()
        # RLlib's env pre-check steps a random (here usually illegal) action;
        # tests/test_rllib_env.py checks the adapter's API instead.
        .environment(env=TravelMultiAgentEnv, env_config=env_config, disable_env_checking=True)
        .env_runners(
            num_env_runners=num_env_runners,
            num_envs_per_env_runner=num_envs_per_env_runner,
            num_cpus_per_env_runner=num_cpus_per_env_runner,
            rollout_fragment_length=rollout_fragment_length,
            gym_env_vectorize_mode="sync",  # baselines read the engine state in-process
        )
        .learners(num_learners=num_learners)
        .multi_agent(
            policies=set(specs),
            policy_mapping_fn=mapping,
            policies_to_train=list(mapping.learners),
        )
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=specs))
        .training(**dict(ppo or {}))
        .debugging(seed=seed)
    )
    return config, mapping
