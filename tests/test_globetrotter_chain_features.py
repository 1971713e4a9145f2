"""The optional ``chain_features`` observation block: values, hidden information, API, and agreement
with the heuristic that uses the same search."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import travel_envs
from travel_envs import globetrotter_v0
from travel_envs.games.globetrotter import GAME, ExpertPolicy, HeuristicPolicy
from travel_envs.games.globetrotter import chain_features as F
from travel_envs.games.globetrotter import actions as A
from travel_envs.games.globetrotter import encoder as E
from travel_envs.games.globetrotter.actions import TURN
from travel_envs.games.globetrotter.scenario import build_state, card

ON = {"chain_features": True}


def block(state, seat=None):
    out = np.zeros(GAME(num_players=state.n, **ON).observation_size, np.float32)
    state.observation(state.to_act if seat is None else seat, out)
    assert out.min() >= 0.0 and out.max() <= 1.0
    return out[E.OBS_SIZE :]


def test_size_and_default_off():
    assert GAME(num_players=2).observation_size == E.OBS_SIZE
    assert GAME(num_players=2, **ON).observation_size == E.OBS_SIZE + F.CF_SIZE
    env = travel_envs.make("globetrotter_v0", num_players=2, **ON)
    env.reset(seed=0)
    assert env.observation_space(env.agents[0])["observation"].shape == (E.OBS_SIZE + F.CF_SIZE,)


@pytest.mark.parametrize("n", [2, 4])
def test_api_and_seed(n):
    api_test(travel_envs.make("globetrotter_v0", num_players=n, **ON), num_cycles=200)
    seed_test(lambda **kw: globetrotter_v0.env(num_players=n, **ON, **kw), num_cycles=200)


def test_example_1_chain_rates_the_only_playable_first_card():
    # rulebook example 1: yellow car on the Journal; pink car, pink balloon, green balloon, then the
    # green bicycle empties the hand (2 cities) and matches a green next city (1 more)
    hand = ["pink car", "pink hot air balloon", "green hot air balloon", "green bicycle"]
    s = build_state(2, hands=[hand, ["red ship"]], journal=["yellow car"], cur=0, world={1: "green ship"},
                    params=ON)
    b = block(s)
    pink_car = card("pink car")
    assert np.flatnonzero(b[F.CF_CAN_PLAY : F.CF_CAN_PLAY + 49]).tolist() == [pink_car]
    assert b[F.CF_PLAY + pink_car] == 1.0 and b[F.CF_BEST] == 1.0
    assert b[F.CF_PLAY_KEY + pink_car] == 0.0 and b[F.CF_PLAY_USE + pink_car] == 0.0
    assert b[F.CF_STOP] == 0.0  # no Action 2 in progress
    # matches with my next city (green ship) and links inside the hand
    next_city = {card(c) for c in hand if F.CITY_MATCH[card("green ship"), card(c)]}
    assert set(np.flatnonzero(b[F.CF_NEXT : F.CF_NEXT + 49])) == next_city
    links = {c: round(float(b[F.CF_LINKS + card(c)]) * 6) for c in hand}
    assert links == {"pink car": 1, "pink hot air balloon": 2, "green hot air balloon": 2, "green bicycle": 1}
    # a blue ship city: the chain still empties the hand (2 of 3)
    s = build_state(2, hands=[hand, ["red ship"]], journal=["yellow car"], cur=0, world={1: "blue ship"},
                    params=ON)
    assert block(s)[F.CF_PLAY + pink_car] == pytest.approx(2 / 3)


def test_key_gain_and_key_use_are_flagged():
    # three yellow cards in a row gain the key (the red aeroplane matches none of them)
    s = build_state(2, hands=[["yellow ship", "yellow bicycle", "yellow hot air balloon", "red aeroplane"],
                              ["pink car"]], journal=["yellow car"], cur=0, world={1: "blue car"}, params=ON)
    b = block(s)
    y_ship = card("yellow ship")
    assert b[F.CF_PLAY_KEY + y_ship] == 1.0 and b[F.CF_PLAY_USE + y_ship] == 0.0
    assert b[F.CF_PLAY + y_ship] == 0.0
    # holding the key: yellow ship, then the red aeroplane with the key empties the hand (2 of 3)
    s = build_state(2, hands=[["yellow ship", "red aeroplane"], ["pink car"]], journal=["yellow car"],
                    cur=0, key=0, world={1: "blue car"}, params=ON)
    b = block(s)
    assert b[F.CF_PLAY_USE + y_ship] == 1.0 and b[F.CF_PLAY + y_ship] == pytest.approx(2 / 3)
    # without it the red aeroplane is stuck
    s = build_state(2, hands=[["yellow ship", "red aeroplane"], ["pink car"]], journal=["yellow car"],
                    cur=0, world={1: "blue car"}, params=ON)
    b = block(s)
    assert b[F.CF_PLAY + y_ship] == 0.0 and b[F.CF_PLAY_USE + y_ship] == 0.0


def test_stop_and_parking_draw_values():
    # Action 2 in progress with a yellow car on top and a yellow next city: stopping advances
    s = build_state(2, hands=[["red ship", "blue bicycle"], ["pink car"]], journal=["green car", "yellow car"],
                    played=[card("yellow car")], cur=0, world={1: "yellow ship"}, params=ON)
    assert block(s)[F.CF_STOP] == 1.0
    # before Action 1: the yellow ship in parking space 1 opens yellow ship -> red ship (empty hand)
    s = build_state(2, hands=[["red ship"], ["pink car"]], journal=["yellow car"], cur=0,
                    parking=[None, "yellow ship", "green bicycle"], world={1: "blue car"}, params=ON)
    b = block(s)
    assert b[F.CF_BEST] == 0.0
    assert b[F.CF_DRAW : F.CF_DRAW + 3].tolist() == pytest.approx([0.0, 2 / 3, 0.0])
    # values: nothing playable now (lowest value); with the yellow ship: 2 cities, 2 cards played
    assert b[F.CF_BEST_VAL] == 0.0 and b[F.CF_STOP_VAL] == 0.0
    two_cities = F.value01(2 * F.MOVE_VALUE + 2 * F.CARD_VALUE)
    assert b[F.CF_DRAW_VAL : F.CF_DRAW_VAL + 3].tolist() == pytest.approx([0.0, two_cities, 0.0])
    assert b[F.CF_DRAW_UP : F.CF_DRAW_UP + 3].tolist() == [0.0, 1.0, 0.0]  # the green bicycle opens nothing


def test_values_rank_chains_that_advance_equally():
    # yellow car on top, next city blue: yellow ship -> red ship -> red bicycle empties the hand; the
    # red ship alone cannot start; every first card that empties the hand moves 2 cities, and the
    # value also counts the cards played, so a full chain outranks stopping early
    s = build_state(2, hands=[["yellow ship", "red ship", "red bicycle"], ["pink car"]],
                    journal=["yellow car"], cur=0, world={1: "blue car"}, params=ON)
    b = block(s)
    y_ship = card("yellow ship")
    assert b[F.CF_PLAY + y_ship] == pytest.approx(2 / 3)
    assert b[F.CF_PLAY_VAL + y_ship] == pytest.approx(F.value01(2 * F.MOVE_VALUE + 3 * F.CARD_VALUE))
    assert b[F.CF_BEST_VAL] == b[F.CF_PLAY_VAL + y_ship]
    assert b[F.CF_PLAY_VAL + card("red ship")] == 0.0  # not playable on the yellow car
    assert b[F.CF_PLAY_LEN + y_ship] == pytest.approx(0.3)
    assert np.flatnonzero(b[F.CF_PLAY_TOP : F.CF_PLAY_TOP + 49]).tolist() == [y_ship]
    # Action 2 in progress after the yellow ship: stopping is worth one card and no city
    s = build_state(2, hands=[["red ship", "red bicycle"], ["pink car"]], journal=["yellow car", "yellow ship"],
                    played=[card("yellow ship")], cur=0, world={1: "blue car"}, params=ON)
    b = block(s)
    assert b[F.CF_STOP] == 0.0 and b[F.CF_STOP_VAL] == pytest.approx(F.value01(0.0))
    assert b[F.CF_PLAY_VAL + card("red ship")] == pytest.approx(F.value01(2 * F.MOVE_VALUE + 2 * F.CARD_VALUE))
    assert np.flatnonzero(b[F.CF_PLAY_TOP : F.CF_PLAY_TOP + 49]).tolist() == [card("red ship")]


def test_play_top_is_empty_when_stopping_is_best():
    # Action 2 in progress, the yellow car on top matches the yellow next city: stopping moves 1 city;
    # the only playable card (blue car) would end on a card that moves nothing, so no card is flagged
    s = build_state(2, hands=[["blue car", "red bicycle"], ["pink car"]], journal=["green car", "yellow car"],
                    played=[card("yellow car")], cur=0, world={1: "yellow hot air balloon"}, params=ON)
    b = block(s)
    assert b[F.CF_STOP] == 1.0 and b[F.CF_CAN_PLAY + card("blue car")] == 1.0
    assert b[F.CF_PLAY + card("blue car")] == 0.0
    assert b[F.CF_STOP_VAL] > b[F.CF_PLAY_VAL + card("blue car")]
    assert not b[F.CF_PLAY_TOP : F.CF_PLAY_TOP + 49].any()


def test_value01_keeps_order_within_bounds():
    values = [-1e9, -F.KEY_USE_COST, 0.0, 12.0, 100.0, 312.0, 1e9]
    scaled = [F.value01(v) for v in values]
    assert scaled == sorted(scaled) and scaled[0] == 0.0 and scaled[-1] == 1.0 and 0.0 < scaled[2] < scaled[3]


def test_park_phase_rates_keeping_each_card():
    s = build_state(2, hands=[["yellow ship", "red ship", "green bicycle"], ["pink car"]],
                    journal=["yellow car"], cur=0, world={1: "blue car"}, params=ON, drew=True, phase="park")
    b = block(s)
    # parking the green bicycle leaves yellow ship -> red ship: an empty hand (2 of 3)
    assert b[F.CF_PARKED + card("green bicycle")] == pytest.approx(2 / 3)
    assert b[F.CF_PARKED + card("yellow ship")] == 0.0  # nothing else can follow the yellow car
    # values: keeping all three, yellow ship -> red ship (2 cards, no city) is the best chain; parking the
    # green bicycle empties the hand with it (2 cities); parking the yellow ship leaves nothing playable
    assert b[F.CF_BEST_VAL] == pytest.approx(F.value01(2 * F.CARD_VALUE))
    assert b[F.CF_PARK_VAL + card("green bicycle")] == pytest.approx(F.value01(2 * F.MOVE_VALUE + 2 * F.CARD_VALUE))
    assert b[F.CF_PARK_VAL + card("yellow ship")] == 0.0
    # parking either ship makes the best chain worse; parking the green bicycle makes it better
    assert set(np.flatnonzero(b[F.CF_PARK_COST : F.CF_PARK_COST + 49])) == {card("yellow ship"), card("red ship")}


def test_links_leave_out_cards_selected_for_discard():
    s = build_state(2, hands=[["red ship", "red car", "blue car"], ["pink car"]], cur=0, phase="improve", params=ON)
    assert round(float(block(s)[F.CF_LINKS + card("red car")]) * 6) == 2
    s.apply_action(A.DISCARD + card("blue car"))  # seat 0 selects it for discard
    assert round(float(block(s)[F.CF_LINKS + card("red car")]) * 6) == 1


def test_opponent_next_city_and_idle_seat():
    s = build_state(2, hands=[["red ship", "blue car"], ["pink car"]], journal=["yellow car"], cur=0,
                    pos=[0, 4], world={1: "green bicycle", 2: "orange car", 5: "blue ship"}, params=ON)
    b = block(s, seat=0)
    assert set(np.flatnonzero(b[F.CF_OPP : F.CF_OPP + 49])) == {card("red ship"), card("blue car")}
    assert set(np.flatnonzero(b[F.CF_AFTER : F.CF_AFTER + 49])) == {card("blue car")}  # city 2: orange car
    idle = block(s, seat=1)  # not the acting seat: only the turn-independent facts
    assert not idle[: F.CF_OPP].any()
    assert idle[F.CF_NEXT + card("pink car")] == 0.0 and idle[F.CF_OPP + card("pink car")] == 0.0


def test_hidden_information_never_moves_the_block():
    rng = np.random.default_rng(3)
    for seed in range(6):
        st = GAME(num_players=3, **ON).new_initial_state(np.random.default_rng(seed))
        for _ in range(40 + 23 * seed):
            if st.is_terminal:
                break
            legal = np.flatnonzero(st.legal_action_mask())
            st.apply_action(int(legal[rng.integers(legal.size)]))
        if st.is_terminal:
            continue
        for me in range(3):
            before = block(st, me)
            d = st.to_dict()
            del d["known"]  # the swap below may move a card a seat knows; the block does not read them
            other = (me + 1) % 3
            pool = d["hands"][other] + d["deck"] + d["journal"][:-1]
            pool = [pool[i] for i in rng.permutation(len(pool))]
            k, m = len(d["hands"][other]), len(d["deck"])
            d["hands"][other], d["deck"], d["journal"] = sorted(pool[:k]), pool[k : k + m], \
                pool[k + m :] + d["journal"][-1:]
            assert np.array_equal(before, block(GAME(num_players=3, **ON).state_from_dict(d), me))


@pytest.mark.parametrize("policy_class", [HeuristicPolicy, ExpertPolicy])
def test_rule_based_moves_are_the_blocks_best(policy_class):
    """The heuristic, the expert and the block share one search: their card plays start a best-rated
    chain, and a parked card they draw (with the deck open) makes the best chain worth more."""
    plays = draws = 0
    for seed in range(4):
        st = GAME(num_players=2, **ON).new_initial_state(np.random.default_rng(seed))
        pols = [policy_class(seed=s) for s in range(2)]
        while not st.is_terminal:
            mask = st.legal_action_mask()
            a = pols[st.to_act].act(None, mask, st)
            if st.phase_id == TURN and a < 49:
                b = block(st)
                assert b[F.CF_CAN_PLAY + a] == 1.0
                assert b[F.CF_PLAY + a] == b[F.CF_BEST]
                assert b[F.CF_PLAY_VAL + a] == b[F.CF_BEST_VAL] and b[F.CF_PLAY_TOP + a] == 1.0
                plays += 1
            elif st.phase_id == TURN and A.DRAW_PARK <= a < A.DRAW_PARK + 3 and mask[A.DRAW_DECK]:
                assert block(st)[F.CF_DRAW_UP + a - A.DRAW_PARK] == 1.0
                draws += 1
            st.apply_action(a)
    assert plays > 100 and draws > 0


def test_links_of_a_waiting_seat_ignore_the_improving_seats_selection():
    s = build_state(2, hands=[["red ship", "blue car"], ["red car", "green car"]], cur=0, phase="improve", params=ON)
    before = block(s, seat=1).copy()
    s.apply_action(A.DISCARD + card("blue car"))  # seat 0 selects it for discard
    assert np.array_equal(block(s, seat=1), before)
