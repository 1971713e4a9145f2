"""What hidden cards are worth to Globetrotter's master: diagnostics that peek, never players.

The master (docs/games/globetrotter.md, "Master") compares its options at a draw or a parking by expert
play-outs from deals resampled from its seat's view. The variants below give it hidden facts instead,
to measure how much of its remaining gap each fact holds, and so where an honest player should look
(an inference of the opponents' hands from their play is worth building only if knowing them pays):

  master  the master itself: 12 deals resampled from its seat's view (the honest player)
  hand    the 12 deals keep the opponents' true hands and redraw only the deck order and the generator
  true    every option played out once from the true state (deck order, every hand, the generator),
          where the expert opponent's play is known exactly
  deals   not a match: how well the master's deals guess the opponent's hidden cards, at each decision
          it searches where it reads the opponent's last turn: the share of those cards a deal puts
          in the opponent's hand, for uniform deals, for uniform deals that keep the cards the master
          remembers in the Journal (revision 4), for the master's deals (those, agreeing with the
          opponent's last turn), and for uniform deals that keep the true Journal (every card on it was
          seen placed there: what a perfect memory knows, which the resample forgets under ruling J)

Each plays --games seat-rotated 2-player games against the expert, one line per variant with a
Wilson 95% interval (``deals``: the master plays the expert's moves, one line with the four shares). The
players peek: they exist only here, no policy spec names them.

    python -m benchmarks.globetrotter_information --games 200 --seed 2005 true
    python -m benchmarks.globetrotter_information --games 200 --seed 2006 --processes 2 hand
    python -m benchmarks.globetrotter_information --games 20 --seed 2103 deals
"""

from __future__ import annotations

import sys
from typing import Sequence

import numpy as np
from tqdm import tqdm

from benchmarks.style_sweep import play_line
from travel_envs.games.globetrotter import GAME, ExpertPolicy
from travel_envs.games.globetrotter.cardset import cards_of, from_cards
from travel_envs.games.globetrotter.journal_memory import keep_journal
from travel_envs.games.globetrotter.master import ROLLOUTS, MasterPolicy
from travel_envs.tools.cli import docstring_parser, non_negative_int, positive_int, run_cli


class TrueStateMaster(MasterPolicy):
    """The master's roll-out step, each option played out once from the true state (it peeks)."""

    name = "true"
    margin = 1e-9  # the play-outs are the true future against the expert: any lead is real

    def option_values(self, state, options: list[int]) -> np.ndarray:
        seat = state.current_player
        values = np.zeros(len(options))
        for j, action in enumerate(options):
            game = state.clone()  # the true future: same deck, hands and generator
            game.apply_action(action)
            values[j] = self._playout(game, seat)
        return values


class TrueHandsMaster(MasterPolicy):
    """The master whose deals keep the opponents' true hands, redrawing the deck order (it peeks)."""

    name = "hand"

    def option_values(self, state, options: list[int]) -> np.ndarray:
        seat = state.current_player
        total = np.zeros(len(options))
        for _ in range(ROLLOUTS):
            deal = state.clone()
            deal.deck = [deal.deck[i] for i in self.deal_rng.permutation(len(deal.deck)).tolist()]
            deal._rng, deal._rng_seed = None, int(self.deal_rng.integers(2**63))  # a fresh generator
            for j, action in enumerate(options):
                game = deal.clone()
                game.apply_action(action)
                total[j] += self._playout(game, seat)
        return total / ROLLOUTS


class DealProbe(MasterPolicy):
    """The master without play-outs (it plays the expert's moves), scoring its deals against the opponent's
    true hand wherever it reads the opponent's last turn: the share of the opponent's cards unknown to it
    that a deal puts in that hand, for uniform deals, uniform deals keeping what it remembers of the
    Journal, the deals it keeps, and uniform deals keeping the true Journal (it peeks, to score only; the
    true Journal is what a perfect memory knows)."""

    name = "deals"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.decisions = 0
        self.shares = {"uniform": 0.0, "remembered": 0.0, "agreeing": 0.0, "true_journal": 0.0}

    def seed(self, seed: int | None) -> None:
        super().seed(seed)
        self.journal_rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(5)[4])  # beside the master's 4

    def option_values(self, state, options: list[int]) -> np.ndarray:
        seat = state.current_player
        opp = 1 - seat
        hidden = state.hand_bits[opp] & ~state.known_bits[seat][opp]
        if hidden and self.reading(state, seat) is not None:
            def placed(deals) -> float:
                return float(np.mean([(d.hand_bits[opp] & hidden).bit_count() for d in deals])) / hidden.bit_count()

            def remembered():
                deal = state.resample_hidden(seat, self.deal_rng)
                keep_journal(deal, seat, self.journal_memory.known(state, seat))
                return deal

            rng, shares = self.journal_rng, self.shares
            self.decisions += 1
            shares["agreeing"] += placed(self.deals(state, seat))
            shares["uniform"] += placed([state.resample_hidden(seat, self.deal_rng) for _ in range(ROLLOUTS)])
            shares["remembered"] += placed([remembered() for _ in range(ROLLOUTS)])
            true_journal = [_with_true_journal(state.resample_hidden(seat, rng), seat, state.journal, rng)
                            for _ in range(ROLLOUTS)]
            shares["true_journal"] += placed(true_journal)
        return np.zeros(len(options))


def _with_true_journal(deal, seat: int, journal: list[int], rng: np.random.Generator):
    """``deal`` with ``journal`` as its Journal and the other cards hidden from ``seat`` dealt anew uniformly
    into the same places (the opponent's unknown cards, the deck, the discards)."""
    opp = 1 - seat
    known = deal.known_bits[seat][opp]
    unknown = cards_of(deal.hand_bits[opp] & ~known)
    under = set(journal[:-1])
    rest = [c for c in unknown + deal.deck + deal.journal[:-1] + deal.discards if c not in under]
    rest = [rest[i] for i in rng.permutation(len(rest)).tolist()]
    deal.hand_bits[opp] = known | from_cards(rest[: len(unknown)])
    rest = rest[len(unknown) :]
    deal.deck, deal.discards = rest[: len(deal.deck)], rest[len(deal.deck) :]
    deal.journal = list(journal)
    return deal


def deal_line(games: int, seed: int) -> str:
    """Play ``games`` seat-rotated games of the deal probe against the expert; the line of its four shares."""
    probe = DealProbe(seed)
    game = GAME(num_players=2)
    for g in tqdm(range(games), desc="deals", unit="game"):
        state = game.new_initial_state(np.random.default_rng([seed, g]))
        players = [probe, ExpertPolicy([seed, g])][:: 1 if g % 2 == 0 else -1]
        probe.seed([seed, g, 1])
        while not state.is_terminal:
            state.apply_action(players[state.current_player].act(None, state.legal_action_mask(), state))
    if not probe.decisions:
        return f"deals: no decision read in {games} games; play more games"
    share = {name: 100 * total / probe.decisions for name, total in probe.shares.items()}
    return (f"deals: the opponent's hidden cards a deal puts in its hand: uniform {share['uniform']:.1f}%, keeping "
            f"the Journal it remembers {share['remembered']:.1f}%, the master's deals (those, agreeing with the "
            f"opponent's last turn) {share['agreeing']:.1f}%, keeping the true Journal {share['true_journal']:.1f}% "
            f"({probe.decisions} decisions read, {games} games, seed {seed})")


VARIANTS = {"master": MasterPolicy, "hand": TrueHandsMaster, "true": TrueStateMaster, "deals": DealProbe}


def main(argv: Sequence[str] | None = None) -> int:
    parser = docstring_parser(__doc__, prog="python -m benchmarks.globetrotter_information")
    parser.add_argument("--games", type=positive_int, default=200, help="games per variant (seats rotated)")
    parser.add_argument("--seed", type=non_negative_int, default=0, help="seed of the deals and of the players")
    parser.add_argument("--processes", type=positive_int, default=1, help="worker processes")
    parser.add_argument("variants", nargs="+", choices=sorted(VARIANTS), metavar="VARIANT",
                        help=f"one or more of {', '.join(VARIANTS)}")
    args = parser.parse_args(argv)
    for name in args.variants:
        if name == "deals":
            print(deal_line(args.games, args.seed))
            continue
        play_line("globetrotter_v0", name, VARIANTS[name](args.seed), "expert", args.games, args.seed, args.processes)
    return 0


if __name__ == "__main__":
    sys.exit(run_cli(main))
