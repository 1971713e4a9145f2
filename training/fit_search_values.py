"""Fit the search's cut-off value of a game: which seat wins, from per-seat features of a position.

Plays 2-player games in which every move is the game's heuristic move, or a uniformly random one
with probability ``--epsilon`` (so positions also look like the search's random play-outs), keeps
each position with probability ``--keep``, and fits a logistic regression of "seat 0 wins" on the
difference of the two seats' feature rows (:mod:`travel_envs.agents.value_features`; no intercept,
so the value is symmetric between seats). Games nobody or everybody wins are left out. A quarter
of the games is held out and both the fitted value and the game's present cut-off value are
scored on it (log-loss and accuracy of the sign), so a fit that does not beat what exists shows.

Paste the printed weights into ``FITTED`` in travel_envs/agents/mcts_values.py, with the command.

    python -m training.fit_search_values --env trekking_the_world_v0 --games 400 --seed 1
"""

from __future__ import annotations

import argparse
import math
import sys

import numpy as np

from travel_envs.agents.mcts_values import cutoff_values
from travel_envs.agents.registry import make_policy
from travel_envs.agents.value_features import FEATURES
from travel_envs.core.game import ParameterError
from travel_envs.core.registry import make_raw_env
from travel_envs.tools.cli import non_negative_int, positive_int, run_cli


def _probability(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        x = math.nan
    if not 0.0 <= x <= 1.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a probability; give a number in [0, 1]")
    return x


def play_positions(env: str, games: int, seed: int, epsilon: float, keep: float, progress: bool = True):
    """Per game: the kept positions' (feature difference seat 0 - seat 1, present cut-off value of
    seat 0) and the result (1: seat 0 won, 0: seat 1 won); games without a sole winner are skipped."""
    game = make_raw_env(env, num_players=2).game
    rows_of, _ = FEATURES[game.name]
    present = cutoff_values(game)
    rng = np.random.default_rng(seed)
    out = []
    from tqdm import tqdm

    for g in tqdm(range(games), unit="game", disable=None if progress else True, leave=False):
        state = game.new_initial_state(np.random.default_rng([seed, g]))
        heuristic = make_policy("heuristic", env, seed=seed * 100_003 + g)
        kept = []
        while not state.is_terminal:
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < keep:
                f = rows_of(state)
                kept.append((np.subtract(f[0], f[1]), present(state)[0]))
            if len(legal) > 1 and rng.random() < epsilon:
                a = legal[int(rng.integers(len(legal)))]
            else:
                a = int(heuristic.act(None, state.legal_action_mask(), state))
            state.apply_action(a)
        won = state.winners()
        if len(won) == 1 and kept:
            out.append((kept, 1.0 if won[0] == 0 else 0.0))
    return out


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, iterations: int = 50) -> np.ndarray:
    """Weights of P(y=1) = sigmoid(x @ w) by Newton's method with a small ridge (no intercept)."""
    w = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + l2 * len(y) * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * len(y) * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def _score(prob: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    p = np.clip(prob, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))), float(np.mean((p > 0.5) == (y > 0.5)))


def run(argv: list[str] | None = None) -> np.ndarray:
    parser = argparse.ArgumentParser(prog="python -m training.fit_search_values", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--env", required=True, help=f"env id of a game with features: "
                                                    f"{sorted(n + '_v0' for n in FEATURES)}")
    parser.add_argument("--games", type=positive_int, default=400, help="self-play games (default 400)")
    parser.add_argument("--seed", type=non_negative_int, default=1)
    parser.add_argument("--epsilon", type=_probability, default=0.25,
                        help="share of random moves among the heuristic's (default 0.25)")
    parser.add_argument("--keep", type=_probability, default=0.1,
                        help="share of positions kept (default 0.1)")
    args = parser.parse_args(argv)
    game = make_raw_env(args.env, num_players=2).game
    if game.name not in FEATURES:
        raise ParameterError(f"{args.env} has no value features; games with features: "
                             f"{sorted(n + '_v0' for n in FEATURES)}")
    names = FEATURES[game.name][1]
    data = play_positions(args.env, args.games, args.seed, args.epsilon, args.keep)
    if len(data) < 8:
        raise ParameterError(f"only {len(data)} decided games with kept positions; raise --games or --keep")
    split = len(data) * 3 // 4

    def stack(part):
        x = np.array([d for kept, _ in part for d, _ in kept])
        y = np.array([won for kept, won in part for _ in kept])
        old = np.array([v for kept, _ in part for _, v in kept])
        return x, y, old

    x, y, _ = stack(data[:split])
    w = fit_logistic(x, y)
    hx, hy, hold = stack(data[split:])
    fitted = _score(1.0 / (1.0 + np.exp(-(hx @ w))), hy)
    present = _score((hold + 1.0) / 2.0, hy)
    print(f"{args.env}: {len(x)} positions from {split} games fitted, {len(hx)} from {len(data) - split} held out")
    print(f"held out: fitted value log-loss {fitted[0]:.3f}, sign accuracy {fitted[1]:.3f}; "
          f"present cut-off value log-loss {present[0]:.3f}, sign accuracy {present[1]:.3f}")
    print("weights: {" + ", ".join(f"{n!r}: {v:.4g}" for n, v in zip(names, w)) + "}")
    return w


def main(argv: list[str] | None = None) -> int:
    """Exit code 0, or 2 with one message for bad input."""
    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
