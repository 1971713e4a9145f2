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

from travel_envs.games.globetrotter.heuristic import ExpertPolicy
from travel_envs.games.globetrotter.master import ROLLOUTS, MasterPolicy
from travel_envs.tools.cli import docstring_parser, non_negative_int, positive_int, run_cli


class TrueStateMaster(MasterPolicy):
    """The master's roll-out step, each option played out once from the true state (it peeks)."""

    name = "true"

    def act(self, observation, action_mask, state=None) -> int:
        choice = ExpertPolicy.act(self, observation, action_mask, state)
        options = self.options(state, np.asarray(action_mask, dtype=bool), choice)
        if len(options) < 2:
            return choice
        seat = state.current_player
        values = []
        for action in options:
            game = state.clone()  # the true future: same deck, hands and generator
            game.apply_action(action)
            values.append(self._playout(game, seat))
        best = int(np.argmax(values))
        return options[best] if values[best] > values[options.index(choice)] + 1e-9 else choice


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
    from tqdm import tqdm

    from travel_envs.evaluation.arena import versus

    for name in args.variants:
        with tqdm(total=args.games, unit="game", desc=name, leave=False, disable=None) as bar:
            res = versus("globetrotter_v0", VARIANTS[name](args.seed), "expert", args.games, seed=args.seed,
                         processes=args.processes, names=[name, "expert"], progress=bar.update)
        row = res.summary(0)
        won = row["wins"] + 0.5 * row["draws"]
        print(f"{name}: {won:g} / {args.games} = {100 * won / args.games:.1f}% "
              f"[{100 * row['ci_low']:.1f}, {100 * row['ci_high']:.1f}] against expert", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(run_cli(main))
