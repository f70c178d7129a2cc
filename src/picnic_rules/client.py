"""The client document: everything one seat's front end needs after a move, in one object.

A server keeps the state and sends each seat a :class:`SeatUpdate`: the
seat's view, who is to act, the seat's legal moves (with notation, a
sentence and a click group each), what the seat observed since its last
update, and the result once the game is over. Encoded by
:mod:`picnic_rules.codec` (kind ``"update"``), it is all a client in any
language needs; :func:`picnic_rules.codec.schema` gives the JSON Schema of
each document kind.

>>> from picnic_rules import GAMES
>>> from picnic_rules.client import seat_update
>>> game = GAMES["sandwich"]
>>> state = game.new_game(2)
>>> while game.to_move(state) is not None and game.to_move(state) != 0:
...     state = game.apply(state, game.legal_moves(state)[0])
>>> update = seat_update(game, state, 0)
>>> update.to_move, [entry.notation for entry in update.legal_moves]
(0, ['play bread', 'end'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import attrs

from .game import Actor, AnyGame, Outcome

__all__ = ["LegalMove", "SeatUpdate", "seat_update"]

M = TypeVar("M")
V = TypeVar("V")
Ob = TypeVar("Ob")


@attrs.frozen
class LegalMove(Generic[M]):
    """One legal move of the seat to act, as a client shows it."""

    move: M
    """The move (in a document: its notation)."""
    notation: str
    """``str(move)``, the text a client sends back to make the move."""
    description: str
    """What the move would do, in words for the seat making it (``game.describe``)."""
    card: str
    """The card (or action) a click interface offers first (``game.move_group``)."""
    target: str
    """The target a click interface offers once the card is chosen."""


@attrs.frozen
class SeatUpdate(Generic[V, M, Ob]):
    """Everything seat :attr:`seat`'s front end needs now (codec kind ``"update"``)."""

    seat: int
    """The seat this update is for."""
    view: V
    """What the seat may see."""
    to_move: Actor
    """Who acts next: a seat, :data:`~picnic_rules.CHANCE` (``"chance"`` in JSON), or
    ``None`` once the game is over."""
    legal_moves: tuple[LegalMove[M], ...]
    """The seat's legal moves when it is to act (else empty), in the game's order."""
    observations: tuple[Ob, ...]
    """What the seat observed since its previous update, oldest first."""
    outcome: Outcome | None
    """How the game ended, or ``None`` while it goes on."""


def seat_update(
    game: AnyGame, state: Any, seat: int, observations: Sequence[Any] = ()
) -> SeatUpdate[Any, Any, Any]:
    """The :class:`SeatUpdate` for seat ``seat`` in ``state``.

    ``observations`` are the seat's observations since its previous update
    (from ``game.observe``; :func:`picnic_rules.history.observe_all` gives
    every seat's). Raises :class:`~picnic_rules.PicnicError` for a seat the
    game does not have.
    """
    view = game.view(state, seat)
    actor = game.to_move(state)
    legal: tuple[LegalMove[Any], ...] = ()
    if actor == seat:
        entries = []
        for move in game.legal_moves(state):
            card, target = game.move_group(move)
            description = game.describe(view, game.observe(state, move, seat))
            entries.append(LegalMove(move, str(move), description, card, target))
        legal = tuple(entries)
    return SeatUpdate(
        seat=seat,
        view=view,
        to_move=actor,
        legal_moves=legal,
        observations=tuple(observations),
        outcome=game.result(state) if game.is_over(state) else None,
    )
