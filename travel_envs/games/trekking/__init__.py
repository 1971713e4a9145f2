"""Trekking (TCG Factory, 2024): mountain hiking, 1-4 players (solo against the Sunday hikers)."""

from .engine import TrekkingGame, TrekkingState
from .heuristic import HeuristicPolicy
from .params import TrekkingParams

GAME = TrekkingGame

__all__ = ["GAME", "HeuristicPolicy", "TrekkingGame", "TrekkingParams", "TrekkingState"]
