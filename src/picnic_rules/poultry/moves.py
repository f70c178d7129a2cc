"""Moves of the poultry game and their notation.

==========================  ====================================================
notation                    meaning
==========================  ====================================================
``draw blue fox 5``         chance: the card dealt or drawn is a blue fox 5
``grain green``             chance: the grain that falls at the yard supplied now
``commit yellow 5``         commit one card face down
``commit red 4 + blue 6``   commit two cards (2-3 players)
``reveal``                  forced step: every commitment is turned face up
``resolve blue``            forced step: the blue yard (the ducks') is resolved
``allot green to 2``        haggling: the proposal gives a green grain to seat 2
``no-deal``                 haggling: decline to propose
``accept``, ``reject``      haggling: answer the proposal
``roll 4``                  chance: a contestant of the duel rolls a 4
==========================  ====================================================

A card is ``COLOUR [fox] VALUE``; a colour may also be named by its species
(``duck 6`` is ``blue 6``). Words are case-insensitive and spaces are free.
``str(move)`` writes the notation and :func:`move_from_str` reads it back.
Text longer than :data:`MAX_NOTATION` characters is refused unread.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import attrs

from ..errors import InvalidMove
from .cards import Card, Colour, Grain, card_key, colour_from_str, grain_from_str
from .rules import MAX_VALUE, PLAYERS

__all__ = [
    "MAX_NOTATION",
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
    "card_from_str",
    "listed",
    "move_from_str",
]

MAX_NOTATION: Final = 80
"""The longest text :func:`move_from_str` reads, in characters."""


def _sorted_cards(cards: Any) -> Any:
    """A commitment's cards in the canonical order (:func:`~picnic_rules.poultry.cards.card_key`)."""
    if type(cards) is tuple and all(type(card) is Card for card in cards):
        try:
            return tuple(sorted(cards, key=card_key))
        except Exception:  # a card of ill-typed fields: kept as given, for apply to refuse
            return cards
    return cards


@attrs.frozen
class Draw:
    """Chance: the card dealt or drawn is ``card``."""

    card: Card

    def __str__(self) -> str:
        return f"draw {self.card}"


@attrs.frozen
class Supply:
    """Chance: the grain drawn from the bag for the yard being supplied is ``grain``."""

    grain: Grain

    def __str__(self) -> str:
        return f"grain {self.grain}"


@attrs.frozen
class Commit:
    """Commit ``cards`` face down (one, or two with 2-3 players); kept in canonical order."""

    cards: tuple[Card, ...] = attrs.field(converter=_sorted_cards)

    def __str__(self) -> str:
        cards = self.cards
        return "commit " + (" + ".join(map(str, cards)) if type(cards) is tuple else repr(cards))


@attrs.frozen
class Reveal:
    """Forced step: every commitment is turned face up."""

    def __str__(self) -> str:
        return "reveal"


@attrs.frozen
class Resolve:
    """Forced step: the farmyard of ``yard`` is resolved."""

    yard: Colour

    def __str__(self) -> str:
        return f"resolve {self.yard}"


@attrs.frozen
class Allot:
    """Haggling: the proposal gives one ``grain`` of the yard to ``seat``."""

    grain: Grain
    seat: int

    def __str__(self) -> str:
        return f"allot {self.grain} to {self.seat}"


@attrs.frozen
class NoDeal:
    """Haggling: the proposer declines to propose."""

    def __str__(self) -> str:
        return "no-deal"


@attrs.frozen
class Accept:
    """Haggling: accept the proposal."""

    def __str__(self) -> str:
        return "accept"


@attrs.frozen
class Reject:
    """Haggling: reject the proposal."""

    def __str__(self) -> str:
        return "reject"


@attrs.frozen
class Roll:
    """Chance: the duelling seat to roll rolls ``value`` (1 to 6)."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


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


def listed(moves: tuple[Move, ...], move: object) -> Move | None:
    """The member of ``moves`` equal to ``move``, or ``None`` (also for a value that fails
    even to compare): a look-alike such as ``Roll(3.0)`` stands for the listed ``Roll(3)``."""
    try:
        return moves[moves.index(move)]
    except Exception:
        return None


_USAGE = (
    "expected one of: commit CARD, commit CARD + CARD, allot GRAIN to SEAT, no-deal, accept, "
    "reject, draw CARD, grain GRAIN, reveal, resolve COLOUR, roll N "
    "(a CARD is COLOUR [fox] VALUE, e.g. blue 6 or red fox 5)"
)


def _int(text: str, word: str, low: int, high: int, what: str) -> int:
    body = word[1:] if word.startswith("-") else word
    if not body.isascii() or not body.isdigit() or len(body) > 3:
        raise InvalidMove(text, f"{word!r} is not a {what}")
    value = int(word)
    if not low <= value <= high:
        raise InvalidMove(text, f"{what} {value} is not in {low}..{high}")
    return value


def card_from_str(text: str) -> Card:
    """The card ``text`` names: ``"blue 6"``, ``"duck 6"``, ``"red fox 5"``, ``"black -2"``.

    >>> card_from_str("Duck  fox 5")
    Card(colour=Colour.BLUE, value=5, fox=True)

    Raises :class:`~picnic_rules.InvalidMove` for text that is not a card.
    """
    words = text.lower().replace("fox", " fox ").split() if isinstance(text, str) else []
    if len(text) > MAX_NOTATION:
        raise InvalidMove(text[:20] + "...", "too long for a card")
    return _card(text, words)


def _card(text: str, words: list[str]) -> Card:
    if len(words) == 3 and words[0] == "guinea" and words[1] == "fowl":
        words = ["guinea", words[2]]
    if len(words) == 4 and words[0] == "guinea" and words[1] == "fowl":
        words = ["guinea", *words[2:]]
    fox = "fox" in words
    rest = [w for w in words if w != "fox"]
    if len(rest) != 2 or words.count("fox") > 1:
        raise InvalidMove(text, "a card is COLOUR [fox] VALUE, e.g. blue 6 or red fox 5")
    colour = colour_from_str(rest[0])
    if colour is None:
        raise InvalidMove(text, f"{rest[0]!r} is not a colour (yellow blue purple black red green)")
    return Card(colour, _int(text, rest[1], -MAX_VALUE, MAX_VALUE, "card value"), fox)


def _grain(text: str, word: str) -> Grain:
    grain = grain_from_str(word)
    if grain is None:
        raise InvalidMove(text, f"{word!r} is not a grain colour (green, blue, yellow)")
    return grain


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
    if not isinstance(text, str):
        raise InvalidMove(f"<{type(text).__name__}>", "a move must be given as a string")
    if len(text) > MAX_NOTATION:
        raise InvalidMove(
            text[:20] + "...", f"notation is {len(text)} characters, more than {MAX_NOTATION}"
        )
    words = text.lower().split()
    if not words:
        raise InvalidMove(text, "empty move")
    verb, args = words[0], words[1:]
    if verb in ("no-deal", "nodeal", "decline") and not args:
        return NoDeal()
    if verb == "no" and args == ["deal"]:
        return NoDeal()
    if not args and verb in ("accept", "reject", "reveal"):
        return Accept() if verb == "accept" else Reject() if verb == "reject" else Reveal()
    if verb == "commit":
        joined = " ".join(args).replace(",", " + ").replace(" and ", " + ")
        parts = [part.split() for part in joined.split("+")]
        if not args or len(parts) > 2 or any(not part for part in parts):
            raise InvalidMove(text, "expected commit CARD or commit CARD + CARD")
        return Commit(tuple(_card(text, part) for part in parts))
    if verb == "draw":
        if not args:
            raise InvalidMove(text, "expected draw CARD")
        return Draw(_card(text, args))
    if verb == "grain" and len(args) == 1:
        return Supply(_grain(text, args[0]))
    if verb == "resolve" and len(args) == 1:
        colour = colour_from_str(args[0])
        if colour is None:
            raise InvalidMove(text, f"{args[0]!r} is not a yard colour")
        return Resolve(colour)
    if verb == "allot":
        if len(args) != 3 or args[1] != "to":
            raise InvalidMove(text, "expected allot GRAIN to SEAT")
        return Allot(_grain(text, args[0]), _int(text, args[2], 0, PLAYERS[1] - 1, "seat"))
    if verb == "roll" and len(args) == 1:
        return Roll(_int(text, args[0], 1, 6, "roll"))
    raise InvalidMove(text, _USAGE)
