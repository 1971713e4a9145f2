"""Build hand-made Globetrotter states from a few named facts (rule tests, examples, analysing a
position).

``build_state`` fills in everything not given from a fresh game and puts the
movement cards nobody holds into the deck, so all 49 cards stay accounted for.
Cards may be given as ids or names (``"yellow car"``). A fact that cannot be
(an unknown card or field, a card in two places, a world of the wrong size, a
turn without a Journal card) raises ParameterError naming it.
"""

from __future__ import annotations

from typing import Any, Iterable

import numpy as np

from travel_envs.core.game import ParameterError

from .components import COLOURS, HAND_SIZE, NUM_CARDS, VEHICLES, WILD, WORLD_SIZE, card_id
from .engine import Globetrotter, GlobetrotterState


def card(name_or_id: int | str) -> int:
    """``card("yellow car") == 34``; ``card("wild") == WILD``; ids pass through."""
    if isinstance(name_or_id, (int, np.integer)):
        return int(name_or_id)
    name = name_or_id.strip().lower()
    if name == "wild":
        return WILD
    for colour in sorted(COLOURS, key=len, reverse=True):
        if name.startswith(colour + " "):
            vehicle = name[len(colour) + 1 :]
            if vehicle in VEHICLES:
                return card_id(colour, vehicle)
    raise ParameterError(f"unknown card {name_or_id!r}; use '<colour> <vehicle>' with {COLOURS} and {VEHICLES}")


def cards(items: Iterable[int | str]) -> list[int]:
    """:func:`card` of each item."""
    return [card(c) for c in items]


def build_state(
    num_players: int = 2,
    *,
    hands: list[list[int | str]] | dict[int, list[int | str]] | None = None,
    journal: list[int | str] | None = None,
    parking: list[int | str | None] | None = None,
    world: dict[int, int | str] | list[int | str] | None = None,
    deck: list[int | str] | None = None,
    seed: int = 0,
    params: dict[str, Any] | None = None,
    **fields: Any,
) -> GlobetrotterState:
    """A state in phase ``turn`` (unless ``phase=`` says otherwise).

    hands: one card list per seat, or {seat: cards} (the other seats are dealt 5 cards
    from the cards not placed, like the deck; for analysing a position from one seat);
    journal: bottom..top; parking: 3 entries
    (None = empty); world: a full list of 12 faces or {city index: face};
    deck: bottom..top (default: every remaining card, shuffled by ``seed``).
    Other keyword arguments override ``to_dict`` fields (``pos``, ``cur``,
    ``start``, ``key``, ``score``, ``round``, ``played``, ``drew``, ``known`` ...).
    """
    if params and "num_players" in params:
        raise ParameterError("params: give the player count as build_state's first argument, not in params")
    game = Globetrotter(num_players=num_players, **(params or {}))
    rng = np.random.default_rng(seed)
    base = game.new_initial_state(rng).to_dict()
    d = dict(base)
    d["phase"] = "turn"
    d["cur"] = fields.pop("cur", d["start"])
    d["improved"] = num_players
    dealt: list[int] = []  # seats the builder deals to (hands given as a dict without them)
    if isinstance(hands, dict):
        for seat in hands:
            if not isinstance(seat, (int, np.integer)) or not 0 <= seat < num_players:
                raise ParameterError(f"hands: seat {seat!r} does not exist; seats are 0..{num_players - 1}")
        dealt = [p for p in range(num_players) if p not in hands]
        hands = [hands.get(p, []) for p in range(num_players)]
    if hands is not None:
        if len(hands) != num_players:
            raise ParameterError(f"hands: {len(hands)} hands given for {num_players} players; give one list per seat")
        d["hands"] = [sorted(cards(h)) for h in hands]
    d["journal"] = cards(journal) if journal is not None else [d["deck"][-1]]
    if not d["journal"] and fields.get("phase", "turn") in ("turn", "park", "choose_opponent"):
        raise ParameterError("journal: empty, but a turn needs the Journal top (give at least one card)")
    if parking is not None:
        d["parking"] = [-1 if c is None else card(c) for c in parking]
    if world is not None:
        if not isinstance(world, dict) and len(world) != WORLD_SIZE:
            raise ParameterError(f"world: {len(world)} faces given; give all {WORLD_SIZE} or a dict {{city: face}}")
        w = list(d["world"])
        items = world.items() if isinstance(world, dict) else enumerate(world)
        for i, face in items:
            if not isinstance(i, (int, np.integer)) or not 0 <= i < WORLD_SIZE:
                raise ParameterError(f"world: city {i!r} does not exist; cities are 0..{WORLD_SIZE - 1}")
            w[i] = card(face)
        d["world"] = w
    used = {c for h in d["hands"] for c in h} | set(d["journal"]) | {c for c in d["parking"] if c >= 0}
    if deck is not None:
        d["deck"] = cards(deck)
        used |= set(d["deck"])
    if deck is None or dealt:
        rest = [c for c in range(NUM_CARDS) if c not in used]
        rest = [rest[int(i)] for i in rng.permutation(len(rest))]
        for p in dealt:
            if len(rest) < HAND_SIZE:
                raise ParameterError(f"hands: only {len(rest)} cards left to deal to seat {p}; place fewer cards")
            rest, d["hands"][p] = rest[:-HAND_SIZE], sorted(rest[-HAND_SIZE:])
        if deck is None:
            d["deck"] = rest
    d["discards"] = []
    if "known" in fields:  # known[o][h]: cards seat o knows in seat h's hand, as names or ids
        fields["known"] = [[cards(k) for k in row] for row in fields["known"]]
    for k, v in fields.items():
        if k not in d:
            raise ParameterError(f"unknown state field {k!r}; known: {sorted(d)}")
        d[k] = v
    return GlobetrotterState.from_dict(game, d)
