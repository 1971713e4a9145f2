"""Elo ratings from pairwise results through a Bradley-Terry fit.

Bradley-Terry: P(i beats j) = p_i / (p_i + p_j). The strengths are fitted by
Hunter's MM iteration on the matrix of wins (a draw counts half a win for
each side); an optional ``prior`` adds that many virtual drawn games to every
pair that met, so an unbeaten policy still gets a finite rating. Elo is
``400 * log10(p)`` shifted so that the ``anchor`` policy (or the mean) sits at
``anchor_rating``.
"""

from __future__ import annotations

import math

import numpy as np


def bradley_terry(wins: np.ndarray, prior: float = 0.0, iters: int = 100_000, tol: float = 1e-12) -> np.ndarray:
    """Strengths ``p`` (geometric mean 1) from ``wins[i, j]`` = wins of i over j."""
    w = np.asarray(wins, float).copy()
    k = w.shape[0]
    if w.shape != (k, k):
        raise ValueError("wins must be a square matrix")
    np.fill_diagonal(w, 0.0)
    games = w + w.T
    if prior > 0:
        met = games > 0
        w = w + np.where(met, prior / 2.0, 0.0)
        games = w + w.T
    total_wins = w.sum(axis=1)
    if np.any(total_wins <= 0):
        raise ValueError("a policy without any win has no finite Bradley-Terry strength; use prior > 0")
    p = np.ones(k)
    for _ in range(iters):
        denom = (games / (p[:, None] + p[None, :])).sum(axis=1)
        new = total_wins / denom
        new /= math.exp(np.log(new).mean())
        if np.max(np.abs(new - p)) < tol:
            p = new
            break
        p = new
    return p


def elo_ratings(names: list[str], wins: np.ndarray, prior: float = 1.0, anchor: str | None = None,
                anchor_rating: float = 1000.0) -> dict[str, float]:
    """Elo per name; ``anchor`` (default: ``"random"`` if present, else the mean) gets ``anchor_rating``."""
    p = bradley_terry(wins, prior=prior)
    elo = 400.0 * np.log10(p)
    if anchor is None and "random" in names:
        anchor = "random"
    shift = anchor_rating - (elo[names.index(anchor)] if anchor is not None else elo.mean())
    return {n: float(e + shift) for n, e in zip(names, elo)}


def expected_score(elo_a: float, elo_b: float) -> float:
    return 1.0 / (1.0 + 10 ** ((elo_b - elo_a) / 400.0))
