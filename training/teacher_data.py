"""Teacher demonstrations for behaviour cloning and search distillation, made by workers, kept on disk.

A teacher (a rule-based player, or the search ``mcts``) plays seeded games against named opponents.
Every decision of the teacher's seat becomes a sample: the seat's observation, its action mask,
the teacher's move, a value target (the seat's discounted outcome), and the policy target: for a
search teacher the root's visit distribution (the target of AlphaZero-style distillation, which
says how close the runner-up was), for any other teacher the move itself.

The games are cut into chunks of :data:`CHUNK_GAMES`, and each chunk is a job for a worker: a
local process (``processes``), or a Ray task when ``address`` names a cluster (``"auto"``, or
``host:port``). A chunk's samples are written to ``<folder>/chunk_<first game>.npz`` as soon as
it is done (under a temporary name, then renamed: a killed run leaves whole chunks only). A run
started again on the same folder loads the chunks it finds and plays only the missing ones; the
folder's ``job.json`` names the settings, and a folder made with other settings is refused.
Every game reseeds the players from ``(seed, game)``, so the data do not depend on how the games
were cut or where they ran: one process, two, or a cluster give the same samples.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import tempfile
from pathlib import Path
from typing import Any, Iterator, NamedTuple

import numpy as np

from travel_envs.agents.base import reseed_policy
from travel_envs.agents.registry import make_policy
from travel_envs.core.files import atomic_path, remove_leftovers, write_text_atomic
from travel_envs.core.game import ParameterError
from travel_envs.core.registry import make_raw_env
from travel_envs.core.threads import one_blas_thread

#: games per job (and per file on disk): small enough that a killed run loses little
CHUNK_GAMES = 4


class Demonstrations(NamedTuple):
    """Samples, one row per teacher decision."""

    observations: np.ndarray  # float16 [N, observation size]
    masks: np.ndarray  # bool [N, actions]
    actions: np.ndarray  # int64 [N]: the teacher's move
    values: np.ndarray  # float32 [N]: the seat's discounted outcome (or margin changes)
    targets: np.ndarray  # float16 [N, actions]: visit shares (search) or one-hot move (others)

    @classmethod
    def empty(cls, observation_size: int, num_actions: int) -> "Demonstrations":
        return cls(np.zeros((0, observation_size), np.float16), np.zeros((0, num_actions), bool),
                   np.zeros(0, np.int64), np.zeros(0, np.float32), np.zeros((0, num_actions), np.float16))

    @classmethod
    def concatenate(cls, parts: list["Demonstrations"]) -> "Demonstrations":
        return cls(*(np.concatenate([p[k] for p in parts]) for k in range(len(cls._fields))))

    def __len__(self) -> int:  # the number of samples (a tuple's length would be the field count)
        return len(self.actions)


def seed_of(*keys: int) -> int:
    """A 32-bit seed from integer keys (numpy's SeedSequence: independent streams per key tuple)."""
    return int(np.random.SeedSequence(list(keys)).generate_state(1)[0])


def job_settings(env_id: str, params: dict, teacher: str, opponents: list[str], seed: int, gamma: float,
                 reward: str = "adapter", driver: bytes | None = None) -> dict[str, Any]:
    """What a folder of chunks was made with (``driver``: a learner's ``.npz`` bytes that moves the
    teacher's seat while the teacher only labels, a DAgger round)."""
    return {"env_id": env_id, "params": dict(params), "teacher": teacher, "opponents": list(opponents),
            "seed": int(seed), "gamma": float(gamma), "reward": reward, "driver": driver}


def play_games(job: dict[str, Any], games: list[int]) -> Demonstrations:
    """The teacher's samples from games ``games`` of ``job`` (one worker's task)."""
    raw = make_raw_env(job["env_id"], **{**job["params"], "illegal_action": "raise"})
    n = raw.game.num_players
    size, num_actions = raw.game.observation_size, raw.game.num_actions
    teacher_spec, opponents, seed = job["teacher"], job["opponents"], job["seed"]
    teacher = make_policy(teacher_spec, job["env_id"], seed=seed_of(seed, 1))
    decide = getattr(teacher, "decide", None)  # a search: the move and its root visit counts
    driver = _load_driver(job["driver"]) if job["driver"] is not None else None
    opp_pols = {o: (teacher if o == teacher_spec else make_policy(o, job["env_id"], seed=seed_of(seed, 2, i)))
                for i, o in enumerate(opponents)}
    obs_l, mask_l, act_l, target_l, value_l = [], [], [], [], []
    buf = np.zeros(size, np.float32)
    for g in games:
        reseed_policy(teacher, seed_of(seed, 1, g))
        for i, policy in enumerate(opp_pols.values()):
            if policy is not teacher:
                reseed_policy(policy, seed_of(seed, 2, i, g))
        opp = opp_pols[opponents[g % len(opponents)]]
        teacher_seat = (g // len(opponents)) % n
        raw.reset(seed=seed_of(seed, 3, g))
        state = raw.game_state
        recorded: list[list[int]] = [[] for _ in range(n)]
        margins: list[list[float]] = [[] for _ in range(n)]
        while not (state.is_terminal or raw.truncations[raw.possible_agents[0]]):
            seat = state.current_player
            policy = teacher if seat == teacher_seat else opp
            mask = state.legal_action_mask()
            buf.fill(0.0)
            state.observation(seat, buf)
            target = np.zeros(num_actions, np.float32)
            if policy is teacher and decide is not None:
                action, visits = decide(mask, state)
                total = sum(visits.values())
                for a, v in visits.items():
                    target[a] = v / total
            else:
                action = policy.act(buf, mask, state)
                target[action] = 1.0
            if policy is teacher:
                recorded[seat].append(len(act_l))
                margins[seat].append(_margin(state.scores(), seat))
                obs_l.append(buf.astype(np.float16))
                mask_l.append(np.asarray(mask, bool).copy())
                act_l.append(int(action))
                target_l.append(target.astype(np.float16))
                value_l.append(0.0)
                if driver is not None and seat == teacher_seat:
                    action = driver.act(buf, mask)
            raw.step(action)
        _fill_values(value_l, recorded, margins, raw, job)
    if not act_l:
        return Demonstrations.empty(size, num_actions)
    return Demonstrations(np.stack(obs_l), np.stack(mask_l), np.array(act_l, np.int64),
                          np.array(value_l, np.float32), np.stack(target_l))


def _fill_values(value_l: list[float], recorded: list[list[int]], margins: list[list[float]], raw, job) -> None:
    """Value targets of one finished game: the discounted final reward of each recorded seat, or
    (``reward: margin``) the discounted sum of its score-margin changes between its decisions."""
    state, gamma = raw.game_state, job["gamma"]
    scale = float(getattr(raw.game, "score_scale", 1.0)) or 1.0
    for seat, idx in enumerate(recorded):
        if job["reward"] == "margin":
            ms = margins[seat] + [_margin(state.scores(), seat)]
            g = 0.0
            for k in range(len(idx) - 1, -1, -1):
                g = (ms[k + 1] - ms[k]) / scale + gamma * g
                value_l[idx[k]] = g
            continue
        reward = float(raw.rewards[raw.possible_agents[seat]]) if state.is_terminal else 0.0
        for k, i in enumerate(reversed(idx)):
            value_l[i] = reward * gamma ** k


def _margin(scores, seat: int) -> float:
    others = [s for i, s in enumerate(scores) if i != seat]
    return float(scores[seat] - max(others)) if others else float(scores[seat])


def _load_driver(weights: bytes):
    """The DAgger learner from its ``.npz`` bytes (bytes, not a path: a Ray worker on another machine
    cannot read the driver's folder)."""
    from travel_envs.agents.model import load_npz_policy

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "driver.npz"
        path.write_bytes(weights)
        return load_npz_policy(path, deterministic=True)


# -- chunks on disk ---------------------------------------------------------------------------------


def _chunk_name(first_game: int) -> str:
    return f"chunk_{first_game:06d}.npz"


def _save_chunk(path: Path, data: Demonstrations) -> None:
    with atomic_path(path) as tmp, open(tmp, "wb") as fh:
        np.savez(fh, **data._asdict())


def _load_chunk(path: Path) -> Demonstrations:
    with np.load(path, allow_pickle=False) as data:
        return Demonstrations(*(data[k] for k in Demonstrations._fields))


def _check_folder(folder: Path, job: dict[str, Any]) -> None:
    """Write ``job.json`` in a new folder; refuse a folder whose chunks were made with other settings."""
    described = {**job, "driver": None if job["driver"] is None else f"{len(job['driver'])} bytes",
                 "driver_sha1": None if job["driver"] is None else _sha1(job["driver"])}
    path = folder / "job.json"
    if path.is_file():
        try:
            before = json.loads(path.read_text())
        except ValueError:
            before = None
        if before != json.loads(json.dumps(described)):
            raise ParameterError(f"{folder} holds teacher data made with other settings ({path}); give a new "
                                 f"folder or delete this one to make the data again")
        return
    folder.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, json.dumps(described, indent=1) + "\n")


def _sha1(data: bytes) -> str:
    import hashlib

    return hashlib.sha1(data).hexdigest()


def generate(job: dict[str, Any], games: int, folder: str | os.PathLike, processes: int = 1,
             address: str | None = None, progress: bool = True) -> Demonstrations:
    """Play ``games`` games of ``job`` (from :func:`job_settings`) into ``folder`` and return all samples.

    Chunks already in ``folder`` are loaded, not played again (a killed run resumes). The workers
    are ``processes`` local processes, or, with ``address``, the tasks of a Ray cluster.
    """
    folder = Path(folder)
    _check_folder(folder, job)
    remove_leftovers(folder)
    chunks = [list(range(first, min(first + CHUNK_GAMES, games))) for first in range(0, games, CHUNK_GAMES)]
    todo = [c for c in chunks if not (folder / _chunk_name(c[0])).is_file()]
    bar = _progress(len(chunks), len(chunks) - len(todo), f"{job['teacher']} games", progress)
    try:
        for chunk, data in _run(job, todo, processes, address):
            _save_chunk(folder / _chunk_name(chunk[0]), data)
            bar.update(1)
    finally:
        bar.close()
    raw = make_raw_env(job["env_id"], **job["params"])
    parts = [_load_chunk(folder / _chunk_name(c[0])) for c in chunks]
    return Demonstrations.concatenate([Demonstrations.empty(raw.game.observation_size, raw.game.num_actions)]
                                      + parts)


def _progress(total: int, done: int, label: str, show: bool):
    from tqdm import tqdm

    return tqdm(total=total, initial=done, desc=label, unit="chunk", dynamic_ncols=True, leave=False,
                disable=None if show else True)


def _run(job: dict[str, Any], chunks: list[list[int]], processes: int,
         address: str | None) -> Iterator[tuple[list[int], Demonstrations]]:
    """``(chunk, samples)`` as the workers finish them, in any order."""
    if not chunks:
        return
    if address:
        yield from _run_on_ray(job, chunks, address)
    elif processes <= 1:
        for chunk in chunks:
            yield chunk, play_games(job, chunk)
    else:
        # never plain fork: the caller may be multi-threaded (torch, SubprocVecEnv, tqdm), and a
        # forked child can inherit a held lock and hang; forkserver children start clean
        ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        with ctx.Pool(min(processes, len(chunks)), initializer=one_blas_thread) as pool:
            yield from pool.imap_unordered(_play_job, [(job, c) for c in chunks])


def _play_chunk(job: dict[str, Any], chunk: list[int]) -> tuple[list[int], Demonstrations]:
    return chunk, play_games(job, chunk)


def _play_job(args) -> tuple[list[int], Demonstrations]:
    return _play_chunk(*args)


def _run_on_ray(job: dict[str, Any], chunks: list[list[int]],
                address: str) -> Iterator[tuple[list[int], Demonstrations]]:
    """One Ray task per chunk on the cluster at ``address``; results are collected as they finish,
    and the nodes they ran on are reported at the end."""
    from training.ray_cluster import connect

    ray = connect(address)
    task = ray.remote(num_cpus=1)(_play_chunk_on_a_node)
    job_ref = ray.put(job)  # sent to the cluster once, not once per chunk
    pending = [task.remote(job_ref, c) for c in chunks]
    nodes = set()
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        chunk, data, node = ray.get(done[0])
        nodes.add(node)
        yield chunk, data
    print(f"teacher games: {len(chunks)} chunks played on {len(nodes)} node(s) of the Ray cluster at {address}",
          flush=True)


def _play_chunk_on_a_node(job: dict[str, Any], chunk: list[int]) -> tuple[list[int], Demonstrations, str]:
    import ray

    one_blas_thread()
    return chunk, play_games(job, chunk), ray.get_runtime_context().get_node_id()
