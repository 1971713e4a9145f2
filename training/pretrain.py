"""Behaviour cloning warm start: imitate a teacher policy (a game's heuristic or expert) before PPO.

PPO from scratch spends most of a short budget discovering the basics of a
long card game (a random Globetrotter game lasts ~900 decisions). Cloning a
rule-based teacher first gives PPO a sensible starting policy and value
function; PPO then improves on it against the opponent mix.

1. :func:`collect` plays ``games`` seeded games of the teacher against each
   opponent in turn (seats rotated) and records, for every decision the
   teacher makes, the acting seat's observation (float16), mask, action, and
   the discounted final reward of that seat (the value target: the reward of
   the adapter's ``reward_mode`` times ``gamma ** decisions-left-for-that-seat``).
2. :func:`clone` fits the MaskablePPO policy (masked cross-entropy on the
   teacher's actions) and value head (MSE on the targets) with Adam, and
   reports the held-out action agreement.
3. Optional DAgger rounds (``dagger_rounds``): the cloned learner plays the teacher's seat, the
   teacher labels every state it reaches, the new samples join the data set and the policy is
   fitted again. Plain cloning only sees states the teacher reaches; a learner that slips once
   is in states it never saw, and this is where its mistakes compound.
"""

from __future__ import annotations

import multiprocessing as mp
import time

import numpy as np

from travel_envs.agents.registry import make_policy
from travel_envs.core.registry import make_raw_env


def _seed(*keys: int) -> int:
    return int(np.random.SeedSequence(list(keys)).generate_state(1)[0])


def _collect_chunk(args):
    env_id, params, teacher_spec, opponents, games, seed, gamma, reward_kind, driver_path = args
    raw = make_raw_env(env_id, **{**params, "illegal_action": "raise"})
    n = raw.game.num_players
    size = raw.game.observation_size
    teacher = make_policy(teacher_spec, env_id, seed=_seed(seed, 1))
    driver = None
    if driver_path is not None:  # DAgger: the learner moves, the teacher labels
        from travel_envs.agents.model import NumpyMLPPolicy

        driver = NumpyMLPPolicy.load(driver_path, deterministic=True)
    opp_pols = {o: (teacher if o == teacher_spec else make_policy(o, env_id, seed=_seed(seed, 2, i)))
                for i, o in enumerate(opponents)}
    obs_l, mask_l, act_l, ret_l = [], [], [], []
    buf = np.zeros(size, np.float32)
    for g in games:
        opp = opp_pols[opponents[g % len(opponents)]]
        teacher_seat = (g // len(opponents)) % n
        raw.reset(seed=_seed(seed, 3, g))
        state = raw.game_state
        recorded: list[list[int]] = [[] for _ in range(n)]
        margins: list[list[float]] = [[] for _ in range(n)]
        while not (state.is_terminal or raw.truncations[raw.possible_agents[0]]):
            seat = state.current_player
            policy = teacher if seat == teacher_seat else opp
            mask = state.legal_action_mask()
            buf.fill(0.0)
            state.observation(seat, buf)
            action = policy.act(buf, mask, state)
            if policy is teacher:
                label = action
                if driver is not None and seat == teacher_seat:
                    action = driver.act(buf, mask)
                recorded[seat].append(len(act_l))
                margins[seat].append(_margin(state.scores(), seat))
                obs_l.append(buf.astype(np.float16))
                mask_l.append(np.asarray(mask, bool).copy())
                act_l.append(int(label))
                ret_l.append(0.0)
            raw.step(action)
        scale = float(getattr(raw.game, "score_scale", 1.0)) or 1.0
        for seat in range(n):
            idx = recorded[seat]
            if reward_kind == "margin":
                # step rewards: margin changes between the seat's decisions; value = discounted sum
                ms = margins[seat] + [_margin(state.scores(), seat)]
                g = 0.0
                for k in range(len(idx) - 1, -1, -1):
                    g = (ms[k + 1] - ms[k]) / scale + gamma * g
                    ret_l[idx[k]] = g
                continue
            reward = float(raw.rewards[raw.possible_agents[seat]]) if state.is_terminal else 0.0
            for k, i in enumerate(reversed(idx)):
                ret_l[i] = reward * gamma ** k
    if not act_l:
        return (np.zeros((0, size), np.float16), np.zeros((0, raw.game.num_actions), bool),
                np.zeros(0, np.int64), np.zeros(0, np.float32))
    return np.stack(obs_l), np.stack(mask_l), np.array(act_l, np.int64), np.array(ret_l, np.float32)


def _margin(scores, seat: int) -> float:
    others = [s for i, s in enumerate(scores) if i != seat]
    return float(scores[seat] - max(others)) if others else float(scores[seat])


def collect(env_id, params: dict, teacher: str, opponents: list[str], games: int, seed: int,
            gamma: float, processes: int = 1, reward: str = "adapter", driver: str | None = None):
    """Demonstrations ``(obs float16 [N, D], masks bool [N, A], actions [N], value targets [N])``.

    ``driver``: a frozen learner (``.npz``) that makes the moves of the teacher's seat while the
    teacher only labels them (a DAgger round: states the learner reaches, actions the teacher takes).
    Opponent seats are played as usual (an opponent named like the teacher is recorded too). The
    value targets are then the returns of the driven games: the learner's value against the
    opponents, which is what PPO's value head goes on to estimate.
    """
    order = list(range(games))
    args = [(env_id, dict(params), teacher, list(opponents), order[i::processes], _seed(seed, 4), gamma, reward,
             driver) for i in range(processes)]
    args = [a for a in args if a[4]]
    if processes <= 1:
        parts = [_collect_chunk(a) for a in args]
    else:
        # never plain fork: the caller may be multi-threaded (torch, SubprocVecEnv, tqdm), and
        # a forked child can inherit a held lock and hang; forkserver children start clean
        ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        with ctx.Pool(len(args)) as pool:
            parts = pool.map(_collect_chunk, args)
    return tuple(np.concatenate([p[k] for p in parts]) for k in range(4))


def holdout_flags(n: int, seed: int, fraction: float = 0.05) -> np.ndarray:
    """A random ``fraction`` of ``n`` samples set aside for measuring agreement (none below 21)."""
    flags = np.zeros(n, bool)
    if n > 20:
        flags[np.random.default_rng(seed).permutation(n)[: max(1, int(n * fraction))]] = True
    return flags


def clone(model, data, epochs: int, batch_size: int, learning_rate: float, vf_coef: float = 0.5,
          seed: int = 0, holdout: np.ndarray | None = None, log=print) -> dict:
    """Fit ``model.policy`` to the demonstrations; returns accuracy and losses.

    ``holdout``: bool flags of the samples never trained on (default: :func:`holdout_flags`); pass
    the same flags again when refitting on grown data so that held-out samples stay held out.
    """
    import torch as th

    obs, masks, acts, rets = data
    n = len(acts)
    rng = np.random.default_rng(seed)
    if holdout is None:
        holdout = holdout_flags(n, seed)
    hold, train_idx = np.flatnonzero(holdout), np.flatnonzero(~holdout)
    n_hold = len(hold)
    policy = model.policy
    policy.set_training_mode(True)
    opt = th.optim.Adam(policy.parameters(), lr=learning_rate)
    t0 = time.time()
    stats = {"samples": int(n)}
    for epoch in range(epochs):
        rng.shuffle(train_idx)
        tot_pi = tot_v = 0.0
        batches = 0
        for start in range(0, len(train_idx), batch_size):
            idx = np.sort(train_idx[start:start + batch_size])
            o = th.as_tensor(obs[idx].astype(np.float32))
            a = th.as_tensor(acts[idx])
            values, logp, _ = policy.evaluate_actions(o, a, action_masks=th.as_tensor(masks[idx]))
            loss_pi = -logp.mean()
            loss_v = th.nn.functional.mse_loss(values.flatten(), th.as_tensor(rets[idx]))
            loss = loss_pi + vf_coef * loss_v
            opt.zero_grad()
            loss.backward()
            th.nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
            opt.step()
            tot_pi += float(loss_pi.detach())
            tot_v += float(loss_v.detach())
            batches += 1
        stats.update(epoch=epoch + 1, policy_loss=tot_pi / max(batches, 1), value_loss=tot_v / max(batches, 1))
        if n_hold:
            stats["holdout_accuracy"] = accuracy(policy, obs[hold], masks[hold], acts[hold])
        log(f"behaviour cloning epoch {epoch + 1}/{epochs}: policy loss {stats['policy_loss']:.3f}, "
            f"value loss {stats['value_loss']:.3f}, held-out agreement with the teacher "
            f"{100 * stats.get('holdout_accuracy', float('nan')):.1f}% ({time.time() - t0:.0f} s)")
    policy.set_training_mode(False)
    return stats


def accuracy(policy, obs, masks, acts) -> float:
    import torch as th

    with th.no_grad():
        o = th.as_tensor(obs.astype(np.float32))
        dist = policy.get_distribution(o, action_masks=masks)
        pred = dist.distribution.probs.argmax(dim=1).numpy()
    return float((pred == acts).mean())
