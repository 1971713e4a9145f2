"""Trekking observation encoder and action table.

Everything in Trekking is public except the order of the piles below their tops (route cards, rest
cards, the Sunday hikers' deck), the ascent sides of the descent piles' cards (face down), and the bags'
draw order. The observation is seat-relative: the player blocks start with the observing seat, then the
other seats in turn order. All values lie in [-1, 1] (only the turn's energy change and the Sunday
hikers' score can be negative); every scale covers the reachable range, nothing is clipped.
See docs/games/trekking.md for the offset table (``OBS_LAYOUT`` below is the source of truth).
"""

from __future__ import annotations

import numpy as np

from . import components as C
from .actions import FINISH_PHASE, MOVE_PHASE
from .scoring import K_REST, K_ROUTE, fast_animals, fast_tokens, gps_tally, gps_tally_add, gps_tally_vp

ALT = float(C.GPS_MAX_ALT)
PLAYER_COLS = 9  # per GPS column
PLAYER_BLOCK = 1 + 36 + 1 + 1 + 12 * PLAYER_COLS + 5 + 5 + 5 + 15 + 2 + 1

OBS_LAYOUT: list[tuple[str, int]] = [
    ("phase one-hot (refuge, move, tag, finish)", 4),
    ("round one-hot (1-12)", 12),
    ("afternoon flag", 1),
    ("player count one-hot (1-4)", 4),
    ("route plan: weather morning one-hot (10)", 10),
    ("route plan: weather afternoon one-hot (10)", 10),
    ("route plan: summit card one-hot (5)", 5),
    ("route plan: orography card one-hot (5)", 5),
    ("route plan: fauna card one-hot (5)", 5),
    ("route plan: refuge card one-hot (5)", 5),
    ("active weather card one-hot (10)", 10),
    ("GPS side one-hot (basic, advanced)", 2),
    ("turn: start energy/max, energy change/20, bars flipped/3, tags/2, moved, refuge reached", 6),
    ("player blocks x4 (own first, then turn order): present, position one-hot 36, energy/max, "
     "altitude/1600, GPS 12 cols x [ascent, descent, rest, green, yellow, red, start/1600, end/1600, "
     "animals/2], unflipped rest cards per kind/3 (5), flipped per kind/3 (5), animals per kind/14 (5), "
     "summit tokens 5 x [held, number/4, flipped], rested since summit, rounds since summit/12, "
     "score/200",
     4 * PLAYER_BLOCK),
    ("animal spaces 16 x one-hot (empty, fox, boar, deer, eagle, bear)", 96),
    ("bags: green then blue, count per animal/10", 10),
    ("summit piles: tokens left/4", 5),
    ("reserve per colour: ascent pile size/13, descent pile size/13, ascent cost a player can count on/4 "
     "(the ascent pile's top; with that pile empty, the highest cost the face-down card can have), card "
     "available", 12),
    ("rest piles x2: size/8, top card kind one-hot (5)", 12),
    ("own moves N/E/S/W: path, green, yellow, red, ascent, energy needed/8, affordable now", 28),
    ("tag slots (2 path-side, 4 destination-side): one-hot (empty, fox, boar, deer, eagle, bear)", 36),
    ("solo: Sunday hikers occupancy (36), their animals/14 (5), tokens/20, score/260, deck-top compass "
     "one-hot (4), requirement one-hot (3), deck size/13, hard flag", 52),
    ("solo: choosing a Sunday hiker's animal (phase sunday) (1), its two candidate animal spaces (16), "
     "discard pile top one-hot (14), cards in the discard pile (14), removed route cards per colour x "
     "ascent cost/4 (15), removed face-down route cards per colour/4 (3), removed rest cards per kind/3 "
     "(5), summits visited per Sunday hiker 4 x 5 (20)", 88),
    ("turn: Drink water cards flipped this turn/3", 1),
    ("map: altitude/1600 per space (36), refuge flags (36), summit number/5 (36), paths east of each "
     "space 6 x 5 then south 5 x 6 (60: green 1/3, yellow 2/3, red 1), animal-space bag (16: green 0, "
     "blue 1)", 184),
]
OBS_SIZE = sum(n for _, n in OBS_LAYOUT)
HIDDEN_SIZE = 30 + 10 + C.NUM_OPP_CARDS + 4
STATE_SIZE = OBS_SIZE + HIDDEN_SIZE


def _offset(row: str) -> int:
    """The offset of the ``OBS_LAYOUT`` row whose name starts with ``row`` (every section offset below
    comes from the table, none is written by hand)."""
    o = 0
    for name, size in OBS_LAYOUT:
        if name.startswith(row):
            return o
        o += size
    raise KeyError(row)


_O_ROUND = _offset("round one-hot")
_ROUND0 = _O_ROUND - 1  # the one of round r is at _ROUND0 + r
_O_STATIC = _offset("afternoon flag")  # afternoon flag, player count, route plan, active weather, GPS side
_O_TURN = _offset("turn: start energy")
_S_STATIC = slice(_O_STATIC, _O_TURN)
_O_PLAYERS = _offset("player blocks")
_O_MAP = _offset("animal spaces")
_O_BAGS = _offset("bags")
_O_SUMMITS = _offset("summit piles")
_O_RESERVE = _offset("reserve per colour")
_O_REST = _offset("rest piles")
_O_MOVES = _offset("own moves")
_O_TAGS = _offset("tag slots")
_O_SOLO = _offset("solo: Sunday hikers")
_O_DRINKS = _offset("turn: Drink water")
_O_MAPDATA = _offset("map: altitude")
_SOLO = _O_DRINKS - _O_SOLO  # the Sunday hikers and the solo extras
_MAPDATA = OBS_SIZE - _O_MAPDATA


def seat_blocks(n: int) -> list[np.ndarray]:
    """The public facts about each player in a view, block k = the player k seats after the viewer
    (``Game.seat_blocks``): its whole block of the "player blocks" row (everything in it is public;
    the viewer's own moves and current turn are rows of their own)."""
    return [np.arange(_O_PLAYERS + k * PLAYER_BLOCK, _O_PLAYERS + (k + 1) * PLAYER_BLOCK) for k in range(n)]


# the fixed header (offsets relative to _O_STATIC), which only changes at noon
_STATIC = _O_TURN - _O_STATIC
_PLAN_INDEX = [{name: i for i, name in enumerate(deck)} for deck in C.PLAN_DECKS]
_PLAN_OFFSET = [_offset("route plan: weather morning") - _O_STATIC + sum(len(d) for d in C.PLAN_DECKS[:slot])
                for slot in range(6)]
_H_PLAYERS = _offset("player count") - _O_STATIC
_H_WEATHER = _offset("active weather card") - _O_STATIC
_H_SIDE = _offset("GPS side") - _O_STATIC
_WEATHER_INDEX = _PLAN_INDEX[0]


_G0 = 39  # block offsets: GPS columns, rest/animal counts, summit tokens, scalars
_R0 = _G0 + 12 * PLAYER_COLS
_T0 = _R0 + 15
_E0 = _T0 + 15
# score scales: proven upper bounds, so no reachable score is clipped. A player tags at most 15 animals
# (12 walks + 3 Wildlife cards): base VP <= 45, fauna card <= 60 (micro-study, 4 x 15); summits
# <= 5 x 7; orography <= 42 (Penalara: 12 cards from >= 700 m to <= 1500 m climb at most 2100 m);
# VP vignettes <= 15: 197 < 200. The Sunday hikers walk at most 26 times (one "all 4" card, 11 cards
# of 2): 2 x 3 x 26 + 4 x 20 tokens + corner 5 + plan modifiers <= 12: 253 < 260 (and >= -5).
SCORE_SCALE = 200.0
OPP_SCORE_SCALE = 260.0
_ZERO6 = memoryview(np.zeros(6, np.float32))
_MORNING = C.MORNING_ROUNDS


_HEADERS: dict[tuple, tuple[memoryview, memoryview]] = {}  # (plan, players, side) -> header versions


def _static_header(st) -> tuple[memoryview, memoryview]:
    """The header from ``_O_STATIC`` (afternoon flag, player count, route plan, active weather card, GPS side),
    which only change at noon: the morning and the afternoon version, built once per plan, player
    count and GPS side (shared by the games that have them; never written after)."""
    key = (*st.plan, st.p.num_players, st.side)
    h = _HEADERS.get(key)
    if h is None:
        if len(_HEADERS) > 4096:
            _HEADERS.clear()
        m = memoryview(np.zeros(2 * _STATIC, np.float32))
        plan = st.plan
        ones = [_H_PLAYERS + st.p.num_players - 1, _H_SIDE + st.side]
        for slot in range(6):
            ones.append(_PLAN_OFFSET[slot] + _PLAN_INDEX[slot][plan[slot]])
        for i in ones:
            m[i] = 1.0
            m[_STATIC + i] = 1.0
        m[_STATIC] = 1.0  # afternoon (the header's first value)
        m[_H_WEATHER + _WEATHER_INDEX[plan[0]]] = 1.0
        m[_STATIC + _H_WEATHER + _WEATHER_INDEX[plan[1]]] = 1.0
        h = _HEADERS[key] = (m[:_STATIC], m[_STATIC:])
    return h


def _refresh_blocks(st, c: "ObservationCache") -> None:
    """Bring the player blocks (``c.pb``: every seat's block, twice in a row, so a seat-relative view is
    one contiguous slice) up to date with the state at revision ``st._rev``. One action since the last
    refresh can only have changed the block of the seat that took it (``c.actor``), except that Taking
    photos flips the summit token of every hiker met on the summit (checked by its flip count); a new
    round moves every seat's "rounds since the last summit". After several actions every block is
    brought up to date (``_update_block`` rewrites only the parts whose data changed)."""
    pb = c.pb
    n = len(st.pos)
    rnd = st.rnd
    if st._rev == c.rev + 1 and c.actor >= 0:
        if rnd != c.rnd and n > 1:  # (with one seat, that seat is the actor)
            for s in range(n):
                last = st.last_summit_round[s]
                v = (rnd - last) / 12.0 if last else 0.0
                pb[s * PLAYER_BLOCK + _E0 + 1] = v
                pb[(s + n) * PLAYER_BLOCK + _E0 + 1] = v
        _update_block(st, c.actor, c)
        if n > 1 and st.plan[2] == "photos":
            for s in range(n):
                if s != c.actor and st.tokens[s]:
                    mem = c.bmem.get(s)  # mem[6][4]: (tokens, flipped) its block was written with
                    if mem is None or mem[6][4] != (len(st.tokens[s]), sum(t[2] for t in st.tokens[s])):
                        _update_block(st, s, c)
    else:
        for s in range(n):
            _update_block(st, s, c)
    c.rnd = rnd


def _update_block(st, s: int, c: "ObservationCache") -> None:
    """Bring seat ``s``'s block (row ``s`` of ``c.pb``, copied to row ``s + n``) up to date. The GPS
    board, the animals and the tokens only ever grow (and rest cards / tokens flip), so new columns
    and new animals are added to what the block already holds; the score is the sum of three cached
    parts: the GPS part (``scoring.fast_gps``) kept as a running tally the new columns are added to,
    ``fast_animals`` and ``fast_tokens`` recomputed only when their list changed."""
    pb = c.pb
    b = s * PLAYER_BLOCK
    gps = st.gps[s]
    animals = st.animals[s]
    tokens = st.tokens[s]
    ng, na, nt = len(gps), len(animals), len(tokens)
    mem = c.bmem.get(s)
    if mem is None or ng < mem[1] or na < mem[2] or nt < mem[7]:  # first use (or a shrunken list)
        if mem is not None:  # a block never written is still all zeros
            pb[b:b + PLAYER_BLOCK] = _ZERO_BLOCK
        pb[b] = 1.0
        # pos, columns, animals, rest columns, animals per column, per kind, score parts, tokens,
        # (rest cards, flipped), GPS score tally
        mem = c.bmem[s] = [-1, 0, 0, [], [0] * 12, [0] * 5, [-1, 0, -1, 0, None, 0], 0, None,
                           gps_tally(st.side)]
        mem[6][1] = gps_tally_vp(mem[9], st.plan[3])  # no column yet: every VP vignette visible
    pos = st.pos[s]
    if pos != mem[0]:
        if mem[0] >= 0:
            pb[b + 1 + mem[0]] = 0.0
        if pos >= 0:
            pb[b + 1 + pos] = 1.0
            pb[b + 38] = st.map.altitude[pos] / ALT
        else:
            pb[b + 38] = 0.0
        mem[0] = pos
    pb[b + 37] = st.energy[s] / st.p.energy_max
    rest_cols = mem[3]
    r = b + _R0
    sc = mem[6]
    if ng != mem[1]:
        tally = mem[9]
        oro, side, margin = st.plan[3], st.side, st.p.vignette_cover_margin
        for i in range(mem[1], ng):
            col = gps[i]
            gps_tally_add(tally, oro, side, margin, col)
            c = b + _G0 + PLAYER_COLS * i
            k = col[0]
            if k == K_ROUTE:
                pb[c if col[2] else c + 1] = 1.0
                pb[c + 3 + col[1]] = 1.0
            else:
                pb[c + 2] = 1.0
                if k == K_REST:
                    rest_cols.append(i)
            pb[c + 6] = col[3] / ALT
            pb[c + 7] = col[4] / ALT
        mem[1] = ng
        sc[1] = gps_tally_vp(tally, oro)
    if rest_cols:
        flips = 0
        for i in rest_cols:
            flips += gps[i][7]
        key = (len(rest_cols), flips)
        if key != mem[8]:  # a new rest card or a flip: count them again
            mem[8] = key
            unflipped = [0] * 5
            flipped = [0] * 5
            for i in rest_cols:
                col = gps[i]
                if col[7]:
                    flipped[col[6]] += 1
                else:
                    unflipped[col[6]] += 1
            for k in range(5):
                pb[r + k] = unflipped[k] / 3.0
                pb[r + 5 + k] = flipped[k] / 3.0
    if na != mem[2]:
        per_col, cnt = mem[4], mem[5]
        for j in range(mem[2], na):
            c, an = animals[j]
            per_col[c] += 1
            pb[b + _G0 + PLAYER_COLS * c + 8] = 0.5 if per_col[c] == 1 else 1.0
            cnt[an] += 1
            pb[r + 10 + an] = cnt[an] / 14.0
        mem[2] = na
    if sc[2] != na:
        sc[2] = na
        sc[3] = fast_animals(st.plan, gps, animals)
    if nt:
        mem[7] = nt
        flips = 0
        for tok in tokens:
            flips += tok[2]
        key = (nt, flips)
        if sc[4] != key:  # a new token or a flip: write the tokens again
            sc[4] = key
            sc[5] = fast_tokens(st.plan, tokens)
            t = b + _T0
            for sm, num, fl, _ in tokens:
                o = t + 3 * sm
                pb[o] = 1.0
                pb[o + 1] = num / 4.0
                pb[o + 2] = 1.0 if fl else 0.0
    e = b + _E0
    last = st.last_summit_round[s]
    pb[e] = 1.0 if st.rested_since_summit[s] else 0.0
    pb[e + 1] = (st.rnd - last) / 12.0 if last else 0.0
    pb[e + 2] = (sc[1] + sc[3] + sc[5]) / SCORE_SCALE
    n = st.p.num_players
    if n > 1:
        d = (s + n) * PLAYER_BLOCK
        pb[d:d + PLAYER_BLOCK] = pb[b:b + PLAYER_BLOCK]


_ZERO_BLOCK = memoryview(np.zeros(PLAYER_BLOCK, np.float32))


_BOARD = _O_MOVES - _O_MAP  # animal spaces, bags, summit piles, reserve, rest piles
_RESERVE = tuple((colour, 2 * colour, _O_RESERVE - _O_MAP + 4 * colour) for colour in range(3))
_SPACES = range((_O_BAGS - _O_MAP) // 6)


def _refresh_board(st, c: "ObservationCache") -> None:
    """Bring the board sections (animal spaces, bags, summit piles, reserve, rest piles; buffer
    ``c.board``) up to date, comparing what they were written from (``c.board_snap``) with the state:
    only the animal spaces that changed are rewritten, the bags and summit piles only if they changed,
    the reserve of a colour only if one of its two piles changed (its ascent cost bound depends only
    on that colour's cards leaving the piles), the rest section only if a rest pile did."""
    mv = c.board
    snap = c.board_snap
    ma = st.map_animals
    seen = snap[0]
    if ma != seen:  # space sp holds a one at 6 sp + 1 + animal (-1: empty); -2: nothing written yet
        for sp in [sp for sp, an, old in zip(_SPACES, ma, seen) if an != old]:
            o = 6 * sp + 1
            old = seen[sp]
            if old > -2:
                mv[o + old] = 0.0
            an = seen[sp] = ma[sp]
            mv[o + an] = 1.0
    bags = st.bags
    if bags != snap[1]:
        o = _O_BAGS - _O_MAP
        for bag in bags:
            for k in range(5):
                x = bag[k]
                mv[o + k] = x / 10.0 if x < 10 else 1.0
            o += 5
        snap[1] = [bag[:] for bag in bags]
    piles = st.summit_piles
    if piles != snap[2]:
        o = _O_SUMMITS - _O_MAP
        for k, left in enumerate(piles):
            mv[o + k] = left / 4.0
        snap[2] = piles[:]
    rp = st.route_piles
    old = snap[3]
    if rp != old:
        if old is None:  # nothing written yet
            old = snap[3] = [None] * 6
        cost = C.ROUTE_COST
        for colour, i, o in _RESERVE:  # piles i (ascent) and i + 1 (descent) of each colour
            up, down = rp[i], rp[i + 1]
            if up == old[i] and down == old[i + 1]:
                continue
            old[i], old[i + 1] = up[:], down[:]
            mv[o] = len(up) / 13.0
            mv[o + 1] = len(down) / 13.0
            if up or down:  # never the face-down ascent side of the descent pile's top card
                mv[o + 2] = (cost[up[-1]] if up else st.ascent_cost_known(colour)) / 4.0
                mv[o + 3] = 1.0
            else:
                mv[o + 2] = 0.0
                mv[o + 3] = 0.0
    if st.rest_piles != snap[4]:
        o = _O_REST - _O_MAP
        for rest in st.rest_piles:
            mv[o:o + 6] = _ZERO6
            if rest:
                mv[o] = len(rest) / 8.0
                mv[o + 1 + C.REST_CARDS[rest[-1]]] = 1.0
            o += 6
        snap[4] = [pile[:] for pile in st.rest_piles]


_ZERO_SOLO = memoryview(np.zeros(_SOLO, np.float32))
_MAP_BLOCKS: dict[object, memoryview] = {}  # map (MapData, by identity) -> its encoded map section


def _map_block(m) -> memoryview:
    """The map section (see ``OBS_LAYOUT``) of map ``m``: built once per map, then one copy."""
    blk = _MAP_BLOCKS.get(m)
    if blk is None:
        a = np.zeros(_MAPDATA, np.float32)
        for n in range(36):
            a[n] = m.altitude[n] / ALT
            a[36 + n] = float(m.is_refuge[n])
            a[72 + n] = (m.summit_of[n] + 1) / 5.0
            x, y = n % 6, n // 6
            for d, edge in ((1, y * 5 + x), (2, 30 + y * 6 + x)):
                if m.neighbour[n][d] >= 0:
                    a[108 + edge] = (m.path_colour[m.neighbour_path[n][d]] + 1) / 3.0
        for sp in range(m.num_spaces):
            a[168 + sp] = float(m.animal_bag[sp])
        if len(_MAP_BLOCKS) > 256:
            _MAP_BLOCKS.clear()
        blk = _MAP_BLOCKS[m] = memoryview(a)
    return blk


def _solo_extras(st, mv: memoryview, seen: list) -> None:
    """Offsets 52-139 of the solo section: the pending Sunday-hiker choice, the discard pile, the
    cards removed from the reserve and the summits each Sunday hiker has visited (all public). These
    lists only grow (the choice comes and goes), so only what is new since ``seen`` is written."""
    ch = st.sunday_choice
    if ch != seen[5]:
        old = seen[5]
        if old:
            mv[53 + old[2]] = mv[53 + old[3]] = 0.0
        mv[52] = 1.0 if ch else 0.0
        if ch:
            mv[53 + ch[2]] = mv[53 + ch[3]] = 1.0
        seen[5] = ch[:]
    disc = st.opp_discard
    if len(disc) != seen[6]:
        mv[69:83] = _ZERO_SOLO[69:83]
        mv[69 + disc[-1]] = 1.0
        for card in disc[seen[6]:]:
            mv[83 + card] = 1.0
        seen[6] = len(disc)
    removed = st.removed_route
    if len(removed) != seen[7]:
        blind = st.removed_blind
        for card in removed[seen[7]:]:
            colour = C.ROUTE_COLOUR[card]
            if card in blind:
                mv[112 + colour] += 0.25
            else:
                mv[97 + 5 * colour + C.ROUTE_COST[card]] += 0.25
        seen[7] = len(removed)
    rest = st.removed_rest
    if len(rest) != seen[8]:
        for card in rest[seen[8]:]:
            k = C.REST_CARDS[card]
            mv[115 + k] = sum(1 for c in rest if C.REST_CARDS[c] == k) / 3.0
        seen[8] = len(rest)
    visited = st.sunday_visited
    total = len(visited[0]) + len(visited[1]) + len(visited[2]) + len(visited[3])
    if total != seen[9]:
        for h, v in enumerate(visited):
            for sm in v:
                mv[120 + 5 * h + sm] = 1.0
        seen[9] = total


_ANIMAL_VP = tuple(C.ANIMAL_VP)


def _refresh_solo(st, c: "ObservationCache") -> None:
    """Bring the solo section (buffer ``c.solo``) up to date, rewriting only what changed (the Sunday
    hikers' positions, their animals and score, their deck, the extras)."""
    mv = c.solo
    seen = c.solo_seen
    deck = st.opp_deck
    pos = st.sunday_pos
    if pos != seen[0]:
        for q in seen[0]:
            mv[q] = 0.0
        for q in pos:
            mv[q] = 1.0
        seen[0] = pos[:]
    oa = st.opp_animals
    nt = len(st.opp_tokens)
    if oa != seen[1] or nt != seen[2]:
        vp = 0
        for k in range(5):
            x = oa[k]
            mv[36 + k] = x / 14.0
            vp += _ANIMAL_VP[k] * x
        mv[41] = nt / 20.0
        mv[42] = (2 * vp + 4 * nt + c.solo_base) / OPP_SCORE_SCALE
        seen[1] = oa[:]
        seen[2] = nt
    top = deck[-1] if deck else -1
    if len(deck) != seen[3] or top != seen[4]:
        mv[50] = len(deck) / 13.0
        mv[43:50] = _ZERO_SOLO[43:50]
        if deck:
            _, _, _, _, d0, req = C.OPPONENT_CARDS[top]
            mv[43 + d0] = 1.0
            mv[47 + req] = 1.0
        seen[3] = len(deck)
        seen[4] = top
    _solo_extras(st, mv, seen)


class ObservationCache:
    """What the encoder keeps in a state (``st._obs``) between observations: the encoded sections
    and what they were written from. The engine only counts its actions (``st._rev``) and drops this
    object when a state is cloned, restored or unpickled; the encoder compares the rest itself.

    Buffers: the player blocks of every seat twice in a row (``pb``), the board sections (``board``),
    the solo section (``solo``); in solo play these three are views into one buffer (``solo_all``)
    laid out like the observation from the player blocks to the end (one copy per observation; the
    other seats' blocks and the moves / tags sections stay zero there, those are written into the
    observation itself; the map section is written once)."""

    __slots__ = ("rev", "actor", "rnd", "header", "pb", "bmem", "board", "board_snap", "solo_all", "solo",
                 "solo_base", "solo_seen")

    def __init__(self, st) -> None:
        self.rev = -1  # the state's revision the buffers show (-1: nothing written yet)
        self.actor = -1  # the seat deciding at that revision (the one whose action comes next)
        self.rnd = 0  # the round the blocks' "rounds since the last summit" were written for
        self.header = _static_header(st)
        n = len(st.pos)
        self.bmem: dict[int, list] = {}  # seat -> what its block already holds (``_update_block``)
        # animal spaces (-2: nothing written), bags, summit piles, route piles, rest piles
        self.board_snap = [[-2] * len(st.map_animals), None, None, None, None]
        if n == 1:
            a = self.solo_all = memoryview(np.zeros(OBS_SIZE - _O_PLAYERS, np.float32))
            self.pb = a[:2 * PLAYER_BLOCK]  # row 1 is never written with one seat
            self.board = a[_O_MAP - _O_PLAYERS:_O_MOVES - _O_PLAYERS]
            self.solo = a[_O_SOLO - _O_PLAYERS:_O_DRINKS - _O_PLAYERS]
            a[_O_MAPDATA - _O_PLAYERS:] = _map_block(st.map)
            # the constant part of the Sunday hikers' score (scoring.solo_opponent_score)
            self.solo_base = C.GPS_SOLO_CORNER_VP[st.side] + sum(C.SOLO_MODIFIER[c] for c in st.plan)
            self.solo[51] = float(st.p.solo_difficulty == "hard")
            # positions, animals, tokens, deck size, deck top; choice, discard, removed route / rest, visited
            self.solo_seen = [[], None, -1, -1, -2, None, 0, 0, 0, 0]
        else:
            self.solo_all = self.solo = self.solo_base = self.solo_seen = None
            self.pb = memoryview(np.zeros(2 * n * PLAYER_BLOCK, np.float32))
            self.board = memoryview(np.zeros(_BOARD, np.float32))

    def refresh(self, st) -> None:
        """Bring every cached section up to date with ``st`` (which changed since the last refresh)."""
        _refresh_blocks(st, self)
        _refresh_board(st, self)
        seen = self.solo_seen
        # every change of the solo section comes with a Sunday hikers' turn (their deck shrinks) or the
        # player's pick for a waiting Sunday hiker (the pending choice changes)
        if seen is not None and (len(st.opp_deck) != seen[3] or st.sunday_choice != seen[5]):
            _refresh_solo(st, self)
        self.rev = st._rev
        self.actor = st.to_act  # (no action follows the end of the game, so no need for current_player)


def encode_observation(st, seat: int, out: np.ndarray) -> None:
    """Write ``seat``'s view (see ``OBS_LAYOUT``) into the zeroed ``out``: item writes and section
    copies go through a memoryview (much cheaper than numpy item or slice assignment); the player
    blocks, board and solo sections come from the encoder's cache in the state (``ObservationCache``),
    brought up to date when the state has taken an action since."""
    mv = memoryview(out)
    if mv.format != "f" or not mv.c_contiguous:
        tmp = np.zeros(OBS_SIZE, np.float32)
        encode_observation(st, seat, tmp)
        out[:] = tmp
        return
    p = st.p
    ph = st.phase_id
    rnd = st.rnd
    mv[_ROUND0 + rnd] = 1.0
    if ph <= FINISH_PHASE:  # refuge, move, tag, finish (sunday and over: none)
        mv[ph] = 1.0
    c = st._obs
    if c is None:
        c = st._obs = ObservationCache(st)
    if c.rev != st._rev:
        c.refresh(st)
    h = c.header
    mv[_S_STATIC] = h[1] if rnd > _MORNING else h[0]
    acting = MOVE_PHASE <= ph <= FINISH_PHASE and st.to_act == seat
    if acting:
        o = _O_TURN
        mv[o] = st.t_start_energy / p.energy_max
        mv[o + 1] = st.t_delta / 20.0  # reachable: -8 .. +16
        mv[o + 2] = st.t_bars / 3.0
        mv[o + 3] = st.t_tags / 2.0
        if st.t_path >= 0:  # (``out`` arrives zeroed)
            mv[o + 4] = 1.0
        if st.t_refuge:
            mv[o + 5] = 1.0
    n = p.num_players
    if n == 1:  # player block, board and solo sections live in one buffer: one copy
        mv[_O_PLAYERS:] = c.solo_all
    else:
        mv[_O_PLAYERS:_O_PLAYERS + n * PLAYER_BLOCK] = c.pb[seat * PLAYER_BLOCK:(seat + n) * PLAYER_BLOCK]
        mv[_O_MAP:_O_MOVES] = c.board
        mv[_O_MAPDATA:] = _map_block(st.map)
    if acting and st.t_drinks:  # (after the solo buffer's copy, which covers this offset)
        mv[_O_DRINKS] = st.t_drinks / 3.0
    if st.pos[seat] >= 0:
        e0 = st.t_start_energy + 2 * st.t_bars + st.t_drinks if acting else st.energy[seat]
        o = _O_MOVES
        for mc in st.moves_of(seat):
            if mc is not None:
                need, _, colour, ascent = mc
                mv[o] = 1.0
                mv[o + 1 + colour] = 1.0
                if ascent:
                    mv[o + 4] = 1.0
                mv[o + 5] = need / 8.0 if need < 8 else 1.0
                if e0 >= need:
                    mv[o + 6] = 1.0
            o += 7
    if acting and st.t_path >= 0:
        o = _O_TAGS + 1
        ma = st.map_animals
        for i, sp in enumerate(st.map.path_spaces[st.t_path]):
            mv[o + 6 * i + ma[sp]] = 1.0
        o += 12
        for i, sp in enumerate(st.map.node_spaces[st.t_dest]):
            mv[o + 6 * i + ma[sp]] = 1.0


def encode_state(st, out: np.ndarray) -> None:
    """Seat 0's observation plus the hidden pile contents (for centralized critics)."""
    encode_observation(st, 0, out[:OBS_SIZE])
    o = OBS_SIZE
    for pile in range(6):
        for card in st.route_piles[pile]:
            out[o + 5 * pile + C.ROUTE_COST[card]] += 1.0 / 20.0
    o += 30
    for pile in range(2):
        for card in st.rest_piles[pile]:
            out[o + 5 * pile + C.REST_CARDS[card]] += 1.0 / 5.0
    o += 10
    for card in st.opp_deck:
        out[o + card] = 1.0
    o += C.NUM_OPP_CARDS
    cp = st.current_player
    if cp >= 0:
        out[o + cp] = 1.0
