"""Bad input to the adapter and the single-agent wrapper, and endings that used to crash:
non-integer actions, bad seeds, games over at reset, shared wins, the end-of-game info's shape,
render metadata for Gymnasium's video recorder."""

import numpy as np
import pytest

import travel_envs
from travel_envs.core.aec import END_INFO_KEYS, TravelAECEnv, wrap
from travel_envs.core.game import IllegalActionError, ParameterError
from travel_envs.evaluation.arena import play_match
from travel_envs.wrappers.single_agent import SingleAgentEnv

from toy_game import RaceGame, RaceState

BAD_ACTIONS = ["1", [1], {"a": 1}, float("nan"), 3.5, 1.0, True, np.bool_(False), None, np.array([1]),
               np.float32(1.0)]


class OverAtStartState(RaceState):
    """Seat 0 has won before anyone moves (like a Trek deal whose starting cash cannot pay the Base)."""

    def __init__(self, game, rng):
        super().__init__(game, rng)
        self.winner = 0


class OverAtStartGame(RaceGame):
    State = OverAtStartState

    def new_initial_state(self, rng):
        return OverAtStartState(self, rng)


class SharedWinState(RaceState):
    """Everybody who reached the end shares the win (a shared win of every seat)."""

    def winners(self):
        return list(range(self.num_players)) if self.is_terminal else []


class SharedWinGame(RaceGame):
    State = SharedWinState

    def new_initial_state(self, rng):
        return SharedWinState(self, rng)


def make(game=RaceGame, **kw):
    return wrap(TravelAECEnv(game, **kw))


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=repr)
def test_non_integer_action_raises_naming_it_and_leaves_the_state(action):
    env = make(target=5)
    env.reset(seed=0)
    before = env.unwrapped.game_state.to_dict()
    with pytest.raises(IllegalActionError) as info:
        env.step(action)
    assert repr(action) in str(info.value) or (action is None and "None" in str(info.value))
    assert env.unwrapped.game_state.to_dict() == before
    assert not any(env.unwrapped.terminations.values())


@pytest.mark.parametrize("action", BAD_ACTIONS, ids=repr)
def test_non_integer_action_is_penalized_like_any_illegal_action(action):
    env = make(target=5, illegal_action="penalize", illegal_reward=-3.0)
    env.reset(seed=0)
    before = env.unwrapped.game_state.to_dict()
    env.step(action)
    raw = env.unwrapped
    assert raw.game_state.to_dict() == before
    assert all(raw.terminations.values())
    assert raw.rewards == {"player_0": -3.0, "player_1": 0.0}
    assert raw.infos["player_0"]["illegal_action_by"] == "player_0"
    assert raw.infos["player_1"]["won"].tolist() == [0, 0]


@pytest.mark.parametrize("action", [np.int64(0), np.int32(1), np.uint8(0), np.array(1), 1])
def test_numpy_integers_are_actions(action):
    env = make(target=5)
    env.reset(seed=0)
    env.step(action)
    assert env.unwrapped.game_state.counter == int(action) + 1


def test_single_agent_env_checks_the_learners_action():
    env = SingleAgentEnv(RaceGame, opponents="random", learner_seat=0, num_players=2, target=9)
    env.reset(seed=1)
    counter = env.game_state.counter
    obs, reward, terminated, truncated, info = env.step(0.9)  # int(0.9) would silently be 0
    assert terminated and reward == -1.0 and info["illegal_action_by"] == "player_0"
    assert env.game_state.counter == counter
    strict = SingleAgentEnv(RaceGame, opponents="random", learner_seat=0, illegal_action="raise", num_players=2)
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError, match="'x'"):
        strict.step("x")


@pytest.mark.parametrize("value", [True, False, 0, -3, 2.5, "10"])
def test_max_decisions_must_be_a_positive_integer(value):
    with pytest.raises(ParameterError, match="max_decisions"):
        make(max_decisions=value)
    assert make(max_decisions=np.int64(5)).unwrapped.max_decisions == 5


@pytest.mark.parametrize("seed", [-1, "x", 1.5, True, [1]])
def test_bad_seeds_name_the_seed(seed):
    env = make()
    with pytest.raises(ParameterError, match="seed"):
        env.reset(seed=seed)
    single = SingleAgentEnv(RaceGame, num_players=2)
    with pytest.raises(ParameterError, match="seed"):
        single.reset(seed=seed)
    with pytest.raises(ParameterError, match="seed"):
        SingleAgentEnv(RaceGame, num_players=2, seed=seed)
    env.reset(seed=np.int64(3))  # numpy integers are seeds


def _end_infos(game, n=2, **kw) -> dict:
    """Every agent's info as the game ends (before the agents' final ``step(None)`` remove them)."""
    env = make(game, num_players=n, **kw)
    env.reset(seed=0)
    end = None
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if (term or trunc) and end is None:
            end = dict(env.unwrapped.infos)
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert end is not None and len(end) == n
    return end


def test_end_info_has_the_same_keys_and_shapes_for_every_ending():
    endings = {
        "sole win": _end_infos(RaceGame, target=4),
        "shared win": _end_infos(SharedWinGame, target=4),
        "no winner (truncated)": _end_infos(RaceGame, target=40, max_decisions=3),
        "over at reset": _end_infos(OverAtStartGame),
    }
    penalized = make(target=5, illegal_action="penalize")
    penalized.reset(seed=0)
    penalized.step("bad")
    endings["illegal action"] = penalized.unwrapped.infos
    shapes = None
    for name, infos in endings.items():
        for info in infos.values():
            assert tuple(info) == END_INFO_KEYS, name
            got = {k: np.shape(v) for k, v in info.items()}
            shapes = shapes or got
            assert got == shapes, name
            assert info["won"].dtype == np.int8
    assert endings["shared win"]["player_0"]["won"].tolist() == [1, 1]
    assert endings["no winner (truncated)"]["player_1"]["won"].tolist() == [0, 0]
    assert endings["no winner (truncated)"]["player_1"]["truncated"] is True
    assert endings["sole win"]["player_0"]["won"].sum() == 1
    # what a replay buffer does with them: stack every key over episodes
    for key in END_INFO_KEYS:
        np.stack([np.asarray(infos["player_0"][key]) for infos in endings.values()])


def test_single_agent_final_info_has_fixed_keys_and_shapes():
    keys = None
    for game, kw in ((RaceGame, {"target": 4}), (SharedWinGame, {"target": 4}),
                     (RaceGame, {"target": 40, "max_decisions": 3})):
        env = SingleAgentEnv(game, opponents="random", learner_seat=0, seed=0, num_players=2, **kw)
        env.reset(seed=0)
        done = False
        while not done:
            _, _, term, trunc, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
            done = term or trunc
        shape = {k: np.shape(v) for k, v in info.items()}
        keys = keys or shape
        assert shape == keys
    assert set(keys) == {*END_INFO_KEYS, "learner_seat", "is_success"}


def test_game_over_at_reset_is_handled():
    env = make(OverAtStartGame, num_players=2)
    env.reset(seed=0)
    obs, reward, term, trunc, info = env.last()
    assert term and not trunc and obs["action_mask"].sum() == 0
    assert env.unwrapped.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert info["won"].tolist() == [1, 0] and info["decisions"] == 0
    seen = []
    for agent in env.agent_iter():
        seen.append(agent)
        env.step(None)
    assert sorted(seen) == ["player_0", "player_1"]
    # the arena scores it as a game; the single-agent wrapper refuses a table with nothing to learn
    res = play_match(OverAtStartGame, ["random", "random"], 2, env_params={"num_players": 2})
    assert res.summary(0)["games"] == 2
    with pytest.raises(ParameterError, match="ended before the learner's first decision"):
        SingleAgentEnv(OverAtStartGame, num_players=2).reset(seed=0)


@pytest.mark.parametrize("env_id", travel_envs.list_envs())
def test_render_metadata_and_rgb_frames(env_id):
    env = travel_envs.make(env_id, num_players=2)
    assert env.metadata["render_fps"] > 0
    single = travel_envs.make_single_agent(env_id, num_players=2, render_mode="rgb_array")
    assert "rgb_array" in single.metadata["render_modes"] and single.metadata["render_fps"] > 0
    single.reset(seed=0)
    frame = single.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    single.step(int(np.flatnonzero(single.action_masks())[0]))
    assert single.render().shape == frame.shape


def test_unknown_render_mode_names_the_allowed_ones():
    with pytest.raises(ParameterError, match="render_mode='rgb'.*'rgb_array'"):
        travel_envs.make_single_agent("globetrotter_v0", num_players=2, render_mode="rgb")


def test_record_video(tmp_path):
    pytest.importorskip("moviepy")
    from gymnasium.wrappers import RecordVideo

    single = travel_envs.make_single_agent("trekking_v0", num_players=2, render_mode="rgb_array")
    env = RecordVideo(single, str(tmp_path / "videos"), episode_trigger=lambda e: True, disable_logger=True)
    env.reset(seed=0)
    for _ in range(3):
        env.step(int(np.flatnonzero(env.unwrapped.action_masks())[0]))
    env.close()
    videos = list((tmp_path / "videos").glob("*.mp4"))
    assert videos and videos[0].stat().st_size > 0
