"""Ship a trained agent with the package: a model written as the weights-only ``.npz`` of
``travel_envs/zoo`` (what the ``zoo`` and ``zoo:<env id>`` policy specs play).

    python -m training.ship_model runs/trek_strong-20261204-085313/final_model.zip
    python -m training.ship_model runs/x/final_model.zip --out /tmp/agent.npz   # anywhere else

The actor's layers are read without unpickling anything (as every model is read) and written as
plain arrays with the model's metadata: env id, game version and parameters. A model without that
metadata, or one that no longer fits its game as installed, is refused; the file is written all or
nothing, and its size is printed. Bad input is one message and exit code 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="travel-ship-model", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("model", help="a trained model: runs/<run>/final_model.zip (or a snapshot .npz)")
    p.add_argument("--out", help="where to write (default: travel_envs/zoo/<env id>.npz, replacing the shipped one)")
    return p.parse_args(argv)


def ship(model: str, out: str | None = None) -> tuple[Path, str]:
    """Write ``model`` as a weights-only ``.npz`` (default: the zoo's file of its env); returns the
    path written and the model's env id."""
    from travel_envs.agents.model import check_policy_fits, load_model_policy
    from travel_envs.core.game import ParameterError
    from travel_envs.core.registry import list_envs, make_raw_env
    from travel_envs.tools.cli import check_output_path
    from travel_envs.zoo import zoo_file

    policy = load_model_policy(model)
    meta = policy.meta or {}
    env_id = meta.get("env_id")
    if env_id not in list_envs():
        raise ParameterError(f"{model} does not say which registered env it was trained for (env id "
                             f"{env_id!r}); ship a model saved by training.train, which records it")
    check_policy_fits(policy, make_raw_env(env_id, **(meta.get("env_params") or {})),
                      "train it again on the installed game")
    check_output_path("--out", out)
    path = Path(out) if out else zoo_file(env_id)
    policy.save(path)
    return path, env_id


def main(argv: list[str] | None = None) -> int:
    """Exit code 0, or 2 with one message for bad input (see travel_envs.tools.cli.run_cli)."""
    from travel_envs.tools.cli import run_cli
    from travel_envs.zoo import zoo_file

    args = parse_args(argv)

    def run(_argv) -> None:
        path, env_id = ship(args.model, args.out)
        spec = f"zoo:{env_id}" if path.resolve() == zoo_file(env_id).resolve() else str(path)
        print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB); play it as {spec}, for example: "
              f"python -m training.evaluate --env {env_id} --policy {spec} --opponents random heuristic")

    return run_cli(run)


if __name__ == "__main__":
    sys.exit(main())
