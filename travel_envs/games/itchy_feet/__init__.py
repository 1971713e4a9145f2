"""Itchy Feet, the travel card game (printable gift edition), 2-6 players."""

from .engine import ItchyFeetGame, ItchyFeetState
from .heuristic import HeuristicPolicy
from .params import ItchyFeetParams

GAME = ItchyFeetGame

__all__ = ["GAME", "HeuristicPolicy", "ItchyFeetGame", "ItchyFeetState", "ItchyFeetParams"]
