"""The checks of what players read: 'describe', 'render' and 'move-group'.

``describe(view, observation)`` must give one non-empty line for every
observation (the view is the observer's, before the move);
``describe_move(view, move)`` one non-empty line for every legal move of the
seat to act, the same for its view computed twice -- and, where the game uses
the kit's default (:func:`picnic_rules.kit.describe_move`, which describes the
move's observation in a state determinized from the view), the same words in
the real state and in other determinizations, or they would show the seat a
made-up card;
``render(view)`` and ``render(view, markup=True)`` a non-empty text for every
seat's view (the markup of one seat's a step, when `rich
<https://rich.readthedocs.io>`_ is installed, must parse as rich console
markup); ``move_group`` a pair of
strings for every legal move, no two of them alike, so that a click
interface built with :meth:`~picnic_rules.Game.group_moves` offers every move.
None of them may raise.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

from ..codec.limits import check_description
from ..game import GenericPart
from ..typevars import M, R, S, V
from .text import notation, short

if TYPE_CHECKING:
    from .context import Context

__all__ = [
    "DETERMINIZATIONS",
    "groups",
    "move_sentences",
    "pictures",
    "public_sentence",
    "sentence",
]


def sentence(
    checker: Context[S, V, M, R], state: S, before: V, obs: Any, seat: int, move: M
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
    if not _one_line(text):
        checker.fail(
            "describe",
            f"describe(view of seat {seat}, observe(state, {notation(move)!r}, {seat})) "
            f"is {short(text, 300)}, not one line of plain text ({_why(text)})\n"
            f"  observation: {short(obs)}",
            state,
        )
    checker.ok()


_YOU = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)


def public_sentence(
    checker: Context[S, V, M, R],
    state: S,
    move: M,
    befores: list[Any],
    observations: list[Any],
) -> None:
    """``describe_public`` (the sentence told to no seat, a spectator's) is one line that
    says "you" to nobody and is the same from every seat shown no more of ``move`` than the
    others: the seats it is hidden from (an observation's ``move`` of ``None``) if there
    are any, else every seat -- so it cannot tell a spectator a card one of them holds.
    ``befores`` and ``observations`` are each seat's view before the move and its
    observation of it."""
    blind = [seat for seat, obs in enumerate(observations) if getattr(obs, "move", True) is None]
    told: dict[int, Any] = {}
    for seat in blind or range(len(observations)):
        call = f"describe_public(view of seat {seat}, observe(state, {notation(move)!r}, {seat}))"
        text = checker.call(
            "describe", call, state, checker.game.describe_public, befores[seat], observations[seat]
        )
        if not _one_line(text):
            checker.fail(
                "describe", f"{call} is {short(text, 300)}, not one line ({_why(text)})", state
            )
        if _YOU.search(text):
            checker.fail(
                "describe",
                f'{call} is {short(text, 300)}: a spectator\'s sentence says "you" to nobody '
                "(every seat in the third person)",
                state,
            )
        told[seat] = text
    if len(set(told.values())) > 1:
        shown = "; ".join(f"from seat {seat}: {short(text, 200)}" for seat, text in told.items())
        checker.fail(
            "describe",
            f"describe_public of {notation(move)!r} depends on the seat it is told from "
            f"(a seat's own cards in a spectator's words?): {shown}",
            state,
        )
    checker.ok()


DETERMINIZATIONS = (1, 2)
"""The seeds of the determinizations in which the kit's default ``describe_move`` must
give the words it gives in ``determinize(view, Random(0))``."""


def _one_line(text: object) -> bool:
    """A sentence a client can show as it is: the codec's rule for descriptions (one line
    of plain text, no control or format character, at most ``MAX_DESCRIPTION`` long)."""
    return type(text) is str and check_description(text) is None


def _why(text: object) -> str:
    return check_description(text) or "" if type(text) is str else f"a {type(text).__name__}"


def move_sentences(checker: Context[S, V, M, R], state: S, seat: int, legal: tuple[M, ...]) -> None:
    """``describe_move(view, move)`` of every legal move of ``seat``, the seat to act, is one
    non-empty line, the same for the view computed twice; with the kit's default, the
    same as ``describe`` of the move's observation in the real state and in
    ``determinize(view, Random(seed))`` for each seed of :data:`DETERMINIZATIONS`."""
    game = checker.game
    view, again = (
        checker.call("describe", f"view(state, {seat})", state, game.view, state, seat)
        for _ in range(2)
    )
    elsewhere: list[tuple[str, Any]] = []
    if isinstance(game.describe_move, GenericPart):
        elsewhere.append(("the real state", state))
        for seed in DETERMINIZATIONS:
            where = f"determinize(view(state, {seat}), Random({seed}))"
            det = checker.call(
                "describe", where, state, game.determinize, view, random.Random(seed)
            )
            elsewhere.append((where, det))
    for move in legal:
        call = f"describe_move(view(state, {seat}), {notation(move)!r})"
        text = checker.call("describe", call, state, game.describe_move, view, move)
        if not _one_line(text):
            checker.fail(
                "describe",
                f"{call} is {short(text, 300)}, not one line of plain text ({_why(text)})",
                state,
            )
        repeated = checker.call("describe", call, state, game.describe_move, again, move)
        if repeated != text:
            checker.fail(
                "describe",
                f"{call} gave two different answers for one view: {short(text, 300)}, "
                f"then {short(repeated, 300)}",
                state,
            )
        for where, other in elsewhere:
            observed = f"observe({where}, {notation(move)!r}, {seat})"
            obs = checker.call("describe", observed, state, game.observe, other, move, seat)
            said = checker.call(
                "describe",
                f"describe(view(state, {seat}), {observed})",
                state,
                game.describe,
                view,
                obs,
            )
            if said != text:
                checker.fail(
                    "describe",
                    f"the words of {notation(move)!r} depend on cards seat {seat} cannot see: "
                    f"the kit's describe_move gives {short(text, 300)} (its observation in "
                    f"determinize(view, Random(0))), but its observation in {where} gives "
                    f"{short(said, 300)}; the game must define its own describe_move(view, "
                    f"move), words that show nothing the view hides",
                    state,
                )
    checker.ok(len(legal))


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


def pictures(checker: Context[S, V, M, R], state: S) -> None:
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


def groups(checker: Context[S, V, M, R], state: S, legal: tuple[M, ...]) -> None:
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
