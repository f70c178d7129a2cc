"""What the ``picnic`` commands share: seating, variants and rules options, safe text, outcomes."""

from __future__ import annotations

import argparse
import ast
import enum
import types
import typing
import unicodedata
from collections.abc import Callable
from typing import Any

import attrs

from ..agents import agent_names
from ..errors import PicnicError, RulesError
from ..game import AnyGame, Outcome
from ..options_text import rules_form, rules_types

__all__ = [
    "MAX_SHOWN",
    "add_rules_options",
    "agent_list",
    "check_agents",
    "default_agent",
    "format_outcome",
    "format_rules_value",
    "rules_form",
    "rules_types",
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

    A value is written as :func:`format_rules_value` writes it (and ``picnic rules GAME``
    shows it): ``true``/``false``, an integer, a name (``honey``: the game's own spelling,
    any case), or a list of them separated by commas, in brackets or not
    (``round_cards=honey,stomp``, ``foxes=[4,5,6]``).

    Raises :class:`~picnic_rules.PicnicError` for an unknown variant or key, a
    malformed ``KEY=VALUE`` or a value of the wrong type (naming the expected form
    and the allowed names), and :class:`~picnic_rules.RulesError` for a value the
    rules refuse.
    """
    if variant is not None and variant not in game.variants:
        known = ", ".join(game.variants)
        raise PicnicError(f"unknown variant '{safe(variant)}' for {game.name} (variants: {known})")
    rules = game.variants[variant] if variant is not None else None
    if not options:
        return rules
    base = rules if rules is not None else game.Rules()
    fields = {field.name: field for field in attrs.fields(type(base))}
    kinds = rules_types(type(base))
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
        kind = kinds[key]
        value = text.strip()
        if value[:1] in ("[", "(") and value[-1:] != {"[": "]", "(": ")"}[value[:1]]:
            raise PicnicError(
                f"--rules {key}: '{safe(value)}' opens a bracket it does not close "
                "(was the value cut at the end of a line?)"
            )
        try:
            changes[key] = _in_order(_value(text.strip(), kind), getattr(base, key))
        except _Unreadable:
            raise PicnicError(
                f"--rules {key}: expected {rules_form(kind)}, not '{safe(text.strip())}'"
                f" (for example {key}={format_rules_value(getattr(base, key))})"
            ) from None
    try:
        return attrs.evolve(base, **changes)
    except RulesError:
        raise
    except (TypeError, ValueError) as exc:
        raise PicnicError(f"--rules: {safe(exc, 200)}") from None


def _in_order(value: Any, default: Any) -> Any:
    """Names given for an option whose default lists each name once in the enum's order (a
    set, as ``round_cards``), put in that order; any other value as it is."""
    if not (isinstance(value, tuple) and isinstance(default, tuple) and value and default):
        return value
    if not all(isinstance(item, enum.Enum) for item in (*value, *default)):
        return value
    kind: type[enum.Enum] = type(default[0])
    members = list(kind)
    rank = {member: index for index, member in enumerate(members)}
    if list(default) != sorted(set(default), key=rank.__getitem__):
        return value  # the order means something here
    return tuple(sorted(value, key=lambda item: rank.get(item, len(rank))))


class _Unreadable(Exception):
    """A ``--rules`` value that is not of the option's form."""


_MAX_VALUE = 2000
"""The most characters of one ``--rules`` value."""


def _value(text: str, kind: Any) -> Any:
    """The value ``text`` gives an option of type ``kind``; :class:`_Unreadable` if none."""
    if len(text) > _MAX_VALUE:
        raise _Unreadable
    origin = typing.get_origin(kind)
    if origin is tuple:
        items = typing.get_args(kind)
        inner = text
        if inner[:1] + inner[-1:] in ("[]", "()"):
            inner = inner[1:-1]
        parts = [part.strip() for part in inner.split(",")] if inner.strip() else []
        if parts and not parts[-1]:  # a trailing comma
            parts.pop()
        if len(items) == 2 and items[1] is Ellipsis:
            return tuple(_value(part, items[0]) for part in parts)
        if len(parts) != len(items):
            raise _Unreadable
        return tuple(_value(part, item) for part, item in zip(parts, items, strict=True))
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(kind):
            try:
                return _value(text, option)
            except _Unreadable:
                continue
        raise _Unreadable
    if kind is type(None):
        if text.lower() in ("none", "null", ""):
            return None
        raise _Unreadable
    if kind is bool:
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise _Unreadable
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        wanted = _name(text)
        for member in kind:
            if wanted in (_name(str(member)), _name(member.name)):
                return member
        raise _Unreadable
    if kind is int:
        if len(text) > 20:
            raise _Unreadable
        try:
            return int(text)
        except ValueError:
            raise _Unreadable from None
    if kind is float:
        try:
            return float(text)
        except ValueError:
            raise _Unreadable from None
    if kind is str:
        return text
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        raise _Unreadable from None
    if isinstance(kind, type) and not isinstance(value, kind):
        raise _Unreadable
    return value


def _name(text: str) -> str:
    return text.strip().lower().replace("_", "-").replace(" ", "-")


def format_rules_value(value: Any) -> str:
    """``value`` as ``--rules KEY=VALUE`` takes it: ``true``, ``3``, ``honey,stomp``, ``[]``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value)
    if isinstance(value, tuple):
        return ",".join(format_rules_value(item) for item in value) if value else "[]"
    if value is None:
        return "none"
    return str(value)


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
