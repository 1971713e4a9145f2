"""The public API contract: ids, versioned modules, make() and its errors."""

import importlib

import pytest
from pettingzoo import AECEnv

import travel_envs
from travel_envs import ParameterError
from travel_envs.core.registry import game_class

GAMES = ["globetrotter", "itchy_feet", "trek", "trekking", "trekking_the_world"]


def test_list_envs_is_sorted_and_versioned():
    ids = travel_envs.list_envs()
    assert ids == sorted(ids)
    assert ids == sorted(f"{g}_v0" for g in GAMES)


def test_unknown_env_id_names_known_ids_and_suggests():
    with pytest.raises(ParameterError, match=r"unknown env id 'globetroter_v0'.*globetrotter_v0.*Did you mean"):
        travel_envs.make("globetroter_v0")


@pytest.mark.parametrize("env_id", travel_envs.list_envs())
def test_versioned_module_env_and_raw_env(env_id):
    module = importlib.import_module(f"travel_envs.{env_id}")
    n = game_class(env_id).player_counts[-1]
    wrapped, raw = module.env(num_players=n), module.raw_env(num_players=n)
    assert isinstance(wrapped, AECEnv) and raw.unwrapped is raw
    assert str(wrapped) == env_id
    wrapped.reset(seed=0)
    obs = wrapped.observe(wrapped.agent_selection)
    assert obs["observation"].dtype.name == "float32" and obs["action_mask"].dtype.name == "int8"
    assert obs["action_mask"].any()
    assert wrapped.state().shape == wrapped.unwrapped.state_space.shape


@pytest.mark.parametrize("env_id", travel_envs.list_envs())
def test_bad_player_count_and_parameter_name_the_allowed_values(env_id):
    with pytest.raises(ParameterError, match=r"num_players=99 is not allowed; (allowed values|it must be an integer)"):
        travel_envs.make(env_id, num_players=99)
    with pytest.raises(ParameterError, match=r"unknown parameter\(s\) \['no_such_option'\].*num_players"):
        travel_envs.make(env_id, no_such_option=1)
    with pytest.raises(ParameterError, match="reward_mode"):
        travel_envs.make(env_id, reward_mode="bogus")


@pytest.mark.parametrize("env_id", travel_envs.list_envs())
@pytest.mark.parametrize(
    "kw, pattern",
    [
        ({"num_players": 2.0}, r"num_players=2\.0 is not allowed; it must be an integer"),
        ({"num_players": True}, r"num_players=True is not allowed; it must be an integer"),
    ],
)
def test_every_game_checks_parameter_types_the_same_way(env_id, kw, pattern):
    with pytest.raises(ParameterError, match=pattern):
        travel_envs.make(env_id, **kw)
