"""End-of-game scoring (the rulebook's six steps), as pure functions of a GPS board.

A GPS board is a list of filled columns (column ``i`` holds the card of round ``i + 1``); each column is
a list ``[kind, colour, ascent, start_alt, end_alt, card_id, rest_kind, flipped]`` (see ``engine``).
Animals are ``[column, animal]`` pairs, summit tokens ``[summit, number, flipped, round]``.
"""

from __future__ import annotations

from collections import Counter

from . import components as C

# column entry layout
K_ROUTE, K_REST, K_EMPTY = 0, 1, 2  # K_EMPTY: rested with both rest piles empty (no card placed)
CK, CC, CA, CS, CE, CID, CR, CF = range(8)


def covers(col, altitude: int, margin: int) -> bool:
    """Whether the card in ``col`` covers a vignette at ``altitude`` (spec 3.6 coverage model)."""
    if col is None or col[CK] == K_EMPTY:
        return False
    lo, hi = (col[CS], col[CE]) if col[CS] <= col[CE] else (col[CE], col[CS])
    return lo - margin <= altitude <= hi + margin


def animal_altitudes(gps, animals) -> list[int]:
    """The altitude of each animal: the end altitude of the card it sits on."""
    return [gps[c][CE] for c, _ in animals]


# ---- step 1 -------------------------------------------------------------
def animal_vp(animals) -> int:
    return sum(C.ANIMAL_VP[a] for _, a in animals)


# ---- step 2 -------------------------------------------------------------
def fauna_vp(card: str, gps, animals) -> int:
    kinds = [a for _, a in animals]
    if not kinds:
        return 0
    if card == "species":
        return C.SPECIES_VP[min(max(Counter(kinds).values()), 6)]
    if card == "micro_study":
        return 4 * max(Counter(animal_altitudes(gps, animals)).values())
    if card == "adaptation":
        return 2 * len(set(animal_altitudes(gps, animals)))
    if card == "foxes_boars":
        return 3 * (sum(1 for a in kinds if C.ANIMAL_VP[a] == 1) // 3)
    if card == "variety":
        return variety_vp([kinds.count(a) for a in range(5)])
    raise ValueError(f"unknown fauna card {card!r}")


def variety_vp(counts) -> int:
    """Greedy sets of different animals: 5 first, then 4, 3, 2, 1 (0/1/3/6/10 VP by size)."""
    a, b, c, d, e = sorted(counts, reverse=True)  # the sum over set sizes k of (c[k-1] - c[k]) * VP[k], written out
    vp = C.VARIETY_VP
    return (a - b) * vp[1] + (b - c) * vp[2] + (c - d) * vp[3] + (d - e) * vp[4] + e * vp[5]


# ---- steps 3 and 4 -------------------------------------------------------
def summit_flip_vp(tokens) -> int:
    return C.SUMMIT_FLIP_VP * sum(1 for t in tokens if t[2])


def summit_card_vp(card: str, tokens) -> int:
    table = C.SUMMIT_ORDER_VP[card]
    return sum(table[min(t[1], 4) - 1] for t in tokens)


# ---- step 5 -------------------------------------------------------------
def _heights(gps):
    """Signed height of each column: +h ascent, -h descent, 0 rest / no card, None = rest marker."""
    out = []
    for col in gps:
        if col[CK] == K_ROUTE:
            out.append(col[CE] - col[CS])
        else:
            out.append(None)
    return out


def longest_run(gps, ascent: bool) -> int:
    """Metres of the longest uninterrupted ascent (or descent); rest cards do not interrupt."""
    best = run = 0
    for h in _heights(gps):
        if h is None:
            continue
        if (h > 0) == ascent and h != 0:
            run += abs(h)
            best = max(best, run)
        else:
            run = 0
    return best


def count_pairs(gps, first_ascent: bool) -> int:
    """Adjacent route-card pairs: valley (descent then ascent) or needle (ascent then descent)."""
    hs = _heights(gps)
    n = 0
    for a, b in zip(hs, hs[1:]):
        if a is None or b is None:
            continue
        if first_ascent and a > 0 and b < 0:
            n += 1
        elif not first_ascent and a < 0 and b > 0:
            n += 1
    return n


def orography_vp(card: str, gps) -> int:
    if card == "mulhacen":
        return 2 * (longest_run(gps, False) // 100)
    if card == "turbon":
        return 3 * (longest_run(gps, True) // 100)
    if card == "penalara":
        return 2 * (sum(h for h in _heights(gps) if h is not None and h > 0) // 100)
    if card == "mallos":
        return 2 * count_pairs(gps, False)
    if card == "pasiegos":
        return 3 * count_pairs(gps, True)
    raise ValueError(f"unknown orography card {card!r}")


# ---- step 6 -------------------------------------------------------------
def vignette_vp(side: int, gps, margin: int, final: bool = True) -> int:
    """VP of the visible VP vignettes (columns not yet filled count as visible unless ``final``)."""
    total = 0
    for column, (alt, vp) in C.GPS_VP_VIGNETTES[side].items():
        col = gps[column - 1] if column - 1 < len(gps) else None
        if not covers(col, alt, margin):
            total += vp
    return total


def score_breakdown(plan, side: int, margin: int, gps, animals, tokens) -> dict[str, int]:
    """The six steps of the rulebook, in order."""
    return {
        "animals": animal_vp(animals),
        "fauna_card": fauna_vp(plan[4], gps, animals),
        "summit_flips": summit_flip_vp(tokens),
        "summit_card": summit_card_vp(plan[2], tokens),
        "orography_card": orography_vp(plan[3], gps),
        "vignettes": vignette_vp(side, gps, margin),
    }


def solo_opponent_score(plan, side: int, opp_animals, n_tokens: int) -> int:
    """Sunday hikers: 2 x animal VP + 4 per summit token + GPS corner VP + the 6 plan modifiers."""
    vp = sum(C.ANIMAL_VP[a] * n for a, n in enumerate(opp_animals))
    return 2 * vp + 4 * n_tokens + C.GPS_SOLO_CORNER_VP[side] + sum(C.SOLO_MODIFIER[c] for c in plan)


_VP_VIGNETTES = tuple(tuple((column - 1, alt, vp) for column, (alt, vp) in side.items()) for side in C.GPS_VP_VIGNETTES)


def fast_total(plan, side: int, margin: int, gps, animals, tokens) -> int:
    """The sum of :func:`score_breakdown`, in one pass per part (used by the observation encoder,
    which caches the three parts separately: each changes only with its own list)."""
    return fast_animals(plan, gps, animals) + fast_tokens(plan, tokens) + fast_gps(plan, side, margin, gps)


def fast_animals(plan, gps, animals) -> int:
    """Steps 1 and 2 (animals and the fauna card): a function of the animals list (the altitudes it
    reads are those of already placed, never changing, GPS columns)."""
    if not animals:
        return 0
    cnt = [0, 0, 0, 0, 0]
    for _, a in animals:
        cnt[a] += 1
    total = cnt[0] + cnt[1] + 2 * (cnt[2] + cnt[3]) + 3 * cnt[4]
    fauna = plan[4]
    if fauna == "species":
        total += C.SPECIES_VP[min(max(cnt), 6)]
    elif fauna == "foxes_boars":
        total += 3 * ((cnt[0] + cnt[1]) // 3)
    elif fauna == "variety":
        total += variety_vp(cnt)
    else:
        alts: dict[int, int] = {}
        for c, _ in animals:
            e = gps[c][4]
            alts[e] = alts.get(e, 0) + 1
        total += 4 * max(alts.values()) if fauna == "micro_study" else 2 * len(alts)
    return total


def fast_tokens(plan, tokens) -> int:
    """Steps 3 and 4 (summit flips and the summit card)."""
    total = 0
    if tokens:
        table = C.SUMMIT_ORDER_VP[plan[2]]
        for t in tokens:
            total += table[min(t[1], 4) - 1] + (2 if t[2] else 0)
    return total


def fast_gps(plan, side: int, margin: int, gps) -> int:
    """Steps 5 and 6 (orography card and VP vignettes): a function of the placed columns' kinds and
    altitudes only (flipping a rest card changes neither)."""
    total = 0
    oro = plan[3]
    if oro in ("mulhacen", "turbon"):
        want_up = oro == "turbon"
        best = run = 0
        for col in gps:
            if col[0] != K_ROUTE:
                continue
            h = col[4] - col[3]
            if (h > 0) == want_up:
                run += h if h > 0 else -h
                if run > best:
                    best = run
            else:
                run = 0
        total += (3 if want_up else 2) * (best // 100)
    elif oro == "penalara":
        total += 2 * (sum(col[4] - col[3] for col in gps if col[0] == K_ROUTE and col[4] > col[3]) // 100)
    else:
        first_up = oro == "pasiegos"
        n = 0
        prev = None
        for col in gps:
            h = col[4] - col[3] if col[0] == K_ROUTE else None
            if prev is not None and h is not None:
                if first_up and prev > 0 and h < 0:
                    n += 1
                elif not first_up and prev < 0 and h > 0:
                    n += 1
            prev = h
        total += (3 if first_up else 2) * n
    ng = len(gps)
    for i, alt, vp in _VP_VIGNETTES[side]:
        if i >= ng:
            total += vp
            continue
        col = gps[i]
        if col[0] == K_EMPTY:
            total += vp
            continue
        lo, hi = (col[3], col[4]) if col[3] <= col[4] else (col[4], col[3])
        if not (lo - margin <= alt <= hi + margin):
            total += vp
    return total


def gps_tally(side: int) -> list:
    """A running form of :func:`fast_gps` for a board that only grows (the encoder's score cache):
    ``[columns seen, VP of the still visible vignettes, best run (Mulhacen, Turbon) / metres climbed
    (Penalara) / pairs (Mallos, Pasiegos), current run, previous column's height]``. Feed it the
    columns in order with :func:`gps_tally_add`; :func:`gps_tally_vp` reads it."""
    return [0, sum(vp for _, _, vp in _VP_VIGNETTES[side]), 0, 0, None]


_VIGNETTE_AT = tuple({i: (alt, vp) for i, alt, vp in side} for side in _VP_VIGNETTES)


def gps_tally_add(t: list, oro: str, side: int, margin: int, col) -> None:
    """Add the next placed column ``col`` to tally ``t`` (the same sums :func:`fast_gps` makes)."""
    i = t[0]
    t[0] = i + 1
    v = _VIGNETTE_AT[side].get(i)
    if v is not None and col[0] != K_EMPTY:
        alt = v[0]
        lo, hi = (col[3], col[4]) if col[3] <= col[4] else (col[4], col[3])
        if lo - margin <= alt <= hi + margin:
            t[1] -= v[1]  # covered: no longer visible
    h = col[4] - col[3] if col[0] == K_ROUTE else None
    if oro == "mulhacen" or oro == "turbon":
        if h is not None:
            if (h > 0) == (oro == "turbon"):
                t[3] += h if h > 0 else -h
                if t[3] > t[2]:
                    t[2] = t[3]
            else:
                t[3] = 0
    elif oro == "penalara":
        if h is not None and h > 0:
            t[2] += h
    else:
        prev = t[4]
        if prev is not None and h is not None:
            if oro == "pasiegos" and prev > 0 and h < 0:
                t[2] += 1
            elif oro != "pasiegos" and prev < 0 and h > 0:
                t[2] += 1
        t[4] = h


def gps_tally_vp(t: list, oro: str) -> int:
    """``fast_gps`` of the columns added to tally ``t``."""
    x = t[2]
    if oro == "turbon":
        return t[1] + 3 * (x // 100)
    if oro == "mulhacen" or oro == "penalara":
        return t[1] + 2 * (x // 100)
    return t[1] + (3 if oro == "pasiegos" else 2) * x
