"""Moves of the sandwich game and their notation.

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

Sandwiches are numbered per seat from 0 in the order they were started.
``str(move)`` writes the notation and :func:`move_from_str` reads it back.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from ..errors import InvalidMove
from .cards import Card, card_from_str

__all__ = ["Ant", "Discard", "Draw", "End", "Fly", "Move", "Play", "move_from_str"]


@attrs.frozen
class Draw:
    """Chance: the card dealt or drawn is ``card``."""

    card: Card

    def __str__(self) -> str:
        return f"draw {self.card}"


@attrs.frozen
class Play:
    """Play ``card`` onto the actor's sandwich ``onto``; ``onto=None`` starts a new sandwich."""

    card: Card
    onto: int | None = None

    def __str__(self) -> str:
        if self.onto is None:
            return f"play {self.card}"
        return f"play {self.card} on {self.onto}"


@attrs.frozen
class Ant:
    """Play an ant: take the top card of ``seat``'s sandwich ``sandwich`` onto own sandwich ``onto``."""

    seat: int
    sandwich: int
    onto: int

    def __str__(self) -> str:
        return f"ant {self.seat}.{self.sandwich} to {self.onto}"


@attrs.frozen
class Fly:
    """Play a fly: move the fly token onto ``seat``'s sandwich ``sandwich``."""

    seat: int
    sandwich: int

    def __str__(self) -> str:
        return f"fly {self.seat}.{self.sandwich}"


@attrs.frozen
class Discard:
    """Discard ``card`` (legal only when no card can be played); ends the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class End:
    """End the turn."""

    def __str__(self) -> str:
        return "end"


Move: TypeAlias = Draw | Play | Ant | Fly | Discard | End
"""Any move of the sandwich game."""

MOVE_TYPES: tuple[type[Move], ...] = (Draw, Play, Ant, Fly, Discard, End)


def _card(text: str, word: str) -> Card:
    card = card_from_str(word)
    if card is None:
        raise InvalidMove(text, f"{word!r} is not a card (bread, pb, jelly, ant, fly)")
    return card


def _number(text: str, word: str) -> int:
    if not word.isdigit() or not word.isascii():
        raise InvalidMove(text, f"{word!r} is not a sandwich number")
    return int(word)


def _sandwich_id(text: str, word: str) -> tuple[int, int]:
    seat, dot, index = word.partition(".")
    if not dot:
        raise InvalidMove(text, f"{word!r} is not a sandwich SEAT.INDEX such as 1.0")
    return _number(text, seat), _number(text, index)


def move_from_str(text: str) -> Move:
    """Read a move in notation (syntax only; legality is :func:`~picnic_rules.sandwich.parse_move`'s job).

    >>> move_from_str("play pb on 0")
    Play(card=Card.PEANUT_BUTTER, onto=0)
    >>> str(move_from_str("ant 1.0  to 2"))
    'ant 1.0 to 2'

    Raises :class:`~picnic_rules.InvalidMove` for text that is not a move.
    """
    if not isinstance(text, str):
        raise InvalidMove(repr(text), "a move must be given as a string")
    words = text.split()
    if not words:
        raise InvalidMove(text, "empty move")
    verb, args = words[0].lower(), words[1:]
    shape = [w.lower() for w in args]
    if verb == "end" and not args:
        return End()
    if verb in ("draw", "discard") and len(args) == 1:
        card = _card(text, args[0])
        return Draw(card) if verb == "draw" else Discard(card)
    if verb == "play" and len(args) == 1:
        return Play(_card(text, args[0]))
    if verb == "play" and len(args) == 3 and shape[1] == "on":
        return Play(_card(text, args[0]), _number(text, args[2]))
    if verb == "fly" and len(args) == 1:
        return Fly(*_sandwich_id(text, args[0]))
    if verb == "ant" and len(args) == 3 and shape[1] == "to":
        seat, index = _sandwich_id(text, args[0])
        return Ant(seat, index, _number(text, args[2]))
    raise InvalidMove(
        text,
        "expected one of: end, draw CARD, discard CARD, play CARD, play CARD on N, "
        "fly SEAT.N, ant SEAT.N to N",
    )
