"""Cut-off values of the search (travel_envs/agents/mcts_values.py): per-game progress estimates,
the hook a game may provide, the games' default depths and the ``depth=end`` spec."""

import math

import numpy as np
import pytest

from test_mcts_no_peek import positions
from toy_game import RaceGame, RaceState
from travel_envs.agents import MCTSPolicy
from travel_envs.agents import mcts as mcts_module
from travel_envs.agents.mcts_spec import END, GAME_DEFAULTS, SearchSettings, parse_mcts_spec
from travel_envs.agents.mcts_values import (FITTED, PROGRESS, cutoff_values, globetrotter_progress,
                                            itchy_feet_progress, margin_values, margins, trek_progress,
                                            win_values)
from travel_envs.agents.value_features import FEATURES
from travel_envs.core.game import ParameterError
from travel_envs.core.registry import game_class


def test_margins_are_own_minus_best_other_clipped():
    assert margins([3.0, 1.0, 2.0], 2.0) == [0.5, -1.0, -0.5]
    assert margins([9.0, 0.0], 4.0) == [1.0, -1.0]
    assert margins([2.0], 4.0) == [0.5]


def test_globetrotter_progress_adds_the_points_of_the_round_if_it_ended_now():
    s = game_class("globetrotter_v0")(num_players=3).new_initial_state(np.random.default_rng(0))
    s.score, s.pos = [4, 0, 1], [5, 2, 2]
    assert globetrotter_progress(s) == [4 + 3 + 3, 0, 1]
    # the same points the engine gives at the end of the round
    s._end_round()
    assert s.score == [10, 0, 1]


def test_itchy_feet_progress_counts_the_items_of_the_next_country():
    from travel_envs.games.itchy_feet.components import COUNTRY_ITEMS, PASSPORT

    s = game_class("itchy_feet_v0")(num_players=2).new_initial_state(np.random.default_rng(0))
    s.hands[0] = [0] * len(s.hands[0])
    s.home_done[0] = 0
    assert itchy_feet_progress(s)[0] == 0.0
    s.hands[0][PASSPORT] = 1
    s.hands[0][COUNTRY_ITEMS[s.own_country[0]][0]] = 2  # two of one item count once
    assert itchy_feet_progress(s)[0] == 2.0
    s.home_done[0] = 1  # the next country is the centre
    centre_items = COUNTRY_ITEMS[s.centre]
    expected = 4.0 + 1 + sum(1 for t in centre_items if s.hands[0][t])
    assert itchy_feet_progress(s)[0] == expected
    s.winner = 0
    assert itchy_feet_progress(s)[0] == 10.0


def test_trek_progress_is_the_camp_plus_a_little_cash():
    s = game_class("trek_v0")(num_players=2).new_initial_state(np.random.default_rng(0))
    s.pos, s.cash = [3, 5], [600, 0]
    assert trek_progress(s) == [3.5, 5.0]


@pytest.mark.parametrize("env_id", ["globetrotter_v0", "itchy_feet_v0", "trek_v0"])
def test_a_seats_progress_reads_only_what_the_seat_knows(env_id):
    """A resample for seat p (the other hands and the decks redrawn) leaves p's own estimate."""
    progress = PROGRESS[game_class(env_id).name][0]
    rng = np.random.default_rng(0)
    checked = 0
    for state in positions(env_id, 3, count=10, every=17):
        for seat in range(3):
            assert progress(state.resample_hidden(seat, rng))[seat] == progress(state)[seat]
            checked += 1
    assert checked == 30


def test_cutoff_values_per_game_and_the_games_own_hook():
    trekking = game_class("trekking_v0")
    assert cutoff_values(trekking) is margin_values  # its score moves all game long
    glob = game_class("globetrotter_v0")(num_players=2)
    s = glob.new_initial_state(np.random.default_rng(0))
    s.pos = [4, 1]
    assert cutoff_values(glob)(s) == [0.3, -0.3] and margin_values(s) == [0.0, 0.0]

    class HookedRaceState(RaceState):
        def search_progress(self):
            return [1.0, 0.0]

    class HookedRace(RaceGame):
        name = "hooked_race"
        State = HookedRaceState

    s = HookedRaceState(HookedRace(), np.random.default_rng(0))
    assert cutoff_values(HookedRace)(s) == [1.0, -1.0]  # score_scale 1


def test_depth_end_and_the_games_default_depth(monkeypatch):
    assert parse_mcts_spec("mcts:50:depth=end") == SearchSettings(50, None, END)
    assert MCTSPolicy(50, depth=END).spec == "mcts:50:depth=end"
    with pytest.raises(ParameterError, match="depth='deep' is not an integer"):
        parse_mcts_spec("mcts:depth=deep")
    with pytest.raises(ParameterError, match="'end' \\(play every simulation to the end\\)"):
        SearchSettings(depth=0)
    seen = []
    real = mcts_module.search

    def spy(state, seat, settings, *args, **kwargs):
        seen.append(settings.depth)
        return real(state, seat, settings, *args, **kwargs)

    monkeypatch.setattr(mcts_module, "search", spy)
    glob = game_class("globetrotter_v0")(num_players=2).new_initial_state(np.random.default_rng(0))
    MCTSPolicy(2, seed=0).statistics(glob)
    MCTSPolicy(2, depth=END, seed=0).statistics(glob)
    MCTSPolicy(2, depth=7, seed=0).statistics(glob)
    race = RaceGame().new_initial_state(np.random.default_rng(0))
    MCTSPolicy(2, seed=0).statistics(race)
    assert seen == [GAME_DEFAULTS["globetrotter"].depth, END, 7, END]


# ------------------------------------------------------------------------------ value=score|progress|fitted
def test_the_value_option_is_parsed_checked_and_shown():
    assert parse_mcts_spec("mcts:64:value=fitted").value == "fitted"
    assert MCTSPolicy(16, depth=5, value="score").spec == "mcts:16:depth=5:value=score"
    with pytest.raises(ParameterError, match="value='deep' is not allowed"):
        parse_mcts_spec("mcts:value=deep")
    with pytest.raises(ParameterError, match="sets value twice"):
        parse_mcts_spec("mcts:value=score:value=fitted")


def test_each_value_kind_picks_its_function():
    ttw = game_class("trekking_the_world_v0")
    assert cutoff_values(ttw, "score") is margin_values
    trek = _first(game_class("trek_v0"))
    trek.pos[0] += 3
    assert cutoff_values(type(trek.game), "progress")(trek) == margins(trek_progress(trek), PROGRESS["trek"][1])
    assert cutoff_values(ttw, "progress") is margin_values  # no hand-written estimate: the score margin
    with pytest.raises(ParameterError, match="has no fitted value; games with one"):
        MCTSPolicy(4, depth=5, value="fitted", env="trekking_v0")


def _first(game_cls, players: int = 2):
    return game_cls(num_players=players).new_initial_state(np.random.default_rng(0))


@pytest.mark.parametrize("env_id", sorted(f"{name}_v0" for name in FITTED))
def test_fitted_values_are_win_chances_that_follow_the_features(env_id):
    """Every stored weight vector matches its feature names; values lie in (-1, 1), sum to zero
    between two seats, are equal on equal rows and rise with a seat's weighed features."""
    game_cls = game_class(env_id)
    name = game_cls.name
    rows_of, names = FEATURES[name]
    assert list(FITTED[name]) == list(names)
    values = cutoff_values(game_cls, "fitted")
    for players in (2, 3):
        for state in positions(env_id, players, 6, 7):
            v = values(state)
            assert len(v) == players and all(-1.0 < x < 1.0 for x in v)
            assert len(rows_of(state)) == players and all(len(r) == len(names) for r in rows_of(state))
            if players == 2:
                assert v[0] == pytest.approx(-v[1])
    assert win_values([0.0, 0.0]) == [0.0, 0.0]
    assert win_values([2.0, 0.0, 1.0]) == pytest.approx([math.tanh(0.5), math.tanh(-1.0), math.tanh(-0.5)])


def test_a_public_gain_moves_the_fitted_value():
    """Trekking the World: a Tour bought (its points and count) and money raise a seat's value;
    Itchy Feet: the own country done and a passport in hand; Trek: camps climbed and cash."""
    ttw = _first(game_class("trekking_the_world_v0"))
    value = cutoff_values(type(ttw.game), "fitted")
    before = value(ttw)[0]
    ttw.money[0] += 5
    assert value(ttw)[0] > before
    ttw.tours[0].append(ttw.tour_row[0])
    assert value(ttw)[0] > before + 0.1
    itchy = _first(game_class("itchy_feet_v0"))
    value = cutoff_values(type(itchy.game), "fitted")
    from travel_envs.games.itchy_feet.components import PASSPORT

    itchy.hands[0][PASSPORT] = 0
    before = value(itchy)[0]
    itchy.hands[0][PASSPORT] = 1
    assert value(itchy)[0] > before
    itchy.home_done[0] = True
    assert value(itchy)[0] > before + 0.3
    trek = _first(game_class("trek_v0"))
    value = cutoff_values(type(trek.game), "fitted")
    before = value(trek)[0]
    trek.pos[0] += 2
    assert value(trek)[0] > before
    trek.cash[0] += 300
    assert value(trek)[0] > before + 0.3


@pytest.mark.parametrize("env_id", sorted(f"{name}_v0" for name in FITTED))
def test_a_fitted_search_is_the_same_on_a_resample(env_id):
    """The fitted value reads only what a determinization may show: same decision on a resample."""
    from test_mcts_no_peek import _assert_same_search

    _assert_same_search("mcts:4:depth=6:value=fitted", env_id)


def test_the_fitting_tool_fits_and_refuses_bad_input(capsys):
    from training import fit_search_values as fit

    w = fit.run(["--env", "itchy_feet_v0", "--games", "16", "--keep", "0.3", "--seed", "3"])
    out = capsys.readouterr().out
    assert len(w) == len(FEATURES["itchy_feet"][1]) and "held out" in out and "'passport':" in out
    assert fit.main(["--env", "trekking_v0"]) == 2
    assert "has no value features" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        fit.run(["--env", "itchy_feet_v0", "--epsilon", "2"])


@pytest.mark.parametrize("env_id", ["globetrotter_v0", "itchy_feet_v0", "trek_v0", "trekking_v0",
                                    "trekking_the_world_v0"])
def test_a_search_policy_pickles_for_a_process_pool(env_id):
    """Evaluations over processes send the policy objects to the workers: every game's default
    search, and its fitted value, must pickle (a lambda for the cut-off value did not)."""
    import pickle

    from travel_envs.agents.registry import make_policy

    specs = ["mcts", "mcts:4:depth=5:value=score"] + (["mcts:4:depth=5:value=fitted"] if env_id != "trekking_v0" else [])
    state = next(positions(env_id, 2, 1, 3))
    for spec in specs:
        policy = make_policy(spec, env_id, seed=1)
        copy = pickle.loads(pickle.dumps(policy))
        assert copy.resolved == policy.resolved
        assert copy._cutoff(state) == policy._cutoff(state)
