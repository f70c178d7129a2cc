"""What each seat learns from a move (:func:`observe`) and how its view follows (:func:`update`).

Every move of the ants game is public, chance's landings included, so an
:class:`Observation` is the move itself and ``update`` applies it:
``update(view(s, k), observe(s, m, k)) == view(apply(s, m), k)``.
"""

from __future__ import annotations

import attrs

from ..errors import IllegalMove, PicnicError
from .engine import apply
from .moves import MOVE_TYPES, Move
from .state import State, View
from .values import proper

__all__ = ["Observation", "observe", "update"]


@attrs.frozen
class Observation:
    """What seat :attr:`seat` learns from one move: the move itself.

    Building one checks it: :class:`~picnic_rules.PicnicError` for a seat that is not a
    non-negative int or a move that is not an ants move.
    """

    seat: int
    """The seat that observes."""
    move: Move
    """The move (every move is public)."""

    def __attrs_post_init__(self) -> None:
        if type(self.seat) is not int or self.seat < 0:
            raise PicnicError(f"an observation's seat is a seat number, not {self.seat!r}")
        if type(self.move) not in MOVE_TYPES:
            raise PicnicError(f"not an ants move: {type(self.move).__name__}")


def observe(state: State, move: Move, seat: int) -> Observation:
    """What seat ``seat`` learns when ``move`` is made in ``state``: the move.

    Raises :class:`~picnic_rules.IllegalMove` for a move the rules forbid (a supplied
    landing included); the package's ``observe`` (the kit's gate) raises
    :class:`~picnic_rules.PicnicError` for a seat the game lacks.
    """
    apply(state, move)
    return Observation(seat, proper(move))  # a look-alike is observed as the move it equals


def update(v: View, observation: Observation) -> View:
    """Seat ``v.player``'s next view: the observed move applied to its view's position.

    Nothing is taken on trust: the phase, the seat to act, the dice, the cards and the scores
    all follow from the view and the move, which ``apply`` checks. Raises
    :class:`~picnic_rules.IllegalMove` for an observation of another seat and for a move that
    cannot follow this view (a forged one), and :class:`~picnic_rules.PicnicError` for
    something that is no ants observation at all.
    """
    if type(observation) is not Observation:
        raise PicnicError(f"expected an ants Observation, not {type(observation).__name__}")
    if observation.seat != v.player:
        raise IllegalMove(
            observation.move, f"an observation of seat {observation.seat}, not of seat {v.player}"
        )
    try:
        return View(v.player, apply(v.state, observation.move))
    except IllegalMove:
        raise
    except PicnicError as exc:
        raise IllegalMove(observation.move, str(exc)) from None
