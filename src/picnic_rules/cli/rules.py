"""Print a game's rules options, its named variants and its agents.

Each option is printed as ``--rules`` takes it (``round_cards=second-wind,stomp,...``),
with the form its value takes and, for named things, the names allowed."""

from __future__ import annotations

import argparse
from typing import TextIO

import attrs

from ..agents import agent_names
from ..registry import get_game
from .common import format_rules_value, rules_form, rules_types

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
    print("rules options, as --rules KEY=VALUE takes them (the defaults):", file=out)
    default = game.Rules()
    kinds = rules_types(type(default))
    for field in attrs.fields(type(default)):
        shown = f"{field.name}={format_rules_value(getattr(default, field.name))}"
        form = rules_form(kinds[field.name])
        if len(shown) + len(form) + 6 <= 88:
            print(f"  {shown}  ({form})", file=out)
        else:
            print(f"  {shown}\n      ({form})", file=out)
    print("", file=out)
    print("variants:", file=out)
    for name, rules in game.variants.items():
        changed = [
            f"{field.name}={format_rules_value(getattr(rules, field.name))}"
            for field in attrs.fields(type(rules))
            if getattr(rules, field.name) != getattr(default, field.name)
        ]
        print(f"  {name}: {', '.join(changed) or '(the defaults)'}", file=out)
    print("", file=out)
    bots = [name for name in agent_names(game) if name != "human"]
    print(f"agents: {', '.join(bots)} (people take seats with `picnic play --seat`)", file=out)
    return 0
