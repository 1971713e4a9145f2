"""The master's deals that agree with the opponent's last turn (issue #23).

The engine keeps each seat's last turn (tests/test_globetrotter_memory.py); the master replays the
opponent's last turn with its expert model on every deal and keeps the deals in which the model plays it
as it was played (travel_envs/games/globetrotter/last_turn.py). It reads only its own view and public facts."""

import copy

import numpy as np
import pytest

from test_globetrotter_memory import expert_game
from test_globetrotter_sim import check_invariants
from travel_envs.games.globetrotter import GAME, ExpertPolicy, MasterPolicy
from travel_envs.games.globetrotter import actions as A
from travel_envs.games.globetrotter import master as master_module
from travel_envs.games.globetrotter.last_turn import LastTurnFilter


@pytest.fixture(autouse=True)
def few_rollouts(monkeypatch):
    """Two play-outs per option instead of twelve: the same code paths at a test's cost."""
    monkeypatch.setattr(master_module, "ROLLOUTS", 2)


def readings(games: int, seed: int):
    """(master, state) at each turn start of the master (seat 0 or 1 by game) where it reads the last turn."""
    for g in range(games):
        st = GAME(num_players=2).new_initial_state(np.random.default_rng(seed + g))
        players = [MasterPolicy(seed + g), ExpertPolicy(seed + g)][:: 1 if g % 2 else -1]
        while not st.is_terminal:
            player = players[st.to_act]
            begins = isinstance(player, MasterPolicy) and st.phase_id == A.TURN and not st.turn_actions
            action = player.act(None, st.legal_action_mask(), st)  # it reads the last turn as its turn begins
            if begins and player.readings[st.to_act][2] is not None:
                yield player, st.clone()
            st.apply_action(action)


def test_the_true_deal_agrees_with_a_turn_that_drew_no_hidden_card():
    """Without a deck draw the rewound hand is the true one: the model (the expert) plays the turn again."""
    checked = 0
    for master, st in readings(6, 70):
        reading = master.readings[st.to_act][2]
        if reading.replay and not reading.from_deck:
            assert reading.agrees(st.clone(), np.random.default_rng(0))
            checked += 1
    assert checked >= 3


def test_the_true_deal_agrees_for_some_choice_of_the_card_drawn():
    checked = 0
    for master, st in readings(4, 80):
        reading = master.readings[st.to_act][2]
        if reading.replay and reading.from_deck:
            assert any(reading.agrees(st.clone(), np.random.default_rng(k)) for k in range(30))
            checked += 1
    assert checked >= 10


def test_deals_against_the_turn_are_refused_and_some_uniform_deals_kept():
    kept = tried = 0
    for master, st in readings(2, 90):
        seat = st.to_act
        reading = master.readings[seat][2]
        rng = np.random.default_rng(seat)
        for _ in range(20):
            kept += reading.agrees(st.resample_hidden(seat, rng), rng)
            tried += 1
    assert 0.05 * tried < kept < 0.9 * tried


def test_a_deal_that_holds_a_card_seen_played_is_refused():
    for master, st in readings(4, 100):
        seat, reading = st.to_act, master.readings[st.to_act][2]
        opp = 1 - seat
        played = [a - A.PLAY for a in st.last_turn[opp] if a < A.DRAW_DECK]
        if not played or not reading.agrees(st.clone(), np.random.default_rng(0)):
            continue
        deal = st.clone()
        card, held = played[0], deal.hand(opp)[0]
        where = deal.journal.index(card)
        if where == len(deal.journal) - 1:
            continue  # the Journal's top is in the open: a deal never moves it
        deal.journal[where] = held
        deal.hand_bits[opp] ^= 1 << held | 1 << card
        check_invariants(deal, deal.pos, deal.round)
        assert not reading.agrees(deal, np.random.default_rng(0))
        return
    pytest.fail("no turn with a card played under the Journal's top")


def test_no_reading_at_three_players_or_from_a_memory_of_another_game():
    st = next(s for s, _ in expert_game(3, 1) if s.phase_id == A.TURN and any(s.last_turn) and s.to_act == 0)
    assert LastTurnFilter.read(st.resample_hidden(0, np.random.default_rng(0)), st, 0, None) is None
    found = 0
    for master, st in readings(2, 110):
        seat = st.to_act
        other_game = GAME(num_players=2).new_initial_state(np.random.default_rng(999))
        assert LastTurnFilter.read(other_game, st, seat, master.opponent_model) is None
        found += 1
    assert found > 5


def test_the_masters_memory_is_its_view_not_the_state():
    """The same seed remembers the same view after acting on the true state and on a resample of it."""
    count = 0
    for master, st in readings(2, 120):
        seat = st.to_act
        other = st.resample_hidden(seat, np.random.default_rng(seat))
        a, b = MasterPolicy(7), MasterPolicy(7)
        a.act(None, st.legal_action_mask(), st)
        b.act(None, other.legal_action_mask(), other)
        assert a.journal_memory.last_view(seat).to_dict() == b.journal_memory.last_view(seat).to_dict()
        count += 1
    assert count > 5


def test_the_reading_master_does_not_peek():
    """With the same memory and seed, the master's values and move are the same on the true state and on a
    resample of it, at the searched decisions of turns where it reads the opponent's last turn."""
    count = 0
    for master, st in readings(3, 130):
        seat, master = st.to_act, copy.deepcopy(master)  # on in a copy: the generator's game goes on
        while not st.is_terminal and st.to_act == seat:
            mask = st.legal_action_mask()
            options = MasterPolicy.options(st, mask, ExpertPolicy(0).act(None, mask, st))
            if len(options) > 1:
                other = st.resample_hidden(seat, np.random.default_rng(count))
                twin = copy.deepcopy(master)
                assert np.array_equal(copy.deepcopy(master).option_values(st, options),
                                      copy.deepcopy(twin).option_values(other, options))
                assert master.act(None, mask, st) == twin.act(None, other.legal_action_mask(), other)
                count += 1
                break
            st.apply_action(master.act(None, mask, st))
    assert count >= 5


def test_a_reading_is_used_only_in_the_turn_it_was_made_for(monkeypatch):
    """Asked mid-turn in another game (a caller that skipped that turn's start), the master deals uniformly."""
    master, _ = next(readings(1, 140))
    st = next(s for s, _ in expert_game(2, 141) if s.phase_id == A.PARK_PHASE)

    def refuse(self, deal, rng):
        raise AssertionError("a reading of another game was used")

    monkeypatch.setattr(LastTurnFilter, "agrees", refuse)
    assert len(master.deals(st, st.to_act)) == master_module.ROLLOUTS
