"""Wrappers on top of the AEC adapter (single-agent Gymnasium view for SB3)."""

from travel_envs.core.registry import make_raw_env
from travel_envs.wrappers.single_agent import SingleAgentEnv, make_single_agent

__all__ = ["SingleAgentEnv", "make_raw_env", "make_single_agent"]
