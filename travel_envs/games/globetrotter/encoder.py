"""Globetrotter observation and state tensors (the layout: docs/games/globetrotter.md,
"Observation"; every value lies in [0, 1]).

The encoder owns its cache: the slowly changing public block of a view (world, positions, scores,
key, start player, round, tie-break) is memoised under exactly those values, so the rules know
nothing of it and a clone, a pickle or a restored state needs no bookkeeping.
"""

from __future__ import annotations

import numpy as np

from .actions import CHOOSE, IMPROVE, OVER, PARK_PHASE, PHASES, TURN
from .cardset import cards_of
from .components import (
    COLOUR_OF,
    MAX_PLAYERS,
    NUM_CARDS,
    NUM_PARKING,
    VEHICLE_OF,
    WORLD_SIZE,
)

# -------------------------------------------------------------- observation
# A card is its colour and vehicle (7 + 7 "two-hot", lossless: card id = 7 x colour + vehicle); a city
# face is a card or the wild face (7 + 7 + 1). Matching is "same colour or same vehicle", which this code
# shows directly. The hand stays one bit per card id (a set), aligned with the card actions.
CARD_CODE = 2 * 7  # colour one-hot, vehicle one-hot
FACE_CODE = CARD_CODE + 1  # ... or wild
#: offsets inside a FACE_CODE block that are 1 for face f (a card: its colour and vehicle; wild: the last)
FACE_BITS = tuple((COLOUR_OF[f], 7 + VEHICLE_OF[f]) for f in range(NUM_CARDS)) + ((CARD_CODE,),)

# per-player slot fields (the "players" block: MAX_PLAYERS slots, seat-relative, slot 0 = me)
P_NEXT = 0  # 15: face of the player's next city
P_POSHOT = P_NEXT + FACE_CODE  # 12: position mod 12 one-hot (city the piece stands on)
P_POS = P_POSHOT + WORLD_SIZE  # position / MAX_POSITION
P_DONE = P_POS + 1  # rounded the world this round (position >= 12)
P_HAND = P_DONE + 1  # hand size / max_hand(n)
P_KEY = P_HAND + 1  # holds the Skeleton Key
P_SCORE = P_KEY + 1  # score / max_score(params)
P_PRESENT = P_SCORE + 1  # the slot holds a player
P_START = P_PRESENT + 1  # start player of this round
P_CUR = P_START + 1  # player to act
P_TIE = P_CUR + 1  # takes a tie-break extra turn
P_SIZE = P_TIE + 1

#: The observation block by block: (name, size, meaning). The offsets below follow from the sizes, and
#: the "Observation" table of docs/games/globetrotter.md lists these rows (a test compares them).
LAYOUT = (
    ("hand", NUM_CARDS, "own hand (1 per card id held)"),
    ("marked", NUM_CARDS, "own cards selected for discard (improvement phase)"),
    ("top", CARD_CODE, "Travel Journal top card: colour, vehicle (cards beneath are never shown)"),
    ("parking", NUM_PARKING * CARD_CODE, "card in each parking space (colour, vehicle; empty: zeros)"),
    ("world", WORLD_SIZE * FACE_CODE, "face of each city (colour, vehicle, wild), city 0 = finish"),
    ("players", MAX_PLAYERS * P_SIZE,
     "players, slot 0 = me, then the others in turn order (empty slots zero): next city face (15), "
     "position mod 12 one-hot (12), position/17, rounded the world, hand size/(49 - n), holds key, "
     "score/(14 (n - 1) rounds), present, start player, to act, in tie-break"),
    ("key_centre", 1, "key in the centre"),
    ("piles", 2, "deck size/49, Journal size/49"),
    ("phase", len(PHASES), "phase one-hot: " + ", ".join(PHASES)),
    ("turn_flags", 4, "drew this turn, Action 2 in progress, Action 2 finished without advancing, "
                      "key gained this turn"),
    ("played", 1, "cards played this turn/(49 - n)"),
    ("prev_card", CARD_CODE, "colour and vehicle of the card played before the top this turn (every seat "
                             "saw it; for runs)"),
    ("round", 4, "round/rounds, last round, someone rounded the world, cards still to draw/5"),
    ("park_from", NUM_PARKING, "parking space drawn from this turn"),
    ("improved", 1, "players done improving/5"),
    ("known", (MAX_PLAYERS - 1) * NUM_CARDS, "cards I know in the hand of the opponent 1..4 seats on "
                                             "(ruling L; empty slots zero)"),
    ("exchanged", MAX_PLAYERS, "cards each player swapped in this round's improvement/5, slot 0 = me (0 "
                               "until that player has improved)"),
)
#: size and offset of each block of LAYOUT
SIZES: dict[str, int] = {name: size for name, size, _ in LAYOUT}
OFFSETS: dict[str, int] = {}
_offset = 0
for _name, _size, _ in LAYOUT:
    OFFSETS[_name] = _offset
    _offset += _size
OBS_SIZE = _offset
del _offset, _name, _size

HAND = OFFSETS["hand"]
MARKED = OFFSETS["marked"]
TOP = TOP_COLOUR = OFFSETS["top"]
TOP_VEHICLE = TOP + 7
PARKING = OFFSETS["parking"]  # + 14 x space
WORLD = OFFSETS["world"]  # + 15 x city
PLAYERS = OFFSETS["players"]  # + P_SIZE x slot + P_...
G_KEY_CENTRE = OFFSETS["key_centre"]
G_DECK = OFFSETS["piles"]
G_JOURNAL = G_DECK + 1
G_PHASE = OFFSETS["phase"]  # + phase id
G_DREW = OFFSETS["turn_flags"]  # Action 1 taken this turn
G_IN_A2 = G_DREW + 1  # Action 2 in progress (>= 1 card played, not stopped)
G_A2_DONE = G_IN_A2 + 1  # Action 2 finished without advancing
G_KEY_GAINED = G_A2_DONE + 1  # the key was gained this turn
G_PLAYED = OFFSETS["played"]
G_PREV_COLOUR = OFFSETS["prev_card"]
G_PREV_VEHICLE = G_PREV_COLOUR + 7
G_ROUND = OFFSETS["round"]  # round index / rounds
G_LAST_ROUND = G_ROUND + 1
G_ROUND_ENDING = G_LAST_ROUND + 1  # someone rounded the world
G_PENDING = G_ROUND_ENDING + 1  # cards still to draw / 5
G_PARK_FROM = OFFSETS["park_from"]  # + parking space
G_IMPROVED = OFFSETS["improved"]
KNOWN = OFFSETS["known"]  # + 49 x (opponent seats on - 1)
EXCHANGED = OFFSETS["exchanged"]  # + slot


def seat_blocks(n: int) -> list[np.ndarray]:
    """The public facts about each player in a view, slot k = the player k seats after the viewer
    (``Game.seat_blocks``): every field of its "players" slot (P_NEXT .. P_TIE: nothing in a slot is
    private) and its "exchanged" count. Left out: "known" (what the viewer alone has seen of a hand)."""
    return [np.r_[PLAYERS + k * P_SIZE : PLAYERS + (k + 1) * P_SIZE, EXCHANGED + k] for k in range(n)]


def view(obs: np.ndarray, name: str) -> np.ndarray:
    """The block ``name`` of LAYOUT in an observation (a slice, for tests and debugging)."""
    return obs[OFFSETS[name] : OFFSETS[name] + SIZES[name]]


# ------------------------------------------------------ reachable maxima
# Counts are scaled by the largest value play can reach, so no two reachable values look alike
# (docs/games/globetrotter.md, "Scales"); the clip at 1.0 only guards hand-made states.
#: a character stands on at most 11 before the turn that takes it round the world, which moves at
#: most 3 (14); a tie-break extra turn (ruling 11) may move a leader 3 more
MAX_POSITION = WORLD_SIZE - 1 + 3 + 3


def max_hand(n: int) -> int:
    """Most cards one seat can hold at a decision point: all 49 but the Journal top and one card per
    opponent (a seat that empties its hand draws at once, and at least one card: the Journal holds
    two or more cards right after a play)."""
    return NUM_CARDS - 1 - (n - 1)


def max_score(params) -> int:
    """Most victory points a seat can reach: per round 14 cities ahead of each of n - 1 players at 0."""
    return (WORLD_SIZE - 1 + 3) * (params.num_players - 1) * params.rounds


# state tensor: the seat-0 observation, then everything hidden
S_HANDS = OBS_SIZE  # 5 x 49 hands by absolute seat
S_DECK = S_HANDS + MAX_PLAYERS * NUM_CARDS  # 49 deck contents
S_UNDER = S_DECK + NUM_CARDS  # 49 cards under the journal top
S_DISCARDS = S_UNDER + NUM_CARDS  # 49 improvement discards
S_CUR = S_DISCARDS + NUM_CARDS  # 5 absolute current player
STATE_SIZE = S_CUR + MAX_PLAYERS

#: public blocks by (seat, rounds, world, positions, key holder, start, round, scores, tie-break);
#: emptied when full (a game makes a few hundred distinct keys)
_PUBLIC_BLOCKS: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
_PUBLIC_BLOCKS_LIMIT = 4096


def _public_block(st, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """Indices and values of the slowly changing public part of ``seat``'s view.

    Positions, world, scores, key, start player and tie-break only change a few
    times per round, so the block is memoised under a key of exactly those
    values (and the round count, which scales the round and the scores).
    """
    world = st.world
    rounds = st.params.rounds
    key = (seat, rounds, tuple(world), tuple(st.pos), st.key, st.start, st.round, tuple(st.score),
           tuple(st.tiebreak))
    hit = _PUBLIC_BLOCKS.get(key)
    if hit is not None:
        return hit
    n = st.n
    score_scale = 1.0 / max_score(st.params)
    idx = [WORLD + FACE_CODE * i + b for i, f in enumerate(world) for b in FACE_BITS[f]]
    vals = [1.0] * len(idx)
    pos, score, k0, start, tie = st.pos, st.score, st.key, st.start, st.tiebreak
    for k in range(n):
        p = (seat + k) % n
        b = PLAYERS + k * P_SIZE
        pp = pos[p]
        bits = FACE_BITS[world[(pp + 1) % WORLD_SIZE]]
        idx += [b + P_NEXT + x for x in bits]
        vals += [1.0] * len(bits)
        idx += (b + P_POSHOT + pp % WORLD_SIZE, b + P_PRESENT, b + P_POS, b + P_SCORE)
        vals += (1.0, 1.0, min(pp / MAX_POSITION, 1.0), min(score[p] * score_scale, 1.0))
        flags = (pp >= WORLD_SIZE, k0 == p, p == start, p in tie)
        for off, on in zip((P_DONE, P_KEY, P_START, P_TIE), flags):
            if on:
                idx.append(b + off)
                vals.append(1.0)
    if k0 < 0:
        idx.append(G_KEY_CENTRE)
        vals.append(1.0)
    idx += (G_ROUND, G_LAST_ROUND)
    vals += (min(st.round / rounds, 1.0), 1.0 if st.round >= rounds - 1 else 0.0)
    block = (np.array(idx, np.intp), np.array(vals, np.float32))
    for array in block:  # shared by every state with these values: nobody may write into it
        array.setflags(write=False)
    if len(_PUBLIC_BLOCKS) >= _PUBLIC_BLOCKS_LIMIT:
        _PUBLIC_BLOCKS.clear()
    _PUBLIC_BLOCKS[key] = block
    return block


def encode_observation(st, seat: int, out: np.ndarray) -> None:
    """Write ``seat``'s view of ``st`` into ``out`` (zeroed, length OBS_SIZE).

    Hot path: the cached public block goes in with one indexed assignment; the
    few per-step entries are written one by one (cheaper than building index
    lists for numpy).
    """
    idx, vals = _public_block(st, seat)
    out[idx] = vals
    n = st.n
    for c in cards_of(st.hand_bits[seat]):
        out[HAND + c] = 1.0
    phase = st.phase_id
    cur = st.to_act
    if phase == IMPROVE and cur == seat:
        for c in cards_of(st.marked_bits):
            out[MARKED + c] = 1.0
    out[G_PHASE + phase] = 1.0
    journal = st.journal
    if journal:
        t = journal[-1]
        out[TOP_COLOUR + COLOUR_OF[t]] = 1.0
        out[TOP_VEHICLE + VEHICLE_OF[t]] = 1.0
    b = PARKING
    for c in st.parking:
        if c >= 0:
            out[b + COLOUR_OF[c]] = 1.0
            out[b + 7 + VEHICLE_OF[c]] = 1.0
        b += CARD_CODE
    if phase != OVER:
        out[PLAYERS + ((cur - seat) % n) * P_SIZE + P_CUR] = 1.0
    hs = st.hand_size
    b = PLAYERS + P_HAND
    top_hand = max_hand(n)
    hand_scale = 1.0 / top_hand
    for k in range(n):
        h = hs[(seat + k) % n]
        out[b] = h * hand_scale if h < top_hand else 1.0
        b += P_SIZE
    out[G_DECK] = len(st.deck) * (1.0 / 49.0)
    out[G_JOURNAL] = len(journal) * (1.0 / 49.0)
    if st.improved:
        out[G_IMPROVED] = st.improved * 0.2
    if phase == TURN:
        played = st.played
        if st.drew:
            out[G_DREW] = 1.0
        if played:
            lp = len(played)
            out[G_PLAYED] = lp * hand_scale if lp < top_hand else 1.0
            if st.a2_done:
                out[G_A2_DONE] = 1.0
            else:
                out[G_IN_A2] = 1.0
            if lp >= 2:  # everyone saw it played
                prev = played[-2]
                out[G_PREV_COLOUR + COLOUR_OF[prev]] = 1.0
                out[G_PREV_VEHICLE + VEHICLE_OF[prev]] = 1.0
        if st.key_gained:
            out[G_KEY_GAINED] = 1.0
        if st.park_from >= 0:
            out[G_PARK_FROM + st.park_from] = 1.0
    elif phase == PARK_PHASE or phase == CHOOSE:
        if st.drew:
            out[G_DREW] = 1.0
        if st.played:
            out[G_PLAYED] = min(len(st.played) * hand_scale, 1.0)
            if st.a2_done:
                out[G_A2_DONE] = 1.0
        if st.key_gained:
            out[G_KEY_GAINED] = 1.0
        if st.park_from >= 0:
            out[G_PARK_FROM + st.park_from] = 1.0
        if st.pending_draws:
            out[G_PENDING] = min(st.pending_draws * 0.2, 1.0)
    if st.round_ending:
        out[G_ROUND_ENDING] = 1.0
    known = st.known_bits[seat]
    ex = st.exchanged
    b = KNOWN
    for k in range(1, n):
        for c in cards_of(known[(seat + k) % n]):
            out[b + c] = 1.0
        b += NUM_CARDS
    for k in range(n):
        x = ex[(seat + k) % n]
        if x:
            out[EXCHANGED + k] = x * 0.2


def encode_state(st, out: np.ndarray) -> None:
    """The full state: seat 0's observation plus every hidden card location."""
    encode_observation(st, 0, out)
    n = st.n
    for p in range(n):
        for c in cards_of(st.hand_bits[p]):
            out[S_HANDS + p * NUM_CARDS + c] = 1.0
    for c in st.deck:
        out[S_DECK + c] = 1.0
    for c in st.journal[:-1]:
        out[S_UNDER + c] = 1.0
    for c in st.discards:
        out[S_DISCARDS + c] = 1.0
    if st.phase_id != OVER:
        out[S_CUR + st.to_act] = 1.0

