"""Any travel_envs AEC game as an RLlib ``MultiAgentEnv`` (turn-based, action-masked).

RLlib's action-masking RLModule expects a ``Dict`` observation with the keys
``"observations"`` and ``"action_mask"``; our AEC env says ``"observation"``
(float32) and ``"action_mask"`` (int8). This adapter renames the key and casts
the mask to float32 (the module takes its log). Nothing else changes: the
observation vector is exactly what the AEC env shows the seat.

Turn-based protocol (RLlib's convention for such games): ``reset`` and ``step``
return an observation only for the seat that must act next, and a reward (0
until the end) for the seat that just acted; when the game ends
(or is truncated) every seat receives its final observation and its terminal
reward, and ``terminateds["__all__"]`` (or ``truncateds``) is set.

Fixed heuristic opponents need the engine state (a heuristic reads what its
seat may see from it). With ``expose_env_ref=True`` the observation carries one
more key, ``"env_ref"``: a token under which this env instance is findable in
the same process (:func:`live_env`). Env runners step their envs and run their
RLModules in one process (RLlib's default synchronous vectorisation), so a
:class:`~travel_envs.rllib.modules.BaselineRLModule` can look the state up.
The learned module ignores the key.
"""

from __future__ import annotations

import itertools
import os
import weakref
from typing import Any

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from travel_envs.core.aec import TravelAECEnv
from travel_envs.core.game import ParameterError

OBS_KEY = "observations"
MASK_KEY = "action_mask"
REF_KEY = "env_ref"

_LIVE: "weakref.WeakValueDictionary[int, TravelMultiAgentEnv]" = weakref.WeakValueDictionary()
_TOKENS = itertools.count(1)


def live_env(token: int) -> "TravelMultiAgentEnv":
    """The env instance registered under ``token`` in this process."""
    try:
        return _LIVE[int(token)]
    except KeyError:
        raise RuntimeError(
            f"no live travel_envs env with token {int(token)} in process {os.getpid()}: "
            "heuristic baselines must run in the env runner that steps the env "
            "(keep RLlib's default gym_env_vectorize_mode='sync')"
        ) from None


def build_raw_env(env: Any, params: dict[str, Any] | None = None) -> TravelAECEnv:
    """A raw :class:`TravelAECEnv` from an env id (``"globetrotter_v0"``), a
    ``"module:GameClass"`` path, a Game subclass, or a factory returning a
    (possibly wrapped) TravelAECEnv; ``params`` are its keyword parameters.
    (The same resolution as the SB3 wrapper and the arena use.)"""
    from travel_envs.core.registry import make_raw_env

    return make_raw_env(env, **dict(params or {}))


class TravelMultiAgentEnv(MultiAgentEnv):
    """RLlib ``MultiAgentEnv`` over one travel_envs game.

    ``config`` (RLlib's ``env_config``) keys:

    - ``env``: env id, ``"module:GameClass"``, Game class or factory (required);
    - ``params``: the env's keyword parameters (``num_players``, variants,
      ``reward_mode``, ``max_decisions`` ...);
    - ``expose_env_ref``: add the ``"env_ref"`` key (needed by heuristic opponents).
    """

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        super().__init__()
        config = dict(config or {})
        unknown = sorted(set(config) - {"env", "params", "expose_env_ref"})
        if unknown:
            raise ParameterError(f"unknown env_config key(s) {unknown}; allowed: ['env', 'params', 'expose_env_ref']")
        if "env" not in config:
            raise ParameterError("env_config needs 'env' (an env id, 'module:GameClass' or a factory)")
        self.raw: TravelAECEnv = build_raw_env(config["env"], config.get("params"))
        self.expose_env_ref = bool(config.get("expose_env_ref", False))
        self.token = next(_TOKENS)
        _LIVE[self.token] = self
        self._ref = np.array([self.token], np.int64)

        game = self.raw.game
        self.num_actions = game.num_actions
        self.agents = self.possible_agents = list(self.raw.possible_agents)
        inner = self.raw.observation_space(self.possible_agents[0])["observation"]
        space = {
            OBS_KEY: inner,
            MASK_KEY: spaces.Box(0.0, 1.0, (game.num_actions,), np.float32),
        }
        if self.expose_env_ref:
            space[REF_KEY] = spaces.Box(0, 2**31 - 1, (1,), np.int64)
        obs_space = spaces.Dict(space)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(game.num_actions) for a in self.possible_agents}
        self.observation_space = spaces.Dict(self.observation_spaces)
        self.action_space = spaces.Dict(self.action_spaces)

    # -- engine access ----------------------------------------------------------
    @property
    def game_state(self):
        return self.raw.game_state

    # -- MultiAgentEnv API ------------------------------------------------------
    def _obs(self, agent: str) -> dict[str, np.ndarray]:
        o = self.raw.observe(agent)
        out = {OBS_KEY: o["observation"], MASK_KEY: o["action_mask"].astype(np.float32)}
        if self.expose_env_ref:
            out[REF_KEY] = self._ref
        return out

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        self.raw.reset(seed=seed, options=options)
        agent = self.raw.agent_selection
        return {agent: self._obs(agent)}, {}

    def step(self, action_dict: dict[str, Any]):
        raw = self.raw
        agent = raw.agent_selection
        if agent not in action_dict:
            raise ParameterError(f"it is {agent}'s turn; got actions for {sorted(action_dict)}")
        raw.step(action_dict[agent])  # the engine checks type and range
        first = self.possible_agents[0]
        terminated = raw.terminations[first]
        truncated = raw.truncations[first] and not terminated
        if terminated or truncated:
            obs = {a: self._obs(a) for a in self.possible_agents}
            rewards = {a: float(raw.rewards[a]) if terminated else 0.0 for a in self.possible_agents}
            infos = {a: dict(raw.infos.get(a, {})) for a in self.possible_agents}
            flags = {a: True for a in self.possible_agents}
            flags["__all__"] = True
            off = {a: False for a in self.possible_agents}
            off["__all__"] = False
            return (obs, rewards, flags, off, infos) if terminated else (obs, rewards, off, flags, infos)
        nxt = raw.agent_selection
        # RLlib wants a reward for every agent that acted in this step.
        return {nxt: self._obs(nxt)}, {agent: 0.0}, {"__all__": False}, {"__all__": False}, {}

    def render(self):
        return self.raw.render()

    def close(self) -> None:
        _LIVE.pop(self.token, None)
        self.raw.close()
