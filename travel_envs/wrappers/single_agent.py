"""A Gymnasium view of one seat: the learner plays one seat, opponent Policies the rest.

PettingZoo's SB3 recipe trains one network for every seat and hands the next
player's observation back with the previous player's reward. Here every
transition belongs to the learner: ``step(action)`` plays the learner's move,
then lets the opponents play (inside ``step``) until it is the learner's turn
again or the game is over, and returns the learner's observation, the
learner's reward (terminal, from the adapter's reward mode) and the learner's
termination. A game the learner loses therefore ends with the learner's
negative reward.

``action_masks()`` is a method of the env, which is what sb3-contrib's
``MaskablePPO`` looks for (it works through ``DummyVecEnv`` and
``SubprocVecEnv``). The observation is the flat float32 vector of the AEC
env's ``"observation"`` entry (a ``Box``).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from travel_envs.agents.base import policy_action, reseed_policy
from travel_envs.agents.model import check_policy_fits
from travel_envs.agents.pool import FixedOpponent, as_opponent_source
from travel_envs.agents.registry import make_policy
from travel_envs.core.aec import RENDER_FPS, check_seed
from travel_envs.core.game import ParameterError
from travel_envs.core.registry import make_raw_env

REWARDS = ("adapter", "margin")


class SingleAgentEnv(gym.Env):
    """The learner's seat of a travel_envs game as a Gymnasium env.

    Parameters
    ----------
    env: env id (``"globetrotter_v0"``), ``"module:GameClass"``, a Game subclass,
        or a factory returning a raw :class:`TravelAECEnv` (called with ``**params``).
    opponents: who plays the other seats. A spec string (``"random"``,
        ``"heuristic"``, ``"expert"``, ``"model:PATH.zip"``) or a Policy for every other seat;
        a list with one spec/Policy per other seat (in turn order after the
        learner); a dict ``{spec: weight}`` drawn per seat and episode; or an
        opponent source with ``sample(rng)`` (e.g. an ``OpponentMix`` with a
        self-play ``SnapshotPool``).
    learner_seat: ``None`` (default) draws the learner's seat uniformly at every
        reset; an int fixes it.
    seed: seeds the seat draws and the opponents (``reset(seed=...)`` reseeds).
    reward: ``"adapter"`` (default): the adapter's terminal reward (its
        ``reward_mode``); ``"margin"``: dense and unclipped, each step returns the
        change of (own score - best other score) / the game's ``score_scale``
        since the learner's previous step, so an episode sums to the final margin
        (a heavy loss still tells a better loss from a worse one).
    illegal_action: the learner's illegal action ends the episode with
        ``illegal_reward`` (``"penalize"``, default, so generic env checkers
        that step random actions work) or raises (``"raise"``). An opponent's
        illegal action always raises :class:`IllegalActionError`.
    **params: the game's parameters plus the adapter's (``num_players``,
        ``reward_mode``, ``max_decisions``, variants ...).
    """

    metadata = {"render_modes": ["ansi"], "render_fps": RENDER_FPS}  # per instance: the game's modes

    def __init__(self, env, opponents="random", learner_seat: int | None = None,
                 seed: int | None = None, render_mode: str | None = None,
                 illegal_action: str = "penalize", reward: str = "adapter", **params: Any) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ParameterError(f"reward={reward!r} is not allowed; allowed values: {list(REWARDS)}")
        self.reward_kind = reward
        check_seed(seed)
        if render_mode == "human":
            raise ParameterError("render_mode='human' is not allowed here; use 'ansi' and print env.render()")
        self.raw = make_raw_env(env, render_mode=render_mode, illegal_action=illegal_action, **params)
        modes = [m for m in self.raw.metadata["render_modes"] if m != "human"]
        self.metadata = {"render_modes": modes, "render_fps": RENDER_FPS}
        self.render_mode = render_mode
        self.env_key = env if isinstance(env, str) else type(self.raw.game)
        self.num_players = n = self.raw.game.num_players
        if learner_seat is not None and (not isinstance(learner_seat, (int, np.integer)) or not 0 <= learner_seat < n):
            raise ParameterError(f"learner_seat={learner_seat!r} is not allowed; allowed: None or 0..{n - 1}")
        self.fixed_seat = None if learner_seat is None else int(learner_seat)
        agent0 = self.raw.possible_agents[0]
        self.observation_space = self.raw.observation_space(agent0)["observation"]
        self.action_space = self.raw.action_space(agent0)
        self._obs_size = self.raw.game.observation_size
        self._opp_obs = np.zeros(self._obs_size, np.float32)
        self._all_legal = np.ones(self.raw.game.num_actions, bool)

        seeds = np.random.SeedSequence(seed).spawn(n + 1)
        if isinstance(opponents, (list, tuple)):
            if len(opponents) != n - 1:
                raise ParameterError(f"opponents list has {len(opponents)} entries; a {n}-player game needs {n - 1}")
            self._sources = [FixedOpponent(make_policy(o, self.env_key, seed=int(s.generate_state(1)[0])))
                             for o, s in zip(opponents, seeds)]
        else:
            source = as_opponent_source(opponents, self.env_key, seed=int(seeds[0].generate_state(1)[0]))
            self._sources = [source] * (n - 1)
        self.opponent_source = self._sources[0] if self._sources else None
        for src in dict.fromkeys(self._sources):  # a model opponent trained for another table is refused
            for policy in getattr(src, "policies", lambda: [])():
                check_policy_fits(policy, self.raw, "build this env with the model's parameters")
        self._np_random, _ = gym.utils.seeding.np_random(int(seeds[-1].generate_state(1)[0]))
        self._seat_policies: list = [None] * n
        self.learner_seat = self.fixed_seat if self.fixed_seat is not None else 0
        self._agent = self.raw.possible_agents[self.learner_seat]
        self._state = None
        self._mask = self._all_legal
        self._score_scale = float(getattr(self.raw.game, "score_scale", 1.0)) or 1.0
        self._margin = 0.0

    # -- gymnasium API ------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        check_seed(seed)
        super().reset(seed=seed)
        if seed is not None:
            sub = np.random.SeedSequence(seed).spawn(3)
            self.raw.reset(seed=int(sub[0].generate_state(1)[0]))
            self._reseed_opponents(int(sub[1].generate_state(1)[0]))
        for _ in range(100):
            if seed is None:
                self.raw.reset(seed=int(self.np_random.integers(2**63)))
            self._start_episode()
            if not self._done():
                self._margin = self._current_margin() if self.reward_kind == "margin" else 0.0
                return self._observe(), {"learner_seat": self.learner_seat}
            seed = None  # the game ended before the learner could act: deal another
        raise ParameterError(
            f"100 deals in a row of {self.raw} with {self.raw.game.params} ended before the learner's first "
            "decision (the game is over at the start); check the game parameters")

    def _reseed_opponents(self, seed: int) -> None:
        done = set()
        seeds = np.random.SeedSequence(seed).spawn(len(self._sources) + 1)
        for src, s in zip(self._sources, seeds):
            for p in getattr(src, "policies", lambda: [])():
                if id(p) not in done:
                    done.add(id(p))
                    reseed_policy(p, int(s.generate_state(1)[0]))

    def _start_episode(self) -> None:
        n = self.num_players
        rng = self.np_random
        self.learner_seat = self.fixed_seat if self.fixed_seat is not None else int(rng.integers(n))
        self._agent = self.raw.possible_agents[self.learner_seat]
        self._state = self.raw.game_state
        for k in range(1, n):
            seat = (self.learner_seat + k) % n
            self._seat_policies[seat] = self._sources[k - 1].sample(rng)
        self._seat_policies[self.learner_seat] = None
        self._play_opponents()

    def _done(self) -> bool:
        return self.raw.terminations[self._agent] or self.raw.truncations[self._agent]

    def _play_opponents(self) -> None:
        raw, state, learner = self.raw, self._state, self.learner_seat
        terms, truncs, agent = raw.terminations, raw.truncations, self._agent
        buf = self._opp_obs
        while not (terms[agent] or truncs[agent]):
            seat = state.current_player
            if seat == learner:
                self._mask = state.legal_action_mask()
                return
            raw.step(policy_action(self._seat_policies[seat], state, buf, role="opponent"))
        self._mask = self._all_legal

    def _observe(self) -> np.ndarray:
        obs = np.zeros(self._obs_size, np.float32)
        self._state.observation(self.learner_seat, obs)
        return obs

    def step(self, action):
        if self._state is None:
            raise RuntimeError("call reset() before step()")
        if self._done():
            raise RuntimeError("the episode is over; call reset()")
        self.raw.step(action)  # the engine checks it (type and range): no silent int(3.5) == 3
        self._play_opponents()
        raw, agent = self.raw, self._agent
        terminated = raw.terminations[agent]
        truncated = raw.truncations[agent] and not terminated
        if self.reward_kind == "margin" and not raw.infos[agent].get("illegal_action_by"):
            margin = self._current_margin()
            reward = (margin - self._margin) / self._score_scale
            self._margin = margin
        else:
            reward = float(raw.rewards[agent]) if terminated else 0.0
        info: dict[str, Any] = {}
        if terminated or truncated:
            info = self._final_info()
        return self._observe(), reward, bool(terminated), bool(truncated), info

    def _current_margin(self) -> float:
        scores = self._state.scores()
        own = scores[self.learner_seat]
        return float(own - max(s for i, s in enumerate(scores) if i != self.learner_seat)) if len(scores) > 1 \
            else float(own)

    def _final_info(self) -> dict[str, Any]:
        """The same keys and shapes at the end of every episode (see ``core.aec.END_INFO_KEYS``),
        plus ``learner_seat`` and ``is_success`` (the learner won: alone, or sharing the win
        with some but not all seats; a solo game's win counts)."""
        seat = self.learner_seat
        end = self.raw.infos.get(self._agent) or self.raw._end_info()
        info: dict[str, Any] = {"learner_seat": seat, **end}
        won = info["won"]
        n = self.num_players
        info["is_success"] = bool(won[seat]) and (n == 1 or int(won.sum()) < n)
        return info

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner now (bool); all True once the episode is over."""
        return self._mask

    # -- self-play ------------------------------------------------------------------
    def add_snapshot(self, path) -> None:
        """Add a frozen learner (``.npz``) to every opponent source that has a pool."""
        done = set()
        for src in self._sources:
            if id(src) not in done and hasattr(src, "add_snapshot"):
                done.add(id(src))
                src.add_snapshot(path)

    def opponent_names(self) -> list[str]:
        return [getattr(p, "name", "?") for p in self._seat_policies if p is not None]

    # -- misc -----------------------------------------------------------------------
    @property
    def game_state(self):
        return self.raw.game_state

    def render(self):
        if self.render_mode is None:
            return None
        return self.raw.render()

    def close(self) -> None:
        self.raw.close()


def make_single_agent(env_id, opponents="random", **params: Any) -> SingleAgentEnv:
    """``SingleAgentEnv(env_id, opponents=..., **params)``; see :class:`SingleAgentEnv`."""
    return SingleAgentEnv(env_id, opponents=opponents, **params)
