"""What a seat at the table sees happen and remembers (ruling L, docs/games/globetrotter.md): a parked card an
opponent takes, the card an opponent draws at random from my hand, how many cards each player swapped before
the round, the card played before the Journal top this turn. Each is in the observation, the seat's text
view, and kept by resample_hidden(seat). The actions of the running turn and of each seat's last turn (all
seen by everyone) are kept in the state, for players that reason about play (ruling J)."""

import numpy as np
import pytest

from travel_envs.core.game import ParameterError
from travel_envs.games.globetrotter import GAME, ExpertPolicy
from travel_envs.games.globetrotter import actions as A
from travel_envs.games.globetrotter import encoder as E
from travel_envs.games.globetrotter.scenario import build_state, card


def view(st, seat):
    out = np.zeros(st.game.observation_size, np.float32)
    st.observation(seat, out)
    return out


def known_slot(obs, k):
    """Cards the seat knows in the hand of the opponent k seats on."""
    return np.flatnonzero(obs[E.KNOWN + (k - 1) * 49 : E.KNOWN + k * 49]).tolist()


def test_a_parked_card_an_opponent_takes_is_remembered_until_it_leaves_the_hand():
    red_car = card("red car")
    s = build_state(3, hands=[["green bicycle", "orange hang glider"], ["blue ship"], ["yellow aeroplane"]],
                    journal=["pink ship"], parking=[None, "red car", None], cur=0)
    s.apply_action(A.DRAW_PARK + 1)  # seat 0 takes the red car from parking space 1 in front of everyone
    s.apply_action(A.NO_PARK)  # nothing matches the pink ship: the turn ends
    assert s.to_act == 1
    assert known_slot(view(s, 1), 2) == [red_car]  # seat 0 is two seats on from seat 1
    assert known_slot(view(s, 2), 1) == [red_car]
    assert known_slot(view(s, 0), 1) == [] and known_slot(view(s, 0), 2) == []
    assert "you know they hold: red car" in s.observation_text(1)
    rng = np.random.default_rng(0)
    for seat in (1, 2):
        for _ in range(40):  # before ruling L the red car went back into the pool of unseen cards
            r = s.resample_hidden(seat, rng)
            assert r.hands[0, red_car] and np.array_equal(view(r, seat), view(s, seat))
    moved = sum(not s.resample_hidden(1, rng).hands[0, card("orange hang glider")] for _ in range(40))
    assert moved > 0  # the card nobody saw is still drawn anew
    # it leaves the hand face up (played or parked): nobody knows it in the hand any more
    t = build_state(3, hands=[["red car", "green bicycle"], ["blue ship"], ["yellow aeroplane"]],
                    journal=["pink car"], cur=0,
                    known=[[[], [], []], [["red car"], [], []], [["red car"], [], []]])
    assert known_slot(view(t, 1), 2) == [red_car]
    t.apply_action(A.PLAY + red_car)
    assert not t.known[:, 0].any() and known_slot(view(t, 1), 2) == []


def test_the_card_drawn_from_my_hand_is_known_to_me_not_to_the_others():
    blue_car = card("blue car")
    s = build_state(3, hands=[["red ship"], ["green bicycle", "sky blue ship"], ["blue car", "pink car", "orange car"]],
                    journal=["yellow car"], deck=[], cur=0,
                    known=[[[], [], ["blue car"]], [[], [], ["blue car"]], [[], [], []]])
    s.apply_action(A.DRAW_DECK)  # deck and Journal exhausted: seat 0 chooses whom to draw from
    assert s.phase == "choose_opponent"
    s.apply_action(A.OPPONENT + 1)  # seat 2 (two seats on)
    taken = int(np.flatnonzero(s.hands[0] & ~np.isin(np.arange(49), [card("red ship")]))[0])
    assert s.known[2, 0, taken] and known_slot(view(s, 2), 1) == [taken]  # the victim saw which card it lost
    assert not s.known[1].any()  # seat 1 did not see which card moved: its blue car knowledge is gone
    assert s.known[0, 2, blue_car] == (taken != blue_car)  # the thief still knows what it did not take
    rng = np.random.default_rng(1)
    for _ in range(40):
        r = s.resample_hidden(2, rng)
        assert r.hands[0, taken] and np.array_equal(view(r, 2), view(s, 2))


def test_how_many_cards_each_player_swapped_before_the_round_is_public():
    st = GAME(num_players=3).new_initial_state(np.random.default_rng(4))
    first = st.to_act
    for c in np.flatnonzero(st.hands[first])[:2]:
        st.apply_action(A.DISCARD + int(c))
    before = [view(st, seat) for seat in range(3)]
    st.apply_action(A.CONFIRM)
    for seat in range(3):
        after = view(st, seat)
        assert after[E.EXCHANGED + (first - seat) % 3] == 0.4
        assert not np.array_equal(before[seat][E.EXCHANGED : E.EXCHANGED + 5], after[E.EXCHANGED : E.EXCHANGED + 5])
        assert "swapped 2 before the round" in st.observation_text(seat)
    st.apply_action(A.CONFIRM)
    st.apply_action(A.CONFIRM)  # the round starts: the counts stay for the round
    assert st.phase == "turn" and view(st, (first + 1) % 3)[E.EXCHANGED + 2] == 0.4


def test_every_seat_sees_the_card_played_before_the_top():
    s = build_state(2, hands=[["yellow bicycle", "yellow ship", "pink car"], ["green bicycle"]],
                    journal=["yellow car"], cur=0, world={1: "red hang glider"})
    s.apply_action(A.PLAY + card("yellow bicycle"))
    s.apply_action(A.PLAY + card("yellow ship"))
    for seat in (0, 1):
        obs = view(s, seat)
        assert obs[E.G_PREV_COLOUR + 4] == 1 and obs[E.G_PREV_VEHICLE + 0] == 1  # yellow, bicycle


def test_a_resample_keeps_what_other_seats_know_true():
    """Seat 1 did not see which card seat 0 drew from seat 2; in its resamples, seat 2 still knows one card of
    seat 0's (new) hand, and every seat's knowledge is true of the resampled hands."""
    s = build_state(3, hands=[["red ship"], ["green bicycle", "sky blue ship"], ["blue car", "pink car", "orange car"]],
                    journal=["yellow car"], deck=[], cur=0)
    s.apply_action(A.DRAW_DECK)
    s.apply_action(A.OPPONENT + 1)  # seat 0 draws at random from seat 2
    rng = np.random.default_rng(2)
    for _ in range(40):
        r = s.resample_hidden(1, rng)
        assert r.known[2, 0].sum() == 1
        for o in range(3):
            assert not (r.known[o] & ~r.hands).any()
        assert np.array_equal(view(r, 1), view(s, 1))


def expert_game(n: int, seed: int):
    """Each decision of a seeded game of experts: (the state, the action about to be applied to it)."""
    st = GAME(num_players=n).new_initial_state(np.random.default_rng(seed))
    players = [ExpertPolicy(seed + p) for p in range(n)]
    while not st.is_terminal:
        action = players[st.to_act].act(None, st.legal_action_mask(), st)
        yield st, action
        st.apply_action(action)


@pytest.mark.parametrize("n", [2, 4])
def test_the_state_keeps_the_running_turn_and_each_seats_last_turn(n):
    st = GAME(num_players=n).new_initial_state(np.random.default_rng(3 + n))
    players = [ExpertPolicy(p) for p in range(n)]
    turn: list[int] = []
    ended = 0
    while not st.is_terminal:
        seat, round_ = st.to_act, st.round
        action = players[seat].act(None, st.legal_action_mask(), st)
        if st.phase_id == A.IMPROVE:
            assert st.turn_actions == []  # the improvement's discards are secret
            st.apply_action(action)
            continue
        if st.phase_id == A.TURN and not st.turn_actions:
            turn = []
        assert st.turn_actions == turn
        turn.append(action)
        st.apply_action(action)
        if not st.is_terminal and st.round == round_ and (st.to_act != seat or st.phase_id == A.IMPROVE):
            assert st.last_turn[seat] == tuple(turn)
            ended += 1
    assert ended >= 15


def test_the_turn_records_go_through_clone_resample_and_the_state_dict():
    st = next(s for s, _ in expert_game(2, 11) if s.phase_id == A.PARK_PHASE and any(s.last_turn))
    game = st.game
    for other in (st.clone(), st.resample_hidden(0, np.random.default_rng(0)), game.state_from_dict(st.to_dict())):
        assert other.turn_actions == st.turn_actions and other.last_turn == st.last_turn
    data = st.to_dict()
    data["last_turn"] = [[]]
    with pytest.raises(ParameterError, match="last_turn.*one turn's actions per player"):
        game.state_from_dict(data)
    data["last_turn"] = [[A.NUM_ACTIONS], []]
    with pytest.raises(ParameterError, match=r"last_turn\[0\]"):
        game.state_from_dict(data)
