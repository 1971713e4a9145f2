"""Rank rewards in every game: players who share a win share first place (issue #26).

Per game a hand-made finished game with a shared win where the rules allow one (Itchy Feet has
none: one traveller wins, or nobody at the turn cap), and a property over random play: in rank
mode all winners get the same reward and no loser gets more than a winner.
"""

import numpy as np
import pytest

from travel_envs.core.registry import game_class, make_raw_env
from travel_envs.core.rewards import terminal_rewards


def _game(env_id, **params):
    return game_class(env_id)(**params)


def test_trek_survivors_at_the_turn_cap_share_first_place():
    """Trek's cap ruling G (v1): every survivor shares the result; their camps differ."""
    from travel_envs.games.trek.scenario import build_state

    s = build_state(5, pos=[4, 2, 10, 6, 5])
    s._end_at_cap()
    assert s.winners() == [0, 1, 2, 3, 4] and s.scores() != [s.scores()[0]] * 5
    assert terminal_rewards(s, "rank") == [0.0] * 5 == terminal_rewards(s, "win_loss")
    s = build_state(3, pos=[4, 9, 6])
    s.alive[2], s.pos[2] = False, -1  # seat 2 left the game: the two others survive
    s._end_at_cap()
    assert s.winners() == [0, 1]
    r = terminal_rewards(s, "rank")
    assert r[0] == r[1] == 0.5 and r[2] == -1.0  # places 1-2 shared: (1 + 0) / 2


def test_globetrotter_tie_break_leaders_on_one_city_share_first_place():
    """Ruling 11: leaders tied on points take one more turn; those then furthest share the win."""
    s = _game("globetrotter_v0", num_players=3).new_initial_state(np.random.default_rng(0))
    s.score, s.pos = [7, 7, 3], [9, 9, 10]
    s.tiebreak = [0, 1]
    s._finish_tiebreak()
    assert s.winners() == [0, 1]
    r = terminal_rewards(s, "rank")
    assert r[0] == r[1] == 0.5 and r[2] == -1.0


def test_trekking_the_world_equal_points_and_money_share_first_place():
    s = _game("trekking_the_world_v0", num_players=3).new_initial_state(np.random.default_rng(0))
    s.money = [4, 4, 2]
    s.phase_id = s.OVER  # a finished game: every score 0, seats 0 and 1 also level on money
    assert s.winners() == [0, 1]
    r = terminal_rewards(s, "rank")
    assert r[0] == r[1] == 0.5 and r[2] == -1.0


def test_trekking_equal_points_and_animals_share_first_place():
    s = _game("trekking_v0", num_players=3).new_initial_state(np.random.default_rng(0))
    s.phase_id = s.OVER  # nobody has scored yet: all three level on points and animals
    assert s.winners() == [0, 1, 2]
    assert terminal_rewards(s, "rank") == [0.0] * 3 == terminal_rewards(s, "win_loss")


def test_itchy_feet_has_one_winner_at_most():
    s = _game("itchy_feet_v0", num_players=3).new_initial_state(np.random.default_rng(0))
    s.winner, s.terminal = 1, True
    assert s.winners() == [1]
    r = terminal_rewards(s, "rank")
    assert r[1] == 1.0 and max(r[0], r[2]) < 1.0


CASES = [
    ("trek_v0", {"num_players": n, "starting_cash": 5000}) for n in range(2, 7)
] + [
    ("trek_v0", {"num_players": 2, "cash_for_stores_multiplier": 0}),
    ("trek_v0", {"num_players": 4}),
    ("globetrotter_v0", {"num_players": 3}),
    ("itchy_feet_v0", {"num_players": 3}),
    ("trekking_v0", {"num_players": 3}),
    ("trekking_the_world_v0", {"num_players": 3}),
]


@pytest.mark.parametrize("env_id, params", CASES)
def test_in_rank_mode_winners_share_and_no_loser_out_earns_a_winner(env_id, params):
    """Random play through the env with reward_mode='rank': the rewards it pays at the end."""
    shared = 0
    for seed in range(4):
        env = make_raw_env(env_id, reward_mode="rank", **params)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            _, reward, term, trunc, _ = env.last()
            total[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            legal = env.game_state.legal_actions()
            env.step(legal[int(rng.integers(len(legal)))])
        state = env.game_state
        won = state.winners()
        rewards = [total[a] for a in env.possible_agents]
        assert rewards == pytest.approx(terminal_rewards(state, "rank"))
        if won:
            assert len({rewards[p] for p in won}) == 1
            lost = [rewards[p] for p in range(len(rewards)) if p not in won]
            assert not lost or max(lost) < rewards[won[0]]
        shared += len(won) > 1
    if env_id == "trek_v0" and params.get("starting_cash") == 5000 and params["num_players"] >= 4:
        assert shared  # the case: shared wins do happen here
