"""The parameters of trekking_the_world_v0: variants and rulings with alternatives, checked on creation."""

from __future__ import annotations

from dataclasses import dataclass

from travel_envs.core.game import check_choice, check_range

from . import components as C


@dataclass(frozen=True)
class TrekkingTheWorldParams:
    """Parameters (see docs/games/trekking_the_world.md).

    num_players: 1 (solo mode against the Rival deck) to 5.
    tours_to_end: Tours that trigger the end; None = 5 (1-3 players) or 4 (4-5 players);
        1-6 allowed ("longer game": up to 6).
    suitcase_points: "linear" (5..35) or "steep" (2, 5, 9, 14, 20, 27, 35) column points.
    encounter_optional: False (ruling 11: gaining the Encounter at your location is mandatory).
    cube_overflow: "lose" (ruling 8: a cube whose row is full stays in the supply).
    tour_deck_size: cards of the 48 that form the Tour deck (ruling 2), the rest the Encounter deck.
    solo_margin: solo win needs score >= Rival points + margin (0 easy / 15 normal / 30 hard).
    solo_calibration: the Rival deck: "v1" (10 Tour cards of 28, calibrated by simulation) or
        "v0-reconstruction" (the component spec's 14 Tour cards).
    auto_forced: apply decisions that have a single legal action automatically.
    move_by_end: a move is one decision naming where it ends (the walk there is the one leaving the
        most money, then passing the fewest locations) instead of one decision per step: an action
        set for learners, who then need not find paths on the map step by step.
    location_features: append per-location features to the observation (what each location offers and
        its distance from the seat's Trekker: ``location_features.py``), public facts indexed by location
        for policies whose actions name locations.
    plan_features: append per-plan features (where the move being made and each Itinerary on offer
        can end, and the money and Souvenir cubes arriving there gives: ``plan_features.py``), rule
        consequences of public facts for policies that score a move by its ends.
    """

    num_players: int = 2
    tours_to_end: int | None = None
    suitcase_points: str = "linear"
    encounter_optional: bool = False
    cube_overflow: str = "lose"
    tour_deck_size: int = 24
    solo_margin: int = 15
    solo_calibration: str = "v1"
    auto_forced: bool = True
    move_by_end: bool = False
    location_features: bool = False
    plan_features: bool = False

    def __post_init__(self):
        check_range("num_players", self.num_players, 1, 5)
        if self.tours_to_end is not None:
            check_range("tours_to_end", self.tours_to_end, 1, 6)
        check_choice("suitcase_points", self.suitcase_points, tuple(C.COLUMN_POINTS))
        check_choice("encounter_optional", self.encounter_optional, (False, True))
        check_choice("cube_overflow", self.cube_overflow, ("lose",))
        check_range("tour_deck_size", self.tour_deck_size, 16, 32)
        check_choice("solo_margin", self.solo_margin, (0, 15, 30))
        check_choice("solo_calibration", self.solo_calibration, tuple(C.RIVAL_DECKS))
        check_choice("auto_forced", self.auto_forced, (True, False))
        check_choice("move_by_end", self.move_by_end, (False, True))
        check_choice("location_features", self.location_features, (False, True))
        check_choice("plan_features", self.plan_features, (False, True))

    @property
    def end_tours(self) -> int:
        if self.tours_to_end is not None:
            return self.tours_to_end
        return 5 if self.num_players <= 3 else 4
