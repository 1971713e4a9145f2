"""Trekking the World (2-5 players, solo with num_players=1): ``env(**params)`` and ``raw_env(**params)``."""

from travel_envs.core.registry import env_module_functions

env, raw_env = env_module_functions("trekking_the_world_v0")
