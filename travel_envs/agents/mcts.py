"""Information-set Monte Carlo tree search (single-observer IS-MCTS) as a policy.

The searching seat cannot see the other hands, the deck order or the future of
the state's generator, so every simulation starts from a new *determinization*:
``state.resample_hidden(seat, rng)``, a state the seat cannot tell apart from
the true one. The true state is never cloned or stepped; its hidden parts reach
the search only through what ``resample_hidden`` keeps (the seat's own view).

One tree is shared by all determinizations (Cowling, Powley & Whitehouse 2012,
SO-ISMCTS). A node is the sequence of actions taken since the root; its
children sit in a dict keyed by action id. A simulation

1. selects, at each node, among the children legal in *this* determinization the
   one maximising ``mean return of the seat to move + c * sqrt(ln(available) / visits)``
   (``available``: how often the child was legal when its parent was visited, the
   subset-armed bandit form of UCB1), until it meets a legal action not in the tree,
2. expands that action (one new node per simulation, chosen uniformly),
3. plays on by random moves or the game's heuristic until the game ends or
   ``depth`` decisions after the root, and
4. adds the per-seat values to every node on its path: ``state.returns()`` at the
   end of the game (+1 sole winner, -1 others, 0 for all on a shared win), or the
   game's cut-off value at a depth cut-off (:mod:`.mcts_values`: a progress margin,
   by default the score margin).

Options: ``bias=W`` adds a progressive bias towards the move of the game's rule-based player
(asked once per decision, on the first resample) to that root child's selection value;
``time=S`` replaces the simulation count by S CPU seconds per decision.

Chance events (dice, draws from the deck) happen inside ``apply_action`` from the
determinization's own generator, so each simulation also samples the future.
The move played is the root child visited most. Simulations call the engine
directly (``legal_actions`` / ``_apply`` / ``clone`` inside ``resample_hidden``):
no observation is encoded and nothing is validated twice. The random play-out is the
state's ``random_playout(uniform, limit)`` (``GameState``'s loop, which an engine may
replace by a faster one with the same moves).
"""

from __future__ import annotations

import math
import time
from typing import Any, Iterator

import numpy as np

from travel_envs.core.game import GameState, ParameterError

from .base import reseed_policy
from .games import GAME_POLICIES, game_policy_class, resolve_game, rule_player_identity
from .mcts_spec import (DEFAULT_EXPLORATION, ROLLOUTS, SearchSettings, parse_mcts_spec, resolve_settings,
                        search_identity, settings_spec)
from .mcts_values import cutoff_values, margin_values

_NO_LIMIT = 1 << 62


class _Node:
    """One action sequence from the root: statistics of the edge that leads here, and its children."""

    __slots__ = ("children", "visits", "available", "value")

    def __init__(self, num_players: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 0
        self.value = [0.0] * num_players  # sums of returns, per seat


def _uniforms(rng: np.random.Generator) -> Iterator[float]:
    """Uniform floats in [0, 1) drawn from ``rng`` in blocks (a scalar draw costs ~0.5 us), a block when
    the last one is used up. The search calls its ``__next__``: cheaper than a Python-level call."""
    while True:
        yield from rng.random(1024).tolist()


def implements_resampling(state_cls: type) -> bool:
    """Whether a GameState class overrides ``resample_hidden`` (the search needs it)."""
    return getattr(state_cls, "resample_hidden", None) is not GameState.resample_hidden


def _no_resampling_error(game_name: str, policy_name: str) -> ParameterError:
    return ParameterError(
        f"policy {policy_name!r} searches on resampled states, but game {game_name!r} does not implement "
        f"GameState.resample_hidden(seat, rng); use another policy (random, heuristic, a model) for this game"
    )


def search(state: GameState, seat: int, settings: SearchSettings, rng: np.random.Generator,
           rollout_policy: Any = None, cutoff: Any = margin_values, prior_policy: Any = None,
           check_rollout: bool = True) -> _Node:
    """Run ``settings.simulations`` simulations (or ``settings.seconds`` of CPU time) for ``seat``
    (who is to move); return the root.

    ``state`` is used only through ``state.resample_hidden(seat, rng)``.
    ``rollout_policy`` (an object with ``act(observation, mask, state)``) plays on past the
    tree instead of uniform random moves; it is called with ``observation=None``, and its moves
    are checked unless ``check_rollout`` is False (the game's own heuristic, trusted to pick from
    the mask it is given; such a policy's ``playout_move(state)``, where it has one, is used instead
    of ``act``: the same move without building a mask).
    ``settings.depth`` None or END plays to the end; ``cutoff(state)`` values a position cut
    off (a value per seat in [-1, 1]). With ``settings.bias > 0``, ``prior_policy`` (same
    interface) names the root move the bias favours; it is asked once, on the first resample.
    """
    n = state.num_players
    root = _Node(n)
    c = float(settings.exploration)
    limit = settings.depth if isinstance(settings.depth, int) else _NO_LIMIT
    uniform = _uniforms(rng).__next__
    log, sqrt = math.log, math.sqrt
    bias, favoured = float(settings.bias), -1
    # a trusted play-out policy may offer ``playout_move(state)``: its ``act`` move, read from the
    # state without a mask (a subclass that changes ``act`` must change ``playout_move`` too)
    fast_playout = None if check_rollout else getattr(rollout_policy, "playout_move", None)
    budget, deadline = settings.simulations, None
    if settings.seconds is not None:
        budget, deadline = _NO_LIMIT, time.process_time() + settings.seconds
    done = 0
    while done < budget and (deadline is None or not done or time.process_time() < deadline):
        done += 1
        d = state.resample_hidden(seat, rng)
        d.mute()  # no one reads a determinization's narrated events
        if d.current_player != seat:
            raise RuntimeError(f"{state.game.name}: resample_hidden({seat}) returned a state where seat "
                               f"{d.current_player} is to move; a resample must keep the seat's view")
        if done == 1 and bias > 0 and prior_policy is not None:
            favoured = int(prior_policy.act(None, d.legal_action_mask(), d.clone()))
        node, path, steps = root, [], 0
        # 1-2: selection down the tree, expansion of one new action
        while steps < limit and not d.is_terminal:
            legal = d.legal_actions()
            children = node.children
            mover = d.current_player
            untried = []
            best, best_a, best_u = None, -1, -math.inf
            # one pass: count every legal child as available, and (while no action is untried, else an
            # expansion follows) keep the one of highest selection value
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                child.available += 1
                if untried:
                    continue
                visits = child.visits
                u = child.value[mover] / visits + c * sqrt(log(child.available) / visits)
                if a == favoured and node is root:
                    u += bias * sqrt(done) / (1 + visits)
                if u > best_u:
                    best, best_a, best_u = child, a, u
            if untried:
                a = untried[int(uniform() * len(untried))]
                child = children[a] = _Node(n)
                child.available = 1
                d._apply(a)  # from the mask just read: apply_action would check it again
                path.append(child)
                steps += 1
                break
            d._apply(best_a)
            path.append(best)
            node = best
            steps += 1
        # 3: play on
        if rollout_policy is None:
            steps += d.random_playout(uniform, limit - steps)
        elif fast_playout is not None:
            while steps < limit and not d.is_terminal:
                d._apply(fast_playout(d))
                steps += 1
        else:
            play = d.apply_action if check_rollout else d._apply
            while steps < limit and not d.is_terminal:
                play(int(rollout_policy.act(None, d.legal_action_mask(), d)))
                steps += 1
        # 4: back-propagation of every seat's value
        values = d.returns() if d.is_terminal else cutoff(d)
        for node in path:
            node.visits += 1
            acc = node.value
            for p in range(n):
                acc[p] += values[p]
    return root


class LearnedPrior:
    """A trained model as the player the root bias favours (``prior=zoo`` or ``prior=PATH``): the search
    led by a network, as in expert iteration. It reads the seat's observation encoded from the
    resampled state, which shows the seat exactly what the real one shows (``resample_hidden``
    keeps the seat's view), and is checked against the game at its first move."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self._checked_for: Any = None
        self._buf: np.ndarray | None = None

    def act(self, observation, action_mask, state) -> int:
        if self._checked_for is not state.game:
            from .model import check_policy_fits

            check_policy_fits(self.model, state.game, "give a model trained for this game and table")
            self._checked_for, self._buf = state.game, np.zeros(state.game.observation_size, np.float32)
        self._buf.fill(0.0)
        state.observation(state.current_player, self._buf)
        return int(self.model.act(self._buf, action_mask, state))


#: the named play-outs, as error messages list them
_NAMED_ROLLOUTS = ", ".join(map(repr, ROLLOUTS))


def _playout_player(game: Any, name: str) -> Any:
    """The rule-based player ``name`` of ``game`` for play-outs; one that searches at its own moves
    (``searches``: Globetrotter's and Trekking the World's masters) is refused: every simulated move would run a search."""
    player = game_policy_class(game, name)
    if getattr(player, "searches", False):
        raise ParameterError(f"mcts play-outs by {name!r} are not allowed in {game.name}: that player searches at "
                             f"its own moves, so every simulation would run searches; give it as the root's prior "
                             f"instead (prior={name}:bias=W)")
    return player()


def _prior_player(game: Any, prior: str) -> Any:
    """The player whose move the root bias favours: the game's rule-based one, or a trained model."""
    if prior in GAME_POLICIES:
        return game_policy_class(game, prior)()
    from travel_envs.core.game import env_id_of
    from travel_envs.zoo import zoo_model_path

    from .model import load_model_policy

    path = zoo_model_path("zoo", env_id_of(game)) if prior == "zoo" else prior
    return LearnedPrior(load_model_policy(path, deterministic=True, name=f"prior={prior}"))


def root_statistics(root: _Node) -> dict[int, tuple[int, list[float]]]:
    """``{action: (visits, mean value per seat)}`` of the root's children (for tests and inspection)."""
    return {a: (ch.visits, [v / ch.visits for v in ch.value]) for a, ch in sorted(root.children.items())
            if ch.visits}


class MCTSPolicy:
    """IS-MCTS over the engine state: determinized simulations per decision.

    Every setting left as None takes the game's default (:data:`.mcts_spec.GAME_DEFAULTS`, then
    the generic one), resolved when the game is known: from ``env`` at once, else from the
    first state searched. ``rollout`` is ``"random"``, ``"heuristic"`` (the game's
    HeuristicPolicy), ``"expert"`` / ``"master"`` (its ExpertPolicy / MasterPolicy) or a policy
    object. ``depth`` cuts simulations off that many decisions after the root (value: the game's
    :func:`.mcts_values.cutoff_values`); ``"end"`` plays to the end.
    ``seed`` makes the search reproducible: the same seed and the same position (as the
    seat sees it) give the same move.
    """

    #: the wrappers skip encoding an observation for policies that never read it
    uses_observation = False

    def __init__(self, simulations: int | None = None, rollout: Any = None,
                 depth: int | str | None = None, exploration: float = DEFAULT_EXPLORATION,
                 seed: int | None = None, env: Any = None, name: str | None = None,
                 bias: float | None = None, seconds: float | None = None, prior: str | None = None,
                 value: str | None = None) -> None:
        custom = rollout is not None and not isinstance(rollout, str)
        if custom and not callable(getattr(rollout, "act", None)):
            raise ParameterError(f"mcts rollout={rollout!r} is neither {_NAMED_ROLLOUTS} nor a policy")
        if custom and getattr(rollout, "uses_observation", True):
            raise ParameterError(f"mcts rollout={rollout!r} reads observations (play-outs encode none); give "
                                 f"{_NAMED_ROLLOUTS} or a policy with uses_observation = False")
        #: the settings as asked (None: the game's default); ``resolved`` holds them for the game in play
        self.settings = SearchSettings(simulations, None if custom else rollout, depth, exploration,
                                       bias, seconds, prior, value)
        label = f":rollout={getattr(rollout, 'name', type(rollout).__name__)}" if custom else ""
        self._label = label
        self.name = name or self.spec + label
        self._custom_rollout = rollout if custom else None
        self._game: Any = None
        self.resolved: SearchSettings | None = None
        #: plays on past the tree (None: uniform random moves)
        self._rollout_policy = self._custom_rollout
        #: the game's heuristic (or expert: ``prior``) names the move the root bias favours (``bias > 0``)
        self._prior_policy = None
        self._cutoff = margin_values
        if env is not None:
            game_cls, _ = resolve_game(env)
            if not implements_resampling(game_cls.State):
                raise _no_resampling_error(game_cls.name, self.name)
            self._prepare(game_cls)
        self.seed(seed)

    @classmethod
    def from_spec(cls, spec: str, env: Any = None, seed: int | None = None) -> "MCTSPolicy":
        s = parse_mcts_spec(spec)
        return cls(s.simulations, s.rollout, s.depth, s.exploration, seed=seed, env=env, name=spec,
                   bias=s.bias, seconds=s.seconds, prior=s.prior, value=s.value)

    @property
    def spec(self) -> str:
        """The spec string that builds this search (settings left to the game left out)."""
        return settings_spec(self.settings)

    @property
    def identity(self) -> str:
        """What this search plays: its settings resolved against the game's defaults (as asked while
        no game is known). An evaluation journal keys its games by it, so that games of a bare
        ``mcts`` are not resumed after the game's default search has changed (or its expert retuned)."""
        if self.resolved is None:
            return settings_spec(self.settings) + self._label
        return search_identity(self.resolved, lambda name: rule_player_identity(self._game, name)) + self._label

    def _prepare(self, game: Any) -> None:
        """Resolve the settings for ``game`` and build what they need: the play-out and prior players
        and the cut-off value."""
        s = resolve_settings(self.settings, game.name)
        if self._custom_rollout is None:
            self._rollout_policy = None if s.rollout == "random" else _playout_player(game, s.rollout)
        self._prior_policy = _prior_player(game, s.prior) if s.bias > 0 else None
        self._cutoff = cutoff_values(game, s.value)
        self._game, self.resolved = game, s

    def seed(self, seed: int | None) -> None:
        """Restart the search's generator (and the play-out and bias policies') from ``seed``."""
        search_seq, rollout_seq = np.random.SeedSequence(seed).spawn(2)
        self.rng = np.random.default_rng(search_seq)
        self._rollout_seed = int(rollout_seq.generate_state(1)[0])
        self._reseed_rollout()

    def _reseed_rollout(self) -> None:
        for policy in (self._rollout_policy, self._prior_policy):
            if policy is not None:
                reseed_policy(policy, self._rollout_seed)

    def statistics(self, state: GameState) -> dict[int, tuple[int, list[float]]]:
        """Search ``state`` for the seat to move and return the root's children statistics."""
        return root_statistics(self._search(state))

    def _search(self, state: GameState) -> _Node:
        if not implements_resampling(type(state)):
            raise _no_resampling_error(state.game.name, self.name)
        game = type(state.game)
        if self._game is not game:
            self._prepare(game)
            self._reseed_rollout()
        return search(state, state.current_player, self.resolved, self.rng, self._rollout_policy, self._cutoff,
                      self._prior_policy, check_rollout=self._custom_rollout is not None)

    def act(self, observation, action_mask, state=None) -> int:
        return self.decide(action_mask, state)[0]

    def decide(self, action_mask, state) -> tuple[int, dict[int, int]]:
        """The move and the root's visit count per legal move: the distillation target of a learner
        (how far ahead the move was says more than the move alone). A single legal move is played
        without a search and counted once."""
        if state is None:
            raise ValueError(f"{self.name} needs the engine state (state=...) to search from")
        legal = np.asarray(action_mask).reshape(-1).nonzero()[0]
        if legal.size == 0:
            raise ValueError(f"{self.name}: the action mask has no legal action")
        if legal.size == 1:
            return int(legal[0]), {int(legal[0]): 1}
        root = self._search(state)
        seat = state.current_player
        best, best_key, visits = int(legal[0]), None, {}
        for a in legal.tolist():
            child = root.children.get(a)
            if child is None or not child.visits:
                continue
            visits[a] = child.visits
            key = (child.visits, child.value[seat] / child.visits, -a)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best, visits or {best: 1}
