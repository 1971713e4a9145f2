"""Readable text rendering of a Trek table (``render_mode="ansi"``)."""

from __future__ import annotations

from . import components as C

COLOURS = ("Red", "Blue", "Green", "Yellow", "White", "Black")


def _who(state, q: int) -> str:
    return f"P{q}"


def render_text(state) -> str:
    p = state.game.params
    n = state.num_players
    lines = []
    if state.is_terminal:
        lines.append(f"Trek - game over ({state.end_reason}); winner(s): "
                     + ", ".join(f"P{w}" for w in state.winner_list))
    else:
        lines.append(f"Trek - turn {state.turns}, P{state.turn_player} to act, phase {state.phase}")
    lines.append("Camp ladder (group: camp [stores needed, bonus] trekkers; * = host, g = guest)")
    for g in range(C.NUM_GROUPS - 1, -1, -1):
        cells = []
        for camp in C.GROUP_CAMPS[g]:
            occ = state.occupants(camp)
            if camp == C.BASE:
                label = "Base"
                tags = [_who(state, q) for q in occ]
            else:
                bonus = "WIN" if camp == C.SUMMIT else f"£{p.camp_bonus[camp - 1]}"
                label = f"{camp:>2} [{p.stores_required[g - 1]}, {bonus}]"
                tags = [_who(state, q) + ("*" if i == 0 and len(occ) > 1 else "g" if i else "")
                        for i, q in enumerate(occ)]
            cells.append(f"{label} {' '.join(tags) if tags else '.'}")
        lines.append(f"  G{g}: " + " | ".join(cells))
    lines.append("Sales Indicators (price, units sold at this price / per step, pool):")
    for m in range(3):
        lines.append(f"  {C.MARKET_NAMES[m]:<6} £{state.price(m):>3}  {state.units_hand(m)}/{C.UNITS_PER_STEP[m]}"
                     f"  pool {state.pool[m]:>2}/{C.MARKET_TOTALS[m]}")
    lines.append("Players:")
    for q in range(n):
        mark = ">" if q == state.current_player else " "
        if not state.alive[q]:
            lines.append(f" {mark}P{q} ({COLOURS[q]}): out of the game")
            continue
        camp = "Base" if state.pos[q] == 0 else f"camp {state.pos[q]}"
        h = state.held[q]
        lines.append(f" {mark}P{q} ({COLOURS[q]}): £{state.cash[q]:<4} Stores {h[0]:>2}  Mules {h[1]}  "
                     f"Jeeps {h[2]}  at {camp}")
    lines.append(f"Pack {len(state.pack)} cards, discard pile {len(state.discard)}"
                 + (f" (top: {C.CARD_NAMES[state.discard[-1]]})" if state.discard else ""))
    if not state.is_terminal:
        seat = state.turn_player
        hand = [C.CARD_NAMES[t] for t in range(C.NUM_CARD_TYPES) for _ in range(state.hands[seat][t])]
        lines.append(f"P{seat}'s hand: " + ", ".join(hand))
        if state.phase_id == 1:
            lines.append(f"Buying {C.MARKET_NAMES[state.buy_market]}")
        elif state.phase_id == 2:
            lines.append(f"Bankrupt: must raise £{state.debt} (has £{state.cash[seat]})")
    return "\n".join(lines)
