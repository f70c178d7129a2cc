"""What the ``picnic`` commands share: seating, variants and rules options, safe text, outcomes."""

from __future__ import annotations

import argparse
import ast
import unicodedata
from collections.abc import Callable
from typing import Any

import attrs

from ..agents import agent_names
from ..errors import PicnicError, RulesError
from ..game import AnyGame, Outcome

__all__ = [
    "MAX_SHOWN",
    "add_rules_options",
    "agent_list",
    "check_agents",
    "default_agent",
    "format_outcome",
    "positive",
    "non_negative",
    "rules_from",
    "safe",
    "seats",
]

MAX_SHOWN = 80
"""The most characters of any text from a file or the user that a message quotes."""


def safe(text: object, limit: int = MAX_SHOWN) -> str:
    """``text`` fit for a terminal: control characters (escape sequences, new lines) shown
    as ``\\x1b``-style escapes, and at most ``limit`` characters (``...`` marks a cut)."""
    shown = str(text)
    cut = len(shown) > limit
    shown = shown[:limit]
    out = []
    for char in shown:
        if unicodedata.category(char)[0] == "C" and char != " ":
            out.append(char.encode("unicode_escape").decode("ascii"))
        else:
            out.append(char)
    return "".join(out) + ("..." if cut else "")


def positive(text: str) -> int:
    """An argparse type: an int of at least 1."""
    return _int_at_least(text, 1)


def non_negative(text: str) -> int:
    """An argparse type: an int of at least 0."""
    return _int_at_least(text, 0)


def at_most(high: int, expected: str) -> Callable[[str], int]:
    """An argparse type: an int from 0 to ``high``; above it the error says ``expected``
    (``"a port 0 to 65535"``), then the value."""

    def bounded(text: str) -> int:
        value = non_negative(text)
        if value > high:
            raise argparse.ArgumentTypeError(f"expected {expected}, not {value}")
        return value

    return bounded


def _int_at_least(text: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, not '{safe(text)}'") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"expected at least {low}, not {value}")
    return value


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--variant NAME`` and ``--rules KEY=VALUE`` (repeatable) on ``parser``."""
    parser.add_argument(
        "--variant", metavar="NAME", help="a named rules variant (see `picnic rules GAME`)"
    )
    parser.add_argument(
        "--rules",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set one rules option, on top of the variant (repeatable; see `picnic rules GAME`)",
    )


def rules_from(game: AnyGame, variant: str | None, options: list[str]) -> Any:
    """The ``Rules`` that ``--variant`` and ``--rules`` name (``None``: the defaults).

    Raises :class:`~picnic_rules.PicnicError` for an unknown variant or key, a
    malformed ``KEY=VALUE`` or a value of the wrong type, and
    :class:`~picnic_rules.RulesError` for a value the rules refuse.
    """
    if variant is not None and variant not in game.variants:
        known = ", ".join(game.variants)
        raise PicnicError(f"unknown variant '{safe(variant)}' for {game.name} (variants: {known})")
    rules = game.variants[variant] if variant is not None else None
    if not options:
        return rules
    base = rules if rules is not None else game.Rules()
    fields = {field.name: field for field in attrs.fields(type(base))}
    changes: dict[str, Any] = {}
    for option in options:
        key, sep, text = option.partition("=")
        key = key.strip()
        if not sep or not key:
            raise PicnicError(f"--rules takes KEY=VALUE, not '{safe(option)}'")
        if key not in fields:
            raise PicnicError(
                f"unknown rules option '{safe(key)}' for {game.name} (options: {', '.join(fields)})"
            )
        changes[key] = _value(key, text.strip(), type(getattr(base, key)))
    try:
        return attrs.evolve(base, **changes)
    except RulesError:
        raise
    except (TypeError, ValueError) as exc:
        raise PicnicError(f"--rules: {safe(exc, 200)}") from None


def _value(key: str, text: str, kind: type) -> Any:
    """The value ``text`` gives the option ``key`` whose default is of type ``kind``."""
    if kind is bool:
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise PicnicError(f"--rules {key}: expected true or false, not '{safe(text)}'")
    if kind is int:
        try:
            if len(text) > 20:
                raise ValueError
            return int(text)
        except ValueError:
            raise PicnicError(f"--rules {key}: expected an integer, not '{safe(text)}'") from None
    try:
        value = ast.literal_eval(text) if len(text) <= 200 else None
    except (ValueError, SyntaxError):
        value = None
    if not isinstance(value, kind):
        raise PicnicError(f"--rules {key}: expected a {kind.__name__}, not '{safe(text)}'")
    return value


def seats(game: AnyGame, agents: list[str] | None, players: int | None) -> list[str]:
    """The agent name of each seat: ``agents`` as given, or the computer then random players."""
    if agents is None:
        count = players if players is not None else max(2, game.min_players)
        agents = [default_agent(game)] + ["random"] * (count - 1)
    elif players is not None and players != len(agents):
        raise PicnicError(f"--players {players} but {len(agents)} agents were named")
    game.check_players(len(agents))
    check_agents(game, agents)
    return agents


def default_agent(game: AnyGame) -> str:
    """The agent that plays a seat nobody named: the game's computer, else random."""
    return "computer" if "computer" in game.agents else "random"


def check_agents(game: AnyGame, names: list[str], *, people: bool = True) -> None:
    """Refuse a name :func:`~picnic_rules.agents.make_agent` does not know for ``game``;
    with ``people=False``, also the human agent (people take seats with ``--seat``)."""
    known = [name for name in agent_names(game) if people or name != "human"]
    for name in names:
        if name not in known:
            hint = "; people take seats with --seat" if name == "human" else ""
            raise PicnicError(
                f"unknown agent '{safe(name)}' for {game.name} (available: {', '.join(known)}){hint}"
            )


def agent_list(text: str) -> list[str]:
    """An argparse type: comma-separated agent names."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected comma-separated agent names, not {safe(text)}")
    return names


def format_outcome(outcome: Outcome | None) -> str:
    """``seat 1 wins (three-sandwiches); scores: 1, 3`` -- no Python reprs."""
    if outcome is None:
        return "the game is not over"
    winners = " and ".join(f"seat {seat}" for seat in outcome.winners) or "nobody"
    scores = ", ".join(str(score) for score in outcome.scores)
    verb = "wins" if len(outcome.winners) == 1 else "win"
    return f"{winners} {verb} ({outcome.reason}); scores: {scores}"
