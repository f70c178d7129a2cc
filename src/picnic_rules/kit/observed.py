"""The common half of an observation's own checks: its seats and whether it shows a move.

An observation arrives from outside (a client document, a forged history), so its class
refuses, when it is built, fields no observation of the game can hold, with
:class:`~picnic_rules.PicnicError`. :func:`check_observed` does what every game's
observation checks alike; the class adds what is about its game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import PicnicError, with_article

__all__ = ["check_observed"]


def check_observed(
    observation: Any,
    game: str,
    move_types: Iterable[type],
    seats: Iterable[str] = ("seat", "actor"),
) -> bool:
    """Refuse an observation whose ``seats`` fields are not seat numbers, that hides the
    cards a seat receives itself (``move`` ``None`` with ``actor == seat``), or whose move
    is not one of ``move_types``; return whether it shows its move.

    >>> import attrs
    >>> @attrs.frozen
    ... class Seen:
    ...     seat: int
    ...     actor: int
    ...     move: object
    >>> check_observed(Seen(0, 1, None), "sandwich", [int])
    False
    >>> check_observed(Seen(0, 0, None), "sandwich", [int])
    Traceback (most recent call last):
    ...
    picnic_rules.errors.PicnicError: a seat sees the cards it receives itself: move cannot be null
    >>> check_observed(Seen(0, -1, 3), "insects", [str])
    Traceback (most recent call last):
    ...
    picnic_rules.errors.PicnicError: an observation's actor is a seat number, not -1
    """
    for name in seats:
        value = getattr(observation, name)
        if type(value) is not int or value < 0:
            raise PicnicError(f"an observation's {name} is a seat number, not {value!r}")
    move = observation.move
    if move is None:
        if observation.actor == observation.seat:
            raise PicnicError("a seat sees the cards it receives itself: move cannot be null")
        return False
    if type(move) not in tuple(move_types):
        raise PicnicError(f"not {with_article(game)} move: {type(move).__name__}")
    return True
