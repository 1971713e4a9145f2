"""Every shipped training recipe, shrunk to seconds, still learns: its pipeline (cloning or distilling
its teacher, DAgger, PPO on its reward against its opponent mix) gives an agent that beats random play.

The full recipes are benchmarks (README Results); these runs keep each config's method and change
only its sizes: a few dozen teacher games (a search teacher at 32 simulations, its other options
kept), 1k PPO steps, in one process, no periodic evaluation, 40 final games against random.
"""

import json
from pathlib import Path

import pytest
import yaml

from training import train as train_cli

CONFIGS = Path(__file__).resolve().parents[1] / "configs"
RECIPES = sorted(p.name for p in CONFIGS.glob("*.yaml") if not p.name.startswith("rllib_"))


#: games whose clone needs more demonstrations to beat random play reliably (a trip in Itchy Feet needs
#: three specific items and a passport: a few games show too few of them)
TEACHER_GAMES = {"itchy_feet_v0": 120}
#: cloning epochs where 8 cost more than the test needs (the end-scoring network scores every move's ends:
#: 8 epochs took 70 of a 90-second run; at 3, as the recipe itself, the clone still wins 40 / 40)
CLONING_EPOCHS = {"trekking_the_world_v0": 3}


def tiny_overrides(config: dict, runs: Path) -> list[str]:
    teacher = str(config.get("pretrain", {}).get("teacher", "heuristic"))
    if teacher.startswith("mcts"):  # the same search at 32 simulations
        options = [part for part in teacher.split(":")[1:] if not part.isdigit() and not part.startswith("time=")]
        teacher = ":".join(["mcts", "32", *options])
    env_id = config["env"]["id"]
    games, epochs = TEACHER_GAMES.get(env_id, 40), CLONING_EPOCHS.get(env_id, 8)
    sets = [f"runs_dir={runs}", f"pretrain.games={games}", f"pretrain.teacher={teacher}", "pretrain.processes=1",
            f"pretrain.epochs={epochs}", "train.total_timesteps=1024", "train.time_limit_minutes=null",
            "train.n_envs=1", "train.vec_env=dummy", "train.checkpoint_every=100000", "train.progress_bar=false",
            "train.tensorboard=false", "ppo.n_steps=512", "ppo.batch_size=256", "eval.every_steps=0",
            "eval.select_best=null", "eval.opponents=[random]", "eval.final_opponents=null", "eval.final_games=40", "eval.processes=1",
            "opponents.snapshot.every_steps=512"]
    if config.get("pretrain", {}).get("dagger_rounds"):
        sets += ["pretrain.dagger_rounds=1", "pretrain.dagger_games=2"]
    return sets


def test_every_recipe_is_covered():
    assert {"trek.yaml", "trekking.yaml", "globetrotter.yaml", "itchy_feet.yaml"} <= set(RECIPES)


@pytest.mark.parametrize("name", RECIPES)
def test_a_tiny_run_of_the_recipe_beats_random(name, tmp_path):
    config = yaml.safe_load((CONFIGS / name).read_text())
    runs = tmp_path / "runs"
    argv = ["--config", str(CONFIGS / name)]
    for s in tiny_overrides(config, runs):
        argv += ["--set", s]
    assert train_cli.main(argv) == 0
    (run_dir,) = runs.iterdir()
    (vs_random,) = json.loads((run_dir / "final_eval.json").read_text())
    assert vs_random["opponents"] == "random" and vs_random["games"] == 40
    assert vs_random["ci_low"] > 0.5, vs_random  # above what uniform random play in that seat wins (about half)
