"""The poultry notation's readers: cards (``COLOUR [fox] VALUE``), colours by species.

Beside the kit's readers (:mod:`picnic_rules.kit.notation`), the poultry
notation reads a card -- a colour, also named by its species (``duck 6`` is
``blue 6``), ``fox`` for a fox, and a value -- and one or two cards joined by
``+``, ``,`` or ``and``. :data:`NOTATION` holds them; each move class of
:mod:`picnic_rules.poultry.moves` declares its forms with it.

>>> CARD.read("guinea fowl fox 4"), CARDS.write((Card(Colour.RED, 4), Card(Colour.BLUE, 6)))
(Card(colour=Colour.GREEN, value=4, fox=True), 'red 4 + blue 6')
"""

from __future__ import annotations

from typing import Final

from ..errors import InvalidMove
from ..kit import Choice, Notation, NotationError, Number, Several
from .cards import COLOURS, Card, Colour
from .rules import MAX_VALUE

__all__ = [
    "CARD",
    "CARDS",
    "COLOUR",
    "MAX_NOTATION",
    "NOTATION",
    "VALUE",
    "CardReader",
    "CardsReader",
    "card_from_str",
]

MAX_NOTATION: Final = 80
"""The longest text :data:`NOTATION` reads, in characters."""

COLOUR: Final = Choice(
    Colour,
    "colour",
    aliases={
        **{colour.species: colour for colour in COLOURS},
        "chickens": Colour.YELLOW,
        "ducks": Colour.BLUE,
        "turkeys": Colour.BLACK,
        "geese": Colour.RED,
        "guinea": Colour.GREEN,
        "guinea-fowl": Colour.GREEN,
    },
)
"""A colour, also named by its species: ``duck`` (or ``ducks``) is blue."""
VALUE: Final = Number(-MAX_VALUE, MAX_VALUE, "card value")
"""A card's value."""


class CardReader:
    """A card, ``COLOUR [fox] VALUE``: ``blue 6``, ``duck fox 5``, ``guinea fowl -2``."""

    name = "CARD"

    def read(self, text: str) -> Card:
        """The card ``text`` names (``fox`` may stand anywhere, even run into a word)."""
        words = text.replace("fox", " fox ").split()
        rest = [word for word in words if word != "fox"]
        if len(rest) < 2 or len(words) - len(rest) > 1:
            raise NotationError("a card is COLOUR [fox] VALUE, e.g. blue 6 or red fox 5")
        return Card(COLOUR.read(" ".join(rest[:-1])), VALUE.read(rest[-1]), len(rest) < len(words))

    def write(self, card: Card) -> str:
        """The card's notation: ``str(card)``."""
        return str(card)


CARD: Final = CardReader()
"""The reader of a card's notation."""


class CardsReader(Several[Card]):
    """One or two cards joined by ``+`` (or ``,``, ``and``): ``red 4 + duck 6``."""

    def __init__(self) -> None:
        super().__init__(CARD, 1, 2, sep=" + ", also=(",", "and"), name="CARD [+ CARD]")

    def write(self, value: tuple[Card, ...]) -> str:
        """The cards joined by `` + `` (an ill-typed value by its ``repr``, so a move of
        ill-typed fields can still be shown)."""
        return super().write(value) if type(value) is tuple else repr(value)


CARDS: Final = CardsReader()
"""The reader of a commitment's cards."""
NOTATION: Final = Notation(
    max_length=MAX_NOTATION,
    readers={Card: CARD, Colour: COLOUR},
    notes="a CARD is COLOUR [fox] VALUE, e.g. blue 6 or red fox 5",
)
"""The poultry notation: every move class of :mod:`picnic_rules.poultry.moves` declares its
forms here."""


def card_from_str(text: str) -> Card:
    """The card ``text`` names: ``"blue 6"``, ``"duck 6"``, ``"red fox 5"``, ``"black -2"``.

    >>> card_from_str("Duck  fox 5")
    Card(colour=Colour.BLUE, value=5, fox=True)

    Raises :class:`~picnic_rules.InvalidMove` for text that is not a card.
    """
    if not isinstance(text, str):
        raise InvalidMove(f"<{type(text).__name__}>", "a card must be given as a string")
    if len(text) > MAX_NOTATION:
        raise InvalidMove(text[:20] + "...", "too long for a card")
    try:
        return CARD.read(" ".join(text.lower().split()))
    except NotationError as exc:
        raise InvalidMove(text, exc.reason) from None
