"""Matches between policies: seeded games, seats rotated, optional multiprocessing.

A *lineup* has one policy per seat (spec strings such as ``"random"``,
``"heuristic"``, ``"expert"``, ``"model:PATH.zip"`` or Policy objects). Game ``g`` is dealt
from seed ``(seed, g // n)`` and rotates the lineup by ``g % n`` seats, so
every policy plays every seat on the very same deals. Policies are reseeded
for every game: results do not depend on the number of processes.
"""

from __future__ import annotations

import multiprocessing as mp
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from travel_envs.agents.base import policy_action, reseed_policy
from travel_envs.agents.model import MODEL_SUFFIXES
from travel_envs.agents.registry import make_policy, spec_identity
from travel_envs.core.game import ParameterError
from travel_envs.core.registry import make_raw_env
from travel_envs.core.threads import one_blas_thread

from .journal import GameJournal
from .stats import wilson_interval


def policy_label(spec) -> str:
    """A short table label: the spec, or ``folder/file`` for a model path."""
    if isinstance(spec, str):
        path = spec[len("model:"):] if spec.startswith("model:") else spec
        if path.endswith(MODEL_SUFFIXES):
            from pathlib import Path

            p = Path(path)
            return f"{p.parent.name}/{p.name}" if p.parent.name else p.name
        return path
    return getattr(spec, "name", type(spec).__name__)


@dataclass
class GameRecord:
    """One finished game, per lineup index: seat, score, win (sole winner), draw (shared win)."""

    seats: list[int]
    scores: list[float]
    wins: list[int]
    draws: list[int]
    margins: list[float]
    truncated: bool
    decisions: int
    #: the deal seed and every action, in order: enough to rebuild the game (``--save-replays``)
    deal_seed: int = 0
    actions: list[int] = field(default_factory=list)


def _seed(*keys: int) -> int:
    return int(np.random.SeedSequence(list(keys)).generate_state(1)[0])


def play_game(raw, policies: Sequence, deal_seed: int, rotation: int, policy_seed: int) -> GameRecord:
    """Play one game on ``raw`` (a TravelAECEnv): lineup index i sits in seat (i - rotation) % n."""
    n = raw.game.num_players
    seat_of = [(i - rotation) % n for i in range(n)]
    by_seat = [None] * n
    for i, s in enumerate(seat_of):
        by_seat[s] = policies[i]
    for i, p in enumerate(policies):
        reseed_policy(p, _seed(policy_seed, i))
    raw.reset(seed=deal_seed)
    state = raw.game_state
    obs = np.zeros(raw.game.observation_size, np.float32)
    agents = raw.possible_agents
    actions = []
    while not (state.is_terminal or raw.truncations[agents[0]] or raw.terminations[agents[0]]):
        action = policy_action(by_seat[state.current_player], state, obs)
        actions.append(action)
        raw.step(action)
    scores = [float(x) for x in state.scores()]
    winners = set(state.winners()) if state.is_terminal else set()
    rec = GameRecord([], [], [], [], [], not state.is_terminal, raw.num_decisions, deal_seed, actions)
    for i in range(n):
        s = seat_of[i]
        rec.seats.append(s)
        rec.scores.append(scores[s])
        won = s in winners
        rec.wins.append(int(won and len(winners) == 1))
        rec.draws.append(int(won and 1 < len(winners) < n) or int(won and len(winners) == n))
        best_other = max(scores[q] for q in range(n) if q != s) if n > 1 else 0.0
        rec.margins.append(scores[s] - best_other)
    return rec


def check_lineup_fits(lineup: Sequence, raw, fix_hint: str = "") -> None:
    """Refuse, before any game, a learned policy (object or model spec) trained for another table:
    other game, version or parameters, or other observation/action sizes."""
    from travel_envs.agents.model import check_policy_fits
    from travel_envs.agents.registry import is_model_spec

    env_key = type(raw.game)
    for p in dict.fromkeys(x for x in lineup if not isinstance(x, str) or is_model_spec(x)):
        policy = make_policy(p, env_key) if isinstance(p, str) else p
        check_policy_fits(policy, raw, fix_hint)


def _play_chunk(args, progress: Callable[[int], None] | None = None,
                finished: Callable[[int, GameRecord], None] | None = None) -> list[GameRecord]:
    env, env_params, lineup, seed, games, deterministic = args
    raw = make_raw_env(env, **env_params)
    env_key = env if isinstance(env, str) else type(raw.game)
    policies = [make_policy(p, env_key, seed=_seed(seed, 99, i), deterministic=deterministic)
                for i, p in enumerate(lineup)]
    n = raw.game.num_players
    out = []
    for g in games:
        out.append(play_game(raw, policies, _seed(seed, g // n), g % n, _seed(seed, 7, g)))
        if finished:
            finished(g, out[-1])
        if progress:
            progress(1)
    return out


def _play_part(args) -> tuple[list[int], list[GameRecord]]:
    """A worker's chunk: its game indices with their records."""
    return args[4], _play_chunk(args)


@dataclass
class MatchResult:
    """All games of one lineup, with per-lineup-index summaries."""

    names: list[str]
    num_players: int
    records: list[GameRecord] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.records)

    def summary(self, index: int = 0) -> dict[str, Any]:
        recs = self.records
        n = len(recs)
        wins = sum(r.wins[index] for r in recs)
        draws = sum(r.draws[index] for r in recs)
        lo, hi = wilson_interval(wins, n)
        per_seat = {}
        for seat in range(self.num_players):
            rs = [r for r in recs if r.seats[index] == seat]
            per_seat[seat] = (sum(r.wins[index] for r in rs), len(rs))
        return {
            "policy": self.names[index],
            "opponents": ", ".join(sorted({nm for i, nm in enumerate(self.names) if i != index})),
            "games": n,
            "wins": wins,
            "draws": draws,
            "win_rate": wins / n if n else float("nan"),
            "ci_low": lo,
            "ci_high": hi,
            "mean_score": float(np.mean([r.scores[index] for r in recs])) if n else float("nan"),
            "mean_margin": float(np.mean([r.margins[index] for r in recs])) if n else float("nan"),
            "truncated": sum(r.truncated for r in recs),
            "mean_decisions": float(np.mean([r.decisions for r in recs])) if n else float("nan"),
            "per_seat": per_seat,
        }


def _played_as(policy, name: str, env) -> str:
    """``name``, followed by what the policy plays where the name alone does not say it (a bare
    ``mcts`` plays another search once its game's default changes; a journal must not resume it then)."""
    identity = spec_identity(policy, env) if isinstance(policy, str) else getattr(policy, "identity", None) or name
    return name if identity == name else f"{name} = {identity}"


#: with a journal, the most games a worker plays before they are saved: a killed run loses at most this
#: many per process (a Globetrotter master plays about 7 CPU s a game)
JOURNAL_CHUNK = 4


def split_games(order: list[int], processes: int, progress: bool, journal: bool) -> list[list[int]]:
    """The games to play, dealt round-robin into the chunks the workers take one at a time: a few per
    process so that a progress bar moves, and with a journal small ones so that little is lost to a
    kill (every game has its own seeds: the split changes no result)."""
    parts = processes * (8 if progress else 1)
    if journal:
        parts = max(parts, -(-len(order) // JOURNAL_CHUNK))
    parts = min(len(order), parts)
    return [order[i::parts] for i in range(parts)]


def play_match(env, lineup: Sequence, games: int, seed: int = 0, env_params: dict | None = None,
               processes: int = 1, deterministic: bool = True, names: Sequence[str] | None = None,
               progress: Callable[[int], None] | None = None, journal: GameJournal | None = None) -> MatchResult:
    """Play ``games`` seat-rotated games of ``lineup`` (one policy per seat).

    ``env`` is an env id / ``"module:GameClass"`` / Game class (or a picklable
    factory); ``env_params`` go to the env (``num_players`` must match the lineup).
    ``processes > 1`` splits the games over a process pool. ``progress(k)`` is called
    as games finish (k games at a time), e.g. to move a progress bar. With a ``journal``
    every finished game is saved (over processes, as its chunk of at most :data:`JOURNAL_CHUNK` games ends)
    and the games it already holds are not played again.
    """
    env_params = dict(env_params or {})
    probe = make_raw_env(env, **env_params)
    n = probe.game.num_players
    if len(lineup) != n:
        raise ParameterError(f"lineup has {len(lineup)} policies but the game has {n} seats")
    if games < 1:
        raise ParameterError(f"games={games} must be >= 1")
    names = list(names) if names else [policy_label(p) for p in lineup]
    check_lineup_fits(lineup, probe)
    result = MatchResult(names, n)
    key = GameJournal.match_key(env, env_params, [_played_as(p, name, env) for p, name in zip(lineup, names)], seed,
                                deterministic) if journal else ""
    by_game = {g: GameRecord(**r) for g, r in journal.finished(key).items() if g < games} if journal else {}
    if by_game and progress:
        progress(len(by_game))
    order = [g for g in range(games) if g not in by_game]
    save = (lambda g, rec: journal.add(key, g, rec)) if journal else None
    if processes <= 1 or len(order) <= 1:
        for g, rec in zip(order, _play_chunk((env, env_params, list(lineup), seed, order, deterministic), progress,
                                             save)):
            by_game[g] = rec
        result.records = [by_game[g] for g in range(games)]
        return result
    chunks = split_games(order, processes, progress is not None, journal is not None)
    # never plain fork: the caller may be multi-threaded (torch, SubprocVecEnv, tqdm), and
    # a forked child can inherit a held lock and hang; forkserver children start clean
    ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
    with ctx.Pool(processes, initializer=one_blas_thread) as pool:
        # in the order the chunks end, so that each is saved at once (none waits behind a slower one)
        for c, part in pool.imap_unordered(_play_part, [(env, env_params, list(lineup), seed, c, deterministic)
                                                        for c in chunks]):
            for g, rec in zip(c, part):
                by_game[g] = rec
                if save:
                    save(g, rec)
            if progress:
                progress(len(part))
    result.records = [by_game[g] for g in range(games)]
    return result


def versus(env, candidate, opponent, games: int, seed: int = 0, env_params: dict | None = None,
           processes: int = 1, names: Sequence[str] | None = None,
           progress: Callable[[int], None] | None = None, journal: GameJournal | None = None) -> MatchResult:
    """``candidate`` against ``opponent`` in every other seat (seats rotated)."""
    n = make_raw_env(env, **dict(env_params or {})).game.num_players
    lineup = [candidate] + [opponent] * (n - 1)
    nm = None
    if names:
        nm = [names[0]] + [names[1]] * (n - 1)
    return play_match(env, lineup, games, seed, env_params, processes, names=nm, progress=progress, journal=journal)


def league(env, policies: Sequence, games_per_pair: int, seed: int = 0, env_params: dict | None = None,
           processes: int = 1, names: Sequence[str] | None = None,
           progress: Callable[[int], None] | None = None, journal: GameJournal | None = None,
           first_new: int = 0):
    """Round robin: every pair meets in ``games_per_pair`` games (seats alternate A, B, A, ...).

    Returns ``(names, wins)`` with ``wins[i, j]`` the games i won against j
    (a draw, or a game neither won outright, is half a win each). With ``first_new`` only the pairs
    with a member from that index on are played (the others' entries stay 0): members added to a
    league already played meet the games a full league would have given them, seeds included.
    """
    names = list(names) if names else [policy_label(p) for p in policies]
    if len(set(names)) != len(names):
        raise ParameterError(f"league policy names must be distinct: {names}")
    n = make_raw_env(env, **dict(env_params or {})).game.num_players
    k = len(policies)
    wins = np.zeros((k, k))
    for i in range(k):
        for j in range(max(i + 1, first_new), k):
            lineup = [policies[i] if s % 2 == 0 else policies[j] for s in range(n)]
            pair_names = [names[i] if s % 2 == 0 else names[j] for s in range(n)]
            res = play_match(env, lineup, games_per_pair, _seed(seed, i, j), env_params, processes,
                             names=pair_names, progress=progress, journal=journal)
            for r in res.records:
                a = sum(r.wins[s] for s in range(n) if s % 2 == 0)
                b = sum(r.wins[s] for s in range(n) if s % 2 == 1)
                if a and not b:
                    wins[i, j] += 1
                elif b and not a:
                    wins[j, i] += 1
                else:
                    wins[i, j] += 0.5
                    wins[j, i] += 0.5
    return names, wins
