"""Itchy Feet, issue #13: what the table remembers, the Postcard score, the Local Guide reshuffle,
the Jet-setter after an event, reaction windows that reveal nothing, and rules the suite did not
guard (Mom's Credit Card, a real simultaneous Postcard win, no Mousetrap on one's own action).
Every test starts from a hand-made state."""

import numpy as np

from travel_envs.core.rewards import terminal_rewards
from travel_envs.games.itchy_feet import actions as A
from travel_envs.games.itchy_feet.actions import P_INSURANCE, P_JET_DISCARD, P_MAIN, P_MOUSETRAP
from travel_envs.games.itchy_feet.components import (
    AIRLINE_STRIKE, CIVIL_UNREST, COUNTRY_NAMES, ITEMS, JET_SETTER, LOCAL_GUIDE, LUGGAGE_MIXUP, MOMS_CARD,
    MOUSETRAP, PASSPORT, PICKPOCKET, POSTCARD, TRAVEL_INSURANCE)
from travel_envs.games.itchy_feet.encoder import OFFSETS, SEAT_BLOCK, SEAT_OFFSETS
from travel_envs.games.itchy_feet.scenario import build_state

from test_itchy_feet_helpers import play

C, ASK = A.CARD_BASE, A.ASK_BASE
SUNSCREEN, CAMERA, GUIDEBOOK, PHRASEBOOK, BOOTS, SWIMSUIT, UMBRELLA, COAT, ADAPTER, SUNGLASSES, \
    BUGSPRAY, CURRENCY = ITEMS
FRANCE, ITALY, NORWAY, JAPAN = (COUNTRY_NAMES.index(x) for x in ("France", "Italy", "Norway", "Japan"))
NORWAY_HAND = [PASSPORT, COAT, UMBRELLA, GUIDEBOOK]
SPECIALS = dict(extensions=["special_items"])


def obs(st, seat):
    out = np.zeros(st.game.observation_size, np.float32)
    st.observation(seat, out)
    return out


def known_in_obs(st, seat, other, card):
    """The copies of ``card`` that ``seat``'s observation says ``other`` holds."""
    slot = (other - seat) % st.num_players
    return round(float(obs(st, seat)[OFFSETS["seats"] + slot * SEAT_BLOCK + SEAT_OFFSETS["known"] + card]) * 6)


# ---------------------------------------------------------------- 1. the table remembers
def test_face_up_trade_is_remembered_by_the_players_outside_it():
    st = build_state(num_players=3, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, COAT], 2: [PASSPORT]},
                     draw=[SWIMSUIT, SUNSCREEN])
    play(st, A.TRADE, A.TARGET_BASE, C + CAMERA, ASK + COAT, A.PROPOSE, A.YES)
    assert known_in_obs(st, 2, 0, COAT) == 1 and known_in_obs(st, 2, 1, CAMERA) == 1
    assert known_in_obs(st, 2, 0, CAMERA) == 0  # given away: no longer claimed
    # seat-relative: seat 1 sees its partner (seat 0) two slots on, with the Coat
    assert known_in_obs(st, 1, 0, COAT) == 1 and known_in_obs(st, 0, 1, CAMERA) == 1
    # player 1 discards the Camera (recycle payment): the table forgets it
    st.discard.append(BOOTS)
    play(st, A.RECYCLE, C + CAMERA, C + PASSPORT)
    assert st.known[1][CAMERA] == 0 and known_in_obs(st, 2, 1, CAMERA) == 0
    # the card taken from the discard pile is taken openly
    play(st, C + BOOTS)
    assert known_in_obs(st, 2, 1, BOOTS) == 1 and known_in_obs(st, 0, 1, BOOTS) == 1


def test_offered_cards_are_remembered_even_when_refused():
    st = build_state(hands={0: [PASSPORT, CAMERA, CAMERA], 1: [PASSPORT, COAT]})
    play(st, A.TRADE, A.TARGET_BASE, C + CAMERA, C + CAMERA, ASK + COAT, A.PROPOSE, A.NO)
    assert st.known[0][CAMERA] == 2 and known_in_obs(st, 1, 0, CAMERA) == 2


def test_unseen_loss_lowers_every_known_card():
    st = build_state(num_players=3, hands={0: [PASSPORT, PICKPOCKET], 1: [CAMERA, COAT], 2: [PASSPORT]},
                     known={1: [CAMERA, COAT]}, reactions=False, **SPECIALS)
    play(st, A.PICK, A.TARGET_BASE)
    # the stolen card is hidden from player 2: either of the known cards may be gone
    assert st.known[1][CAMERA] == st.known[1][COAT] == 0 and st.sizes[1] == 1
    assert st.known[0] == [0] * 30


def test_travel_shows_the_hand_and_the_completed_country_and_away_countries_are_public():
    st = build_state(hands={0: NORWAY_HAND + [CAMERA], 1: [PASSPORT]}, own=[NORWAY, FRANCE], centre=ITALY,
                     draw=[SWIMSUIT, BOOTS, CIVIL_UNREST], extensions=["events"])
    play(st, A.travel_action(A.TRAVEL_OWN, 0))  # the free card is Civil Unrest, then Boots
    assert st.done_country == [NORWAY, -1] and ITALY in st.away
    for seat in (0, 1):
        o = obs(st, seat)
        slot = (0 - seat) % 2
        assert o[OFFSETS["seats"] + slot * SEAT_BLOCK + SEAT_OFFSETS["completed"] + NORWAY] == 1.0
        assert o[OFFSETS["away"] + ITALY] == 1.0 and o[OFFSETS["away"]:OFFSETS["away"] + 12].sum() == 1
    assert known_in_obs(st, 1, 0, CAMERA) == 1 and known_in_obs(st, 1, 0, PASSPORT) == 1
    assert known_in_obs(st, 1, 0, BOOTS) == 0  # drawn after the hand was shown


# ---------------------------------------------------------------- 2. scores
def test_postcard_winner_outscores_a_player_who_completed_a_country():
    st = build_state(hands={0: [PASSPORT, POSTCARD, POSTCARD, POSTCARD], 1: [PASSPORT]}, own=[NORWAY, -1],
                     centre=ITALY, draw=[POSTCARD], extensions=["postcards"])
    play(st, A.DRAW)
    assert st.winners() == [0] and not st.home_done[0] and st.home_done[1]
    assert st.scores()[0] > st.scores()[1]
    assert terminal_rewards(st, "score_diff")[0] > 0 > terminal_rewards(st, "score_diff")[1]


# ---------------------------------------------------------------- 3. Local Guide and the reshuffle
def test_local_guide_taking_the_final_card_rebuilds_the_draw_pile():
    st = build_state(hands={0: [PASSPORT, LOCAL_GUIDE], 1: [PASSPORT]}, draw=[COAT], discard=[CURRENCY, BOOTS],
                     reactions=False, **SPECIALS)
    play(st, A.GUIDE, C + COAT)
    assert st.hands[0][COAT] == 1
    assert sorted(st.draw) == sorted([CURRENCY, BOOTS, LOCAL_GUIDE]) and st.discard == []


def test_local_guide_emptying_the_pile_shuffles_the_rest_into_the_new_one():
    st = build_state(hands={0: [PASSPORT, LOCAL_GUIDE], 1: [PASSPORT]}, draw=[COAT, CAMERA], discard=[CURRENCY],
                     reactions=False, **SPECIALS)
    play(st, A.GUIDE, C + CAMERA)
    assert sorted(st.draw) == sorted([COAT, CURRENCY, LOCAL_GUIDE]) and st.discard == []


# ---------------------------------------------------------------- 4. Jet-setter
def test_jet_setter_keeps_the_second_card_when_an_event_took_the_first():
    st = build_state(hands={0: [PASSPORT], 1: [PASSPORT, BOOTS]}, draw=[SUNSCREEN, COAT, AIRLINE_STRIKE, CAMERA],
                     extensions=["events", "characters"], characters=[JET_SETTER, -1])
    play(st, A.DRAW)  # Camera, then the strike: player 0 discards the Camera it just drew
    play(st, C + CAMERA, C + BOOTS)
    assert st.ph != P_JET_DISCARD and st.turn_player == 1  # the replacement (Coat) is kept
    assert st.hands[0][COAT] == 1 and st.sizes[0] == 2 and st.jet == []


def test_jet_setter_still_chooses_when_an_older_copy_was_discarded():
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, BOOTS]},
                     draw=[SUNSCREEN, COAT, AIRLINE_STRIKE, CAMERA],
                     extensions=["events", "characters"], characters=[JET_SETTER, -1])
    play(st, A.DRAW, C + CAMERA, C + BOOTS)  # one of two Cameras goes: both drawn cards are held
    assert st.ph == P_JET_DISCARD and sorted(st.jet) == [CAMERA, COAT]


# ---------------------------------------------------------------- 5. reactions reveal nothing
def _reaction_trace(holder):
    st = build_state(num_players=3, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT], 2: [PASSPORT]},
                     draw=[SWIMSUIT, SUNSCREEN], **SPECIALS)
    st.hands[holder][MOUSETRAP] += 1
    st.sizes[holder] += 1
    trace = []
    play(st, A.DRAW)
    while st.ph == P_MOUSETRAP:
        trace.append(st.actor)
        mask = st.legal_action_mask()
        assert mask[A.NO] and mask[A.YES] == (st.actor == holder)
        play(st, A.NO)
    return trace


def test_mousetrap_window_asks_every_other_player_whoever_holds_it():
    assert _reaction_trace(1) == _reaction_trace(2) == [1, 2]
    assert _reaction_trace(0) == [1, 2]  # the turn player's own trap: the window looks the same


def test_turn_player_cannot_mousetrap_its_own_action():
    st = build_state(num_players=3, hands={0: [PASSPORT, MOUSETRAP], 1: [PASSPORT], 2: [PASSPORT]},
                     draw=[SWIMSUIT, SUNSCREEN], **SPECIALS)
    play(st, A.DRAW)
    asked = []
    while st.ph == P_MOUSETRAP:
        asked.append(st.actor)
        assert not st.legal_action_mask()[A.YES]
        play(st, A.NO)
    assert 0 not in asked and st.hands[0][SUNSCREEN] == 1 and st.hands[0][MOUSETRAP] == 1


def test_no_window_when_the_mousetrap_is_publicly_out_of_play():
    st = build_state(hands={0: [PASSPORT], 1: [PASSPORT]}, draw=[SWIMSUIT, SUNSCREEN], discard=[MOUSETRAP], **SPECIALS)
    play(st, A.DRAW)
    assert st.turn_player == 1 and st.ph == P_MAIN
    # a known holder is asked alone (the table already knows who holds it)
    st = build_state(num_players=3, hands={0: [PASSPORT], 1: [PASSPORT], 2: [PASSPORT, MOUSETRAP]},
                     draw=[SWIMSUIT, SUNSCREEN], known={2: [MOUSETRAP]}, **SPECIALS)
    play(st, A.DRAW)
    assert st.ph == P_MOUSETRAP and st.actor == 2
    play(st, A.NO)
    assert st.turn_player == 1


def test_insurance_window_asks_everyone_and_closes_once_played():
    st = build_state(num_players=3, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, TRAVEL_INSURANCE, COAT],
                                     2: [PASSPORT, BOOTS]},
                     draw=[SWIMSUIT, AIRLINE_STRIKE], discard=[MOUSETRAP], extensions=["events", "special_items"])
    play(st, A.DRAW)
    assert (st.ph, st.actor) == (P_INSURANCE, 0) and not st.legal_action_mask()[A.YES]
    play(st, A.NO)
    assert (st.ph, st.actor) == (P_INSURANCE, 1)
    play(st, A.YES)
    assert st.ph != P_INSURANCE and st.insured == [False, True, False]  # player 2 is not asked


# ---------------------------------------------------------------- rules not guarded before
def test_moms_credit_card_only_stands_in_for_a_missing_item():
    st = build_state(hands={0: NORWAY_HAND + [MOMS_CARD], 1: [PASSPORT]}, own=[NORWAY, FRANCE], centre=ITALY,
                     **SPECIALS)
    mask = st.legal_action_mask()
    travel = [a for a in range(A.TRAVEL_BASE, A.TRAVEL_BASE + 8) if mask[a]]
    assert travel == [A.travel_action(A.TRAVEL_OWN, 0)]  # every item held: no Mom's variant


def test_real_simultaneous_postcard_win_goes_first_in_turn_order():
    # Lost Luggage: 1 -> 2 -> 3 -> 0 -> 1; players 2 and 0 both reach 4 postcards at once. The
    # hand-made table holds 8 postcards: the real game's 6 never let two players hold 4 at once,
    # so this guards the ordering of ruling 10, not a position a game can reach
    st = build_state(num_players=4, hands={0: [POSTCARD] * 3 + [COAT], 1: [PASSPORT, POSTCARD],
                                     2: [POSTCARD] * 3 + [BOOTS], 3: [POSTCARD, CAMERA]},
                     draw=[SWIMSUIT, LUGGAGE_MIXUP], turn=1, extensions=["events", "postcards"],
                     beyond_the_box=True)
    play(st, A.DRAW, C + POSTCARD, C + BOOTS, C + POSTCARD, C + COAT)
    assert st.hands[0][POSTCARD] == 4 and st.hands[2][POSTCARD] == 4
    assert st.is_terminal and st.winners() == [2]  # player 1's turn: 2 comes before 0


# ---------------------------------------------------------------- what a player alone remembers
def _luggage_round():
    """3 players, player 0 draws Lost Luggage: 0 passes a Camera to 1, 1 a Coat to 2, 2 Boots to 0.
    The table knew player 0 held its Passport and Camera (say, from an earlier trade)."""
    st = build_state(num_players=3, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, COAT], 2: [PASSPORT, BOOTS]},
                     draw=[SWIMSUIT, LUGGAGE_MIXUP], known={0: [PASSPORT, CAMERA]}, extensions=["events"])
    play(st, A.DRAW, C + CAMERA, C + COAT, C + BOOTS)
    assert st.hands[1][CAMERA] == st.hands[2][COAT] == st.hands[0][BOOTS] == 1
    return st


def test_the_card_passed_in_lost_luggage_is_remembered_by_its_giver_only():
    st = _luggage_round()
    assert known_in_obs(st, 0, 1, CAMERA) == 1 and known_in_obs(st, 2, 1, CAMERA) == 0
    assert known_in_obs(st, 2, 0, BOOTS) == 1 and known_in_obs(st, 1, 0, BOOTS) == 0
    # the receiver saw which card player 0 lost: it still knows the Passport is there
    assert known_in_obs(st, 1, 0, PASSPORT) == 1 and known_in_obs(st, 2, 0, PASSPORT) == 0
    assert "known to hold: Camera" in st.observation_text(0)
    assert "known to hold: Camera" not in st.observation_text(2)
    # the memory fades like the table's: once player 1 trades the Camera away, player 0 forgets it
    assert st.turn_player == 1
    play(st, A.TRADE, A.TARGET_BASE, C + CAMERA, ASK + COAT, A.PROPOSE, A.YES)
    assert known_in_obs(st, 0, 1, CAMERA) == 0 and known_in_obs(st, 0, 2, CAMERA) == 1


def test_resampling_keeps_the_card_the_seat_passed():
    st = _luggage_round()
    rng = np.random.default_rng(0)
    for _ in range(30):  # player 0 knows where its Camera went
        r = st.resample_hidden(0, rng)
        assert r.hands[1][CAMERA] >= 1 and np.array_equal(obs(r, 0), obs(st, 0))
    # player 2 does not: for it the Camera may be anywhere unseen
    assert any(st.resample_hidden(2, rng).hands[1][CAMERA] == 0 for _ in range(60))


def test_pickpocket_victim_knows_which_card_the_thief_took():
    st = build_state(num_players=3, hands={0: [PASSPORT, PICKPOCKET], 1: [PASSPORT, COAT], 2: [PASSPORT]},
                     known={1: [PASSPORT, COAT]}, reactions=False, **SPECIALS)
    play(st, A.PICK, A.TARGET_BASE)
    taken = COAT if st.hands[0][COAT] else PASSPORT
    left = PASSPORT if taken == COAT else COAT
    assert known_in_obs(st, 1, 0, taken) == 1 and known_in_obs(st, 2, 0, taken) == 0
    # the thief saw which card it took: the other one is still known to be there
    assert known_in_obs(st, 0, 1, left) == 1 and known_in_obs(st, 2, 1, left) == 0
