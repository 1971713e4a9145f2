"""Itchy Feet parameters: player count, extensions, the Steal variant and the rulings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from travel_envs.core.game import ParameterError, check_choice, check_range

from .components import EXTENSION_NAMES


def normalise_extensions(value: Any) -> tuple[str, ...]:
    """``"all"``, ``"none"``, a name, or an iterable of names -> sorted tuple of names."""
    if value is None or value == "none":
        return ()
    if value == "all":
        return EXTENSION_NAMES
    if isinstance(value, str):
        value = [value]
    try:
        names = list(value)
    except TypeError:
        raise ParameterError(
            f"extensions={value!r} is not allowed; give 'all', 'none' or a list of {list(EXTENSION_NAMES)}"
        ) from None
    for name in names:
        check_choice("extensions", name, EXTENSION_NAMES)
    return tuple(n for n in EXTENSION_NAMES if n in names)


@dataclass(frozen=True)
class ItchyFeetParams:
    """Every variant of the rulebook and every ruling alternative of the component spec.

    num_players: 2-6.
    extensions: any subset of ("events", "special_items", "forbidden_items", "postcards",
        "characters"), or "all" / "none" (default: none, as recommended for a first game).
    steal_action: the original game's STEAL action (discard 1 card, not a forbidden item,
        take a random card from another player's hand); off in the gift edition.
    reactions: ruling 8; False disables the reaction use of Mousetrap and Travel Insurance.
    max_trade_offers: ruling 4; trade offers (started, proposed or cancelled) per turn.
    one_sided_trades: our ruling on "trade 1 or more cards": False (default) = a trade is an
        exchange, at least 1 card each way; True = an offer may also only give or only ask.
    max_turns: ruling 13; at the cap the game ends without a winner (stalemate guard). At most
        1000: random play takes about 9 decisions a turn (up to 128 in one turn), so even the
        longest variant ends by this rule well before the adapter's ``max_decisions`` (30000).
    """

    num_players: int = 2
    extensions: Any = ()
    steal_action: bool = False
    reactions: bool = True
    max_trade_offers: int = 3
    max_turns: int = 300
    one_sided_trades: bool = False

    def __post_init__(self) -> None:
        check_range("num_players", self.num_players, 2, 6)
        object.__setattr__(self, "extensions", normalise_extensions(self.extensions))
        check_choice("steal_action", self.steal_action, (False, True))
        check_choice("reactions", self.reactions, (False, True))
        check_range("max_trade_offers", self.max_trade_offers, 1, 20)
        check_range("max_turns", self.max_turns, 1, 1000)
        check_choice("one_sided_trades", self.one_sided_trades, (False, True))

    def has(self, extension: str) -> bool:
        return extension in self.extensions
