"""Trekking the World's ``master`` (issue #23): the expert, choosing its turn's plan at a 2-player table by
short expert roll-outs on shared resampled decks; it never peeks."""

import numpy as np
import pytest

from travel_envs.agents.mcts import MCTSPolicy
from travel_envs.agents.registry import make_policy, spec_identity
from travel_envs.core.game import ParameterError
from travel_envs.games.trekking_the_world import GAME, ExpertPolicy, MasterPolicy
from travel_envs.games.trekking_the_world import master as master_module
from travel_envs.games.trekking_the_world.actions import A_ITIN, NONE, PH_START
from travel_envs.games.trekking_the_world.master import AimedExpert


@pytest.fixture
def small_search(monkeypatch):
    """Two decks and three plans instead of eight and six: the same code paths at a test's cost."""
    monkeypatch.setattr(master_module, "DEALS", 2)
    monkeypatch.setattr(master_module, "CANDIDATES", 3)


def turn_starts(players: int, seed: int, count: int):
    """Turn starts with a choice of an expert game, where the expert would take an Itinerary."""
    st = GAME(num_players=players).new_initial_state(np.random.default_rng(seed))
    experts = [ExpertPolicy(seed + q) for q in range(players)]
    found = 0
    while not st.is_terminal and found < count:
        mask = st.legal_action_mask()
        if st.phase_id == PH_START and mask.sum() > 1 and MasterPolicy._is_plan_choice(ExpertPolicy(0).act(None, mask, st)):
            found += 1
            yield st.clone()
        st.apply_action(experts[st.current_player].act(None, mask, st))


def test_it_leads_a_search_but_is_refused_as_its_play_outs():
    search = make_policy("mcts:4:bias=4:prior=master", "trekking_the_world_v0", seed=0)
    assert isinstance(search, MCTSPolicy)
    led = spec_identity("mcts:prior=master", "trekking_the_world_v0")
    assert led.endswith("+" + spec_identity("master", "trekking_the_world_v0")) and "+expert@" not in led
    st = next(turn_starts(2, 3, 1))
    assert st.legal_action_mask()[search.act(None, st.legal_action_mask(), st)]
    with pytest.raises(ParameterError, match="searches at its own moves"):
        make_policy("mcts:4:master", "trekking_the_world_v0").act(None, st.legal_action_mask(), st)


def test_plans_are_the_experts_best_itinerary_ends(small_search):
    st = next(turn_starts(2, 4, 1))
    mask = st.legal_action_mask()
    plans = MasterPolicy(0).plans(st, st.current_player, mask)
    assert len(plans) == 3 and len(set(plans)) == 3
    offer = st.available_itineraries()
    for action, end in plans:
        assert mask[action] and A_ITIN <= action < A_ITIN + len(offer) and 0 <= end and end != NONE


@pytest.mark.parametrize("lead, leaves", [(master_module.MARGIN + 0.01, True), (master_module.MARGIN, False)])
def test_it_leaves_the_experts_turn_only_when_a_plan_is_margin_ahead(monkeypatch, small_search, lead, leaves):
    st = next(turn_starts(2, 5, 1))
    mask = st.legal_action_mask()
    choice = ExpertPolicy(0).act(None, mask, st)
    master = MasterPolicy(0)
    plans = master.plans(st, st.current_player, mask)
    monkeypatch.setattr(MasterPolicy, "plan_values", lambda self, state, seat, options: np.array(
        [0.0, lead] + [0.0] * (len(options) - 2)))
    played = master.act(None, mask, st)
    assert played == (plans[0][0] if leaves else choice)
    assert master.aim == ((st.current_player, plans[0][1]) if leaves else None)


def test_the_master_walks_to_the_end_of_the_plan_it_chose(monkeypatch, small_search):
    """A plan is played through: the master's move ends where the chosen plan ends."""
    for st in turn_starts(2, 6, 4):
        seat = st.current_player
        master = MasterPolicy(0)
        action, end = master.plans(st, seat, st.legal_action_mask())[-1]  # the lowest-rated plan
        monkeypatch.setattr(MasterPolicy, "plan_values", lambda self, state, s, options: np.array(
            [0.0] * (len(options) - 1) + [5.0]))
        turns = st.turns_taken[seat]
        assert master.act(None, st.legal_action_mask(), st) == action
        st.apply_action(action)
        while st.current_player == seat and st.turns_taken[seat] == turns:
            assert master.aim == (seat, end)
            st.apply_action(master.act(None, st.legal_action_mask(), st))
        assert st.loc[seat] == end


def test_an_aimed_expert_without_an_aim_is_the_expert():
    for st in turn_starts(2, 7, 5):
        mask = st.legal_action_mask()
        assert AimedExpert(3).act(None, mask, st) == ExpertPolicy(3).act(None, mask, st)


class _PeekingMaster(MasterPolicy):
    """Plays its roll-outs on the true decks instead of redrawn ones: a peek the check must catch."""

    def plan_values(self, state, seat, options):
        deal_seed = 5
        return np.array([self._rollout(state, seat, a, e, deal_seed) for a, e in options])


def test_it_decides_from_its_seats_view_only(small_search):
    """The same seed gives the same plan values and move on a position and on a redeal of its hidden decks;
    and the check can fail: a master whose roll-outs read the true decks is caught."""
    spread, caught = 0.0, 0
    for k, st in enumerate(turn_starts(2, 8, 4)):
        seat = st.current_player
        redeal = st.resample_hidden(seat, np.random.default_rng(100 + k))
        assert redeal.tour_deck != st.tour_deck or redeal.itin_deck != st.itin_deck
        mask = st.legal_action_mask()
        options = [(ExpertPolicy(0).act(None, mask, st), NONE), *MasterPolicy(0).plans(st, seat, mask)]
        true_values = MasterPolicy(9).plan_values(st, seat, options)
        assert np.array_equal(true_values, MasterPolicy(9).plan_values(redeal, seat, options))
        assert MasterPolicy(9).act(None, mask, st) == MasterPolicy(9).act(None, redeal.legal_action_mask(), redeal)
        spread = max(spread, float(np.ptp(true_values)))
        peeker = _PeekingMaster(9)
        caught += not np.array_equal(peeker.plan_values(st, seat, options), peeker.plan_values(redeal, seat, options))
    assert spread > 0.0 and caught > 0


def test_roll_out_values_are_margins_with_a_win_bonus():
    st = next(turn_starts(2, 9, 1))
    seat = st.current_player
    worth = [st.score(q) + master_module.MONEY_WEIGHT * st.money[q] for q in range(2)]
    assert MasterPolicy._value(st, seat) == worth[seat] - worth[1 - seat]
    end = st.clone()
    experts = [ExpertPolicy(1), ExpertPolicy(2)]
    while not end.is_terminal:
        end.apply_action(experts[end.current_player].act(None, end.legal_action_mask(), end))
    scores, winners = end.scores(), end.winners()
    bonus = master_module.WIN_BONUS if winners == [seat] else (0.0 if seat in winners else -master_module.WIN_BONUS)
    assert MasterPolicy._value(end, seat) == scores[seat] - scores[1 - seat] + bonus


def test_at_three_players_it_is_the_expert():
    for st in turn_starts(3, 10, 6):
        mask = st.legal_action_mask()
        assert MasterPolicy(4).act(None, mask, st) == ExpertPolicy(4).act(None, mask, st)


def test_games_against_the_expert_end_by_the_rules(small_search):
    for seed in range(2):
        st = GAME(num_players=2).new_initial_state(np.random.default_rng(seed))
        players = [MasterPolicy(seed), ExpertPolicy(seed)][:: 1 if seed else -1]
        decisions = 0
        while not st.is_terminal:
            st.apply_action(players[st.current_player].act(None, st.legal_action_mask(), st))
            decisions += 1
        assert decisions < 1000 and st.winners()
