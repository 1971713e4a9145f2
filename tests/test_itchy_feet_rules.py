"""Itchy Feet base rules: the rulebook's statements as scenario tests on hand-made states."""

import numpy as np
import pytest

from travel_envs.core.game import IllegalActionError
from travel_envs.games.itchy_feet import GAME
from travel_envs.games.itchy_feet import actions as A
from travel_envs.games.itchy_feet.actions import (P_DISCARD_DOWN, P_MAIN, P_RECYCLE_PAY, P_RECYCLE_TAKE,
                                                  P_TRADE_BUILD, P_TRADE_PARTNER, P_TRADE_RESPONSE)
from travel_envs.games.itchy_feet.components import (
    CIVIL_UNREST, COUNTRY_ITEMS, COUNTRY_NAMES, DISTANCE_KM, EVENTS, EXTENSION_CARDS, FORBIDDEN,
    ITEMS, MOUSETRAP, NUM_COUNTRIES, PASSPORT, POSTCARD)
from travel_envs.games.itchy_feet.encoder import OFFSETS
from travel_envs.games.itchy_feet.engine import start_player
from travel_envs.games.itchy_feet.scenario import build_state

from test_itchy_feet_helpers import play

C = A.CARD_BASE
ASK = A.ASK_BASE
# item ids
SUNSCREEN, CAMERA, GUIDEBOOK, PHRASEBOOK, BOOTS, SWIMSUIT, UMBRELLA, COAT, ADAPTER, SUNGLASSES, \
    BUGSPRAY, CURRENCY = ITEMS
FRANCE, ITALY, JAPAN, NORWAY, UK, MEXICO, EGYPT = (COUNTRY_NAMES.index(x) for x in (
    "France", "Italy", "Japan", "Norway", "United Kingdom", "Mexico", "Egypt"))
TRAVEL_OWN = A.travel_action(A.TRAVEL_OWN, 0)
TRAVEL_CENTRE = A.travel_action(A.TRAVEL_CENTRE, 0)


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_passport_three_items_and_countries(n):
    for seed in range(20):
        st = GAME(num_players=n, extensions="all").new_initial_state(np.random.default_rng(seed))
        for s in range(n):
            h = st.hands[s]
            assert h[PASSPORT] == 1
            assert sum(h[t] for t in ITEMS) == 3
            assert st.sizes[s] == 4  # no extension card in a starting hand
        in_play = [c for c in st.own_country if c >= 0] + [st.centre]
        assert len(set(in_play)) == n + 1
        assert len(st.unused) == NUM_COUNTRIES - n - 1
        extra = sum(len(v) for v in EXTENSION_CARDS.values())
        assert len(st.draw) == 48 - 3 * n + extra and st.discard == []


def test_extension_cards_shuffled_in_after_the_deal():
    seen_ext_deep = False
    for seed in range(30):
        st = GAME(num_players=2, extensions="all").new_initial_state(np.random.default_rng(seed))
        assert all(sum(st.hands[s][t] for t in range(13, 30)) == 0 for s in range(2))
        # the extension cards are mixed through the pile, not stacked on top
        pos = [i for i, c in enumerate(st.draw) if c >= 13]
        seen_ext_deep |= min(pos) < 20
    assert seen_ext_deep


def test_start_player_closest_country_real_distance():
    # centre Italy (Rome): France (Paris, 1106 km) beats Japan (Tokyo, 9854 km)
    rng = np.random.default_rng(0)
    assert start_player([JAPAN, FRANCE], ITALY, rng) == 1
    assert start_player([FRANCE, JAPAN], ITALY, rng) == 0
    # centre Norway: UK (1153 km) beats France (1341 km) beats Italy (2006 km)
    assert start_player([ITALY, FRANCE, UK], NORWAY, rng) == 2
    assert round(DISTANCE_KM[FRANCE][UK]) == 343


def test_start_player_used_by_setup():
    for seed in range(30):
        st = GAME(num_players=4).new_initial_state(np.random.default_rng(seed))
        d = [DISTANCE_KM[c][st.centre] for c in st.own_country]
        assert st.turn_player == int(np.argmin(d)) and st.actor == st.turn_player


def test_start_player_tie_is_random():
    picks = {start_player([FRANCE, FRANCE], ITALY, np.random.default_rng(s)) for s in range(20)}
    assert picks == {0, 1}


# ---------------------------------------------------------------- draw and hand limit
def test_draw_one_card_then_turn_passes():
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT]}, draw=[UMBRELLA, SUNSCREEN])
    play(st, A.DRAW)
    assert st.hands[0][SUNSCREEN] == 1 and st.sizes[0] == 3
    assert st.turn_player == 1 and st.ph == P_MAIN


def test_draw_with_seven_cards_then_discard_to_seven():
    hand = [PASSPORT, CAMERA, CAMERA, UMBRELLA, COAT, BOOTS, SWIMSUIT]
    st = build_state(hands={0: hand, 1: [PASSPORT]}, draw=[CURRENCY, SUNSCREEN])
    assert st.sizes[0] == 7
    assert st.legal_action_mask()[A.DRAW]  # you can draw with a full hand
    play(st, A.DRAW)
    assert st.sizes[0] == 8 and st.ph == P_DISCARD_DOWN and st.actor == 0
    play(st, C + CAMERA)
    assert st.sizes[0] == 7 and st.discard == [CAMERA] and st.turn_player == 1


def test_hand_limit_counts_passports_and_special_items():
    hand = [PASSPORT, PASSPORT, MOUSETRAP, CAMERA, UMBRELLA, COAT, BOOTS]
    st = build_state(hands={0: hand, 1: [PASSPORT]}, draw=[CURRENCY, SUNSCREEN], extensions=["special_items"],
                     reactions=False)
    play(st, A.DRAW)
    assert st.ph == P_DISCARD_DOWN
    mask = st.legal_action_mask()
    assert mask[C + PASSPORT] and mask[C + MOUSETRAP]


def test_empty_hand_draws_three_at_turn_start():
    st = build_state(hands={0: [PASSPORT], 1: []}, draw=[CAMERA, COAT, BOOTS, UMBRELLA, SUNSCREEN])
    play(st, A.DRAW)  # player 0 draws Sunscreen; player 1 starts with an empty hand
    assert st.turn_player == 1 and st.ph == P_MAIN
    assert st.sizes[1] == 3 and st.hands[1][UMBRELLA] == st.hands[1][BOOTS] == st.hands[1][COAT] == 1
    assert st.actions_left == 1  # not an action: the player still chooses one


def test_reshuffle_when_final_card_drawn():
    st = build_state(hands={0: [PASSPORT], 1: [PASSPORT]}, draw=[CAMERA], discard=[COAT, BOOTS, UMBRELLA])
    play(st, A.DRAW)
    assert st.hands[0][CAMERA] == 1
    assert sorted(st.draw) == sorted([COAT, BOOTS, UMBRELLA]) and st.discard == []


def test_reshuffle_includes_events_and_forbidden_items():
    st = build_state(hands={0: [PASSPORT], 1: [PASSPORT]}, draw=[CAMERA],
                     discard=[CIVIL_UNREST, FORBIDDEN[0], BOOTS], extensions="all", characters=[-1, -1],
                     reactions=False)
    play(st, A.DRAW)
    assert sorted(st.draw) == sorted([CIVIL_UNREST, FORBIDDEN[0], BOOTS])


def test_draw_skipped_when_both_piles_empty():
    st = build_state(hands={0: [PASSPORT], 1: [PASSPORT]}, draw=[], discard=[])
    assert st.legal_action_mask()[A.DRAW]
    play(st, A.DRAW)
    assert st.sizes[0] == 1 and st.turn_player == 1


# ---------------------------------------------------------------- recycle
def test_recycle_discard_two_take_one_of_choice():
    st = build_state(hands={0: [PASSPORT, CAMERA, COAT, BOOTS], 1: [PASSPORT]}, draw=[SUNSCREEN] * 3,
                     discard=[UMBRELLA, CURRENCY])
    play(st, A.RECYCLE)
    assert st.ph == P_RECYCLE_PAY
    play(st, C + CAMERA, C + COAT)
    assert st.ph == P_RECYCLE_TAKE
    mask = st.legal_action_mask()
    assert mask[C + UMBRELLA] and mask[C + CURRENCY]
    assert not mask[C + CAMERA] and not mask[C + COAT]  # not the two just discarded
    play(st, C + UMBRELLA)
    assert st.hands[0][UMBRELLA] == 1 and st.sizes[0] == 3
    assert sorted(st.discard) == sorted([CURRENCY, CAMERA, COAT])
    assert st.turn_player == 1


def test_recycle_needs_two_cards_and_an_eligible_card():
    st = build_state(hands={0: [PASSPORT], 1: [PASSPORT]}, discard=[UMBRELLA])
    assert not st.legal_action_mask()[A.RECYCLE]  # one card only
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT]}, discard=[])
    assert not st.legal_action_mask()[A.RECYCLE]  # nothing to take
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT]}, discard=[CIVIL_UNREST], extensions=["events"])
    assert not st.legal_action_mask()[A.RECYCLE]  # events cannot be recycled
    with pytest.raises(IllegalActionError, match="recycle.*phase 'main'"):
        st.apply_action(A.RECYCLE)


def test_recycle_never_takes_an_event():
    st = build_state(hands={0: [PASSPORT, CAMERA, COAT], 1: [PASSPORT]}, discard=[EVENTS[1], BOOTS],
                     extensions=["events"])
    play(st, A.RECYCLE, C + CAMERA, C + COAT)
    mask = st.legal_action_mask()
    assert mask[C + BOOTS] and not mask[C + EVENTS[1]]


# ---------------------------------------------------------------- trade
def _offer(st, partner_rel, give, ask):
    play(st, A.TRADE)
    assert st.ph == P_TRADE_PARTNER
    play(st, A.TARGET_BASE + partner_rel - 1)
    assert st.ph == P_TRADE_BUILD
    for t in give:
        play(st, C + t)
    for t in ask:
        play(st, ASK + t)
    play(st, A.PROPOSE)


def test_trade_three_for_two_accepted_gives_bonus_draw():
    st = build_state(hands={0: [PASSPORT, CAMERA, COAT, BOOTS, SUNSCREEN], 1: [PASSPORT, UMBRELLA, CURRENCY, ADAPTER]},
                     draw=[SWIMSUIT, SUNGLASSES])
    _offer(st, 1, [CAMERA, COAT, BOOTS], [UMBRELLA, CURRENCY])
    assert st.ph == P_TRADE_RESPONSE and st.current_player == 1  # the partner decides
    assert st.legal_action_mask()[A.YES]
    play(st, A.YES)
    assert st.hands[0] [CAMERA] == 0 and st.hands[0][UMBRELLA] == 1 and st.hands[0][CURRENCY] == 1
    assert st.hands[1][CAMERA] == st.hands[1][COAT] == st.hands[1][BOOTS] == 1
    assert st.hands[0][SUNGLASSES] == 1  # the bonus card
    assert st.sizes == [5, 5] and st.turn_player == 1


def test_trade_declined_lets_the_player_choose_again_without_bonus():
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, UMBRELLA]}, draw=[SWIMSUIT, SUNGLASSES])
    _offer(st, 1, [CAMERA], [UMBRELLA])
    play(st, A.NO)
    assert st.ph == P_MAIN and st.actor == 0 and st.turn_player == 0
    assert st.sizes == [2, 2] and len(st.draw) == 2
    play(st, A.DRAW)
    assert st.turn_player == 1


def test_trade_offer_cap_per_turn():
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, UMBRELLA]}, draw=[SWIMSUIT], max_trade_offers=2)
    _offer(st, 1, [CAMERA], [UMBRELLA])
    play(st, A.NO)
    play(st, A.TRADE, A.CANCEL)  # a cancelled offer counts as well
    assert st.ph == P_MAIN and not st.legal_action_mask()[A.TRADE]


def test_trade_accept_only_if_partner_holds_the_asked_cards():
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, UMBRELLA]}, draw=[SWIMSUIT])
    _offer(st, 1, [CAMERA], [UMBRELLA, UMBRELLA])
    mask = st.legal_action_mask()
    assert not mask[A.YES] and mask[A.NO]
    with pytest.raises(IllegalActionError):
        st.apply_action(A.YES)


def test_trade_needs_something_each_way_and_gives_only_held_cards():
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, UMBRELLA]}, draw=[SWIMSUIT])
    play(st, A.TRADE, A.TARGET_BASE)
    mask = st.legal_action_mask()
    assert not mask[A.PROPOSE] and mask[C + CAMERA] and not mask[C + UMBRELLA]
    assert not any(mask[ASK + e] for e in EVENTS)
    play(st, C + CAMERA)
    assert not st.legal_action_mask()[C + CAMERA]  # only one Camera in hand
    assert not st.legal_action_mask()[A.PROPOSE]


def test_trade_offer_is_visible_to_both_sides_hands_stay_hidden():
    st = build_state(num_players=3, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, UMBRELLA], 2: [PASSPORT]},
                     draw=[SWIMSUIT])
    _offer(st, 2, [CAMERA], [BOOTS])
    g = st.game
    for seat in range(3):
        obs = np.zeros(g.observation_size, np.float32)
        st.observation(seat, obs)
        assert obs[OFFSETS["offer_give"] + CAMERA] > 0 and obs[OFFSETS["offer_ask"] + BOOTS] > 0
        assert obs[OFFSETS["offer_from"] + (0 - seat) % 3] == 1
        assert obs[OFFSETS["offer_to"] + (2 - seat) % 3] == 1
    assert st.current_player == 2


def test_only_the_partner_answers_and_rendering_shows_offer():
    st = build_state(num_players=3, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT], 2: [PASSPORT, BOOTS]},
                     draw=[SWIMSUIT])
    _offer(st, 2, [CAMERA], [BOOTS])
    text = st.render_text()
    assert "Offer under negotiation: player 0 -> player 2: gives Camera; asks for Hiking Boots" in text
    assert "Hand of player 2: Hiking Boots, Passport" in text


# ---------------------------------------------------------------- travel and win
def test_travel_worked_example():
    # Norway needs Winter Coat, Umbrella, Guidebook
    hand = [PASSPORT, COAT, UMBRELLA, GUIDEBOOK, CAMERA]
    st = build_state(hands={0: hand, 1: [PASSPORT]}, own=[NORWAY, FRANCE], centre=ITALY, draw=[SWIMSUIT, SUNGLASSES])
    assert st.legal_action_mask()[TRAVEL_OWN]
    play(st, TRAVEL_OWN)
    h = st.hands[0]
    assert h[COAT] == h[UMBRELLA] == h[GUIDEBOOK] == 0
    assert h[PASSPORT] == 1 and h[CAMERA] == 1 and h[SUNGLASSES] == 1  # kept + 1 free card
    assert sorted(st.discard) == sorted([COAT, UMBRELLA, GUIDEBOOK])
    assert st.own_country[0] == -1 and st.home_done[0] and NORWAY in st.completed
    # the hand was shown: the table knows what is left of it (not the free card drawn after)
    assert st.known[0][PASSPORT] == st.known[0][CAMERA] == 1 and sum(st.known[0]) == 2
    assert st.turn_player == 1


def test_travel_needs_passport_and_all_items():
    st = build_state(hands={0: [COAT, UMBRELLA, GUIDEBOOK], 1: [PASSPORT]}, own=[NORWAY, FRANCE], centre=ITALY)
    assert not st.legal_action_mask()[TRAVEL_OWN]
    st = build_state(hands={0: [PASSPORT, COAT, UMBRELLA], 1: [PASSPORT]}, own=[NORWAY, FRANCE], centre=ITALY)
    assert not st.legal_action_mask()[TRAVEL_OWN]


def test_centre_before_own_country_is_rejected():
    # Italy needs Guidebook, Sunglasses, Local Currency
    st = build_state(hands={0: [PASSPORT, GUIDEBOOK, SUNGLASSES, CURRENCY], 1: [PASSPORT]}, own=[NORWAY, FRANCE],
                     centre=ITALY)
    assert not st.legal_action_mask()[TRAVEL_CENTRE]
    with pytest.raises(IllegalActionError, match="travel to centre country"):
        st.apply_action(TRAVEL_CENTRE)


def test_first_to_travel_to_centre_wins():
    st = build_state(hands={0: [PASSPORT, GUIDEBOOK, SUNGLASSES, CURRENCY], 1: [PASSPORT]}, own=[-1, FRANCE],
                     centre=ITALY)
    play(st, TRAVEL_CENTRE)
    assert st.is_terminal and st.winners() == [0] and st.returns() == [1.0, -1.0]
    assert st.scores() == [2.0, 0.0]
    assert "GAME OVER - player 0 wins" in st.render_text()


def test_any_passport_will_do():
    # a passport got by trade works like the own one
    st = build_state(hands={0: [CAMERA, COAT, UMBRELLA, GUIDEBOOK], 1: [PASSPORT, PASSPORT]},
                     own=[NORWAY, FRANCE], centre=ITALY, draw=[SWIMSUIT] * 3)
    _offer(st, 1, [CAMERA], [PASSPORT])
    play(st, A.YES)
    play(st, A.DRAW)  # player 1
    assert st.legal_action_mask()[TRAVEL_OWN]


def test_turn_cap_ends_without_winner():
    st = build_state(hands={0: [PASSPORT], 1: [PASSPORT]}, draw=[CAMERA] * 4, max_turns=3)
    play(st, A.DRAW, A.DRAW)
    assert not st.is_terminal
    play(st, A.DRAW)
    assert st.is_terminal and st.winners() == [] and st.returns() == [-1.0, -1.0]


def test_postcards_only_with_their_extension():
    # a position no game reaches: postcards are in play only with their extension
    st = build_state(hands={0: [PASSPORT] + [POSTCARD] * 3, 1: [PASSPORT]}, draw=[POSTCARD] * 4, beyond_the_box=True)
    play(st, A.DRAW)
    assert not st.is_terminal  # postcards extension off: 4 postcards do nothing


def test_country_table_every_item_in_three_countries():
    from collections import Counter
    c = Counter(t for row in COUNTRY_ITEMS for t in row)
    assert set(c.values()) == {3} and len(c) == 12
    assert len({frozenset(r) for r in COUNTRY_ITEMS}) == 12
    assert all(len(set(r)) == 3 for r in COUNTRY_ITEMS)


def test_one_sided_offers_only_with_their_ruling():
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, UMBRELLA]}, draw=[SWIMSUIT, SUNGLASSES])
    play(st, A.TRADE, A.TARGET_BASE, C + CAMERA)
    assert not st.legal_action_mask()[A.PROPOSE]
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, UMBRELLA]}, draw=[SWIMSUIT, SUNGLASSES],
                     one_sided_trades=True)
    play(st, A.TRADE, A.TARGET_BASE, C + CAMERA, A.PROPOSE, A.YES)  # a gift of 1 card for nothing
    assert st.hands[1][CAMERA] == 1 and st.hands[0][SUNGLASSES] == 1 and st.sizes == [2, 3]


def test_offer_cap_counts_for_the_whole_turn():
    from travel_envs.games.itchy_feet.components import LOUNGE_PASS
    st = build_state(hands={0: [PASSPORT, CAMERA, LOUNGE_PASS], 1: [PASSPORT, UMBRELLA]}, draw=[SWIMSUIT] * 3,
                     max_trade_offers=1, extensions=["special_items"], reactions=False)
    play(st, A.LOUNGE, A.TRADE, A.CANCEL, A.DRAW)
    assert st.turn_player == 0 and st.ph == P_MAIN and not st.legal_action_mask()[A.TRADE]


def test_component_counts_match_the_spec():
    from travel_envs.games.itchy_feet import components as K
    assert len(K.BASE_DRAW_PILE) == 48 and all(K.BASE_DRAW_PILE.count(t) == 4 for t in ITEMS)
    assert K.NUM_PASSPORTS == 6 and K.NUM_COUNTRIES == 12 and K.NUM_CHARACTERS == 6
    sizes = {name: len(cards) for name, cards in K.EXTENSION_CARDS.items()}
    assert sizes == {"events": 4, "special_items": 9, "forbidden_items": 3, "postcards": 6, "characters": 0}
    assert len(set(K.SPECIALS)) == 9 and K.EXTENSION_CARDS["postcards"] == (POSTCARD,) * 6
    assert 48 + sum(sizes.values()) == 70
    assert K.CHARACTER_NAMES[K.SMUGGLER] == "Smuggler" and "Civil Unrest" in K.EVENT_NAMES
    assert K.CARD_NAMES[K.MOUSETRAP] == "Mousetrap" and K.CARD_NAMES[K.MOMS_CARD] == "Mom's Credit Card"
    # capitals are real: Paris-Rome ~1106 km, Canberra-Tokyo ~7950 km
    assert 1090 < DISTANCE_KM[FRANCE][ITALY] < 1120
    assert all(DISTANCE_KM[a][b] == DISTANCE_KM[b][a] > 0 for a in range(12) for b in range(12) if a != b)


# ---------------------------------------------------------------- the action table
def test_every_action_name_parses_back_to_its_id():
    for a in range(A.NUM_ACTIONS):
        assert A.action_from_name(A.action_name(a)) == a
    assert A.action_from_name("  Card   camera ") == C + CAMERA
    assert A.action_from_name("TARGET PLAYER +2") == A.TARGET_BASE + 1
    with pytest.raises(IllegalActionError, match="unknown action name 'fly'"):
        A.action_from_name("fly")
