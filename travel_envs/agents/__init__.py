"""Policies: random, each game's heuristic, IS-MCTS search, trained models, and the self-play pool."""

from .base import Policy, RandomPolicy, reseed_policy
from .mcts import MCTSPolicy
from .end_scoring import NumpyEndScoringPolicy
from .model import NumpyMLPPolicy, load_model_policy, load_npz_policy, policy_from_sb3
from .pool import FixedOpponent, OpponentMix, SnapshotPool, as_opponent_source
from .registry import check_policy_spec, make_policy

__all__ = [
    "Policy", "RandomPolicy", "MCTSPolicy", "NumpyMLPPolicy", "NumpyEndScoringPolicy", "load_model_policy",
    "load_npz_policy", "policy_from_sb3",
    "FixedOpponent", "OpponentMix", "SnapshotPool", "as_opponent_source",
    "check_policy_spec", "make_policy", "reseed_policy",
]
