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

Limits: a move is at most :data:`MAX_NOTATION` characters and a seat or
sandwich number at most :data:`MAX_NUMBER`; longer text or larger numbers are
an :class:`~picnic_rules.InvalidMove` (the length is checked before the text
is looked at, so a huge string costs nothing).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Final, TypeAlias

import attrs

from ..errors import InvalidMove
from .cards import Card, card_from_str
from .rules import MAX_CARDS

__all__ = [
    "MAX_NOTATION",
    "MAX_NUMBER",
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


_USAGE = (
    "expected one of: end, draw CARD, discard CARD, play CARD, play CARD on N, "
    "fly SEAT.N, ant SEAT.N to N"
)
_DIGITS = len(str(MAX_NUMBER))  # no number with more digits (leading zeros aside) is read


def _card(text: str, word: str) -> Card:
    card = card_from_str(word)
    if card is None:
        raise InvalidMove(text, f"{word!r} is not a card (bread, pb, jelly, ant, fly)")
    return card


def _number(text: str, word: str, what: str = "sandwich") -> int:
    if not word.isascii() or not word.isdigit():
        raise InvalidMove(text, f"{word!r} is not a {what} number")
    digits = word.lstrip("0") or "0"
    if len(digits) > _DIGITS or int(digits) > MAX_NUMBER:  # int() of a short word only
        raise InvalidMove(text, f"{what} number {word} is more than {MAX_NUMBER}")
    return int(digits)


def _sandwich_id(text: str, word: str) -> tuple[int, int]:
    parts = word.split(".")
    if len(parts) != 2:
        raise InvalidMove(text, f"{word!r} is not a sandwich SEAT.INDEX such as 1.0")
    return _number(text, parts[0], "seat"), _number(text, parts[1])


def _no_spaced_names(text: str, words: list[str]) -> None:
    """``peanut butter`` is two words: point at the one-word names."""
    for first, second in itertools.pairwise(words):
        if first == "peanut" and second == "butter":
            raise InvalidMove(text, "write peanut butter as one word: 'pb' or 'peanut-butter'")


def _one_card(text: str, verb: str, args: list[str]) -> Card:
    if not args:
        raise InvalidMove(text, f"{verb} needs a card: {verb} CARD")
    if len(args) > 1:
        raise InvalidMove(text, f"{verb} takes one card: {verb} CARD")
    return _card(text, args[0])


def _end(text: str, args: list[str], shape: list[str]) -> Move:
    if args:
        raise InvalidMove(text, "end takes nothing after it")
    return End()


def _draw(text: str, args: list[str], shape: list[str]) -> Move:
    return Draw(_one_card(text, "draw", args))


def _discard(text: str, args: list[str], shape: list[str]) -> Move:
    return Discard(_one_card(text, "discard", args))


def _play(text: str, args: list[str], shape: list[str]) -> Move:
    if not args:
        raise InvalidMove(text, "play needs a card: play CARD, or play CARD on N")
    card = _card(text, args[0])
    if len(args) == 1:
        return Play(card)
    if shape[1] != "on":
        missing = " ('on' is missing)" if args[1].isdigit() else ""
        raise InvalidMove(text, f"expected play CARD on N{missing}")
    if len(args) != 3:
        raise InvalidMove(text, "expected play CARD on N, with one sandwich number after 'on'")
    return Play(card, _number(text, args[2]))


def _fly(text: str, args: list[str], shape: list[str]) -> Move:
    if len(args) != 1:
        raise InvalidMove(text, "fly needs one sandwich: fly SEAT.N")
    return Fly(*_sandwich_id(text, args[0]))


def _ant(text: str, args: list[str], shape: list[str]) -> Move:
    if not args:
        raise InvalidMove(text, "ant needs a sandwich to rob and one of yours: ant SEAT.N to N")
    seat, index = _sandwich_id(text, args[0])
    if len(args) == 1:
        raise InvalidMove(text, "ant needs 'to N', your sandwich for the card: ant SEAT.N to N")
    if shape[1] != "to":
        missing = " ('to' is missing)" if args[1].isdigit() else ""
        raise InvalidMove(text, f"expected ant SEAT.N to N{missing}")
    if len(args) != 3:
        raise InvalidMove(text, "expected ant SEAT.N to N, with one sandwich number after 'to'")
    return Ant(seat, index, _number(text, args[2]))


_PARSERS: dict[str, Callable[[str, list[str], list[str]], Move]] = {
    "end": _end,
    "draw": _draw,
    "discard": _discard,
    "play": _play,
    "fly": _fly,
    "ant": _ant,
}


def move_from_str(text: str) -> Move:
    """Read a move in notation (syntax only; legality is :func:`~picnic_rules.sandwich.parse_move`'s job).

    >>> move_from_str("play pb on 0")
    Play(card=Card.PEANUT_BUTTER, onto=0)
    >>> str(move_from_str("ant 1.0  to 2"))
    'ant 1.0 to 2'
    >>> move_from_str("ant 1.0")
    Traceback (most recent call last):
    ...
    picnic_rules.errors.InvalidMove: invalid move 'ant 1.0': ant needs 'to N', your sandwich for the card: ant SEAT.N to N

    Raises :class:`~picnic_rules.InvalidMove` for text that is not a move,
    with a hint for near misses. Text longer than :data:`MAX_NOTATION` is
    refused unread; the error keeps only its first 20 characters.
    """
    if not isinstance(text, str):
        raise InvalidMove(f"<{type(text).__name__}>", "a move must be given as a string")
    if len(text) > MAX_NOTATION:
        raise InvalidMove(
            text[:20] + "...", f"notation is {len(text)} characters, more than {MAX_NOTATION}"
        )
    words = text.split()
    if not words:
        raise InvalidMove(text, "empty move")
    verb, args = words[0].lower(), words[1:]
    shape = [w.lower() for w in args]
    _no_spaced_names(text, shape)
    parse = _PARSERS.get(verb)
    if parse is None:
        raise InvalidMove(text, _USAGE)
    return parse(text, args, shape)
