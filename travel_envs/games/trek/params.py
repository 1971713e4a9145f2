"""Trek parameters: player count, every ruling alternative and every RECONSTRUCTED table."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from travel_envs.core.game import ParameterError, check_choice, check_range

from . import components as C


def _int_tuple(name: str, value, length: int | None, increasing: bool = False) -> tuple[int, ...]:
    try:
        items = tuple(value)
    except TypeError:
        raise ParameterError(f"{name}={value!r} is not allowed; it must be a list of positive integers") from None
    if length is not None and len(items) != length:
        raise ParameterError(f"{name}={value!r} is not allowed; it must have exactly {length} entries")
    if not items:
        raise ParameterError(f"{name}={value!r} is not allowed; it must not be empty")
    for i, v in enumerate(items):
        check_range(f"{name}[{i}]", v, 0, 10_000)
    if increasing and any(b < a for a, b in zip(items, items[1:])):
        raise ParameterError(f"{name}={value!r} is not allowed; prices must not decrease")
    return tuple(int(v) for v in items)


#: when the discard pile becomes the pack: "at once" (rulebook: when the pack is exhausted) or
#: "at next draw" (the first implementation's timing, kept to reproduce its games)
RESHUFFLE_TIMINGS = ("at once", "at next draw")


@dataclass(frozen=True)
class TrekParams:
    """Game parameters (see docs/games/trek.md).

    Rulings with alternatives (docs/games/trek.md, "Rulings"): ``base_needs_transport``
    (Base -> G1 costs a Mule/Jeep), ``stores_requirement`` ("hold": shown, not
    spent; "spend": returned to the pool on arrival), ``max_turns`` (the turn cap,
    1-1000: the rulebook has no stop for endless sideways moves, so every game needs
    one), ``reshuffle`` (when the discard pile becomes the pack). ``economy`` names a
    set of RECONSTRUCTED data (price ladders, stores requirements, bonuses, card list,
    indicator rule; ``components.ECONOMIES``); each of its values can also be given on
    its own, which overrides the set.
    """

    num_players: int = 2
    starting_cash: int = C.STARTING_CASH
    base_needs_transport: bool = True
    stores_requirement: str = "hold"
    max_turns: int = 400
    reshuffle: str = "at once"
    economy: str = C.DEFAULT_ECONOMY
    base_contribution: int = C.BASE_CONTRIBUTION
    cash_for_stores_multiplier: int = C.CASH_FOR_STORES_MULTIPLIER
    # RECONSTRUCTED data: None takes the value of the ``economy`` set
    stores_prices: tuple | None = None
    mule_prices: tuple | None = None
    jeep_prices: tuple | None = None
    stores_required: tuple | None = None
    camp_bonus: tuple | None = None
    camp_card_copies: int | tuple | None = None  # one count for every camp, or 12 counts
    buy_cards: int | None = None
    award_grant_cash: int | None = None
    award_air_drop_stores: int | None = None
    award_mules: int | None = None
    award_story_cash: int | None = None
    claim_total_cash: int | None = None
    claim_total_stores: int | None = None
    claim_mules: int | None = None
    claim_each_cash: int | None = None
    indicator_falls_on_return: bool | None = None
    cap_winner: str | None = None  # at the turn cap: "furthest" player wins, or all "survivors" share

    def __post_init__(self):
        check_range("num_players", self.num_players, 2, C.MAX_PLAYERS)
        check_choice("economy", self.economy, tuple(C.ECONOMIES))
        set_ = lambda k, v: object.__setattr__(self, k, v)  # noqa: E731 (frozen dataclass)
        for name, value in C.ECONOMIES[self.economy].items():
            if getattr(self, name) is None:
                set_(name, value)
        check_range("base_contribution", self.base_contribution, 0, 10_000)
        # a player who cannot pay the first Base contribution would be out before any decision
        if not (isinstance(self.starting_cash, int) and self.base_contribution <= self.starting_cash <= 100_000):
            raise ParameterError(
                f"starting_cash={self.starting_cash!r} is not allowed; it must be an integer >= the Base "
                f"contribution ({self.base_contribution}) and <= 100000, or every player would be out at once"
            )
        check_choice("reshuffle", self.reshuffle, RESHUFFLE_TIMINGS)
        check_choice("indicator_falls_on_return", self.indicator_falls_on_return, (True, False))
        check_choice("cap_winner", self.cap_winner, ("furthest", "survivors"))
        check_choice("base_needs_transport", self.base_needs_transport, (True, False))
        check_choice("stores_requirement", self.stores_requirement, ("hold", "spend"))
        check_range("max_turns", self.max_turns, 1, 1000)
        check_range("cash_for_stores_multiplier", self.cash_for_stores_multiplier, 0, 100)
        set_("stores_prices", _int_tuple("stores_prices", self.stores_prices, len(C.STORES_PRICES), True))
        set_("mule_prices", _int_tuple("mule_prices", self.mule_prices, len(C.MULE_PRICES), True))
        set_("jeep_prices", _int_tuple("jeep_prices", self.jeep_prices, len(C.JEEP_PRICES), True))
        set_("stores_required", _int_tuple("stores_required", self.stores_required, 6))
        if max(self.stores_required) > C.MARKET_TOTALS[C.STORES]:
            raise ParameterError(f"stores_required={self.stores_required!r}: no entry may exceed 54")
        set_("camp_bonus", _int_tuple("camp_bonus", self.camp_bonus, 11))
        copies = self.camp_card_copies
        if isinstance(copies, (int, np.integer)) and not isinstance(copies, bool):
            check_range("camp_card_copies", copies, 1, 10)
            set_("camp_card_copies", int(copies))
        else:
            copies = _int_tuple("camp_card_copies", copies, 12)
            if min(copies) < 1 or max(copies) > 10:
                raise ParameterError(f"camp_card_copies={copies!r} is not allowed; every count must be 1..10")
            set_("camp_card_copies", copies)
        check_range("buy_cards", self.buy_cards, 0, 40)
        for name in ("award_grant_cash", "award_air_drop_stores", "award_mules", "award_story_cash",
                     "claim_total_cash", "claim_total_stores", "claim_mules", "claim_each_cash"):
            check_range(name, getattr(self, name), 0, 10_000)
        deck = sum(C.card_counts(self.camp_card_copies, self.buy_cards))
        if deck < C.HAND_SIZE * self.num_players + 2:
            raise ParameterError(
                f"camp_card_copies={self.camp_card_copies}, buy_cards={self.buy_cards}: the pack of {deck} "
                f"cards is too small for {self.num_players} hands of {C.HAND_SIZE}"
            )

    @property
    def ladders(self) -> tuple[tuple[int, ...], ...]:
        return (self.stores_prices, self.mule_prices, self.jeep_prices)
