"""The ``ansi`` rendering: the table as readable text."""

from __future__ import annotations

from . import actions as A
from .components import CARD_NAMES, CHARACTER_NAMES, COUNTRY_ITEMS, COUNTRY_NAMES, ITEM_NAMES, NUM_CARD_TYPES


def hand_text(counts) -> str:
    parts = [f"{CARD_NAMES[t]}" + (f" x{c}" if c > 1 else "") for t, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "(empty)"


def country_text(c: int) -> str:
    return f"{COUNTRY_NAMES[c]} [{', '.join(ITEM_NAMES[i] for i in COUNTRY_ITEMS[c])}]"


def render_text(state) -> str:
    from .engine import PHASES

    n = state.num_players
    lines = [f"Itchy Feet - turn {state.turn_number}, player {state.turn_player} to play"
             + (f", {state.actions_left} action(s) left" if state.actions_left > 1 else "")]
    lines.append(f"Centre country: {country_text(state.centre)}")
    for s in range(n):
        c = state.own_country[s]
        where = country_text(c) if c >= 0 else "own country done -> heading for the centre"
        char = f" ({CHARACTER_NAMES[state.characters[s]]})" if state.characters[s] >= 0 else ""
        mark = ">" if s == state.actor else " "
        lines.append(f"{mark} player {s}{char}: {state.sizes[s]} cards; {where}")
    top = CARD_NAMES[state.discard[-1]] if state.discard else "(empty)"
    lines.append(f"Draw pile: {len(state.draw)} cards; discard pile: {len(state.discard)} cards, top: {top}")
    if state.partner >= 0:
        give = hand_text(state.give)
        ask = hand_text(state.ask)
        lines.append(f"Offer under negotiation: player {state.turn_player} -> player {state.partner}: "
                     f"gives {give}; asks for {ask}")
    if state.announced >= 0:
        lines.append(f"Announced: {A.describe(state.announced)}")
    if state.terminal:
        if state.winner >= 0:
            lines.append(f"GAME OVER - player {state.winner} wins")
        else:
            lines.append("GAME OVER - turn limit reached, nobody wins")
    else:
        lines.append(f"Decision: player {state.actor}, phase {PHASES[state.ph]}")
        lines.append(f"Hand of player {state.actor}: {hand_text(state.hands[state.actor])}")
        if state.peek:
            lines.append(f"Local Guide shows: {hand_text([state.peek.count(t) for t in range(NUM_CARD_TYPES)])}")
    return "\n".join(lines)
