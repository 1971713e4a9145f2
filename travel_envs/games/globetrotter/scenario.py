"""Build hand-made Globetrotter states (rule tests, examples, debugging).

``build_state`` fills in everything not given from a fresh game and puts the
movement cards nobody holds into the deck, so all 49 cards stay accounted for.
Cards may be given as ids or names (``"yellow car"``).
"""

from __future__ import annotations

from typing import Any, Iterable

import numpy as np

from .components import COLOURS, NUM_CARDS, VEHICLES, WILD, WORLD_SIZE, card_id
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
    raise ValueError(f"unknown card {name_or_id!r}; use '<colour> <vehicle>' with {COLOURS} and {VEHICLES}")


def cards(items: Iterable[int | str]) -> list[int]:
    return [card(c) for c in items]


def build_state(
    num_players: int = 2,
    *,
    hands: list[list[int | str]] | None = None,
    journal: list[int | str] | None = None,
    parking: list[int | str | None] | None = None,
    world: dict[int, int | str] | list[int | str] | None = None,
    deck: list[int | str] | None = None,
    seed: int = 0,
    params: dict[str, Any] | None = None,
    **fields: Any,
) -> GlobetrotterState:
    """A state in phase ``turn`` (unless ``phase=`` says otherwise).

    hands: one card list per seat; journal: bottom..top; parking: 3 entries
    (None = empty); world: a full list of 12 faces or {city index: face};
    deck: bottom..top (default: every remaining card, shuffled by ``seed``).
    Other keyword arguments override ``to_dict`` fields (``pos``, ``cur``,
    ``start``, ``key``, ``score``, ``round``, ``played``, ``drew``, ``known`` ...).
    """
    game = Globetrotter(num_players=num_players, **(params or {}))
    rng = np.random.default_rng(seed)
    base = game.new_initial_state(rng).to_dict()
    d = dict(base)
    d["phase"] = "turn"
    d["cur"] = fields.pop("cur", d["start"])
    d["improved"] = num_players
    if hands is not None:
        d["hands"] = [sorted(cards(h)) for h in hands]
    d["journal"] = cards(journal) if journal is not None else [d["deck"][-1]]
    if parking is not None:
        d["parking"] = [-1 if c is None else card(c) for c in parking]
    if world is not None:
        w = list(d["world"])
        items = world.items() if isinstance(world, dict) else enumerate(world)
        for i, face in items:
            w[i] = card(face)
        assert len(w) == WORLD_SIZE
        d["world"] = w
    used = {c for h in d["hands"] for c in h} | set(d["journal"]) | {c for c in d["parking"] if c >= 0}
    if deck is None:
        rest = [c for c in range(NUM_CARDS) if c not in used]
        d["deck"] = [rest[int(i)] for i in rng.permutation(len(rest))]
    else:
        d["deck"] = cards(deck)
    d["discards"] = []
    if "known" in fields:  # known[o][h]: cards seat o knows in seat h's hand, as names or ids
        fields["known"] = [[cards(k) for k in row] for row in fields["known"]]
    for k, v in fields.items():
        if k not in d:
            raise KeyError(f"unknown state field {k!r}; known: {sorted(d)}")
        d[k] = v
    return GlobetrotterState.from_dict(game, d)
