"""The cards and grains of the poultry game, and the six farmyards.

Every colour is a farmyard and a species (left to right: yellow chickens,
blue ducks, purple pheasants, black turkeys, red geese, green guinea fowl).
A :class:`Card` is a poultry card or a fox of one colour with a value. A
pile or a hand is stored as counts per card *kind* -- the distinct cards of
the rules, in the order :func:`kinds` gives -- and grain as counts per
:class:`Grain` colour.
"""

from __future__ import annotations

import functools
from typing import TypeAlias

import attrs

from ..kit import Enum

__all__ = [
    "COLOURS",
    "GRAINS",
    "YARDS",
    "Card",
    "Colour",
    "Counts",
    "Grain",
    "GrainCounts",
    "card_key",
    "deck_counts",
    "kind_index",
    "kinds",
]


class Colour(Enum):
    """A card colour, which is also its farmyard; in yard order, left to right."""

    YELLOW = "yellow"
    BLUE = "blue"
    PURPLE = "purple"
    BLACK = "black"
    RED = "red"
    GREEN = "green"

    @property
    def index(self) -> int:
        """The yard's place, 0 (left, yellow) to 5 (right, green)."""
        return _COLOUR_INDEX[self]

    @property
    def species(self) -> str:
        """The poultry of this colour (``"duck"`` for blue)."""
        return _SPECIES[_COLOUR_INDEX[self]]

    @property
    def yard(self) -> str:
        """The farmyard's name (``"the Waddling Pond"`` for blue)."""
        return _YARD_NAMES[_COLOUR_INDEX[self]]


COLOURS: tuple[Colour, ...] = tuple(Colour)
"""The colours in yard order, left to right."""
YARDS = len(COLOURS)
"""How many farmyards lie on the table (six)."""
_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}
_SPECIES = ("chicken", "duck", "pheasant", "turkey", "goose", "guinea fowl")
_YARD_NAMES = (
    "Gackelwack",
    "the Waddling Pond",
    "the Pheasantry",
    "the turkey farm",
    "the goose green",
    "the guinea-fowl run",
)


class Grain(Enum):
    """A grain colour: green (1 point), blue (2) and yellow (3) by default."""

    GREEN = "green"
    BLUE = "blue"
    YELLOW = "yellow"

    @property
    def index(self) -> int:
        """The grain's place in a :data:`GrainCounts` triple."""
        return _GRAIN_INDEX[self]


GRAINS: tuple[Grain, ...] = tuple(Grain)
"""The grain colours, in the order of a :data:`GrainCounts` triple."""
_GRAIN_INDEX = {grain: i for i, grain in enumerate(GRAINS)}

Counts: TypeAlias = tuple[int, ...]
"""How many cards of each kind a pile or hand holds, indexed as :func:`kinds` lists them."""
GrainCounts: TypeAlias = tuple[int, int, int]
"""Grains by colour: ``(green, blue, yellow)``."""


@attrs.frozen(cache_hash=True)
class Card:
    """A card: a poultry card or a fox, of one colour, with a value.

    ``str(card)`` is its notation: ``"blue 6"``, ``"black -2"``, ``"blue fox 5"``.

    >>> str(Card(Colour.BLUE, 5, fox=True)), str(Card(Colour.BLACK, -2))
    ('blue fox 5', 'black -2')
    """

    colour: Colour
    """The card's colour: the farmyard it goes to."""
    value: int
    """Its value (points when captured; added to the die in a duel)."""
    fox: bool = False
    """Whether it is a fox (else a poultry card)."""

    def __str__(self) -> str:
        return f"{self.colour} {'fox ' if self.fox else ''}{self.value}"


def card_key(card: Card) -> tuple[int, bool, int]:
    """The order of cards everywhere: by yard, poultry before foxes, higher values first."""
    return (_COLOUR_INDEX[card.colour], card.fox, -card.value)


@functools.lru_cache(maxsize=64)
def kinds(poultry: tuple[int, ...], foxes: tuple[int, ...]) -> tuple[Card, ...]:
    """The distinct cards of a deck whose colours each hold ``poultry`` and ``foxes`` values.

    >>> [str(card) for card in kinds((3, 3, -2), (4,))][:3]
    ['yellow 3', 'yellow -2', 'yellow fox 4']
    """
    cards = [Card(colour, value) for colour in COLOURS for value in set(poultry)]
    cards += [Card(colour, value, True) for colour in COLOURS for value in set(foxes)]
    return tuple(sorted(cards, key=card_key))


@functools.lru_cache(maxsize=64)
def deck_counts(poultry: tuple[int, ...], foxes: tuple[int, ...]) -> Counts:
    """The whole deck as counts of each card of :func:`kinds`: every colour holds one card of
    each of the ``poultry`` and ``foxes`` values.

    >>> deck_counts((3, 3, -2), (4,))[:3]
    (2, 1, 1)
    """
    return tuple(
        (foxes if card.fox else poultry).count(card.value) for card in kinds(poultry, foxes)
    )


@functools.lru_cache(maxsize=64)
def kind_index(poultry: tuple[int, ...], foxes: tuple[int, ...]) -> dict[Card, int]:
    """Each card of :func:`kinds` mapped to its index in a :data:`Counts`."""
    return {card: i for i, card in enumerate(kinds(poultry, foxes))}
