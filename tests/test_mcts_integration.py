"""The mcts policy wherever a policy spec goes: arena (2 processes), evaluate CLI, training
opponents and config, behaviour-cloning teacher; heuristic play-outs from the game's module."""

import numpy as np

import travel_envs
from toy_game import RaceGame
from training import evaluate as evaluate_cli
from training.config import validate
from travel_envs.agents import MCTSPolicy, make_policy
from travel_envs.evaluation.arena import play_match

RACE = "toy_game:RaceGame"


def test_arena_with_two_processes_plays_the_same_games():
    lineup = ["mcts:24", "random", "random"]
    one = play_match(RACE, lineup, 9, seed=5, env_params={"num_players": 3})
    two = play_match(RACE, lineup, 9, seed=5, env_params={"num_players": 3}, processes=2)
    assert [r.scores for r in one.records] == [r.scores for r in two.records]
    assert [r.decisions for r in one.records] == [r.decisions for r in two.records]


def test_evaluate_cli_policy_and_league(tmp_path):
    out = tmp_path / "eval.md"
    assert evaluate_cli.main(["--env", RACE, "--policy", "mcts:32", "--opponents", "random", "--games", "8",
                              "--processes", "2", "--out", str(out)]) == 0
    assert "mcts:32" in out.read_text()
    assert evaluate_cli.main(["--env", RACE, "--league", "mcts:16", "random", "--games", "6",
                              "--processes", "2"]) == 0
    assert evaluate_cli.main(["--env", RACE, "--policy", "mcts:0"]) == 2


def test_training_config_takes_mcts_as_opponent_and_teacher():
    cfg = validate({"env": {"id": RACE, "allow_import": True, "params": {"num_players": 2}},
                    "opponents": {"mix": {"mcts:16": 1.0, "random": 1.0}},
                    "pretrain": {"teacher": "mcts:32:depth=8", "opponents": ["mcts"]},
                    "eval": {"opponents": ["random", "mcts:8"]}})
    assert cfg.opponents.mix["mcts:16"] == 1.0 and cfg.pretrain.teacher == "mcts:32:depth=8"


def test_single_agent_env_against_mcts():
    env = travel_envs.make_single_agent(RACE, opponents=["mcts:16"], num_players=2, seed=0)
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        legal = np.flatnonzero(env.action_masks())
        obs, reward, terminated, truncated, info = env.step(int(legal[0]))
        done = terminated or truncated
    assert reward in (-1.0, 1.0)


def test_behaviour_cloning_collects_from_an_mcts_teacher():
    """A search teacher's samples carry its root visit shares: a distribution over legal moves whose
    largest share is the move it played."""
    from training import teacher_data as td

    job = td.job_settings(RACE, {"num_players": 2, "target": 7}, "mcts:16", ["random"], seed=0, gamma=0.99)
    data = td.play_games(job, list(range(4)))
    rows = np.arange(len(data))
    assert len(data) > 4 and data.masks[rows, data.actions].all()
    targets = data.targets.astype(np.float32)
    np.testing.assert_allclose(targets.sum(axis=1), 1.0, atol=2e-3)
    assert not targets[~data.masks].any() and (targets[rows, data.actions] == targets.max(axis=1)).all()
    assert ((targets > 0).sum(axis=1) > 1).any()  # shares, not one-hot moves


# ----------------------------------------------------- heuristic play-outs, found like "heuristic" is
class HeuristicPolicy:
    """Reach the target when possible, otherwise add 1 (this module's game's heuristic)."""

    name = "heuristic"
    calls = 0

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def act(self, observation, action_mask, state=None):
        HeuristicPolicy.calls += 1
        return 1 if action_mask[1] and state.counter + 2 >= state.game.params.target else 0


class HeuristicRace(RaceGame):
    name = "heuristic_race"


def test_heuristic_playouts_use_the_games_heuristic():
    HeuristicPolicy.calls = 0
    p = make_policy("mcts:24:heuristic", HeuristicRace, seed=0)
    s = HeuristicRace().new_initial_state(np.random.default_rng(0))
    assert p.act(None, s.legal_action_mask(), s) in (0, 1)
    assert HeuristicPolicy.calls > 24
    lazy = MCTSPolicy(24, rollout="heuristic", seed=0)  # no env: found from the state's game
    HeuristicPolicy.calls = 0
    assert lazy.statistics(s) == make_policy("mcts:24:heuristic", HeuristicRace, seed=0).statistics(s)
    assert HeuristicPolicy.calls > 48


def test_the_root_bias_follows_the_heuristic_unless_the_statistics_disagree():
    """``bias=W`` draws the root's visits to the heuristic's move: with a huge weight the search
    plays it; with none, the search often plays something else."""
    from benchmarks.search import sample_positions
    from travel_envs.core.registry import make_raw_env
    from travel_envs.games.trekking import HeuristicPolicy

    game = make_raw_env("trekking_v0", num_players=2).game
    heuristic = HeuristicPolicy()
    agree = {0.0: 0, 1e6: 0}
    positions = sample_positions(game, 8, seed=1)
    for bias in agree:
        policy = MCTSPolicy(24, bias=bias, seed=0, env="trekking_v0")
        for state in positions:
            mask = state.legal_action_mask()
            agree[bias] += policy.act(None, mask, state) == heuristic.act(None, mask, state.clone())
    assert agree[1e6] == len(positions)
    assert agree[0.0] < len(positions)
