"""Play one game and print its moves."""

from __future__ import annotations

import argparse
from typing import TextIO

from .. import codec
from ..agents import make_agent
from ..match import play
from ..registry import get_game
from .common import add_rules_options, positive, rules_from, seats
from .replay import print_moves

__all__ = ["HELP", "add_arguments", "run"]

HELP = "play one game and print its moves"
"""The line ``picnic --help`` shows for this command."""


def _agents_list(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected comma-separated agent names, not {text!r}")
    return names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument("game", metavar="GAME", help="the game's name, e.g. sandwich")
    parser.add_argument(
        "--agents",
        type=_agents_list,
        metavar="A,B,...",
        help="agent names, one per seat (default: computer, then random in the other seats)",
    )
    parser.add_argument(
        "--players", type=positive, metavar="P", help="number of seats (default: 2)"
    )
    add_rules_options(parser)
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the seed (default: 0)")
    parser.add_argument("--json", action="store_true", help="print the record as JSON instead")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Play and print the moves (or the record as JSON)."""
    game = get_game(args.game)
    agents = seats(game, args.agents, args.players)
    record = play(
        game,
        [make_agent(game, name) for name in agents],
        seed=args.seed,
        rules=rules_from(game, args.variant, args.rules),
    )
    if args.json:
        print(codec.dumps(record), file=out)
        return 0
    print(
        f"{game.title}: " + ", ".join(f"seat {i} {name}" for i, name in enumerate(agents)), file=out
    )
    print_moves(game, record, out)
    return 0
