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
Each class declares its forms with the game's :data:`~picnic_rules.poultry.notation.NOTATION`,
so ``str(move)`` writes the notation and :func:`move_from_str` reads it back; text longer
than :data:`~picnic_rules.poultry.notation.MAX_NOTATION` characters is refused unread.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from ..kit import Number
from .cards import Card, Colour, Grain, card_key
from .notation import CARDS, NOTATION
from .predicates import DIE
from .rules import PLAYERS

__all__ = [
    "MOVE_TYPES",
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
    "move_from_str",
]


def _sorted_cards(cards: Any) -> Any:
    """A commitment's cards in the canonical order (:func:`~picnic_rules.poultry.cards.card_key`)."""
    if type(cards) is tuple and all(type(card) is Card for card in cards):
        try:
            return tuple(sorted(cards, key=card_key))
        except Exception:  # a card of ill-typed fields: kept as given, for apply to refuse
            return cards
    return cards


@NOTATION.move("commit {cards}", cards=CARDS)
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


def listed(moves: tuple[Move, ...], move: object) -> Move | None:
    """The member of ``moves`` equal to ``move``, or ``None`` (also for a value that fails
    even to compare): a look-alike such as ``Roll(3.0)`` stands for the listed ``Roll(3)``."""
    try:
        return moves[moves.index(move)]
    except Exception:
        return None
