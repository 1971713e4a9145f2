"""Trekking the World: scenario tests for the audit of issue #13 (end without Tours, placement
order, rule B after a flight, Souvenirs checked where the move ends)."""

import numpy as np
import pytest

from travel_envs.games.trekking_the_world import components as C
from travel_envs.games.trekking_the_world import engine as E
from travel_envs.games.trekking_the_world.actions import A_FF, A_LOC, A_PASS, A_PLAYER, A_TOUR, A_USE
from travel_envs.games.trekking_the_world.scenario import card, give_tokens, invariant_errors, loc, place_card

from test_trekking_the_world_rules import (
    AF, AS, BLUE, EU, NA, RED, SA, YELLOW, choose, hide, itin, legal_locations, state, walk,
)


def _finish_turn(s):
    """Play the acting seat's turn to its end with the first legal action (pass when possible)."""
    seat = s.to_act
    turns = s.turns_taken[seat]
    while not s.is_terminal and s.to_act == seat and s.turns_taken[seat] == turns:
        m = s.legal_action_mask()
        s.apply_action(A_PASS if m[A_PASS] else int(np.flatnonzero(m)[0]))


# ------------------------------------------------------------- A1: end without Tours
def _empty_tour_deck(s, top=None):
    """Leave only ``top`` (or nothing) in the Tour deck: the cards under it leave the game."""
    if top is not None:
        place_card(s, top, "tour_deck", len(s.tour_deck) - 1)  # the face-up deck top
        s.tours_out.extend(s.tour_deck[:-1])
        del s.tour_deck[:-1]
    else:
        s.tours_out.extend(s.tour_deck)
        s.tour_deck.clear()
    s.touch()


def test_end_triggered_once_nobody_can_reach_the_trigger():
    """Doc ruling 12: when no player can reach the rulebook's trigger any more (the Tours they hold
    plus the Tours left in the Tour deck and row are fewer than needed), the end is triggered: the
    round is finished and the game is scored."""
    s = state(n=3, where="South America Airport", money=20)
    s.to_act, s.first_player = 1, 0
    s.turns_taken = [1, 0, 0]  # seat 0 has played this round
    top = card("Machu Picchu")
    _empty_tour_deck(s, top)
    choose(s, itin(1, 4, 1, RED, NA, SA))
    s.apply_action(A_PASS)
    walk(s, "Machu Picchu")
    s.apply_action(A_PASS)
    s.apply_action(A_PASS)
    s.apply_action(A_TOUR + top)
    assert not s.end_triggered  # one Tour is far from the trigger
    s.apply_action(A_PASS)  # end of turn: 1 Tour held + 3 left in the row < 5
    assert s.end_triggered and not s.end_still_reachable() and s.tours_left() == 3
    assert s.to_act == 2 and not s.is_terminal  # the round is finished ...
    _finish_turn(s)
    assert s.is_terminal and len(set(s.turns_taken)) == 1  # ... and ends before seat 0 again
    assert not invariant_errors(s)


def test_an_empty_tour_deck_does_not_end_a_game_whose_trigger_is_still_reachable():
    """The ruling must not change a game the rulebook would end: with the Tour deck empty, a player
    holding 4 Tours may still take a 5th from the row, so play goes on, and the 5th Tour ends the
    game by the rulebook's own trigger."""
    s = state(n=2, where="South America Airport", money=20)
    s.first_player = 0
    others = [c for c in s.tour_deck[:-1] if C.CARD_CONTINENT[c] != SA][:4]
    for c in others:
        s.tour_deck.remove(c)
    s.tours[1].extend(others)  # the second seat holds 4 Tours
    _empty_tour_deck(s)
    assert s.tours_left() == 3
    _finish_turn(s)
    assert not s.end_triggered and s.end_still_reachable() and s.to_act == 1
    assert not s.is_terminal


def _random_engine_game(params, seed, ruling=True, cap=E.TrekkingTheWorldGame.max_decisions):
    s = E.TrekkingTheWorldGame(**params).new_initial_state(np.random.default_rng(seed))
    if not ruling:  # the rulebook alone: only the Tour-count trigger ends the game
        s.end_still_reachable = lambda: True
    rng = np.random.default_rng(seed + 1000)
    k = 0
    while not s.is_terminal and k < cap:
        s.apply_action(int(rng.choice(np.flatnonzero(s.legal_action_mask()))))
        k += 1
    return s, k


@pytest.mark.parametrize("seed", range(3))
def test_ruling_12_leaves_every_game_the_rulebook_ends_unchanged(seed):
    """Same seed, same random choices with and without the ruling: a game that ends by the
    rulebook's trigger alone is played identically with it; a game that the rulebook alone cannot
    end (stopped at max_decisions) ends by the ruling."""
    params = dict(num_players=4, tour_deck_size=16, tours_to_end=6)
    ruled, k = _random_engine_game(params, seed)
    plain, k0 = _random_engine_game(params, seed, ruling=False)
    assert ruled.is_terminal
    if plain.is_terminal:
        assert k == k0 and ruled.to_dict() == plain.to_dict()
    else:
        assert max(len(t) for t in ruled.tours) < ruled.params.end_tours and not ruled.end_still_reachable()


def test_no_end_while_the_tour_deck_has_cards():
    s = state(n=2, where="South America Airport", money=20)
    s.tours_out.extend(s.tour_deck[:-2])  # two cards left: the top and one under it
    del s.tour_deck[:-2]
    s.touch()
    _finish_turn(s)
    assert not s.end_triggered and len(s.tour_deck) == 2


def test_solo_game_is_not_ended_by_the_tour_deck():
    """Solo ends by its own rules (the 5th Tour, or the Rival deck empty), never by ruling 12."""
    s = state(n=1, where="South America Airport")
    _empty_tour_deck(s)
    _finish_turn(s)
    assert not s.is_terminal and not s.end_triggered and s.rival_deck
    while not s.is_terminal:
        _finish_turn(s)
    assert not s.rival_deck and s.turns_taken == [C.RIVAL_DECK_SIZE]


# ------------------------------------------------------------- A3: placement order
def test_each_trekker_is_placed_right_before_its_own_first_turn():
    g = E.TrekkingTheWorldGame(num_players=3, auto_forced=False)
    s = g.new_initial_state(np.random.default_rng(5))
    first = s.first_player
    order = [(first + i) % 3 for i in range(3)]
    for i, seat in enumerate(order):
        assert s.phase == "place" and s.to_act == seat
        # every earlier player has placed and played a whole turn; the later ones are not placed
        assert all(s.loc[q] != E.NONE and s.turns_taken[q] == 1 for q in order[:i])
        assert all(s.loc[q] == E.NONE for q in order[i:])
        s.apply_action(A_LOC + C.AIRPORTS[i])
        assert s.phase == "start" and s.to_act == seat and s.loc[seat] == C.AIRPORTS[i]
        _finish_turn(s)
    assert s.phase == "start" and s.to_act == first  # the second round has no placement
    assert not invariant_errors(s)


def test_ha_long_bay_never_targets_an_unplaced_trekker():
    s = state(n=3, where="Zhangjiajie")
    s.loc[2] = E.NONE
    c = card("Ha Long Bay")
    place_card(s, c, "encs", None, player=0)
    s.touch()
    s.apply_action(A_USE + c)
    m = s.legal_action_mask()
    assert m[A_PLAYER + 0] and not m[A_PLAYER + 1]  # seat 1 yes, seat 2 (unplaced) no
    s2 = state(n=2, where="Zhangjiajie")
    s2.loc[1] = E.NONE
    place_card(s2, c, "encs", None, player=0)
    assert not s2.legal_action_mask()[A_USE + c]  # nobody to move


# ------------------------------------------------------ A4: rule B after a flight
def _fly_first(s, airport):
    give_tokens(s, 0, [0, 1, 0, 0])
    s.apply_action(A_FF)
    s.apply_action(A_LOC + loc(airport))


def test_walk_after_frequent_flyer_cannot_end_where_the_turn_began():
    s = state(where="Zhangjiajie")
    _fly_first(s, "Asia Airport")
    choose(s, itin(1, 4, 1, RED, NA, SA))
    s.apply_action(A_PASS)
    assert "Zhangjiajie" not in legal_locations(s)  # the turn began there
    assert {"Angkor Wat", "Taj Mahal"} <= legal_locations(s)


def test_walk_after_frequent_flyer_cannot_pass_where_the_turn_began():
    s = state(where="Zhangjiajie", money=0)
    _fly_first(s, "Asia Airport")
    choose(s, itin(3, 2, 1, BLUE, AF, AS))
    s.apply_action(A_PASS)
    walk(s, "Taj Mahal", "Terracotta Army")
    assert "Zhangjiajie" not in legal_locations(s)
    assert legal_locations(s) == {"Great Wall"}


def test_milford_after_frequent_flyer_may_pass_but_not_end_where_the_turn_began():
    s = state(where="Zhangjiajie")
    milford = card("Milford Sound")
    place_card(s, milford, "encs", None, player=0)
    _fly_first(s, "Asia Airport")
    choose(s, itin(1, 4, 1, RED, NA, SA))
    s.apply_action(A_USE + milford)
    s.apply_action(A_PASS)
    assert "Zhangjiajie" not in legal_locations(s)


def test_galapagos_after_frequent_flyer_cannot_land_where_the_turn_began():
    s = state(where="Zhangjiajie")
    gal = card("Galápagos Islands")
    place_card(s, gal, "encs", None, player=0)
    _fly_first(s, "Asia Airport")
    choose(s, itin(1, 4, 1, RED, NA, SA))
    s.apply_action(A_USE + gal)
    m = s.legal_action_mask()
    assert not m[A_LOC + loc("Zhangjiajie")] and not m[A_LOC + loc("Asia Airport")] and m[A_LOC + loc("Uluru")]


# ------------------------------------------- Souvenirs: the continent where the move ends
@pytest.mark.parametrize("start,end,gains", [
    ("Monteverde Cloud Forest", "Angel Falls", True),   # starts in NA (not pictured), ends in SA (pictured)
    ("Angel Falls", "Monteverde Cloud Forest", False),  # starts in SA (pictured), ends in NA (not pictured)
])
def test_souvenirs_checked_against_the_continent_where_the_move_ends(start, end, gains):
    s = state(where=start)
    hide(s, start, end)
    it = itin(1, 4, 1, YELLOW, SA, EU)
    assert C.NODE_CONTINENT[loc(start)] != C.NODE_CONTINENT[loc(end)]
    choose(s, it)
    s.apply_action(A_PASS)
    walk(s, end)
    s.apply_action(A_PASS)  # money
    s.apply_action(A_PASS)  # souvenirs
    assert s.suitcase[0][YELLOW] == (1 if gains else 0)


# ------------------------------------------- G5: every game ends by its own rules
VARIANT_VALUES = {
    "tours_to_end": [None, 1, 2, 3, 4, 5, 6],
    "tour_deck_size": [16, 20, 24, 28, 32],
    "suitcase_points": ["linear", "steep"],
    "encounter_optional": [False, True],
    "solo_margin": [0, 15, 30],
    "auto_forced": [True, False],
}
HARDEST = dict(tours_to_end=6, tour_deck_size=16)  # most Tours needed from the fewest cards


def _random_env_game(n, seed, **params):
    """One random game through the PettingZoo adapter; returns (decisions, truncated)."""
    import travel_envs

    env = travel_envs.make("trekking_the_world_v0", num_players=n, **params)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    decisions = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            if trunc:
                return decisions, True
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    return decisions, False


def _variants():
    for n in (1, 2, 3, 4, 5):
        yield n, dict(HARDEST)
        for name, values in VARIANT_VALUES.items():
            for v in values:
                yield n, {name: v}


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_random_games_end_by_the_rules_hardest_variant(n):
    for seed in range(2):
        decisions, truncated = _random_env_game(n, seed, **HARDEST)
        assert not truncated and decisions < E.TrekkingTheWorldGame.max_decisions


@pytest.mark.slow
@pytest.mark.parametrize("n,params", list(_variants()))
def test_random_games_end_by_the_rules_every_variant(n, params):
    for seed in range(8 if params == HARDEST else 3):
        _, truncated = _random_env_game(n, 100 + seed, **params)
        assert not truncated, (n, params, seed)


# ------------------------------------------------------------- solo calibration
def test_solo_calibration_rival_decks():
    from collections import Counter

    v1 = Counter(C.RIVAL_DECKS["v1"])
    assert sum(v1.values()) == 28 and sum(k for (row, _), k in v1.items() if row == 0) == 10
    assert C.RIVAL_DECKS["v0-reconstruction"] == C.RIVAL_CARDS  # the component spec's deck, kept
    for calibration, deck in C.RIVAL_DECKS.items():
        s = state(n=1, solo_calibration=calibration)
        taken = Counter()
        while s.rival_deck:
            taken[deck[s.rival_deck[-1]]] += 1
            s._rival_turn()
            s._refill()
        assert taken == Counter(deck)  # the Rival flips exactly its deck's cards
    with pytest.raises(E.ParameterError, match="solo_calibration"):
        E.TrekkingTheWorldGame(num_players=1, solo_calibration="v2")


def _solo_results(calibration, games):
    """Seeds 0..games-1 played by the heuristic: wins per margin, mean score, Rival points, turns."""
    from travel_envs.games.trekking_the_world import HeuristicPolicy

    wins = {0: 0, 15: 0, 30: 0}
    score = rival = turns = 0
    for seed in range(games):
        s = E.TrekkingTheWorldGame(num_players=1, solo_calibration=calibration).new_initial_state(
            np.random.default_rng(seed))
        pol = HeuristicPolicy(seed)
        while not s.is_terminal:
            s.apply_action(pol.act(None, s.legal_action_mask(), s))
        for m in wins:
            wins[m] += s.score(0) >= s.rival_points + m
        score, rival, turns = score + s.score(0), rival + s.rival_points, turns + s.turns_taken[0]
    return {m: w / games for m, w in wins.items()}, score / games, rival / games, turns / games


@pytest.mark.slow
def test_solo_win_rate_by_calibration():
    """The figures of the doc page's "Solo calibration" table (200 games per Rival deck)."""
    v1 = _solo_results("v1", 200)
    v0 = _solo_results("v0-reconstruction", 200)
    for name, (rates, score, rival, turns) in (("v1", v1), ("v0-reconstruction", v0)):
        print(f"solo_calibration={name}: win rate margin 0/15/30 {rates[0]:.3f} / {rates[15]:.3f} / {rates[30]:.3f},"
              f" mean score {score:.1f}, Rival {rival:.1f}, turns {turns:.1f}")
    assert 0.25 <= v1[0][15] <= 0.55 and v1[0][0] > v1[0][15] > v1[0][30]  # a sensible player wins sometimes
    assert v0[0][15] < v1[0][15]
