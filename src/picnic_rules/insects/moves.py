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
renumbers those after it). Each move class declares its forms with the game's
:data:`NOTATION` (:class:`picnic_rules.kit.Notation`): ``str(move)`` writes the
first form that fits and :func:`move_from_str` reads every form back, ignoring
case and spaces and reading plural insects (``Play 2 Red Flies + Joker on 3``).

Every move keeps its hash once computed (``cache_hash``): a search looks moves up in
its tree at every step, and most moves are interned, so each is hashed once.

Limits: a move is at most :data:`MAX_NOTATION` characters and any number in it
at most :data:`MAX_NUMBER`; longer text or larger numbers are an
:class:`~picnic_rules.InvalidMove`.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from ..kit import Choice, Form, Notation, NotationError, Number
from .cards import CARDS, Card, Colour, Insect, insect_card

__all__ = [
    "MAX_NOTATION",
    "MAX_NUMBER",
    "MOVE_TYPES",
    "NOTATION",
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

_PLURALS: Final = {"ants": Insect.ANT, "spiders": Insect.SPIDER, "flies": Insect.FLY}


class _CardReader(Choice[Card]):
    """A card by its name (``red fly``, ``joker ant``, ``spray``), plurals and short weapon
    names too, refused with a short example rather than all 18 names."""

    def read(self, text: str) -> Card:
        """The card named ``text``."""
        try:
            return super().read(text)
        except NotationError:
            raise NotationError(
                f"{text!r} is not a card (such as red fly, joker ant, spray)"
            ) from None


def _card_aliases() -> dict[str, Card]:
    """Other names of cards: plurals (``red flies``, ``jokers ant``) and short weapon names."""
    aliases = {"boot": Card.BOOTS, "swat": Card.SWATTER}
    for name, insect in (*_PLURALS.items(), *((str(i), i) for i in Insect)):
        for colour in (*Colour, None):
            card = insect_card(insect, colour)
            aliases[f"{str(card).split()[0]} {name}"] = card
        aliases[f"jokers {name}"] = insect_card(insect, None)
    return aliases


INSECT: Final = Choice(Insect, "kind of insect", name="INSECT", aliases=_PLURALS)
"""An insect type, singular or plural (``fly``, ``flies``)."""
CARD: Final = _CardReader(CARDS, "card", aliases=_card_aliases())
"""A card kind by its name (``red fly``, ``joker ant``, ``boots``)."""
COUNT: Final = Number(1, MAX_NUMBER, "count")
"""How many cards of a kind a play holds."""
PILE: Final = Number(0, MAX_NUMBER, "pile")
"""A pile's number."""

NOTATION: Final = Notation(
    max_length=MAX_NOTATION,
    readers={Card: CARD, Insect: INSECT},
    notes="a play is [COUNT] COLOUR INSECT[+[COUNT] jokers] or [COUNT] joker INSECT, "
    "then [on PILE]",
)
"""The notation of the insects game's moves."""


def _anywhere(*forms: Form) -> list[Form]:
    """Each form of a play onto pile ``on PILE``, then onto a new pile."""
    return [
        placed
        for form in forms
        for placed in (Form(f"{form.template} on {{onto}}", **form.fixed), form)
    ]


@NOTATION.move("draw {card}")
@attrs.frozen(cache_hash=True)
class Draw:
    """Chance: the card dealt or drawn is ``card``."""

    card: Card


@NOTATION.move(
    # a malformed play (no card, a colour with no count) is written so that it never
    # reads back as a legal play
    *_anywhere(
        Form("play {colour} {insect}", count=1, jokers=0),
        Form("play {colour} {insect}+joker", count=1, jokers=1),
        Form("play {colour} {insect}+{jokers} jokers", count=1),
        Form("play {count} {colour} {insect}", jokers=0),
        Form("play {count} {colour} {insect}+joker", jokers=1),
        Form("play {count} {colour} {insect}+{jokers} jokers"),
        Form("play joker {insect}", colour=None, count=0, jokers=1),
        Form("play {jokers} joker {insect}", colour=None, count=0),
        Form("play {jokers} jokers {insect}", colour=None, count=0),
        Form("play {count} colourless {insect}", colour=None),
    ),
    usage="play [N] COLOUR INSECT[+joker|+N jokers] [on PILE]",
    colour=Choice(Colour),
    count=COUNT,
    jokers=COUNT,
    onto=PILE,
)
@attrs.frozen(cache_hash=True)
class Play:
    """Play ``count`` insects of ``insect`` in ``colour`` and ``jokers`` of its jokers, onto
    pile ``onto`` (``None``: a new pile). ``colour`` is ``None`` exactly when ``count`` is 0."""

    insect: Insect
    colour: Colour | None
    count: int
    jokers: int = 0
    onto: int | None = None

    @property
    def cards(self) -> int:
        """How many cards the play holds."""
        return self.count + self.jokers


@NOTATION.move("swat {pile}", "weapon {pile}", pile=PILE)
@attrs.frozen(cache_hash=True)
class Swat:
    """Play one weapon onto the one-card pile ``pile`` of its type (outside an attack)."""

    pile: int


@NOTATION.move("defend {weapons}", weapons=Number(0, MAX_NUMBER, "count"))
@attrs.frozen(cache_hash=True)
class Defend:
    """Defend the attack with ``weapons`` weapons of the attacking pile's type (its size - 1)."""

    weapons: int


@NOTATION.move("give food", "give up", "give up food")
@attrs.frozen(cache_hash=True)
class GiveUp:
    """Give up one food card to the seat that played the attacking pile's last card."""


@NOTATION.move(Form("buy captured", captured=True), "buy", "buy own", "buy food")
@attrs.frozen(cache_hash=True)
class Buy:
    """Variant: buy 4 cards for one food, own (``captured=False``) or captured."""

    captured: bool = False


Move: TypeAlias = Draw | Play | Swat | Defend | GiveUp | Buy
"""Any move of the insects game."""

MOVE_TYPES: tuple[type[Move], ...] = (Draw, Play, Swat, Defend, GiveUp, Buy)
"""The move classes, in a fixed order."""


def move_from_str(text: str) -> Move:
    """Read a move in notation (syntax only; legality is :func:`~picnic_rules.insects.parse_move`'s job).

    >>> move_from_str("Play 2 red flies + joker on 3")
    Play(insect=Insect.FLY, colour=Colour.RED, count=2, jokers=1, onto=3)
    >>> str(move_from_str("play joker   ant"))
    'play joker ant'
    >>> move_from_str("play purple fly")
    Traceback (most recent call last):
    ...
    picnic_rules.errors.InvalidMove: invalid move 'play purple fly': 'purple' is not a colour (red, blue, yellow, green)

    Raises :class:`~picnic_rules.InvalidMove` for text that is not a move.
    Text longer than :data:`MAX_NOTATION` is refused unread.
    """
    move: Move = NOTATION.read(text)
    return move
