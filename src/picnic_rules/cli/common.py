"""What the ``picnic`` commands share: seating, variants and rules options, outcomes."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..agents import agent_names
from ..errors import PicnicError, shorten
from ..game import AnyGame, Outcome
from ..options_text import format_rules_value, rules_form, rules_from_values, rules_types
from ..registry import BUILTIN

__all__ = [
    "EXAMPLE_GAME",
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
    "seats",
]


EXAMPLE_GAME = BUILTIN[0].rpartition(".")[2]
"""A game's name for the examples of the commands' help: the first built-in game's (the
commands name no game themselves)."""


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
        raise argparse.ArgumentTypeError(f"expected an integer, not '{shorten(text)}'") from None
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
    """The ``Rules`` that ``--variant`` and ``--rules`` name (``None``: the defaults): each
    ``KEY=VALUE`` split in two, the values read by the one reader of rules from outside,
    :func:`~picnic_rules.options_text.rules_from_values` (a value as
    :func:`format_rules_value` writes it and ``picnic rules GAME`` shows it:
    ``true``/``false``, an integer, a name, or a list of them separated by commas, in
    brackets or not: ``round_cards=honey,stomp``, ``foxes=[4,5,6]``).

    Raises :class:`~picnic_rules.PicnicError` for a malformed ``KEY=VALUE`` and
    :class:`~picnic_rules.RulesError` for an unknown variant or key, a value of the wrong
    form (naming the expected form and the allowed names) or one the rules refuse.
    """
    if variant is None and not options:
        return None
    changes: dict[str, str] = {}
    for option in options:
        key, sep, text = option.partition("=")
        if not sep or not key.strip():
            raise PicnicError(f"--rules takes KEY=VALUE, not '{shorten(option)}'")
        changes[key.strip()] = text
    return rules_from_values(game, variant, changes)


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
                f"unknown agent '{shorten(name)}' for {game.name} (available: {', '.join(known)}){hint}"
            )


def agent_list(text: str) -> list[str]:
    """An argparse type: comma-separated agent names."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(
            f"expected comma-separated agent names, not {shorten(text)}"
        )
    return names


def format_outcome(outcome: Outcome | None, game: AnyGame) -> str:
    """``seat 1 wins (three counting sandwiches); scores: 1, 3`` -- the end reason in the
    game's words (:attr:`Game.reason_words <picnic_rules.Game.reason_words>`), no code
    name and no Python repr."""
    if outcome is None:
        return "the game is not over"
    winners = " and ".join(f"seat {seat}" for seat in outcome.winners) or "nobody"
    scores = ", ".join(str(score) for score in outcome.scores)
    verb = "wins" if len(outcome.winners) == 1 else "win"
    reason = game.reason_words.get(outcome.reason, outcome.reason)
    return f"{winners} {verb} ({reason}); scores: {scores}"
