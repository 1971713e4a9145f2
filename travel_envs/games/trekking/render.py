"""Text (ansi) and picture (rgb_array) renderings of a Trekking table.

``render_text`` shows the whole table; ``observation_text`` one seat's view (every public fact, nothing
hidden); ``render_rgb`` draws the map and one GPS profile per player (Pillow, imported when drawing).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from . import components as C
from .scoring import CA, CE, CF, CK, CR, CS, K_EMPTY, K_REST, K_ROUTE

if TYPE_CHECKING:
    from PIL import ImageDraw

_PATH_CH = {0: ("-", "|"), 1: ("=", "H"), 2: ("#", "#")}  # green, yellow, red (horizontal, vertical)
_ANIMAL_CH = ".fbdeB"  # empty, fox, boar, deer, eagle, bear


def _hiker_marks(st, node: int) -> str:
    marks = "".join(str(s) for s, q in enumerate(st.pos) if q == node)
    marks += "s" * sum(1 for q in st.sunday_pos if q == node)
    return marks


def map_lines(st) -> list[str]:
    m = st.map
    lines = []
    for y in range(6):
        row, below = "", ""
        for x in range(6):
            n = y * 6 + x
            tag = "R" if m.is_refuge[n] else (f"S{m.summit_of[n] + 1}" if m.summit_of[n] >= 0 else "")
            cell = f"{m.altitude[n]:>4}{tag:<2}{_hiker_marks(st, n):<3}"
            row += cell
            if x < 5:
                d = m.neighbour[n][1]
                row += _PATH_CH[m.path_colour[m.neighbour_path[n][1]]][0] * 2 if d >= 0 else "  "
            v = m.neighbour[n][2]
            below += (" " * 4 + (_PATH_CH[m.path_colour[m.neighbour_path[n][2]]][1] if v >= 0 else " ") + " " * 4)
            if x < 5:
                # animal space between this column and the next, in the row below this node
                sp = _space_at(st, x + 0.5, y + 0.5)
                below += (_ANIMAL_CH[st.map_animals[sp] + 1] * 2) if sp >= 0 else "  "
        lines.append(row.rstrip())
        if y < 5:
            lines.append(below.rstrip())
    return lines


def _space_at(st, x: float, y: float) -> int:
    for i, xy in enumerate(st.map.animal_xy):
        if xy == (x, y):
            return i
    return -1


def gps_profile(st, seat: int) -> list[str]:
    """The GPS board as an altitude profile: rows 1600..600 m, one 3-char cell per column."""
    gps = st.gps[seat]
    ev, vv = C.GPS_ENERGY_VIGNETTES[st.side], C.GPS_VP_VIGNETTES[st.side]
    animals_by_col = {}
    for c, a in st.animals[seat]:
        animals_by_col.setdefault(c, []).append(a)
    rows = []
    for alt in range(C.GPS_MAX_ALT, C.GPS_MIN_ALT - 1, -100):
        cells = []
        for column in range(1, 13):
            col = gps[column - 1] if column - 1 < len(gps) else None
            ch = " . "
            if col is not None:
                lo, hi = sorted((col[CS], col[CE]))
                if col[CK] == K_ROUTE and lo <= alt <= hi:
                    ch = " / " if col[CA] else " \\ "
                    if alt == col[CE]:
                        ch = " ^ " if col[CA] else " v "
                elif col[CK] != K_ROUTE and alt == col[CS]:
                    ch = " z " if col[CK] == K_REST else " _ "
            else:
                if ev.get(column) == alt:
                    ch = " e "
                if column in vv and vv[column][0] == alt:
                    ch = f"{vv[column][1]}VP"[:3]
            cells.append(ch)
        rows.append(f"{alt:>5} |" + "".join(cells))
    rows.append("      +" + "".join(f"{h:>3}" for h in range(7, 19)))
    extra = []
    for i, col in enumerate(gps):
        bits = []
        if col[CK] == K_REST:
            bits.append(C.REST_KINDS[col[CR]] + (" (flipped)" if col[CF] else ""))
        if i in animals_by_col:
            bits.append("+".join(C.ANIMALS[a] for a in animals_by_col[i]))
        if bits:
            extra.append(f"{i + 7}:00 " + ", ".join(bits))
    toks = ", ".join(f"S{s + 1}#{n}{'(+2)' if f else ''}" for s, n, f, _ in st.tokens[seat])
    rows.append("      " + "; ".join(extra))
    rows.append(f"      summit tokens: {toks or '-'}")
    return rows


def render_text(st) -> str:
    out = []
    plan = ", ".join(C.CARD_TITLES[c] for c in st.plan)
    status = "game over" if st.is_terminal else f"round {st.rnd} ({st.rnd + 6}:00), phase {st.phase}, seat {st.current_player} to act"
    out.append(f"Trekking - {status}")
    out.append(f"Route plan: {plan}; weather now: {C.CARD_TITLES[st.weather]}")
    out.append("Map (altitude, R refuge, S summit, hikers 0-3, s Sunday hikers; paths - green = yellow # red;"
               " animals f fox b boar d deer e eagle B bear):")
    out += ["  " + line for line in map_lines(st)]
    res = " ".join(f"{C.COLOURS[c]}:{len(st.route_piles[2 * c])}/{len(st.route_piles[2 * c + 1])}" for c in range(3))
    rest = " ".join(f"pile{i}:{len(p)}" + (f"({C.REST_KINDS[C.REST_CARDS[p[-1]]]})" if p else "")
                    for i, p in enumerate(st.rest_piles))
    out.append(f"Reserve (ascent/descent): {res}; rest {rest}; summit piles {st.summit_piles}")
    out.append("Bags green/blue: " + " | ".join(
        ",".join(f"{C.ANIMALS[a]}{st.bags[b][a]}" for a in range(5)) for b in range(2)))
    sc = st.scores()
    for s in range(st.num_players):
        where = C.MapData.node_name(st.pos[s]) if st.pos[s] >= 0 else "-"
        out.append(f"Player {s}: energy {st.energy[s]}/{st.p.energy_max}, at {where}, score {int(sc[s])}")
        out += gps_profile(st, s)
    if st.num_players == 1:
        out.append(f"Sunday hikers: animals {st.opp_animals}, summit tokens {len(st.opp_tokens)}, "
                   f"score {st.opponent_score()}, deck {len(st.opp_deck)}")
    if st.events:
        out.append("Last events: " + " | ".join(st.events[-6:]))
    if st.is_terminal:
        out.append(f"Winners: {st.winners()}")
    return "\n".join(out)


def _reserve_line(st) -> str:
    """Pile sizes and the ascent cost a player can count on (never a face-down side)."""
    parts = []
    for c in range(3):
        up, down = st.route_piles[2 * c], st.route_piles[2 * c + 1]
        if up:
            cost = f"ascent top costs {C.ROUTE_COST[up[-1]]}"
        elif down:
            cost = f"ascent from the descent pile, face down: costs at most {st.ascent_cost_known(c)}"
        else:
            cost = "closed"
        parts.append(f"{C.COLOURS[c]} {len(up)} up / {len(down)} down ({cost})")
    return "Reserve: " + "; ".join(parts)


def _solo_lines(st) -> list[str]:
    out = [f"Sunday hikers: at {', '.join(C.MapData.node_name(q) for q in st.sunday_pos)}; animals "
           + ", ".join(f"{C.ANIMALS[a]} {k}" for a, k in enumerate(st.opp_animals) if k)
           + f"; summit tokens {len(st.opp_tokens)}; score {st.opponent_score()}"]
    visited = "; ".join(f"{C.TILES[h]}: " + (",".join(f"S{s + 1}" for s in v) or "-")
                        for h, v in enumerate(st.sunday_visited))
    out.append(f"  summits visited: {visited}")
    if st.opp_deck:
        _, _, _, _, d0, req = C.OPPONENT_CARDS[st.opp_deck[-1]]
        top = f"deck top: walk {C.DIRECTIONS[d0]} ({C.OPP_REQUIREMENT[req]})"
    else:
        top = "deck empty"
    out.append(f"  deck {len(st.opp_deck)} cards, {top}; discard pile (top last): "
               + (", ".join(str(c + 1) for c in st.opp_discard) or "-"))
    removed = [f"{C.COLOURS[C.ROUTE_COLOUR[c]]} "
               + ("face down" if c in st.removed_blind else f"cost {C.ROUTE_COST[c]}") for c in st.removed_route]
    removed += [C.REST_KINDS[C.REST_CARDS[c]] for c in st.removed_rest]
    out.append("  removed from the reserve: " + (", ".join(removed) or "-"))
    if st.sunday_choice:
        h, _, s0, s1 = st.sunday_choice
        out.append(f"  choose: Sunday hiker {C.TILES[h]} takes the {C.ANIMALS[st.map_animals[s0]]} on space "
                   f"{s0} (action 0) or the {C.ANIMALS[st.map_animals[s1]]} on space {s1} (action 1)")
    return out


def _turn_lines(st, seat: int) -> list[str]:
    out = []
    if st.phase in ("move", "tag", "finish") and st.to_act == seat:
        out.append(f"Your turn: energy at the start {st.t_start_energy}, change so far {st.t_delta:+d}, "
                   f"can still pay {st.spendable()}; energy bars {st.t_bars}, drink water {st.t_drinks}, "
                   f"tags {st.t_tags}" + (", refuge reached" if st.t_refuge else ""))
        if st.phase == "tag":
            spaces = list(st.map.path_spaces[st.t_path]) + list(st.map.node_spaces[st.t_dest])
            out.append("  animals beside the path / around the destination: " + ", ".join(
                f"{sp}:{C.ANIMALS[st.map_animals[sp]] if st.map_animals[sp] >= 0 else '-'}" for sp in spaces))
    if st.pos[seat] >= 0 and st.phase != "over":
        acting = st.phase in ("move", "tag", "finish") and st.to_act == seat
        avail = st.t_start_energy + 2 * st.t_bars + st.t_drinks if acting else st.energy[seat]
        moves = []
        for d, mc in enumerate(st.moves_of(seat)):
            if mc is not None:
                need, dest, colour, ascent = mc
                moves.append(f"{C.DIRECTIONS[d]} {C.COLOURS[colour]} {'up' if ascent else 'down'} to "
                             f"{st.map.altitude[dest]} m needs {need}{'' if avail >= need else ' (too much)'}")
        out.append("Your paths: " + ("; ".join(moves) or "none"))
    return out


def observation_text(st, seat: int) -> str:
    """``seat``'s view of the table: every public fact (the observation vector's content), nothing
    hidden (no pile order below the tops, no face-down ascent side, no Sunday-hiker deck below its top,
    nothing of the generator)."""
    status = "game over" if st.is_terminal else (
        f"round {st.rnd} ({st.rnd + 6}:00), phase {st.phase}, seat {st.current_player} to act")
    out = [f"Trekking, you are seat {seat} - {status}",
           "Route plan: " + ", ".join(C.CARD_TITLES[c] for c in st.plan) + f"; weather now: {C.CARD_TITLES[st.weather]}",
           "Map (altitude, R refuge, S summit, hikers 0-3, s Sunday hikers; paths - green = yellow # red;"
           " animals f fox b boar d deer e eagle B bear):"]
    out += ["  " + line for line in map_lines(st)]
    out.append(_reserve_line(st))
    out.append("Rest piles: " + "; ".join(
        f"pile {i}: {len(p)}" + (f" (top {C.REST_KINDS[C.REST_CARDS[p[-1]]]})" if p else "")
        for i, p in enumerate(st.rest_piles)) + f"; summit tokens left {st.summit_piles}")
    out.append("Bags green/blue: " + " | ".join(
        ",".join(f"{C.ANIMALS[a]}{st.bags[b][a]}" for a in range(5)) for b in range(2)))
    out += _turn_lines(st, seat)
    n = st.num_players
    for k in range(n):
        s = (seat + k) % n
        where = C.MapData.node_name(st.pos[s]) if st.pos[s] >= 0 else "-"
        who = "You" if s == seat else f"Player {s}"
        out.append(f"{who} (seat {s}): energy {st.energy[s]}/{st.p.energy_max}, at {where}, "
                   f"score {st.scores_of(s)}" + (", rested since the last summit" if st.rested_since_summit[s] else ""))
        out += gps_profile(st, s)
    if n == 1:
        out += _solo_lines(st)
    if st.events:
        out.append("Last events: " + " | ".join(st.events[-6:]))
    if st.is_terminal:
        out.append(f"Winners: {st.winners()}")
    return "\n".join(out)


# ---------------------------------------------------------------- picture (rgb_array)
CELL = 84  # map spacing in pixels
MARGIN = 36
PATH_RGB = {0: (60, 170, 60), 1: (230, 190, 30), 2: (210, 50, 40)}
ANIMAL_RGB = ((230, 120, 30), (120, 80, 50), (190, 140, 90), (90, 90, 160), (60, 40, 30))
ANIMAL_LETTER = "FBDEK"  # fox, boar, deer, eagle, bear (K = bear, B = boar)
HIKER_RGB = ((220, 40, 40), (40, 90, 220), (40, 160, 60), (200, 60, 200))
SUNDAY_RGB = (120, 120, 120)
TILE_RGB = ((236, 244, 228), (228, 238, 244), (244, 238, 226), (240, 230, 240))
GPS_W, GPS_H = 420, 150


def _alt_rgb(alt: int) -> tuple[int, int, int]:
    t = (alt - 700) / 800.0
    return (int(120 + 110 * t), int(180 - 40 * t), int(110 + 60 * t))


@lru_cache(maxsize=1)
def _font():
    from PIL import ImageFont

    try:
        return ImageFont.load_default()
    except Exception:  # pragma: no cover - Pillow always ships a default font
        return None


def _node_xy(n: int) -> tuple[int, int]:
    return MARGIN + (n % 6) * CELL, MARGIN + (n // 6) * CELL


def _draw_map(d: "ImageDraw.ImageDraw", st, font) -> None:
    m = st.map
    for t in range(4):  # tile backgrounds
        x0, y0 = MARGIN - CELL // 2 + (t % 2) * 3 * CELL, MARGIN - CELL // 2 + (t // 2) * 3 * CELL
        d.rectangle([x0 + 2, y0 + 2, x0 + 3 * CELL - 2, y0 + 3 * CELL - 2], fill=TILE_RGB[t], outline=(160, 160, 160))
    for a, b, colour in m.paths:
        (x1, y1), (x2, y2) = _node_xy(a), _node_xy(b)
        d.line([x1, y1, x2, y2], fill=PATH_RGB[colour], width=5)
    for s, (ax, ay) in enumerate(m.animal_xy):
        cx, cy = MARGIN + int(ax * CELL), MARGIN + int(ay * CELL)
        a = st.map_animals[s]
        ring = (40, 140, 40) if m.animal_bag[s] == 0 else (40, 80, 200)
        if a >= 0:
            d.ellipse([cx - 12, cy - 12, cx + 12, cy + 12], fill=ANIMAL_RGB[a], outline=ring, width=3)
            d.text((cx - 3, cy - 6), ANIMAL_LETTER[a], fill=(255, 255, 255), font=font)
        else:
            d.ellipse([cx - 8, cy - 8, cx + 8, cy + 8], outline=ring, width=2)
    for n in range(36):
        x, y = _node_xy(n)
        r = 19
        shape = [x - r, y - r, x + r, y + r]
        if m.summit_of[n] >= 0:
            d.polygon([(x, y - r - 4), (x + r, y + r - 4), (x - r, y + r - 4)], fill=_alt_rgb(m.altitude[n]),
                      outline=(0, 0, 0))
            d.text((x - 8, y - 2), f"S{m.summit_of[n] + 1}", fill=(0, 0, 0), font=font)
        elif m.is_refuge[n]:
            d.rectangle(shape, fill=_alt_rgb(m.altitude[n]), outline=(0, 0, 0), width=2)
            d.text((x - 3, y - 2), "R", fill=(0, 0, 0), font=font)
        else:
            d.ellipse(shape, fill=_alt_rgb(m.altitude[n]), outline=(60, 60, 60))
        d.text((x - 12, y - 15), str(m.altitude[n]), fill=(0, 0, 0), font=font)
    for h, q in enumerate(st.sunday_pos):
        x, y = _node_xy(q)
        d.rectangle([x + 8, y + 8, x + 18, y + 18], fill=SUNDAY_RGB, outline=(0, 0, 0))
    for s, q in enumerate(st.pos):
        if q < 0:
            continue
        x, y = _node_xy(q)
        ox = -18 + 12 * s
        d.ellipse([x + ox - 8, y + 8, x + ox + 8, y + 24], fill=HIKER_RGB[s], outline=(0, 0, 0), width=2)
        d.text((x + ox - 3, y + 10), str(s), fill=(255, 255, 255), font=font)


def _draw_gps(d: "ImageDraw.ImageDraw", st, seat: int, x0: int, y0: int, font) -> None:
    d.rectangle([x0, y0, x0 + GPS_W, y0 + GPS_H], fill=(250, 250, 245), outline=HIKER_RGB[seat], width=3)
    top, bottom = y0 + 22, y0 + GPS_H - 12
    colw = (GPS_W - 50) / 12

    def ay(alt):
        return bottom - (alt - C.GPS_MIN_ALT) / (C.GPS_MAX_ALT - C.GPS_MIN_ALT) * (bottom - top)

    for alt in range(C.GPS_MIN_ALT, C.GPS_MAX_ALT + 1, 200):
        d.line([x0 + 40, ay(alt), x0 + GPS_W - 8, ay(alt)], fill=(225, 225, 225))
        d.text((x0 + 4, ay(alt) - 6), str(alt), fill=(120, 120, 120), font=font)
    for column, alt in C.GPS_ENERGY_VIGNETTES[st.side].items():
        cx = x0 + 40 + (column - 0.5) * colw
        d.ellipse([cx - 4, ay(alt) - 4, cx + 4, ay(alt) + 4], outline=(40, 160, 40), width=2)
    for column, (alt, vp) in C.GPS_VP_VIGNETTES[st.side].items():
        cx = x0 + 40 + (column - 0.5) * colw
        d.rectangle([cx - 5, ay(alt) - 5, cx + 5, ay(alt) + 5], outline=(200, 150, 0), width=2)
        d.text((cx - 3, ay(alt) - 6), str(vp), fill=(200, 150, 0), font=font)
    per_col: dict[int, list[int]] = {}
    for c, a in st.animals[seat]:
        per_col.setdefault(c, []).append(a)
    for i, col in enumerate(st.gps[seat]):
        xa, xb = x0 + 40 + i * colw, x0 + 40 + (i + 1) * colw
        if col[0] == K_ROUTE:
            d.line([xa, ay(col[3]), xb, ay(col[4])], fill=PATH_RGB[col[1]], width=4)
        elif col[0] != K_EMPTY:
            d.line([xa, ay(col[3]), xb, ay(col[4])], fill=(90, 90, 90), width=3)
            d.text((xa + 6, ay(col[3]) - 14), "z", fill=(90, 90, 90), font=font)
        for k, a in enumerate(per_col.get(i, [])):
            cx, cy = xa + colw / 2, top + 4 + 12 * k
            d.ellipse([cx - 5, cy - 5, cx + 5, cy + 5], fill=ANIMAL_RGB[a])
    tokens = " ".join(f"S{s + 1}#{n}{'+' if f else ''}" for s, n, f, _ in st.tokens[seat])
    d.text((x0 + 6, y0 + 5), f"P{seat}  energy {st.energy[seat]}  score {st.scores_of(seat)}  {tokens}",
           fill=(0, 0, 0), font=font)


def render_rgb(st) -> np.ndarray:
    """The table as an RGB picture (H, W, 3): the map and one GPS profile per player."""
    from PIL import Image, ImageDraw

    font = _font()
    map_w = 2 * MARGIN + 5 * CELL
    n = st.num_players
    width = map_w + GPS_W + 24
    height = max(map_w, 12 + n * (GPS_H + 10) + 40)
    img = Image.new("RGB", (width, height), (255, 255, 255))
    d = ImageDraw.Draw(img)
    _draw_map(d, st, font)
    for s in range(n):
        _draw_gps(d, st, s, map_w + 12, 10 + s * (GPS_H + 10), font)
    status = "game over" if st.is_terminal else f"round {st.rnd} ({st.rnd + 6}:00)  P{st.current_player} to act"
    d.text((map_w + 14, height - 26), f"{status}   weather: {C.CARD_TITLES[st.weather]}", fill=(0, 0, 0), font=font)
    if n == 1:
        d.text((10, height - 14), f"Sunday hikers: score {st.opponent_score()}", fill=(0, 0, 0), font=font)
    return np.asarray(img, dtype=np.uint8)
