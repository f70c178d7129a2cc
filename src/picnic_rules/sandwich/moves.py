"""Moves of the sandwich game and their notation, declared as data.

=====================  =====================================================
notation               meaning
=====================  =====================================================
``draw jelly``         chance: the card drawn (or dealt) is a jelly
``play bread``         start a new sandwich with a bread
``play pb on 0``       put a card on your own sandwich 0 (bread closes it)
``ant 1.0 to 2``       ant: take the top card of seat 1's sandwich 0 and put
                       it on your own sandwich 2
``fly 1.2``            fly: move the fly token onto seat 1's sandwich 2
``discard jelly``      discard a card (only when stuck); ends the turn
``end``                end the turn
=====================  =====================================================

Sandwiches are numbered per seat from 0 in the order they were started. A
card is ``bread`` (``b``), ``pb`` (``peanut butter``, ``peanut-butter``),
``jelly`` (``j``), ``ant`` or ``fly``; words are case-insensitive and spaces
are free. ``str(move)`` writes the notation and :func:`move_from_str` reads it
back (:data:`NOTATION`).

Limits: a move is at most :data:`MAX_NOTATION` characters and a seat or
sandwich number at most :data:`MAX_NUMBER`; longer text or larger numbers are
an :class:`~picnic_rules.InvalidMove` (the length is checked before the text
is looked at, so a huge string costs nothing).
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from ..kit import Notation, Number
from .cards import CARD, Card
from .rules import MAX_CARDS

__all__ = [
    "MAX_NOTATION",
    "MAX_NUMBER",
    "MOVE_TYPES",
    "NOTATION",
    "Ant",
    "Discard",
    "Draw",
    "End",
    "Fly",
    "Move",
    "Play",
    "move_from_str",
]

MAX_NOTATION: Final = 100
"""The longest text :func:`move_from_str` reads, in characters (the longest move is far shorter)."""

MAX_NUMBER: Final = MAX_CARDS - 1
"""The largest seat or sandwich number notation accepts.

Every sandwich holds a bread and a deck holds at most
:data:`~picnic_rules.sandwich.rules.MAX_CARDS` breads, so no table has more
sandwiches than that.
"""

SEAT: Final = Number(0, MAX_NUMBER, "seat")
"""A seat's number."""
SANDWICH: Final = Number(0, MAX_NUMBER, "sandwich")
"""A sandwich's number among its owner's (``0`` is the first one started)."""

NOTATION: Final = Notation(
    max_length=MAX_NOTATION,
    readers={Card: CARD},
    notes="a CARD is bread, pb, jelly, ant or fly; play CARD alone starts a sandwich",
)
"""The sandwich notation: every move class below declares its forms here."""


@NOTATION.move("end")
@attrs.frozen
class End:
    """End the turn."""


@NOTATION.move("draw {card}")
@attrs.frozen
class Draw:
    """Chance: the card dealt or drawn is ``card``."""

    card: Card


@NOTATION.move("discard {card}")
@attrs.frozen
class Discard:
    """Discard ``card`` (legal only when no card can be played); ends the turn."""

    card: Card


@NOTATION.move("play {card} on {onto}", "play {card}", onto=SANDWICH)
@attrs.frozen
class Play:
    """Play ``card`` onto the actor's sandwich ``onto``; ``onto=None`` starts a new sandwich."""

    card: Card
    onto: int | None = None


@NOTATION.move("fly {seat}.{sandwich}", seat=SEAT, sandwich=SANDWICH)
@attrs.frozen
class Fly:
    """Play a fly: move the fly token onto ``seat``'s sandwich ``sandwich``."""

    seat: int
    sandwich: int


@NOTATION.move("ant {seat}.{sandwich} to {onto}", seat=SEAT, sandwich=SANDWICH, onto=SANDWICH)
@attrs.frozen
class Ant:
    """Play an ant: take the top card of ``seat``'s sandwich ``sandwich`` onto own sandwich ``onto``."""

    seat: int
    sandwich: int
    onto: int


Move: TypeAlias = Draw | Play | Ant | Fly | Discard | End
"""Any move of the sandwich game."""

MOVE_TYPES: tuple[type[Move], ...] = (Draw, Play, Ant, Fly, Discard, End)
"""Every move class, in the order the codec and the harness list them."""


def move_from_str(text: str) -> Move:
    """Read a move in notation (syntax only; legality is :func:`~picnic_rules.sandwich.parse_move`'s job).

    >>> move_from_str("play pb on 0")
    Play(card=Card.PEANUT_BUTTER, onto=0)
    >>> str(move_from_str("ANT 1.0  to 2"))
    'ant 1.0 to 2'
    >>> move_from_str("ant 1.0")
    Traceback (most recent call last):
    ...
    picnic_rules.errors.InvalidMove: invalid move 'ant 1.0': expected ant SEAT.SANDWICH to SANDWICH

    Raises :class:`~picnic_rules.InvalidMove` for text that is not a move
    (:meth:`picnic_rules.kit.Notation.read`).
    """
    move: Move = NOTATION.read(text)
    return move
