"""``python -m travel_envs.tools.journal FILE``: the games an evaluation journal holds so far.

Follows a long ``python -m training.evaluate ... --journal FILE`` while it runs (or after a kill):
per match, each policy's sole wins with a Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import os
import sys

from travel_envs.core.game import ParameterError
from travel_envs.evaluation.journal import summary
from travel_envs.tools.cli import run_cli


def run(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m travel_envs.tools.journal", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("journal", help="a journal file written by python -m training.evaluate --journal FILE")
    args = parser.parse_args(argv)
    if not os.path.isfile(args.journal):
        raise ParameterError(f"journal {args.journal!r} does not exist; give the --journal file of an evaluation")
    print(summary(args.journal))


def main(argv: list[str] | None = None) -> int:
    """Exit code 0, or 2 with one message for bad input."""
    return run_cli(run, argv)


if __name__ == "__main__":
    sys.exit(main())
