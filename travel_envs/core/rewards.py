"""Terminal reward modes: how a finished game turns into one number per seat.

- ``win_loss`` (default): the engine's ``returns()``: +1 for each winner, -1 for
  everyone else, 0 for all when everybody shares the win.
- ``rank``: +1 for first place down to -1 for last, linear in rank. The winners share
  first place, whatever their scores (a shared win is a shared first place: each gets the
  average of the places they fill); the others rank below them by score; tied places share
  the average. So co-winners get equal rewards and no loser gets more than a winner.
- ``score_diff``: (own score - best other score) / the game's ``score_scale``,
  clipped to [-1, 1]; dense signal for games with meaningful point margins. It reads
  scores only, so who won does not enter it: a co-winner behind another in points gets
  less (in Trek's turn-cap shared win the furthest survivor gets the most).
"""

from __future__ import annotations

from .game import GameState, check_choice

REWARD_MODES = ("win_loss", "rank", "score_diff")


def check_reward_mode(mode: str) -> None:
    check_choice("reward_mode", mode, REWARD_MODES)


def terminal_rewards(state: GameState, mode: str) -> list[float]:
    n = state.num_players
    if mode == "win_loss":
        return [float(r) for r in state.returns()]
    scores = [float(s) for s in state.scores()]
    if n == 1:
        return [float(r) for r in state.returns()]
    if mode == "score_diff":
        scale = float(state.game.score_scale)
        out = []
        for p in range(n):
            best_other = max(scores[q] for q in range(n) if q != p)
            out.append(max(-1.0, min(1.0, (scores[p] - best_other) / scale)))
        return out
    if mode == "rank":
        won = set(state.winners())
        # winners all alike (one shared first place), then the others by score
        keys = [(1, 0.0) if p in won else (0, scores[p]) for p in range(n)]
        out = []
        for p in range(n):
            better = sum(1 for q in range(n) if keys[q] > keys[p])
            equal = sum(1 for q in range(n) if keys[q] == keys[p])
            avg_rank = better + (equal - 1) / 2.0  # 0 = first
            out.append(1.0 - 2.0 * avg_rank / (n - 1))
        return out
    check_reward_mode(mode)
    raise AssertionError("unreachable")
