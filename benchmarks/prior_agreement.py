"""How often a search led by a rule-based prior plays that prior's move: whether its strength is its own.

A search with a root bias (``bias=W:prior=P``) favours the move its prior names and leaves it only when
its statistics clearly prefer another. At a firm bias it may never leave it: then it plays as its prior
does, and its results against other players are the prior's (Globetrotter's default search plays its
expert's moves, and beats the heuristic as the expert does, but cannot beat the expert). This plays
seeded games of the search against an opponent (seats rotated, 2 players), asks the search at each of its
decisions with a choice, and counts how often its move is the one its prior named, by phase.

    python -m benchmarks.prior_agreement --env globetrotter_v0 --spec mcts --games 4
    python -m benchmarks.prior_agreement --env globetrotter_v0 --spec mcts:prior=master --games 4
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from travel_envs.agents.base import reseed_policy


class _Recorder:
    """The prior, passed through, remembering the move it named last: so that each search's move can be
    compared with the move its bias favoured, which the search does not report."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.last: int | None = None

    def act(self, observation, action_mask, state=None) -> int:
        self.last = int(self.inner.act(observation, action_mask, state))
        return self.last

    def seed(self, seed: int | None) -> None:
        reseed_policy(self.inner, seed)  # the search reseeds its prior: reach the prior, not this wrapper

    def __getattr__(self, name: str):
        return getattr(self.inner, name)


def agreement(env_id: str, spec: str, opponent: str, games: int, seed: int, progress=None) -> dict[str, Counter]:
    """``{"agree": Counter(phase), "leave": Counter(phase)}`` over the search's decisions with a choice."""
    import numpy as np

    from travel_envs.agents.base import policy_action
    from travel_envs.agents.mcts import MCTSPolicy
    from travel_envs.agents.registry import make_policy
    from travel_envs.core.game import ParameterError
    from travel_envs.core.registry import make_raw_env

    game = make_raw_env(env_id, num_players=2).game
    buf = np.zeros(game.observation_size, np.float32)
    counts = {"agree": Counter(), "leave": Counter()}
    for g in range(games):
        search = make_policy(spec, env_id, seed=seed + 2 * g)
        if not isinstance(search, MCTSPolicy) or search._prior_policy is None:
            raise ParameterError(f"--spec {spec!r} is not a search with a root prior in {env_id}; give an mcts "
                                 f"spec whose bias is above 0 (e.g. mcts:bias=4:prior=heuristic)")
        prior = search._prior_policy = _Recorder(search._prior_policy)
        other = make_policy(opponent, env_id, seed=seed + 2 * g + 1)
        state = game.new_initial_state(np.random.default_rng([seed, g]))
        mine = g % 2
        while not state.is_terminal:
            player = search if state.current_player == mine else other
            prior.last = None  # stays None where the search is not asked (a single legal move)
            action = policy_action(player, state, buf)
            if player is search and prior.last is not None:
                counts["agree" if action == prior.last else "leave"][state.phase] += 1
            state.apply_action(action)
        if search._prior_policy is not prior:
            raise RuntimeError("the search rebuilt its prior during the game: its moves were not recorded")
        if progress is not None:
            progress(1)
    return counts


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks.prior_agreement", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", required=True, help="env id, e.g. globetrotter_v0")
    p.add_argument("--spec", default="mcts", help="the search, an mcts spec with a root prior (default: mcts)")
    p.add_argument("--opponent", default="mcts", help="the policy in the other seat (default: mcts)")
    p.add_argument("--games", type=int, default=4, help="games, seats rotated (default 4)")
    p.add_argument("--seed", type=int, default=0)
    return p.parse_args(argv)


def run(argv=None) -> str:
    """Play the games ``argv`` asks for and print the table of agreements by phase."""
    from training.match_cli import games_bar
    from travel_envs.core.game import ParameterError

    args = parse_args(argv)
    if args.games < 1:
        raise ParameterError(f"--games={args.games} is not allowed; it must be an integer >= 1")
    with games_bar(args.games, "games") as bar:
        counts = agreement(args.env, args.spec, args.opponent, args.games, args.seed, bar.update)
    agree, leave = counts["agree"], counts["leave"]
    rows = [f"## {args.spec} against {args.opponent}, {args.env}, {args.games} games (seed {args.seed})\n",
            "| phase | decisions | the prior's move | another move |", "|---|---|---|---|"]
    for phase in sorted(set(agree) | set(leave)):
        rows.append(f"| {phase} | {agree[phase] + leave[phase]} | {agree[phase]} | {leave[phase]} |")
    rows.append(f"| all | {sum(agree.values()) + sum(leave.values())} | {sum(agree.values())} | "
                f"{sum(leave.values())} |")
    print(text := "\n".join(rows))
    return text


def main(argv=None) -> int:
    """Exit code 0, or 2 with one message for bad input (argparse's own errors exit 2 too)."""
    from travel_envs.tools.cli import run_cli

    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
