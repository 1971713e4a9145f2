"""travel-play: play a game in the terminal against policies.

    travel-play --env trek_v0 --opponents heuristic
    travel-play --env itchy_feet_v0 --opponents heuristic random --seat 1 --param extensions=all

The screen shows the table as your seat may see it (never another seat's hidden
cards), then your legal moves numbered 1, 2, 3, ... Answer with a number or with
the beginning of a move's name (enough of it to name one move); `?` shows the
help, `q` quits. The other seats' moves are printed as they happen, as far as
your seat can see them. At the end: the scores, the winner and the replay file
(for travel-replay). Input is read line by line from standard input, so a game
can be scripted (end of input = quit).
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence, TextIO

import numpy as np

from travel_envs import replay as R
from travel_envs.agents.base import policy_action
from travel_envs.core.game import GameState

from . import cli
from .view import move_seen_by
from .watch import check_replay_folder, save_replay

HELP = """Commands:
  a number         play the move with that number
  a name prefix    play the move whose name starts with it (case does not matter;
                   it must fit one move only, e.g. "dr" for "draw")
  ?                this help and the list of moves again
  q                quit (the game is not saved)"""


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="travel-play", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", help="env id, e.g. trek_v0 (optional when a model opponent's run folder names it)")
    p.add_argument("--opponents", nargs="+", required=True, metavar="POLICY",
                   help="one per other seat: random, heuristic, expert, mcts:N, or a model path")
    p.add_argument("--seat", type=cli.non_negative_int, default=0, help="your seat (default 0; seat 0 usually starts)")
    p.add_argument("--seed", type=cli.non_negative_int, help="deal seed (default: a random one, printed)")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="game parameter, repeatable; values are JSON (3, true, [\"events\"]) or plain text")
    p.add_argument("--save-replay", metavar="DIR", default="replays",
                   help="folder for the replay of the finished game (default: replays)")
    p.add_argument("--name", default="human", help="your name in the replay (default: human)")
    return p.parse_args(argv)


def choose(answer: str, names: list[str]) -> int | str:
    """The index of the move ``answer`` names (a 1-based number or an unambiguous name prefix),
    or a message saying why it names none."""
    if answer.isdigit():
        k = int(answer)
        return k - 1 if 1 <= k <= len(names) else f"no move {k}: choose 1..{len(names)}"
    low = answer.lower()
    exact = [i for i, n in enumerate(names) if n.lower() == low]
    hits = exact if len(exact) == 1 else [i for i, n in enumerate(names) if n.lower().startswith(low)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        return f"no move starts with {answer!r}; type its number or ? for help"
    shown = ", ".join(f"{i + 1}: {names[i]}" for i in hits[:8]) + (" ..." if len(hits) > 8 else "")
    return f"{answer!r} fits {len(hits)} moves ({shown}); type more of the name or the number"


def ask_move(state: GameState, seat: int, inp: TextIO) -> int | None:
    """Show the seat's view and its moves, read until a move is chosen; None = quit / end of input."""
    legal = state.legal_actions()
    names = [state.action_to_string(a) for a in legal]
    print()
    print(state.observation_text(seat))
    print(f"Your move (P{seat}, phase {state.phase}):")
    listing = "\n".join(f"  {i + 1:>3}. {n}" for i, n in enumerate(names))
    print(listing)
    while True:
        print("> ", end="", flush=True)
        line = inp.readline()
        if not line:
            print("\n(end of input: quitting)")
            return None
        answer = line.strip()
        if not answer:
            continue
        if answer.lower() in ("q", "quit"):
            return None
        if answer == "?":
            print(HELP)
            print(listing)
            continue
        got = choose(answer, names)
        if isinstance(got, int):
            return legal[got]
        print(got)


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    args = parse_args(argv)
    check_replay_folder(args.save_replay)
    inp = stdin or sys.stdin
    env, params = cli.resolve_env(args.env, args.opponents, cli.parse_params(args.param))
    n = 1 + len(args.opponents)
    game = cli.build_game(env, params, n)
    me = cli.check_seat(args.seat, game)
    seed = cli.pick_seed(args.seed)
    specs = list(args.opponents)
    specs.insert(me, args.name)
    opponents = cli.build_policies(env, args.opponents, game, seed)
    players = list(opponents)
    players.insert(me, None)
    rec = R.new_replay(env, game, seed, specs)
    state = R.initial_state(game, seed)
    state.observation_text(me)  # a game without a seat's view stops here, before any move
    print(f"{env}, {n} players, seed {seed}; you are P{me}. "
          + ", ".join(cli.seat_label(s, specs) for s in range(n) if s != me) + ". Type ? for help.")
    obs = np.zeros(game.observation_size, np.float32)
    limit = getattr(type(game), "max_decisions", 100_000)
    while not state.is_terminal and len(rec.moves) < limit:
        seat = state.current_player
        if seat == me:
            action = ask_move(state, me, inp)
            if action is None:
                print(f"You quit after {len(rec.moves)} decisions; the game is not saved.")
                return 0
            print(f"You: {state.action_to_string(action)}")
        else:
            action = policy_action(players[seat], state, obs, role="opponent")
            print(f"{cli.seat_label(seat, specs)}: {move_seen_by(state, action, me)}")
        rec.moves.append(R.Move(seat, action, state.action_to_string(action)))
        state.apply_action(action)
    R.finish(rec, state)
    print()
    print(state.observation_text(me))
    print("Game over.")
    for line in cli.result_lines(rec.scores, rec.winners, specs, rec.truncated):
        print(line)
    if me in rec.winners:
        print("You win!" if len(rec.winners) == 1 else "You share the win!")
    print(f"replay: {save_replay(rec, args.save_replay, f'{env}_seed{seed}')}")
    return 0


def entry() -> int:
    return cli.run_cli(main)


if __name__ == "__main__":
    sys.exit(entry())
