"""A move as the game lists it: the one place a look-alike becomes the listed move.

``apply`` must treat a move that compares equal to a legal move (``Draw(4.0)``
for ``Draw(4)``) exactly as the listed move, and refuse anything else with
:class:`~picnic_rules.IllegalMove` -- an ill-typed move saying which field is
wrong. A game whose ``apply`` looks its moves up in ``legal_moves`` calls
:func:`listed` first. A value of none of the game's move classes (a str, an object
that compares equal to everything) never reaches it through the game's record: the
kit's ``apply`` refuses it first, the same in every game
(:func:`picnic_rules.kit.gates.not_a_move`).

>>> import attrs
>>> @attrs.frozen
... class Draw:
...     card: int
>>> listed((Draw(3), Draw(4)), Draw(4.0), "keep-or-swap")
Draw(card=4)
>>> listed((Draw(3),), Draw("x"), "keep-or-swap")
Traceback (most recent call last):
...
picnic_rules.errors.IllegalMove: illegal move "Draw(card='x')": not a move of keep-or-swap: its card is 'x', not an int
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalMove
from ..typecheck import ill_typed
from ..typevars import M

__all__ = ["listed"]


def listed(legal: Sequence[M], move: object, game: str) -> M:
    """The member of ``legal`` equal to ``move``; :class:`~picnic_rules.IllegalMove` if
    none is (``not legal now``, or ``not a move of GAME: ...`` for an ill-typed move)."""
    try:
        return legal[legal.index(move)]
    except Exception:  # not listed, or a value that cannot even be compared
        problem = ill_typed(move)
        why = "not legal now" if problem is None else f"not a move of {game}: {problem}"
        raise IllegalMove(move, why) from None
