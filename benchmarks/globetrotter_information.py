"""What hidden cards are worth to Globetrotter's master: diagnostics that peek, never players.

The master (docs/games/globetrotter.md, "Master") compares its options at a draw or a parking by expert
play-outs from deals resampled from its seat's view. The variants below give it hidden facts instead,
to measure how much of its remaining gap each fact holds, and so where an honest player should look
(an inference of the opponents' hands from their play is worth building only if knowing them pays):

  master  the master itself: 12 deals resampled from its seat's view (the honest player)
  hand    the 12 deals keep the opponents' true hands and redraw only the deck order and the generator
  true    every option played out once from the true state (deck order, every hand, the generator),
          where the expert opponent's play is known exactly

Each plays --games seat-rotated 2-player games against the expert, one line per variant with a
Wilson 95% interval. The players peek: they exist only here, no policy spec names them.

    python -m benchmarks.globetrotter_information --games 200 --seed 2005 true
    python -m benchmarks.globetrotter_information --games 200 --seed 2006 --processes 2 hand
"""

from __future__ import annotations

import sys
from typing import Sequence

import numpy as np

from benchmarks.style_sweep import play_line
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


VARIANTS = {"master": MasterPolicy, "hand": TrueHandsMaster, "true": TrueStateMaster}


def main(argv: Sequence[str] | None = None) -> int:
    parser = docstring_parser(__doc__)
    parser.add_argument("--games", type=positive_int, default=200, help="games per variant (seats rotated)")
    parser.add_argument("--seed", type=non_negative_int, default=0, help="seed of the deals and of the players")
    parser.add_argument("--processes", type=positive_int, default=1, help="worker processes")
    parser.add_argument("variants", nargs="+", choices=sorted(VARIANTS), metavar="VARIANT",
                        help=f"one or more of {', '.join(VARIANTS)}")
    args = parser.parse_args(argv)
    for name in args.variants:
        play_line("globetrotter_v0", name, VARIANTS[name](args.seed), "expert", args.games, args.seed, args.processes)
    return 0


if __name__ == "__main__":
    sys.exit(run_cli(main))
