"""IS-MCTS policy (travel_envs/agents/mcts.py) on the toy games: specs, no peeking, strength, returns."""

import numpy as np
import pytest

from toy_game import HighCardGame, HighCardState, RaceGame, RaceState
from travel_envs.agents import MCTSPolicy, check_policy_spec, make_policy
from travel_envs.agents.mcts import margin_values
from travel_envs.agents.mcts_spec import DEFAULT_EXPLORATION, DEFAULT_SIMULATIONS, SearchSettings, parse_mcts_spec
from travel_envs.core.game import GameState, ParameterError
from travel_envs.evaluation.arena import play_match

RACE = "toy_game:RaceGame"


def race(num_players=2, counter=0, turn=0, target=10, seed=0) -> RaceState:
    s = RaceGame(num_players=num_players, target=target).new_initial_state(np.random.default_rng(seed))
    s.counter, s.turn = counter, turn
    return s


# ------------------------------------------------------------------------------ specs
@pytest.mark.parametrize("spec, settings", [
    ("mcts", SearchSettings()),  # every field left to the game
    ("mcts:64", SearchSettings(64)),
    ("mcts:64:heuristic", SearchSettings(64, "heuristic")),
    ("mcts:heuristic", SearchSettings(None, "heuristic")),
    ("mcts:600:expert:bias=1", SearchSettings(600, "expert", None, DEFAULT_EXPLORATION, 1.0)),
    ("mcts:300:depth=40:c=0.5", SearchSettings(300, None, 40, 0.5)),
    ("mcts:400:heuristic:depth=20:bias=1.5", SearchSettings(400, "heuristic", 20, DEFAULT_EXPLORATION, 1.5)),
    ("mcts:time=0.8:bias=1", SearchSettings(None, None, None, DEFAULT_EXPLORATION, 1.0, 0.8)),
    ("mcts:64:prior=expert:bias=2", SearchSettings(64, None, None, DEFAULT_EXPLORATION, 2.0, None, "expert")),
    ("mcts:200:random:depth=end:bias=0", SearchSettings(200, "random", "end", DEFAULT_EXPLORATION, 0.0)),
])
def test_spec_parses(spec, settings):
    assert parse_mcts_spec(spec) == settings
    assert check_policy_spec(spec) == spec
    assert check_policy_spec(spec, allow_snapshot=True) == spec


@pytest.mark.parametrize("spec, fragment", [
    ("mcts:0", "simulations=0 is not allowed; it must be an integer >= 1"),
    ("mcts:-3", "simulations=-3 is not allowed"),
    ("mcts:x", "'x' is neither a simulation count"),
    ("mcts:1.5", "'1.5' is neither a simulation count"),
    ("mcts:", "'' is neither a simulation count"),
    ("mcts:64:greedy", "'greedy' is neither a simulation count"),
    ("mcts:64:32", "sets simulations twice"),
    ("mcts:64:depth=0", "depth=0 is not allowed"),
    ("mcts:64:depth=ten", "depth='ten' is not an integer"),
    ("mcts:64:c=-1", "c=-1.0 is not allowed"),
    ("mcts:64:c=nan", "c=nan is not allowed"),
    ("mcts:64:c=big", "c='big' is not a number"),
    ("mcts:64:bias=-1", "bias=-1.0 is not allowed"),
    ("mcts:64:bias=x", "bias='x' is not a number"),
    ("mcts:time=0", "time=0.0 is not allowed"),
    ("mcts:time=inf", "time=inf is not allowed"),
    ("mcts:64:time=1", "a simulation count together with time=S is not allowed"),
    ("mcts:time=1:time=2", "sets time twice"),
    ("mcts:64:prior=expert:bias=0", "prior='expert' with bias=0 is not allowed"),
    ("mcts:64:prior=best", "prior='best' is not allowed"),
])
def test_bad_specs_name_the_problem(spec, fragment):
    with pytest.raises(ParameterError) as err:
        check_policy_spec(spec)
    assert fragment in str(err.value) and repr(spec) in str(err.value)
    with pytest.raises(ParameterError, match="is not allowed|is neither|twice|is not an integer|is not a number"):
        make_policy(spec, RACE)


def test_unknown_policy_lists_the_mcts_form():
    with pytest.raises(ParameterError, match=r"mcts\[:N\]"):
        check_policy_spec("mcst")


def test_make_policy_builds_the_search():
    p = make_policy("mcts:32:depth=5", RACE, seed=1)
    assert isinstance(p, MCTSPolicy) and p.name == "mcts:32:depth=5"
    assert p.settings == SearchSettings(32, None, 5, DEFAULT_EXPLORATION)
    assert p.resolved == SearchSettings(32, "random", 5, DEFAULT_EXPLORATION, 0.0, None, "heuristic", "progress")
    assert make_policy("mcts", RACE).resolved.simulations == DEFAULT_SIMULATIONS  # a game without defaults
    assert make_policy("mcts", RACE).spec == "mcts"
    assert MCTSPolicy(16, depth=3, exploration=1.0).spec == "mcts:16:depth=3:c=1"
    assert MCTSPolicy(16, bias=0.5).spec == "mcts:16:bias=0.5"
    assert MCTSPolicy(seconds=0.25, rollout="heuristic").spec == "mcts:time=0.25:heuristic"
    for spec in ("mcts:64:heuristic:depth=9:c=0.5:bias=2", "mcts:time=0.5:bias=1", "mcts:8:bias=1:prior=expert"):
        assert MCTSPolicy.from_spec(spec).spec == spec
    with pytest.raises(ParameterError, match="simulations=0"):
        MCTSPolicy(0)
    with pytest.raises(ParameterError, match="neither 'random', 'heuristic', 'expert', 'master' nor a policy"):
        MCTSPolicy(8, rollout=42)


def test_heuristic_rollouts_need_the_games_heuristic():
    with pytest.raises(ParameterError, match="exports no HeuristicPolicy"):
        make_policy("mcts:8:heuristic", RACE)
    p = MCTSPolicy(8, rollout="heuristic")  # no env: the heuristic is looked up from the first state
    s = race()
    with pytest.raises(ParameterError, match="exports no HeuristicPolicy"):
        p.act(None, s.legal_action_mask(), s)


def test_expert_rollouts_need_the_games_expert():
    """``expert`` play-outs exist where the game has an expert, and are refused by name elsewhere."""
    with pytest.raises(ParameterError, match="exports no ExpertPolicy"):
        make_policy("mcts:8:expert", "trekking_v0")
    p = make_policy("mcts:8:expert", "itchy_feet_v0")
    assert type(p._rollout_policy).__name__ == "ExpertPolicy" and p.resolved.rollout == "expert"


def test_a_search_led_by_the_master_names_it_in_its_identity():
    """``prior=master`` (Itchy Feet's stronger rule-based player) leads the root bias; what the search plays
    names the master's style digest, so a retuned master is not taken for the old one; refused by name
    in a game without one."""
    from travel_envs.agents.registry import spec_identity

    p = make_policy("mcts:8:bias=4:prior=master", "itchy_feet_v0")
    s = p.resolved
    assert (s.prior, s.bias) == ("master", 4.0)
    identity = spec_identity("mcts:prior=master", "itchy_feet_v0")
    assert identity.endswith("+" + spec_identity("master", "itchy_feet_v0")) and "+expert@" not in identity
    assert spec_identity("master", "itchy_feet_v0").startswith("master@")
    with pytest.raises(ParameterError, match="exports no MasterPolicy"):
        make_policy("mcts:8:bias=1:prior=master", "trekking_v0").act(None, None, None)


@pytest.mark.parametrize("env_id", ["globetrotter_v0", "itchy_feet_v0", "trekking_the_world_v0"])
def test_master_spec_builds_the_games_master_under_its_own_identity(env_id):
    """``master`` builds the game's MasterPolicy; what it plays (its style, its revision) has a digest of its
    own, not the expert's under another name."""
    from travel_envs.agents.games import game_policy_class
    from travel_envs.agents.registry import spec_identity

    policy = make_policy("master", env_id, seed=1)
    assert isinstance(policy, game_policy_class(env_id, "master")) and policy.name == "master"
    identity = spec_identity("master", env_id)
    assert identity.startswith("master@") and identity[7:] != spec_identity("expert", env_id)[7:]


class BlindRaceState(RaceState):
    resample_hidden = GameState.resample_hidden

    def clone(self):
        return BlindRaceState.from_dict(self.game, self.to_dict())


class BlindRaceGame(RaceGame):
    name = "blind_race"
    State = BlindRaceState

    def new_initial_state(self, rng):
        return BlindRaceState(self, rng)


def test_a_game_without_resampling_is_named():
    with pytest.raises(ParameterError, match="game 'blind_race' does not implement GameState.resample_hidden"):
        make_policy("mcts:8", BlindRaceGame)
    s = BlindRaceGame().new_initial_state(np.random.default_rng(0))
    with pytest.raises(ParameterError, match="game 'blind_race' does not implement"):
        MCTSPolicy(8).act(None, s.legal_action_mask(), s)
    with pytest.raises(ValueError, match="needs the engine state"):
        MCTSPolicy(8).act(None, s.legal_action_mask())


# ------------------------------------------------------------------------- no peeking
def high_card_positions():
    game = HighCardGame(num_players=3)
    for k in range(12):
        s = game.new_initial_state(np.random.default_rng(k))
        for _ in range(k % 3):  # seats 0, 1 or 2 to move, after public swaps or keeps
            s.apply_action(k % 2)
        yield s


def test_search_sees_only_resampled_states():
    """The true state replaced by a resample of itself (other hands and deck redealt): with the
    same policy seed, the very same search statistics and move."""
    for k, state in enumerate(high_card_positions()):
        seat = state.current_player
        other = state.resample_hidden(seat, np.random.default_rng(1000 + k))
        assert other.hands[seat] == state.hands[seat] and other.discards == state.discards
        a = MCTSPolicy(64, seed=7)
        b = MCTSPolicy(64, seed=7)
        assert a.statistics(state) == b.statistics(other)
        a.seed(7), b.seed(7)
        mask = state.legal_action_mask()
        assert a.act(None, mask, state) == b.act(None, mask, other)


def test_the_no_peek_test_catches_a_peeking_search(monkeypatch):
    """The test above can fail: a search that simulates on copies of the true state decides by the
    real deck top, so a redealt state changes its statistics."""
    monkeypatch.setattr(HighCardState, "resample_hidden", lambda self, seat, rng: self.clone())
    differs = 0
    for k, state in enumerate(high_card_positions()):
        other = HighCardState.from_dict(state.game, state.to_dict())
        other.deck = other.deck[::-1]  # another hidden deck order, same view
        if MCTSPolicy(64, seed=7).statistics(state) != MCTSPolicy(64, seed=7).statistics(other):
            differs += 1
    assert differs > 0


def test_the_toy_resamplers_keep_the_view():
    s = race(num_players=3, counter=4, turn=1)
    r = s.resample_hidden(1, np.random.default_rng(3))
    a, b = np.zeros(3, np.float32), np.zeros(3, np.float32)
    s.observation(1, a), r.observation(1, b)
    assert (a == b).all() and r.counter == 4 and r.turn == 1
    for state in high_card_positions():
        seat = state.current_player
        r = state.resample_hidden(seat, np.random.default_rng(5))
        a, b = np.zeros(12, np.float32), np.zeros(12, np.float32)
        state.observation(seat, a), r.observation(seat, b)
        assert (a == b).all()
        assert sorted(r.hands + r.deck + r.discards) == list(range(10))


# ------------------------------------------------------------------------- play
def test_same_seed_same_search_and_seed_restarts():
    s = HighCardGame().new_initial_state(np.random.default_rng(3))
    p = MCTSPolicy(48, seed=11)
    first = p.statistics(s)
    assert MCTSPolicy(48, seed=11).statistics(s) == first
    p.seed(11)
    assert p.statistics(s) == first
    assert MCTSPolicy(48, seed=12).statistics(s) != first


def test_mcts_beats_random_in_the_race():
    res = play_match(RACE, ["mcts:64", "random"], 40, seed=3, env_params={"num_players": 2})
    assert res.summary(0)["win_rate"] >= 0.85


def test_never_an_illegal_action():
    p = MCTSPolicy(16, seed=0, depth=4)
    rng = np.random.default_rng(0)
    checked = 0
    for g in range(30):
        s = race(num_players=1 + g % 3, target=4 + g % 5, seed=g) if g % 2 else \
            HighCardGame(num_players=2 + g % 2).new_initial_state(np.random.default_rng(g))
        while not s.is_terminal:
            mask = s.legal_action_mask()
            a = p.act(None, mask, s)
            assert mask[a]
            checked += 1
            legal = np.flatnonzero(mask)
            s.apply_action(int(legal[rng.integers(legal.size)]))
    assert checked > 50
    # one legal move (add 1 just below the target): played without a search
    s = race(counter=8, target=9)
    assert MCTSPolicy(1, seed=0).act(None, s.legal_action_mask(), s) == 0


def test_three_seats_each_seat_maximises_its_own_return():
    p = MCTSPolicy(300, seed=2)
    # seat 0 at 8 of 10: adding 2 wins; the value vector is (+1, -1, -1)
    stats = p.statistics(race(num_players=3, counter=8))
    assert stats[1] == (stats[1][0], [1.0, -1.0, -1.0])
    assert p.act(None, np.array([True, True]), race(num_players=3, counter=8)) == 1
    # seat 0 at 7: whatever it adds, seat 1 reaches 10 next; the search credits seat 1
    for visits, mean in p.statistics(race(num_players=3, counter=7)).values():
        assert mean[1] > 0.9 and mean[0] < -0.9
    # every game has one winner, so each child's values sum to -1 per visit
    for visits, mean in p.statistics(race(num_players=3, counter=2)).values():
        assert sum(mean) == pytest.approx(-1.0)
    # seat 0 at 5: adding 2 loses for sure (seat 1 at 7, seat 2 wins); adding 1 leaves seat 1,
    # who loses either way (its values are -1 on both), a choice that lets seat 0 win
    stats = p.statistics(race(num_players=3, counter=5))
    assert stats[1][1][0] < -0.5 and stats[0][1][0] > 0.0 and stats[0][1][1] < -0.9
    assert p.act(None, np.array([True, True]), race(num_players=3, counter=5)) == 0


def test_depth_cut_off_scores_the_margin():
    game = HighCardGame(num_players=3)
    s = game.new_initial_state(np.random.default_rng(0))
    s.hands = [8, 3, 5]
    assert margin_values(s) == pytest.approx([3 / 9, -5 / 9, -3 / 9])
    s.hands = [9, 0, 0]
    game.score_scale = 4.0  # an instance attribute: clipping at +-1
    assert margin_values(s) == [1.0, -1.0, -1.0]
    # depth 1 in a 3-seat game: no simulation reaches the end, all values are margins
    p = MCTSPolicy(40, depth=1, seed=0)
    state = HighCardGame(num_players=3).new_initial_state(np.random.default_rng(4))
    for visits, mean in p.statistics(state).values():
        assert all(-1.0 < v < 1.0 for v in mean)


def test_a_time_budget_runs_at_least_one_simulation():
    """``time=S`` counts CPU seconds instead of simulations; however short, one simulation runs."""
    stats = MCTSPolicy(seconds=1e-9, seed=0).statistics(race())
    assert sum(visits for visits, _ in stats.values()) >= 1
    stats = MCTSPolicy(seconds=0.05, seed=0).statistics(race())
    assert sum(visits for visits, _ in stats.values()) >= 1


def test_the_root_bias_needs_the_games_heuristic():
    with pytest.raises(ParameterError, match="exports no HeuristicPolicy"):
        make_policy("mcts:8:bias=1", RACE)
    with pytest.raises(ParameterError, match="exports no ExpertPolicy"):
        make_policy("mcts:8:bias=1:prior=expert", "trek_v0")


def test_a_rollout_policy_object_plays_on():
    calls = []

    class AddOne:
        name = "add_one"
        uses_observation = False

        def act(self, observation, action_mask, state=None):
            calls.append(state.counter)
            return 0

    p = MCTSPolicy(20, rollout=AddOne(), seed=0)
    assert p.name == "mcts:20:rollout=add_one"
    p.statistics(race())
    assert calls and all(isinstance(c, int) for c in calls)


def test_a_resample_that_moves_the_turn_is_refused(monkeypatch):
    def bad(self, seat, rng):
        s = self.clone()
        s.turn = (s.turn + 1) % self.num_players
        return s

    monkeypatch.setattr(RaceState, "resample_hidden", bad)
    with pytest.raises(RuntimeError, match="race: resample_hidden\\(0\\) returned a state where seat 1 is to move"):
        MCTSPolicy(4, seed=0).statistics(race())


def test_a_rollout_policy_that_reads_observations_is_refused():
    """Play-outs encode no observation, so a learned policy cannot drive them."""

    class Reader:
        name = "reader"

        def act(self, observation, action_mask, state=None):
            return int(observation.argmax())

    with pytest.raises(ParameterError, match="reads observations"):
        MCTSPolicy(8, rollout=Reader())


# ------------------------------------------------------------------------------ the games' defaults
@pytest.mark.parametrize("env_id, measured", [
    # the specs docs/search.md reports each game's strength at
    ("globetrotter_v0", "mcts:200:random:depth=40:bias=4:prior=expert:value=progress"),
    ("itchy_feet_v0", "mcts:200:heuristic:depth=40:bias=4:prior=expert:value=progress"),
    ("trek_v0", "mcts:600:heuristic:depth=30:bias=1:prior=heuristic:value=progress"),
    ("trekking_v0", "mcts:200:random:depth=end:bias=0:prior=heuristic:value=progress"),
    ("trekking_the_world_v0", "mcts:200:random:depth=40:bias=4:prior=expert:value=progress"),
])
def test_a_bare_mcts_is_the_games_measured_search(env_id, measured):
    bare = make_policy("mcts", env_id, seed=3)
    assert bare.spec == "mcts" and bare.resolved == parse_mcts_spec(measured)


def test_options_given_override_the_games_defaults():
    trek = make_policy("mcts:40:random:bias=0", "trek_v0").resolved
    assert (trek.simulations, trek.rollout, trek.depth, trek.bias) == (40, "random", 30, 0.0)
    glob = make_policy("mcts:bias=0", "globetrotter_v0").resolved  # the game's prior needs its bias: dropped
    assert (glob.bias, glob.prior) == (0.0, "heuristic")
    with pytest.raises(ParameterError, match="prior='expert' with bias=0 is not allowed"):
        make_policy("mcts:prior=expert", "trekking_v0")  # Trekking's default bias is 0
