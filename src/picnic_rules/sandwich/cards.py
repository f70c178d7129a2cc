"""The cards of the sandwich game.

A deck is a multiset, so every pile and hand is stored as a tuple of five
counts indexed by :class:`Card` (``hand[Card.JELLY]`` is how many jellies a
hand holds). A sandwich on the table is the tuple of its cards, bottom first.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from ..kit import Choice, IntEnum, NotationError

__all__ = ["CARD", "CARDS", "Card", "Counts", "Sandwich", "SPREADS", "card_from_str"]


class Card(IntEnum):
    """A kind of card. ``str(card)`` is its notation name (``"pb"``)."""

    BREAD = 0
    PEANUT_BUTTER = 1
    JELLY = 2
    ANT = 3
    FLY = 4

    def __str__(self) -> str:
        return _NAMES[self]

    @property
    def is_part(self) -> bool:
        """Whether the card is a sandwich part (bread or a spread)."""
        return self <= Card.JELLY


_NAMES = ("bread", "pb", "jelly", "ant", "fly")

CARDS: tuple[Card, ...] = tuple(Card)
"""Every card kind, in index order."""

CARD: Final = Choice(
    CARDS,
    "card",
    aliases={
        "b": Card.BREAD,
        "peanut butter": Card.PEANUT_BUTTER,
        "peanut-butter": Card.PEANUT_BUTTER,
        "peanut_butter": Card.PEANUT_BUTTER,
        "peanutbutter": Card.PEANUT_BUTTER,
        "j": Card.JELLY,
    },
)
"""The reader of a card's notation: its name (``pb``), or ``b``, ``peanut butter``, ``j`` ..."""

SPREADS: tuple[Card, Card] = (Card.PEANUT_BUTTER, Card.JELLY)
"""The two spreads."""

Counts: TypeAlias = tuple[int, ...]
"""How many cards of each kind a pile or hand holds, indexed by :class:`Card`."""

Sandwich: TypeAlias = tuple[Card, ...]
"""A sandwich on the table: its cards, bottom bread first."""

EMPTY: Counts = (0, 0, 0, 0, 0)


def card_from_str(text: str) -> Card | None:
    """The card named ``text`` (``"pb"``, ``"peanut-butter"``, ``"jelly"`` ...), or ``None``
    (also for anything that is not a string)."""
    if not isinstance(text, str):
        return None
    try:
        return CARD.read(" ".join(text.lower().split()))
    except NotationError:
        return None
