"""Trek observation encoder (all values in [0, 1]).

Observation of seat ``s`` with ``n`` players, size ``22 n + 85``:

| offset            | size | meaning                                                          |
|-------------------|------|------------------------------------------------------------------|
| 0                 | 22 n | one block per player, ``s`` first, then the others in turn order |
| 22 n              | 21   | own hand: count of each card type / copies of that type in pack  |
| 22 n + 21         | 12   | per market (Stores, Mules, Jeeps): price step / last step, units  |
|                   |      | hand / units per step, price / top price, pool / pieces          |
| 22 n + 33         | 2    | pack size / deck, discard pile size / deck                       |
| 22 n + 35         | 21   | top card of the discard pile (one-hot; face up)                  |
| 22 n + 56         | 21   | discard pile contents per card type / copies (face up)           |
| 22 n + 77         | 3    | phase one-hot: play, buy, bankruptcy                             |
| 22 n + 80         | 3    | market being bought (buy phase) one-hot                          |
| 22 n + 83         | 1    | debt to the Bank being raised (bankruptcy) / 500, clipped        |
| 22 n + 84         | 1    | turns begun / max_turns (0 without a cap)                        |

Player block (22): 0 in the game; 1-13 position one-hot (Base, camps 1-12);
14 cash / 1000 (clipped); 15 Stores / 54; 16 Mules / 18; 17 Jeeps / 6; 18 is a
host with guests; 19 is a guest; 20 guests hosted / 5; 21 is the seat to act.

The state tensor (size ``obs + 21 n + 42``) is seat 0's observation, then every
hand (21 per seat, seat order), the pack contents per card type (21) and the top
card of the pack (one-hot, 21).
"""

from __future__ import annotations

import numpy as np

from . import components as C

PLAYER_BLOCK = 22
GLOBAL_SIZE = 85
CASH_SCALE = 1000.0
DEBT_SCALE = 500.0


def observation_size(num_players: int) -> int:
    return PLAYER_BLOCK * num_players + GLOBAL_SIZE


def state_size(num_players: int) -> int:
    return observation_size(num_players) + C.NUM_CARD_TYPES * num_players + 2 * C.NUM_CARD_TYPES


def _player_block(state, q: int, out: np.ndarray, o: int) -> None:
    if not state.alive[q]:
        return
    out[o] = 1.0
    camp = state.pos[q]
    out[o + 1 + camp] = 1.0
    cash = state.cash[q] / CASH_SCALE
    out[o + 14] = cash if cash < 1.0 else 1.0
    h = state.held[q]
    out[o + 15] = h[0] / C.MARKET_TOTALS[0]
    out[o + 16] = h[1] / C.MARKET_TOTALS[1]
    out[o + 17] = h[2] / C.MARKET_TOTALS[2]
    if camp > 0:
        occ = state.occupants(camp)
        if len(occ) > 1:
            if occ[0] == q:
                out[o + 18] = 1.0
                out[o + 20] = (len(occ) - 1) / 5.0
            else:
                out[o + 19] = 1.0
    if q == state.current_player:
        out[o + 21] = 1.0


def _write(state, seat: int, out: np.ndarray) -> None:
    n = state.num_players
    game = state.game
    p = game.params
    for k in range(n):
        _player_block(state, (seat + k) % n, out, PLAYER_BLOCK * k)
    o = PLAYER_BLOCK * n
    out[o : o + C.NUM_CARD_TYPES] = np.asarray(state.hands[seat], dtype=np.float32) * game.inv_card_counts
    o += C.NUM_CARD_TYPES
    ladders = p.ladders
    for m in range(3):
        last = len(ladders[m]) - 1
        out[o] = state.step_index(m) / last if last else 0.0
        out[o + 1] = min(state.units_hand(m) / C.UNITS_PER_STEP[m], 1.0)
        top = ladders[m][-1]
        out[o + 2] = state.price(m) / top if top else 0.0
        out[o + 3] = state.pool[m] / C.MARKET_TOTALS[m]
        o += 4
    deck = game.deck_size
    out[o] = len(state.pack) / deck
    out[o + 1] = len(state.discard) / deck
    o += 2
    if state.discard:
        out[o + state.discard[-1]] = 1.0
    o += C.NUM_CARD_TYPES
    if state.discard:
        out[o : o + C.NUM_CARD_TYPES] = (
            np.bincount(state.discard, minlength=C.NUM_CARD_TYPES) * game.inv_card_counts
        )
    o += C.NUM_CARD_TYPES
    if state.phase_id < 3:
        out[o + state.phase_id] = 1.0
    o += 3
    if state.buy_market >= 0:
        out[o + state.buy_market] = 1.0
    o += 3
    out[o] = min(state.debt / DEBT_SCALE, 1.0)
    if p.max_turns:
        out[o + 1] = min(state.turns / p.max_turns, 1.0)


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
