"""Globetrotter's ``master`` (issue #23): the expert, leaving its draw and parking choices only when
expert play-outs from shared resampled deals clearly prefer another option; it never peeks."""

import numpy as np
import pytest

from test_globetrotter_resample import positions
from travel_envs.agents.mcts import MCTSPolicy
from travel_envs.agents.registry import make_policy, spec_identity
from travel_envs.core.game import ParameterError
from travel_envs.games.globetrotter import GAME, ExpertPolicy, MasterPolicy
from travel_envs.games.globetrotter import actions as A
from travel_envs.games.globetrotter import master as master_module


@pytest.fixture
def few_rollouts(monkeypatch):
    """Two play-outs per option instead of twelve: the same code paths at a test's cost."""
    monkeypatch.setattr(master_module, "ROLLOUTS", 2)


def decisions(n: int, seed: int, searched: bool):
    """Positions of one game whose decision the master searches (``searched``) or leaves to the expert."""
    for st in positions(n, seed, every=1):
        mask = st.legal_action_mask()
        choice = ExpertPolicy(0).act(None, mask, st)
        if (len(MasterPolicy.options(st, mask, choice)) > 1) == searched and mask.sum() > 1:
            yield st


def test_it_plays_the_experts_move_where_it_does_not_search():
    """Outside the turn's opening draw and the parking the master is the expert, move for move."""
    count = 0
    for st in decisions(2, 5, searched=False):
        mask = st.legal_action_mask()
        assert MasterPolicy(3).act(None, mask, st) == ExpertPolicy(3).act(None, mask, st), st.phase
        count += 1
    assert count >= 50


def test_options_are_the_draws_and_the_experts_choice_or_every_parked_card():
    phases = set()
    for st in decisions(3, 8, searched=True):
        mask = st.legal_action_mask()
        choice = ExpertPolicy(0).act(None, mask, st)
        options = MasterPolicy.options(st, mask, choice)
        assert choice in options and all(mask[a] for a in options)
        if st.phase_id == A.PARK_PHASE:
            assert options == np.flatnonzero(mask).tolist()
        else:
            assert set(options) - {choice} <= set(range(A.DRAW_DECK, A.PARK))
        phases.add(st.phase_id)
    assert phases == {A.TURN, A.PARK_PHASE}


@pytest.mark.parametrize("lead, leaves", [(master_module.MARGIN + 0.01, True), (master_module.MARGIN, False)])
def test_it_leaves_the_expert_only_when_another_option_is_margin_ahead(monkeypatch, lead, leaves):
    st = next(decisions(2, 5, searched=True))
    mask = st.legal_action_mask()
    choice = ExpertPolicy(0).act(None, mask, st)
    options = MasterPolicy.options(st, mask, choice)
    other = next(a for a in options if a != choice)
    means = np.array([lead if a == other else 0.0 for a in options])
    monkeypatch.setattr(MasterPolicy, "option_values", lambda self, state, opts: means)
    assert MasterPolicy(0).act(None, mask, st) == (other if leaves else choice)


def test_play_out_values_are_win_share_plus_a_small_margin_term(few_rollouts):
    st = next(decisions(2, 6, searched=True))
    mask = st.legal_action_mask()
    options = MasterPolicy.options(st, mask, ExpertPolicy(0).act(None, mask, st))
    values = MasterPolicy(2).option_values(st, options)
    assert values.shape == (len(options),) and np.all(np.abs(values - 0.5) < 1.0)


@pytest.mark.parametrize("n", [2, 3])
def test_master_does_not_peek(few_rollouts, n):
    """Same seed: the same option values and move on the true state and on a resample for the seat to act."""
    rng = np.random.default_rng(n)
    count = 0
    for i, st in enumerate(decisions(n, 40 + n, searched=True)):
        if i % 3:
            continue
        other = st.resample_hidden(st.current_player, rng)
        mask = st.legal_action_mask()
        options = MasterPolicy.options(st, mask, ExpertPolicy(i).act(None, mask, st))
        assert np.array_equal(MasterPolicy(i).option_values(st, options), MasterPolicy(i).option_values(other, options))
        assert MasterPolicy(i).act(None, mask, st) == MasterPolicy(i).act(None, other.legal_action_mask(), other)
        count += 1
    assert count >= 4


def test_the_no_peek_test_catches_a_peeking_master(few_rollouts, monkeypatch):
    """With a resample that keeps the true hidden cards, the values on a state and on a redeal differ."""
    def peeking(self, seat, rng):
        copy = self.clone()
        copy.rng = np.random.default_rng(int(rng.integers(2**62)))
        return copy

    pairs = []
    for i, st in enumerate(decisions(2, 42, searched=True)):
        if i % 3 == 0:
            pairs.append((st, st.resample_hidden(st.current_player, np.random.default_rng(i)), i))
        if len(pairs) == 5:
            break
    monkeypatch.setattr(GAME.State, "resample_hidden", peeking)
    differs = 0
    for st, other, i in pairs:
        mask = st.legal_action_mask()
        options = MasterPolicy.options(st, mask, ExpertPolicy(i).act(None, mask, st))
        differs += not np.array_equal(MasterPolicy(i).option_values(st, options),
                                      MasterPolicy(i).option_values(other, options))
    assert differs >= 2


def test_a_search_takes_the_master_as_its_prior_but_not_as_its_play_outs(few_rollouts):
    p = make_policy("mcts:4:bias=4:prior=master", "globetrotter_v0", seed=0)
    st = next(decisions(2, 5, searched=True))
    assert p.act(None, st.legal_action_mask(), st) in np.flatnonzero(st.legal_action_mask())
    assert spec_identity("mcts:prior=master", "globetrotter_v0").endswith(
        "+" + spec_identity("master", "globetrotter_v0"))
    with pytest.raises(ParameterError, match="searches at its own moves.*prior=master"):
        MCTSPolicy.from_spec("mcts:4:master", env="globetrotter_v0").act(None, st.legal_action_mask(), st)
