"""The components of the ants game: foods, plate colours, picnic cards, dice, Scoring and Round cards.

A picnic card is a 2x2 square of cells: the plate top-left as printed, an ant
in each other cell, except that on a two-ant card the cell diagonal to the
plate is bare. Cards are named ``colour-food`` (three ants) or
``colour-food-2`` (two ants): ``blue-cookie``, ``purple-sandwich-2``.

>>> card_from_str("Blue-Cookie-2")
PicnicCard(food=Food.COOKIE, colour=Colour.BLUE, ants=2)
>>> str(PicnicCard(Food.WATERMELON, Colour.GREEN, 3))
'green-watermelon'
"""

from __future__ import annotations

from typing import Final

import attrs

from ..errors import InvalidMove
from ..kit import Choice, Enum, NotationError

__all__ = [
    "CARD_KINDS",
    "DIE_KINDS",
    "DIE_NAMES",
    "Category",
    "Colour",
    "DieKind",
    "Food",
    "PicnicCard",
    "RoundCard",
    "ScoringCard",
    "CARD",
    "DIE",
    "card_from_str",
    "die_from_str",
    "kind_index",
    "round_card_from_str",
]


class Food(Enum):
    """The food on a plate."""

    SANDWICH = "sandwich"
    COOKIE = "cookie"
    WATERMELON = "watermelon"


class Colour(Enum):
    """The colour of a plate."""

    BLUE = "blue"
    GREEN = "green"
    PURPLE = "purple"


class DieKind(Enum):
    """A type of ant die; :attr:`size` orders them Soldier > Worker > Scout."""

    SOLDIER = "soldier"
    WORKER = "worker"
    SCOUT = "scout"

    @property
    def size(self) -> int:
        """3 for the Soldier, 2 for a Worker, 1 for a Scout."""
        return _SIZES[self]


_SIZES: Final = {DieKind.SOLDIER: 3, DieKind.WORKER: 2, DieKind.SCOUT: 1}

DIE_KINDS: Final = (
    DieKind.SOLDIER,
    DieKind.WORKER,
    DieKind.WORKER,
    DieKind.WORKER,
    DieKind.SCOUT,
    DieKind.SCOUT,
)
"""Each player's six dice by index: 0 the Soldier, 1-3 the Workers, 4-5 the Scouts."""

DIE_NAMES: Final = ("soldier", "worker1", "worker2", "worker3", "scout1", "scout2")
"""The notation of each die index (``1:worker2`` is seat 1's die 2)."""


def die_from_str(text: str) -> int:
    """The die index a name of :data:`DIE_NAMES` stands for (case-insensitive).

    >>> die_from_str("Scout2")
    5
    """
    try:
        return DIE.read(text.strip().lower())
    except NotationError as exc:
        raise InvalidMove(text[:40], exc.reason) from None


class _DieName:
    """The notation of a die index: its name in :data:`DIE_NAMES` (``die7`` for an index no
    die has, so a move holding one still has words)."""

    name = "DIE"

    def read(self, text: str) -> int:
        """The die index ``text`` names."""
        if text not in DIE_NAMES:
            raise NotationError(f"{text[:40]!r} is not a die ({', '.join(DIE_NAMES)})")
        return DIE_NAMES.index(text)

    def write(self, value: int) -> str:
        """The die's name."""
        return DIE_NAMES[value] if type(value) is int and 0 <= value < 6 else f"die{value}"


DIE: Final = _DieName()
"""The reader of a die in notation: ``soldier``, ``worker1`` to ``worker3``, ``scout1``, ``scout2``."""


@attrs.frozen(cache_hash=True)
class PicnicCard:
    """A picnic card: its food, plate colour and number of ants (3, or 2 with a bare cell)."""

    food: Food
    colour: Colour
    ants: int

    def __str__(self) -> str:
        base = f"{self.colour}-{self.food}"
        return base if self.ants == 3 else f"{base}-2"


CARD_KINDS: Final = tuple(
    PicnicCard(food, colour, ants) for food in Food for colour in Colour for ants in (3, 2)
)
"""The 18 kinds of picnic card; a deck is a tuple of counts indexed like this."""

_INDEX: Final = {card: i for i, card in enumerate(CARD_KINDS)}
_BY_NAME: Final = {str(card): card for card in CARD_KINDS}


def kind_index(card: PicnicCard) -> int:
    """The index of ``card`` in :data:`CARD_KINDS`."""
    return _INDEX[card]


def card_from_str(text: str) -> PicnicCard:
    """The picnic card named ``text`` (``blue-cookie``, ``green-sandwich-2``; any case)."""
    try:
        return CARD.read(text.strip().lower())
    except NotationError as exc:
        raise InvalidMove(text[:40], exc.reason) from None


class _CardName:
    """The notation of a picnic card: ``colour-food``, ``-2`` after it for two ants."""

    name = "CARD"

    def read(self, text: str) -> PicnicCard:
        """The picnic card named ``text``."""
        card = _BY_NAME.get(text)
        if card is None:
            raise NotationError(f"{text[:40]!r} is not a picnic card (colour-food[-2])")
        return card

    def write(self, value: PicnicCard) -> str:
        """The card's name."""
        return str(value)


CARD: Final = _CardName()
"""The reader of a picnic card in notation (``blue-cookie``, ``green-sandwich-2``)."""


class ScoringCard(Enum):
    """The ten Scoring cards (house rules); each rewards the single best player."""

    FOOD_LINES = 1
    """Most lines with exactly one of each food."""
    PURPLE_SANDWICHES = 2
    """Most purple plates with sandwiches."""
    COOKIE_LINE = 3
    """Most cookies in a single line."""
    COLOUR_COLUMNS = 4
    """Most columns holding two plates of one colour."""
    GREEN_COOKIES = 5
    """Most green plates with cookies."""
    FOOD_SETS = 6
    """Most complete food sets (one of each food)."""
    COOKIE_GROUP = 7
    """Largest group of touching cookies."""
    BLUE_WATERMELONS = 8
    """Most blue plates with watermelons."""
    FOOD_ROWS = 9
    """Most rows holding two plates of one food."""
    COLOUR_GROUP = 10
    """Largest group of touching plates of one colour."""

    def __str__(self) -> str:
        return str(self.value)


class Category(Enum):
    """The six categories of the Majority card, in the order its tokens are laid."""

    WATERMELONS = "watermelons"
    SANDWICHES = "sandwiches"
    COOKIES = "cookies"
    BLUE = "blue"
    GREEN = "green"
    PURPLE = "purple"


class RoundCard(Enum):
    """The eight Round cards (house rules): the game's timer, each with a power."""

    SECOND_WIND = "second-wind"
    """Before your toss: bring one of your dice home from the Puddle."""
    STOMP = "stomp"
    """Before your toss: knock one die (anyone's) off the cards; it becomes loose."""
    HONEY = "honey"
    """Before your toss: honey on a card, +2 to your total there this round."""
    RE_TOSS = "re-toss"
    """After your toss lands: toss that die again."""
    DOUBLE_TIME = "double-time"
    """Before your toss: toss two dice this turn."""
    SCOUT_AHEAD = "scout-ahead"
    """Before your toss: move one of your dice on a card to a neighbouring card."""
    PLANNER = "planner"
    """When placing: place one card next to your colony instead of on an ant."""
    HEAD_START = "head-start"
    """Before your toss: be the starting player next round."""


def round_card_from_str(text: str) -> RoundCard:
    """The Round card named ``text`` (``honey``, ``re-toss``; any case)."""
    try:
        return _ROUND_CARD.read(text.strip().lower())
    except NotationError as exc:
        raise InvalidMove(text[:40], exc.reason) from None


_ROUND_CARD: Final = Choice(RoundCard, "round card")
