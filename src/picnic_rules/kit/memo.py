"""A function that remembers its answer for the last value it was asked about.

A search asks the same question of one frozen value at every iteration -- the cards a
view cannot see, dealt again for each determinization -- and nothing else in between.
:func:`last_answer` keeps the last argument and its answer, and answers again when it
is given that very object (compared by identity, as a frozen value cannot change and
the one kept cannot be freed and its ``id`` reused): one comparison, where a dictionary
would hash the whole view. An answer that raised is not kept. The argument and its
answer are kept as one pair, replaced whole, so threads asking about different values
never see one's argument with another's answer.

>>> calls = []
>>> @last_answer
... def size(cards: tuple[int, ...]) -> int:
...     calls.append(cards)
...     return sum(cards)
>>> hand = (1, 2, 3)
>>> size(hand), size(hand), size((4,)), size(hand)
(6, 6, 4, 6)
>>> len(calls)
3
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

__all__ = ["last_answer"]

A = TypeVar("A")
R = TypeVar("R")


def last_answer(function: Callable[[A], R]) -> Callable[[A], R]:
    """``function`` of one argument, remembering its answer for the last argument given
    (by identity; see the module's text)."""
    last: list[tuple[object, object]] = [(_NOTHING, None)]  # replaced whole: thread-safe

    @functools.wraps(function)
    def remembered(argument: A) -> R:
        kept = last[0]
        if kept[0] is argument:
            return kept[1]  # type: ignore[return-value]  # the answer kept for it
        answer = function(argument)
        last[0] = (argument, answer)
        return answer

    return remembered


_NOTHING: object = object()
"""What no argument is: nothing is remembered yet."""
