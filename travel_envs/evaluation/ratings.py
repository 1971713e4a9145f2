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


def place_on_ladder(ratings: list[float], scores: list[float], games: list[int],
                    prior: float = 1.0) -> tuple[float, float, float]:
    """Elo of a newcomer from its results against opponents of fixed Elo ``ratings``: ``scores[i]`` points
    (a win 1, a draw 1/2) in ``games[i]`` games against opponent i. Maximum likelihood of the same
    Bradley-Terry model as :func:`elo_ratings`, with the same ``prior`` (virtual drawn games against
    every opponent met), so the rating lands on the ladder's scale. Returns ``(elo, low, high)``: the
    95% interval from the curvature of the likelihood (the opponents' ratings taken as exact)."""
    r = np.asarray(ratings, float)
    n = np.asarray(games, float) + np.where(np.asarray(games) > 0, prior, 0.0)
    s = np.asarray(scores, float) + np.where(np.asarray(games) > 0, prior / 2.0, 0.0)
    if not n.sum():
        raise ValueError("no games to place the policy with")
    scale = math.log(10) / 400.0
    elo = float(np.average(r, weights=n))
    for _ in range(200):  # Newton's method on the log-likelihood (concave in elo)
        p = 1.0 / (1.0 + np.exp(-scale * (elo - r)))
        gradient = scale * float((s - n * p).sum())
        curvature = scale * scale * float((n * p * (1 - p)).sum())
        step = gradient / curvature
        elo += max(-400.0, min(400.0, step))
        if abs(step) < 1e-9:
            break
    p = 1.0 / (1.0 + np.exp(-scale * (elo - r)))
    half = 1.96 / math.sqrt(scale * scale * float((n * p * (1 - p)).sum()))
    return elo, elo - half, elo + half
