"""Globetrotter (2-5 players): race around a world of 12 cities by playing
movement cards that match in colour or vehicle."""

from .engine import Globetrotter, GlobetrotterParams, GlobetrotterState
from .heuristic import EXPERT_STYLE, ExpertPolicy, HeuristicPolicy, HeuristicStyle

GAME = Globetrotter

__all__ = [
    "GAME", "Globetrotter", "GlobetrotterParams", "GlobetrotterState",
    "HeuristicPolicy", "HeuristicStyle", "ExpertPolicy", "EXPERT_STYLE",
]
