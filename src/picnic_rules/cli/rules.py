"""Print a game's rules options, its named variants and its agents.

Each option is printed as ``--rules`` takes it (``round_cards=second-wind,stomp,...``),
with the form its value takes and, for named things, the names allowed. Every line fits
80 columns: a long one breaks after a space or a comma and goes on indented. A value too
long for one line is printed in brackets (``round_cards=[second-wind,...,planner,`` then
``head-start]``), so that a first line copied alone is refused (the bracket is not closed)
instead of silently leaving out what the next line holds; a variant's options are
separated by ``;`` and never broken."""

from __future__ import annotations

import argparse
import re
from typing import TextIO

import attrs

from ..agents import agent_names
from ..registry import get_game
from .common import EXAMPLE_GAME, format_rules_value, rules_form, rules_types

__all__ = ["HELP", "add_arguments", "run"]

HELP = "print a game's rules options and variants"
"""The line ``picnic --help`` shows for this command."""

WIDTH = 80
"""The columns every line fits in."""


def wrap(text: str, indent: str, *, width: int = WIDTH, commas: bool = True) -> list[str]:
    """``text`` in lines of at most ``width`` columns (unless one piece is longer), broken
    after a space or (with ``commas``) a comma; the lines after the first start with
    ``indent``.

    >>> wrap("  round_cards=second-wind,stomp,honey", "      ", width=28)
    ['  round_cards=second-wind,', '      stomp,honey']
    """
    lines, line = [], ""
    for piece in re.split(r"(?<=[, ])" if commas else r"(?<= )", text):
        if line.strip() and len((line + piece).rstrip()) > width:
            lines.append(line.rstrip())
            line = indent + piece.lstrip()
        else:
            line += piece
    return [*lines, line.rstrip()]


def _joined(head: str, pieces: list[str], sep: str, indent: str) -> list[str]:
    """``head`` then ``pieces`` separated by ``sep``, in lines of at most :data:`WIDTH`
    columns (unless one piece is longer), never breaking a piece.

    >>> _joined("  v: ", ["a=1,2", "b=3"], "; ", "    ")
    ['  v: a=1,2; b=3']
    """
    lines, line = [], head
    for number, piece in enumerate(pieces):
        text = piece + (sep.rstrip() if number < len(pieces) - 1 else "")
        if line.strip() != head.strip() and len(line) + len(text) > WIDTH:
            lines.append(line.rstrip())
            line = indent
        line += text + " "
    return [*lines, line.rstrip()]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument("game", metavar="GAME", help=f"the game's name, e.g. {EXAMPLE_GAME}")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Print the options (with their defaults), the variants and the agents."""
    game = get_game(args.game)
    lines = [f"{game.name}: {game.title}, {game.min_players}-{game.max_players} players", ""]
    lines.append("rules options, as --rules KEY=VALUE takes them (the defaults):")
    default = game.Rules()
    kinds = rules_types(type(default))
    for field in attrs.fields(type(default)):
        shown = f"  {field.name}={format_rules_value(getattr(default, field.name))}"
        form = f"({rules_form(kinds[field.name])})"
        if len(shown) + len(form) + 2 <= WIDTH:
            lines.append(f"{shown}  {form}")
        elif len(shown) <= WIDTH:
            lines += [shown, *wrap(f"      {form}", "       ")]
        else:  # in brackets: a first line copied alone does not close them
            value = format_rules_value(getattr(default, field.name))
            bracketed = f"  {field.name}=[{value}]"
            lines += [*wrap(bracketed, "      "), *wrap(f"      {form}", "       ")]
    lines += ["", "variants:"]
    for name, rules in game.variants.items():
        changed = [
            f"{field.name}={format_rules_value(getattr(rules, field.name))}"
            for field in attrs.fields(type(rules))
            if getattr(rules, field.name) != getattr(default, field.name)
        ]
        lines += _joined(f"  {name}: ", changed or ["(the defaults)"], "; ", "      ")
    bots = [name for name in agent_names(game) if name != "human"]
    lines += ["", f"agents: {', '.join(bots)} (people take seats with `picnic play --seat`)"]
    print("\n".join(lines), file=out)
    return 0
