"""The OpenSpiel route (travel_envs/openspiel.py): OpenSpiel's own checks and bots on every game.

Runs where the extra is installed (``pip install -e ".[openspiel]"``; CI installs it) and skips
cleanly elsewhere. Bot games use each game's short variant so that OpenSpiel's Python searches
(full random roll-outs per simulation) finish in seconds.
"""

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
tos = pytest.importorskip("travel_envs.openspiel")

from travel_envs.core.game import ParameterError  # noqa: E402
from travel_envs.core.registry import game_class, list_envs, make_raw_env  # noqa: E402

#: per env, parameters that make a game short (for the bots' full games)
SHORT = {
    "globetrotter_v0": {"params": json.dumps({"num_rounds": 1})},
    "itchy_feet_v0": {"max_turns": 12},
    "trek_v0": {"max_turns": 24},
    "trekking_v0": {},
    "trekking_the_world_v0": {"params": json.dumps({"tours_to_end": 1})},
}
CASES = [(env_id, n) for env_id in list_envs() for n in game_class(env_id).player_counts]
# OpenSpiel's search bots are slow on our Python games (Globetrotter: 15-30 s a table): by default they
# play each game's smallest and largest table, the tables between under -m slow
BOT_CASES = [pytest.param(env_id, n, marks=() if n in (min(counts), max(counts)) else pytest.mark.slow)
             for env_id in list_envs() for counts in [game_class(env_id).player_counts] for n in counts]


def _load(env_id, players=2, **params):
    return tos.load(env_id, players=players, **params)


def test_every_game_is_registered_with_an_honest_type():
    assert sorted(tos.GAME_NAMES) == sorted(list_envs())
    names = set(pyspiel.registered_names())
    for env_id, name in tos.GAME_NAMES.items():
        assert name in names and name.startswith("python_travel_")
        game = pyspiel.load_game(name)
        kind, cls = game.get_type(), game_class(env_id)
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert (kind.min_num_players, kind.max_num_players) == (min(cls.player_counts), max(cls.player_counts))
        assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM  # win/loss: a sole win is +1, -1, -1 ...
        assert game.num_distinct_actions() == cls(num_players=2).num_actions
        assert game.max_game_length() == cls.max_decisions
        assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    rank = _load("trek_v0", reward_mode="rank")
    assert rank.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM and rank.utility_sum() == 0.0


def test_parameters_pass_through_and_bad_ones_are_named():
    game = pyspiel.load_game("python_travel_trek", {"players": 4, "starting_cash": 500, "seed": 3,
                                                     "params": json.dumps({"stores_prices": list(range(30, 120, 10))})})
    assert game.num_players() == 4 and game.engine.params.starting_cash == 500
    assert game.engine.params.stores_prices == tuple(range(30, 120, 10))
    with pytest.raises(ParameterError, match=r"unknown parameter\(s\) \['colour'\]"):
        tos.TravelGame("trek_v0", {"colour": "red"})
    with pytest.raises(ParameterError, match="is not a JSON object"):
        tos.TravelGame("trek_v0", {"params": "[1, 2"})
    with pytest.raises(ParameterError, match="num_players"):
        tos.TravelGame("trek_v0", {"players": 9})
    with pytest.raises(ParameterError, match="reward_mode"):
        tos.TravelGame("trek_v0", {"reward_mode": "money"})
    with pytest.raises(ParameterError, match="unknown env"):
        tos.load("chess_v0")


@pytest.mark.parametrize("env_id, players", CASES)
def test_openspiels_random_simulation_test_passes(env_id, players):
    """OpenSpiel's own C++ checks (legal actions, clone, returns, observation and information
    state tensors and strings, serialisation of game and state) over a random game."""
    params = SHORT[env_id] if players > 2 else {}
    pyspiel.random_sim_test(_load(env_id, players, **params), num_sims=1, serialize=True, verbose=False)


def _both_ways(env_id, players, deal, seed):
    """The same random game through the PettingZoo env and through the pyspiel game."""
    game = _load(env_id, players)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == tos.DEALS
    state.apply_action(deal)
    raw = make_raw_env(env_id, num_players=players)
    raw.reset(seed=0)
    raw.set_game_state(game.deal(deal))
    rng = np.random.default_rng(seed)
    moves = 0
    while not state.is_terminal():
        agent = raw.agent_selection
        obs, reward, terminated, truncated, _ = raw.last()
        assert not (terminated or truncated)
        assert raw.possible_agents.index(agent) == state.current_player()
        legal = state.legal_actions()
        assert legal == np.flatnonzero(obs["action_mask"]).tolist()
        assert np.array_equal(np.asarray(state.observation_tensor(), np.float32), obs["observation"])
        a = legal[int(rng.integers(len(legal)))]
        state.apply_action(a)
        raw.step(a)
        moves += 1
    rewards = [raw._cumulative_rewards[a] for a in raw.possible_agents]
    assert all(raw.terminations.values())
    assert state.returns() == pytest.approx(rewards)
    assert state.engine_state.winners() == raw.game_state.winners()
    return moves


@pytest.mark.parametrize("env_id", list_envs())
def test_both_ways_agree_move_by_move(env_id):
    """Legal actions, observations, the seat to move, rewards and results are the same through
    PettingZoo and through OpenSpiel on the same deal and moves."""
    assert _both_ways(env_id, 2, deal=7, seed=1) > 0


def test_a_deal_is_fixed_by_seed_and_index():
    a, b = _load("trek_v0", seed=5), _load("trek_v0", seed=5)
    assert a.deal(3).to_dict() == b.deal(3).to_dict()
    assert a.deal(3).to_dict() != a.deal(4).to_dict() != _load("trek_v0", seed=6).deal(4).to_dict()


def test_serialize_round_trip_and_resample_keep_the_seats_view():
    game = _load("itchy_feet_v0")
    state = game.new_initial_state()
    state.apply_action(11)
    for a in state.legal_actions()[:1] * 3:
        if not state.is_terminal() and a in state.legal_actions():
            state.apply_action(a)
    copy = game.deserialize_state(state.serialize())
    assert copy.serialize() == state.serialize() and str(copy) == str(state)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other = state.resample_from_infostate(seat, sampler)
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.legal_actions() == state.legal_actions()
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.serialize() == state.serialize()


def _play_bots(env_id, players, make_bot, seed=0):
    """A whole game, every seat played by its bot's ``step`` (the deal drawn from its outcomes)."""
    game = _load(env_id, players, **SHORT[env_id])
    bots = [make_bot(game, p) for p in range(players)]
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    assert len(returns) == players and all(-1.0 <= r <= 1.0 for r in returns)
    return returns


@pytest.mark.parametrize("env_id, players", CASES)
def test_openspiels_uniform_random_bot_plays_every_game_to_the_end(env_id, players):
    _play_bots(env_id, players, lambda game, p: pyspiel.make_uniform_random_bot(p, 100 + p))


@pytest.mark.parametrize("env_id, players", BOT_CASES)
def test_openspiels_mcts_bot_plays_every_game_to_the_end(env_id, players):
    from open_spiel.python.algorithms import mcts

    def bot(game, p):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(p))
        return mcts.MCTSBot(game, 1.4, 3, evaluator, random_state=np.random.RandomState(p), solve=False)

    _play_bots(env_id, players, bot)


@pytest.mark.parametrize("env_id, players", BOT_CASES)
def test_openspiels_ismcts_bot_plays_every_game_to_the_end(env_id, players):
    """OpenSpiel's IS-MCTS draws its determinizations through resample_from_infostate, i.e. our
    resample_hidden."""
    from open_spiel.python.algorithms import ismcts, mcts

    def bot(game, p):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(p))
        return ismcts.ISMCTSBot(game, evaluator, 1.4, 3, random_state=np.random.RandomState(p),
                                allow_inconsistent_action_sets=True)

    _play_bots(env_id, players, bot)


@pytest.mark.parametrize("env_id, players", CASES)
def test_openspiels_rl_environment_runs_every_game(env_id, players):
    from open_spiel.python import rl_environment

    env = _seeded_rl_environment(_load(env_id, players, **SHORT[env_id]), seed=players)
    assert env.observation_spec()["info_state"] == (game_class(env_id)(num_players=players).observation_size,)
    rng = np.random.default_rng(0)
    step = env.reset()
    while not step.last():
        legal = step.observations["legal_actions"][step.observations["current_player"]]
        step = env.step([legal[int(rng.integers(len(legal)))]])
    assert len(step.rewards) == players


@pytest.fixture
def global_generators():
    """OpenSpiel's DQN and random agent draw from numpy's global generator (the DQN seeds it, and
    torch's), and the test pins torch to one thread: put everything back for the tests that follow."""
    torch = pytest.importorskip("torch")
    saved = np.random.get_state(), torch.get_rng_state(), torch.get_num_threads()
    yield torch
    np.random.set_state(saved[0])
    torch.set_rng_state(saved[1])
    torch.set_num_threads(saved[2])


def _seeded_rl_environment(game, seed: int):
    """``rl_environment.Environment(game, seed=...)`` ignores ``seed`` when handed a game object (it
    only passes keyword arguments on to ``load_game`` by name), so the deal would come from an
    unseeded generator; a seeded chance sampler makes the episodes reproducible."""
    from open_spiel.python import rl_environment

    return rl_environment.Environment(game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed))


def test_openspiels_dqn_learns_to_beat_uniform_random_play(global_generators):
    """OpenSpiel's PyTorch DQN trains 5000 of its own steps as seat 0 of 2-player Trek through
    ``rl_environment`` (win/loss reward) against OpenSpiel's uniform random agent, then plays greedily
    on 100 fresh deals: it wins clearly more of them than uniform random play in its seat. The run
    is reproducible on one machine (seeded chance sampler, the DQN's seed, one torch thread), but
    torch's float results differ between CPUs: after 3000 steps it won 70 against 54 on one machine
    and 57 on another, so it trains 5000 (71 there; DQN seeds 2 and 3 won 66 and 67; docs/openspiel.md).
    After 300 steps it wins 48, and the test fails."""
    pytest.importorskip("tree")
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent
    from open_spiel.python.pytorch import dqn

    global_generators.set_num_threads(1)
    env = _seeded_rl_environment(_load("trek_v0", seed=3), seed=1)
    size, actions = env.observation_spec()["info_state"][0], env.action_spec()["num_actions"]
    learner = dqn.DQN(0, size, actions, hidden_layers_sizes=[128], replay_buffer_capacity=5000, batch_size=64,
                      learning_rate=1e-3, update_target_network_every=100, learn_every=4,
                      min_buffer_size_to_learn=200, epsilon_start=0.9, epsilon_end=0.05,
                      epsilon_decay_duration=1500, optimizer_str="adam", loss_str="huber", seed=1)
    opponent = random_agent.RandomAgent(1, actions)
    while learner.step_counter < 5000:
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            out = (learner if seat == 0 else opponent).step(step)
            assert out.action in step.observations["legal_actions"][seat]
            step = env.step([out.action])
        learner.step(step)
    assert learner.loss is not None and np.isfinite(float(learner.loss))

    def greedy(state, legal):
        observations = {"info_state": [state.information_state_tensor(0), None], "legal_actions": [legal, []],
                        "current_player": 0}
        step = rl_environment.TimeStep(observations, None, None, rl_environment.StepType.MID)
        return learner.step(step, is_evaluation=True).action

    def wins(choose, games: int = 100) -> int:
        """Seat 0 chosen by ``choose``, seat 1 uniformly at random, on the same 100 deals."""
        game, rng, won = _load("trek_v0", seed=1000), np.random.RandomState(7), 0
        for _ in range(games):
            state = game.new_initial_state()
            state.apply_action(int(rng.randint(tos.DEALS)))
            while not state.is_terminal():
                legal = state.legal_actions()
                mover = choose if state.current_player() == 0 else (lambda _, options: options[rng.randint(len(options))])
                state.apply_action(mover(state, legal))
            won += state.returns()[0] > 0
        return won

    mine = np.random.RandomState(11)
    learned, uniform = wins(greedy), wins(lambda state, legal: legal[mine.randint(len(legal))])
    assert learned >= 60 and learned >= uniform + 6, (learned, uniform)
