"""Globetrotter as text (the whole table; one seat's view) and as an RGB picture.

``render_text`` shows everything (all hands) for debugging; ``observation_text`` shows what one seat
sees, the facts its observation vector carries and nothing hidden; ``render_rgb`` draws the public
table: the city ring with the characters, the Journal top, the parking spaces, the Skeleton Key,
scores and round (hand sizes, never hands).
"""

from __future__ import annotations

import numpy as np

from travel_envs.core.game import GameState
from travel_envs.core.pictures import font as _font

from .actions import CHOOSE, IMPROVE, OVER, PARK_PHASE, TURN
from .components import CHARACTERS, COLOURS, NUM_PARKING, WILD, WORLD_SIZE, card_name


def _who(st: GameState, p: int, seat: int | None = None) -> str:
    return f"player_{p} ({CHARACTERS[p]})" + (" = you" if p == seat else "")


def _header(st: GameState) -> list[str]:
    rounds = st.params.rounds
    line = (f"Globetrotter  round {min(st.round + 1, rounds)}/{rounds}"
            + ("  (last round)" if st.round >= rounds - 1 else "")
            + f"  start player: player_{st.start}  phase: {st.phase}")
    if st.phase_id != OVER:
        line += f"  to act: player_{st.to_act}"
    lines = [line]
    if st.round_ending and st.phase_id != OVER:
        lines.append("Someone has gone round the world: the round ends after the player right of the start player.")
    if st.tiebreak:
        lines.append(f"tie-break extra turns: {', '.join('player_%d' % s for s in st.tiebreak)}")
    return lines


def _world_lines(st: GameState) -> list[str]:
    lines = ["The World (clockwise from the finish city):"]
    for i, face in enumerate(st.world):
        here = [f"player_{p}" for p in range(st.n) if st.pos[p] % WORLD_SIZE == i]
        flag = " [FINISH]" if i == 0 else ""
        lines.append(f"  {i:2d} {card_name(face):24s}{flag} {' '.join(here)}".rstrip())
    return lines


def _table_lines(st: GameState) -> list[str]:
    top = card_name(st.journal[-1]) if st.journal else "-"
    park = ", ".join(card_name(c) if c >= 0 else "empty" for c in st.parking)
    key = "centre" if st.key < 0 else f"player_{st.key}"
    return [f"Travel Journal top: {top} ({len(st.journal)} cards)  deck: {len(st.deck)} cards",
            f"Parking spaces: {park}   Skeleton Key: {key}"]


def render_text(st: GameState) -> str:
    """The whole table, every hand included (``render_mode='ansi'``)."""
    lines = _header(st) + _world_lines(st) + _table_lines(st)
    lines[-2] += f"  discards: {len(st.discards)}"
    for p in range(st.n):
        hand = ", ".join(card_name(int(c)) for c in np.flatnonzero(st.hands[p]))
        lines.append(f"player_{p} ({CHARACTERS[p]}): position {st.pos[p]}, score {st.score[p]}, "
                     f"next city {card_name(st.next_city(p))}, hand [{hand}]")
    if st.phase_id == TURN and st.played:
        lines.append(f"played this turn: {', '.join(card_name(c) for c in st.played)}")
    if st.phase_id == IMPROVE and st.marked.any():
        lines.append(f"marked to discard: {', '.join(card_name(int(c)) for c in np.flatnonzero(st.marked))}")
    if st.phase_id == OVER:
        lines.append(f"GAME OVER  scores {st.score}  winners {['player_%d' % w for w in st.winners_]}")
    return "\n".join(lines)


def observation_text(st: GameState, seat: int) -> str:
    """``seat``'s view: the facts of its observation vector (own hand; others only by counts)."""
    n = st.n
    lines = _header(st) + _world_lines(st) + _table_lines(st)
    lines.append("Players (you first, then in turn order):")
    for k in range(n):
        p = (seat + k) % n
        marks = [m for m, on in (("start player", p == st.start), ("to act", p == st.to_act and st.phase_id != OVER),
                                 ("holds the Skeleton Key", p == st.key),
                                 ("went round the world", st.pos[p] >= WORLD_SIZE),
                                 ("tie-break turn", p in st.tiebreak)) if on]
        lines.append(f"  {_who(st, p, seat)}: position {st.pos[p]} (on city {st.pos[p] % WORLD_SIZE}), "
                     f"next city {card_name(st.next_city(p))}, {st.hand_size[p]} cards, score {st.score[p]}"
                     + (f", swapped {st.exchanged[p]} before the round" if st.exchanged[p] else "")
                     + (f"  [{', '.join(marks)}]" if marks else ""))
        known = [card_name(int(c)) for c in np.flatnonzero(st.known[seat, p])]
        if known:
            lines.append(f"      you know they hold: {', '.join(known)}")
    mine = [int(c) for c in np.flatnonzero(st.hands[seat])]
    lines.append(f"Your hand ({len(mine)}): {', '.join(card_name(c) for c in mine) or '-'}")
    if st.phase_id == IMPROVE:
        lines.append(f"Players done improving their hands: {st.improved}/{n}")
        if st.to_act == seat and st.marked.any():
            lines.append(f"You selected to discard: {', '.join(card_name(int(c)) for c in np.flatnonzero(st.marked))}")
    elif st.phase_id in (TURN, PARK_PHASE, CHOOSE):
        who = "You" if st.to_act == seat else f"player_{st.to_act}"
        facts = []
        if st.drew:
            facts.append("drew (Action 1)" + (f" from parking space {st.park_from}" if st.park_from >= 0 else ""))
        if st.played:
            state = "finished without moving" if st.a2_done else "in progress"
            facts.append(f"played {len(st.played)} card(s) (Action 2 {state})")
        if st.key_gained:
            facts.append("gained the Skeleton Key")
        if facts:
            lines.append(f"This turn {who}: {'; '.join(facts)}")
        if len(st.played) >= 2 and st.phase_id == TURN:
            lines.append(f"Card played before the top this turn: {card_name(st.played[-2])}")
        if st.phase_id in (PARK_PHASE, CHOOSE) and st.pending_draws:
            lines.append(f"Cards still to draw: {st.pending_draws}")
    if st.phase_id == OVER:
        lines.append(f"GAME OVER  scores {st.score}  winners {['player_%d' % w for w in st.winners_]}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------ picture
IMG_W, IMG_H = 1000, 720
RING_CX, RING_CY, RING_R = 300, 318, 228
CARD_W, CARD_H = 92, 54
CARD_RGB = ((214, 40, 40), (120, 200, 240), (245, 140, 20), (30, 70, 200), (245, 215, 30), (40, 160, 70),
            (240, 130, 190))
#: characters' colours, apart from the card colours: grey, purple, brown, teal, black
PIECE_RGB = ((110, 110, 110), (120, 50, 160), (130, 80, 30), (0, 128, 128), (20, 20, 20))
VEHICLE_SHORT = ("bicycle", "motorbike", "balloon", "ship", "plane", "glider", "car")
INK, PAPER, GOLD = (25, 25, 25), (250, 248, 240), (212, 160, 20)


def _centred(d, x: float, y: float, text: str, font, fill) -> None:
    left, top, right, bottom = d.textbbox((0, 0), text, font=font)
    d.text((x - (right - left) / 2 - left, y - (bottom - top) / 2 - top), text, fill=fill, font=font)


def _card(d, x: float, y: float, face: int, w: int = CARD_W, h: int = CARD_H, label: str = "") -> None:
    """A card or city face centred at (x, y): its colour, its vehicle's name (and colour name) on it."""
    box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    if face < 0:
        d.rounded_rectangle(box, radius=6, fill=PAPER, outline=(150, 150, 150), width=2)
        _centred(d, x, y, label or "empty", _font(13), (130, 130, 130))
        return
    if face == WILD:
        stripe = w / 7
        for k, rgb in enumerate(CARD_RGB):
            d.rectangle((box[0] + k * stripe, box[1], box[0] + (k + 1) * stripe, box[3]), fill=rgb)
        d.rounded_rectangle(box, radius=6, outline=INK, width=2)
        d.rectangle((x - 26, y - 10, x + 26, y + 10), fill=PAPER)
        _centred(d, x, y, "WILD", _font(15), INK)
        return
    rgb = CARD_RGB[face // 7]
    ink = INK if sum(rgb) > 420 else (255, 255, 255)
    d.rounded_rectangle(box, radius=6, fill=rgb, outline=INK, width=2)
    _centred(d, x, y - 8, VEHICLE_SHORT[face % 7], _font(15), ink)
    _centred(d, x, y + 11, COLOURS[face // 7], _font(12), ink)


def _cards(k: int) -> str:
    return f"{k} card" + ("" if k == 1 else "s")


def _piece(d, x: float, y: float, p: int, r: int = 12) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=PIECE_RGB[p], outline=(255, 255, 255), width=2)
    _centred(d, x, y, str(p), _font(14), (255, 255, 255))


def _key(d, x: float, y: float) -> None:
    """The Skeleton Key: a gold ring with a bit."""
    d.ellipse((x - 8, y - 8, x + 8, y + 8), outline=GOLD, width=4)
    d.rectangle((x + 7, y - 2, x + 26, y + 2), fill=GOLD)
    d.rectangle((x + 18, y + 2, x + 21, y + 8), fill=GOLD)
    d.rectangle((x + 23, y + 2, x + 26, y + 7), fill=GOLD)


def render_rgb(st: GameState) -> np.ndarray:
    """The public table as an (IMG_H, IMG_W, 3) uint8 picture."""
    import math

    from PIL import Image, ImageDraw

    img = Image.new("RGB", (IMG_W, IMG_H), PAPER)
    d = ImageDraw.Draw(img)
    n = st.n
    # ring: city i at the angle i x 30 degrees clockwise from the top; pieces stacked towards the centre
    d.ellipse((RING_CX - RING_R, RING_CY - RING_R, RING_CX + RING_R, RING_CY + RING_R), outline=(190, 180, 160),
              width=3)
    stacks: dict[int, list[int]] = {}
    for p in range(n):
        stacks.setdefault(st.pos[p] % WORLD_SIZE, []).append(p)
    for i, face in enumerate(st.world):
        a = math.radians(i * 360 / WORLD_SIZE)
        sin, cos = math.sin(a), math.cos(a)
        cx, cy = RING_CX + RING_R * sin, RING_CY - RING_R * cos
        _card(d, cx, cy, face)
        # the city number just outside the card, along the ray from the centre
        edge = min(CARD_W / 2 / abs(sin) if abs(sin) > 1e-9 else 1e9, CARD_H / 2 / abs(cos) if abs(cos) > 1e-9 else 1e9)
        lx, ly = RING_CX + (RING_R + edge + 12) * sin, RING_CY - (RING_R + edge + 12) * cos
        if i == 0:
            d.rectangle((cx - 46, cy - CARD_H / 2 - 24, cx + 46, cy - CARD_H / 2 - 4), fill=INK)
            _centred(d, cx, cy - CARD_H / 2 - 14, "FINISH  0", _font(13), (255, 255, 255))
        else:
            _centred(d, lx, ly, str(i), _font(14), (120, 110, 90))
        for k, p in enumerate(stacks.get(i, [])):
            rr = RING_R - 74 - 22 * k
            _piece(d, RING_CX + rr * sin, RING_CY - rr * cos, p)
    rounds = st.params.rounds
    _centred(d, RING_CX, RING_CY - 12, f"Round {min(st.round + 1, rounds)}/{rounds}", _font(20), INK)
    _centred(d, RING_CX, RING_CY + 14, "game over" if st.phase_id == OVER else f"phase: {st.phase}", _font(14), INK)
    # right panel: Journal, deck, parking, key
    x0 = 640
    d.text((x0, 14), "Globetrotter", fill=INK, font=_font(24))
    status = "game over" if st.phase_id == OVER else f"to act: player_{st.to_act}  ({CHARACTERS[st.to_act]})"
    d.text((x0, 46), status, fill=INK, font=_font(14))
    if st.round_ending and not st.tiebreak and st.phase_id != OVER:
        d.text((x0, 66), "someone went round the world: last turns", fill=(170, 30, 30), font=_font(13))
    elif st.tiebreak and st.phase_id != OVER:
        d.text((x0, 66), "tie-break: " + ", ".join(f"player_{s}" for s in st.tiebreak), fill=(170, 30, 30),
               font=_font(13))
    d.text((x0, 92), f"Travel Journal ({_cards(len(st.journal))})", fill=INK, font=_font(14))
    _card(d, x0 + 60, 150, st.journal[-1] if st.journal else -1, w=116, h=70, label="no card yet")
    d.text((x0 + 140, 124), f"deck: {_cards(len(st.deck))}", fill=INK, font=_font(14))
    d.text((x0 + 140, 146), "Skeleton Key:", fill=INK, font=_font(14))
    _key(d, x0 + 150, 178)
    d.text((x0 + 184, 170), "centre" if st.key < 0 else f"player_{st.key}", fill=INK, font=_font(14))
    d.text((x0, 202), "Parking spaces", fill=INK, font=_font(14))
    for i in range(NUM_PARKING):
        _card(d, x0 + 48 + 112 * i, 256, st.parking[i], w=100, h=60)
        _centred(d, x0 + 48 + 112 * i, 296, f"space {i}", _font(12), (110, 110, 110))
    # players
    y = 318
    cols = ((x0 + 175, "pos"), (x0 + 228, "cards"), (x0 + 282, "score"))
    d.text((x0, y), "Players", fill=INK, font=_font(14))
    for cx, title in cols:
        _centred(d, cx, y + 8, title, _font(14), INK)
    for p in range(n):
        yy = y + 30 + 40 * p
        if p == st.to_act and st.phase_id != OVER:
            d.rectangle((x0 - 8, yy - 16, IMG_W - 10, yy + 18), fill=(255, 236, 180))
        _piece(d, x0 + 6, yy, p)
        d.text((x0 + 24, yy - 15), f"{CHARACTERS[p]}", fill=INK, font=_font(13))
        tags = [t for t, on in (("start", p == st.start), ("home", st.pos[p] >= WORLD_SIZE),
                                ("won", p in st.winners_)) if on]
        d.text((x0 + 24, yy + 1), f"player_{p}" + (f"  {' '.join(tags)}" if tags else ""), fill=(90, 90, 90),
               font=_font(12))
        for (cx, _), value in zip(cols, (st.pos[p], st.hand_size[p], st.score[p])):
            _centred(d, cx, yy, str(value), _font(15), INK)
        if st.key == p:
            _key(d, x0 + 318, yy)
    # legend
    ly = IMG_H - 100
    d.line((10, ly - 8, IMG_W - 10, ly - 8), fill=(190, 180, 160), width=2)
    d.text((14, ly), "Legend", fill=INK, font=_font(14))
    legend = (
        ("character (player number) on its city;", "pos = cities moved this round; home:",
         "went round the world (pos >= 12)"),
        ("card or city: colour and vehicle; a card", "is played on a Journal top of the same",
         "colour or vehicle; a matching last card", "moves to the next city"),
        ("Skeleton Key: its holder may play one", "card that matches nothing", "highlighted row: the player to act"),
    )
    _piece(d, 30, ly + 40, 0, r=10)
    _card(d, 348, ly + 40, 34, w=70, h=42)
    _key(d, 672, ly + 40)
    for (x, rows) in zip((46, 390, 706), legend):
        for k, row in enumerate(rows):
            d.text((x, ly + 18 + 17 * k), row, fill=INK, font=_font(12))
    return np.asarray(img, dtype=np.uint8).copy()
