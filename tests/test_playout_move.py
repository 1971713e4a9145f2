"""A heuristic's ``playout_move(state)`` (the search's mask-free play-out step) is its ``act`` move."""

import numpy as np
import pytest

import travel_envs
from travel_envs.agents.base import reseed_policy
from travel_envs.agents.games import game_policy_class
from travel_envs.core.registry import game_class, make_raw_env

WITH_PLAYOUT_MOVE = [e for e in travel_envs.list_envs()
                     if hasattr(game_policy_class(e, "heuristic"), "playout_move")]


def test_some_game_offers_the_fast_path():
    assert "trek_v0" in WITH_PLAYOUT_MOVE


@pytest.mark.parametrize("env_id", WITH_PLAYOUT_MOVE)
def test_playout_move_is_the_heuristics_act_move(env_id):
    """Over whole games at every player count, in every phase the games reach."""
    cls = game_policy_class(env_id, "heuristic")
    checked, phases = 0, set()
    for n in game_class(env_id).player_counts:
        game = make_raw_env(env_id, num_players=n).game
        for g in range(4):
            state = game.new_initial_state(np.random.default_rng([3, n, g]))
            by_act, by_playout = cls(), cls()
            reseed_policy(by_act, g), reseed_policy(by_playout, g)
            while not state.is_terminal:
                move = by_act.act(None, state.legal_action_mask(), state)
                assert by_playout.playout_move(state) == move
                phases.add(state.phase)
                state.apply_action(move)
                checked += 1
    assert checked > 1000 and len(phases) > 1, (checked, phases)


ITCHY_VARIANTS = [dict(extensions="all", steal_action=True),
                  dict(extensions="all", reactions=False, one_sided_trades=True)]


@pytest.mark.parametrize("params", ITCHY_VARIANTS, ids=["all+steal", "all-reactions+one_sided"])
def test_itchy_feet_playout_move_with_every_extension(params):
    """Itchy Feet's extensions reach the phases the base game never asks for (events, reactions,
    special items, forbidden items, characters): there too the play-out move is ``act``'s, and the
    legal flags it reads are the mask."""
    cls = game_policy_class("itchy_feet_v0", "heuristic")
    checked, phases = 0, set()
    for n in game_class("itchy_feet_v0").player_counts:
        game = make_raw_env("itchy_feet_v0", num_players=n, **params).game
        for g in range(3):
            state = game.new_initial_state(np.random.default_rng([5, n, g]))
            by_act, by_playout = cls(), cls()
            reseed_policy(by_act, g), reseed_policy(by_playout, g)
            while not state.is_terminal:
                mask = state.legal_action_mask()
                assert list(state.legal_flags()) == mask.astype(np.uint8).tolist()
                move = by_act.act(None, mask, state)
                assert by_playout.playout_move(state) == move
                phases.add(state.phase)
                state.apply_action(move)
                checked += 1
    assert checked > 1000 and len(phases) >= 15, (checked, sorted(phases))
