"""Trek observation encoder (all values in [0, 1]).

Observation of seat ``s`` with ``n`` players, size ``23 n + 109``:

| offset            | size | meaning                                                          |
|-------------------|------|------------------------------------------------------------------|
| 0                 | 23 n | one block per player, ``s`` first, then the others in turn order |
| 23 n              | 21   | own hand: count of each card type / copies of that type in pack  |
| 23 n + 21         | 12   | per market (Stores, Mules, Jeeps): price step / last step, units  |
|                   |      | hand / units per step, price / top price, pool / pieces          |
| 23 n + 33         | 2    | pack size / deck, discard pile size / deck                       |
| 23 n + 35         | 21   | top card of the discard pile (one-hot; face up)                  |
| 23 n + 56         | 21   | discard pile contents per card type / copies (face up)           |
| 23 n + 77         | 3    | phase one-hot: play, buy, bankruptcy                             |
| 23 n + 80         | 3    | market being bought (buy phase) one-hot                          |
| 23 n + 83         | 1    | debt to the Bank being raised (bankruptcy), d / (d + 300)        |
| 23 n + 84         | 1    | turns begun / max_turns                                         |
| 23 n + 85         | 3    | units sold to the Bank in this bankruptcy / pieces, per market   |
|                   |      | (falling indicator: it moves back by these when the debt is paid)|
| 23 n + 88         | 21   | cards known to be in other hands, per type / copies: unseen cards |
|                   |      | beyond what the pack can hold (the pile that became the pack at   |
|                   |      | the last reshuffle, less the seat's own draws since)             |

Player block (23): 0 in the game; 1-13 position one-hot (Base, camps 1-12);
14 cash c as c / (c + 300); 15 Stores / 54; 16 Mules / 18; 17 Jeeps / 6; 18 is a
host with guests; 19 is a guest; 20 guests hosted / 5; 21 is the seat to act;
22 order of arrival at its camp / 5 (0: host or alone or at Base; k: the k-th
guest to arrive, who becomes host after the k earlier arrivals have left).

Money has no ceiling (bonuses, awards and claims keep coming), so cash and debt
use ``x / (x + 300)``: strictly increasing, never clipped, every reachable value
distinct (a step of £1 at £100 000 still moves the value by ~3e-8, above
float32 resolution near 1 only up to about £70 000; no simulated game comes near).

The state tensor (size ``obs + 21 n + 42``) is seat 0's observation, then every
hand (21 per seat, seat order), the pack contents per card type (21) and the top
card of the pack (one-hot, 21).
"""

from __future__ import annotations

import numpy as np

from . import components as C
from .actions import NUM_PHASES

PLAYER_BLOCK = 23
GLOBAL_SIZE = 109
MONEY_HALF = 300.0  # x / (x + MONEY_HALF): £300 (the starting cash) maps to 0.5


def money(x: float) -> float:
    """Cash or debt in [0, 1), strictly increasing: no two amounts look the same."""
    return x / (x + MONEY_HALF) if x > 0 else 0.0


def observation_size(num_players: int) -> int:
    return PLAYER_BLOCK * num_players + GLOBAL_SIZE


def state_size(num_players: int) -> int:
    return observation_size(num_players) + C.NUM_CARD_TYPES * num_players + 2 * C.NUM_CARD_TYPES


_INV_TOTALS = tuple(1.0 / t for t in C.MARKET_TOTALS)


def _write(state, seat: int, out: np.ndarray) -> None:
    n = state.num_players
    game = state.game
    pos, arrival, alive = state.pos, state.arrival, state.alive
    # camp -> seats there (camps 1..12); the host is the earliest arrival
    occ: dict[int, list[int]] = {}
    for q in range(n):
        if pos[q] > 0:
            occ.setdefault(pos[q], []).append(q)
    current = state.current_player
    blocks = [0.0] * (PLAYER_BLOCK * n)
    for k in range(n):
        q = (seat + k) % n
        if not alive[q]:
            continue
        o = PLAYER_BLOCK * k
        blocks[o] = 1.0
        camp = pos[q]
        blocks[o + 1 + camp] = 1.0
        h = state.held[q]
        blocks[o + 14] = money(state.cash[q])
        blocks[o + 15] = h[0] * _INV_TOTALS[0]
        blocks[o + 16] = h[1] * _INV_TOTALS[1]
        blocks[o + 17] = h[2] * _INV_TOTALS[2]
        if camp > 0:
            there = occ[camp]
            if len(there) > 1:
                host = min(there, key=arrival.__getitem__)
                if host == q:
                    blocks[o + 18] = 1.0
                    blocks[o + 20] = (len(there) - 1) / 5.0
                else:
                    blocks[o + 19] = 1.0
                    blocks[o + 22] = sum(arrival[x] < arrival[q] for x in there) / 5.0
        if q == current:
            blocks[o + 21] = 1.0
    out[: PLAYER_BLOCK * n] = blocks
    o = PLAYER_BLOCK * n
    out[o : o + C.NUM_CARD_TYPES] = np.asarray(state.hands[seat], dtype=np.float32) * game.inv_card_counts
    o += C.NUM_CARD_TYPES
    markets = []
    for m in range(3):
        ladder = game.ladders[m]
        last = len(ladder) - 1
        sold = state.sold[m]
        per = C.UNITS_PER_STEP[m]
        step = sold // per
        if step > last:
            step, units = last, sold - last * per
        else:
            units = sold % per
        markets += (step / last if last else 0.0, min(units / per, 1.0),
                    ladder[step] / ladder[-1] if ladder[-1] else 0.0, state.pool[m] * _INV_TOTALS[m])
    out[o : o + 12] = markets
    o += 12
    deck = game.deck_size
    discard = state.discard
    out[o] = len(state.pack) / deck
    out[o + 1] = len(discard) / deck
    o += 2
    if discard:
        out[o + discard[-1]] = 1.0
        o += C.NUM_CARD_TYPES
        out[o : o + C.NUM_CARD_TYPES] = np.bincount(discard, minlength=C.NUM_CARD_TYPES) * game.inv_card_counts
        o += C.NUM_CARD_TYPES
    else:
        o += 2 * C.NUM_CARD_TYPES
    if state.phase_id < NUM_PHASES:
        out[o + state.phase_id] = 1.0
    o += NUM_PHASES
    if state.buy_market >= 0:
        out[o + state.buy_market] = 1.0
    o += 3
    out[o] = money(state.debt)
    max_turns = game.params.max_turns
    if max_turns:
        out[o + 1] = min(state.turns / max_turns, 1.0)
    back = state.sold_back
    out[o + 2 : o + 5] = (back[0] * _INV_TOTALS[0], back[1] * _INV_TOTALS[1], back[2] * _INV_TOTALS[2])
    if state.reshuffles:
        out[o + 5 : o + 5 + C.NUM_CARD_TYPES] = (np.asarray(state.known_in_other_hands(seat), dtype=np.float32)
                                                 * game.inv_card_counts)


def encode_observation(state, seat: int, out: np.ndarray) -> None:
    """Write ``seat``'s view: public data plus its own hand only."""
    _write(state, seat, out)


def encode_state(state, out: np.ndarray) -> None:
    """Everything: seat 0's view, every hand, the pack's contents and its top card."""
    game = state.game
    n = state.num_players
    _write(state, 0, out)
    o = observation_size(n)
    for q in range(n):
        out[o : o + C.NUM_CARD_TYPES] = np.asarray(state.hands[q], dtype=np.float32) * game.inv_card_counts
        o += C.NUM_CARD_TYPES
    if state.pack:
        out[o : o + C.NUM_CARD_TYPES] = np.bincount(state.pack, minlength=C.NUM_CARD_TYPES) * game.inv_card_counts
        out[o + C.NUM_CARD_TYPES + state.pack[-1]] = 1.0
