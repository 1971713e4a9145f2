"""Behaviour cloning warm start: imitate a teacher (a rule-based player, or distil the search) before PPO.

PPO from scratch spends most of a short budget discovering the basics of a
long card game (a random Globetrotter game lasts ~900 decisions). Cloning a
teacher first gives PPO a sensible starting policy and value function; PPO
then improves on it against the opponent mix.

1. :mod:`training.teacher_data` plays seeded games of the teacher against each
   opponent in turn (seats rotated), on worker processes or a Ray cluster, and
   records every decision the teacher makes: the seat's observation, mask,
   move, policy target (a search's root visit shares, else the move) and value
   target (the reward of the adapter's ``reward_mode`` times
   ``gamma ** decisions-left-for-that-seat``).
2. :func:`clone` fits the MaskablePPO policy (masked cross-entropy on the
   policy targets, or on the moves alone with ``policy_target: move``) and
   value head (MSE on the value targets) with Adam, and reports the held-out
   agreement with the teacher's moves.
3. Optional DAgger rounds (``dagger_rounds``): the cloned learner plays the teacher's seat, the
   teacher labels every state it reaches, the new samples join the data set and the policy is
   fitted again. Plain cloning only sees states the teacher reaches; a learner that slips once
   is in states it never saw, and this is where its mistakes compound.
"""

from __future__ import annotations

import time

import numpy as np

from .teacher_data import Demonstrations


def holdout_flags(n: int, seed: int, fraction: float = 0.05) -> np.ndarray:
    """A random ``fraction`` of ``n`` samples set aside for measuring agreement (none below 21)."""
    flags = np.zeros(n, bool)
    if n > 20:
        flags[np.random.default_rng(seed).permutation(n)[: max(1, int(n * fraction))]] = True
    return flags


def clone(model, data: Demonstrations, epochs: int, batch_size: int, learning_rate: float, vf_coef: float = 0.5,
          seed: int = 0, holdout: np.ndarray | None = None, soft_targets: bool = True, log=print) -> dict:
    """Fit ``model.policy`` to the demonstrations; returns agreement and losses.

    ``soft_targets``: the policy's cross-entropy against ``data.targets`` (a search's visit shares;
    one-hot moves of any other teacher), else against the moves alone. ``holdout``: bool flags of
    the samples never trained on (default: :func:`holdout_flags`); pass the same flags again when
    refitting on grown data so that held-out samples stay held out.
    """
    import torch as th

    n = len(data)
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
            o = th.as_tensor(data.observations[idx].astype(np.float32))
            masks = th.as_tensor(data.masks[idx])
            if soft_targets:
                log_probs = policy.get_distribution(o, action_masks=masks).distribution.logits
                targets = th.as_tensor(data.targets[idx].astype(np.float32))
                # illegal moves have target 0 and a huge negative logit: keep 0 * -1e8 out of the sum
                loss_pi = -(targets * log_probs.masked_fill(~masks, 0.0)).sum(dim=1).mean()
                values = policy.predict_values(o)
            else:
                values, logp, _ = policy.evaluate_actions(o, th.as_tensor(data.actions[idx]), action_masks=masks)
                loss_pi = -logp.mean()
            loss_v = th.nn.functional.mse_loss(values.flatten(), th.as_tensor(data.values[idx]))
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
            stats["holdout_accuracy"] = accuracy(policy, data.observations[hold], data.masks[hold],
                                                 data.actions[hold])
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
