"""Issue #15: every command-line tool answers bad input with one message naming the problem,
exit code 2 and no traceback, before any long work; ``--help`` works everywhere.

The tools run in-process (``main(argv)``; argparse errors are ``SystemExit(2)``); one real
subprocess run checks that ``python -m`` gives the same exit code.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import (clone_agreement, decision_cost, globetrotter_information, itchy_feet_heuristic,
                        openspiel_league, prior_agreement, rllib_throughput, sb3_breakdown, sb3_throughput, search,
                        style_sweep, throughput, trek_balance)
from training import build_ladder, evaluate, plot_ladders, plot_standing, train, train_rllib
from travel_envs.tools import play, replay_view, watch
from travel_envs.tools.cli import run_cli

ROOT = Path(__file__).resolve().parents[1]
TINY_RLLIB = str(ROOT / "configs" / "rllib_tiny.yaml")


def _tool(module):
    """Tools (and the benchmarks run through ``run_cli`` at ``__main__``) keep ``main`` raising (their tests
    check the exceptions); ``run_cli`` turns a user error into one message and exit code 2."""
    return lambda argv: run_cli(module.main, argv)


CLIS = {
    "throughput": throughput.main, "search": search.main, "sb3_throughput": sb3_throughput.main,
    "sb3_breakdown": sb3_breakdown.main, "rllib_throughput": rllib_throughput.main,
    "trek_balance": trek_balance.main, "train": train.main, "train_rllib": train_rllib.main,
    "evaluate": evaluate.main, "build_ladder": build_ladder.main, "plot_ladders": plot_ladders.main,
    "plot_standing": plot_standing.main, "prior_agreement": prior_agreement.main,
    "watch": _tool(watch), "play": _tool(play), "replay": _tool(replay_view),
    "decision_cost": decision_cost.main, "clone_agreement": clone_agreement.main,
    "openspiel_league": openspiel_league.main, "style_sweep": _tool(style_sweep),
    "itchy_feet_heuristic": _tool(itchy_feet_heuristic), "globetrotter_information": _tool(globetrotter_information),
}


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, str]:
    d = tmp_path_factory.mktemp("bad")
    (d / "malformed.yaml").write_text("env: {id: globetrotter_v0\n")
    (d / "unknown_key.yaml").write_text("env: {id: globetrotter_v0}\nbogus: 1\n")
    (d / "corrupt.zip").write_bytes(b"PK\x03\x04 not really a zip")
    (d / "not_json.json").write_text("this is no replay\n")
    (d / "a_file").write_text("x")
    names = ("malformed.yaml", "unknown_key.yaml", "corrupt.zip", "not_json.json", "a_file")
    return {n.split(".")[0]: str(d / n) for n in names} | {"missing": str(d / "missing.yaml"),
                                                           "no_dir": str(d / "no_such_dir" / "out.json")}


# (cli, argv with {file} placeholders, text the message must contain)
CASES = [
    ("throughput", ["--env", "nope_v0"], "unknown env id 'nope_v0'"),
    ("itchy_feet_heuristic", ["--cap-games", "-3"], "--cap-games: -3 is not allowed"),
    ("style_sweep", ["--env", "nope_v0", "expert"], "unknown env id 'nope_v0'"),
    ("throughput", ["--env", "trek_v0", "--players", "9"], "cannot be played by 9 players"),
    ("throughput", ["--players", "-1"], "--players: -1 is not allowed"),
    ("throughput", ["--seconds", "fast"], "'fast' is not a number"),
    ("throughput", ["--env", "trek_v0", "--json", "{no_dir}"], "does not exist"),
    ("throughput", ["--env", "trekking_the_world_v0", "--param", "move_by_end=maybe"], "move_by_end"),
    ("throughput", ["--env", "trek_v0", "--param", "num_players=3"], "--players"),
    ("search", ["--env", "nope_v0"], "unknown env id"),
    ("plot_ladders", ["--placements", "{not_json}", "--out", "{no_dir}"], "does not exist"),
    ("plot_ladders", ["--env", "nope_v0", "--out", "p.png"], "no ladder is published"),
    ("plot_standing", ["--standing", "{not_json}", "--out", "p.png"], "not a standing file"),
    ("search", ["--env", "trek_v0", "--players", "9"], "num_players=9"),
    ("decision_cost", ["--env", "trek_v0", "--players", "9", "--policies", "random"], "cannot be played by 9 players"),
    ("decision_cost", ["--env", "trek_v0", "--players", "0"], "--players: 0 is not allowed"),
    ("clone_agreement", ["--env", "trek_v0", "--teacher", "heuristic", "--players", "9"], "cannot be played by 9"),
    ("clone_agreement", ["--env", "trek_v0", "--teacher", "heuristic", "--games", "0"], "--games: 0 is not allowed"),
    ("clone_agreement", ["--env", "trek_v0", "--teacher", "nope"], "unknown policy 'nope'"),
    ("clone_agreement", ["--env", "trekking_v0", "--players", "3", "--teacher", "heuristic"], "pass --players 2"),
    ("search", ["--env", "trek_v0", "--depth", "-3"], "--depth: -3 is not allowed"),
    ("search", ["--env", "trek_v0", "--budget", "2.5"], "'2.5' is not an integer"),
    ("sb3_throughput", ["--env", "nope_v0"], "unknown env id"),
    ("sb3_throughput", ["--steps", "-5"], "--steps: -5 is not allowed"),
    ("sb3_throughput", ["--config", "{missing}"], "config file not found"),
    ("sb3_throughput", ["--config", "{malformed}"], "malformed YAML"),
    ("sb3_breakdown", ["--env", "nope_v0"], "unknown env id"),
    ("sb3_breakdown", ["--repeats", "0"], "--repeats: 0 is not allowed"),
    ("rllib_throughput", ["--players", "9"], "num_players=9"),
    ("rllib_throughput", ["--runners", "x"], "'x' is not an integer"),
    ("trek_balance", ["--param", "colour=1", "--players", "2"], "unknown parameter(s) ['colour']"),
    ("trek_balance", ["--param", "economy=v9", "--players", "2"], "economy='v9' is not allowed"),
    ("trek_balance", ["--seed", "-1"], "--seed: -1 is not allowed"),
    ("trek_balance", ["--param", "economy"], "write NAME=VALUE"),
    ("train", ["--config", "{missing}"], "config file not found"),
    ("train", ["--config", "{malformed}"], "malformed YAML"),
    ("train", ["--config", "{unknown_key}"], "unknown key 'bogus'"),
    ("train", ["--resume", "{a_file}"], "not a run folder"),
    ("train_rllib", ["--config", "{missing}"], "config file not found"),
    ("train_rllib", ["--config", "{malformed}"], "malformed YAML"),
    ("train_rllib", ["--config", "{unknown_key}"], "unknown key 'bogus'"),
    ("train_rllib", ["--config", TINY_RLLIB, "--set", "env.params.num_players=9", "--check"], "num_players=9"),
    ("train_rllib", [], "--config is required"),
    ("evaluate", ["--env", "nope_v0", "--policy", "random"], "unknown env id"),
    ("evaluate", ["--env", "trek_v0", "--policy", "random", "--opponents", "grandmaster"], "unknown policy"),
    ("evaluate", ["--env", "trek_v0", "--policy", "mcts:abc"], "'abc' is neither a simulation count"),
    ("evaluate", ["--env", "trek_v0", "--policy", "{corrupt}"], "not a readable model file"),
    ("evaluate", ["--env", "trek_v0", "--param", "num_players=two", "--policy", "random"], "num_players"),
    ("evaluate", ["--env", "trek_v0", "--policy", "random", "--out", "{no_dir}"], "does not exist"),
    ("evaluate", ["--env", "trek_v0", "--league", "random"], "at least two different policies"),
    ("evaluate", ["--env", "trek_v0", "--games", "many", "--policy", "random"], "invalid int value"),
    ("watch", ["--env", "nope_v0", "--policies", "random", "random"], "unknown env id"),
    ("watch", ["--env", "trek_v0", "--policies", "random", "random", "--param", "num_players=abc"],
     "num_players='abc' is not an integer"),
    ("watch", ["--env", "trek_v0", "--policies", "random", "random", "--max-decisions", "-1"],
     "--max-decisions: -1 is not allowed"),
    ("watch", ["--env", "trek_v0", "--policies", "random", "{corrupt}"], "not a readable model file"),
    ("watch", ["--env", "trek_v0", "--policies", "random", "random", "--save-replay", "{a_file}"],
     "is a file; give a folder"),
    ("play", ["--env", "trek_v0", "--opponents", "random", "--seat", "5"], "seat 5 does not exist"),
    ("play", ["--env", "trek_v0", "--opponents", "random", "--seed", "-3"], "--seed: -3 is not allowed"),
    ("replay", ["{missing}"], "not found"),
    ("replay", ["{not_json}"], "is not valid JSON"),
    ("replay", ["{not_json}", "--gif", "{no_dir}"], "does not exist"),
]


def _call(name: str, argv: list[str]) -> int:
    try:
        return CLIS[name](argv)
    except SystemExit as exc:
        return exc.code


@pytest.mark.parametrize("name, argv, expect", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_bad_input_is_one_message_and_exit_2(name, argv, expect, files, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # anything written by mistake lands here
    argv = [a.format(**files) if "{" in a else a for a in argv]
    assert _call(name, argv) == 2
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "Traceback" not in out.out
    assert "error:" in out.err and expect in out.err, out.err
    assert list(tmp_path.iterdir()) == []  # nothing half-written
    assert not Path(files["no_dir"]).parent.exists()


@pytest.mark.parametrize("name", sorted(CLIS))
def test_help_works_everywhere(name, capsys):
    assert _call(name, ["--help"]) == 0
    assert "usage:" in capsys.readouterr().out


BENCHMARKS = sorted(name for name in CLIS if name in dir(sys.modules["benchmarks"]))  # the benchmarks package's tools


@pytest.mark.parametrize("name", BENCHMARKS)
def test_a_benchmarks_usage_line_is_the_command_that_runs_it(name, capsys):
    """``python -m benchmarks.x``, not the file name argparse would take (which ``python -m`` does not run)."""
    assert _call(name, ["--help"]) == 0
    assert capsys.readouterr().out.startswith(f"usage: python -m benchmarks.{name} ")


def test_evaluate_help_lists_every_policy_spec(capsys):
    _call("evaluate", ["--help"])
    text = capsys.readouterr().out
    for spec in ("random", "heuristic", "expert", "master",
                 "mcts[:N][:random|heuristic|expert|master][:depth=D|end][:c=X][:bias=W]",
                 "[:prior=heuristic|expert|master|zoo|PATH]", "model:PATH", "RLlib checkpoint"):
        assert spec in text


def test_evaluate_policy_joins_the_league(capsys):
    assert evaluate.main(["--env", "trek_v0", "--policy", "heuristic", "--league", "random", "--games", "2"]) == 0
    table = capsys.readouterr().out
    assert "| heuristic |" in table and "| random |" in table


def test_evaluate_league_refuses_opponents(capsys):
    assert evaluate.main(["--env", "trek_v0", "--policy", "heuristic", "--league", "random",
                          "--opponents", "random"]) == 2
    assert "list them all after --league" in capsys.readouterr().err


def test_a_real_process_exits_2_without_traceback():
    proc = subprocess.run([sys.executable, "-m", "benchmarks.throughput", "--env", "nope_v0"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "unknown env id 'nope_v0'" in proc.stderr
