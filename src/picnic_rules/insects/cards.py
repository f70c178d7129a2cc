"""The cards of the insects game (Picknick Panik).

Every hand, deck and score pile is a multiset stored as a tuple of
:data:`KINDS` counts indexed by :class:`Card`: for each insect type (ant,
spider, fly) its four colours and its joker, then the three weapons. Food
cards are counted per seat, not as cards.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from ..kit import IntEnum

__all__ = [
    "CARDS",
    "COLOURS",
    "INSECTS",
    "KINDS",
    "WEAPONS",
    "Card",
    "Colour",
    "Counts",
    "Insect",
    "Pile",
    "colour_of",
    "insect_card",
    "insect_of",
    "is_joker",
    "is_weapon",
    "weapon_for",
]


class Insect(IntEnum):
    """An insect type. ``str(insect)`` is its notation name (``"fly"``)."""

    ANT = 0
    SPIDER = 1
    FLY = 2


class Colour(IntEnum):
    """An insect colour. ``str(colour)`` is its notation name (``"red"``)."""

    RED = 0
    BLUE = 1
    YELLOW = 2
    GREEN = 3


class Card(IntEnum):
    """A kind of card: an insect of a type and colour, a joker of a type, or a weapon.
    ``str(card)`` is its notation name (``"red fly"``, ``"joker ant"``, ``"spray"``)."""

    RED_ANT = 0
    BLUE_ANT = 1
    YELLOW_ANT = 2
    GREEN_ANT = 3
    JOKER_ANT = 4
    RED_SPIDER = 5
    BLUE_SPIDER = 6
    YELLOW_SPIDER = 7
    GREEN_SPIDER = 8
    JOKER_SPIDER = 9
    RED_FLY = 10
    BLUE_FLY = 11
    YELLOW_FLY = 12
    GREEN_FLY = 13
    JOKER_FLY = 14
    SPRAY = 15
    BOOTS = 16
    SWATTER = 17

    def __str__(self) -> str:
        return _NAMES[self]


_NAMES: Final = tuple(
    [
        f"{c} {i}"
        for i in ("ant", "spider", "fly")
        for c in ("red", "blue", "yellow", "green", "joker")
    ]
    + ["spray", "boots", "swatter"]
)

CARDS: Final[tuple[Card, ...]] = tuple(Card)
"""Every card kind, in index order."""
KINDS: Final = len(CARDS)
"""How many card kinds there are (18)."""
INSECTS: Final[tuple[Insect, ...]] = tuple(Insect)
"""The three insect types."""
COLOURS: Final[tuple[Colour, ...]] = tuple(Colour)
"""The four colours."""
WEAPONS: Final[tuple[Card, ...]] = (Card.SPRAY, Card.BOOTS, Card.SWATTER)
"""The weapon of each insect type, indexed by :class:`Insect`: spray on ants,
boots on spiders, swatters on flies."""

Counts: TypeAlias = tuple[int, ...]
"""How many cards of each kind a hand, deck or score pile holds, indexed by :class:`Card`."""

Pile: TypeAlias = tuple[Card, ...]
"""A pile on the table: its insect cards in the order played, bottom first."""


def insect_card(insect: Insect, colour: Colour | None) -> Card:
    """The card of ``insect`` in ``colour`` (``None``: its joker).

    >>> insect_card(Insect.FLY, Colour.RED), insect_card(Insect.ANT, None)
    (Card.RED_FLY, Card.JOKER_ANT)
    """
    return CARDS[5 * insect + (4 if colour is None else colour)]


def is_weapon(card: Card) -> bool:
    """Whether ``card`` is a weapon."""
    return card >= Card.SPRAY


def is_joker(card: Card) -> bool:
    """Whether ``card`` is a joker (an insect wild for colour within its type)."""
    return card < Card.SPRAY and card % 5 == 4


def insect_of(card: Card) -> Insect:
    """The insect type of an insect card, or the type a weapon fights."""
    return INSECTS[card - Card.SPRAY if card >= Card.SPRAY else card // 5]


def colour_of(card: Card) -> Colour | None:
    """The colour of an insect card; ``None`` for a joker or a weapon."""
    if card >= Card.SPRAY or card % 5 == 4:
        return None
    return COLOURS[card % 5]


def weapon_for(insect: Insect) -> Card:
    """The weapon that fights ``insect``: spray, boots or swatter."""
    return WEAPONS[insect]
