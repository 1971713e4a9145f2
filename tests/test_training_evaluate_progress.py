"""evaluate's progress bar counts games through the arena's ``progress`` callback; counting
does not change what is played."""

import pytest

from travel_envs.evaluation.arena import league, versus


def _games(records):
    return [(r.seats, r.scores, r.deal_seed, r.actions) for r in records]


def test_progress_counts_every_game_and_changes_nothing():
    counted = []
    res = versus("trek_v0", "heuristic", "random", 6, seed=3, progress=counted.append)
    assert sum(counted) == 6 and counted == [1] * 6
    assert _games(res.records) == _games(versus("trek_v0", "heuristic", "random", 6, seed=3).records)
    counted.clear()
    league("trek_v0", ["random", "heuristic", "random"], 2, names=["a", "b", "c"], progress=counted.append)
    assert sum(counted) == 3 * 2  # 3 pairs, 2 games each


@pytest.mark.slow
def test_progress_with_a_process_pool_counts_every_game_and_changes_nothing():
    counted = []
    res = versus("trek_v0", "heuristic", "random", 20, seed=3, processes=2, progress=counted.append)
    assert sum(counted) == 20 and len(counted) > 2  # several chunks, so the bar moves
    assert _games(res.records) == _games(versus("trek_v0", "heuristic", "random", 20, seed=3).records)


def test_the_help_names_every_mcts_option():
    """evaluate's --help writes the mcts spec form out by hand: it must not fall behind the parser's."""
    import re

    from travel_envs.agents.mcts_spec import SPEC_FORM
    from training import evaluate

    options = re.findall(r"\[:(\w+)=", SPEC_FORM)
    assert options and [o for o in options if f":{o}=" not in evaluate.__doc__] == []
    for prior in re.search(r"prior=([\w|]+)", SPEC_FORM).group(1).split("|"):
        assert prior in evaluate.__doc__
