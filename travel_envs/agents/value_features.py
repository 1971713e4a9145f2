"""Per-seat features of an unfinished position, for the search's fitted cut-off values.

Each function maps a state to one row of numbers per seat, read from public facts and that seat's
own cards only (in a determinization the other seats' cards are sampled, so reading them is fair
there too, but the rows below do not need them). :mod:`.mcts_values` weighs the rows with weights
fitted on self-play positions (``python -m training.fit_search_values``) and turns the weighed
difference between seats into a value in [-1, 1].

A row's names are listed next to the function (:data:`FEATURES`): the fitting tool prints its
weights by name, and the weights stored in :mod:`.mcts_values` must have one entry per name.
"""

from __future__ import annotations

from typing import Callable

from travel_envs.core.game import GameState

Rows = Callable[[GameState], list[list[float]]]


# ----------------------------------------------------------------------------- Trekking the World
def trekking_the_world_features(state) -> list[list[float]]:
    """Points so far, money, the next Suitcase column's points times the share of rows already
    reaching it, the best affordable Tour on offer per step of distance, Tours and Encounters held."""
    from travel_envs.games.trekking_the_world import components as C

    columns = C.COLUMN_POINTS[state.params.suitcase_points]
    offered = [c for c in state.available_tours() if c >= 0]
    rows = []
    for p in range(state.num_players):
        suitcase = state.suitcase[p]
        filled = min(suitcase)
        next_column = 0.0
        if filled < len(columns):
            gain = columns[filled] - (columns[filled - 1] if filled else 0)
            next_column = gain * sum(1 for x in suitcase if x > filled) / len(suitcase)
        money, here = state.money[p], state.loc[p]
        reach = 0.0
        for c in offered:
            if state.tour_price(c) <= money:
                reach = max(reach, C.TOUR_POINTS[c] / (1.0 + C.STEPS[here][C.CARD_LOCATION[c]]))
        rows.append([float(state.score(p)), float(money), next_column, reach,
                     float(len(state.tours[p])), float(len(state.encs[p]))])
    return rows


# ----------------------------------------------------------------------------- Itchy Feet
def itchy_feet_features(state) -> list[list[float]]:
    """Own country done, the items of the next destination in hand (own country, then the centre),
    passport, postcards (4 win), Mom's Credit Card, forbidden items, hand size."""
    from travel_envs.games.itchy_feet.components import (COUNTRY_ITEMS, FORBIDDEN, MOMS_CARD, PASSPORT,
                                                         POSTCARD)

    rows = []
    for p in range(state.num_players):
        h = state.hands[p]
        done = bool(state.home_done[p])
        country = state.centre if done else state.own_country[p]
        have = sum(1 for t in COUNTRY_ITEMS[country] if h[t]) if country >= 0 else 0
        rows.append([float(done), float(have), float(h[PASSPORT] > 0), float(h[POSTCARD]),
                     float(h[MOMS_CARD] > 0), float(sum(h[t] for t in FORBIDDEN)), float(state.sizes[p])])
    return rows


# ----------------------------------------------------------------------------- Globetrotter
def globetrotter_features(state) -> list[list[float]]:
    """Points so far, the points the round would give if it ended now (the cities ahead of each
    seat behind: the rule of ``_end_round``), the city reached, cards in hand, the Skeleton Key held."""
    pos, n = state.pos, state.n
    return [[float(state.score[p]), float(sum(pos[p] - pos[q] for q in range(n) if pos[q] < pos[p])),
             float(pos[p]), float(state.hand_size[p]), float(state.key == p)] for p in range(n)]


# ----------------------------------------------------------------------------- Trek
def trek_features(state) -> list[list[float]]:
    """Camp reached (out of the game: -1), cash in hundreds of pounds, Stores, Mules and Jeeps held,
    cards in hand, still in the game."""
    rows = []
    for p in range(state.num_players):
        stores, mules, jeeps = state.held[p]
        rows.append([float(state.pos[p]), state.cash[p] / 100.0, float(stores), float(mules), float(jeeps),
                     float(sum(state.hands[p])), float(state.alive[p])])
    return rows


#: game name -> (feature rows, the feature names in row order)
FEATURES: dict[str, tuple[Rows, tuple[str, ...]]] = {
    "trekking_the_world": (trekking_the_world_features,
                           ("points", "money", "next_suitcase_column", "tour_in_reach", "tours", "encounters")),
    "globetrotter": (globetrotter_features, ("points", "round_points_now", "city", "cards", "skeleton_key")),
    "trek": (trek_features, ("camp", "cash_100", "stores", "mules", "jeeps", "cards", "alive")),
    "itchy_feet": (itchy_feet_features,
                   ("home_done", "next_items_held", "passport", "postcards", "moms_card", "forbidden", "hand_size")),
}
