"""The library's error for an agent called with arguments of the wrong kind.

An agent is called as ``agent(view, legal_moves, rng)`` (:class:`~picnic_rules.Agent`).
The library's own agents take :func:`checked_call` on their ``__call__``: an ``rng``
that is not a ``random.Random`` or a ``view`` that is not the game's (another game's, a
state) is refused before the agent runs -- an agent need not fail on them to answer
wrongly -- and a call that fails is looked at again: if ``legal_moves`` was empty or not
a sequence, the caller gets a :class:`~picnic_rules.PicnicError` saying so, instead of
the ``AttributeError`` or ``IndexError`` from inside the agent (a ``try`` costs nothing
in CPython 3.11 until it catches); a call whose arguments were right re-raises what it
raised.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..errors import PicnicError, class_name, kind_of, not_a_random, with_article

__all__ = ["argument_problem", "checked_call"]

_Call = TypeVar("_Call", bound=Callable[..., Any])


def argument_problem(
    view_class: type | None, view: object, legal_moves: object, rng: object
) -> str | None:
    """What is wrong with the arguments of an agent's call, or ``None`` if nothing is.

    ``view_class`` is the game's ``View`` (``None``: any view, as the random agent
    ignores it).

    >>> argument_problem(None, None, ("end",), 42)
    'an agent draws from a random.Random (random.Random(seed)), not an int'
    >>> argument_problem(None, None, (), random.Random(0))
    'an agent chooses among the legal moves, and there are none: ask it only when a seat is to act'
    """
    if isinstance(legal_moves, str | bytes) or not isinstance(legal_moves, Sequence):
        return (
            "an agent chooses among the legal moves (game.legal_moves(state)), "
            f"not {kind_of(legal_moves)}"
        )
    if not legal_moves:
        return (
            "an agent chooses among the legal moves, and there are none: "
            "ask it only when a seat is to act"
        )
    if not isinstance(rng, random.Random):
        return not_a_random("an agent", rng)
    if view_class is not None and type(view) is not view_class:
        wanted = with_article(class_name(view_class))
        return f"this agent takes {wanted} (game.view(state, seat)), not {kind_of(view)}"
    return None


def checked_call(view_class: type | None = None) -> Callable[[_Call], _Call]:
    """Decorate an agent's ``__call__(self, view, legal_moves, rng)``: a call that fails
    with arguments of the wrong kind raises :class:`~picnic_rules.PicnicError` naming
    them (:func:`argument_problem`). ``view_class`` is the game's ``View``; without it,
    an agent holding its ``game`` (``self.game``) checks against that game's."""

    def decorate(call: _Call) -> _Call:
        @functools.wraps(call)
        def checked(self: Any, view: Any, legal_moves: Any, rng: Any) -> Any:
            expected = view_class
            if expected is None:
                expected = getattr(getattr(self, "game", None), "View", None)
            if not isinstance(rng, random.Random) or (
                expected is not None and type(view) is not expected
            ):  # two cheap tests first: neither need make the agent fail to be wrong
                raise PicnicError(str(argument_problem(expected, view, legal_moves, rng)))
            try:
                return call(self, view, legal_moves, rng)
            except Exception:
                problem = argument_problem(expected, view, legal_moves, rng)
                if problem is None:
                    raise
                raise PicnicError(problem) from None

        return checked  # type: ignore[return-value]

    return decorate
