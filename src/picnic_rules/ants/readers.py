"""Readers of the ants notation's own tokens, beside the kit's (:mod:`picnic_rules.kit.notation`).

A :class:`Row` of numbers (``5 6 3``), where a die lies (:class:`Where`:
``on 4,5`` or ``loose``), a cell coordinate shown as ``X`` or ``Y``
(:class:`Cell`) and parts of a move that repeat after a word
(:class:`Repeated`: a landing's ``knock ...`` clauses). Each writes any value,
even an ill-typed one, so every move has words.

>>> Where("on").read("on 4,5"), Where("on").write(())
((4, 5), 'loose')
>>> from picnic_rules.kit import Number
>>> Row(Number(0, 9)).read("5 6 3")
(5, 6, 3)
"""

from __future__ import annotations

import re
from typing import Any, Generic, TypeVar

from ..errors import InvalidMove
from ..kit import Notation, NotationError, Number, Several
from ..kit.notation import Reader

__all__ = ["Cell", "Repeated", "Row", "Where"]

T = TypeVar("T")


def _items(value: tuple[T, ...]) -> tuple[T, ...]:
    """``value`` when it is a tuple or list, else no items (words for ill-typed moves)."""
    return value if isinstance(value, (tuple, list)) else ()


class Row(Generic[T]):
    """Values of ``item`` written one after another with spaces (``5 6 3``), as a tuple."""

    def __init__(self, item: Reader[T], name: str = "N...") -> None:
        self.item, self.name = item, name

    def read(self, text: str) -> tuple[T, ...]:
        """The values ``text`` lists."""
        return tuple(map(self.item.read, text.split()))

    def write(self, value: tuple[T, ...]) -> str:
        """The values with a space between them."""
        return " ".join(map(self.item.write, _items(value)))


class Where:
    """Where a die lies: ``loose`` (no card, ``()``) or ``WORD CARD[,CARD]`` (``on 4,5``), the
    positions read by ``position``."""

    def __init__(self, word: str, position: Reader[int] = Number(0, 8, "position")) -> None:
        self.word = word
        self.name = f"{word} CARD[,CARD]"
        self._cards = Several(position, 1, 2, sep=",", name="CARD[,CARD]")

    def read(self, text: str) -> tuple[int, ...]:
        """The positions ``text`` names."""
        if text == "loose":
            return ()
        word, _, cards = text.partition(" ")
        if word != self.word or not cards:
            raise NotationError(f"expected {self.name} or loose, not {text[:40]!r}")
        return self._cards.read(cards)

    def write(self, value: tuple[int, ...]) -> str:
        """``loose`` or the word and the positions."""
        if not value:
            return "loose"
        listed = ",".join(map(str, value)) if isinstance(value, (tuple, list)) else str(value)
        return f"{self.word} {listed}"


class Cell(Number):
    """A cell coordinate, named ``X`` or ``Y`` in usage text (the last letter of ``what``)."""

    @property
    def name(self) -> str:
        """``X`` or ``Y``."""
        return self.what[-1].upper()


class Repeated:
    """Up to ``most`` parts of a move, each starting with ``word`` and read by ``notation``;
    the slot holds the text after the first ``word`` (the template writes that word)."""

    def __init__(self, notation: Notation, word: str, most: int, what: str, name: str) -> None:
        self.notation, self.word, self.most, self.what, self.name = (
            notation,
            word,
            most,
            what,
            name,
        )
        self._split = re.compile(rf" (?={re.escape(word)}\b)")

    def read(self, text: str) -> tuple[Any, ...]:
        """The parts ``text`` lists, at most ``most``."""
        parts = self._split.split(f"{self.word} {text}")
        if len(parts) > self.most:
            raise NotationError(f"at most {self.most} {self.what}")
        try:
            return tuple(map(self.notation.read, parts))
        except InvalidMove as exc:
            raise NotationError(exc.reason) from None

    def write(self, value: tuple[Any, ...]) -> str:
        """The parts one after another, the first without its word."""
        return " ".join(map(str, _items(value))).removeprefix(f"{self.word} ")
