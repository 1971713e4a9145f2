"""Observation encoder of trekking_the_world_v0 (all values in [0, 1]).

Everything on the table is public except the order of the decks below their
face-up top card (and the solo Rival deck), so a seat's observation is the
public table written seat-relative: the seat's own player block first, then the
other players in turn order after it. ``layout(n)`` lists the blocks with their
offsets (the doc's observation table is generated from it).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from . import components as C
from .actions import PENDING_FF, PHASES, PH_OVER

ITIN_FEATURES = 5 + 1 + 1 + C.NUM_COLOURS + C.NUM_CONTINENTS  # move one-hot, money, cubes, colour, continents = 18
TURN_FLAGS = ("torres", "revisit", "free_flights", "no_step_flights", "terracotta", "sagrada", "colosseum",
              "lencois", "lencois_moved", "took_tour", "took_enc")
TURN_COUNTS = ("move_tokens", "money_tokens", "souv_tokens", "baobab", "taj", "extra", "discount", "cards_taken")


def _power_total(kind: str, field: str) -> int:
    return sum(int(e[field]) for k, e in zip(C.ENC_KIND, C.ENC_EFFECT) if k == kind)


# Scales: every value is divided by the largest value it can reach, so nothing is clipped.
TOKEN_SCALE = float(C.TOKENS_PER_TYPE)  # a player may hold (and return in a turn) every token of a type
TURN_COUNT_SCALE = (TOKEN_SCALE, TOKEN_SCALE, TOKEN_SCALE, _power_total("repeat_itinerary_money", "times"),
                    _power_total("repeat_itinerary_cubes", "times"), _power_total("extra_steps", "count"),
                    _power_total("tour_discount", "amount"), 2)
MAX_TOURS = 6  # a player stops at tours_to_end (<= 6) Tours: the end is triggered by the last one
TOUR_POINTS_SCALE = float(sum(sorted(C.TOUR_POINTS)[-MAX_TOURS:]))
RIVAL_TOUR_SLOTS = max(sum(1 for row, _ in deck if row == 0) for deck in C.RIVAL_DECKS.values())
RIVAL_SCALE = float(sum(sorted(C.TOUR_POINTS)[-RIVAL_TOUR_SLOTS:]))  # the Rival takes one Tour per card
#: no rule bounds the number of turns (random play reaches 270): turns taken t are written as
#: t / (t + TURN_HALF), increasing without a cap (0 turns -> 0, TURN_HALF turns -> 0.5)
TURN_HALF = 25.0


def turn_value(t: int) -> float:
    return t / (t + TURN_HALF)


def _max_endgame_points() -> int:
    """An upper bound of the end-game Encounter points one player can reach (all 16 held)."""
    total = 0
    cont_cards = 0
    for kind, e in zip(C.ENC_KIND, C.ENC_EFFECT):
        if kind == "end_points_per_tour_in_continent":
            cont_cards = max(cont_cards, int(e["per"]))  # each Tour counts for one continent card
        elif kind == "end_points_per_cube":
            total += int(e["per"]) * C.SUITCASE_COLUMNS
        elif kind == "end_points_per_money":
            total += C.MONEY_CAP // int(e["dollars_per_point"])
        elif kind == "end_points_per_unused_token":
            total += int(e["per"]) * 4 * C.TOKENS_PER_TYPE
        elif kind == "end_points_per_other_encounter":
            total += int(e["per"]) * (C.NUM_CARDS - 1)
        elif kind == "end_points_if_tour_continents":
            total += int(e["points"])
        elif kind == "end_points_per_full_row":
            total += int(e["per"]) * C.NUM_COLOURS
    return total + cont_cards * MAX_TOURS


SCORE_SCALE = TOUR_POINTS_SCALE + _max_endgame_points() + max(max(v) for v in C.COLUMN_POINTS.values())

GLOBAL_BLOCKS = (
    ("phase", len(PHASES)),
    ("current_player_relative", 5),
    ("pending_power", C.NUM_CARDS + 1),  # card whose sub-choice is open; last = Frequent Flyer token
    ("kilimanjaro_returned_row", C.NUM_COLOURS),
    ("halong_target_relative", 5),  # slot 0 = me: the target sees that it is the one moved
    ("end_triggered_and_tours_to_end", 2),
    ("itinerary_in_play", ITIN_FEATURES),
    ("move_n_max_n_min_steps", 3),
    ("move_start", C.NUM_LOCATIONS),  # the move's start + where the turn began before a flight (``ban``)
    ("move_visited", C.NUM_LOCATIONS),
    ("turn_flags", len(TURN_FLAGS)),
    ("turn_counts", len(TURN_COUNTS)),
    ("recolour", C.NUM_COLOURS),
    ("fresh_encounters", C.NUM_CARDS),
    ("itinerary_slots", 5 * ITIN_FEATURES),
    ("itinerary_discard_top", ITIN_FEATURES),
    ("deck_sizes", 5),  # itinerary deck, itinerary discard, tour deck, encounter deck, encounter discard
    ("tour_slots", 4 * C.NUM_CARDS),
    ("encounter_slots", 4 * C.NUM_CARDS),
    ("encounter_discard", C.NUM_CARDS),
    ("tours_removed", C.NUM_CARDS),  # Tours that left the game (Chefchaouen)
    ("rival_tours", C.NUM_CARDS),  # solo: the Rival's Tours
    ("encounter_deck_known", C.NUM_CARDS),  # the Encounter deck below its top once rebuilt from the discard
    ("itinerary_discard_order", C.NUM_ITINERARIES),  # (position from the bottom + 1) / 46, 0 = not in the pile
    ("cube_supply", C.NUM_COLOURS),
    ("token_supply", 4),
    ("solo_rival", 2),
    ("rival_flipped", len(C.RIVAL_TYPES)),  # solo: Rival cards flipped, per (row, slot) kind / its count
)
PLAYER_BLOCKS = (
    ("location", C.NUM_LOCATIONS),
    ("money", 1),
    ("suitcase_rows_thermometer", C.NUM_COLOURS * C.SUITCASE_COLUMNS),
    ("tokens", 4),
    ("usable_tokens", 4),
    ("tours_held", C.NUM_CARDS),
    ("tour_count_points", 2),
    ("encounters_held", C.NUM_CARDS),
    ("turns_taken_first_player_score", 3),
)
PLAYER_SIZE = sum(s for _, s in PLAYER_BLOCKS)
GLOBAL_SIZE = sum(s for _, s in GLOBAL_BLOCKS)
HIDDEN_BLOCKS = (
    ("tour_deck_cards", C.NUM_CARDS),
    ("encounter_deck_cards", C.NUM_CARDS),
    ("itinerary_deck_cards", C.NUM_ITINERARIES),
    ("rival_deck_cards", C.RIVAL_DECK_SIZE),
)
HIDDEN_SIZE = sum(s for _, s in HIDDEN_BLOCKS)


@lru_cache(maxsize=None)
def layout(num_players: int) -> tuple[tuple[str, int, int], ...]:
    """(name, start, end) of every observation block for ``num_players``."""
    out, off = [], 0
    for name, size in GLOBAL_BLOCKS:
        out.append((name, off, off + size))
        off += size
    for i in range(num_players):
        who = "me" if i == 0 else f"player+{i}"
        for name, size in PLAYER_BLOCKS:
            out.append((f"{who}.{name}", off, off + size))
            off += size
    return tuple(out)


def seat_blocks(num_players: int) -> list[np.ndarray]:
    """The public facts about each player in a view, slot k = the player k seats after the viewer
    (``Game.seat_blocks``): every row of its ``PLAYER_BLOCKS`` block (all public), then its entries of
    ``current_player_relative`` and ``halong_target_relative``."""
    spans = {name: (start, end) for name, start, end in layout(num_players)}
    current, halong = spans["current_player_relative"][0], spans["halong_target_relative"][0]
    out = []
    for k in range(num_players):
        who = "me" if k == 0 else f"player+{k}"
        rows = [np.arange(*spans[f"{who}.{name}"]) for name, _ in PLAYER_BLOCKS]
        out.append(np.concatenate(rows + [[current + k, halong + k]]))
    return out


def observation_size(num_players: int) -> int:
    return GLOBAL_SIZE + num_players * PLAYER_SIZE


def state_size(num_players: int) -> int:
    return observation_size(num_players) + HIDDEN_SIZE


def _itin_table() -> np.ndarray:
    """Feature rows of the 46 Itineraries plus a zero row at index -1 (no card)."""
    t = np.zeros((C.NUM_ITINERARIES + 1, ITIN_FEATURES), np.float32)
    for card in range(C.NUM_ITINERARIES):
        t[card, C.ITIN_MOVE[card] - 1] = 1.0
        t[card, 5] = C.ITIN_MONEY[card] / 4.0
        t[card, 6] = C.ITIN_CUBES[card] / 2.0
        t[card, 7 + C.ITIN_COLOUR[card]] = 1.0
        for k in C.ITIN_CONTINENTS[card]:
            t[card, 11 + k] = 1.0
    return t


ITIN_TABLE = _itin_table()
_GOFF = {}
_off = 0
for _name, _size in GLOBAL_BLOCKS:
    _GOFF[_name] = _off
    _off += _size
_POFF = {}
_off = 0
for _name, _size in PLAYER_BLOCKS:
    _POFF[_name] = _off
    _off += _size


_NC = C.NUM_CARDS
_COLS = C.SUITCASE_COLUMNS
_TOK = tuple(x / TOKEN_SCALE for x in range(C.TOKENS_PER_TYPE + 1))  # token count -> value
_MONEY_AT = _POFF["money"]
_PLAYER_CACHE: dict = {}
_CACHE_LIMIT = 20_000


_PETRA = C.card_of_kind("end_points_per_money")  # the only score term that depends on money


def _player_key(s, p: int) -> tuple:
    encs = s.encs[p]
    return (s.game.params.suitcase_points, p == s.first_player, tuple(s.suitcase[p]), tuple(s.tokens[p]),
            tuple(s.fresh_tokens[p]), tuple(s.tours[p]), tuple(encs), s.money[p] if _PETRA in encs else -1)


# The table block is written as one dense segment: deck sizes (the two Itinerary entries are
# written per decision), Tour slots, Encounter slots, Encounter discard, Tours removed, the
# Rival's Tours, the known Encounter deck (adjacent blocks).
_TABLE_AT = _GOFF["deck_sizes"]
_TABLE_END = _GOFF["encounter_deck_known"] + C.NUM_CARDS
assert _GOFF["tour_slots"] == _TABLE_AT + 5 and _GOFF["encounter_slots"] == _GOFF["tour_slots"] + 4 * _NC
assert _GOFF["encounter_discard"] == _GOFF["encounter_slots"] + 4 * _NC
assert _GOFF["tours_removed"] == _GOFF["encounter_discard"] + _NC
assert _GOFF["rival_tours"] == _GOFF["tours_removed"] + _NC
assert _GOFF["encounter_deck_known"] == _GOFF["rival_tours"] + _NC
_RIVAL_AT = _GOFF["solo_rival"]
_FLIPPED_AT = _GOFF["rival_flipped"]
_DISC_ORDER_AT = _GOFF["itinerary_discard_order"]


def _write_rival(s, out) -> None:
    """Solo: the Rival's points and cards left, and the flipped Rival cards per kind."""
    out[_RIVAL_AT] = s.rival_points / RIVAL_SCALE
    out[_RIVAL_AT + 1] = len(s.rival_deck) / C.RIVAL_DECK_SIZE
    calibration = s.game.params.solo_calibration
    kind_of = C.RIVAL_TYPE_OF[calibration]
    left = [0] * len(C.RIVAL_TYPES)
    for r in s.rival_deck:
        left[kind_of[r]] += 1
    for k, total in enumerate(C.RIVAL_TYPE_COUNT[calibration]):
        out[_FLIPPED_AT + k] = (total - left[k]) / total


def _write_discard_order(s, out) -> None:
    """Every Itinerary in the discard pile with its position: (index from the bottom + 1) / 46."""
    for i, c in enumerate(s.itin_discard):
        out[_DISC_ORDER_AT + c] = (i + 1) / C.NUM_ITINERARIES


def _write_table(s, n: int, mv: memoryview) -> None:
    """Write the public table (Tour and Encounter slots and piles, Encounter discard, solo Rival)
    into ``mv`` (the Itinerary pile sizes, the first two deck sizes, are left as they are)."""
    mv[_TABLE_AT + 2:_TABLE_END] = _ZERO[:_TABLE_END - _TABLE_AT - 2]
    o = _GOFF["tour_slots"]
    if s.tour_deck:
        mv[o + s.tour_deck[-1]] = 1.0
    for i, c in enumerate(s.tour_row):
        if c >= 0:
            mv[o + (i + 1) * _NC + c] = 1.0
    o = _GOFF["encounter_slots"]
    if s.enc_deck:
        mv[o + s.enc_deck[-1]] = 1.0
    for i, c in enumerate(s.enc_row):
        if c >= 0:
            mv[o + (i + 1) * _NC + c] = 1.0
    for block, cards in (("encounter_discard", s.enc_discard), ("tours_removed", s.tours_out),
                         ("rival_tours", s.rival_tours)):
        o = _GOFF[block]
        for c in cards:
            mv[o + c] = 1.0
    if s.enc_reshuffled:
        o = _GOFF["encounter_deck_known"]
        for c in s.enc_deck[:-1]:
            mv[o + c] = 1.0
    mv[_TABLE_AT + 2] = len(s.tour_deck) / _NC
    mv[_TABLE_AT + 3] = len(s.enc_deck) / _NC
    mv[_TABLE_AT + 4] = len(s.enc_discard) / _NC
    if n == 1:
        _write_rival(s, mv)


def _player_block(s, p: int, key: tuple) -> memoryview:
    """One player's block (PLAYER_SIZE values) without location, money and turns taken
    (zero there), cached by its content."""
    hit = _PLAYER_CACHE.get(key)
    if hit is not None:
        return hit
    P = _POFF
    block = np.zeros(PLAYER_SIZE, np.float32)
    mv = memoryview(block)
    q = P["suitcase_rows_thermometer"]
    for k, length in enumerate(s.suitcase[p]):
        for j in range(q + k * _COLS, q + k * _COLS + length):
            mv[j] = 1.0
    q = P["tours_held"]
    for c in s.tours[p]:
        mv[q + c] = 1.0
    q = P["encounters_held"]
    for c in s.encs[p]:
        mv[q + c] = 1.0
    last = P["turns_taken_first_player_score"]
    if p == s.first_player:
        mv[last + 1] = 1.0
    tok, fresh = s.tokens[p], s.fresh_tokens[p]
    q = P["tokens"]
    for k in range(4):
        mv[q + k] = _TOK[tok[k]]
        mv[q + 4 + k] = _TOK[tok[k] - fresh[k]]
    tp = s.tour_points(p)
    tc = P["tour_count_points"]
    mv[tc] = len(s.tours[p]) / MAX_TOURS
    mv[tc + 1] = tp / TOUR_POINTS_SCALE
    mv[last + 2] = (tp + s.endgame_points(p) + s.suitcase_points(p)) / SCORE_SCALE
    if len(_PLAYER_CACHE) > _CACHE_LIMIT:
        _PLAYER_CACHE.clear()
    _PLAYER_CACHE[key] = mv
    return mv


_ZERO = memoryview(np.zeros(max(GLOBAL_SIZE, PLAYER_SIZE), np.float32))

# Adjacent global blocks written together (checked here so a layout change cannot break them).
_CTX_AT = _GOFF["pending_power"]  # pending power .. end triggered / Tours to end
_CTX_END = _GOFF["itinerary_in_play"]
assert _GOFF["kilimanjaro_returned_row"] == _CTX_AT + _NC + 1
assert _GOFF["end_triggered_and_tours_to_end"] + 2 == _CTX_END
_TURN_AT = _GOFF["turn_flags"]  # turn flags, turn counts, recolour, fresh Encounters
_TURN_END = _GOFF["fresh_encounters"] + _NC
assert _GOFF["turn_counts"] == _TURN_AT + len(TURN_FLAGS)
assert _GOFF["recolour"] == _GOFF["turn_counts"] + len(TURN_COUNTS)
assert _GOFF["fresh_encounters"] == _GOFF["recolour"] + C.NUM_COLOURS
_TURN_CACHE: dict = {}  # (Itinerary chosen, turn flags, turn counts, recolour, fresh Encounters) -> dense block


def _turn_block(s, key: tuple) -> memoryview:
    """Turn flags, turn counts, recolour and fresh Encounters (``_TURN_AT:_TURN_END``), cached by content."""
    block = np.zeros(_TURN_END - _TURN_AT, np.float32)
    mv = memoryview(block)
    if key[0]:  # an Itinerary is chosen (before that the turn flags and counts are not written)
        for i, x in enumerate(key[1]):
            if x:
                mv[i] = 1.0
        o = len(TURN_FLAGS)
        for i, x in enumerate(key[2]):
            if x:
                mv[o + i] = x / TURN_COUNT_SCALE[i]
    o = _GOFF["recolour"] - _TURN_AT
    if s.recolour >= 0:
        mv[o + s.recolour] = 1.0
    o = _GOFF["fresh_encounters"] - _TURN_AT
    for c in s.fresh_encs:
        mv[o + c] = 1.0
    if len(_TURN_CACHE) > _CACHE_LIMIT:
        _TURN_CACHE.clear()
    _TURN_CACHE[key] = mv
    return mv


_ITIN_SLOTS_AT = _GOFF["itinerary_slots"]
_ITIN_SLOTS_END = _GOFF["itinerary_discard_top"] + ITIN_FEATURES
assert _ITIN_SLOTS_END - _ITIN_SLOTS_AT == 6 * ITIN_FEATURES  # 5 slots then the discard top, adjacent
_PHASE_AT = _GOFF["phase"]
_SUPPLY_AT = _GOFF["cube_supply"]
assert _GOFF["token_supply"] == _SUPPLY_AT + 4
_ITIN_DECK_AT = _GOFF["deck_sizes"]
_IN_PLAY_AT = _GOFF["itinerary_in_play"]
_IN_PLAY_END = _IN_PLAY_AT + ITIN_FEATURES
_TURNS_AT = _POFF["turns_taken_first_player_score"]
_CURRENT_AT = _GOFF["current_player_relative"]
_STEPS_AT = _GOFF["move_n_max_n_min_steps"] + 2
_START_AT = _GOFF["move_start"]
_VISITED_AT = _GOFF["move_visited"]
_CUBE_NORM = float(C.CUBES_PER_COLOUR)
_TOKEN_NORM = float(C.TOKENS_PER_TYPE)

_ITIN_ROW_VIEWS = tuple(memoryview(ITIN_TABLE[i]) for i in range(C.NUM_ITINERARIES))
_NO_ITIN = memoryview(ITIN_TABLE[-1])  # zeros


@lru_cache(maxsize=None)
def _seat_order(n: int, seat: int) -> tuple[tuple[int, int, int], ...]:
    """(player, its block's offset, the offset of its money) in ``seat``'s observation order."""
    return tuple((p, GLOBAL_SIZE + i * PLAYER_SIZE, GLOBAL_SIZE + i * PLAYER_SIZE + _MONEY_AT)
                 for i, p in enumerate((*range(seat, n), *range(seat))))


class _View:
    """One seat's observation (a float32 array kept between calls) and, per part, a copy of the
    state values it was last written from: a part is rewritten only when those values differ."""

    __slots__ = ("arr", "mv", "order", "block_at", "phase", "current", "turn_key", "steps",
                 "start", "visited", "turn", "fresh", "listed", "itins", "players", "pentries", "loc", "money")

    def __init__(self, n: int, seat: int, size: int):
        self.arr = np.zeros(size, np.float32)
        self.mv = memoryview(self.arr)
        self.order = _seat_order(n, seat)
        self.block_at = [o for _, o, _ in sorted(self.order)]  # player -> the offset of its block
        # what each part was written from (None / -1 / 0: nothing written yet, the array is zero)
        self.phase = self.current = -1
        self.turn = self.fresh = self.turn_key = self.steps = None
        self.start = self.visited = 0  # bit masks of the move_start / move_visited blocks
        self.listed: list | None = None  # copies of ``_listed_parts``
        self.itins: tuple | None = None  # the Itinerary slots, discard top and pile sizes
        self.players = -1  # the ``_Views.version`` the player blocks were written from
        self.pentries: list = [None] * n  # per player: the ``_Views.entries`` entry written
        self.loc = [-1] * n
        self.money: list = [None] * n


class _Views(dict):
    """seat -> _View, kept on the state by the encoder (``encode_observation``), plus the player
    blocks all seats share (``_player_entries``). A copy of the state (deepcopy, pickle) gets an
    empty one: its views are written afresh; ``clone`` and ``from_dict`` build states from their
    named fields, so they start without views anyway."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list | None = None  # copies of ``_player_parts`` (as a list) as of the last update
        self.entries: list = []  # per player: (``_player_key``, block)
        self.version = 0  # bumped when an entry changes
        self.petra = -1  # the seat holding Petra (its money counts towards its score), or -1

    def __reduce__(self):
        return (_Views, ())

    def __deepcopy__(self, memo: dict) -> "_Views":
        return _Views()


def _turn_state(s) -> tuple:
    """The sub-choice context, the Itinerary in play, Old Havana's colour and the turn's flags and
    counts in one tuple: the view compares them at once (most decisions change none of them).
    Written out: plain attribute reads are cheaper than getattr."""
    return (s.pending, s.kili_row, s.halong_target, s.end_triggered, s.itin, s.recolour,  # 0-5
            s.torres, s.revisit, s.free_flights, s.no_step_flights, s.terracotta, s.sagrada, s.colosseum,
            s.lencois, s.lencois_moved, s.took_tour, s.took_enc,  # TURN_FLAGS
            s.move_tokens, s.money_tokens, s.souv_tokens, s.baobab, s.taj, s.extra, s.discount,
            s.cards_taken)  # TURN_COUNTS


def _listed_parts(s) -> list:
    """The state lists (and a few scalars) behind the Itinerary, table and supply blocks and the
    turns taken: most decisions change none of them, so the view compares them at once (in C)."""
    return [s.itin_deck, s.itin_row, s.itin_discard,  # 0-2: the Itinerary slots and piles
            s.tour_deck, s.tour_row, s.enc_deck, s.enc_row, s.enc_discard, s.tours_out, s.rival_tours,
            s.rival_deck, s.rival_points, s.enc_reshuffled,  # 3-12: the table (``_write_table``)
            s.cube_supply, s.token_supply,  # 13, 14
            s.turns_taken]  # 15


class _Names:
    """Answers every attribute with its name: checks which attributes the part readers read."""

    def __getattr__(self, name: str) -> str:
        return name


assert _turn_state(_Names()) == ("pending", "kili_row", "halong_target", "end_triggered", "itin", "recolour",
                                 *TURN_FLAGS, *TURN_COUNTS)
_FLAGS_AT = 6  # where the turn flags start in ``_turn_state``, then the counts
_COUNTS_AT = _FLAGS_AT + len(TURN_FLAGS)
_TABLE = slice(3, 13)


def _player_parts(s) -> tuple:
    """Every state value the player blocks read besides money (see ``_player_key``)."""
    return (s.suitcase, s.tokens, s.fresh_tokens, s.tours, s.encs, s.first_player)


def _player_entries(s, views: _Views) -> None:
    """Bring the shared player blocks up to date after the state's ``_player_parts`` changed: a
    player's key and block are recomputed when its lists (or the first player) differ from the
    copies ``views.parts`` keeps, and those copies are renewed (Petra's money: see
    ``encode_observation``)."""
    suit, tok, fresh, tours, encs, first = _player_parts(s)
    n = len(suit)
    old = views.parts
    if old is None or first != old[5]:  # every block shows who is first
        views.entries = [None] * n if old is None else views.entries
        old = views.parts = [[None] * n for _ in range(5)] + [first]
    o_suit, o_tok, o_fresh, o_tours, o_encs = old[:5]
    views.petra = -1
    for p in range(n):
        if _PETRA in encs[p]:
            views.petra = p
        if (suit[p] != o_suit[p] or tok[p] != o_tok[p] or fresh[p] != o_fresh[p] or tours[p] != o_tours[p]
                or encs[p] != o_encs[p]):
            _player_entry(s, views, p)
            o_suit[p], o_tok[p], o_fresh[p] = suit[p].copy(), tok[p].copy(), fresh[p].copy()
            o_tours[p], o_encs[p] = tours[p].copy(), encs[p].copy()


def _player_entry(s, views: _Views, p: int) -> None:
    """Recompute player ``p``'s shared key and block (a new entry only if the key changed)."""
    key = _player_key(s, p)
    entry = views.entries[p]
    if entry is None or entry[0] != key:
        block = _PLAYER_CACHE.get(key)
        if block is None:
            block = _player_block(s, p, key)
        views.entries[p] = (key, block)
        views.version += 1


def _write_context(s, seat: int, n: int, out) -> None:
    """Pending power, Kilimanjaro row, Ha Long Bay target, end triggered / Tours to end into a
    zeroed ``out`` (an array or a memoryview of one)."""
    g = _GOFF
    if s.pending == PENDING_FF:
        out[g["pending_power"] + _NC] = 1.0
    elif s.pending >= 0:
        out[g["pending_power"] + s.pending] = 1.0
    if s.kili_row >= 0:
        out[g["kilimanjaro_returned_row"] + s.kili_row] = 1.0
    if s.halong_target >= 0:
        out[g["halong_target_relative"] + (s.halong_target - seat) % n] = 1.0
    o = g["end_triggered_and_tours_to_end"]
    if s.end_triggered:
        out[o] = 1.0
    out[o + 1] = s.game.params.end_tours / 6.0


def _write_turn(s, seat: int, n: int, view: _View, turn: tuple) -> None:
    """Rewrite the sub-choice context, the Itinerary in play and the turn block (flags, counts,
    Old Havana's colour, fresh Encounters) where ``turn`` (``_turn_state``) and the fresh
    Encounters differ from what the view was written from."""
    mv = view.mv
    old = view.turn or (None,) * len(turn)
    if turn[:4] != old[:4]:  # pending power, Kilimanjaro row, Ha Long Bay target, end triggered
        mv[_CTX_AT:_CTX_END] = _ZERO[:_CTX_END - _CTX_AT]
        _write_context(s, seat, n, mv)
    it = turn[4]
    if it != old[4]:
        mv[_IN_PLAY_AT:_IN_PLAY_END] = _ITIN_ROW_VIEWS[it] if it >= 0 else _NO_ITIN
    key = (it >= 0, turn[_FLAGS_AT:_COUNTS_AT], turn[_COUNTS_AT:], turn[5], tuple(s.fresh_encs))
    if key != view.turn_key:
        block = _TURN_CACHE.get(key)
        if block is None:
            block = _turn_block(s, key)
        mv[_TURN_AT:_TURN_END] = block
        view.turn_key = key
    view.turn = turn
    view.fresh = s.fresh_encs.copy()


def _write_itineraries(s, view: _View) -> None:
    """The 5 available Itineraries, the discard top and both pile sizes (slots rewritten where
    their card changed)."""
    mv = view.mv
    deck, discard = s.itin_deck, s.itin_discard
    itins = (deck[-1] if deck else -1, *s.itin_row, discard[-1] if discard else -1, len(deck), len(discard))
    seen = view.itins or (None,) * len(itins)
    o = _ITIN_SLOTS_AT
    for i in range(len(itins) - 2):  # the 5 available Itineraries, then the discard top
        c = itins[i]
        if c != seen[i]:
            mv[o:o + ITIN_FEATURES] = _ITIN_ROW_VIEWS[c] if c >= 0 else _NO_ITIN
        o += ITIN_FEATURES
    mv[_ITIN_DECK_AT] = itins[-2] / C.NUM_ITINERARIES
    mv[_ITIN_DECK_AT + 1] = itins[-1] / C.NUM_ITINERARIES
    view.itins = itins


def _write_players(s, view: _View, views: _Views) -> None:
    """Copy the shared player blocks that changed since the view last wrote them (with their
    turns taken); their location and money, zero in a block, are then rewritten by the caller."""
    mv, written = view.mv, view.pentries
    for p, entry in enumerate(views.entries):
        if entry is not written[p]:
            o = view.block_at[p]
            mv[o:o + PLAYER_SIZE] = entry[1]
            mv[o + _TURNS_AT] = turn_value(s.turns_taken[p])
            written[p] = entry
            view.loc[p] = -1
            view.money[p] = None
    view.players = views.version


def _write_listed(s, n: int, view: _View, parts: list) -> None:
    """Rewrite the blocks whose ``_listed_parts`` differ from the copies the view keeps."""
    mv = view.mv
    seen = view.listed
    if seen is None:
        seen = view.listed = [None] * len(parts)
    if parts[0] != seen[0] or parts[1] != seen[1] or parts[2] != seen[2]:
        _write_itineraries(s, view)
        if parts[2] != seen[2]:  # the discard pile in order
            mv[_DISC_ORDER_AT:_DISC_ORDER_AT + C.NUM_ITINERARIES] = _ZERO[:C.NUM_ITINERARIES]
            _write_discard_order(s, mv)
        seen[0], seen[1], seen[2] = parts[0].copy(), parts[1].copy(), parts[2].copy()
    table = parts[_TABLE]
    if table != seen[_TABLE]:
        _write_table(s, n, mv)
        seen[_TABLE] = [x.copy() if type(x) is list else x for x in table]
    if parts[13] != seen[13]:
        for k, x in enumerate(parts[13]):
            mv[_SUPPLY_AT + k] = x / _CUBE_NORM
        seen[13] = parts[13].copy()
    if parts[14] != seen[14]:
        for k, x in enumerate(parts[14]):
            mv[_SUPPLY_AT + 4 + k] = x / _TOKEN_NORM
        seen[14] = parts[14].copy()
    turns = parts[15]
    if turns != seen[15]:
        old = seen[15] or [None] * n
        for p, o, _ in view.order:
            if turns[p] != old[p]:
                mv[o + _TURNS_AT] = turn_value(turns[p])
        seen[15] = turns.copy()


def encode_observation(s, seat: int, out: np.ndarray) -> None:
    """Write ``seat``'s observation: the seat's view (a float32 array the encoder keeps on the
    state, ``_Views``) is brought up to date and copied into ``out``. Each part of the view is
    compared with the state values it was last written from and rewritten only where they
    differ, so nobody needs to say what changed (changes made by hand are seen too). Scalars are
    written through a memoryview (faster than numpy item assignment, same float32 rounding)."""
    try:
        view = s._encoder_views[seat]
    except (AttributeError, KeyError):
        views = s.__dict__.setdefault("_encoder_views", _Views())
        n = s.num_players
        view = views[seat] = _View(n, seat, observation_size(n))
    n = len(view.loc)
    vm = view.mv
    # phase, acting seat
    ph = s.phase_id
    if ph != view.phase:
        if view.phase >= 0:
            vm[_PHASE_AT + view.phase] = 0.0
        vm[_PHASE_AT + ph] = 1.0
        view.phase = ph
    current = (s.to_act - seat) % n if ph != PH_OVER else -1
    if current != view.current:
        if view.current >= 0:
            vm[_CURRENT_AT + view.current] = 0.0
        if current >= 0:
            vm[_CURRENT_AT + current] = 1.0
        view.current = current
    # the move: n_max, n_min, steps (once an Itinerary is chosen), start (``ban``: where the
    # Trekker may not end), visited (before the move: where a Frequent Flyer flight left from)
    steps = (s.n_max, s.n_min, s.steps) if s.itin >= 0 else None
    if steps != view.steps:
        if steps is None:
            vm[_STEPS_AT - 2] = vm[_STEPS_AT - 1] = vm[_STEPS_AT] = 0.0
        else:
            vm[_STEPS_AT - 2] = min(steps[0], 24) / 24.0
            vm[_STEPS_AT - 1] = min(steps[1], 24) / 24.0
            vm[_STEPS_AT] = min(steps[2], 24) / 24.0
        view.steps = steps
    start = s.ban
    if start != view.start:
        diff = start ^ view.start
        while diff:
            low = diff & -diff
            vm[_START_AT + low.bit_length() - 1] = 1.0 if start & low else 0.0
            diff ^= low
        view.start = start
    visited = s.visited
    if visited != view.visited:
        diff = visited ^ view.visited
        while diff:
            low = diff & -diff
            vm[_VISITED_AT + low.bit_length() - 1] = 1.0 if visited & low else 0.0
            diff ^= low
        view.visited = visited
    # the sub-choice context, the Itinerary in play, the turn flags / counts / fresh Encounters
    turn = _turn_state(s)
    if turn != view.turn or s.fresh_encs != view.fresh:
        _write_turn(s, seat, n, view, turn)
    # the Itinerary slots and piles, the table, the supplies, turns taken
    parts = _listed_parts(s)
    if parts != view.listed:
        _write_listed(s, n, view, parts)
    # the player blocks, shared by the state's views (``_player_entries``)
    views = s._encoder_views
    if [s.suitcase, s.tokens, s.fresh_tokens, s.tours, s.encs, s.first_player] != views.parts:  # _player_parts
        _player_entries(s, views)
    petra = views.petra
    if petra >= 0 and s.money[petra] != views.entries[petra][0][-1]:  # Petra: money moves the score
        _player_entry(s, views, petra)
    if view.players != views.version:
        _write_players(s, view, views)
    # each player's location and money
    money = s.money
    loc = s.loc
    if loc != view.loc:
        seen = view.loc
        for p, o, _ in view.order:
            if loc[p] != seen[p]:
                if seen[p] >= 0:
                    vm[o + seen[p]] = 0.0
                if loc[p] >= 0:
                    vm[o + loc[p]] = 1.0
        view.loc = loc.copy()
    if money != view.money:
        seen = view.money
        for p, _, om in view.order:
            if money[p] != seen[p]:
                vm[om] = money[p] / C.MONEY_CAP
        view.money = money.copy()
    try:
        memoryview(out)[:] = vm  # checks that ``out`` is a 1-d float32 buffer of the right length
    except (TypeError, ValueError, NotImplementedError):
        out[...] = view.arr  # anything else numpy can assign to


def encode_observation_uncached(s, seat: int, out: np.ndarray) -> None:
    """The same observation written from scratch without any cache (tests compare the two)."""
    n = s.num_players
    g, P = _GOFF, _POFF
    out[_PHASE_AT + s.phase_id] = 1.0
    if s.phase_id != PH_OVER:
        out[_CURRENT_AT + (s.to_act - seat) % n] = 1.0
    _write_context(s, seat, n, out)
    if s.itin >= 0:
        out[_IN_PLAY_AT:_IN_PLAY_END] = ITIN_TABLE[s.itin]
        out[_STEPS_AT - 2] = min(s.n_max, 24) / 24.0
        out[_STEPS_AT - 1] = min(s.n_min, 24) / 24.0
        out[_STEPS_AT] = min(s.steps, 24) / 24.0
        for i, f in enumerate(TURN_FLAGS):
            if getattr(s, f):
                out[g["turn_flags"] + i] = 1.0
        for i, f in enumerate(TURN_COUNTS):
            out[g["turn_counts"] + i] = getattr(s, f) / TURN_COUNT_SCALE[i]
    for v in range(C.NUM_LOCATIONS):
        if (s.visited >> v) & 1:
            out[_VISITED_AT + v] = 1.0
        if (s.ban >> v) & 1:
            out[_START_AT + v] = 1.0
    if s.recolour >= 0:
        out[g["recolour"] + s.recolour] = 1.0
    for c in s.fresh_encs:
        out[g["fresh_encounters"] + c] = 1.0
    o = _ITIN_SLOTS_AT
    for c in s.available_itineraries():
        out[o:o + ITIN_FEATURES] = ITIN_TABLE[c]
        o += ITIN_FEATURES
    out[o:o + ITIN_FEATURES] = ITIN_TABLE[s.itin_discard[-1] if s.itin_discard else -1]
    o = g["deck_sizes"]
    out[o:o + 5] = (len(s.itin_deck) / C.NUM_ITINERARIES, len(s.itin_discard) / C.NUM_ITINERARIES,
                    len(s.tour_deck) / _NC, len(s.enc_deck) / _NC, len(s.enc_discard) / _NC)
    for block, cards in (("tour_slots", s.available_tours()), ("encounter_slots", s.available_encounters())):
        for i, c in enumerate(cards):
            if c >= 0:
                out[g[block] + i * _NC + c] = 1.0
    for c in s.enc_discard:
        out[g["encounter_discard"] + c] = 1.0
    for c in s.tours_out:
        out[g["tours_removed"] + c] = 1.0
    for c in s.rival_tours:
        out[g["rival_tours"] + c] = 1.0
    if s.enc_reshuffled:
        for c in s.enc_deck[:-1]:
            out[g["encounter_deck_known"] + c] = 1.0
    _write_discard_order(s, out)
    out[_SUPPLY_AT:_SUPPLY_AT + 4] = [x / C.CUBES_PER_COLOUR for x in s.cube_supply]
    out[_SUPPLY_AT + 4:_SUPPLY_AT + 8] = [x / C.TOKENS_PER_TYPE for x in s.token_supply]
    if n == 1:
        _write_rival(s, out)
    for i in range(n):
        p = (seat + i) % n
        o = GLOBAL_SIZE + i * PLAYER_SIZE
        if s.loc[p] >= 0:
            out[o + P["location"] + s.loc[p]] = 1.0
        out[o + P["money"]] = s.money[p] / C.MONEY_CAP
        for k, length in enumerate(s.suitcase[p]):
            q = o + P["suitcase_rows_thermometer"] + k * _COLS
            out[q:q + length] = 1.0
        for k in range(4):
            out[o + P["tokens"] + k] = _TOK[s.tokens[p][k]]
            out[o + P["usable_tokens"] + k] = _TOK[s.usable_tokens(p, k)]
        for c in s.tours[p]:
            out[o + P["tours_held"] + c] = 1.0
        tp = s.tour_points(p)
        out[o + P["tour_count_points"]] = len(s.tours[p]) / MAX_TOURS
        out[o + P["tour_count_points"] + 1] = tp / TOUR_POINTS_SCALE
        for c in s.encs[p]:
            out[o + P["encounters_held"] + c] = 1.0
        q = o + P["turns_taken_first_player_score"]
        out[q] = turn_value(s.turns_taken[p])
        out[q + 1] = 1.0 if p == s.first_player else 0.0
        out[q + 2] = s.score(p) / SCORE_SCALE


def encode_state(s, out: np.ndarray) -> None:
    """Seat 0's observation followed by the contents of every hidden deck."""
    n = s.num_players
    o = observation_size(n)
    encode_observation(s, 0, out[:o])
    for c in s.tour_deck[:-1]:
        out[o + c] = 1.0
    o += C.NUM_CARDS
    for c in s.enc_deck[:-1]:
        out[o + c] = 1.0
    o += C.NUM_CARDS
    for c in s.itin_deck[:-1]:
        out[o + c] = 1.0
    o += C.NUM_ITINERARIES
    for c in s.rival_deck:
        out[o + c] = 1.0
