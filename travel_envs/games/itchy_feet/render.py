"""Text views: the ``ansi`` rendering (the whole table) and one seat's view (``observation_text``)."""

from __future__ import annotations

from travel_envs.core.pictures import fit_text as _fit
from travel_envs.core.pictures import font as _pic_font

from . import actions as A
from .components import (CARD_NAMES, CHARACTER_NAMES, COUNTRY_ITEMS, COUNTRY_NAMES, EVENT_NAMES, EVENTS,
                         ITEM_NAMES, NUM_CARD_TYPES, PASSPORT)


def hand_text(counts) -> str:
    parts = [f"{CARD_NAMES[t]}" + (f" x{c}" if c > 1 else "") for t, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "(empty)"


def country_text(c: int) -> str:
    return f"{COUNTRY_NAMES[c]} [{', '.join(ITEM_NAMES[i] for i in COUNTRY_ITEMS[c])}]"


def _status_line(state) -> str:
    """The game's result, or who decides what now (the last line of both text views)."""
    if not state.terminal:
        return f"Decision: player {state.actor}, phase {A.PHASES[state.ph]}"
    if state.winner >= 0:
        return f"GAME OVER - player {state.winner} wins"
    return "GAME OVER - turn limit reached, nobody wins"


def render_text(state) -> str:
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
        lines.append(f"Announced: {A.action_name(state.announced)}")
    lines.append(_status_line(state))
    if not state.terminal:
        lines.append(f"Hand of player {state.actor}: {hand_text(state.hands[state.actor])}")
        if state.peek:
            lines.append(f"Local Guide shows: {hand_text([state.peek.count(t) for t in range(NUM_CARD_TYPES)])}")
    return "\n".join(lines)


# -- rgb_array: the table as a picture (Pillow) ----------------------------------------------------
PIC_W = 1000
_HEAD_H, _TABLE_H, _ROW_H, _LEGEND_H = 34, 150, 66, 44
SEAT_RGB = ((220, 40, 40), (40, 90, 220), (40, 150, 60), (230, 150, 0), (150, 60, 190), (30, 30, 30))
_CARD_BACK, _PASSPORT, _COUNTRY_BG, _DONE = (70, 100, 160), (30, 60, 130), (250, 242, 222), (40, 150, 60)


def pic_height(num_players: int) -> int:
    """Height of :func:`render_rgb`'s picture; its width is always ``PIC_W`` (1000)."""
    return _HEAD_H + _TABLE_H + num_players * _ROW_H + _LEGEND_H


def _country_card(d, x: int, y: int, w: int, h: int, c: int, title: str, done: bool = False) -> None:
    d.rounded_rectangle((x, y, x + w, y + h), 8, fill=_COUNTRY_BG, outline=(150, 120, 70), width=2)
    d.text((x + 8, y + 5), _fit(d, f"{title}: {COUNTRY_NAMES[c]}", _pic_font(14), w - 16), fill=(60, 40, 10),
           font=_pic_font(14))
    items = ", ".join(ITEM_NAMES[i] for i in COUNTRY_ITEMS[c])
    d.text((x + 8, y + 25), _fit(d, "needs " + items, _pic_font(12), w - 16), fill=(90, 70, 40), font=_pic_font(12))
    if done:
        d.text((x + w - 60, y + 5), "done", fill=_DONE, font=_pic_font(14))


def _card_backs(d, x: int, y: int, count: int, limit: int = 12) -> int:
    """Small face-down cards, one per card in hand (up to ``limit``); returns the x after them."""
    for k in range(min(count, limit)):
        d.rectangle((x + 9 * k, y, x + 9 * k + 14, y + 20), fill=_CARD_BACK, outline=(255, 255, 255))
    return x + 9 * min(count, limit) + 20


def render_rgb(state):
    """The table as an RGB uint8 array of shape (pic_height(n), PIC_W, 3): the centre country, the
    draw and discard piles (newest cards listed), an open trade offer, and per player the own
    country (or visited), passports, hand size and character; a legend."""
    import numpy as np
    from PIL import Image, ImageDraw

    n = state.num_players
    img = Image.new("RGB", (PIC_W, pic_height(n)), (246, 244, 238))
    d = ImageDraw.Draw(img)
    big, mid, small = _pic_font(16), _pic_font(14), _pic_font(12)
    # header
    if state.terminal:
        status = f"GAME OVER - player {state.winner} wins" if state.winner >= 0 else "GAME OVER - nobody wins"
    else:
        status = f"turn {state.turn_number}: P{state.turn_player}'s turn, P{state.actor} decides ({A.PHASES[state.ph]})"
    exts = state.params.extensions
    ext = ("all extensions" if len(exts) == 5 else "extensions: " + ", ".join(exts)) if exts else "no extensions"
    d.rectangle((0, 0, PIC_W, _HEAD_H), fill=(60, 60, 70))
    d.text((10, 8), _fit(d, f"Itchy Feet - {status}", big, 640), fill=(255, 255, 255), font=big)
    d.text((660, 10), _fit(d, ext, small, PIC_W - 670), fill=(220, 220, 220), font=small)
    # the table: centre country, piles, trade
    y0 = _HEAD_H + 10
    _country_card(d, 10, y0, 300, 48, state.centre, "Centre (goal)")
    d.rectangle((10, y0 + 60, 60, y0 + 130), fill=_CARD_BACK, outline=(30, 30, 30))
    d.text((18, y0 + 86), f"{len(state.draw):>3}", fill=(255, 255, 255), font=mid)
    d.text((70, y0 + 62), "draw pile", fill=(0, 0, 0), font=small)
    d.rectangle((150, y0 + 60, 200, y0 + 130), fill=(255, 255, 255), outline=(30, 30, 30))
    d.text((158, y0 + 86), f"{len(state.discard):>3}", fill=(0, 0, 0), font=mid)
    d.text((208, y0 + 60), "discard pile", fill=(0, 0, 0), font=small)
    d.text((208, y0 + 73), "(newest first):", fill=(0, 0, 0), font=small)
    for k, c in enumerate(reversed(state.discard[-4:])):
        d.text((208, y0 + 87 + 13 * k), _fit(d, CARD_NAMES[c], small, 112), fill=(60, 60, 60), font=small)
    box = (330, y0, PIC_W - 10, y0 + 130)
    if state.partner >= 0:
        d.rounded_rectangle(box, 8, fill=(255, 250, 215), outline=(200, 160, 0), width=2)
        d.text((342, y0 + 6), f"Open trade: P{state.turn_player} -> P{state.partner}", fill=(0, 0, 0), font=big)
        d.text((342, y0 + 34), _fit(d, "gives: " + hand_text(state.give), mid, box[2] - 352), fill=(0, 0, 0), font=mid)
        d.text((342, y0 + 56), _fit(d, "asks:  " + hand_text(state.ask), mid, box[2] - 352), fill=(0, 0, 0), font=mid)
    else:
        d.rounded_rectangle(box, 8, outline=(200, 200, 200), width=1)
        d.text((342, y0 + 6), "no open trade", fill=(150, 150, 150), font=mid)
    if state.announced >= 0:
        d.text((342, y0 + 84), _fit(d, f"announced: {A.action_name(state.announced)}", mid, box[2] - 352),
               fill=(120, 40, 40), font=mid)
    if state.completed:
        done = ", ".join(COUNTRY_NAMES[c] for c in state.completed)
        d.text((342, y0 + 106), _fit(d, f"visited: {done}", small, box[2] - 352), fill=(60, 60, 60), font=small)
    # players
    for s in range(n):
        y = _HEAD_H + _TABLE_H + s * _ROW_H
        if s == state.actor and not state.terminal:
            d.rectangle((0, y, PIC_W, y + _ROW_H - 4), fill=(255, 246, 200))
        d.ellipse((10, y + 8, 34, y + 32), fill=SEAT_RGB[s % len(SEAT_RGB)])
        d.text((17, y + 12), str(s), fill=(255, 255, 255), font=mid)
        char = CHARACTER_NAMES[state.characters[s]] if state.characters[s] >= 0 else ""
        d.text((44, y + 4), f"P{s}" + (" - winner" if s == state.winner else ""), fill=(0, 0, 0), font=big)
        d.text((44, y + 26), _fit(d, char, small, 130), fill=(80, 80, 80), font=small)
        x = 180
        d.text((x, y + 4), f"hand {state.sizes[s]}", fill=(0, 0, 0), font=mid)
        _card_backs(d, x, y + 24, state.sizes[s])
        x = 330
        passports = state.hands[s][PASSPORT]
        for k in range(min(passports, 3)):
            d.rounded_rectangle((x + 18 * k, y + 8, x + 18 * k + 14, y + 30), 3, fill=_PASSPORT)
        d.text((x, y + 36), f"passport x{passports}" if passports else "no passport",
               fill=(0, 0, 0) if passports else (200, 0, 0), font=small)
        if state.own_country[s] >= 0:
            _country_card(d, 450, y + 6, 380, 48, state.own_country[s], "Own country")
            d.text((845, y + 14), "to visit first", fill=(120, 120, 120), font=mid)
        else:
            d.text((450, y + 14), "own country visited: now heading for the centre", fill=_DONE, font=mid)
    # legend
    y = pic_height(n) - _LEGEND_H + 6
    d.line((0, y - 6, PIC_W, y - 6), fill=(180, 180, 180))
    d.rectangle((10, y + 2, 22, y + 18), fill=_CARD_BACK)
    d.text((28, y + 3), "a card in hand (face down)", fill=(0, 0, 0), font=small)
    d.rounded_rectangle((220, y + 2, 232, y + 18), 3, fill=_PASSPORT)
    d.text((238, y + 3), "a passport", fill=(0, 0, 0), font=small)
    d.rectangle((330, y + 2, 346, y + 18), fill=(255, 246, 200))
    d.text((352, y + 3), "the player deciding now", fill=(0, 0, 0), font=small)
    d.text((540, y + 3), "travel: own country first (3 items + passport), then the centre wins", fill=(0, 0, 0),
           font=small)
    return np.asarray(img, dtype=np.uint8).copy()


def _counts(cards) -> list[int]:
    c = [0] * NUM_CARD_TYPES
    for t in cards:
        c[t] += 1
    return c


def observation_text(state, seat: int) -> str:
    """What ``seat`` sees and remembers, as text: the facts its observation vector holds
    (own hand; others' hand sizes and the cards the table knows they hold; the public table)
    and nothing hidden from it. Players are listed from ``seat`` on, clockwise."""
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
        known = state.view_known(seat, q) if q != seat else state.known[q]
        if any(known):
            lines.append(f"    known to hold: {hand_text(known)}")
    lines.append(f"Your hand: {hand_text(state.hands[seat])}")
    top = CARD_NAMES[state.discard[-1]] if state.discard else "(empty)"
    lines.append(f"Draw pile: {len(state.draw)} cards. Discard pile: {len(state.discard)} cards, top {top}")
    if state.discard:
        lines.append(f"  discard pile holds: {hand_text(_counts(state.discard))}")
    if state.partner >= 0:
        lines.append(f"Offer: player {state.turn_player} -> player {state.partner}: gives {hand_text(state.give)}; "
                     f"asks for {hand_text(state.ask)}")
    if 0 <= state.announced:
        lines.append(f"Announced (awaiting reactions): {A.action_name(state.announced)}")
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
    lines.append(_status_line(state))
    return "\n".join(lines)
