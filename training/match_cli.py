"""What the command-line tools that play matches (``evaluate``, ``build_ladder``) check before the
first game is dealt, and the progress bar they count games on: bad input fails at once, with a
message naming the flag, not after an hour of play."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from travel_envs.core.game import ParameterError

if TYPE_CHECKING:
    from tqdm import tqdm


def check_counts(args: argparse.Namespace) -> None:
    """``--games`` and ``--processes`` at least 1, ``--seed`` at least 0."""
    for flag, value, low in (("--games", args.games, 1), ("--processes", args.processes, 1),
                             ("--seed", args.seed, 0)):
        if value < low:
            raise ParameterError(f"{flag}={value} is not allowed; it must be an integer >= {low}")


def check_models_fit(specs: list[str], raw: Any) -> None:
    """Every model among ``specs`` must fit the env ``raw``; the error says which ``--param`` flags
    the model needs."""
    from travel_envs.agents.model import check_policy_fits, load_model_policy, param_flags, read_model_metadata
    from travel_envs.agents.registry import is_model_spec, model_path

    for spec in dict.fromkeys(specs):
        if isinstance(spec, str) and is_model_spec(spec):
            meta = read_model_metadata(model_path(spec))
            hint = (f"pass the model's parameters: {param_flags(meta)}" if meta and meta.get("env_params")
                    else "pass the parameters it was trained with (--param NAME=VALUE, or --run RUN_DIR)")
            check_policy_fits(load_model_policy(model_path(spec), name=spec), raw, hint)


def games_bar(total: int, label: str) -> "tqdm":
    """A tqdm bar on stderr counting games (shown on a terminal only: logs and tests stay clean)."""
    from tqdm import tqdm

    return tqdm(total=total, desc=label, unit="game", dynamic_ncols=True, leave=False, disable=None)
