"""Reading a move typed by a person: :func:`parse_move`.

The notation itself is :mod:`picnic_rules.insects.moves`; this adds one
shorthand for a person at the keyboard: ``defend`` alone is the defence with
as many weapons as it takes.
"""

from __future__ import annotations

from ..errors import IllegalMove, OutOfTurn
from .engine import apply, legal_moves, to_move
from .moves import MAX_NOTATION, Defend, Move, move_from_str
from .state import State

__all__ = ["parse_move"]


def parse_move(state: State, text: str, *, seat: int | None = None) -> Move:
    """Read a move in notation and check that it is legal in ``state``.

    In this order: the syntax (:class:`~picnic_rules.InvalidMove`), then the seat
    (with ``seat`` given, :class:`~picnic_rules.OutOfTurn` for a seat that is not to
    act), then legality (:class:`~picnic_rules.IllegalMove` with the rule's reason, which
    for a play that must join a pile names the piles: ``add 'on 0'``). ``defend`` alone
    is the defence with as many weapons as it takes; the move returned is the listed
    legal move.

    >>> from picnic_rules.insects import new_game
    >>> parse_move(new_game(2), "Draw  Red FLY")
    Draw(card=Card.RED_FLY)
    """
    bare = isinstance(text, str) and len(text) <= MAX_NOTATION and text.strip().lower() == "defend"
    move = move_from_str("defend 0" if bare else text)
    actor = to_move(state)
    if seat is not None and actor != seat:
        raise OutOfTurn(move, seat, actor)
    legal = legal_moves(state)
    if bare:
        move = next((m for m in legal if type(m) is Defend), move)
    if move in legal:
        return legal[legal.index(move)]
    apply(state, move)  # raises IllegalMove with the rule that forbids it
    raise IllegalMove(move, "not legal now")
