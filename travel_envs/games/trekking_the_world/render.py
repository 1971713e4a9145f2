"""Text rendering and action names of trekking_the_world_v0."""

from __future__ import annotations

from . import components as C
from .actions import (
    A_COLOUR, A_ENC, A_FF, A_ITIN, A_LOC, A_MONEY, A_MOVE, A_PASS, A_PLAYER, A_SOUV, A_STOP, A_TOUR, A_USE,
    NUM_ACTIONS,
)

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
        return f"take Encounter {C.CARD_NAMES[a - A_ENC]}"
    if a < A_COLOUR:
        c = a - A_TOUR
        return f"pay for Tour {tour_text(c)}"
    if a < A_PLAYER:
        k = a - A_COLOUR
        return f"colour {C.COLOURS[k]} (token {C.TOKEN_NAMES[k]})"
    if a < A_FF:
        return f"player {a - A_PLAYER + 1} seat(s) after me"
    return {A_FF: "use a Frequent Flyer token", A_MOVE: "use a Move token (+1 step)",
            A_MONEY: "use a Money token", A_SOUV: "use a Souvenir token", A_STOP: "stop moving here",
            A_PASS: "pass / continue"}[a]


def suitcase_text(rows: list[int]) -> str:
    return " ".join(COLOUR_CHARS[k] + ":" + "#" * rows[k] + "." * (C.SUITCASE_COLUMNS - rows[k])
                    for k in range(C.NUM_COLOURS))


def render_text(s) -> str:
    n = s.num_players
    lines = []
    status = "GAME OVER" if s.is_terminal else f"seat {s.turn_seat} to act, phase {s.phase}"
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
    lines.append("Supply: cubes " + " ".join(f"{COLOUR_CHARS[k]}{s.cube_supply[k]}" for k in range(4))
                 + " | tokens " + " ".join(f"{TOKEN_SHORT[k]}{s.token_supply[k]}" for k in range(4)))
    for p in range(n):
        mark = ">" if p == s.turn_seat and not s.is_terminal else " "
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


def render_rgb(s):  # pragma: no cover - replaced when the picture is implemented
    raise NotImplementedError("trekking_the_world has no rgb_array rendering")
