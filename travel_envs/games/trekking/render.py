"""Text (ansi) and picture (rgb_array) renderings of a Trekking table."""

from __future__ import annotations

import numpy as np

from . import components as C
from .scoring import CA, CE, CF, CK, CR, CS, K_REST, K_ROUTE

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
    status = "game over" if st.is_terminal else f"round {st.rnd} ({st.rnd + 6}:00), phase {st.stage}, seat {st.current_player} to act"
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


def render_rgb(st) -> np.ndarray:
    from .render_rgb import draw

    return draw(st)


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
    if st.stage in ("move", "tag", "finish") and st.order[st.turn_pos] == seat:
        out.append(f"Your turn: energy at the start {st.t_start_energy}, change so far {st.t_delta:+d}, "
                   f"can still pay {st.spendable()}; energy bars {st.t_bars}, drink water {st.t_drinks}, "
                   f"tags {st.t_tags}" + (", refuge reached" if st.t_refuge else ""))
        if st.stage == "tag":
            spaces = list(st.map.path_spaces[st.t_path]) + list(st.map.node_spaces[st.t_dest])
            out.append("  animals beside the path / around the destination: " + ", ".join(
                f"{sp}:{C.ANIMALS[st.map_animals[sp]] if st.map_animals[sp] >= 0 else '-'}" for sp in spaces))
    if st.pos[seat] >= 0 and st.stage != "over":
        acting = st.stage in ("move", "tag", "finish") and st.order[st.turn_pos] == seat
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
        f"round {st.rnd} ({st.rnd + 6}:00), phase {st.stage}, seat {st.current_player} to act")
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
