"""Trekking, mountain hiking (1-4 players? see rulebook; solo with num_players=1): ``env(**params)`` and ``raw_env(**params)``."""

from travel_envs.core.registry import env_module_functions

env, raw_env = env_module_functions("trekking_v0")
