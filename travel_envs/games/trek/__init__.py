"""Trek, the expedition game (2-6 players), for travel_envs (``trek_v0``)."""

from .game import TrekGame
from .heuristic import HeuristicPolicy

GAME = TrekGame

__all__ = ["GAME", "TrekGame", "HeuristicPolicy"]
