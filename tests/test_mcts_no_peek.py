"""The exact no-peek test of the search on every game: a state and a resample of it (another
deal of everything the seat to move cannot see) give the very same search statistics and move
for the same policy seed. This holds only if ``resample_hidden`` depends on the seat's view and
its ``rng`` alone (unseen pools put in a canonical order before they are shuffled)."""

import numpy as np
import pytest

from travel_envs.agents import MCTSPolicy
from travel_envs.core.registry import game_class

GAMES = ["globetrotter_v0", "itchy_feet_v0", "trek_v0", "trekking_v0", "trekking_the_world_v0"]


def positions(env_id: str, num_players: int, count: int, every: int, seed: int = 0):
    """``count`` positions of one seeded random game (a fresh game when one ends), ``every`` decisions apart."""
    game = game_class(env_id)(num_players=num_players)
    rng = np.random.default_rng(seed)
    state, k, found = game.new_initial_state(np.random.default_rng(seed)), 0, 0
    while found < count:
        if state.is_terminal:
            state = game.new_initial_state(np.random.default_rng(seed + 1000 + k))
        if k % every == every - 1 and state.legal_action_mask().sum() > 1:
            found += 1
            yield state.clone()
        legal = np.flatnonzero(state.legal_action_mask())
        state.apply_action(int(legal[rng.integers(legal.size)]))
        k += 1


def _params(env_id):
    return [pytest.param(env_id, n, id=f"{env_id}-{n}p") for n in (2, 3)]


@pytest.mark.parametrize("env_id, num_players", [p for g in GAMES for p in _params(g)])
def test_resample_depends_only_on_the_view_and_rng(env_id, num_players):
    """Resampling a state and resampling a resample of it with the same generator state agree exactly."""
    for i, state in enumerate(positions(env_id, num_players, count=8, every=23)):
        seat = state.current_player
        other = state.resample_hidden(seat, np.random.default_rng(500 + i))
        a = state.resample_hidden(seat, np.random.default_rng(i)).to_dict()
        b = other.resample_hidden(seat, np.random.default_rng(i)).to_dict()
        assert a == b, (i, [key for key in a if a[key] != b[key]])


def _search_pairs(env_id, num_players):
    """(true state, a resample of it, policy seed) for positions of every stage of a game."""
    for i, state in enumerate(positions(env_id, num_players, count=5, every=31, seed=1)):
        yield state, state.resample_hidden(state.current_player, np.random.default_rng(900 + i)), i


#: few simulations played to the end of the game: a depth cut-off sees no hidden card in games
#: whose score moves rarely, so it would not tell a peeking search from an honest one
SIMULATIONS = 6


def _plain_search(seed: int) -> MCTSPolicy:
    """Random play-outs to the end, no bias, in every game (not the games' tuned defaults)."""
    return MCTSPolicy(SIMULATIONS, rollout="random", depth="end", bias=0.0, seed=seed)


@pytest.mark.parametrize("env_id, num_players", [p for g in GAMES for p in _params(g)])
def test_search_statistics_are_the_same_on_a_resample(env_id, num_players):
    """Same policy seed, true state vs a resample of it: identical root statistics and move."""
    for state, other, i in _search_pairs(env_id, num_players):
        a, b = _plain_search(i), _plain_search(i)
        assert a.statistics(state) == b.statistics(other), i
        a.seed(i), b.seed(i)
        mask = state.legal_action_mask()
        assert a.act(None, mask, state) == b.act(None, mask, other)


@pytest.mark.parametrize("env_id", GAMES)
def test_the_search_test_catches_a_peeking_resample(env_id, monkeypatch):
    """The test above can fail on every game: with a resample that keeps the true hidden cards
    (a copy with a fresh generator) the statistics on a state and on a redealt one differ."""
    state_cls = game_class(env_id).State
    honest = state_cls.resample_hidden

    def peeking(self, seat, rng):
        copy = self.clone()
        copy.rng = np.random.default_rng(int(rng.integers(2**62)))
        return copy

    differs = 0
    for state, other, i in _search_pairs(env_id, 2):
        monkeypatch.setattr(state_cls, "resample_hidden", peeking)
        a, b = _plain_search(i), _plain_search(i)
        differs += a.statistics(state) != b.statistics(other)
        monkeypatch.setattr(state_cls, "resample_hidden", honest)
    assert differs >= 2


@pytest.mark.parametrize("env_id", GAMES)
def test_guided_search_statistics_are_the_same_on_a_resample(env_id):
    """Heuristic play-outs and the root bias (the heuristic's move, or the expert's where there is
    one) read resampled states only: the same statistics and move on a state and a resample of it."""
    spec = "mcts:4:heuristic:depth=20:bias=1" + (":prior=expert" if env_id == "globetrotter_v0" else "")
    _assert_same_search(spec, env_id)


@pytest.mark.parametrize("env_id", ["globetrotter_v0", "itchy_feet_v0", "trekking_the_world_v0"])
def test_expert_led_search_is_the_same_on_a_resample(env_id):
    """Play-outs by the expert (and the root bias towards its move) read resampled states only."""
    _assert_same_search("mcts:4:expert:depth=20:bias=1:prior=expert", env_id)


@pytest.mark.parametrize("env_id", ["globetrotter_v0", "itchy_feet_v0", "trekking_the_world_v0"])
def test_master_led_search_is_the_same_on_a_resample(env_id):
    """The stronger settings' root bias towards the master's move (its own play-outs from its own deals)
    reads resampled states only."""
    _assert_same_search("mcts:4:bias=4:prior=master", env_id)


@pytest.mark.parametrize("env_id", GAMES)
def test_the_games_default_search_is_the_same_on_a_resample(env_id):
    """The game's own defaults (play-outs, depth, bias and prior of a bare ``mcts``), at 4 simulations."""
    _assert_same_search("mcts:4", env_id)


def _assert_same_search(spec: str, env_id: str) -> None:
    for state, other, i in _search_pairs(env_id, 2):
        a, b = MCTSPolicy.from_spec(spec, env=env_id, seed=i), MCTSPolicy.from_spec(spec, env=env_id, seed=i)
        assert a.statistics(state) == b.statistics(other), i
        a.seed(i), b.seed(i)
        mask = state.legal_action_mask()
        assert a.act(None, mask, state) == b.act(None, mask, other)


def _random_model_file(env_id: str, folder) -> str:
    """A trained-model stand-in (random weights, the game's sizes and metadata) as a ``.npz``."""
    from travel_envs.agents.model import NumpyMLPPolicy, model_metadata
    from travel_envs.core.registry import make_raw_env

    raw = make_raw_env(env_id, num_players=2)
    rng = np.random.default_rng(1)
    size, actions = raw.game.observation_size, raw.game.num_actions
    model = NumpyMLPPolicy([rng.normal(size=(8, size)), rng.normal(size=(actions, 8))],
                           [np.zeros(8), np.zeros(actions)], ["relu"],
                           meta=model_metadata(env_id, raw, {"num_players": 2}, "relu"))
    path = folder / f"{env_id}.npz"
    model.save(path)
    return str(path)


@pytest.mark.parametrize("env_id", GAMES)
def test_a_network_led_search_is_the_same_on_a_resample(env_id, tmp_path):
    """``prior=PATH``: the root bias favours a trained model's move, read from the seat's observation
    of the resampled state; the statistics and the move are those of the real state."""
    _assert_same_search(f"mcts:4:heuristic:depth=20:bias=4:prior={_random_model_file(env_id, tmp_path)}", env_id)


def test_a_network_led_search_follows_the_network_under_a_strong_bias(tmp_path):
    """With a huge bias the search plays the network's move; a model of another game is refused."""
    from travel_envs.agents.model import ModelFileError, load_model_policy

    path = _random_model_file("trekking_v0", tmp_path)
    model = load_model_policy(path)
    for state, _, i in _search_pairs("trekking_v0", 2):
        led = MCTSPolicy.from_spec(f"mcts:16:bias=1000:prior={path}", env="trekking_v0", seed=i)
        obs = np.zeros(state.game.observation_size, np.float32)
        state.observation(state.current_player, obs)
        mask = state.legal_action_mask()
        assert led.act(None, mask, state) == model.act(obs, mask, state)
    other = _random_model_file("trek_v0", tmp_path)
    state = next(positions("trekking_v0", 2, 1, 5))
    with pytest.raises(ModelFileError, match="trained for 'trek_v0'"):
        MCTSPolicy.from_spec(f"mcts:4:bias=1:prior={other}", env="trekking_v0", seed=0).act(
            None, state.legal_action_mask(), state)
