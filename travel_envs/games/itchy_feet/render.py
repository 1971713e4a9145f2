"""Text views: the ``ansi`` rendering (the whole table) and one seat's view (``observation_text``)."""

from __future__ import annotations

from . import actions as A
from .components import (CARD_NAMES, CHARACTER_NAMES, COUNTRY_ITEMS, COUNTRY_NAMES, EVENT_NAMES, EVENTS,
                         ITEM_NAMES, NUM_CARD_TYPES)


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


def _counts(cards) -> list[int]:
    c = [0] * NUM_CARD_TYPES
    for t in cards:
        c[t] += 1
    return c


def observation_text(state, seat: int) -> str:
    """What ``seat`` sees and remembers, as text: the facts its observation vector holds
    (own hand; others' hand sizes and the cards the table knows they hold; the public table)
    and nothing hidden from it. Players are listed from ``seat`` on, clockwise."""
    from .engine import PHASES

    p = state.params
    n = state.num_players
    ext = ", ".join(p.extensions) if p.extensions else "none"
    rules = [f"extensions: {ext}"]
    if p.steal_action:
        rules.append("steal action")
    rules.append("reactions on" if p.reactions else "reactions off")
    lines = [f"Itchy Feet, {n} players ({'; '.join(rules)}) - you are player {seat}",
             f"Turn {state.turn_number} of at most {p.max_turns}: player {state.turn_player} to play; "
             f"actions left {state.actions_left}, trade offers made {state.offers_made}/{p.max_trade_offers}"
             + ("; Lounge Pass played" if state.lounge_used else "")]
    lines.append(f"Centre country: {country_text(state.centre)}")
    if state.away:
        lines.append("Put away by Civil Unrest: " + ", ".join(COUNTRY_NAMES[c] for c in state.away))
    for k in range(n):
        q = (seat + k) % n
        who = "you" if q == seat else f"player {q}"
        char = f" ({CHARACTER_NAMES[state.characters[q]]})" if state.characters[q] >= 0 else ""
        c = state.own_country[q]
        where = f"country {country_text(c)}" if c >= 0 else "heading for the centre"
        done = state.done_country[q]
        if done >= 0:
            where += f" (completed {COUNTRY_NAMES[done]})"
        marks = (" [turn]" if q == state.turn_player else "") + (" [to act]" if q == state.actor else "")
        lines.append(f"  {who}{char}{marks}: {state.sizes[q]} cards; {where}")
        if any(state.known[q]):
            lines.append(f"    known to hold: {hand_text(state.known[q])}")
    lines.append(f"Your hand: {hand_text(state.hands[seat])}")
    top = CARD_NAMES[state.discard[-1]] if state.discard else "(empty)"
    lines.append(f"Draw pile: {len(state.draw)} cards. Discard pile: {len(state.discard)} cards, top {top}")
    if state.discard:
        lines.append(f"  discard pile holds: {hand_text(_counts(state.discard))}")
    if state.partner >= 0:
        lines.append(f"Offer: player {state.turn_player} -> player {state.partner}: gives {hand_text(state.give)}; "
                     f"asks for {hand_text(state.ask)}")
    if 0 <= state.announced:
        lines.append(f"Announced (awaiting reactions): {A.describe(state.announced)}")
    if state.event >= 0:
        lines.append(f"Event this turn: {EVENT_NAMES[EVENTS.index(state.event)]}")
    if True in state.insured:
        lines.append("Insured against it: " + ", ".join(f"player {q}" for q in range(n) if state.insured[q]))
    if state.rc_need:
        lines.append(f"Recycle: {state.rc_need} card(s) still to pay")
    if state.post_n:
        lines.append(f"Trading Post: {state.post_n} card(s) discarded so far")
    if state.peek and seat == state.actor:
        lines.append(f"Local Guide shows you: {hand_text(_counts(state.peek))}")
    if state.jet and seat == state.turn_player:
        lines.append(f"Your Jet-setter draw: {hand_text(_counts(state.jet))}")
    if state.terminal:
        if state.winner >= 0:
            lines.append(f"GAME OVER - player {state.winner} wins")
        else:
            lines.append("GAME OVER - turn limit reached, nobody wins")
    else:
        lines.append(f"Decision: player {state.actor}, phase {PHASES[state.ph]}")
    return "\n".join(lines)
