"""Readable text of a Trek table: the whole table (``render_mode="ansi"``) and one seat's view
(``observation_text``: public facts and that seat's own hand only)."""

from __future__ import annotations

from travel_envs.core.pictures import fit_text as _fit
from travel_envs.core.pictures import font as _pic_font

from . import components as C
from .actions import BUY_PHASE, BANKRUPTCY_PHASE

COLOURS = ("Red", "Blue", "Green", "Yellow", "White", "Black")


def render_text(state) -> str:
    """The table, with the hand of the player to act (what ``render_mode="ansi"`` shows)."""
    lines = _table_lines(state)
    if not state.is_terminal:
        seat = state.current_player
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
    known = state.known_in_other_hands(seat)
    lines.append("Known to be in other hands (not in the pack since the last reshuffle): "
                 + (", ".join(f"{C.CARD_SHORT[t]} x{k}" for t, k in enumerate(known) if k) or "none"))
    others = [f"P{q} {sum(state.hands[q])}" for q in range(state.num_players) if q != seat and state.alive[q]]
    lines.append("Cards in other hands (hidden): " + (", ".join(others) if others else "none"))
    lines.append("Your hand: " + (_hand(state, seat) if state.alive[seat] else "(out of the game)"))
    if not state.is_terminal:
        lines += _phase_lines(state)
    return "\n".join(lines)


def _hand(state, seat: int) -> str:
    return ", ".join(C.CARD_NAMES[t] for t in range(C.NUM_CARD_TYPES) for _ in range(state.hands[seat][t]))


def _phase_lines(state) -> list[str]:
    if state.phase_id == BUY_PHASE:
        return [f"P{state.current_player} is buying {C.MARKET_NAMES[state.buy_market]}"]
    if state.phase_id == BANKRUPTCY_PHASE:
        seat = state.current_player
        line = f"P{seat} is bankrupt: must raise £{state.debt} (has £{state.cash[seat]})"
        back = [f"{state.sold_back[m]} {C.MARKET_NAMES[m]}" for m in range(3) if state.sold_back[m]]
        if back:
            line += "; sold back so far " + ", ".join(back) + " (the indicators move back when the debt is paid)"
        return [line]
    return []


def _table_lines(state) -> list[str]:
    p = state.game.params
    n = state.num_players
    lines = []
    if state.is_terminal:
        lines.append(f"Trek - game over ({state.end_reason}); winner(s): "
                     + ", ".join(f"P{w}" for w in state.winner_list))
    else:
        lines.append(f"Trek - turn {state.turns}, P{state.current_player} to act, phase {state.phase}")
    lines.append("Camp ladder (group: camp [stores needed, bonus] trekkers in order of arrival; "
                 "* = host, g = guest)")
    for g in range(C.NUM_GROUPS - 1, -1, -1):
        cells = []
        for camp in C.GROUP_CAMPS[g]:
            occ = state.occupants(camp)
            if camp == C.BASE:
                label = "Base"
                tags = [f"P{q}" for q in occ]
            else:
                bonus = "WIN" if camp == C.SUMMIT else f"£{p.camp_bonus[camp - 1]}"
                label = f"{camp:>2} [{p.stores_required[g - 1]}, {bonus}]"
                tags = [f"P{q}" + ("*" if i == 0 and len(occ) > 1 else "g" if i else "")
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


# -- rgb_array: the board as a picture (Pillow) ----------------------------------------------------
PIC_W = 1000
_HEAD_H, _ROW_H, _PLAYER_H, _LEGEND_H = 34, 54, 28, 46
_LADDER_H = C.NUM_GROUPS * _ROW_H
TREKKER_RGB = ((210, 40, 40), (40, 90, 220), (40, 150, 60), (235, 190, 0), (245, 245, 245), (25, 25, 25))
_MARKET_RGB = ((150, 100, 50), (120, 120, 120), (60, 110, 60))


def pic_height(num_players: int) -> int:
    """Height of :func:`render_rgb`'s picture; its width is always ``PIC_W`` (1000)."""
    return _HEAD_H + _LADDER_H + 12 + num_players * _PLAYER_H + _LEGEND_H


def _trekker(d, x: float, y: float, q: int, host: bool, r: int = 10) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=TREKKER_RGB[q], outline=(0, 0, 0), width=3 if host else 1)
    d.text((x - 4, y - 8), str(q), fill=(0, 0, 0) if q in (3, 4) else (255, 255, 255), font=_pic_font(13))


def _ladder(d, state) -> None:
    """The camps by group, Base at the bottom, the summit at the top, with the Trekkers."""
    p = state.game.params
    small, mid = _pic_font(12), _pic_font(14)
    for g in range(C.NUM_GROUPS):
        y = _HEAD_H + (C.NUM_GROUPS - 1 - g) * _ROW_H + 4
        d.text((10, y + 16), f"G{g}", fill=(90, 90, 90), font=mid)
        camps = C.GROUP_CAMPS[g]
        width = 170
        x0 = 50 + (3 - len(camps)) * (width + 10) // 2
        for k, camp in enumerate(camps):
            x = x0 + k * (width + 10)
            fill = (235, 240, 250) if camp == C.SUMMIT else (240, 236, 226) if camp else (226, 236, 226)
            d.rounded_rectangle((x, y, x + width, y + _ROW_H - 8), 6, fill=fill, outline=(120, 110, 90))
            if camp == C.BASE:
                title, info = "Base", f"pay {p.base_contribution} a turn"
            else:
                bonus = "WIN" if camp == C.SUMMIT else f"bonus {p.camp_bonus[camp - 1]}"
                title, info = f"Camp {camp}", f"hold {p.stores_required[g - 1]} Stores, {bonus}"
            d.text((x + 6, y + 3), title, fill=(0, 0, 0), font=mid)
            d.text((x + 6, y + 25), _fit(d, info, small, width - 12), fill=(70, 70, 70), font=small)
            occ = state.occupants(camp)
            for i, q in enumerate(occ[:6]):
                _trekker(d, x + 72 + i * 18, y + 12, q, host=(i == 0 and len(occ) > 1), r=8)


def _indicators(d, state, x0: int, y0: int) -> int:
    """The Sales Indicators: the price ladder (current price ringed), units sold at this price, pool."""
    small, mid = _pic_font(12), _pic_font(14)
    d.text((x0, y0), "Sales Indicators", fill=(0, 0, 0), font=_pic_font(16))
    y = y0 + 24
    for m in range(3):
        ladder = state.game.ladders[m]
        per = C.UNITS_PER_STEP[m]
        d.text((x0, y), f"{C.MARKET_NAMES[m]}: {state.price(m)}", fill=_MARKET_RGB[m], font=mid)
        d.text((x0 + 120, y + 1), f"pool {state.pool[m]}/{C.MARKET_TOTALS[m]}", fill=(60, 60, 60), font=small)
        sold = state.units_hand(m)
        d.text((x0 + 220, y + 1), f"sold at this price {sold}/{per}", fill=(60, 60, 60), font=small)
        step = state.step_index(m)
        for i, price in enumerate(ladder):
            bx = x0 + i * 40
            now = i == step
            d.rectangle((bx, y + 20, bx + 36, y + 38), fill=_MARKET_RGB[m] if now else (250, 250, 250),
                        outline=(0, 0, 0) if now else (170, 170, 170), width=2 if now else 1)
            d.text((bx + 5, y + 22), str(price), fill=(255, 255, 255) if now else (90, 90, 90), font=small)
        for u in range(per):
            ux = x0 + u * 14
            d.rectangle((ux, y + 43, ux + 10, y + 51), fill=_MARKET_RGB[m] if u < min(sold, per) else (235, 235, 235),
                        outline=(150, 150, 150))
        y += 66
    return y


def render_rgb(state):
    """The board as an RGB uint8 array of shape (pic_height(n), PIC_W, 3): the camp ladder with the
    Trekkers (host ringed), the Sales Indicators, the pack and discard pile, each player's cash,
    Stores, Mules, Jeeps, camp and hand size; a legend."""
    import numpy as np
    from PIL import Image, ImageDraw

    n = state.num_players
    img = Image.new("RGB", (PIC_W, pic_height(n)), (248, 246, 240))
    d = ImageDraw.Draw(img)
    big, mid, small = _pic_font(16), _pic_font(14), _pic_font(12)
    if state.is_terminal:
        status = f"game over ({state.end_reason}); winner(s): " + ", ".join(f"P{w}" for w in state.winner_list)
    else:
        status = f"turn {state.turns}: P{state.current_player} to act ({state.phase})"
        if state.phase_id == BUY_PHASE:
            status += f", buying {C.MARKET_NAMES[state.buy_market]}"
        elif state.phase_id == BANKRUPTCY_PHASE:
            status += f", must raise {state.debt}"
    d.rectangle((0, 0, PIC_W, _HEAD_H), fill=(50, 70, 90))
    d.text((10, 8), _fit(d, f"Trek - {status}", big, PIC_W - 20), fill=(255, 255, 255), font=big)
    _ladder(d, state)
    x0 = 620
    y = _indicators(d, state, x0, _HEAD_H + 8)
    d.rectangle((x0, y + 4, x0 + 34, y + 50), fill=(70, 100, 160), outline=(0, 0, 0))
    d.text((x0 + 42, y + 6), f"pack {len(state.pack)} cards", fill=(0, 0, 0), font=mid)
    top = C.CARD_NAMES[state.discard[-1]] if state.discard else "-"
    d.text((x0 + 42, y + 26), _fit(d, f"discard pile {len(state.discard)}, top: {top}", small, PIC_W - x0 - 52),
           fill=(0, 0, 0), font=small)
    # players
    y0 = _HEAD_H + _LADDER_H + 8
    d.line((0, y0 - 2, PIC_W, y0 - 2), fill=(180, 180, 180))
    for q in range(n):
        y = y0 + q * _PLAYER_H
        if q == state.current_player:
            d.rectangle((0, y, PIC_W, y + _PLAYER_H - 2), fill=(255, 246, 200))
        _trekker(d, 22, y + 13, q, host=False)
        if not state.alive[q]:
            d.text((44, y + 5), f"P{q} ({COLOURS[q]}): out of the game", fill=(150, 0, 0), font=mid)
            continue
        h = state.held[q]
        where = "Base" if state.pos[q] == C.BASE else f"Camp {state.pos[q]}"
        cells = (f"P{q} ({COLOURS[q]})", f"cash {state.cash[q]}", f"Stores {h[0]}", f"Mules {h[1]}", f"Jeeps {h[2]}",
                 f"at {where}", f"hand {sum(state.hands[q])}")
        for text, x in zip(cells, (44, 180, 280, 380, 470, 560, 670)):
            d.text((x, y + 5), text, fill=(0, 0, 0), font=mid)
        if state.host_of(q) not in (-1, q):
            d.text((760, y + 5), f"guest of P{state.host_of(q)}", fill=(90, 90, 90), font=mid)
        elif state.stores_due(q) > 1:
            d.text((760, y + 5), f"host: {state.stores_due(q)} Stores a turn", fill=(90, 90, 90), font=mid)
    # legend
    y = pic_height(n) - _LEGEND_H + 8
    d.line((0, y - 6, PIC_W, y - 6), fill=(180, 180, 180))
    _trekker(d, 20, y + 10, 0, host=True)
    d.text((36, y + 3), "host (ringed): pays its guests' Stores", fill=(0, 0, 0), font=small)
    d.rectangle((300, y + 2, 336, y + 18), fill=_MARKET_RGB[0], outline=(0, 0, 0), width=2)
    d.text((346, y + 3), "current price", fill=(0, 0, 0), font=small)
    d.rectangle((450, y + 5, 460, y + 13), fill=_MARKET_RGB[0])
    d.text((466, y + 3), "a unit sold at this price", fill=(0, 0, 0), font=small)
    d.text((640, y + 3), "all money in pounds; camp: Stores to hold to enter it,", fill=(0, 0, 0), font=small)
    d.text((640, y + 17), "cash bonus on arrival", fill=(0, 0, 0), font=small)
    return np.asarray(img, dtype=np.uint8).copy()
