"""Ray RLlib support (optional extra ``travel_envs[rllib]``), on RLlib's current API stack.

- :mod:`.env`: :class:`TravelMultiAgentEnv`, any travel_envs AEC game as an RLlib
  ``MultiAgentEnv`` whose observations use the key names of RLlib's action-masking
  RLModule (``"observations"``, ``"action_mask"``);
- :mod:`.modules`: the masked PPO RLModule spec and :class:`BaselineRLModule`
  (our random / heuristic baselines as fixed, non-trained RLModules);
- :mod:`.mapping`: policy mapping (one shared learned policy or one per seat,
  fixed baseline opponents) and the algorithm config built from it;
- :mod:`.policy`: a trained RLModule (or a checkpoint) as a travel_envs ``Policy``
  for our evaluation arena.

The trainer and its validated YAML config are in ``training/train_rllib.py``
(``travel-train-rllib``); see ``docs/rllib.md``. Importing this package does not
import Ray; its modules do (install the ``rllib`` extra).
"""
