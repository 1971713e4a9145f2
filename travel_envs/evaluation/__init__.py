"""Evaluation: arena (seat-rotated seeded matches), Wilson intervals, Bradley-Terry Elo, markdown reports."""

from .arena import GameRecord, MatchResult, league, play_game, play_match, policy_label, versus
from .ratings import bradley_terry, elo_ratings, expected_score
from .report import league_table, match_table
from .stats import wilson_interval

__all__ = [
    "GameRecord", "MatchResult", "league", "play_game", "play_match", "policy_label", "versus",
    "bradley_terry", "elo_ratings", "expected_score", "league_table", "match_table", "wilson_interval",
]
