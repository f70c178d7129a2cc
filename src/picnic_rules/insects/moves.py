"""Moves of the insects game and their notation.

=============================  ===================================================
notation                       meaning
=============================  ===================================================
``draw red fly``               chance: the card dealt or drawn is a red fly
``play red fly``               play one red fly (onto a fitting pile, or a new one)
``play 2 red fly``             play two red flies at once
``play red fly+joker on 3``    a red fly and a fly joker onto pile 3
``play 2 joker ant on 0``      two ant jokers onto pile 0 (only to continue an attack)
``swat 3``                     the weapon of pile 3's type onto pile 3 (one card, no attack)
``defend 2``                   defend the attack with 2 weapons (the pile's size - 1)
``give food``                  give up a food card to the attacker
``buy``, ``buy captured``      variant: 4 cards for one own (or captured) food
=============================  ===================================================

Piles are numbered from 0 in the order they were started (a pile taken away
renumbers those after it). ``str(move)`` writes the notation and
:func:`move_from_str` reads it back; reading is case-insensitive and forgiving
about spaces and plurals (``Play 2 Red Flies + Joker on 3``).

Limits: a move is at most :data:`MAX_NOTATION` characters and any number in it
at most :data:`MAX_NUMBER`; longer text or larger numbers are an
:class:`~picnic_rules.InvalidMove`.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from ..errors import InvalidMove
from .cards import CARDS, Card, Colour, Insect

__all__ = [
    "MAX_NOTATION",
    "MAX_NUMBER",
    "MOVE_TYPES",
    "Buy",
    "Defend",
    "Draw",
    "GiveUp",
    "Move",
    "Play",
    "Swat",
    "move_from_str",
]

MAX_NOTATION: Final = 80
"""The longest text :func:`move_from_str` reads, in characters."""
MAX_NUMBER: Final = 999
"""The largest number (of cards or of a pile) notation accepts."""


@attrs.frozen
class Draw:
    """Chance: the card dealt or drawn is ``card``."""

    card: Card

    def __str__(self) -> str:
        return f"draw {self.card}"


@attrs.frozen
class Play:
    """Play ``count`` insects of ``insect`` in ``colour`` and ``jokers`` of its jokers, onto
    pile ``onto`` (``None``: a new pile). ``colour`` is ``None`` exactly when ``count`` is 0."""

    insect: Insect
    colour: Colour | None
    count: int
    jokers: int = 0
    onto: int | None = None

    def __str__(self) -> str:
        # a malformed play (no card, a colour with no count) is written so that it
        # reads back as itself or not at all, never as another, legal play
        if self.colour is not None:
            text = f"{self.count} " if self.count != 1 else ""
            text += f"{self.colour} {self.insect}"
            if self.jokers:
                text += "+joker" if self.jokers == 1 else f"+{self.jokers} jokers"
        elif self.count:
            text = f"{self.count} colourless {self.insect}"
        else:
            text = f"{self.jokers} " if self.jokers != 1 else ""
            text += f"joker {self.insect}"
        return f"play {text}" + ("" if self.onto is None else f" on {self.onto}")

    @property
    def cards(self) -> int:
        """How many cards the play holds."""
        return self.count + self.jokers


@attrs.frozen
class Swat:
    """Play one weapon onto the one-card pile ``pile`` of its type (outside an attack)."""

    pile: int

    def __str__(self) -> str:
        return f"swat {self.pile}"


@attrs.frozen
class Defend:
    """Defend the attack with ``weapons`` weapons of the attacking pile's type (its size - 1)."""

    weapons: int

    def __str__(self) -> str:
        return f"defend {self.weapons}"


@attrs.frozen
class GiveUp:
    """Give up one food card to the seat that played the attacking pile's last card."""

    def __str__(self) -> str:
        return "give food"


@attrs.frozen
class Buy:
    """Variant: buy 4 cards for one food, own (``captured=False``) or captured."""

    captured: bool = False

    def __str__(self) -> str:
        return "buy captured" if self.captured else "buy"


Move: TypeAlias = Draw | Play | Swat | Defend | GiveUp | Buy
"""Any move of the insects game."""

MOVE_TYPES: tuple[type[Move], ...] = (Draw, Play, Swat, Defend, GiveUp, Buy)
"""The move classes, in a fixed order."""

_USAGE = (
    "expected one of: play [N] COLOUR INSECT[+[N] joker] [on PILE], play [N] joker INSECT "
    "[on PILE], swat PILE, defend N, give food, buy, buy captured, draw CARD"
)
_INSECTS = {
    "ant": Insect.ANT,
    "ants": Insect.ANT,
    "spider": Insect.SPIDER,
    "spiders": Insect.SPIDER,
    "fly": Insect.FLY,
    "flies": Insect.FLY,
}
_COLOURS = {str(c): c for c in Colour} | {"jokers": None, "joker": None}
_WEAPONS = {
    "spray": Card.SPRAY,
    "boots": Card.BOOTS,
    "boot": Card.BOOTS,
    "swatter": Card.SWATTER,
    "swat": Card.SWATTER,
}


def _number(text: str, word: str, what: str) -> int:
    if not word.isascii() or not word.isdigit():
        raise InvalidMove(text, f"{word!r} is not a {what}")
    digits = word.lstrip("0") or "0"
    if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        raise InvalidMove(text, f"{what} {word} is more than {MAX_NUMBER}")
    return int(digits)


def _card(text: str, words: list[str]) -> Card:
    if len(words) == 1 and words[0] in _WEAPONS:
        return _WEAPONS[words[0]]
    if len(words) == 2 and words[0] in _COLOURS and words[1] in _INSECTS:
        colour, insect = _COLOURS[words[0]], _INSECTS[words[1]]
        return CARDS[5 * insect + (4 if colour is None else colour)]
    raise InvalidMove(
        text, f"{' '.join(words)!r} is not a card (such as 'red fly', 'joker ant', 'spray')"
    )


def _group(text: str, words: list[str]) -> tuple[int, Colour | None, Insect | None]:
    """``[N] COLOUR|joker [INSECT]``: the number, the colour (``None``: jokers), the insect."""
    count = 1
    if words and words[0][:1].isdigit():
        count = _number(text, words[0], "number of cards")
        words = words[1:]
        if count == 0:
            raise InvalidMove(text, "a play holds at least one card of each kind it names")
    if not words or words[0] not in _COLOURS:
        raise InvalidMove(text, "expected a colour (red, blue, yellow, green) or joker")
    colour = _COLOURS[words[0]]
    if len(words) == 1:
        return count, colour, None
    if len(words) == 2 and words[1] in _INSECTS:
        return count, colour, _INSECTS[words[1]]
    raise InvalidMove(text, f"{' '.join(words[1:])!r} is not an insect (ant, spider, fly)")


def _play(text: str, words: list[str]) -> Move:
    onto = None
    if len(words) >= 2 and words[-2] == "on":
        onto = _number(text, words[-1], "pile number")
        words = words[:-2]
    if "on" in words:
        raise InvalidMove(text, "expected 'on PILE' at the end")
    groups: list[list[str]] = [[]]
    for word in words:
        if word == "+":
            groups.append([])
        else:
            groups[-1].append(word)
    if len(groups) > 2 or any(not g for g in groups):
        raise InvalidMove(text, "a play is COLOUR INSECT, joker INSECT, or COLOUR INSECT+joker")
    parsed = [_group(text, g) for g in groups]
    insects = {insect for _, _, insect in parsed if insect is not None}
    if len(insects) != 1:
        raise InvalidMove(text, "a play names exactly one insect type (ant, spider, fly)")
    (insect,) = insects
    coloured = [(n, c) for n, c, _ in parsed if c is not None]
    jokers = [n for n, c, _ in parsed if c is None]
    if len(coloured) > 1 or len(jokers) > 1:
        raise InvalidMove(text, "a play holds insects of one colour, and jokers")
    count, colour = coloured[0] if coloured else (0, None)
    return Play(insect, colour, count, jokers[0] if jokers else 0, onto)


def move_from_str(text: str) -> Move:
    """Read a move in notation (syntax only; legality is :func:`~picnic_rules.insects.parse_move`'s job).

    >>> move_from_str("Play 2 red flies + joker on 3")
    Play(insect=Insect.FLY, colour=Colour.RED, count=2, jokers=1, onto=3)
    >>> str(move_from_str("play joker   ant"))
    'play joker ant'
    >>> move_from_str("play purple fly")
    Traceback (most recent call last):
    ...
    picnic_rules.errors.InvalidMove: invalid move 'play purple fly': expected a colour (red, blue, yellow, green) or joker

    Raises :class:`~picnic_rules.InvalidMove` for text that is not a move.
    Text longer than :data:`MAX_NOTATION` is refused unread.
    """
    if not isinstance(text, str):
        raise InvalidMove(f"<{type(text).__name__}>", "a move must be given as a string")
    if len(text) > MAX_NOTATION:
        raise InvalidMove(
            text[:20] + "...", f"notation is {len(text)} characters, more than {MAX_NOTATION}"
        )
    words = text.lower().replace("+", " + ").split()
    if not words:
        raise InvalidMove(text, "empty move")
    verb, args = words[0], words[1:]
    if verb == "play" and args:
        return _play(text, args)
    if verb == "draw" and args:
        return Draw(_card(text, args))
    if verb in ("swat", "weapon") and len(args) == 1:
        return Swat(_number(text, args[0], "pile number"))
    if verb == "defend" and len(args) == 1:
        return Defend(_number(text, args[0], "number of weapons"))
    if verb == "give" and args in (["food"], ["up"], ["up", "food"]):
        return GiveUp()
    if verb == "buy" and args in ([], ["own"], ["food"], ["captured"]):
        return Buy(args == ["captured"])
    raise InvalidMove(text, _USAGE)
