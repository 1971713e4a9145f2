"""Hand-made Trek positions from a few named facts (rule tests, analysing a position).

``build_state`` deals a normal game from ``seed`` and then sets the facts it is given: the hands,
the top of the pack, the face-up discard pile, and any field of ``TrekState.to_dict`` (``pos``,
``held``, ``cash``, ``sold``, ...). What is not given stays consistent with what is: the pool
is what nobody holds, the Bank's balance keeps the money total, every card is somewhere. The
result is an ordinary state (checked by ``from_dict``), in phase ``play`` with the contribution
of the player to act already made unless the facts say otherwise.

Cards are named as in ``actions``/``render``: ``"c7"`` (camp 7), ``"buy"``, ``"a1"``..``"a4"``
(Awards), ``"k1"``..``"k4"`` (Claims); card type ids pass through.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

import numpy as np

from travel_envs.core.game import ParameterError, check_range

from . import components as C
from .actions import PLAY_PHASE
from .engine import TrekGame, TrekState

_NAMED = {"buy": C.BUY, **{f"a{i + 1}": t for i, t in enumerate(C.AWARD_TYPES)},
          **{f"k{i + 1}": t for i, t in enumerate(C.CLAIM_TYPES)},
          **{f"c{c}": C.camp_card(c) for c in range(1, 13)}}


#: the ``to_dict`` fields a position may set (``turn_player`` is ``to_act``; the Bank's balance follows
#: from the cash)
FACTS = tuple(f for f in TrekState._FIELDS if f not in ("turn_player", "bank")) + ("held", "drawn")


def card(name: str | int) -> int:
    """The card type of ``name``: ``card("c7") == 6``, ``card("buy") == C.BUY``, ``card("k2")``
    the second Claim; an id 0..20 passes through."""
    if isinstance(name, (int, np.integer)) and not isinstance(name, bool):
        if 0 <= name < C.NUM_CARD_TYPES:
            return int(name)
    elif isinstance(name, str) and name.strip().lower() in _NAMED:
        return _NAMED[name.strip().lower()]
    raise ParameterError(f"unknown Trek card {name!r}; use 'c1'..'c12' (camp cards), 'buy', 'a1'..'a4' "
                         f"(Awards), 'k1'..'k4' (Claims) or a card type 0..{C.NUM_CARD_TYPES - 1}")


def cards(*names: str | int) -> list[int]:
    """Card types of several names: ``cards("c12", "c12", "buy", "a1")``."""
    return [card(nm) for nm in names]


def _take(remaining: list[int], wanted: Iterable[int], what: str, game: TrekGame) -> None:
    for t in wanted:
        if t not in remaining:
            raise ParameterError(f"{what} ask for more {C.CARD_NAMES[t]} cards than the pack of this game holds "
                                 f"({game.card_counts[t]})")
        remaining.remove(t)


def build_state(
    num_players: int = 2,
    *,
    params: Mapping[str, Any] | None = None,
    hands: Mapping[int, Iterable[str | int]] | None = None,
    pack_top: Iterable[str | int] = (),
    discard: Iterable[str | int] = (),
    pack_size: int | None = None,
    to_act: int = 0,
    seed: int = 0,
    **facts: Any,
) -> TrekState:
    """A Trek state built from named facts.

    - ``params``: the game's parameters (``economy``, rulings; the game's defaults otherwise);
    - ``hands``: ``{seat: cards}``, at most four cards each; a seat not named gets four filler
      cards, camp cards farthest up first (those a player at Base can least use);
    - ``pack_top``: the top cards of the pack, the last drawn first; the rest of the pack is every
      card not named, in card type order below them;
    - ``discard``: the face-up discard pile, bottom to top;
    - ``pack_size``: keep only this many cards (the top ones) in the pack and put the others face up
      at the bottom of the discard pile (a position just before a reshuffle);
    - ``to_act``: the player whose turn it is (its contribution is made);
    - ``facts``: fields of ``TrekState.to_dict`` (``FACTS``: ``pos``, ``held``, ``cash``, ``sold``,
      ``arrival``, ``seq``, ``turns``, ``phase_id``, ``debt``, ...). ``held`` without ``pool`` sets
      the pool to what nobody holds; ``pos`` without ``arrival`` makes the lower seat the earlier
      arrival (the host).

    Everyone starts with the starting cash, the Bank holds what is not in hand; a fact the game
    cannot reach (a card or unit that does not exist, a value out of range) raises ParameterError.
    """
    game = TrekGame(num_players=num_players, **dict(params or {}))
    n = game.num_players
    d = game.new_initial_state(np.random.default_rng(seed)).to_dict()
    unknown = sorted(set(facts) - set(FACTS))
    if unknown:
        raise ParameterError(f"unknown Trek position facts {unknown}; the player to act is to_act=, the other "
                             f"facts are fields of TrekState.to_dict: {list(FACTS)}")
    hands = {seat: cards(*h) for seat, h in dict(hands or {}).items()}
    for seat, h in hands.items():
        check_range("a seat in hands", seat, 0, n - 1)
        if len(h) > C.HAND_SIZE:
            raise ParameterError(f"hands[{seat}] has {len(h)} cards; a hand holds at most {C.HAND_SIZE}")
    pack_top, discard = cards(*pack_top), cards(*discard)

    remaining = [t for t, k in enumerate(game.card_counts) for _ in range(k)]
    _take(remaining, discard + pack_top + [t for h in hands.values() for t in h], "the hands, pack_top and discard",
          game)
    # filler hands from the cards a player at Base can least use: camp cards far away (camp 12 first)
    filler = sorted(remaining, key=lambda t: (t == C.BUY or t >= 13, -t if t < 12 else 0))
    for seat in range(n):
        if seat not in hands:
            hands[seat] = [filler.pop(0) for _ in range(C.HAND_SIZE)]
            _take(remaining, hands[seat], "the filler hands", game)
    d["hands"] = [[hands[seat].count(t) for t in range(C.NUM_CARD_TYPES)] for seat in range(n)]
    pack = remaining + pack_top
    if pack_size is not None:
        check_range("pack_size", pack_size, 0, len(pack))  # the cards not in a hand or on the pile
        cut = len(pack) - int(pack_size)
        pack, discard = pack[cut:], pack[:cut] + discard
    d["pack"], d["discard"] = pack, discard

    d["cash"] = [game.params.starting_cash] * n
    d.update({"turns": 1, "phase_id": PLAY_PHASE, "buy_market": -1, "debt": 0, "to_draw": 0, "turn_player": to_act})
    d.update(facts)
    if "held" in facts and "pool" not in facts:
        d["pool"] = [C.MARKET_TOTALS[m] - sum(h[m] for h in d["held"]) for m in range(3)]
    d["bank"] = n * game.params.starting_cash - sum(d["cash"])
    if "pos" in facts and "arrival" not in facts:
        d["arrival"] = [i + 1 for i in range(n)]
        d["seq"] = n + 1
    state = game.state_from_dict(d)
    _check_people(state)
    return state


def _check_people(s: TrekState) -> None:
    """What ``from_dict`` does not check: who is in the game, and that the player to act is."""
    for q in range(s.num_players):
        out = s.pos[q] < 0
        if out == s.alive[q]:
            raise ParameterError(f"seat {q}: pos {s.pos[q]} and alive {s.alive[q]} disagree (pos -1 = out of the game)")
        if out and (sum(s.hands[q]) or any(s.held[q]) or s.cash[q]):
            raise ParameterError(f"seat {q} is out of the game but still holds cards, units or cash")
    if not s.is_terminal and not s.alive[s.current_player]:
        raise ParameterError(f"to_act={s.current_player} is out of the game")
