"""The checks of what players read: 'describe', 'render' and 'move-group'.

``describe(view, observation)`` must give one non-empty line for every
observation (the view is the observer's, before the move);
``render(view)`` and ``render(view, markup=True)`` a non-empty text for every
seat's view (the markup of one seat's a step, when `rich
<https://rich.readthedocs.io>`_ is installed, must parse as rich console
markup); ``move_group`` a pair of
strings for every legal move, no two of them alike, so that a click
interface built with :meth:`~picnic_rules.Game.group_moves` offers every move.
None of them may raise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from .text import notation, short

if TYPE_CHECKING:
    from .checker import Checker

__all__ = ["groups", "pictures", "sentence"]

S = TypeVar("S")
V = TypeVar("V")
M = TypeVar("M")
R = TypeVar("R")


def sentence(
    checker: Checker[S, V, M, R], state: S, before: V, obs: Any, seat: int, move: M
) -> None:
    """``describe(before, obs)`` is one non-empty line."""
    text = checker.call(
        "describe",
        f"describe(view of seat {seat}, observe(state, {notation(move)!r}, {seat}))",
        state,
        checker.game.describe,
        before,
        obs,
    )
    if type(text) is not str or not text.strip() or "\n" in text or "\r" in text:
        checker.fail(
            "describe",
            f"describe(view of seat {seat}, observe(state, {notation(move)!r}, {seat})) "
            f"is {short(text, 300)}, not one non-empty line\n  observation: {short(obs)}",
            state,
        )
    checker.ok()


def _markup_error(text: str) -> str | None:
    """Why ``text`` is not rich console markup, or None (also when rich is not installed)."""
    try:
        from rich.errors import MarkupError
        from rich.markup import render
    except ImportError:  # pragma: no cover - rich is optional
        return None
    try:
        render(text)
    except MarkupError as exc:
        return str(exc)
    return None


def pictures(checker: Checker[S, V, M, R], state: S) -> None:
    """``render`` of every seat's view, plain and with markup, is a non-empty text; one
    seat's markup a step, in turn, is parsed."""
    game = checker.game
    parsed = checker.step % checker.players
    for seat in range(checker.players):
        v = checker.call("render", f"view(state, {seat})", state, game.view, state, seat)
        for markup in (False, True):
            call = f"render(view(state, {seat}), markup={markup})"
            text = checker.call("render", call, state, game.render, v, markup=markup)
            if type(text) is not str or not text.strip():
                checker.fail("render", f"{call} is {short(text, 300)}, not a non-empty text", state)
            error = _markup_error(text) if markup and seat == parsed else None
            if error is not None:
                checker.fail("render", f"{call} is not rich markup: {error}\n{text[:1500]}", state)
        checker.ok()


def groups(checker: Checker[S, V, M, R], state: S, legal: tuple[M, ...]) -> None:
    """``move_group`` gives each legal move a pair of strings, and no two moves the same pair."""
    game = checker.game
    seen: dict[tuple[str, str], M] = {}
    for move in legal:
        text = notation(move)
        pair = checker.call("move-group", f"move_group({text!r})", state, game.move_group, move)
        if type(pair) is not tuple or len(pair) != 2 or not all(type(p) is str for p in pair):
            checker.fail(
                "move-group", f"move_group({text!r}) is {short(pair)}, not a (str, str) pair", state
            )
        other = seen.setdefault(pair, move)
        if other != move:
            checker.fail(
                "move-group",
                f"move_group gives {notation(other)!r} and {text!r} the same group {pair!r}: "
                f"a click interface would offer only one of them",
                state,
            )
    checker.ok()
