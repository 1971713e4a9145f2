"""travel_envs: multi-agent RL environments for travel-themed board and card games.

Public API: :func:`make`, :func:`list_envs`, and the versioned modules
(``travel_envs.globetrotter_v0`` ...) with ``env()`` and ``raw_env()``.
"""

from travel_envs.core.game import IllegalActionError, ParameterError
from travel_envs.core.registry import list_envs, make
from travel_envs.wrappers.single_agent import SingleAgentEnv, make_single_agent

__version__ = "0.1.0"

__all__ = ["make", "list_envs", "make_single_agent", "SingleAgentEnv", "IllegalActionError", "ParameterError", "__version__"]
