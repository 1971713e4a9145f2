"""The SB3 benchmarks run end to end on a tiny budget (their figures are measured by hand, not here)."""

import json

import pytest

from benchmarks import sb3_breakdown, sb3_throughput


def test_sb3_throughput_with_the_pipeline_side(tmp_path, capsys):
    out = tmp_path / "bench.json"
    sb3_throughput.main(["--steps", "256", "--repeats", "1", "--config", "configs/quickstart.yaml",
                         "--json", str(out)])
    def no_constants(name):
        raise AssertionError(f"non-standard JSON constant {name}")

    data = json.loads(out.read_text(), parse_constant=no_constants)
    assert set(data["runs"]) == {"ours", "reference", "pipeline"}
    assert data["ratio_wall"] > 0 and data["ratio_pipeline_wall"] > 0
    assert data["runs"]["pipeline"][0]["steps"] >= 256
    assert "ratio pipeline/reference" in capsys.readouterr().out


def test_sb3_breakdown_prints_every_side(capsys):
    sb3_breakdown.main(["--steps", "256", "--repeats", "1"])
    text = capsys.readouterr().out
    for side in ("ours", "reference", "replay (ours, zero-cost env)"):
        assert side in text


def test_decision_cost_compares_policies_on_the_same_positions(capsys):
    from benchmarks import decision_cost

    assert decision_cost.main(["--env", "trekking_v0", "--policies", "mcts:20", "random", "--positions", "6"]) == 0
    text = capsys.readouterr().out
    assert "| mcts:20 |" in text and "| random |" in text and "times faster than mcts:20" in text
    assert "| 1.00x |" in text  # ratios below 10 keep two decimals (a dearer policy is not shown as 0x)
    with pytest.raises(SystemExit) as refused:  # argparse's own refusal of a count below 1
        decision_cost.main(["--env", "trekking_v0", "--positions", "0"])
    assert refused.value.code == 2 and "--positions: 0 is not allowed" in capsys.readouterr().err


def test_decision_cost_measures_at_a_larger_table_and_shows_the_slowest_decision(capsys):
    from benchmarks import decision_cost

    rows = decision_cost.measure("trekking_v0", ["mcts:10", "random"], 4, 0, num_players=3)
    assert [r[0] for r in rows] == ["mcts:10", "random"] and all(r[2] == 4 and r[3] >= r[1] > 0 for r in rows)
    assert decision_cost.main(["--env", "trekking_v0", "--players", "3", "--policies", "random", "--positions",
                               "3"]) == 0
    text = capsys.readouterr().out
    assert "3-player heuristic games" in text and "| slowest, CPU ms |" in text
    assert decision_cost.main(["--env", "trekking_v0", "--players", "3", "--positions", "3"]) == 2  # mcts zoo
    assert "zoo:trekking_v0 was trained with num_players=2; --players gives 3: pass --players 2, or use a model " \
           "trained with num_players=3" in capsys.readouterr().err


def test_decision_cost_refuses_a_model_that_records_no_table_by_its_game_parameters(tmp_path):
    from benchmarks import decision_cost
    from travel_envs.agents.model import ModelFileError, load_model_policy
    from travel_envs.zoo import zoo_model_path

    model = load_model_policy(zoo_model_path("zoo:trekking_v0"))
    model.meta = {**model.meta, "env_params": {}}  # as a config that left num_players to the default makes
    model.save(tmp_path / "no_table.npz")
    with pytest.raises(ModelFileError, match="pass the --players it was trained at"):
        decision_cost.measure("trekking_v0", [str(tmp_path / "no_table.npz")], 2, 0, num_players=3)


def test_decision_cost_positions_cover_whole_games():
    """Every third decision with a choice, not only each game's first one (as before 2026-12-06)."""
    from benchmarks.decision_cost import sample_positions
    from travel_envs.agents.registry import make_policy
    from travel_envs.games.globetrotter import Globetrotter

    states = sample_positions(Globetrotter(num_players=2), make_policy("heuristic", "globetrotter_v0", seed=0), 60, 0)
    assert len(states) == 60 and {s.phase for s in states} >= {"improve", "turn", "park"}
    assert len({s.round for s in states}) > 1


def test_choice_points_walk_whole_seeded_games_and_stop_at_the_game_limit():
    """The walk both position samplers share: only decisions with a choice, every one of a game, in order."""
    import itertools

    import numpy as np

    from benchmarks.positions import choice_points
    from travel_envs.games.trekking import TrekkingGame

    game = TrekkingGame(num_players=2)
    first = lambda state, mask: int(np.flatnonzero(mask)[0])  # noqa: E731
    walk = itertools.islice(choice_points(game, 5, first, games=1), 5000)  # a walk past its limit fails, not hangs
    seen = [(state.clone(), mask.copy()) for state, mask in walk]
    assert 0 < len(seen) < 5000 and all(np.count_nonzero(mask) > 1 for _, mask in seen)
    # the same game played on by hand passes exactly these decisions with a choice, and then ends
    state, expected = game.new_initial_state(np.random.default_rng([5, 0])), []
    while not state.is_terminal:
        mask = state.legal_action_mask()
        if mask.sum() > 1:
            expected.append(mask.copy())
        state.apply_action(first(state, mask))
    assert len(seen) == len(expected) and all(np.array_equal(a, b) for (_, a), b in zip(seen, expected))
    two = sum(1 for _ in choice_points(game, 5, first, games=2))
    assert two > len(seen)


def test_style_sweep_reads_styles_and_refuses_bad_ones(capsys):
    from benchmarks import style_sweep
    from travel_envs.core.game import ParameterError
    from travel_envs.games.trekking_the_world import EXPERT_STYLE
    from travel_envs.tools.cli import run_cli

    style = style_sweep.parse_style("trekking_the_world_v0", "coin=1, near_tour=0.3,token_preference=[3, 2, 1, 0]")
    assert (style.coin, style.near_tour, style.token_preference) == (1.0, 0.3, (3, 2, 1, 0))
    assert style_sweep.parse_style("trekking_the_world_v0", "expert") == EXPERT_STYLE
    from travel_envs.games.itchy_feet.heuristic import MASTER_STYLE

    assert style_sweep.parse_style("itchy_feet_v0", "master") == MASTER_STYLE
    try:
        style_sweep.parse_style("trekking_the_world_v0", "master")
        raise AssertionError("a game without a master style was accepted")
    except ParameterError as err:
        assert "has no master style" in str(err)
    for text, problem in (("nearx=1", "not FIELD=VALUE"), ("coin=abc", "takes a float"),
                          ("coin=[1", "cannot read the value")):
        try:
            style_sweep.parse_style("trekking_the_world_v0", text)
        except ParameterError as exc:
            assert problem in str(exc)
        else:
            raise AssertionError(f"{text!r} was accepted")
    assert run_cli(style_sweep.main, ["--env", "trek_v0", "--games", "2", "expert"]) == 2  # Trek has no expert
    assert "trek_v0 has no expert style" in capsys.readouterr().err
    # a bad style is refused before any game is played; the good ones then play
    assert run_cli(style_sweep.main, ["--env", "trek_v0", "--games", "2", "cash_reserve=oops"]) == 2
    capsys.readouterr()
    style_sweep.main(["--env", "trekking_v0", "--games", "2", "--seed", "3", "energy_vp=0.5", "energy_vp=2"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["energy_vp=0.5", "energy_vp=2"]
    assert all(" / 2 = " in line and line.endswith("against heuristic") for line in lines)


def test_globetrotter_information_plays_its_peeking_variants(capsys):
    """The diagnostic runs end to end; a peeking variant is a name of this benchmark only, not a policy spec."""
    from benchmarks import globetrotter_information
    from travel_envs.agents.registry import make_policy
    from travel_envs.core.game import ParameterError

    assert globetrotter_information.main(["--games", "2", "--seed", "3", "true"]) == 0
    assert "true: " in capsys.readouterr().out
    assert globetrotter_information.main(["--games", "2", "--seed", "3", "deals"]) == 0
    line = capsys.readouterr().out
    assert "deals: the opponent's hidden cards a deal puts in its hand: uniform " in line and "keeping the true Journal" in line
    with pytest.raises(SystemExit) as refused:  # argparse: usage, the allowed names, exit code 2
        globetrotter_information.main(["--games", "2", "wizard"])
    assert refused.value.code == 2 and "invalid choice: 'wizard'" in capsys.readouterr().err
    for name in ("true", "hand", "deals"):
        with pytest.raises(ParameterError):
            make_policy(name, "globetrotter_v0")


def test_clone_agreement_counts_a_policys_moves_against_its_teachers_by_phase(capsys):
    from benchmarks import clone_agreement

    same = clone_agreement.agreement("trek_v0", "heuristic", "heuristic", "random", 3, 1, seed=0)
    assert sum(same["agree"].values()) > 10 and not same["leave"]  # a policy always agrees with itself
    other = clone_agreement.agreement("trek_v0", "random", "heuristic", "random", 2, 1, seed=0)
    assert sum(other["leave"].values()) > 0  # another policy leaves it: the count can tell
    assert clone_agreement.main(["--env", "trek_v0", "--policy", "random", "--teacher", "heuristic", "--games",
                                 "1"]) == 0
    text = capsys.readouterr().out
    assert "| all |" in text and "share of disagreements" in text


def test_prior_agreement_counts_the_searchs_moves_against_its_priors(capsys):
    from benchmarks import prior_agreement

    counts = prior_agreement.agreement("trekking_v0", "mcts:8:bias=4:prior=heuristic", "random", 1, seed=0)
    assert sum(counts["agree"].values()) > 10  # at a firm bias and 8 simulations it follows the heuristic
    loose = prior_agreement.agreement("trekking_v0", "mcts:8:bias=0.01:prior=heuristic", "random", 1, seed=0)
    assert sum(loose["leave"].values()) > 0  # a search barely biased leaves it: the count can tell
    assert prior_agreement.main(["--env", "trekking_v0", "--spec", "mcts:8:bias=4:prior=heuristic",
                                 "--opponent", "random", "--games", "1"]) == 0
    assert "| all |" in capsys.readouterr().out
    assert prior_agreement.main(["--env", "trekking_v0", "--spec", "mcts", "--games", "1"]) == 2
    assert "not a search with a root prior" in capsys.readouterr().err
    assert prior_agreement.main(["--env", "trekking_v0", "--spec", "mcts:8:bias=4", "--games", "0"]) == 2
