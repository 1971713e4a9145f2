"""Build hand-made Itchy Feet positions from a few named facts (rule tests, examples, analysis).

``build_state`` deals a fresh game with ``seed``, then sets the facts given (hands, piles,
countries, characters, what the table knows, whose turn it is) and returns the turn
player's main decision at the start of a turn: an ordinary state (``apply_action``,
``to_dict``, ...). Facts not given stay as dealt. The builder is for rule scenarios, so
cards the facts leave out are simply not in the game; a fact no game could show (an unknown
card, more copies than the box holds, a card of an extension not in play, a country twice,
a seat that does not exist) raises :class:`ParameterError` naming it (``beyond_the_box``
lets a rule test go past the card counts on purpose).

    build_state(3, hands={0: ["Passport", "Camera"], 1: []}, draw=["Umbrella"], turn=0,
                extensions=["events"])
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

import numpy as np

from travel_envs.core.game import ParameterError

from .actions import P_MAIN
from .components import (CARD_NAMES, CHARACTER_NAMES, COUNTRY_NAMES, EXTENSION_CARDS, ITEM_COPIES, ITEMS,
                         NUM_CARD_TYPES, NUM_CHARACTERS, NUM_COUNTRIES, NUM_PASSPORTS, PASSPORT)
from .engine import ItchyFeetGame, ItchyFeetState

Card = int | str

_BY_NAME = {name.lower(): t for t, name in enumerate(CARD_NAMES)}


def card(name_or_id: Card) -> int:
    """``card("Camera") == 1``; ``card("mom's credit card") == MOMS_CARD``; ids pass through."""
    if isinstance(name_or_id, (int, np.integer)) and not isinstance(name_or_id, bool):
        if 0 <= name_or_id < NUM_CARD_TYPES:
            return int(name_or_id)
    elif isinstance(name_or_id, str) and name_or_id.strip().lower() in _BY_NAME:
        return _BY_NAME[name_or_id.strip().lower()]
    raise ParameterError(f"unknown card {name_or_id!r}; give a card type 0-{NUM_CARD_TYPES - 1} "
                         f"or one of the names {list(CARD_NAMES)}")


def counts(cards: Iterable[Card]) -> list[int]:
    """A card list (ids or names) as copies per card type (how the engine holds a hand)."""
    c = [0] * NUM_CARD_TYPES
    for t in cards:
        c[card(t)] += 1
    return c


def box_copies(game: ItchyFeetGame) -> list[int]:
    """Copies of each card type the box holds for ``game``'s extensions (passports: all 6)."""
    total = [0] * NUM_CARD_TYPES
    for t in ITEMS:
        total[t] = ITEM_COPIES
    total[PASSPORT] = NUM_PASSPORTS
    for name in game.params.extensions:
        for t in EXTENSION_CARDS[name]:
            total[t] += 1
    return total


def build_state(
    num_players: int = 2,
    *,
    hands: Mapping[int, list[Card]] | None = None,
    draw: list[Card] | None = None,
    discard: list[Card] | None = None,
    own: list[int] | None = None,
    centre: int | None = None,
    turn: int = 0,
    characters: list[int] | None = None,
    known: Mapping[int, list[Card]] | None = None,
    seed: int = 0,
    beyond_the_box: bool = False,
    **params: Any,
) -> ItchyFeetState:
    """Seat ``turn``'s main decision, turn 1, in a game with ``params``.

    hands: {seat: cards} (seats not named hold nothing); draw, discard: cards, the top last;
    own: each seat's own country, -1 = done (heading for the centre); centre: the centre
    country; characters: one per seat, -1 = none (needs the ``characters`` extension
    otherwise); known: {seat: cards the whole table knows that seat holds}. Countries and
    characters are ids (``components.COUNTRY_NAMES`` / ``CHARACTER_NAMES``); cards are ids
    or names. ``beyond_the_box=True`` lets the cards given hold more copies than the box (or
    cards of an extension not in play): positions no game reaches, to guard a rule's edge.
    """
    game = ItchyFeetGame(num_players=num_players, **params)
    n = num_players
    d = game.new_initial_state(np.random.default_rng(seed)).to_dict()
    if isinstance(turn, bool) or not (isinstance(turn, (int, np.integer)) and 0 <= turn < n):
        raise ParameterError(f"turn={turn!r}: a seat 0-{n - 1} of this {n}-player game")
    if hands is not None:
        _check_seats("hands", hands, n)
        d["hands"] = [counts(hands.get(s, [])) for s in range(n)]
        d["sizes"] = [sum(h) for h in d["hands"]]
    if draw is not None:
        d["draw"] = [card(t) for t in draw]
    if discard is not None:
        d["discard"] = [card(t) for t in discard]
    if not beyond_the_box:
        _check_copies(game, hands, draw, discard)
    if own is not None:
        if len(own) != n:
            raise ParameterError(f"own={own!r}: one country per seat ({n}), -1 for a seat heading for the centre")
        d["own_country"] = [_country("own", c, allow_done=True) for c in own]
        d["home_done"] = [c < 0 for c in own]
    if centre is not None:
        d["centre"] = _country("centre", centre)
    in_play = [c for c in d["own_country"] if c >= 0] + [d["centre"]]
    if len(set(in_play)) != len(in_play):
        names = [COUNTRY_NAMES[c] for c in in_play]
        raise ParameterError(f"a country is in play twice (own countries and centre: {names})")
    d["unused"] = [c for c in range(NUM_COUNTRIES) if c not in in_play]
    d["away"], d["completed"] = [], []
    d["done_country"] = [-1] * n
    if characters is not None:
        d["characters"] = _characters(game, characters)
    d["known"] = [[0] * NUM_CARD_TYPES for _ in range(n)]
    if known is not None:
        _check_seats("known", known, n)
        for s, cards in known.items():
            k = counts(cards)
            if any(a > b for a, b in zip(k, d["hands"][s])):
                raise ParameterError(f"known[{s}] = {cards!r}: the table cannot know cards hand {s} does not hold")
            d["known"][s] = k
    d.update(turn_player=turn, ph=P_MAIN, actor=turn, stack=[], actions_left=1, actions_done=0,
             offers_made=0, lounge_used=False, announced=-1, partner=-1, event=-1, turn_number=1)
    return game.state_from_dict(d)


def _check_seats(what: str, by_seat: Mapping[int, Any], n: int) -> None:
    bad = [s for s in by_seat if isinstance(s, bool) or not (isinstance(s, (int, np.integer)) and 0 <= s < n)]
    if bad:
        raise ParameterError(f"{what}: seat(s) {bad} do not exist in a {n}-player game (seats 0-{n - 1})")


def _check_copies(game: ItchyFeetGame, hands, draw, discard) -> None:
    """The given hands and piles together hold no more copies of a card than the box."""
    given = [0] * NUM_CARD_TYPES
    for cards in [*(hands or {}).values(), draw or [], discard or []]:
        for t, c in enumerate(counts(cards)):
            given[t] += c
    box = box_copies(game)
    for t in range(NUM_CARD_TYPES):
        if given[t] > box[t]:
            if box[t] == 0:
                ext = next(name for name, cards in EXTENSION_CARDS.items() if t in cards)
                raise ParameterError(f"{CARD_NAMES[t]} belongs to the {ext!r} extension, which is not in play "
                                     f"(extensions={list(game.params.extensions)})")
            raise ParameterError(f"{given[t]} copies of {CARD_NAMES[t]} given; the game has {box[t]}")


def _country(what: str, c: Any, allow_done: bool = False) -> int:
    low = -1 if allow_done else 0
    if isinstance(c, (int, np.integer)) and not isinstance(c, bool) and low <= c < NUM_COUNTRIES:
        return int(c)
    done = " or -1 (done)" if allow_done else ""
    raise ParameterError(f"{what}: country {c!r} is not a country id 0-{NUM_COUNTRIES - 1}{done} "
                         f"({', '.join(f'{i} {name}' for i, name in enumerate(COUNTRY_NAMES))})")


def _characters(game: ItchyFeetGame, characters: list[int]) -> list[int]:
    n = game.num_players
    if len(characters) != n:
        raise ParameterError(f"characters={characters!r}: one per seat ({n}), -1 for none")
    for c in characters:
        if isinstance(c, bool) or not (isinstance(c, (int, np.integer)) and -1 <= c < NUM_CHARACTERS):
            raise ParameterError(f"characters: {c!r} is not a character id 0-{NUM_CHARACTERS - 1} or -1 "
                                 f"({', '.join(f'{i} {name}' for i, name in enumerate(CHARACTER_NAMES))})")
    dealt = [c for c in characters if c >= 0]
    if dealt and not game.params.has("characters"):
        raise ParameterError(f"characters={characters!r} need the 'characters' extension")
    if len(set(dealt)) != len(dealt):
        raise ParameterError(f"characters={characters!r}: each character exists once")
    return [int(c) for c in characters]
