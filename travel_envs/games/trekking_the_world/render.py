"""Text rendering, action names and the rgb_array map of trekking_the_world_v0."""

from __future__ import annotations

import unicodedata

import numpy as np

from travel_envs.core.pictures import font as _font

from . import components as C
from .actions import A_COLOUR, A_ENC, A_ITIN, A_LOC, A_PLAYER, A_TOUR, A_USE, NUM_ACTIONS, action_name

COLOUR_CHARS = "RBYK"  # red, blue, yellow, black (K)
TOKEN_SHORT = ("Move", "FF", "Money", "Souv")


def itin_text(card: int) -> str:
    if card < 0:
        return "-"
    conts = "/".join(C.CONTINENT_ABBR[k] for k in C.ITIN_CONTINENTS[card])
    return (f"#{card + 1} mv{C.ITIN_MOVE[card]} ${C.ITIN_MONEY[card]} "
            f"{C.ITIN_CUBES[card]}{COLOUR_CHARS[C.ITIN_COLOUR[card]]}@{conts}")


def loc_text(v: int) -> str:
    if v < 0:
        return "(not placed)"
    return f"{C.NODE_NAMES[v]} ({C.CONTINENT_ABBR[C.NODE_CONTINENT[v]]})"


def tour_text(c: int) -> str:
    return "-" if c < 0 else f"{C.CARD_NAMES[c]} ${C.TOUR_COST[c]}/{C.TOUR_POINTS[c]}pt"


def enc_text(c: int, short: bool = True) -> str:
    if c < 0:
        return "-"
    power = C.ENC_POWER[c]
    if short and len(power) > 38:
        power = power[:35] + "..."
    return f"{C.CARD_NAMES[c]}: {power}"


def action_to_string(s, a: int) -> str:
    if not 0 <= a < NUM_ACTIONS:
        return f"invalid action {a}"
    if a < A_ITIN:
        return f"go to {loc_text(a - A_LOC)}"
    if a < A_USE:
        slot = a - A_ITIN
        card = s.available_itineraries()[slot]
        return f"choose Itinerary slot {slot} ({itin_text(card)})"
    if a < A_ENC:
        c = a - A_USE
        return f"use Encounter {C.CARD_NAMES[c]} ({C.ENC_POWER[c]})"
    if a < A_TOUR:
        return action_name(a)
    if a < A_COLOUR:
        c = a - A_TOUR
        return f"pay for Tour {tour_text(c)}"
    if a < A_PLAYER:
        k = a - A_COLOUR
        return f"colour {C.COLOURS[k]} (token {C.TOKEN_NAMES[k]})"
    return action_name(a)


def suitcase_text(rows: list[int]) -> str:
    return " ".join(COLOUR_CHARS[k] + ":" + "#" * rows[k] + "." * (C.SUITCASE_COLUMNS - rows[k])
                    for k in range(C.NUM_COLOURS))


def render_text(s) -> str:
    n = s.num_players
    lines = []
    status = "GAME OVER" if s.is_terminal else f"seat {s.to_act} to act, phase {s.phase}"
    trig = f" | END TRIGGERED ({s.params.end_tours} Tours)" if s.end_triggered else f" | end at {s.params.end_tours} Tours"
    lines.append(f"== Trekking the World == {status}{trig}")
    if s.itin >= 0:
        lines.append(f"  Itinerary in play: {itin_text(s.itin)}; steps {s.steps}/{s.n_max}"
                     + (f" (min {s.n_min})" if s.n_min and s.n_min != s.n_max else ""))
    lines.append("Itineraries: " + " | ".join(itin_text(c) for c in s.available_itineraries())
                 + f"   (deck {len(s.itin_deck)}, discard {len(s.itin_discard)})")
    lines.append("Tours:       " + " | ".join(tour_text(c) for c in s.available_tours())
                 + f"   (deck {len(s.tour_deck)})")
    lines.append("Encounters:  " + " | ".join(enc_text(c) for c in s.available_encounters())
                 + f"   (deck {len(s.enc_deck)}, discard {len(s.enc_discard)})")
    lines.append("Supply: cubes (R red, B blue, Y yellow, K black) "
                 + " ".join(f"{COLOUR_CHARS[k]}{s.cube_supply[k]}" for k in range(4))
                 + " | tokens " + " ".join(f"{TOKEN_SHORT[k]}{s.token_supply[k]}" for k in range(4)))
    for p in range(n):
        mark = ">" if p == s.to_act and not s.is_terminal else " "
        first = "*" if p == s.first_player else " "
        lines.append(
            f"{mark}{first}P{p} @ {loc_text(s.loc[p])} | ${s.money[p]} | {suitcase_text(s.suitcase[p])} | "
            + " ".join(f"{TOKEN_SHORT[k]}{s.tokens[p][k]}" for k in range(4))
            + f" | score {s.score(p)}"
        )
        if s.tours[p]:
            lines.append("      Tours: " + ", ".join(tour_text(c) for c in s.tours[p]))
        if s.encs[p]:
            lines.append("      Encounters: " + ", ".join(C.CARD_NAMES[c] for c in s.encs[p]))
    if n == 1:
        lines.append(f"Rival: {s.rival_points} points, {len(s.rival_deck)} Rival cards left "
                     f"(win needs >= Rival + {s.params.solo_margin})")
    if s.is_terminal:
        lines.append(f"Scores {s.scores()}  winners {s.winners()}")
    return "\n".join(lines)


def _flags(s) -> str:
    names = (("torres", "Torres: may stop early"), ("revisit", "Milford: revisits allowed"),
             ("free_flights", "flights free"), ("no_step_flights", "flights use no step"),
             ("terracotta", "Souvenirs in any continent"), ("sagrada", "Sagrada: Tour and Encounter"),
             ("colosseum", "Colosseum: adjacent cards"), ("lencois", "Lencois step after a card"),
             ("lencois_moved", "Lencois step used"), ("took_tour", "took a Tour"), ("took_enc", "took an Encounter"))
    out = [text for f, text in names if getattr(s, f)]
    counts = (("move_tokens", "Move tokens used"), ("money_tokens", "Money tokens used"),
              ("souv_tokens", "Souvenir tokens used"), ("baobab", "money again (Baobabs)"),
              ("taj", "Souvenirs again (Taj Mahal)"), ("extra", "extra steps"), ("discount", "Tour discount $"),
              ("cards_taken", "cards taken"))
    out += [f"{text} {getattr(s, f)}" for f, text in counts if getattr(s, f)]
    if s.recolour >= 0:
        out.append(f"Souvenirs recoloured {C.COLOURS[s.recolour]}")
    return ", ".join(out)


def observation_text(s, seat: int) -> str:
    """``seat``'s view of the table: every public fact the observation carries (the whole table is
    public except the order of the decks below their face-up tops and the solo Rival deck)."""
    n = s.num_players
    rel = lambda p: "you" if p == seat else f"P{p} (+{(p - seat) % n})"  # noqa: E731
    lines = [f"== Trekking the World == you are P{seat}; "
             + ("GAME OVER" if s.is_terminal else f"{rel(s.to_act)} to act, phase {s.phase}")]
    trig = "END TRIGGERED, the round is finished" if s.end_triggered else "not triggered"
    if n == 1:
        lines.append(f"End: when you hold {s.params.end_tours} Tours, or when the Rival deck is empty ({trig})")
    else:
        lines.append(f"End: {s.params.end_tours} Tours, or once no player can reach them ({s.tours_left()} Tours "
                     f"left; {trig})")
    if s.pending >= 0:
        lines.append(f"Choosing for: {C.CARD_NAMES[s.pending]} ({C.ENC_POWER[s.pending]})")
    elif s.pending == -2:
        lines.append("Choosing for: a Frequent Flyer token (the airport to fly to)")
    if s.kili_row >= 0:
        lines.append(f"Kilimanjaro returned a {C.COLOURS[s.kili_row]} cube")
    if s.halong_target >= 0:
        lines.append(f"Ha Long Bay moves {rel(s.halong_target)}")
    if s.itin >= 0:
        move = f"steps {s.steps}/{s.n_max}" + (f" (may stop after {s.n_min})" if s.n_min != s.n_max else "")
        start = f", from {loc_text(s.start)}" if s.start >= 0 else ""
        lines.append(f"Itinerary in play: {itin_text(s.itin)}; {move}{start}")
    if s.ban & ~(1 << s.start if s.start >= 0 else 0):
        lines.append("May not end the move on: "
                     + ", ".join(C.NODE_NAMES[v] for v in range(C.NUM_LOCATIONS) if (s.ban >> v) & 1))
    if s.visited:
        been = [C.NODE_NAMES[v] for v in range(C.NUM_LOCATIONS) if (s.visited >> v) & 1]
        lines.append("Visited this turn: " + ", ".join(been))
    flags = _flags(s)
    if flags:
        lines.append("This turn: " + flags)
    if s.fresh_encs:
        lines.append("Gained this turn (not usable yet): " + ", ".join(C.CARD_NAMES[c] for c in s.fresh_encs))
    lines.append("Itineraries (slot 0 = deck top): "
                 + " | ".join(f"{i}: {itin_text(c)}" for i, c in enumerate(s.available_itineraries())))
    lines.append(f"Itinerary deck {len(s.itin_deck)} cards; discard pile bottom to top ({len(s.itin_discard)}): "
                 + (", ".join(f"#{c + 1}" for c in s.itin_discard) or "empty"))
    lines.append("Tours (deck top first): " + " | ".join(tour_text(c) for c in s.available_tours())
                 + f"   (deck {len(s.tour_deck)})")
    lines.append("Encounters (deck top first): "
                 + " | ".join(enc_text(c, short=False) for c in s.available_encounters())
                 + f"   (deck {len(s.enc_deck)})")
    if s.enc_reshuffled and len(s.enc_deck) > 1:
        lines.append("Encounter deck below its top (rebuilt from the discard pile, order unknown): "
                     + ", ".join(sorted(C.CARD_NAMES[c] for c in s.enc_deck[:-1])))
    lines.append("Encounter discard pile: " + (", ".join(C.CARD_NAMES[c] for c in s.enc_discard) or "empty"))
    if s.tours_out:
        lines.append("Tours removed from the game: " + ", ".join(C.CARD_NAMES[c] for c in s.tours_out))
    lines.append("Supply: cubes " + " ".join(f"{C.COLOURS[k]} {s.cube_supply[k]}" for k in range(4))
                 + " | tokens " + " ".join(f"{C.TOKEN_NAMES[k]} {s.token_supply[k]}" for k in range(4)))
    for i in range(n):
        p = (seat + i) % n
        first = ", first player" if p == s.first_player else ""
        usable = [s.usable_tokens(p, k) for k in range(4)]
        tokens = " ".join(f"{TOKEN_SHORT[k]} {s.tokens[p][k]}"
                          + (f" ({usable[k]} usable)" if usable[k] != s.tokens[p][k] else "") for k in range(4))
        lines.append(f"{rel(p)}{first}: at {loc_text(s.loc[p])}, ${s.money[p]}, {s.turns_taken[p]} turns, "
                     f"score {s.score(p)}")
        lines.append(f"    Suitcase {suitcase_text(s.suitcase[p])} | tokens {tokens}")
        lines.append("    Tours: " + (", ".join(tour_text(c) for c in s.tours[p]) or "none"))
        lines.append("    Encounters: " + (", ".join(enc_text(c, short=False) for c in s.encs[p]) or "none"))
    if n == 1:
        calibration = s.params.solo_calibration
        left = [0] * len(C.RIVAL_TYPES)
        for r in s.rival_deck:
            left[C.RIVAL_TYPE_OF[calibration][r]] += 1
        flipped = ", ".join(f"{'Tour' if row == 0 else 'Encounter'} slot {slot} x{total - k}"
                            for (row, slot), total, k in zip(C.RIVAL_TYPES, C.RIVAL_TYPE_COUNT[calibration], left)
                            if total > k)
        lines.append(f"Rival: {s.rival_points} points, {len(s.rival_deck)} cards left; win needs your score >= "
                     f"Rival + {s.params.solo_margin}")
        lines.append("Rival cards flipped: " + (flipped or "none"))
        lines.append("Rival Tours: " + (", ".join(tour_text(c) for c in s.rival_tours) or "none"))
    if s.is_terminal:
        lines.append(f"Final scores {s.scores()}; winners {s.winners()}")
    return "\n".join(lines)


# -- rgb_array: a world map (equirectangular projection of the real landmarks) ----------------------
# Approximate (latitude, longitude) of each location, for drawing only; airports sit near the middle
# of their continent. Bora Bora is drawn west of the Americas; its paths to Oceania wrap around.
MAP_COORDS = {
    "north_america_airport": (39, -98), "banff": (51.2, -115.6), "golden_gate_bridge": (37.8, -122.5),
    "grand_canyon": (36.1, -112.1), "niagara_falls": (43.1, -79.1), "statue_of_liberty": (40.7, -74.0),
    "chichen_itza": (20.7, -88.6), "old_havana": (23.1, -82.4), "monteverde_cloud_forest": (10.3, -84.8),
    "south_america_airport": (-15, -55), "angel_falls": (6.0, -62.5), "galapagos_islands": (-0.9, -90.9),
    "machu_picchu": (-13.2, -72.5), "salar_de_uyuni": (-20.1, -67.5), "torres_del_paine": (-51, -73),
    "iguazu_falls": (-25.7, -54.4), "christ_the_redeemer": (-23.0, -43.2), "lencois_maranhenses": (-2.5, -43.1),
    "europe_airport": (53, 14), "sagrada_familia": (41.4, 2.2), "eiffel_tower": (48.9, 2.3),
    "stonehenge": (52.5, -4.0), "geirangerfjord": (62.1, 7.2), "neuschwanstein_castle": (46.6, 10.7),
    "colosseum": (41.9, 12.5), "plitvice_lakes": (45.4, 17.6), "acropolis": (37.97, 23.7),
    "africa_airport": (5, 20), "chefchaouen": (35.2, -5.3), "timbuktu": (16.8, -3.0),
    "pyramids_of_giza": (30, 31.1), "serengeti": (-2.3, 34.8), "mount_kilimanjaro": (-5.1, 38.4),
    "victoria_falls": (-17.9, 25.9), "table_mountain": (-33.96, 18.4), "avenue_of_the_baobabs": (-20.25, 44.4),
    "asia_airport": (32, 92), "petra": (30.3, 35.4), "taj_mahal": (27.2, 78.0), "terracotta_army": (34.4, 109.3),
    "great_wall": (40.4, 116.6), "mount_fuji": (35.4, 138.7), "zhangjiajie": (27.3, 110.5),
    "angkor_wat": (13.4, 103.9), "ha_long_bay": (20.9, 107.2), "oceania_airport": (-21, 140),
    "kakadu": (-12.8, 132.4), "great_barrier_reef": (-16.3, 147.7), "uluru": (-25.3, 131.0),
    "sydney_opera_house": (-33.86, 151.2), "twelve_apostles": (-38.7, 143.1), "milford_sound": (-44.6, 167.9),
    "tongariro": (-39.2, 175.6), "bora_bora": (-16.5, -151.7),
}
IMG_W, MAP_H, PANEL_H = 1200, 470, 300
LON0, LON1, LAT0, LAT1 = -170.0, 190.0, 70.0, -58.0
PLAYER_RGB = ((220, 40, 40), (40, 90, 220), (230, 170, 0), (30, 30, 30), (40, 160, 70))
CONT_RGB = ((222, 214, 190), (206, 226, 190), (214, 206, 226), (236, 210, 180), (232, 200, 200), (200, 222, 230))
CUBE_RGB = ((210, 40, 40), (40, 90, 220), (240, 200, 0), (25, 25, 25))
TOUR_RGB, TOUR_TEXT = (200, 150, 0), (110, 70, 0)
ENC_RGB, ENC_TEXT = (140, 40, 170), (100, 25, 130)
def _ascii(text: str) -> str:
    """The bundled Pillow font has no accented letters: fold them (Lençóis -> Lencois)."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


NAMES = tuple(_ascii(C.NODE_NAMES[v]) for v in range(C.NUM_LOCATIONS))


def _xy(v: int) -> tuple[float, float]:
    lat, lon = MAP_COORDS[C.NODE_IDS[v]]
    x = (lon - LON0) / (LON1 - LON0) * (IMG_W - 20) + 10
    y = (LAT0 - lat) / (LAT0 - LAT1) * (MAP_H - 20) + 10
    return x, y


def _hull(points):
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _background():
    """The static map (continents, paths, locations), drawn once."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (IMG_W, MAP_H + PANEL_H), (178, 208, 232))
    d = ImageDraw.Draw(img)
    d.rectangle((0, MAP_H, IMG_W, MAP_H + PANEL_H), fill=(250, 248, 240))
    for k in range(C.NUM_CONTINENTS):
        pts = []
        for v in range(C.NUM_LOCATIONS):
            if C.NODE_CONTINENT[v] == k and C.NODE_IDS[v] != "bora_bora":
                x, y = _xy(v)
                pts += [(x - 16, y - 14), (x + 16, y - 14), (x - 16, y + 14), (x + 16, y + 14)]
        d.polygon(_hull(pts), fill=CONT_RGB[k], outline=(150, 140, 120))
        ax, ay = _xy(C.AIRPORT_OF_CONTINENT[k])
        d.text((ax - 10, ay + 8), C.CONTINENT_ABBR[k], fill=(90, 80, 70), font=_font(12))
    for a, b in C.EDGES:
        (x1, y1), (x2, y2) = _xy(a), _xy(b)
        if abs(x1 - x2) > IMG_W / 2:  # wraps around the Pacific
            if x1 > x2:
                (x1, y1), (x2, y2) = (x2, y2), (x1, y1)
            d.line((x1, y1, 0, y1), fill=(120, 120, 120), width=1)
            d.line((x2, y2, IMG_W, y2), fill=(120, 120, 120), width=1)
        else:
            d.line((x1, y1, x2, y2), fill=(120, 120, 120), width=1)
    for v in range(C.NUM_LOCATIONS):
        x, y = _xy(v)
        if C.IS_AIRPORT[v]:
            d.rectangle((x - 5, y - 5, x + 5, y + 5), fill=(60, 60, 60))
        else:
            d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=(90, 90, 90))
    return img


_BACKGROUND = None


class _Labels:
    """Text drawn on the picture, each kept whole inside the image; map labels also avoid
    each other and the legend (the first free spot among a few around their point)."""

    def __init__(self, draw, boxes: list | None):
        self.d = draw
        self.taken: list = []
        self.boxes = boxes  # every text box drawn (for tests), or None

    @staticmethod
    def _overlaps(a, b) -> bool:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    def _box(self, x, y, text, font):
        left, top, right, bottom = self.d.textbbox((x, y), text, font=font)
        return (left, top, right, bottom)

    def text(self, x, y, text, font, fill, bounds=(0, 0, IMG_W, MAP_H + PANEL_H)) -> None:
        """Draw at (x, y), shifted left / up as needed to stay inside ``bounds``."""
        box = self._box(x, y, text, font)
        x += min(0, bounds[2] - 2 - box[2]) + max(0, bounds[0] + 2 - box[0])
        y += min(0, bounds[3] - 2 - box[3]) + max(0, bounds[1] + 2 - box[1])
        self._draw(x, y, text, font, fill)

    def near(self, x, y, text, font, fill) -> None:
        """A map label next to the point (x, y): the first spot that is free and on the map."""
        w = self.d.textlength(text, font=font)
        spots = [(x + 10, y - 14), (x + 10, y + 2), (x - 10 - w, y - 14), (x - 10 - w, y + 2),
                 (x - w / 2, y - 24), (x - w / 2, y + 10)]
        for far in (0, 24, 48):  # farther spots (with a leader line) for crowded places
            for dy in (-28, 16, -42, 30, -56, 44):
                spots += [(x + 10 + far, y + dy), (x - 10 - w - far, y + dy)]
        chosen = None
        for sx, sy in spots:
            box = self._box(sx, sy, text, font)
            inside = box[0] >= 2 and box[1] >= 2 and box[2] <= IMG_W - 2 and box[3] <= MAP_H - 2
            if inside and not any(self._overlaps(box, t) for t in self.taken):
                chosen = (sx, sy)
                break
        if chosen is None:  # crowded: the first spot that stays on the map
            chosen = next(((sx, sy) for sx, sy in spots
                           if 2 <= self._box(sx, sy, text, font)[0] and self._box(sx, sy, text, font)[2] <= IMG_W - 2),
                          spots[0])
        box = self._box(chosen[0], chosen[1], text, font)
        if chosen not in spots[:6]:  # a far spot: a leader line from the point to the label
            lx = box[0] if box[0] > x else box[2]
            self.d.line((x, y, lx, (box[1] + box[3]) / 2), fill=fill, width=1)
        self.d.rectangle((box[0] - 2, box[1] - 1, box[2] + 2, box[3] + 1), fill=(252, 250, 242))  # readable on anything
        self.text(chosen[0], chosen[1], text, font, fill, bounds=(0, 0, IMG_W, MAP_H))

    def _draw(self, x, y, text, font, fill) -> None:
        box = self._box(x, y, text, font)
        self.d.text((x, y), text, fill=fill, font=font)
        self.taken.append(box)
        if self.boxes is not None:
            self.boxes.append((text, box))

    def fit(self, text: str, font, width: float) -> list[str]:
        """``text`` (comma separated items) wrapped into lines of at most ``width`` pixels."""
        lines, line = [], ""
        for item in text.split(", "):
            cand = item if not line else line + ", " + item
            if line and self.d.textlength(cand, font=font) > width:
                lines.append(line + ",")
                line = item
            else:
                line = cand
        lines.append(line)
        return lines


LEGEND_BOX = (8, MAP_H - 112, 212, MAP_H - 8)


def _legend(d, labels: _Labels, font) -> None:
    """What the map symbols mean (drawn in the empty South Pacific)."""
    x0, y0, x1, y1 = LEGEND_BOX
    d.rectangle(LEGEND_BOX, fill=(245, 245, 240), outline=(120, 120, 120))
    labels.taken.append(LEGEND_BOX)
    rows = (("airport (flights $1)", "airport"), ("location", "dot"), ("Tour on offer: name $cost/points", "tour"),
            ("Encounter on offer", "enc"), ("visited by the move in progress", "visited"),
            ("Trekker of player n", "trekker"))
    for i, (text, kind) in enumerate(rows):
        cx, cy = x0 + 14, y0 + 10 + i * 17
        if kind == "airport":
            d.rectangle((cx - 5, cy - 5, cx + 5, cy + 5), fill=(60, 60, 60))
        elif kind == "dot":
            d.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=(90, 90, 90))
        elif kind in ("tour", "enc"):
            d.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), outline=TOUR_RGB if kind == "tour" else ENC_RGB, width=3)
        elif kind == "visited":
            d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=(255, 255, 255), outline=(0, 0, 0))
        else:
            d.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), fill=PLAYER_RGB[0], outline=(255, 255, 255), width=2)
            d.text((cx - 3, cy - 7), "n", fill=(255, 255, 255), font=font)
        labels._draw(cx + 14, cy - 7, text, font, (30, 30, 30))


def render_rgb(s, boxes: list | None = None) -> np.ndarray:
    """The world map: paths, airports (squares), available Tours (gold rings, name $cost/points) and
    Encounters (purple rings), the move in progress, the Trekkers, a legend; below, a panel with the
    turn, the rows and the players. ``boxes`` (optional) collects (text, bounding box) of every label."""
    from PIL import ImageDraw

    global _BACKGROUND
    if _BACKGROUND is None:
        _BACKGROUND = _background()
    img = _BACKGROUND.copy()
    d = ImageDraw.Draw(img)
    small, mid = _font(11), _font(13)
    labels = _Labels(d, boxes)
    _legend(d, labels, small)
    for v in range(C.NUM_LOCATIONS):  # keep labels off the points and the continent names
        x, y = _xy(v)
        labels.taken.append((x - 4, y - 4, x + 4, y + 4))
        if C.IS_AIRPORT[v]:
            labels.taken.append((x - 11, y + 6, x + 13, y + 23))
    if s.visited:
        v = s.visited
        while v:
            low = v & -v
            x, y = _xy(low.bit_length() - 1)
            d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=(255, 255, 255), outline=(0, 0, 0))
            v ^= low
    here: dict[int, int] = {}
    trekkers = []  # drawn last, on top of everything; labels avoid them where they can
    for p in range(s.num_players):
        if s.loc[p] < 0:
            continue
        k = here.get(s.loc[p], 0)
        here[s.loc[p]] = k + 1
        x, y = _xy(s.loc[p])
        x, y = x - 6 + 9 * k, y - 16
        trekkers.append((p, x, y))
        labels.taken.append((x - 7, y - 7, x + 7, y + 7))
    for c in s.available_tours():
        if c >= 0:
            x, y = _xy(C.CARD_LOCATION[c])
            d.ellipse((x - 8, y - 8, x + 8, y + 8), outline=TOUR_RGB, width=3)
    for c in s.available_encounters():
        if c >= 0:
            x, y = _xy(C.CARD_LOCATION[c])
            d.ellipse((x - 8, y - 8, x + 8, y + 8), outline=ENC_RGB, width=3)
    for c in s.available_tours():
        if c >= 0:
            x, y = _xy(C.CARD_LOCATION[c])
            labels.near(x, y, f"{NAMES[C.CARD_LOCATION[c]]} ${C.TOUR_COST[c]}/{C.TOUR_POINTS[c]}", small, TOUR_TEXT)
    for c in s.available_encounters():
        if c >= 0:
            x, y = _xy(C.CARD_LOCATION[c])
            labels.near(x, y, NAMES[C.CARD_LOCATION[c]], small, ENC_TEXT)
    for p, x, y in trekkers:
        d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=PLAYER_RGB[p], outline=(255, 255, 255), width=2)
        d.text((x - 3, y - 7), str(p), fill=(255, 255, 255), font=small)
    _panel(s, d, labels, small, mid)
    return np.asarray(img, dtype=np.uint8).copy()


def _panel(s, d, labels: _Labels, small, mid) -> None:
    """The turn, the rows and one block per player below the map."""
    y0 = MAP_H + 6
    status = "GAME OVER" if s.is_terminal else f"P{s.to_act} to act: {s.phase}"
    if s.itin >= 0:
        status += f" | Itinerary {itin_text(s.itin)}, step {s.steps}/{s.n_max}"
    status += f" | ends at {s.params.end_tours} Tours" + (
        "" if s.num_players == 1 else " or when none can reach them") + (
        " (TRIGGERED)" if s.end_triggered else "")
    labels.text(10, y0, _ascii(status), mid, (0, 0, 0))
    rows = (
        ("Itineraries: " + " | ".join(itin_text(c) for c in s.available_itineraries())
         + f"  (deck {len(s.itin_deck)}, discard {len(s.itin_discard)})", (40, 40, 40)),
        ("Tours: " + " | ".join(_ascii(tour_text(c)) for c in s.available_tours()) + f"  (deck {len(s.tour_deck)})",
         TOUR_TEXT),
        ("Encounters: " + " | ".join(NAMES[C.CARD_LOCATION[c]] if c >= 0 else "-" for c in s.available_encounters())
         + f"  (deck {len(s.enc_deck)}, discard {len(s.enc_discard)})", ENC_TEXT),
    )
    for i, (text, colour) in enumerate(rows):
        labels.text(10, y0 + 18 + i * 14, text, small, colour)
    top = y0 + 64
    height = (MAP_H + PANEL_H - top - 4) // max(s.num_players, 1)
    text_x = 420
    width = IMG_W - text_x - 8
    for p in range(s.num_players):
        y = top + p * height
        mark = ">" if p == s.to_act and not s.is_terminal else " "
        d.ellipse((10, y + 2, 22, y + 14), fill=PLAYER_RGB[p])
        labels.text(28, y, _ascii(f"{mark}P{p} ${s.money[p]:>2} score {s.score(p):>3}"), mid, (0, 0, 0))
        labels.text(28, y + 15, _ascii(f"@ {loc_text(s.loc[p])}"), small, (40, 40, 40))
        for k in range(C.NUM_COLOURS):
            for j in range(C.SUITCASE_COLUMNS):
                bx, by = 330 + j * 11, y + 1 + k * 8
                if j < s.suitcase[p][k]:
                    d.rectangle((bx, by, bx + 9, by + 6), fill=CUBE_RGB[k])
                else:
                    d.rectangle((bx, by, bx + 9, by + 6), outline=(170, 170, 170))
        tokens = " ".join(f"{TOKEN_SHORT[k]} {s.tokens[p][k]}" for k in range(4))
        tours = ", ".join(_ascii(f"{NAMES[C.CARD_LOCATION[c]]} {C.TOUR_POINTS[c]}") for c in s.tours[p]) or "none"
        encs = ", ".join(NAMES[C.CARD_LOCATION[c]] for c in s.encs[p]) or "none"
        lines = [(f"Tokens: {tokens}", (0, 0, 0))]
        lines += [(text, TOUR_TEXT) for text in labels.fit(f"Tours ({len(s.tours[p])}): {tours}", small, width)]
        lines += [(text, ENC_TEXT) for text in labels.fit(f"Encounters ({len(s.encs[p])}): {encs}", small, width)]
        room = max(2, (height - 2) // 13)
        if len(lines) > room:  # a crowded block (5 players, many cards): the text render has the rest
            lines = lines[:room - 1] + [("... more cards: see render_mode='ansi'", (0, 0, 0))]
        for i, (text, colour) in enumerate(lines):
            labels.text(text_x, y + i * 13, text, small, colour)
    if s.num_players == 1:
        labels.text(28, top + 34, f"Rival: {s.rival_points} points, {len(s.rival_tours)} Tours", mid, (0, 0, 0))
        labels.text(28, top + 52, f"{len(s.rival_deck)} Rival cards left; you win with a score", small, (40, 40, 40))
        labels.text(28, top + 66, f">= Rival + {s.params.solo_margin} ({s.params.solo_calibration} Rival deck)",
                    small, (40, 40, 40))
