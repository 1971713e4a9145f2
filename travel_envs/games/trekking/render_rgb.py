"""An ``rgb_array`` picture of a Trekking table (Pillow): the map and one GPS profile per player."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from . import components as C
from .scoring import K_EMPTY, K_ROUTE

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
    try:
        return ImageFont.load_default()
    except Exception:  # pragma: no cover - Pillow always ships a default font
        return None


def _node_xy(n: int) -> tuple[int, int]:
    return MARGIN + (n % 6) * CELL, MARGIN + (n // 6) * CELL


def _draw_map(d: ImageDraw.ImageDraw, st, font) -> None:
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


def _draw_gps(d: ImageDraw.ImageDraw, st, seat: int, x0: int, y0: int, font) -> None:
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


def draw(st) -> np.ndarray:
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
