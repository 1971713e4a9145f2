"""The master remembers the cards it saw placed in the Travel Journal (revision 4, issue #23).

Every card under the Journal's top was played face up; the memory follows them from public facts only (the
cards played, each seat's last turn, the Journal's top and size) and forgets them when the deck runs out and
the Journal goes back into it. Its deals keep those cards in the Journal instead of dealing them into hands
(travel_envs/games/globetrotter/journal_memory.py)."""

import numpy as np
import pytest

from test_globetrotter_memory import expert_game
from test_globetrotter_sim import check_invariants
from travel_envs.games.globetrotter import GAME, ExpertPolicy, MasterPolicy
from travel_envs.games.globetrotter import actions as A
from travel_envs.games.globetrotter import master as master_module
from travel_envs.games.globetrotter.cardset import cards_of, from_cards
from travel_envs.games.globetrotter.journal_memory import JournalMemory, keep_journal
from travel_envs.games.globetrotter.scenario import build_state


def remembered(n: int, seed: int, seat: int = 0):
    """(state, what ``seat`` knows of the Journal) at each of its decisions in a game of experts."""
    memory = JournalMemory()
    for st, _ in expert_game(n, seed):
        if st.to_act == seat and st.journal:
            yield st, memory.known(st, seat)
            memory.remember(st, seat, np.random.default_rng(0))


@pytest.mark.parametrize("n, seed", [(4, 87), (5, 74)])
def test_in_a_tie_break_it_follows_only_the_tie_breaks_turns(n, seed):
    """Games whose tie-break reshuffled the Journal after a seat's final-round turns: each seat remembers only
    cards still there (a first version read the final round's last turns as if they had just been played)."""
    memory, tie_break = JournalMemory(), 0
    for st, _ in expert_game(n, seed):
        seat = st.to_act
        if st.journal:
            assert memory.known(st, seat) & ~from_cards(st.journal) == 0
            memory.remember(st, seat, np.random.default_rng(0))
            tie_break += bool(st.tiebreak)
    assert tie_break


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_what_it_remembers_lies_in_the_journal_and_is_most_of_it(n):
    under = covered = reshuffles = 0
    last = None
    for g in range(12):
        for st, known in remembered(n, 300 + 10 * n + g):
            journal = from_cards(st.journal)
            assert known & ~journal == 0, "a card remembered in the Journal is not there"
            assert known >> st.journal[-1] & 1
            under += len(st.journal) - 1
            covered += known.bit_count() - 1
            if last is not None and last[0] == st.round and len(st.deck) > last[1]:
                reshuffles += 1  # the deck grew within a round: the Journal went into it
            last = (st.round, len(st.deck))
    assert covered >= 0.9 * under
    if n == 2:
        assert reshuffles > 0  # the games pass through rule 7, which the memory must follow


def test_it_reads_only_public_facts():
    """Built on the true states or on redeals of them, the memory knows the same cards."""
    true, redealt = JournalMemory(), JournalMemory()
    checked = 0
    for st, _ in expert_game(2, 41):
        if st.to_act == 0 and st.journal:
            other = st.resample_hidden(0, np.random.default_rng(checked))
            assert true.known(st, 0) == redealt.known(other, 0)
            true.remember(st, 0, np.random.default_rng(0))
            redealt.remember(other, 0, np.random.default_rng(0))
            checked += 1
    assert checked > 50


def test_a_record_of_another_game_is_not_followed():
    memory = JournalMemory()
    first = next(st for st, _ in expert_game(2, 51) if st.to_act == 0 and len(st.journal) > 3)
    memory.remember(first, 0, np.random.default_rng(0))
    for st, _ in expert_game(2, 52):
        if st.to_act == 0 and st.journal:
            assert memory.known(st, 0) & ~from_cards(st.journal) == 0


def test_a_deal_keeps_the_remembered_cards_in_the_journal():
    kept = 0
    for st, known in remembered(2, 61):
        if len(st.journal) < 4:
            continue
        deal = st.resample_hidden(0, np.random.default_rng(kept))
        keep_journal(deal, 0, known)
        assert known & ~from_cards(deal.journal) == 0
        assert deal.hand_bits[0] == st.hand_bits[0] and deal.hand_size == st.hand_size
        assert deal.journal[-1] == st.journal[-1] and len(deal.journal) == len(st.journal)
        assert all(deal.known_bits[0][q] & ~deal.hand_bits[q] == 0 for q in range(2))
        check_invariants(deal, deal.pos, deal.round)
        kept += 1
    assert kept > 20


def test_what_another_seat_knows_of_a_hand_follows_the_card_moved_out_of_it():
    """Seat 1 knows a card in seat 2's hand (it saw it drawn, ruling L) where seat 0 sees nothing: a deal for
    seat 0 that moves that card into the Journal leaves seat 1 knowing a card seat 2 still holds."""
    st = build_state(3, hands=[[20, 21, 22, 23, 24], [30, 31, 32, 33, 34], [40, 41, 42, 43, 44]],
                     journal=[1, 8, 9], start=1, cur=0,
                     last_turn=[[], [A.PLAY + 8, A.END_TURN], [A.PLAY + 9, A.END_TURN]],
                     known=[[[], [], []], [[], [], [40]], [[], [], []]])
    known = JournalMemory().known(st, 0)
    assert cards_of(known) == [8, 9]
    moved = 0
    for r in range(100):
        deal = st.resample_hidden(0, np.random.default_rng(r))
        before = deal.known_bits[1][2]
        keep_journal(deal, 0, known)
        assert 8 in deal.journal[:-1] and deal.journal[-1] == 9 and len(deal.journal) == 3
        assert all(deal.known_bits[o][q] & ~deal.hand_bits[q] == 0 for o in range(3) for q in range(3))
        type(deal).from_dict(deal.game, deal.to_dict())  # a deal the engine accepts
        moved += before != deal.known_bits[1][2]
    assert moved


def test_a_wrong_memory_moves_no_card_out_of_the_open_or_the_own_hand():
    st, known = next((s, k) for s, k in remembered(2, 71) if len(s.journal) > 3 and s.hand_size[0] > 0)
    own = cards_of(st.hand_bits[0])[0]
    deal = st.resample_hidden(0, np.random.default_rng(0))
    keep_journal(deal, 0, known | 1 << own)
    assert deal.hand_bits[0] >> own & 1 and own not in deal.journal


def test_the_masters_deals_keep_what_it_remembers(monkeypatch):
    monkeypatch.setattr(master_module, "ROLLOUTS", 2)
    st = GAME(num_players=2).new_initial_state(np.random.default_rng(81))
    master, other = MasterPolicy(81), MasterPolicy(82)
    checked = 0
    while not st.is_terminal and checked < 5:
        if st.to_act == 0 and len(st.journal) > 3:
            known = master.journal_memory.known(st, 0)
            if known.bit_count() > 2:
                for deal in master.deals(st, 0):
                    assert known & ~from_cards(deal.journal) == 0
                checked += 1
        player = master if st.to_act == 0 else other
        st.apply_action(player.act(None, st.legal_action_mask(), st))
    assert checked == 5


def test_overruled_its_memories_follow_the_moves_played(monkeypatch):
    """Asked at every decision but overruled (the expert's move is played, as a search it leads may do), the master
    still knows most of the Journal and still reads the opponent's last turns: its memories follow the moves
    played, not its own choices (revision 5; before, each overruled choice made it forget)."""
    monkeypatch.setattr(master_module, "ROLLOUTS", 2)
    under = covered = starts = read = overruled = 0
    for g in range(3):
        st = GAME(num_players=2).new_initial_state(np.random.default_rng(90 + g))
        master, played, other = MasterPolicy(g), ExpertPolicy(g), ExpertPolicy(g + 10)
        while not st.is_terminal:
            mask = st.legal_action_mask()
            if st.to_act == 0:
                begins = st.phase_id == A.TURN and not st.turn_actions
                if len(st.journal) > 1:
                    under += len(st.journal) - 1
                    covered += master.journal_memory.known(st, 0).bit_count() - 1
                choice, action = master.act(None, mask, st), played.act(None, mask, st)
                overruled += choice != action
                if begins:
                    starts += 1
                    read += master.readings[0][2] is not None
            else:
                action = other.act(None, mask, st)
            st.apply_action(action)
    assert overruled > 3
    assert covered >= 0.9 * under and read >= 0.7 * starts
