"""Readable text of a Trek table: the whole table (``render_mode="ansi"``) and one seat's view
(``observation_text``: public facts and that seat's own hand only)."""

from __future__ import annotations

from . import components as C

COLOURS = ("Red", "Blue", "Green", "Yellow", "White", "Black")


def _who(state, q: int) -> str:
    return f"P{q}"


def render_text(state) -> str:
    """The table, with the hand of the player to act (what ``render_mode="ansi"`` shows)."""
    lines = _table_lines(state)
    if not state.is_terminal:
        seat = state.turn_player
        lines.append(f"P{seat}'s hand: " + _hand(state, seat))
        lines += _phase_lines(state)
    return "\n".join(lines)


def observation_text(state, seat: int) -> str:
    """``seat``'s view: every public fact its observation carries, its own hand, no other hand."""
    lines = [f"View of P{seat} ({COLOURS[seat]})"] + _table_lines(state)
    cap = state.game.params.max_turns
    lines.append(f"Turns begun: {state.turns}" + (f" of {cap} (turn cap)" if cap else " (no turn cap)"))
    pile = [C.CARD_SHORT[t] + f" x{state.discard.count(t)}" for t in range(C.NUM_CARD_TYPES) if t in state.discard]
    lines.append("Discard pile (face up): " + (", ".join(pile) if pile else "empty"))
    others = [f"P{q} {sum(state.hands[q])}" for q in range(state.num_players) if q != seat and state.alive[q]]
    lines.append("Cards in other hands (hidden): " + (", ".join(others) if others else "none"))
    lines.append(f"Your hand: " + (_hand(state, seat) if state.alive[seat] else "(out of the game)"))
    if not state.is_terminal:
        lines += _phase_lines(state)
    return "\n".join(lines)


def _hand(state, seat: int) -> str:
    return ", ".join(C.CARD_NAMES[t] for t in range(C.NUM_CARD_TYPES) for _ in range(state.hands[seat][t]))


def _phase_lines(state) -> list[str]:
    if state.phase_id == 1:
        return [f"P{state.turn_player} is buying {C.MARKET_NAMES[state.buy_market]}"]
    if state.phase_id == 2:
        return [f"P{state.turn_player} is bankrupt: must raise £{state.debt} (has £{state.cash[state.turn_player]})"]
    return []


def _table_lines(state) -> list[str]:
    p = state.game.params
    n = state.num_players
    lines = []
    if state.is_terminal:
        lines.append(f"Trek - game over ({state.end_reason}); winner(s): "
                     + ", ".join(f"P{w}" for w in state.winner_list))
    else:
        lines.append(f"Trek - turn {state.turns}, P{state.turn_player} to act, phase {state.phase}")
    lines.append("Camp ladder (group: camp [stores needed, bonus] trekkers in order of arrival; "
                 "* = host, g = guest)")
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
    return lines
