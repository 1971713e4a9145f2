"""Trek, the expedition game (2-6 players): ``env(**params)`` and ``raw_env(**params)``."""

from travel_envs.core.registry import env_module_functions

env, raw_env = env_module_functions("trek_v0")
