"""The observation check ('observations'): every seat follows the game by ``update`` alone.

At the new game each seat's followed view is its view of the state. After
every move played, each seat's followed view becomes ``update(followed,
observe(state, move, seat))``, and it must equal ``view(apply(state, move),
seat)``. Since the followed view equalled ``view(state, seat)`` one move
earlier, this checks the contract's property ``update(view(s, k),
observe(s, m, k)) == view(apply(s, m), k)`` on the move played -- and shows
that an app at a real table, knowing only its own seat's cards, can follow a
whole game. At the expensive steps the property is checked for every legal
move as well. The same calls feed the 'describe' check (:mod:`.words`) and,
when the codec knows the document kinds, the codec checks of observations
and client updates (:mod:`.documents`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..typevars import M, R, S, V
from . import documents, words
from .text import notation, short

if TYPE_CHECKING:
    from .context import Context

__all__ = ["differences", "every_move", "observe", "played", "start"]


def differences(a: object, b: object) -> str:
    """The fields in which two values of one attrs class differ, for a failure message.

    >>> import attrs
    >>> @attrs.frozen
    ... class Seen:
    ...     hand: int
    ...     deck: int
    >>> differences(Seen(1, 2), Seen(1, 3))
    'deck'
    >>> differences(1, 2)
    'the whole value'
    """
    if type(a) is not type(b) or not attrs.has(type(a)):
        return "the whole value"
    cls: Any = type(a)
    names = [f.name for f in attrs.fields(cls) if getattr(a, f.name) != getattr(b, f.name)]
    return ", ".join(names) or "nothing a field shows"


def start(checker: Context[S, V, M, R], state: S) -> None:
    """Each seat's followed view begins as its view of the new game ``state``."""
    if checker.on("observations"):
        game = checker.game
        checker.followed = [
            checker.call("observations", f"view(new game, {seat})", state, game.view, state, seat)
            for seat in range(checker.players)
        ]


def observe(checker: Context[S, V, M, R], check: str, state: S, move: M, seat: int) -> Any:
    """``observe(state, move, seat)``, failing ``check`` unless it is the game's Observation."""
    game = checker.game
    text = notation(move)
    obs = checker.call(
        check, f"observe(state, {text!r}, {seat})", state, game.observe, state, move, seat
    )
    if type(obs) is not game.Observation:
        checker.fail(
            check,
            f"observe(state, {text!r}, {seat}) returned a {type(obs).__name__}, "
            f"not the game's {game.Observation.__name__}: {short(obs)}",
            state,
        )
    return obs


def _followed(
    checker: Context[S, V, M, R], state: S, move: M, new: S, seat: int, before: V, obs: Any
) -> V:
    """``update(before, obs)``, which must be seat ``seat``'s view of ``new``."""
    game = checker.game
    text = notation(move)
    after = checker.call(
        "observations",
        f"update(view of seat {seat}, observe(state, {text!r}, {seat}))",
        state,
        game.update,
        before,
        obs,
    )
    expected = checker.call("observations", f"view(next state, {seat})", new, game.view, new, seat)
    if after != expected:
        checker.fail(
            "observations",
            f"seat {seat} cannot follow the game by update alone: after {text!r}, "
            f"update(view(state, {seat}), observe(state, {text!r}, {seat})) differs from "
            f"view(apply(state, {text!r}), {seat}) in {differences(after, expected)}\n"
            f"  observation:  {short(obs, 600)}\n"
            f"  update gives: {short(after, 1500)}\n"
            f"  the view is:  {short(expected, 1500)}",
            state,
        )
    checker.observations += 1
    return after


def played(checker: Context[S, V, M, R], state: S, move: M, new: S, deep: bool) -> None:
    """The move played in ``state`` (an expensive step when ``deep``): each seat's
    observation updates its followed view to its view of ``new``; each observation gets a
    sentence; at an expensive step one seat's, in turn, goes through the codec."""
    follow, describe = checker.on("observations"), checker.on("describe")
    rotating = checker.step % checker.players
    coded = deep and documents.has_kind("observation")
    if not (follow or describe or coded):
        return
    game = checker.game
    check = "observations" if follow else "describe" if describe else "codec"
    followed = checker.followed
    assert followed is not None or not follow, "observations.start was not called"
    befores: list[Any] = []
    seen: list[Any] = []
    for seat in range(checker.players):
        obs = observe(checker, check, state, move, seat)
        if followed is not None:
            before = followed[seat]
        else:
            before = checker.call(check, f"view(state, {seat})", state, game.view, state, seat)
        befores.append(before)
        seen.append(obs)
        if describe:
            words.sentence(checker, state, before, obs, seat, move)
        if followed is not None:
            followed[seat] = _followed(checker, state, move, new, seat, before, obs)
            checker.ok()
        if coded and seat == rotating:
            what = f"the observation of {notation(move)!r} by seat {seat}"
            documents.check_object(checker, obs, what, state)
            documents.check_update(checker, new, seat, (obs,), before)
    if describe:
        words.public_sentence(checker, state, move, befores, seen)


def every_move(checker: Context[S, V, M, R], state: S, legal: tuple[M, ...]) -> None:
    """Every legal move (an expensive step): the property for every seat, and a sentence
    for every seat's observation."""
    follow, describe = checker.on("observations"), checker.on("describe")
    if not (follow or describe) or not legal:
        return
    game = checker.game
    check = "observations" if follow else "describe"
    views = [
        checker.call(check, f"view(state, {seat})", state, game.view, state, seat)
        for seat in range(checker.players)
    ]
    for move in legal:
        child = checker.call(
            check, f"apply(state, {notation(move)!r})", state, game.apply, state, move
        )
        for seat, before in enumerate(views):
            obs = observe(checker, check, state, move, seat)
            if describe:
                words.sentence(checker, state, before, obs, seat, move)
            if follow:
                _followed(checker, state, move, child, seat, before, obs)
    checker.ok(len(legal))
