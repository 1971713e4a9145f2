"""Trekking the World heuristic styles: the default style is the baseline player, single-field
overrides replace one weight, and a weight steers the decisions it names (hand-made positions where
changing one weight flips the choice)."""

from dataclasses import asdict

import numpy as np
import pytest

from travel_envs.core.game import ParameterError
from travel_envs.games.trekking_the_world import (
    DEFAULT_STYLE, EXPERT_STYLE, GAME, ExpertPolicy, HeuristicPolicy, HeuristicStyle,
)
from travel_envs.games.trekking_the_world import components as C
from travel_envs.games.trekking_the_world.actions import A_FF, A_ITIN, NONE
from travel_envs.games.trekking_the_world.scenario import build_state, give_tokens, place_itinerary

NORTH_AMERICA = C.CONTINENT_IDS.index("north_america")


def _start(itineraries: tuple[int, ...], frequent_flyers: int):
    """Seat 0 on the North America Airport with no money, choosing among ``itineraries`` (the deck's
    face-up top, then the row), holding ``frequent_flyers`` Frequent Flyer tokens and no other token."""
    s = build_state(2, locations=["North America Airport", "Europe Airport"], seed=0)
    place_itinerary(s, itineraries[0], "itin_deck", -1)
    for slot, it in enumerate(itineraries[1:]):
        place_itinerary(s, it, "itin_row", slot)
    tokens = [0] * len(C.TOKEN_NAMES)
    tokens[C.TOK_FF] = frequent_flyers
    give_tokens(s, 0, tokens)
    assert s.available_itineraries() == list(itineraries)
    # nothing on offer in North America: an Itinerary's money and cubes decide there
    offer = [c for c in s.available_tours() + s.available_encounters() if c != NONE]
    assert offer and all(C.CARD_CONTINENT[c] != NORTH_AMERICA for c in offer)
    return s


def _choice(s, **overrides) -> int:
    return HeuristicPolicy(0, **overrides).act(None, s.legal_action_mask(), s)


def test_coin_weight_flips_the_itinerary_from_cubes_to_money():
    # Itinerary 0: 2 steps, $2, 2 cubes in North America (the rows are empty: the shortest);
    # Itinerary 12: 1 step, $4, 1 cube in North or South America
    assert (C.ITIN_MOVE[0], C.ITIN_MONEY[0], C.ITIN_CUBES[0], C.ITIN_CONTINENTS[0]) == (2, 2, 2, (NORTH_AMERICA,))
    assert (C.ITIN_MOVE[12], C.ITIN_MONEY[12], C.ITIN_CUBES[12]) == (1, 4, 1)
    s = _start((45, 18, 0, 12, 38), frequent_flyers=0)
    assert _choice(s) == A_ITIN + 2  # 2 cubes x (2 + 3) + $2 x 0.4 beat 1 cube x 5 + $4 x 0.4
    assert _choice(s, coin=5.0) == A_ITIN + 3  # money worth 5 a coin: the $4 Itinerary
    assert _choice(s, cube=0.5, cube_shortest_row=0.5) == A_ITIN + 3  # cubes worth little: the same


def test_token_keep_and_fly_margin_decide_the_frequent_flyer_token():
    # no Itinerary here gives much (cubes for Oceania / Europe / Africa, or one cube and $2): the best
    # turn from another airport is far better than the best one from here
    s = _start((45, 18, 2, 5, 38), frequent_flyers=1)
    assert _choice(s) == A_FF
    assert _choice(s, token_keep=15.0) == A_ITIN + 0  # the token worth more kept: the best Itinerary here
    assert _choice(s, fly_margin=15.0) == A_ITIN + 0
    assert _choice(s, token_keep=0.0) == A_FF


def _actions(n: int, seed: int, make) -> list[int]:
    g = GAME(num_players=n)
    s = g.new_initial_state(np.random.default_rng(seed))
    pols = [make(seed * 10 + q) for q in range(n)]
    out = []
    while not s.is_terminal:
        a = pols[s.current_player].act(None, s.legal_action_mask(), s)
        out.append(a)
        s.apply_action(a)
    return out


@pytest.mark.parametrize("n", [1, 3])
def test_default_style_plays_as_the_default_policy(n):
    plain = _actions(n, 7, lambda seed: HeuristicPolicy(seed))
    assert len(plain) > 50
    assert _actions(n, 7, lambda seed: HeuristicPolicy(seed, style=DEFAULT_STYLE)) == plain
    assert _actions(n, 7, lambda seed: HeuristicPolicy(seed=seed, style=HeuristicStyle())) == plain
    # an override that restates a default is the default style itself
    assert _actions(n, 7, lambda seed: HeuristicPolicy(seed, tour_bonus=DEFAULT_STYLE.tour_bonus)) == plain


def test_overrides_replace_one_field_and_bad_styles_are_named():
    assert HeuristicPolicy().style is DEFAULT_STYLE and HeuristicPolicy().name == "heuristic"
    pol = HeuristicPolicy(3, style=DEFAULT_STYLE, coin=1.0, name="rich")
    assert pol.style == HeuristicStyle(**{**asdict(DEFAULT_STYLE), "coin": 1.0, "name": "rich"})
    assert pol.name == "rich" and DEFAULT_STYLE.coin == 0.4  # the default is untouched (frozen)
    with pytest.raises(TypeError, match="no_such_weight"):
        HeuristicPolicy(0, no_such_weight=1.0)
    with pytest.raises(ParameterError, match="token_preference"):
        HeuristicStyle(token_preference=(0, 0, 1, 2))


# ------------------------------------------------------------------------------------- the expert
def test_expert_plays_the_expert_style():
    expert = ExpertPolicy(0)
    assert expert.name == "expert" and expert.style == EXPERT_STYLE != DEFAULT_STYLE
    assert ExpertPolicy(0, coin=2.0).style.coin == 2.0  # overrides work on the expert's style too


def test_expert_beats_the_heuristic():
    """Over 80 seat-rotated games the expert's Wilson lower bound is above 50% (it won about 80% of
    2000 games; docs/games/trekking_the_world.md, "Expert")."""
    from travel_envs.evaluation.arena import versus

    s = versus("trekking_the_world_v0", "expert", "heuristic", 80, seed=123).summary(0)
    assert s["policy"] == "expert" and s["ci_low"] > 0.5, s


@pytest.mark.parametrize("n", [2, 5])
def test_games_between_experts_end_by_the_rules(n):
    # the expert saves for Tours rather than buying at once; the rules' end still comes, well
    # before the max_decisions safety net (100 games of 2-5 experts: at most 432 decisions)
    g = GAME(num_players=n)
    for i in range(3):
        s = g.new_initial_state(np.random.default_rng(i))
        players = [ExpertPolicy(10 * i + k) for k in range(n)]
        for _ in range(2000):
            if s.is_terminal:
                break
            s.apply_action(players[s.current_player].act(None, s.legal_action_mask(), s))
        assert s.is_terminal  # the rules ended it: a Tour count reached, or no longer reachable (ruling 12)
        assert max(map(len, s.tours)) >= s.params.end_tours or not s.end_still_reachable()
