"""Trek parameters: player count, every ruling alternative and every RECONSTRUCTED table."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class TrekParams:
    """Game parameters (see docs/games/trek.md).

    Rulings with alternatives (component spec section 7): ``base_needs_transport``
    (Base -> G1 costs a Mule/Jeep), ``stores_requirement`` ("hold": shown, not
    spent; "spend": returned to the pool on arrival), ``max_turns`` (turn cap: at
    the cap the furthest player wins, ties by cash; 0 = no cap). The price
    ladders, stores requirements, bonuses and card list are RECONSTRUCTED data and
    therefore replaceable.
    """

    num_players: int = 2
    starting_cash: int = C.STARTING_CASH
    base_needs_transport: bool = True
    stores_requirement: str = "hold"
    max_turns: int = 400
    base_contribution: int = C.BASE_CONTRIBUTION
    cash_for_stores_multiplier: int = C.CASH_FOR_STORES_MULTIPLIER
    stores_prices: tuple = C.STORES_PRICES
    mule_prices: tuple = C.MULE_PRICES
    jeep_prices: tuple = C.JEEP_PRICES
    stores_required: tuple = C.STORES_REQUIRED
    camp_bonus: tuple = C.CAMP_BONUS
    camp_card_copies: int = C.CAMP_CARD_COPIES
    buy_cards: int = C.BUY_CARDS
    award_grant_cash: int = C.AWARD_GRANT_CASH
    award_air_drop_stores: int = C.AWARD_AIR_DROP_STORES
    award_mules: int = C.AWARD_MULES
    award_story_cash: int = C.AWARD_STORY_CASH
    claim_total_cash: int = C.CLAIM_TOTAL_CASH
    claim_total_stores: int = C.CLAIM_TOTAL_STORES
    claim_mules: int = C.CLAIM_MULES
    claim_each_cash: int = C.CLAIM_EACH_CASH

    def __post_init__(self):
        check_range("num_players", self.num_players, 2, C.MAX_PLAYERS)
        check_range("starting_cash", self.starting_cash, 0, 100_000)
        check_choice("base_needs_transport", self.base_needs_transport, (True, False))
        check_choice("stores_requirement", self.stores_requirement, ("hold", "spend"))
        check_range("max_turns", self.max_turns, 0, 1_000_000)
        check_range("base_contribution", self.base_contribution, 0, 10_000)
        check_range("cash_for_stores_multiplier", self.cash_for_stores_multiplier, 0, 100)
        set_ = lambda k, v: object.__setattr__(self, k, v)  # noqa: E731 (frozen dataclass)
        set_("stores_prices", _int_tuple("stores_prices", self.stores_prices, len(C.STORES_PRICES), True))
        set_("mule_prices", _int_tuple("mule_prices", self.mule_prices, len(C.MULE_PRICES), True))
        set_("jeep_prices", _int_tuple("jeep_prices", self.jeep_prices, len(C.JEEP_PRICES), True))
        set_("stores_required", _int_tuple("stores_required", self.stores_required, 6))
        if max(self.stores_required) > C.MARKET_TOTALS[C.STORES]:
            raise ParameterError(f"stores_required={self.stores_required!r}: no entry may exceed 54")
        set_("camp_bonus", _int_tuple("camp_bonus", self.camp_bonus, 11))
        check_range("camp_card_copies", self.camp_card_copies, 1, 10)
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
