"""Print a game's rules options, its named variants and its agents."""

from __future__ import annotations

import argparse
from typing import TextIO

import attrs

from ..agents import agent_names
from ..registry import get_game

__all__ = ["HELP", "add_arguments", "run"]

HELP = "print a game's rules options and variants"
"""The line ``picnic --help`` shows for this command."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument("game", metavar="GAME", help="the game's name, e.g. sandwich")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the options (with their defaults), the variants and the agents."""
    game = get_game(args.game)
    print(f"{game.name}: {game.title}, {game.min_players}-{game.max_players} players", file=out)
    print("", file=out)
    print("rules options (defaults):", file=out)
    default = game.Rules()
    for field in attrs.fields(type(default)):
        print(f"  {field.name} = {getattr(default, field.name)!r}", file=out)
    print("", file=out)
    print("variants:", file=out)
    for name, rules in game.variants.items():
        changed = [
            f"{field.name}={getattr(rules, field.name)!r}"
            for field in attrs.fields(type(rules))
            if getattr(rules, field.name) != getattr(default, field.name)
        ]
        print(f"  {name}: {', '.join(changed) or '(the defaults)'}", file=out)
    print("", file=out)
    bots = [name for name in agent_names(game) if name != "human"]
    print(f"agents: {', '.join(bots)} (people take seats with `picnic play --seat`)", file=out)
    return 0
