"""Trek observation encoder (all values in [0, 1]).

The observation of seat ``s`` with ``n`` players is ``n`` player blocks (``PLAYER_LAYOUT``: ``s``
first, then the others in turn order) followed by the table (``TABLE_LAYOUT``): ``23 n + 109``
floats. Both layouts are rows ``(name, size, meaning)``; the offsets (``PLAYER_OFFSETS``,
``TABLE_OFFSETS``), the sizes and ``blocks`` (a named view of an observation) follow from them,
and docs/games/trek.md's observation table is checked against them.

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

#: one block per player
PLAYER_LAYOUT = (
    ("in_game", 1, "1 while the player is in the game"),
    ("position", C.NUM_CAMPS, "position one-hot: Base, camps 1-12"),
    ("cash", 1, "cash c as c / (c + 300)"),
    ("units", 3, "Stores / 54, Mules / 18, Jeeps / 6"),
    ("host", 1, "a host with guests"),
    ("guest", 1, "a guest"),
    ("guests", 1, "guests hosted / 5"),
    ("to_act", 1, "the player to act"),
    ("arrival", 1, "order of arrival at its camp / 5 (0 for a host, a player alone and at Base; k for the "
                   "k-th guest to arrive: when the host leaves, the guest with the smallest value becomes host)"),
)
#: the table, after the player blocks
TABLE_LAYOUT = (
    ("own_hand", C.NUM_CARD_TYPES, "own hand: count of each card type / its copies in the pack"),
    ("markets", 12, "per market (Stores, Mules, Jeeps): price step / last step, units sold at this step / "
                    "units per step, price / top price, pool / pieces"),
    ("piles", 2, "pack size / deck size, discard pile size / deck size"),
    ("discard_top", C.NUM_CARD_TYPES, "top card of the discard pile (one-hot)"),
    ("discard", C.NUM_CARD_TYPES, "discard pile contents per card type / copies (the pile is face up)"),
    ("phase", NUM_PHASES, "phase: play, buy, bankruptcy"),
    ("buy_market", 3, "market being bought (buy phase)"),
    ("debt", 1, "debt d being raised in bankruptcy, as d / (d + 300)"),
    ("turns", 1, "turns begun / `max_turns`"),
    ("sold_back", 3, "units sold to the Bank in the current bankruptcy / pieces, per market (v1: the "
                     "indicators move back by them when the debt is paid, ruling J)"),
    ("known_in_other_hands", C.NUM_CARD_TYPES, "cards known to be in other hands, per type / copies (ruling L): "
                                               "unseen cards beyond what the pack can hold; 0 before the first "
                                               "reshuffle"),
)


def _offsets(layout) -> dict[str, int]:
    out, o = {}, 0
    for name, size, _ in layout:
        out[name] = o
        o += size
    return out


PLAYER_OFFSETS = _offsets(PLAYER_LAYOUT)
TABLE_OFFSETS = _offsets(TABLE_LAYOUT)
PLAYER_BLOCK = sum(size for _, size, _ in PLAYER_LAYOUT)  # 23
GLOBAL_SIZE = sum(size for _, size, _ in TABLE_LAYOUT)  # 109
MONEY_HALF = 300.0  # x / (x + MONEY_HALF): £300 (the starting cash) maps to 0.5

# offsets the writer uses (inside a player block / after the player blocks)
_P_IN_GAME, _P_POS = PLAYER_OFFSETS["in_game"], PLAYER_OFFSETS["position"]
_P_CASH, _P_UNITS = PLAYER_OFFSETS["cash"], PLAYER_OFFSETS["units"]
_P_HOST, _P_GUEST, _P_GUESTS = PLAYER_OFFSETS["host"], PLAYER_OFFSETS["guest"], PLAYER_OFFSETS["guests"]
_P_TO_ACT, _P_ARRIVAL = PLAYER_OFFSETS["to_act"], PLAYER_OFFSETS["arrival"]
_T_HAND, _T_MARKETS, _T_PILES = TABLE_OFFSETS["own_hand"], TABLE_OFFSETS["markets"], TABLE_OFFSETS["piles"]
_T_DISCARD_TOP, _T_DISCARD, _T_PHASE = (TABLE_OFFSETS["discard_top"], TABLE_OFFSETS["discard"],
                                        TABLE_OFFSETS["phase"])
_T_BUY_MARKET, _T_DEBT, _T_TURNS = TABLE_OFFSETS["buy_market"], TABLE_OFFSETS["debt"], TABLE_OFFSETS["turns"]
_T_SOLD_BACK, _T_KNOWN = TABLE_OFFSETS["sold_back"], TABLE_OFFSETS["known_in_other_hands"]


def money(x: float) -> float:
    """Cash or debt in [0, 1), strictly increasing: no two amounts look the same."""
    return x / (x + MONEY_HALF) if x > 0 else 0.0


def observation_size(num_players: int) -> int:
    return PLAYER_BLOCK * num_players + GLOBAL_SIZE


def state_size(num_players: int) -> int:
    return observation_size(num_players) + C.NUM_CARD_TYPES * num_players + 2 * C.NUM_CARD_TYPES


def seat_blocks(num_players: int) -> list[np.ndarray]:
    """The public facts about each player in a view, block k = the player k seats after the viewer
    (``Game.seat_blocks``): its whole ``PLAYER_LAYOUT`` block (nothing in it is private; the own
    hand and the cards known in other hands are table rows)."""
    return [np.arange(k * PLAYER_BLOCK, (k + 1) * PLAYER_BLOCK) for k in range(num_players)]


def blocks(obs: np.ndarray, num_players: int) -> dict[str, np.ndarray]:
    """Named views of an observation: ``"p<k>.<name>"`` for the k-th player block (0 = the
    observing seat), the table rows by name (for tests and debugging)."""
    views = {}
    for k in range(num_players):
        for name, size, _ in PLAYER_LAYOUT:
            o = k * PLAYER_BLOCK + PLAYER_OFFSETS[name]
            views[f"p{k}.{name}"] = obs[o : o + size]
    base = PLAYER_BLOCK * num_players
    for name, size, _ in TABLE_LAYOUT:
        views[name] = obs[base + TABLE_OFFSETS[name] : base + TABLE_OFFSETS[name] + size]
    return views


def layout_tables() -> str:
    """The two layouts as the Markdown tables of docs/games/trek.md (offsets with ``n`` players)."""
    players = "one block per player: the observing seat first, then the others in turn order"
    lines = ["| Offset | Size | Meaning |", "|---|---|---|", f"| 0 | {PLAYER_BLOCK} n | {players} |"]
    for name, size, meaning in TABLE_LAYOUT:
        o = TABLE_OFFSETS[name]
        lines.append(f"| {PLAYER_BLOCK} n{f' + {o}' if o else ''} | {size} | {meaning} |")
    lines += ["", f"Player block ({PLAYER_BLOCK}):", "", "| Offset | Size | Meaning |", "|---|---|---|"]
    lines += [f"| {PLAYER_OFFSETS[name]} | {size} | {meaning} |" for name, size, meaning in PLAYER_LAYOUT]
    return "\n".join(lines)


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
    players = [0.0] * (PLAYER_BLOCK * n)
    for k in range(n):
        q = (seat + k) % n
        if not alive[q]:
            continue
        o = PLAYER_BLOCK * k
        players[o + _P_IN_GAME] = 1.0
        camp = pos[q]
        players[o + _P_POS + camp] = 1.0
        h = state.held[q]
        players[o + _P_CASH] = money(state.cash[q])
        players[o + _P_UNITS] = h[0] * _INV_TOTALS[0]
        players[o + _P_UNITS + 1] = h[1] * _INV_TOTALS[1]
        players[o + _P_UNITS + 2] = h[2] * _INV_TOTALS[2]
        if camp > 0:
            there = occ[camp]
            if len(there) > 1:
                host = min(there, key=arrival.__getitem__)
                if host == q:
                    players[o + _P_HOST] = 1.0
                    players[o + _P_GUESTS] = (len(there) - 1) / 5.0
                else:
                    players[o + _P_GUEST] = 1.0
                    players[o + _P_ARRIVAL] = sum(arrival[x] < arrival[q] for x in there) / 5.0
        if q == current:
            players[o + _P_TO_ACT] = 1.0
    base = PLAYER_BLOCK * n
    out[:base] = players
    o = base + _T_HAND
    out[o : o + C.NUM_CARD_TYPES] = np.asarray(state.hands[seat], dtype=np.float32) * game.inv_card_counts
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
    o = base + _T_MARKETS
    out[o : o + 12] = markets
    deck = game.deck_size
    discard = state.discard
    o = base + _T_PILES
    out[o] = len(state.pack) / deck
    out[o + 1] = len(discard) / deck
    if discard:
        out[base + _T_DISCARD_TOP + discard[-1]] = 1.0
        o = base + _T_DISCARD
        out[o : o + C.NUM_CARD_TYPES] = np.bincount(discard, minlength=C.NUM_CARD_TYPES) * game.inv_card_counts
    if state.phase_id < NUM_PHASES:
        out[base + _T_PHASE + state.phase_id] = 1.0
    if state.buy_market >= 0:
        out[base + _T_BUY_MARKET + state.buy_market] = 1.0
    out[base + _T_DEBT] = money(state.debt)
    max_turns = game.params.max_turns
    if max_turns:
        out[base + _T_TURNS] = min(state.turns / max_turns, 1.0)
    back = state.sold_back
    o = base + _T_SOLD_BACK
    out[o : o + 3] = (back[0] * _INV_TOTALS[0], back[1] * _INV_TOTALS[1], back[2] * _INV_TOTALS[2])
    if state.reshuffles:
        o = base + _T_KNOWN
        out[o : o + C.NUM_CARD_TYPES] = (np.asarray(state.known_in_other_hands(seat), dtype=np.float32)
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
