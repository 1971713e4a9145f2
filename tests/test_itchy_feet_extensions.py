"""Itchy Feet extensions and the Steal variant: scenario tests on hand-made states."""

import numpy as np
import pytest

from travel_envs.core.game import IllegalActionError
from travel_envs.games.itchy_feet import GAME
from travel_envs.games.itchy_feet import actions as A
from travel_envs.games.itchy_feet.actions import (P_DISCARD_DOWN, P_FORBID_COMPANION, P_GUIDE_PICK, P_INSURANCE,
                                                  P_JET_DISCARD, P_LUGGAGE, P_MAIN, P_MAP_TARGET, P_MOUSETRAP,
                                                  P_PICK_TARGET, P_RECYCLE_PAY, P_SMUGGLE_TARGET,
                                                  P_STEAL_DISCARD, P_STEAL_TARGET, P_STRIKE, P_TRADE_RESPONSE,
                                                  P_TRADING_POST)
from travel_envs.games.itchy_feet.components import (
    AIRLINE_STRIKE, BACKPACKER, CIVIL_UNREST, COUNTRY_NAMES, DIPLOMAT, DUTY_FREE_DAY, DUTY_FREE_VOUCHER,
    FORBIDDEN, GLOBETROTTER, HIPPIE, ITEMS, JET_SETTER, LOCAL_GUIDE, LOUNGE_PASS, LUGGAGE_MIXUP,
    MOMS_CARD, MOUSETRAP, PASSPORT, PICKPOCKET, POORLY_DRAWN_MAP, POSTCARD, SMUGGLER, TRADING_POST,
    TRAVEL_INSURANCE)
from travel_envs.games.itchy_feet.scenario import build_state

from test_itchy_feet_helpers import play

C = A.CARD_BASE
ASK = A.ASK_BASE
SUNSCREEN, CAMERA, GUIDEBOOK, PHRASEBOOK, BOOTS, SWIMSUIT, UMBRELLA, COAT, ADAPTER, SUNGLASSES, \
    BUGSPRAY, CURRENCY = ITEMS
FRANCE, ITALY, NORWAY, JAPAN = (COUNTRY_NAMES.index(x) for x in ("France", "Italy", "Norway", "Japan"))
FIREWORKS, PET, SEEDS = FORBIDDEN
TRAVEL_OWN = A.travel_action(A.TRAVEL_OWN, 0)
NORWAY_HAND = [PASSPORT, COAT, UMBRELLA, GUIDEBOOK]
ALL = "all"
NOCHAR = dict(characters=[-1, -1, -1, -1, -1, -1])


def b(n=2, **kw):
    """A hand-made state with every extension; reaction windows only where a test asks for them."""
    kw.setdefault("extensions", ALL)
    kw.setdefault("reactions", False)
    if "characters" not in kw:
        kw["characters"] = [-1] * n
    return build_state(num_players=n, **kw)


def offer(st, rel, give, ask):
    play(st, A.TRADE, A.TARGET_BASE + rel - 1, *[C + t for t in give], *[ASK + t for t in ask], A.PROPOSE)


# ---------------------------------------------------------------- events
def test_civil_unrest_replaces_centre_and_drawer_gets_replacement():
    st = b(hands={0: [PASSPORT], 1: [PASSPORT]}, own=[NORWAY, FRANCE], centre=ITALY,
           draw=[SWIMSUIT, CAMERA, CIVIL_UNREST])
    play(st, A.DRAW)
    assert st.centre not in (ITALY, NORWAY, FRANCE) and ITALY in st.away
    assert st.own_country == [NORWAY, FRANCE]  # player countries unaffected
    assert st.hands[0][CAMERA] == 1 and st.discard == [CIVIL_UNREST]  # replaced, event discarded
    assert st.turn_player == 1


def test_airline_strike_every_player_discards_one_in_order():
    st = b(n=3, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, COAT], 2: [FIREWORKS]},
           draw=[BOOTS, AIRLINE_STRIKE])
    play(st, A.DRAW)
    assert st.ph == P_STRIKE and st.actor == 0  # from the drawer, in turn order
    play(st, C + CAMERA)
    assert st.ph == P_STRIKE and st.actor == 1
    assert not st.legal_action_mask()[C + FIREWORKS]
    play(st, C + COAT)
    # player 2 holds only a forbidden item: discards nothing; then the replacement card
    assert st.hands[2][FIREWORKS] == 1 and st.hands[0][BOOTS] == 1
    assert st.turn_player == 1 and st.ph == P_MAIN


def test_lost_luggage_everyone_passes_left_at_once():
    st = b(n=3, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, COAT], 2: [PASSPORT, BOOTS]},
           draw=[SWIMSUIT, LUGGAGE_MIXUP])
    play(st, A.DRAW)
    assert st.ph == P_LUGGAGE and st.actor == 0
    other = st.clone()
    play(st, C + CAMERA)
    play(other, C + PASSPORT)
    # player 0's choice is secret until everyone has chosen: player 1 sees the same either way
    o1, o2 = (np.zeros(st.game.observation_size, np.float32) for _ in range(2))
    st.observation(1, o1)
    other.observation(1, o2)
    assert np.array_equal(o1, o2) and st.hands[0][CAMERA] == 1
    play(st, C + COAT, C + BOOTS)
    assert st.hands[1][CAMERA] == 1 and st.hands[2][COAT] == 1 and st.hands[0][BOOTS] == 1
    assert st.hands[0][SWIMSUIT] == 1  # then the replacement draw


def test_duty_free_day_everyone_draws_from_the_drawer():
    st = b(n=3, hands={0: [PASSPORT], 1: [PASSPORT], 2: [PASSPORT]},
           draw=[CURRENCY, SWIMSUIT, COAT, CAMERA, DUTY_FREE_DAY])
    play(st, A.DRAW)
    assert st.hands[0][CAMERA] == 1 and st.hands[1][COAT] == 1 and st.hands[2][SWIMSUIT] == 1
    assert st.hands[0][CURRENCY] == 1  # the replacement card comes last


def test_event_from_bonus_draw_also_resolves():
    st = b(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, COAT]}, draw=[BOOTS, DUTY_FREE_DAY])
    offer(st, 1, [CAMERA], [COAT])
    play(st, A.YES)
    # the bonus draw reveals the Duty-Free Day: player 0 draws Boots (the last card; the pile is
    # reshuffled from the discard pile = the event itself); player 1 and the replacement find only
    # the event left and are skipped (ruling 12)
    assert st.hands[0][BOOTS] == 1 and st.sizes == [3, 2]
    assert st.draw == [DUTY_FREE_DAY] and st.discard == [] and st.resolving == []


def test_travel_insurance_shields_its_player():
    st = b(n=3, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, COAT, TRAVEL_INSURANCE], 2: [PASSPORT, BOOTS]},
           draw=[SWIMSUIT, AIRLINE_STRIKE], reactions=True, discard=[MOUSETRAP])
    play(st, A.DRAW)
    assert st.ph == P_INSURANCE and st.actor == 0  # every player is asked, from the drawer on
    assert not st.legal_action_mask()[A.YES]
    play(st, A.NO)
    assert st.ph == P_INSURANCE and st.actor == 1  # out of turn
    play(st, A.YES)
    assert st.insured == [False, True, False]
    play(st, C + CAMERA)  # player 0
    assert st.actor == 2
    play(st, C + BOOTS)
    assert st.hands[1][COAT] == 1 and st.hands[1][TRAVEL_INSURANCE] == 0


def test_reactions_off_disables_insurance_and_mousetrap():
    st = b(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, TRAVEL_INSURANCE, MOUSETRAP]},
           draw=[SWIMSUIT, AIRLINE_STRIKE], reactions=False)
    play(st, A.DRAW)
    assert st.ph == P_STRIKE and st.actor == 0


# ---------------------------------------------------------------- special items
def test_mousetrap_cancels_the_announced_action_and_ends_the_turn():
    st = b(hands={0: NORWAY_HAND, 1: [PASSPORT, MOUSETRAP]}, own=[NORWAY, FRANCE], centre=ITALY,
           draw=[SWIMSUIT, CAMERA], reactions=True)
    play(st, TRAVEL_OWN)
    assert st.ph == P_MOUSETRAP and st.current_player == 1 and st.announced == TRAVEL_OWN
    play(st, A.YES)
    assert st.turn_player == 1 and st.ph == P_MAIN
    assert st.own_country[0] == NORWAY and st.hands[0][COAT] == 1  # travel cancelled
    assert st.discard == [MOUSETRAP]
    # the cancelled announcement still told the table what player 0 holds
    assert all(st.known[0][t] == 1 for t in NORWAY_HAND) and st.known[1][MOUSETRAP] == 0


def test_mousetrap_declined_lets_the_action_happen():
    st = b(hands={0: NORWAY_HAND, 1: [PASSPORT, MOUSETRAP]}, own=[NORWAY, FRANCE], centre=ITALY,
           draw=[SWIMSUIT, CAMERA], reactions=True)
    play(st, TRAVEL_OWN, A.NO)
    assert st.own_country[0] == -1 and st.hands[1][MOUSETRAP] == 1


def test_mousetrap_can_stop_a_trade_offer():
    st = b(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, COAT, MOUSETRAP]}, draw=[SWIMSUIT], reactions=True)
    offer(st, 1, [CAMERA], [COAT])
    assert st.ph == P_MOUSETRAP
    play(st, A.YES)
    assert st.turn_player == 1 and st.hands[0][CAMERA] == 1 and st.partner == -1


def test_moms_credit_card_replaces_one_item_not_the_passport():
    st = b(hands={0: [PASSPORT, COAT, UMBRELLA, MOMS_CARD], 1: [PASSPORT]}, own=[NORWAY, FRANCE],
           centre=ITALY, draw=[SWIMSUIT, SUNSCREEN])
    mask = st.legal_action_mask()
    assert mask[A.travel_action(0, 3)] and not mask[A.travel_action(0, 1)] and not mask[TRAVEL_OWN]
    play(st, A.travel_action(0, 3))
    assert st.own_country[0] == -1 and st.hands[0][PASSPORT] == 1 and st.hands[0][MOMS_CARD] == 0
    assert sorted(st.discard) == sorted([COAT, UMBRELLA, MOMS_CARD])
    st = b(hands={0: [COAT, UMBRELLA, GUIDEBOOK, MOMS_CARD], 1: [PASSPORT]}, own=[NORWAY, FRANCE],
           centre=ITALY)
    assert not any(st.legal_action_mask()[A.TRAVEL_BASE:A.TRAVEL_BASE + 8])  # no passport


def test_moms_credit_card_is_not_a_postcard():
    st = b(hands={0: [PASSPORT, POSTCARD, POSTCARD, POSTCARD, MOMS_CARD], 1: [PASSPORT]}, draw=[CAMERA])
    play(st, A.DRAW)
    assert not st.is_terminal


def test_local_guide_top_five_of_the_draw_pile():
    draw = [COAT, BOOTS, UMBRELLA, CAMERA, SWIMSUIT, SUNSCREEN, CIVIL_UNREST]
    st = b(hands={0: [PASSPORT, LOCAL_GUIDE], 1: [PASSPORT]}, draw=draw, discard=[CURRENCY])
    play(st, A.GUIDE)
    assert st.ph == P_GUIDE_PICK
    mask = st.legal_action_mask()
    assert {t for t in range(30) if mask[C + t]} == {UMBRELLA, CAMERA, SWIMSUIT, SUNSCREEN}
    assert not mask[C + CURRENCY] and not mask[C + COAT]  # never the discard pile, only the top 5
    play(st, C + CAMERA)
    assert st.hands[0][CAMERA] == 1 and sorted(st.draw) == sorted([COAT, BOOTS, UMBRELLA, SWIMSUIT, SUNSCREEN,
                                                                   CIVIL_UNREST])
    assert st.discard == [CURRENCY, LOCAL_GUIDE]


def test_local_guide_peek_is_private():
    st = b(hands={0: [PASSPORT, LOCAL_GUIDE], 1: [PASSPORT]}, draw=[COAT, BOOTS])
    play(st, A.GUIDE)
    from travel_envs.games.itchy_feet.encoder import OFFSETS
    o0 = np.zeros(st.game.observation_size, np.float32)
    o1 = np.zeros(st.game.observation_size, np.float32)
    st.observation(0, o0)
    st.observation(1, o1)
    assert o0[OFFSETS["peek"] + COAT] > 0 and o1[OFFSETS["peek"] + COAT] == 0


def test_trading_post_discard_up_to_three_draw_as_many():
    st = b(hands={0: [PASSPORT, TRADING_POST, CAMERA, COAT, FIREWORKS], 1: [PASSPORT]},
           draw=[SWIMSUIT, SUNSCREEN, BOOTS], discard=[CURRENCY])
    play(st, A.POST)
    assert st.ph == P_TRADING_POST and not st.legal_action_mask()[C + FIREWORKS]
    play(st, C + CAMERA, C + COAT, A.CANCEL)
    assert st.hands[0][BOOTS] == st.hands[0][SUNSCREEN] == 1 and st.draw == [SWIMSUIT]
    assert st.hands[0][CURRENCY] == 0 and st.turn_player == 1


def test_trading_post_stops_after_three():
    st = b(hands={0: [PASSPORT, TRADING_POST, CAMERA, COAT, BOOTS], 1: [PASSPORT]},
           draw=[SWIMSUIT, SUNSCREEN, UMBRELLA, ADAPTER])
    play(st, A.POST, C + CAMERA, C + COAT, C + BOOTS)
    assert st.turn_player == 1 and st.sizes[0] == 4 and st.draw == [SWIMSUIT]


def test_poorly_drawn_map_swaps_player_countries_never_the_centre():
    st = b(n=3, hands={0: [PASSPORT, POORLY_DRAWN_MAP], 1: [PASSPORT], 2: [PASSPORT]},
           own=[NORWAY, -1, FRANCE], centre=ITALY)
    play(st, A.MAP)
    assert st.ph == P_MAP_TARGET
    mask = st.legal_action_mask()
    assert not mask[A.TARGET_BASE] and mask[A.TARGET_BASE + 1]  # player 1 has no country in play
    play(st, A.TARGET_BASE + 1)
    assert st.own_country == [FRANCE, -1, NORWAY] and st.centre == ITALY
    st = b(hands={0: [PASSPORT, POORLY_DRAWN_MAP], 1: [PASSPORT]}, own=[-1, FRANCE], centre=ITALY)
    assert not st.legal_action_mask()[A.MAP]  # own country done: only the centre is left


def test_lounge_pass_two_actions():
    st = b(hands={0: [PASSPORT, LOUNGE_PASS], 1: [PASSPORT]}, draw=[SWIMSUIT, SUNSCREEN, BOOTS])
    play(st, A.LOUNGE)
    assert st.ph == P_MAIN and st.actions_left == 2 and not st.legal_action_mask()[A.LOUNGE]
    play(st, A.DRAW)
    assert st.turn_player == 0 and st.ph == P_MAIN
    play(st, A.DRAW)
    assert st.turn_player == 1 and st.hands[0][BOOTS] == st.hands[0][SUNSCREEN] == 1


def test_lounge_pass_only_at_turn_start():
    # the box holds one Lounge Pass: a second copy shows that the rule, not the card, stops it
    st = b(hands={0: [PASSPORT, LOUNGE_PASS, LOUNGE_PASS], 1: [PASSPORT]}, draw=[SWIMSUIT] * 4, beyond_the_box=True)
    play(st, A.LOUNGE, A.DRAW)
    assert not st.legal_action_mask()[A.LOUNGE]


def test_pickpocket_takes_a_random_card():
    st = b(n=3, hands={0: [PASSPORT, PICKPOCKET], 1: [], 2: [COAT]})
    play(st, A.PICK)
    assert st.ph == P_PICK_TARGET
    mask = st.legal_action_mask()
    assert not mask[A.TARGET_BASE] and mask[A.TARGET_BASE + 1]
    play(st, A.TARGET_BASE + 1)
    assert st.hands[0][COAT] == 1 and st.sizes[2] == 0


def test_duty_free_voucher_draws_two():
    st = b(hands={0: [PASSPORT, DUTY_FREE_VOUCHER], 1: [PASSPORT]}, draw=[SWIMSUIT, SUNSCREEN, BOOTS])
    play(st, A.VOUCHER)
    assert st.hands[0][BOOTS] == st.hands[0][SUNSCREEN] == 1 and st.discard == [DUTY_FREE_VOUCHER]


def test_special_items_can_be_recycled():
    st = b(hands={0: [PASSPORT, CAMERA, COAT], 1: [PASSPORT]}, discard=[MOUSETRAP])
    play(st, A.RECYCLE, C + CAMERA, C + COAT, C + MOUSETRAP)
    assert st.hands[0][MOUSETRAP] == 1


# ---------------------------------------------------------------- forbidden items
def test_forbidden_item_blocks_travel():
    st = b(hands={0: NORWAY_HAND + [FIREWORKS], 1: [PASSPORT]}, own=[NORWAY, FRANCE], centre=ITALY)
    assert not st.legal_action_mask()[TRAVEL_OWN]


def test_forbidden_item_discarded_with_one_other_card_uses_the_turn():
    st = b(hands={0: [PASSPORT, FIREWORKS, PET, CAMERA], 1: [PASSPORT]})
    play(st, A.FORBID_BASE + 0)
    assert st.ph == P_FORBID_COMPANION
    mask = st.legal_action_mask()
    assert not mask[C + PET] and not mask[C + FIREWORKS] and mask[C + CAMERA]  # not another forbidden
    play(st, C + CAMERA)
    assert st.discard == [FIREWORKS, CAMERA] and st.turn_player == 1


def test_forbidden_item_needs_another_card():
    st = b(hands={0: [FIREWORKS, PET], 1: [PASSPORT]})
    mask = st.legal_action_mask()
    assert not mask[A.FORBID_BASE] and not mask[A.FORBID_BASE + 1]


def test_forbidden_item_cannot_pay_for_recycle():
    st = b(hands={0: [PASSPORT, FIREWORKS], 1: [PASSPORT]}, discard=[CAMERA])
    assert not st.legal_action_mask()[A.RECYCLE]
    st = b(hands={0: [PASSPORT, FIREWORKS, COAT], 1: [PASSPORT]}, discard=[CAMERA])
    play(st, A.RECYCLE)
    assert st.ph == P_RECYCLE_PAY and not st.legal_action_mask()[C + FIREWORKS]


def test_forbidden_item_not_discarded_for_hand_limit():
    hand = [PASSPORT, FIREWORKS, PET, SEEDS, CAMERA, COAT, BOOTS]
    st = b(hands={0: hand, 1: [PASSPORT]}, draw=[SWIMSUIT])
    play(st, A.DRAW)
    assert st.ph == P_DISCARD_DOWN
    mask = st.legal_action_mask()
    assert not any(mask[C + f] for f in FORBIDDEN) and mask[C + CAMERA]


def test_forbidden_item_can_be_traded():
    st = b(hands={0: [PASSPORT, FIREWORKS], 1: [PASSPORT, COAT]}, draw=[SWIMSUIT])
    offer(st, 1, [FIREWORKS], [COAT])
    play(st, A.YES)
    assert st.hands[1][FIREWORKS] == 1 and st.hands[0][COAT] == 1


# ---------------------------------------------------------------- postcards
def test_four_postcards_win_at_once():
    st = b(hands={0: [PASSPORT, POSTCARD, POSTCARD, POSTCARD], 1: [PASSPORT]}, draw=[POSTCARD])
    play(st, A.DRAW)
    assert st.is_terminal and st.winners() == [0]


def test_four_postcards_win_on_another_players_turn():
    st = b(hands={0: [PASSPORT, POSTCARD], 1: [PASSPORT, POSTCARD, POSTCARD, POSTCARD, CAMERA]},
           draw=[SWIMSUIT])
    offer(st, 1, [POSTCARD], [CAMERA])
    assert st.ph == P_TRADE_RESPONSE
    play(st, A.YES)
    assert st.is_terminal and st.winners() == [1]  # the partner wins during player 0's turn


# ---------------------------------------------------------------- characters
def test_characters_dealt_face_up_and_not_tradeable():
    st = GAME(num_players=6, extensions=["characters"]).new_initial_state(np.random.default_rng(0))
    assert sorted(st.characters) == list(range(6))
    assert all(sum(h) == 4 for h in st.hands)  # characters are not hand cards
    # the action table has no way to offer or ask for a character
    st2 = build_state(num_players=2, hands={0: [PASSPORT, CAMERA], 1: [PASSPORT]}, extensions=["characters"],
                      characters=[SMUGGLER, DIPLOMAT])
    play(st2, A.TRADE, A.TARGET_BASE)
    mask = st2.legal_action_mask()
    assert set(np.flatnonzero(mask[A.CARD_BASE:A.ASK_BASE])) == {CAMERA, PASSPORT}
    assert GAME(num_players=2).new_initial_state(np.random.default_rng(0)).characters == [-1, -1]


def test_smuggler_travels_with_forbidden_items_and_gives_them_away():
    st = build_state(num_players=3, hands={0: NORWAY_HAND + [FIREWORKS], 1: [PASSPORT], 2: [PASSPORT]},
                     own=[NORWAY, FRANCE, JAPAN], centre=ITALY, extensions=ALL, characters=[SMUGGLER, -1, -1],
                     reactions=False)
    mask = st.legal_action_mask()
    assert mask[TRAVEL_OWN] and mask[A.SMUGGLE_BASE + 0]
    play(st, A.SMUGGLE_BASE + 0)
    assert st.ph == P_SMUGGLE_TARGET
    play(st, A.TARGET_BASE + 1)
    assert st.hands[2][FIREWORKS] == 1 and st.hands[0][FIREWORKS] == 0 and st.turn_player == 1


def test_backpacker_hand_limit_eight():
    hand = [PASSPORT, CAMERA, CAMERA, UMBRELLA, COAT, BOOTS, SWIMSUIT]
    st = build_state(hands={0: hand, 1: [PASSPORT]}, draw=[CURRENCY, SUNSCREEN], extensions=["characters"],
                     characters=[BACKPACKER, -1])
    play(st, A.DRAW)
    assert st.sizes[0] == 8 and st.turn_player == 1


def test_hippie_recycles_for_one_card():
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT]}, discard=[COAT], extensions=["characters"],
                     characters=[HIPPIE, -1])
    play(st, A.RECYCLE, C + CAMERA)
    assert st.ph != P_RECYCLE_PAY
    play(st, C + COAT)
    assert st.hands[0][COAT] == 1 and st.sizes[0] == 2


def test_jet_setter_draws_two_keeps_one():
    st = build_state(hands={0: [PASSPORT], 1: [PASSPORT]}, draw=[SUNSCREEN, CAMERA, COAT], extensions=["characters"],
                     characters=[JET_SETTER, -1])
    play(st, A.DRAW)
    assert st.ph == P_JET_DISCARD
    mask = st.legal_action_mask()
    assert {t for t in range(30) if mask[C + t]} == {COAT, CAMERA} and not mask[C + PASSPORT]
    play(st, C + CAMERA)
    assert st.hands[0][COAT] == 1 and st.hands[0][CAMERA] == 0 and st.discard == [CAMERA]


def test_diplomat_draws_bonus_when_trade_with_them_succeeds():
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT, COAT]}, draw=[SUNSCREEN, BOOTS, SWIMSUIT],
                     extensions=["characters"], characters=[-1, DIPLOMAT])
    offer(st, 1, [CAMERA], [COAT])
    play(st, A.YES)
    assert st.hands[0][SWIMSUIT] == 1 and st.hands[1][BOOTS] == 1


def test_globetrotter_travel_draws_two():
    st = build_state(hands={0: NORWAY_HAND, 1: [PASSPORT]}, own=[NORWAY, FRANCE], centre=ITALY,
                     draw=[SUNSCREEN, CAMERA, BOOTS], extensions=["characters"], characters=[GLOBETROTTER, -1])
    play(st, TRAVEL_OWN)
    assert st.hands[0][BOOTS] == st.hands[0][CAMERA] == 1


# ---------------------------------------------------------------- steal variant
def test_steal_off_by_default():
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: [PASSPORT]})
    assert not st.legal_action_mask()[A.STEAL]
    assert GAME(num_players=2).params.steal_action is False


def test_steal_discard_one_take_random_from_chosen_player():
    st = build_state(num_players=3, hands={0: [PASSPORT, CAMERA, FIREWORKS], 1: [COAT], 2: []}, steal_action=True,
                     extensions=["forbidden_items"])
    play(st, A.STEAL)
    assert st.ph == P_STEAL_DISCARD and not st.legal_action_mask()[C + FIREWORKS]
    play(st, C + CAMERA)
    assert st.ph == P_STEAL_TARGET
    mask = st.legal_action_mask()
    assert mask[A.TARGET_BASE] and not mask[A.TARGET_BASE + 1]
    play(st, A.TARGET_BASE)
    assert st.hands[0][COAT] == 1 and st.discard == [CAMERA]
    assert st.turn_player == 1 and st.sizes[1] == 3  # robbed of its only card: empty-hand draw


def test_steal_needs_a_victim_with_cards():
    st = build_state(hands={0: [PASSPORT, CAMERA], 1: []}, steal_action=True)
    assert not st.legal_action_mask()[A.STEAL]
    with pytest.raises(IllegalActionError):
        st.apply_action(A.STEAL)
