"""The optional ``chain_features`` observation block (parameter ``chain_features=True``).

A network reading a 49-bit hand has to rediscover, from scratch, which order of
cards reaches an empty hand or the next city: a bounded tree search that a
multi-layer perceptron learns badly (cloning the heuristic without this block
reached 74% agreement and 3% wins against it). This block hands the acting seat
the search's answers, per card id, aligned with the action ids ``play c`` and
``park c``. Everything in it is computed from what the seat may see (own hand,
Journal top, cards played this turn, own next city, key holder, parking spaces,
the opponents' next cities); the seat that is not acting gets only the
per-card facts that do not depend on the turn (``CF_OPP``, ``CF_NEXT``,
``CF_LINKS``, ``CF_AFTER``).

Layout (offsets after the standard observation; every value in [0, 1]):

==========  ====  ===========================================================
CF_PLAY      49   turn: a chain starting with card c: cities advanced / 3
CF_PLAY_KEY  49   ... that chain gains the Skeleton Key
CF_PLAY_USE  49   ... that chain uses the Skeleton Key
CF_CAN_PLAY  49   turn: card c can be played now
CF_STOP       1   turn, Action 2 in progress: stopping now advances (1 city)
CF_BEST       1   turn: cities advanced by the best chain / 3
CF_DRAW       3   turn, before drawing: best chain with the card in parking
                  space i added / 3
CF_PARKED    49   park, before playing: best chain if card c is parked / 3
CF_OPP       49   card c in hand matches an opponent's next city
CF_NEXT      49   card c in hand matches my next city
CF_LINKS     49   card c in hand: other hand cards it matches / 6 (clipped)
CF_AFTER     49   card c in hand matches the city after my next one
CF_PLAY_VAL  49   turn: the search's value of the best chain starting with c
CF_STOP_VAL   1   turn, Action 2 in progress: the value of stopping now
CF_BEST_VAL   1   turn: the value of the best chain
CF_DRAW_VAL   3   turn, before drawing: the value with parking space i's card
CF_PARK_VAL  49   park, before playing: the value of the best chain if c is parked
                  (CF_BEST_VAL then holds the value with every hand card kept)
CF_PLAY_LEN  49   turn: cards in the best chain starting with c / 10 (clipped)
CF_PLAY_TOP  49   turn: a chain starting with c is worth the most (in Action 2: and more
                  than stopping now; ending the turn instead is not rated)
CF_DRAW_UP    3   turn, before drawing: parking space i's card makes the best chain worth more
CF_PARK_COST 49   park, before playing: parking c makes the best chain worth less
==========  ====  ===========================================================

Values are the search's own objective (chains.py: cities advanced, then the key
gained or spent, then cards played), scaled into [0, 1] by :func:`value01`. They
rank chains that advance equally (a longer chain sheds more cards), which
cities-advanced alone cannot. The scaled values are coarse (one card more is
0.0014), so the comparisons that matter come as flags too (CF_PLAY_TOP,
CF_DRAW_UP, CF_PARK_COST), and the chain length on its own (CF_PLAY_LEN).
"""

from __future__ import annotations

import numpy as np

from travel_envs.core.game import GameState

from .actions import IMPROVE, PARK_PHASE, TURN
from .cardset import to_array
from .chains import CARD_VALUE, GAIN_VALUE, KEY_USE_COST, MOVE_VALUE, best_chain, first_card_outcomes
from .components import CITY_MATCH, MATCH, NUM_CARDS, NUM_PARKING, WORLD_SIZE

CF_PLAY = 0
CF_PLAY_KEY = CF_PLAY + NUM_CARDS
CF_PLAY_USE = CF_PLAY_KEY + NUM_CARDS
CF_CAN_PLAY = CF_PLAY_USE + NUM_CARDS
CF_STOP = CF_CAN_PLAY + NUM_CARDS
CF_BEST = CF_STOP + 1
CF_DRAW = CF_BEST + 1
CF_PARKED = CF_DRAW + NUM_PARKING
CF_OPP = CF_PARKED + NUM_CARDS
CF_NEXT = CF_OPP + NUM_CARDS
CF_LINKS = CF_NEXT + NUM_CARDS
CF_AFTER = CF_LINKS + NUM_CARDS
CF_PLAY_VAL = CF_AFTER + NUM_CARDS
CF_STOP_VAL = CF_PLAY_VAL + NUM_CARDS
CF_BEST_VAL = CF_STOP_VAL + 1
CF_DRAW_VAL = CF_BEST_VAL + 1
CF_PARK_VAL = CF_DRAW_VAL + NUM_PARKING
CF_PLAY_LEN = CF_PARK_VAL + NUM_CARDS
CF_PLAY_TOP = CF_PLAY_LEN + NUM_CARDS
CF_DRAW_UP = CF_PLAY_TOP + NUM_CARDS
CF_PARK_COST = CF_DRAW_UP + NUM_PARKING
CF_SIZE = CF_PARK_COST + NUM_CARDS

_MATCH_F = MATCH.astype(np.float32)
_VALUE_LOW = -KEY_USE_COST
_VALUE_SPAN = 3 * MOVE_VALUE + GAIN_VALUE + CARD_VALUE * NUM_CARDS + KEY_USE_COST


def value01(value: float) -> float:
    """A chain value of the search, scaled into [0, 1] (order kept)."""
    return min(max((value - _VALUE_LOW) / _VALUE_SPAN, 0.0), 1.0)


def encode_chain_features(st: GameState, seat: int, out: np.ndarray) -> None:
    """Write the block for ``seat`` of a Globetrotter state (read duck-typed) into ``out``
    (zeroed, length CF_SIZE)."""
    hand_bits = to_array([st.hand_bits[seat]])[0]  # the hand as a bool row
    n = st.n
    world = st.world
    pos = st.pos
    my_city = world[(pos[seat] + 1) % WORLD_SIZE]
    out[CF_NEXT : CF_NEXT + NUM_CARDS] = CITY_MATCH[my_city] & hand_bits
    out[CF_AFTER : CF_AFTER + NUM_CARDS] = CITY_MATCH[world[(pos[seat] + 2) % WORLD_SIZE]] & hand_bits
    opp = np.zeros(NUM_CARDS, bool)
    for k in range(1, n):
        opp |= CITY_MATCH[world[(pos[(seat + k) % n] + 1) % WORLD_SIZE]]
    out[CF_OPP : CF_OPP + NUM_CARDS] = opp & hand_bits
    phase = st.phase_id
    # cards selected for discard (improvement phase) do not stay, so they do not count as links
    h = (hand_bits & ~st.marked if phase == IMPROVE else hand_bits).astype(np.float32)
    links = (_MATCH_F @ h - 1.0) * h  # a card matches itself
    np.minimum(links * (1.0 / 6.0), 1.0, out=out[CF_LINKS : CF_LINKS + NUM_CARDS])

    if st.to_act != seat or phase not in (TURN, PARK_PHASE) or not st.journal:
        return
    hand = [int(c) for c in np.flatnonzero(hand_bits)]
    played = st.played
    in_a2 = bool(played) and not st.a2_done
    prev = tuple(played[-2:])
    top = st.journal[-1]
    key_held = st.key == seat
    args = (top, my_city, key_held, st.key_gained, prev, in_a2)
    if phase == TURN:
        if not st.a2_done:
            stop, per_card = first_card_outcomes(hand, *args)
            best = stop.moves if stop is not None else 0
            best_value = stop.value if stop is not None else _VALUE_LOW
            for c, (value, seq, moves, gains, uses) in per_card.items():
                out[CF_CAN_PLAY + c] = 1.0
                out[CF_PLAY + c] = moves / 3.0
                out[CF_PLAY_VAL + c] = value01(value)
                out[CF_PLAY_LEN + c] = min(len(seq) / 10.0, 1.0)
                if gains:
                    out[CF_PLAY_KEY + c] = 1.0
                if uses:
                    out[CF_PLAY_USE + c] = 1.0
                best = max(best, moves)
                best_value = max(best_value, value)
            if stop is not None:
                out[CF_STOP_VAL] = value01(stop.value)
                if stop.moves:
                    out[CF_STOP] = 1.0
            out[CF_BEST] = best / 3.0
            out[CF_BEST_VAL] = value01(best_value)
            stop_value = stop.value if stop is not None else -1e18
            for c, outcome in per_card.items():
                if outcome.value >= best_value - 1e-9 and outcome.value > stop_value + 1e-9:
                    out[CF_PLAY_TOP + c] = 1.0
        if not st.drew and not in_a2 and max(st.parking) >= 0:
            now = best_chain(hand, *args).value
            for i in range(NUM_PARKING):
                card = st.parking[i]
                if card >= 0:
                    with_card = best_chain(hand + [card], *args)
                    out[CF_DRAW + i] = with_card.moves / 3.0
                    if with_card.sequence:
                        out[CF_DRAW_VAL + i] = value01(with_card.value)
                        if with_card.value > now + 1e-9:
                            out[CF_DRAW_UP + i] = 1.0
    elif not played:  # park, before Action 2: what keeping each card is worth
        kept = best_chain(hand, *args)
        out[CF_BEST_VAL] = value01(kept.value) if kept.sequence else 0.0
        for i, c in enumerate(hand):
            without = best_chain(hand[:i] + hand[i + 1 :], *args)
            out[CF_PARKED + c] = without.moves / 3.0
            out[CF_PARK_VAL + c] = value01(without.value) if without.sequence else 0.0
            if kept.sequence and (not without.sequence or without.value < kept.value - 1e-9):
                out[CF_PARK_COST + c] = 1.0
