"""Words for players: :func:`describe` says what a move did, as one seat saw it.

:func:`move_group` sorts moves for a click interface: tap a card, then a target.
"""

from __future__ import annotations

from .moves import Ant, Discard, Draw, End, Fly, Move, Play
from .observe import Observation
from .state import View

__all__ = ["describe", "move_group"]


def move_group(move: Move) -> tuple[str, str]:
    """The card a click interface offers first for ``move``, then its target.

    A card is named as in notation (``"jelly"``, ``"ant"``), a target as a
    sandwich (``"0"`` for the player's own sandwich 0, ``"new"`` for a new
    sandwich, ``"1.2"`` for seat 1's sandwich 2 under a fly, ``"1.0 to 2"``
    for an ant's steal), ``"discard"`` for a discard. ``end`` is its own
    group with the empty target; a chance draw is ``("draw", card)``.

    >>> from picnic_rules.sandwich import Play, Ant, Card
    >>> move_group(Play(Card.JELLY, 0)), move_group(Ant(1, 0, 2))
    (('jelly', '0'), ('ant', '1.0 to 2'))
    """
    if isinstance(move, Play):
        return str(move.card), "new" if move.onto is None else str(move.onto)
    if isinstance(move, Ant):
        return "ant", f"{move.seat}.{move.sandwich} to {move.onto}"
    if isinstance(move, Fly):
        return "fly", f"{move.seat}.{move.sandwich}"
    if isinstance(move, Discard):
        return str(move.card), "discard"
    if isinstance(move, Draw):
        return "draw", str(move.card)
    if isinstance(move, End):
        return "end", ""
    raise TypeError(f"not a sandwich move: {move!r}")


def describe(v: View, observation: Observation) -> str:
    """A sentence for players: what ``observation``'s move did, as seat ``v.player`` saw it."""
    return str(observation.move)  # replaced by the full wording


def render(v: View, *, markup: bool = False) -> str:
    """A text picture of view ``v``."""
    return repr(v)  # replaced by the full picture
