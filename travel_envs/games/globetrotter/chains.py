"""Card-chain search: the best order to play hand cards onto the Travel Journal.

Planning a chain (which card first, when to use the Skeleton Key, where to
stop) is the hard, combinatorial part of a Globetrotter turn. One depth-first
search serves two users:

* the heuristic (:mod:`.heuristic`) plays the best chain it finds;
* the optional ``chain_features`` observation block (:mod:`.chain_features`)
  tells a learning agent what each first card can lead to, so that a network
  does not have to rediscover a bounded search from a bit vector.

A simplification: a key gained in the middle of a chain is not planned to be
used later in the same chain (the rules allow it, ruling 6).

It reads only what the acting seat may see: its own hand, the Journal top, the
cards it played this turn, its next city and the key's holder. Results are
memoised (the search is deterministic in its arguments), which makes repeated
questions within a turn (draw, park, play) cheap.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, NamedTuple

from .components import CITY_MATCH_LIST, COLOUR_OF, MATCH_LIST, VEHICLE_OF

NODE_BUDGET = 2500
_MEMO_LIMIT = 50_000  # entries per memo (~350 bytes each), cleared when full

#: value weights of a stopping point: cities advanced first, then the key
MOVE_VALUE, GAIN_VALUE, KEY_USE_COST, CARD_VALUE = 100.0, 12.0, 15.0, 0.5


class Outcome(NamedTuple):
    """The best chain found: what the search answers."""

    value: float  # the search's objective (MOVE_VALUE per city, the key, CARD_VALUE per card)
    sequence: tuple[int, ...]  # cards in play order; empty: stop now / nothing playable
    moves: int  # cities advanced (0-3)
    gains_key: bool
    uses_key: bool


#: the search's own nodes are plain tuples in Outcome's field order (cheaper to build); the public
#: functions hand out Outcome records
_Raw = tuple[float, tuple[int, ...], int, bool, bool]

_memo: dict[tuple, Outcome] = {}
_first_memo: dict[tuple, tuple[Outcome | None, Mapping[int, Outcome]]] = {}


class _Search:
    """Depth-first search over play orders (at most one key use) with a node budget."""

    def __init__(self, city: int, key_held: bool, key_gained: bool) -> None:
        self.city_row = CITY_MATCH_LIST[city]
        self.key_held = key_held
        self.key_gained = key_gained
        self.nodes = 0

    def stop(self, last: int, remaining: int, used_key: bool, gained: bool, n_played: int) -> _Raw:
        moves = (1 if self.city_row[last] else 0) + (2 if remaining == 0 else 0)
        v = MOVE_VALUE * moves + (GAIN_VALUE if gained else 0.0) - (KEY_USE_COST if used_key else 0.0)
        return v + CARD_VALUE * n_played, (), moves, gained, used_key

    def step(self, hand: list[int], i: int, top: int, used_key: bool, gained: bool,
             recent: list[int], n_played: int) -> _Raw | None:
        """The best outcome after playing ``hand[i]`` next; None if it cannot be played."""
        c = hand[i]
        with_key = top >= 0 and not MATCH_LIST[top][c]
        if with_key and (used_key or not self.key_held):
            return None
        rest = hand[:i] + hand[i + 1 :]
        r = recent[-2:] + [c]
        g = gained
        if not g and not self.key_gained and len(r) == 3 and not (self.key_held and not (used_key or with_key)):
            a, b = r[0], r[1]
            if (COLOUR_OF[a] == COLOUR_OF[b] == COLOUR_OF[c]) or (VEHICLE_OF[a] == VEHICLE_OF[b] == VEHICLE_OF[c]):
                g = True
        if not rest:  # an empty hand advances at once
            return self.stop(c, 0, used_key or with_key, g, n_played + 1)
        return self.dfs(rest, c, used_key or with_key, g, r, n_played + 1, True)

    def dfs(self, hand: list[int], top: int, used_key: bool, gained: bool, recent: list[int],
            n_played: int, can_stop: bool) -> _Raw:
        self.nodes += 1
        best = self.stop(top, len(hand), used_key, gained, n_played) if can_stop else (-1e9, (), 0, False, False)
        if not hand or self.nodes > NODE_BUDGET:
            return best
        for i in range(len(hand)):
            out = self.step(hand, i, top, used_key, gained, recent, n_played)
            if out is not None and out[0] > best[0]:
                best = (out[0], (hand[i],) + out[1], out[2], out[3], out[4])
            if self.nodes > NODE_BUDGET:
                break
        return best


def _memo_key(hand: list[int], top: int, city: int, key_held: bool, key_gained: bool,
              prev: tuple[int, ...], can_stop: bool) -> tuple:
    if len(_memo) > _MEMO_LIMIT:
        _memo.clear()
    if len(_first_memo) > _MEMO_LIMIT:
        _first_memo.clear()
    return (tuple(hand), top, city, key_held, key_gained, prev, can_stop)


def best_chain(hand: list[int], top: int, city: int, key_held: bool, key_gained: bool,
               prev: tuple[int, ...], can_stop: bool) -> Outcome:
    """The best chain from ``hand`` (in this order) onto ``top``.

    ``city``: the player's next city face; ``key_held``: the player holds the
    Skeleton Key; ``key_gained``: it was gained this turn (no second gain);
    ``prev``: the last (up to two) cards played this turn; ``can_stop``: Action 2
    is in progress, so stopping now (no further card) is an option. An empty
    sequence means: stop now (or, if ``can_stop`` is false, nothing playable).
    """
    key = _memo_key(hand, top, city, key_held, key_gained, prev, can_stop)
    hit = _memo.get(key)
    if hit is None:
        hit = Outcome._make(_Search(city, key_held, key_gained).dfs(list(hand), top, False, False, list(prev), 0,
                                                                   can_stop))
        _memo[key] = hit
    return hit


def first_card_outcomes(hand: list[int], top: int, city: int, key_held: bool, key_gained: bool,
                        prev: tuple[int, ...], can_stop: bool) -> tuple[Outcome | None, Mapping[int, Outcome]]:
    """(outcome of stopping now or None, {card: best outcome of a chain that starts with card}).

    Each first card gets its own search budget, so every playable card is rated. The mapping is
    shared by the memo, hence read-only.
    """
    key = _memo_key(hand, top, city, key_held, key_gained, prev, can_stop)
    hit = _first_memo.get(key)
    if hit is not None:
        return hit
    search = _Search(city, key_held, key_gained)
    stop = Outcome._make(search.stop(top, len(hand), False, False, 0)) if can_stop else None
    per_card: dict[int, Outcome] = {}
    recent = list(prev)
    for i, c in enumerate(hand):
        search.nodes = 0
        out = search.step(hand, i, top, False, False, recent, 0)
        if out is not None:
            per_card[c] = Outcome(out[0], (c,) + out[1], out[2], out[3], out[4])
    hit = (stop, MappingProxyType(per_card))
    _first_memo[key] = hit
    return hit
