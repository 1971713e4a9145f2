"""ONE PettingZoo ``AECEnv`` adapter that serves every game engine.

The adapter owns the RL conventions (agent names, spaces, rewards, truncation,
illegal-action policy, rendering); the engine owns the rules. Observations are
encoded lazily, only when ``observe``/``last`` asks for them, and the legal
mask is computed once per decision.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable, AECOrderEnforcingIterator

from .game import Game, GameState, IllegalActionError, ParameterError, check_choice, env_id_of
from .rewards import check_reward_mode, terminal_rewards

ILLEGAL_ACTION_MODES = ("raise", "penalize")
#: the keys of every agent's ``info`` once the game is over (won, truncated or ended by an illegal action)
END_INFO_KEYS = ("scores", "won", "decisions", "truncated", "illegal_action_by")
RENDER_FPS = 1
_BOOL, _INT8 = np.dtype(np.bool_), np.dtype(np.int8)
ADAPTER_PARAMS = ("render_mode", "reward_mode", "illegal_action", "illegal_reward", "max_decisions")


def check_seed(seed: Any) -> None:
    """A seed is None or an integer >= 0 (numpy integers too; not a bool, float or string)."""
    if seed is None:
        return
    ok = isinstance(seed, (int, np.integer)) and not isinstance(seed, (bool, np.bool_))
    if not ok or seed < 0:
        raise ParameterError(f"seed={seed!r} is not allowed; a seed is None or an integer >= 0")


class TravelAECEnv(AECEnv):
    """A travel_envs game as a PettingZoo AEC environment.

    Parameters
    ----------
    game_cls: the engine's :class:`Game` subclass.
    render_mode: ``None``, ``"ansi"`` (returns the table as text), ``"human"``
        (prints it) or ``"rgb_array"`` where the game can draw itself.
    reward_mode: ``"win_loss"`` (default), ``"rank"`` or ``"score_diff"``
        (see :mod:`travel_envs.core.rewards`). Rewards come only at the end.
    illegal_action: ``"raise"`` (default): an illegal action raises
        :class:`IllegalActionError`; ``"penalize"``: the offender gets
        ``illegal_reward``, everyone else 0, and the episode terminates.
    max_decisions: truncate the episode after this many decisions (a safety
        net for simulations); defaults to the game's ``max_decisions``.
    **params: the game's parameters (``num_players`` and its variants).
    """

    def __init__(
        self,
        game_cls: type[Game],
        render_mode: str | None = None,
        reward_mode: str = "win_loss",
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        max_decisions: int | None = None,
        **params: Any,
    ) -> None:
        super().__init__()
        known = {f.name for f in dataclasses.fields(game_cls.Params)}
        unknown = sorted(set(params) - known)
        if unknown:
            raise ParameterError(
                f"unknown parameter(s) {unknown} for {game_cls.name}; allowed: "
                f"game parameters {sorted(known)}, environment parameters {list(ADAPTER_PARAMS)}"
            )
        self.game: Game = game_cls(**params)
        check_choice("render_mode", render_mode, (None, "human", *game_cls.render_modes))
        check_reward_mode(reward_mode)
        check_choice("illegal_action", illegal_action, ILLEGAL_ACTION_MODES)
        if max_decisions is None:
            max_decisions = getattr(game_cls, "max_decisions", 100_000)
        if isinstance(max_decisions, (bool, np.bool_)) or not isinstance(max_decisions, (int, np.integer)) \
                or max_decisions < 1:
            raise ParameterError(f"max_decisions={max_decisions!r} must be a positive integer")
        self.render_mode = render_mode
        self.reward_mode = reward_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_decisions = int(max_decisions)
        self.metadata = {
            "name": env_id_of(game_cls),
            "render_modes": ["human", *game_cls.render_modes],
            "render_fps": RENDER_FPS,
            "is_parallelizable": False,
        }

        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        low, high = getattr(game_cls, "observation_bounds", (-1.0, 1.0))
        obs_box = spaces.Box(low, high, (self.game.observation_size,), np.float32)
        mask_box = spaces.Box(0, 1, (self.game.num_actions,), np.int8)
        self._observation_spaces = {
            a: spaces.Dict({"observation": obs_box, "action_mask": mask_box}) for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(self.game.num_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(low, high, (self.game.state_size,), np.float32)
        self._zero_mask = np.zeros(self.game.num_actions, np.int8)
        self._obs_size = self.game.observation_size
        self._rng: np.random.Generator | None = None
        self._state: GameState | None = None
        self._mask: np.ndarray | None = None

    # -- spaces -----------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    # -- engine access ----------------------------------------------------------
    @property
    def game_state(self) -> GameState:
        """The engine state (``clone()``, ``to_dict()``, ``action_to_string()``, ...)."""
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    def action_to_string(self, action: int) -> str:
        return self.game_state.action_to_string(action)

    def set_game_state(self, state: GameState) -> None:
        """Continue the episode from ``state`` (e.g. one built with ``from_dict``)."""
        if state.game.params != self.game.params:
            raise ParameterError(f"state parameters {state.game.params} differ from {self.game.params}")
        self._state = state
        self._begin_episode()

    # -- AEC API ----------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        check_seed(seed)
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(seed)
        state_rng = np.random.default_rng(int(self._rng.integers(2**63)))
        self._state = self.game.new_initial_state(state_rng)
        self._begin_episode()

    def _begin_episode(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.num_decisions = 0
        self._mask = None
        self.agent_selection = self.possible_agents[0]  # stays put if the game is over at once
        self._after_action()

    def _legal_mask(self) -> np.ndarray:
        """The current decision's mask as int8, computed once per decision (dropped after every
        action). A bool mask is reinterpreted (``view``) rather than copied: the adapter never
        writes to it, and ``observe`` hands out copies."""
        if self._mask is None:
            m = self._state.legal_action_mask()
            self._mask = m.view(_INT8) if m.dtype is _BOOL else m.astype(_INT8)
        return self._mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        state = self._state
        obs = np.zeros(self._obs_size, np.float32)
        state.observation(seat, obs)
        live = not state.is_terminal and seat == state.current_player
        mask = self._legal_mask().copy() if live and agent in self.agents else self._zero_mask.copy()
        return {"observation": obs, "action_mask": mask}

    def state(self) -> np.ndarray:
        out = np.zeros(self.game.state_size, np.float32)
        self._state.state_tensor(out)
        return out

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        try:
            if action is None:
                raise IllegalActionError(f"{agent} must act now; got action None")
            self._state.apply_action(action)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._end_with_penalty(agent)
            return
        self._mask = None
        self.num_decisions += 1
        self._after_action()
        if self.render_mode == "human":
            self.render()

    def _end_info(self, truncated: bool = False, illegal_action_by: str = "") -> dict[str, Any]:
        """The info of every agent once the game is over: the same keys (``END_INFO_KEYS``) and
        shapes every game, so replay buffers that stack infos (Tianshou) accept any ending.
        ``won`` is 0/1 per seat (several 1s on a shared win, all 0 without a winner)."""
        state = self._state
        n = self.game.num_players
        won = np.zeros(n, np.int8)
        if state.is_terminal and not illegal_action_by:
            won[list(state.winners())] = 1
        return {"scores": np.asarray(state.scores(), np.float64).reshape(n), "won": won,
                "decisions": self.num_decisions, "truncated": truncated, "illegal_action_by": illegal_action_by}

    def _after_action(self) -> None:
        state = self._state
        if state.is_terminal:
            for agent, r in zip(self.possible_agents, terminal_rewards(state, self.reward_mode)):
                self.rewards[agent] = r
                self.terminations[agent] = True
                self.infos[agent] = self._end_info()
            self._accumulate_rewards()
            return
        if self.num_decisions >= self.max_decisions:
            for agent in self.agents:
                self.truncations[agent] = True
                self.infos[agent] = self._end_info(truncated=True)
        self.agent_selection = self.possible_agents[state.current_player]

    def _end_with_penalty(self, offender: str) -> None:
        for agent in self.agents:
            self.rewards[agent] = self.illegal_reward if agent == offender else 0.0
            self.terminations[agent] = True
            self.infos[agent] = self._end_info(illegal_action_by=offender)
        self._accumulate_rewards()

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return self._state.render_rgb()
        text = self._state.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return self.metadata["name"]


class _OrderEnforcing(OrderEnforcingWrapper):
    """PettingZoo's order enforcing, with ``last()`` answered by the raw env in one call.

    The inherited ``last()`` reads six attributes through the wrapper's
    ``__getattr__`` on every step; delegating it keeps the same checks and
    results at a fraction of the cost in the agents' hot loop.
    """

    def last(self, observe: bool = True):
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def step(self, action) -> None:
        """``OrderEnforcingWrapper.step`` (same checks and warnings), reading ``agents`` directly."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _OrderEnforcingIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


class _OrderEnforcingIterable(AECOrderEnforcingIterable):
    def __iter__(self) -> "_OrderEnforcingIterator":
        return _OrderEnforcingIterator(self.env, self.max_iter)


class _OrderEnforcingIterator(AECOrderEnforcingIterator):
    """PettingZoo's order-enforcing ``agent_iter`` iterator (same stop condition and the same
    "step() or reset() in the loop" check), reading the raw env's attributes directly."""

    def __next__(self) -> str:
        wrapper = self.env
        raw = wrapper.env
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return raw.agent_selection


def wrap(raw: TravelAECEnv) -> OrderEnforcingWrapper:
    """The usual PettingZoo wrapper stack (order enforcing; the engine checks actions)."""
    return _OrderEnforcing(raw)
