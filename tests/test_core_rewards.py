"""Reward modes on hand-made terminal results."""

import pytest

from travel_envs.core.rewards import terminal_rewards


class _Game:
    score_scale = 10.0


class _Done:
    game = _Game()
    is_terminal = True

    def __init__(self, scores, winners):
        self._scores, self._winners = scores, winners
        self.num_players = len(scores)

    def scores(self):
        return self._scores

    def winners(self):
        return self._winners

    def returns(self):
        if len(self._winners) == self.num_players:
            return [0.0] * self.num_players
        return [1.0 if p in self._winners else -1.0 for p in range(self.num_players)]


def test_win_loss_is_engine_returns():
    assert terminal_rewards(_Done([5, 9, 1], [1]), "win_loss") == [-1.0, 1.0, -1.0]


def test_rank_puts_winner_first_even_on_tied_score_and_averages_ties():
    # seat 2 won the tie-break on 9 points; seats 0 and 3 tie for last
    r = terminal_rewards(_Done([1, 9, 9, 1], [2]), "rank")
    assert r == pytest.approx([-2 / 3, 1 / 3, 1.0, -2 / 3])


def test_score_diff_is_scaled_and_clipped():
    r = terminal_rewards(_Done([12, 10, 40], [2]), "score_diff")
    assert r == pytest.approx([-1.0, -1.0, 1.0])
    r = terminal_rewards(_Done([12, 10], [0]), "score_diff")
    assert r == pytest.approx([0.2, -0.2])


def test_rank_gives_co_winners_one_shared_first_place():
    # a five-way shared win with different scores (Trek's turn cap): all places shared, 0 each
    assert terminal_rewards(_Done([4, 2, 10, 6, 5], [0, 1, 2, 3, 4]), "rank") == [0.0] * 5
    # a two-way win among four: places 1-2 shared (+2/3 each), the others by score
    r = terminal_rewards(_Done([3, 8, 1, 5], [1, 0]), "rank")
    assert r == pytest.approx([2 / 3, 2 / 3, -1.0, -1 / 3])
    # two players both winning: the same reward, as win_loss gives them
    assert terminal_rewards(_Done([10, 7], [0, 1]), "rank") == [0.0, 0.0]
    # a loser with more points than a winner still ranks below every winner
    r = terminal_rewards(_Done([1, 9, 2], [0, 2]), "rank")
    assert r[1] == -1.0 and r[0] == r[2] == 0.5
