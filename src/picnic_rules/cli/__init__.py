"""The ``picnic`` command line: ``play``, ``replay``, ``review``, ``simulate``, ``rules`` and
``serve``.

::

    picnic play sandwich --seat 0 --vs computer        # a game in the terminal
    picnic simulate sandwich -n 1000 --jobs 2          # computer (seat 0) vs random
    picnic replay game.json --seat 1                   # a record, as seat 1 saw it
    picnic review game.json --seat 1                   # ... with its decisions rated
    picnic rules sandwich
    picnic serve --port 8000                           # the sandwich game in the browser
    picnic --version

Each command is a module of this package with ``add_arguments(parser)`` and
``run(args, out) -> int``. Errors -- an unknown game, agent, variant or rules
option, a malformed value, a corrupt record -- are one line on stderr,
``picnic: error: ...``, with exit status 2; Ctrl-C ends any command with exit
status 130 and no traceback, except ``serve``, which Ctrl-C stops normally (0).
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TextIO

import picnic_rules

from ..errors import PicnicError, shorten
from . import play, replay, review, rules, serve, simulate

__all__ = ["main"]

COMMANDS: dict[str, ModuleType] = {
    "play": play,
    "replay": replay,
    "review": review,
    "simulate": simulate,
    "rules": rules,
    "serve": serve,
}
"""Every command by name, in the order ``picnic --help`` lists them."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="picnic", description="Play, replay and simulate the picnic_rules games."
    )
    parser.add_argument("--version", action="version", version=f"picnic {picnic_rules.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, module in COMMANDS.items():
        sub = commands.add_parser(
            name, help=module.HELP, description=(module.__doc__ or module.HELP).splitlines()[0]
        )
        module.add_arguments(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``picnic`` command with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error (argparse printed it)
        return exc.code if isinstance(exc.code, int) else 2
    run: Callable[[argparse.Namespace, TextIO], int] = COMMANDS[args.command].run
    try:
        return run(args, sys.stdout)
    except PicnicError as exc:
        print(f"picnic: error: {shorten(exc, 400)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("picnic: interrupted", file=sys.stderr)
        return 128 + signal.SIGINT
    except BrokenPipeError:  # `picnic replay ... | head`
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
