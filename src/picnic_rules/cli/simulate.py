"""Play many games between agents and print statistics."""

from __future__ import annotations

import argparse
import concurrent.futures
from typing import TextIO

from ..registry import get_game
from ..simulate import simulate
from .common import add_rules_options, non_negative, positive, rules_from, seats

__all__ = ["HELP", "add_arguments", "run"]

HELP = "play many games and print statistics"
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
    parser.add_argument(
        "-n",
        "--games",
        type=non_negative,
        default=100,
        metavar="N",
        help="number of games (default: 100)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, metavar="S", help="game i uses seed S+i (default: 0)"
    )
    parser.add_argument("--rotate", action="store_true", help="rotate the seats from game to game")
    parser.add_argument(
        "--jobs", type=positive, default=1, metavar="J", help="worker processes (default: 1)"
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Simulate and print the summary."""
    game = get_game(args.game)
    agents = seats(game, args.agents, args.players)
    rules = rules_from(game, args.variant, args.rules)
    if args.jobs > 1:
        with concurrent.futures.ProcessPoolExecutor(args.jobs) as executor:
            summary = simulate(
                game,
                agents,
                args.games,
                seed=args.seed,
                rules=rules,
                executor=executor,
                rotate=args.rotate,
            )
    else:
        summary = simulate(
            game, agents, args.games, seed=args.seed, rules=rules, rotate=args.rotate
        )
    print(summary.format(), file=out)
    return 0
