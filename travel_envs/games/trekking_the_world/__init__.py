"""Trekking the World (2nd edition, Underdog Games 2024): 1-5 players (1 = solo vs the Rival deck)."""

from .engine import TrekkingTheWorldGame, TrekkingTheWorldParams, TrekkingTheWorldState
from .heuristic import HeuristicPolicy

GAME = TrekkingTheWorldGame

__all__ = ["GAME", "HeuristicPolicy", "TrekkingTheWorldGame", "TrekkingTheWorldParams", "TrekkingTheWorldState"]
