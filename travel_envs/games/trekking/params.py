"""Trekking parameters: player count, every rulebook variant and every ruling alternative."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from travel_envs.core.game import ParameterError, check_choice, check_range

from . import components as C


@dataclass(frozen=True)
class TrekkingParams:
    #: 1 = solo against the Sunday hikers, 2-4 = multiplayer
    num_players: int = 2
    #: "random" (2 weather + 1 of each other type), "recommended" (first-game plan) or 6 card names
    #: in plan order (weather morning, weather afternoon, summit, orography, fauna, refuge)
    route_plan: Any = "random"
    #: GPS board side; "auto" = basic in multiplayer, by difficulty in solo (easy basic, hard advanced)
    gps_side: str = "auto"
    #: solo difficulty (easy: card 1 removed, you start; hard: card 2 removed, the opponent starts)
    solo_difficulty: str = "easy"
    #: map: the reconstructed configuration "E", or "random" (the spec's generator, from the seed)
    map: str = "E"
    #: energy at the start and the top of the energy indicator
    start_energy: int = C.DEFAULT_START_ENERGY
    energy_max: int = C.DEFAULT_ENERGY_MAX
    #: colours made +1 by (Cloudy, Hot, With hail), a permutation of green/yellow/red
    weather_colour: Any = C.DEFAULT_WEATHER_COLOUR
    #: metres a card covers beyond its profile on the GPS board (vignette coverage)
    vignette_cover_margin: int = 100
    #: "Tall tales of the summits": bonus if the summit round >= current round - window
    summit_recent_window: int = 2
    #: solo animal refill schedule: as with "4p" (rounds 4, 8), "3p" (round 6) or "none"
    solo_refill: str = "4p"
    #: tokens per summit pile in solo mode
    solo_summit_tokens: int = 4
    #: Sunday hikers count as hikers for refuge encounters and summit meetings
    sunday_hikers_are_hikers: bool = True
    #: a rest card may be flipped on the turn it was taken
    rest_flip_same_turn: bool = True
    #: "Searching through the undergrowth" must meet the energy threshold of the drawn animal
    search_requires_threshold: bool = False
    #: start refuges: "choose" (reverse turn order, a decision) or "random"
    start_refuge: str = "choose"

    def __post_init__(self):
        check_range("num_players", self.num_players, 1, 4)
        plan = self.route_plan
        if isinstance(plan, (list, tuple)):
            plan = tuple(plan)
            if len(plan) != 6:
                raise ParameterError(f"route_plan={self.route_plan!r} must list 6 cards in the order {C.PLAN_SLOTS}")
            for slot, deck, card in zip(C.PLAN_SLOTS, C.PLAN_DECKS, plan):
                check_choice(f"route_plan[{slot}]", card, deck)
            if plan[0] == plan[1]:
                raise ParameterError(f"route_plan: the two weather cards must differ, got {plan[0]!r} twice")
            object.__setattr__(self, "route_plan", plan)
        else:
            check_choice("route_plan", plan, ("random", "recommended"))
        check_choice("gps_side", self.gps_side, ("auto", *C.GPS_SIDES))
        check_choice("solo_difficulty", self.solo_difficulty, ("easy", "hard"))
        check_choice("map", self.map, ("E", "random"))
        check_range("energy_max", self.energy_max, max(C.ANIMAL_THRESHOLD), 30)
        check_range("start_energy", self.start_energy, 0, self.energy_max)
        wc = tuple(self.weather_colour) if isinstance(self.weather_colour, (list, tuple)) else None
        if wc is None or sorted(wc) != sorted(C.COLOURS):
            raise ParameterError(
                f"weather_colour={self.weather_colour!r} is not allowed; it must be a permutation of "
                f"{list(C.COLOURS)} giving the colours of (cloudy, hot, hail)")
        object.__setattr__(self, "weather_colour", wc)
        check_choice("vignette_cover_margin", self.vignette_cover_margin, (0, 100, 200))
        check_range("summit_recent_window", self.summit_recent_window, 0, 11)
        check_choice("solo_refill", self.solo_refill, ("4p", "3p", "none"))
        check_range("solo_summit_tokens", self.solo_summit_tokens, 1, 4)
        for name in ("sunday_hikers_are_hikers", "rest_flip_same_turn", "search_requires_threshold"):
            check_choice(name, getattr(self, name), (True, False))
        check_choice("start_refuge", self.start_refuge, ("choose", "random"))

    # derived ------------------------------------------------------------
    @property
    def side(self) -> int:
        if self.gps_side != "auto":
            return C.GPS_SIDES.index(self.gps_side)
        if self.num_players == 1 and self.solo_difficulty == "hard":
            return 1
        return 0

    @property
    def tokens_per_summit(self) -> int:
        return self.solo_summit_tokens if self.num_players == 1 else self.num_players

    @property
    def refill_rounds(self) -> tuple[int, ...]:
        key = {2: "none", 3: "3p", 4: "4p"}.get(self.num_players) or self.solo_refill
        return {"none": (), "3p": (6,), "4p": (4, 8)}[key]
