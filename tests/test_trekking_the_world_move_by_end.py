"""Trekking the World's ``move_by_end`` variant: a move is one decision naming its end.

The variant changes the action set, not the rules: every end it offers is an end the step-by-step
game reaches, the walk it plays is one the step-by-step mask allows, and that walk leaves the most
money any walk there leaves."""

import numpy as np
import pytest

from travel_envs.agents.registry import make_policy
from travel_envs.core.game import stored_params_diff
from travel_envs.games.trekking_the_world import engine as E
from travel_envs.games.trekking_the_world.actions import A_ITIN, A_LOC, A_PASS, A_STOP
from travel_envs.games.trekking_the_world.movement import endpoints, flights_cost, move_ends
from travel_envs.games.trekking_the_world.scenario import build_state, loc

from test_trekking_the_world_rules import CARD26, choose, hide


def moving_starts(players: int, games: int, seed: int):
    """States of random step-by-step games (every decision asked) where a move is about to begin."""
    game = E.TrekkingTheWorldGame(num_players=players, auto_forced=False)
    for g in range(games):
        rng = np.random.default_rng([seed, g])
        s = game.new_initial_state(rng)
        while not s.is_terminal:
            if s.phase_id == E.PH_MOVING and s.steps == 0:
                yield s.clone()
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])


def as_variant(s):
    """The same position in a game with ``move_by_end`` on."""
    game = E.TrekkingTheWorldGame(num_players=s.num_players, auto_forced=False, move_by_end=True)
    data = s.to_dict()
    data["params"] = {**data["params"], "move_by_end": True}
    return game.state_from_dict(data)


def position(s) -> dict:
    """The state dict without the game's parameters (the variant's differ by ``move_by_end``)."""
    return {k: v for k, v in s.to_dict().items() if k != "params"}


def test_rulebook_example_card26_by_its_end_is_the_walk():
    """The rulebook's Itinerary 26 example (Africa Airport, 3 steps to Victoria Falls) as one decision."""
    steps = build_state(2, locations=["Africa Airport"] * 2, auto_forced=False)
    ends = build_state(2, locations=["Africa Airport"] * 2, auto_forced=False, move_by_end=True)
    for s in (steps, ends):
        hide(s, "Victoria Falls")
        choose(s, CARD26)
        s.apply_action(A_PASS)  # start moving
    assert ends.legal_action_mask()[A_LOC + loc("Victoria Falls")]  # the move's end
    for name in ("Serengeti", "Mount Kilimanjaro", "Victoria Falls"):
        steps.apply_action(A_LOC + loc(name))
    ends.apply_action(A_LOC + loc("Victoria Falls"))
    assert ends.phase == steps.phase == "money"
    assert position(ends) == position(steps)


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_ends_are_the_step_games_ends_and_their_walks_are_legal(players):
    checked = 0
    for s in moving_starts(players, 3, seed=players):
        p = s.to_act
        rules = s.move_rules()
        ends = move_ends(rules, s.loc[p], s.visited, s.steps, s.money[p])
        most_money = endpoints(rules, s.loc[p], s.visited, s.steps, s.money[p])
        assert set(ends) == set(most_money)
        variant = as_variant(s)
        assert sorted(variant.legal_actions()) == sorted(A_LOC + e for e in ends)
        for e, path in list(ends.items())[:6]:
            walked = s.clone()
            for w in path:  # every step of the walk is legal in the step-by-step game
                walked.apply_action(A_LOC + w)
            if walked.phase_id == E.PH_MOVING:  # an early end (Torres del Paine)
                walked.apply_action(A_STOP)
            assert walked.loc[p] == e and walked.money[p] == most_money[e]  # the walk leaving the most money
            assert walked.money[p] == s.money[p] - flights_cost(rules, s.loc[p], s.visited, path)  # rule players' sum
            by_end = variant.clone()
            by_end.apply_action(A_LOC + e)
            assert position(by_end) == position(walked)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_variant_games_end_and_rule_players_pick_ends(players):
    game = E.TrekkingTheWorldGame(num_players=players, move_by_end=True)
    for spec, seed in (("random", 0), ("heuristic", 1), ("expert", 2)):
        policy = make_policy(spec, "trekking_the_world_v0", seed=seed)
        s = game.new_initial_state(np.random.default_rng(seed))
        moves = 0
        while not s.is_terminal:
            assert moves < 5000
            mask = s.legal_action_mask()
            if s.phase_id == E.PH_MOVING:
                assert s.steps == 0 and not mask[A_STOP]  # a move is one decision
            s.apply_action(int(policy.act(None, mask, s)))
            moves += 1


def test_search_plays_the_variant():
    game = E.TrekkingTheWorldGame(num_players=2, move_by_end=True)
    s = game.new_initial_state(np.random.default_rng(3))
    search = make_policy("mcts:20", "trekking_the_world_v0", seed=0)
    for _ in range(12):
        s.apply_action(int(search.act(None, s.legal_action_mask(), s)))


def test_a_parameter_added_later_is_its_default_in_stored_params():
    """A model or ladder saved before ``move_by_end`` existed is one of the step-by-step game."""
    stored = {k: v for k, v in E.TrekkingTheWorldGame().params.__dict__.items() if k != "move_by_end"}
    assert stored_params_diff(stored, E.TrekkingTheWorldGame().params) == {}
    assert stored_params_diff(stored, E.TrekkingTheWorldGame(move_by_end=True).params) == {
        "move_by_end": (False, True)}
    assert not np.any(A_ITIN == A_LOC)  # the variant reuses the location ids: no new actions


# ------------------------------------------------------------ location_features
def test_location_features_hold_the_public_offer_by_location_and_nothing_hidden():
    from travel_envs.games.trekking_the_world import components as C
    from travel_envs.games.trekking_the_world.location_features import LOCATION_FEATURES, LOCATION_FEATURES_SIZE
    from travel_envs.games.trekking_the_world.scenario import place_card

    s = build_state(2, locations=["Africa Airport"] * 2, money=[5, 0], location_features=True, move_by_end=True)
    game = s.game
    assert game.observation_size == game.base_observation_size + LOCATION_FEATURES_SIZE

    def block(state, seat=0):
        out = np.zeros(game.observation_size, np.float32)
        state.observation(seat, out)
        return out[game.base_observation_size:].reshape(C.NUM_LOCATIONS, LOCATION_FEATURES)

    before = block(s)
    for seed in range(5):  # what the seat cannot see (deck order, the Rival deck) moves nothing
        np.testing.assert_array_equal(block(s.resample_hidden(0, np.random.default_rng(seed))), before)
    # a public change moves it: a Tour put on offer shows at its location, priced against the seat's money
    offered = {c for c in s.available_tours() if c != -1}
    tour = next(c for c in range(C.NUM_CARDS) if c not in offered and c not in s.available_encounters()
                and c in s.tour_deck[:-1])
    place_card(s, tour, "tour_row", 0)
    s.touch()
    after = block(s)
    v = C.CARD_LOCATION[tour]
    assert after[v, 0] == np.float32(C.TOUR_POINTS[tour] / max(C.TOUR_POINTS))
    assert after[v, 2] == (1.0 if s.tour_price(tour) <= 5 else 0.0)
    assert not np.array_equal(after, before)
    # the distances are the seat's own: the other seat, elsewhere, sees another column
    s.loc[1] = C.AIRPORTS[1]
    s.touch()
    assert not np.array_equal(block(s, 1)[:, 4], block(s, 0)[:, 4])


# ------------------------------------------------------------ plan_features
def _plan_block(state, seat):
    from travel_envs.games.trekking_the_world.plan_features import PLAN_CONTEXTS, PLAN_FEATURES_SIZE, PLAN_VALUES

    out = np.zeros(state.game.observation_size, np.float32)
    state.observation(seat, out)
    return out[-PLAN_FEATURES_SIZE:].reshape(PLAN_CONTEXTS, 54, PLAN_VALUES)  # the block comes last


def test_plan_features_name_the_ends_the_rules_reach_and_what_arriving_gives():
    """Row 1 + k lists the ends the variant offers once the Itinerary in slot k is chosen, with the money
    and cubes arriving there gives; row 0, the move being made, lists the mask's ends."""
    from travel_envs.games.trekking_the_world import components as C
    from travel_envs.games.trekking_the_world.location_features import LOCATION_FEATURES_SIZE
    from travel_envs.games.trekking_the_world.plan_features import PLAN_FEATURES_SIZE

    s = build_state(2, locations=["Africa Airport"] * 2, money=[3, 0], move_by_end=True, location_features=True,
                    plan_features=True, auto_forced=False)
    game = s.game
    assert game.observation_size == game.base_observation_size + LOCATION_FEATURES_SIZE + PLAN_FEATURES_SIZE
    start = _plan_block(s, 0)
    assert not start[0].any()  # no move is being made
    checked = 0
    for slot, itin in enumerate(s.available_itineraries()):
        if itin == -1:
            assert not start[1 + slot].any()
            continue
        t = s.clone()
        t.apply_action(A_ITIN + slot)
        while t.phase_id != E.PH_MOVING:  # no token, no power: straight to the move
            t.apply_action(A_PASS)
        ends = [a - A_LOC for a in t.legal_actions() if A_LOC <= a < A_LOC + 54]
        assert sorted(np.flatnonzero(start[1 + slot, :, 0])) == sorted(ends)
        moving = _plan_block(t, 0)
        np.testing.assert_array_equal(moving[0], start[1 + slot])  # the move being made reads the same
        for end in ends:  # arriving: the money left after the walk the variant plays, plus the Itinerary's
            u = t.clone()
            u.apply_action(A_LOC + end)
            money = min(C.MONEY_CAP, u.money[0] + C.ITIN_MONEY[itin])
            assert start[1 + slot, end, 1] == np.float32(money / C.MONEY_CAP)
            on_continent = C.NODE_CONTINENT[end] in C.ITIN_CONTINENTS[itin]
            assert (start[1 + slot, end, 2] > 0) == (on_continent and C.ITIN_CUBES[itin] > 0)
        checked += 1
    assert checked >= 3


def test_plan_features_hold_public_facts_only():
    from travel_envs.games.trekking_the_world import components as C

    s = build_state(2, locations=["Africa Airport", "Asia Airport"], money=[5, 2], move_by_end=True,
                    plan_features=True)
    before = _plan_block(s, 0)
    for seed in range(5):  # what the seat cannot see (deck order, the Rival deck) moves nothing
        np.testing.assert_array_equal(_plan_block(s.resample_hidden(0, np.random.default_rng(seed)), 0), before)
    # public changes move it: the other seat stands elsewhere and sees other ends
    assert not np.array_equal(_plan_block(s, 1), before)
    # a full Suitcase row earns no cube where an Itinerary of that colour would
    slot, itin = next((k, i) for k, i in enumerate(s.available_itineraries()) if i != -1 and C.ITIN_CUBES[i])
    assert before[1 + slot, :, 2].any()
    s.suitcase[0][C.ITIN_COLOUR[itin]] = C.SUITCASE_COLUMNS
    s.touch()
    after = _plan_block(s, 0)
    assert not after[1 + slot, :, 2].any()
    np.testing.assert_array_equal(after[1 + slot, :, :2], before[1 + slot, :, :2])
    # more money reaches ends by flights that were out of reach
    s.money[0] = 0
    s.touch()
    poor = _plan_block(s, 0)
    assert poor[1:, :, 0].sum() < before[1:, :, 0].sum()
