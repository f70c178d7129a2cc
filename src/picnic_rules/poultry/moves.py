"""Moves of the poultry game and their notation, declared as data.

==========================  ====================================================
notation                    meaning
==========================  ====================================================
``commit yellow 5``         commit one card face down
``commit red 4 + blue 6``   commit two cards (2-3 players); ``,`` and ``and`` join them too
``allot green to 2``        haggling: the proposal gives a green grain to seat 2
``no-deal``                 haggling: decline to propose (also ``no deal``, ``decline``)
``accept``, ``reject``      haggling: answer the proposal
``draw blue fox 5``         chance: the card dealt or drawn is a blue fox 5
``grain green``             chance: the grain that falls at the yard supplied now
``reveal``                  forced step: every commitment is turned face up
``resolve blue``            forced step: the blue yard (the ducks') is resolved
``roll 4``                  chance: a contestant of the duel rolls a 4
==========================  ====================================================

A card is ``COLOUR [fox] VALUE``; a colour may also be named by its species
(``duck 6`` is ``blue 6``). Words are case-insensitive and spaces are free.
``str(move)`` writes the notation and :func:`move_from_str` reads it back
(:data:`NOTATION`). Text longer than :data:`MAX_NOTATION` characters is refused unread.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import attrs

from ..errors import InvalidMove
from ..kit import Choice, Notation, NotationError, Number, Several
from .cards import COLOURS, Card, Colour, Grain, card_key
from .predicates import DIE
from .rules import MAX_VALUE, PLAYERS

__all__ = [
    "MAX_NOTATION",
    "MOVE_TYPES",
    "NOTATION",
    "Accept",
    "Allot",
    "Commit",
    "Draw",
    "Move",
    "NoDeal",
    "Reject",
    "Resolve",
    "Reveal",
    "Roll",
    "Supply",
    "card_from_str",
    "listed",
    "move_from_str",
]

MAX_NOTATION: Final = 80
"""The longest text :func:`move_from_str` reads, in characters."""

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


NOTATION: Final = Notation(
    max_length=MAX_NOTATION,
    readers={Card: CARD, Colour: COLOUR},
    notes="a CARD is COLOUR [fox] VALUE, e.g. blue 6 or red fox 5",
)
"""The poultry notation: every move class below declares its forms here."""


def _sorted_cards(cards: Any) -> Any:
    """A commitment's cards in the canonical order (:func:`~picnic_rules.poultry.cards.card_key`)."""
    if type(cards) is tuple and all(type(card) is Card for card in cards):
        try:
            return tuple(sorted(cards, key=card_key))
        except Exception:  # a card of ill-typed fields: kept as given, for apply to refuse
            return cards
    return cards


@NOTATION.move("commit {cards}", cards=CardsReader())
@attrs.frozen
class Commit:
    """Commit ``cards`` face down (one, or two with 2-3 players); kept in canonical order."""

    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)


@NOTATION.move("allot {grain} to {seat}", seat=Number(0, PLAYERS[1] - 1, "seat"))
@attrs.frozen
class Allot:
    """Haggling: the proposal gives one ``grain`` of the yard to ``seat``."""

    grain: Grain
    seat: int


@NOTATION.move("no-deal", "no deal", "nodeal", "decline")
@attrs.frozen
class NoDeal:
    """Haggling: the proposer declines to propose."""


@NOTATION.move("accept")
@attrs.frozen
class Accept:
    """Haggling: accept the proposal."""


@NOTATION.move("reject")
@attrs.frozen
class Reject:
    """Haggling: reject the proposal."""


@NOTATION.move("draw {card}")
@attrs.frozen
class Draw:
    """Chance: the card dealt or drawn is ``card``."""

    card: Card


@NOTATION.move("grain {grain}")
@attrs.frozen
class Supply:
    """Chance: the grain drawn from the bag for the yard being supplied is ``grain``."""

    grain: Grain


@NOTATION.move("reveal")
@attrs.frozen
class Reveal:
    """Forced step: every commitment is turned face up."""


@NOTATION.move("resolve {yard}")
@attrs.frozen
class Resolve:
    """Forced step: the farmyard of ``yard`` is resolved."""

    yard: Colour


@NOTATION.move("roll {value}", value=Number(1, DIE, "roll"))
@attrs.frozen
class Roll:
    """Chance: the duelling seat to roll rolls ``value`` (1 to 6)."""

    value: int


Move: TypeAlias = (
    Draw | Supply | Commit | Reveal | Resolve | Allot | NoDeal | Accept | Reject | Roll
)
"""Any move of the poultry game."""
MOVE_TYPES: tuple[type[Move], ...] = (
    Draw,
    Supply,
    Commit,
    Reveal,
    Resolve,
    Allot,
    NoDeal,
    Accept,
    Reject,
    Roll,
)
"""The move classes, in a fixed order."""


def move_from_str(text: str) -> Move:
    """Read a move in notation (syntax only; legality is ``parse_move``'s job).

    >>> move_from_str("COMMIT blue 6 + yellow fox 4")
    Commit(cards=(Card(colour=Colour.YELLOW, value=4, fox=True), Card(colour=Colour.BLUE, value=6, fox=False)))
    >>> move_from_str("allot green  to 1")
    Allot(grain=Grain.GREEN, seat=1)
    >>> move_from_str("allot green 1")
    Traceback (most recent call last):
    ...
    picnic_rules.errors.InvalidMove: invalid move 'allot green 1': expected allot GRAIN to SEAT

    Raises :class:`~picnic_rules.InvalidMove` for text that is not a move.
    """
    move: Move = NOTATION.read(text)
    return move


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


def listed(moves: tuple[Move, ...], move: object) -> Move | None:
    """The member of ``moves`` equal to ``move``, or ``None`` (also for a value that fails
    even to compare): a look-alike such as ``Roll(3.0)`` stands for the listed ``Roll(3)``."""
    try:
        return moves[moves.index(move)]
    except Exception:
        return None
