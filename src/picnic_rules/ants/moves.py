"""Moves of the ants game and their notation.

=========================================================  ==========================================================================================
notation                                                   meaning
=========================================================  ==========================================================================================
``deal scoring 1 4 7 rewards 5 6 3 majority 7 5 4 6 5 3``  chance, at set-up: the Scoring cards, the Reward token on each, the Majority card's tokens
``draw blue-cookie``                                       chance: the card that fills the first gap
``toss worker at 4``                                       toss a Worker from your anthill at position 4
``land 3 on 4``                                            chance: the die shows 3 ants and touches card 4
``land 2 on 4,5 touching``                                 ... touches cards 4 and 5 and touched dice
``land 1 loose``                                           ... touches no card
``land 3 on 4 touching knock 1:scout1 to 5 showing 2``     ... and knocked seat 1's first Scout onto card 5, showing 2 (``loose`` for no card)
``keep`` / ``retoss at 4``                                 after a Scout's landing: keep it, or toss it again
``settle worker2 on 4``                                    move your die touching two cards onto card 4
``place blue-cookie at 1,0 turn 2``                        plate on cell 1,0, two quarter turns clockwise
``place blue-cookie at 2,0 turn 0 planner``                the same with the Planner Round card
``play honey on 4`` ...                                    play a Round card (see :class:`Play`)
``rolloff 7 9``                                            chance: the roll-off totals of the tied seats
``reveal honey``                                           chance: the Round card the starting player draws
=========================================================  ==========================================================================================

Words are case-insensitive and spaces around ``,`` and ``:`` are forgiven.
``str(move)`` writes the notation and :func:`move_from_str` reads it back.

Limits: a move is at most :data:`MAX_NOTATION` characters, a landing knocks at
most :data:`MAX_KNOCKS` dice, numbers are at most :data:`MAX_NUMBER`.
"""

from __future__ import annotations

import enum
import re
from typing import Final, TypeAlias, TypeVar

import attrs

from ..errors import InvalidMove
from .cards import (
    DIE_NAMES,
    DieKind,
    PicnicCard,
    RoundCard,
    ScoringCard,
    card_from_str,
    die_from_str,
    round_card_from_str,
)

__all__ = [
    "MAX_KNOCKS",
    "MAX_NOTATION",
    "MAX_NUMBER",
    "MOVE_TYPES",
    "Deal",
    "Draw",
    "Keep",
    "Knock",
    "Landing",
    "Move",
    "Place",
    "Play",
    "Retoss",
    "Reveal",
    "Rolloff",
    "Settle",
    "Toss",
    "move_from_str",
]

T = TypeVar("T")

MAX_NOTATION: Final = 200
"""The longest text :func:`move_from_str` reads, in characters."""
MAX_KNOCKS: Final = 4
"""The most dice one landing may knock (house rule: a size limit on landings)."""
MAX_NUMBER: Final = 999
"""The largest number notation reads (colony cells lie within about +-72 of the first plate)."""


def _cards(cards: tuple[int, ...]) -> str:
    return "loose" if not cards else "on " + _joined(cards)


def _joined(items: tuple[object, ...]) -> str:
    """``items`` joined by commas (any value, for a move whose fields are ill-typed)."""
    return ",".join(map(str, items)) if isinstance(items, (tuple, list)) else str(items)


def _items(value: tuple[T, ...]) -> tuple[T, ...]:
    """``value`` when it is a tuple or list, else no items (for ``__str__`` of ill-typed moves)."""
    return value if isinstance(value, (tuple, list)) else ()


def _word(value: object) -> str:
    """An enum member's notation (its value); anything else as ``str`` (so ``__str__`` of a
    move holding ill-typed values does not fail)."""
    return str(value.value) if isinstance(value, enum.Enum) else str(value)


def _die_name(die: object) -> str:
    """A die index's notation (``worker2``), or ``die7`` for an index no die has."""
    return DIE_NAMES[die] if type(die) is int and 0 <= die < len(DIE_NAMES) else f"die{die}"


@attrs.frozen
class Deal:
    """Chance at set-up: the Scoring cards (ascending), the Reward token on each, and the
    tokens on the Majority card's categories (watermelons, sandwiches, cookies, blue, green, purple)."""

    scoring: tuple[ScoringCard, ...]
    rewards: tuple[int, ...]
    majority: tuple[int, ...]

    def __str__(self) -> str:
        scoring = "".join(f" {_word(card)}" for card in _items(self.scoring))
        rewards = "".join(f" {n}" for n in _items(self.rewards))
        majority = "".join(f" {n}" for n in _items(self.majority))
        return f"deal scoring{scoring} rewards{rewards} majority{majority}"


@attrs.frozen
class Draw:
    """Chance: ``card`` fills the first gap of the area."""

    card: PicnicCard

    def __str__(self) -> str:
        return f"draw {self.card}"


@attrs.frozen
class Toss:
    """Toss a die of kind ``die`` from your anthill at area position ``target``."""

    die: DieKind
    target: int

    def __str__(self) -> str:
        return f"toss {_word(self.die)} at {self.target}"


@attrs.frozen
class Knock:
    """A die the landing knocked: seat ``seat``'s die ``die`` now touches ``cards``
    (none: loose) and shows ``face`` ants."""

    seat: int
    die: int
    cards: tuple[int, ...]
    face: int

    def __str__(self) -> str:
        where = "loose" if not self.cards else "to " + _joined(self.cards)
        return f"knock {self.seat}:{_die_name(self.die)} {where} showing {self.face}"


@attrs.frozen
class Landing:
    """Chance: the tossed die shows ``face`` ants and touches ``cards`` (none, one, or two
    neighbours, ascending); ``touched`` if it touched other dice; ``knocks`` the dice it moved."""

    face: int
    cards: tuple[int, ...]
    touched: bool = False
    knocks: tuple[Knock, ...] = ()

    def __str__(self) -> str:
        text = f"land {self.face} {_cards(self.cards)}"
        if self.touched:
            text += " touching"
        return text + "".join(f" {knock}" for knock in _items(self.knocks))


@attrs.frozen
class Keep:
    """Keep the landing (no re-toss)."""

    def __str__(self) -> str:
        return "keep"


@attrs.frozen
class Retoss:
    """Toss the Scout that touched nothing once more, at ``target``."""

    target: int

    def __str__(self) -> str:
        return f"retoss at {self.target}"


@attrs.frozen
class Settle:
    """Move your die ``die``, touching two cards, onto card ``card`` only."""

    die: int
    card: int

    def __str__(self) -> str:
        return f"settle {_die_name(self.die)} on {self.card}"


@attrs.frozen
class Place:
    """Place the won ``card`` in your colony: its plate on cell ``(x, y)``, turned ``turn``
    quarter turns clockwise; ``planner``: with the Planner Round card."""

    card: PicnicCard
    x: int
    y: int
    turn: int
    planner: bool = False

    def __str__(self) -> str:
        text = f"place {self.card} at {self.x},{self.y} turn {self.turn}"
        return text + " planner" if self.planner else text


@attrs.frozen
class Play:
    """Play Round card ``card``; the other fields are its target where it has one (``-1``: none).

    ``play second-wind worker2`` (your die from the Puddle), ``play stomp 1:scout1``
    (any die on a card), ``play honey on 4``, ``play double-time``,
    ``play scout-ahead worker2 to 5``, ``play head-start``, ``play re-toss at 4``
    (after your landing).
    """

    card: RoundCard
    seat: int = -1
    die: int = -1
    position: int = -1

    def __str__(self) -> str:
        text = self._text()
        uses = _PLAY_FIELDS.get(self.card, ()) if isinstance(self.card, RoundCard) else ()
        extra = [
            f"{name}={getattr(self, name)}"
            for name in ("seat", "die", "position")
            if name not in uses and getattr(self, name) != -1
        ]
        return f"{text} [{' '.join(extra)}]" if extra else text  # never parses: not a move

    def _text(self) -> str:
        name, card = _die_name(self.die), self.card
        if card is RoundCard.SECOND_WIND:
            return f"play {card.value} {name}"
        if card is RoundCard.STOMP:
            return f"play {card.value} {self.seat}:{name}"
        if card is RoundCard.HONEY:
            return f"play {card.value} on {self.position}"
        if card is RoundCard.SCOUT_AHEAD:
            return f"play {card.value} {name} to {self.position}"
        if card is RoundCard.RE_TOSS:
            return f"play {card.value} at {self.position}"
        return f"play {_word(card)}"


_PLAY_FIELDS: Final = {
    RoundCard.SECOND_WIND: ("die",),
    RoundCard.STOMP: ("seat", "die"),
    RoundCard.HONEY: ("position",),
    RoundCard.RE_TOSS: ("position",),
    RoundCard.SCOUT_AHEAD: ("die", "position"),
}


@attrs.frozen
class Rolloff:
    """Chance: the ant totals the seats still tied for starting player roll, in seat order."""

    totals: tuple[int, ...]

    def __str__(self) -> str:
        return "rolloff" + "".join(f" {n}" for n in _items(self.totals))


@attrs.frozen
class Reveal:
    """Chance: the Round card the starting player draws."""

    card: RoundCard

    def __str__(self) -> str:
        return f"reveal {_word(self.card)}"


Move: TypeAlias = (
    Deal | Draw | Toss | Landing | Keep | Retoss | Settle | Place | Play | Rolloff | Reveal
)
"""Any move of the ants game."""
MOVE_TYPES: Final = (Deal, Draw, Toss, Landing, Keep, Retoss, Settle, Place, Play, Rolloff, Reveal)
"""The move classes, in a fixed order."""


class _Bad(Exception):
    pass


def _number(word: str) -> int:
    if not word.isascii() or not word.isdigit() or len(word) > 3:
        raise _Bad(f"{word!r} is not a number from 0 to {MAX_NUMBER}")
    return int(word)


def _signed(word: str) -> int:
    if word.startswith("-"):
        return -_number(word[1:])
    return _number(word)


def _positions(word: str) -> tuple[int, ...]:
    parts = word.split(",")
    if len(parts) > 2:
        raise _Bad(f"{word!r}: a die touches at most two cards")
    return tuple(_number(p) for p in parts)


def _seat_die(word: str) -> tuple[int, int]:
    seat, colon, die = word.partition(":")
    if not colon:
        raise _Bad(f"{word!r} is not SEAT:DIE (like 1:worker2)")
    return _number(seat), die_from_str(die)


def _landing(words: list[str]) -> Landing:
    if len(words) < 2:
        raise _Bad("expected land FACE on CARD[,CARD] or land FACE loose")
    face = _number(words[0])
    if words[1] == "loose":
        cards: tuple[int, ...] = ()
        rest = words[2:]
    elif words[1] == "on" and len(words) >= 3:
        cards = _positions(words[2])
        rest = words[3:]
    else:
        raise _Bad("expected land FACE on CARD[,CARD] or land FACE loose")
    touched = False
    if rest[:1] == ["touching"]:
        touched, rest = True, rest[1:]
    knocks = []
    while rest:
        if rest[0] != "knock" or len(rest) < 5:
            raise _Bad("expected knock SEAT:DIE to CARD[,CARD] showing N (or loose)")
        seat, die = _seat_die(rest[1])
        if rest[2] == "loose":
            where: tuple[int, ...] = ()
            rest = rest[3:]
        elif rest[2] == "to":
            where = _positions(rest[3])
            rest = rest[4:]
        else:
            raise _Bad("expected knock SEAT:DIE to CARD[,CARD] showing N (or loose)")
        if len(rest) < 2 or rest[0] != "showing":
            raise _Bad("a knocked die says what it is showing: showing N")
        knocks.append(Knock(seat, die, where, _number(rest[1])))
        rest = rest[2:]
        if len(knocks) > MAX_KNOCKS:
            raise _Bad(f"a landing knocks at most {MAX_KNOCKS} dice")
    return Landing(face, cards, touched, tuple(knocks))


def _deal(words: list[str]) -> Deal:
    if not words or words[0] != "scoring" or "rewards" not in words or "majority" not in words:
        raise _Bad("expected deal scoring N... rewards N... majority N N N N N N")
    r, m = words.index("rewards"), words.index("majority")
    if not 0 < r < m:
        raise _Bad("expected deal scoring N... rewards N... majority N N N N N N")
    try:
        scoring = tuple(ScoringCard(_number(w)) for w in words[1:r])
    except ValueError:
        raise _Bad("Scoring cards are numbered 1 to 10") from None
    return Deal(scoring, tuple(map(_number, words[r + 1 : m])), tuple(map(_number, words[m + 1 :])))


def _play(words: list[str]) -> Play:
    card = round_card_from_str(words[0])
    rest = words[1:]
    if card in (RoundCard.DOUBLE_TIME, RoundCard.HEAD_START) and not rest:
        return Play(card)
    if card is RoundCard.SECOND_WIND and len(rest) == 1:
        return Play(card, die=die_from_str(rest[0]))
    if card is RoundCard.STOMP and len(rest) == 1:
        seat, die = _seat_die(rest[0])
        return Play(card, seat=seat, die=die)
    if card is RoundCard.HONEY and len(rest) == 2 and rest[0] == "on":
        return Play(card, position=_number(rest[1]))
    if card is RoundCard.RE_TOSS and len(rest) == 2 and rest[0] == "at":
        return Play(card, position=_number(rest[1]))
    if card is RoundCard.SCOUT_AHEAD and len(rest) == 3 and rest[1] == "to":
        return Play(card, die=die_from_str(rest[0]), position=_number(rest[2]))
    if card is RoundCard.PLANNER:
        raise _Bad("Planner is played with a placement: place CARD at X,Y turn R planner")
    raise _Bad(f"unexpected words after play {card.value}")


def _parse(words: list[str]) -> Move:
    head, rest = words[0], words[1:]
    if head == "toss" and len(rest) == 3 and rest[1] == "at":
        try:
            kind = DieKind(rest[0])
        except ValueError:
            raise _Bad(f"{rest[0]!r} is not soldier, worker or scout") from None
        return Toss(kind, _number(rest[2]))
    if head == "land":
        return _landing(rest)
    if head == "keep" and not rest:
        return Keep()
    if head == "retoss" and len(rest) == 2 and rest[0] == "at":
        return Retoss(_number(rest[1]))
    if head == "settle" and len(rest) == 3 and rest[1] == "on":
        return Settle(die_from_str(rest[0]), _number(rest[2]))
    if head == "place" and len(rest) in (5, 6) and rest[1] == "at" and rest[3] == "turn":
        if len(rest) == 6 and rest[5] != "planner":
            raise _Bad(f"unexpected {rest[5]!r} after the turn")
        x, comma, y = rest[2].partition(",")
        if not comma:
            raise _Bad(f"{rest[2]!r} is not a cell X,Y")
        return Place(
            card_from_str(rest[0]), _signed(x), _signed(y), _number(rest[4]), len(rest) == 6
        )
    if head == "play" and rest:
        return _play(rest)
    if head == "draw" and len(rest) == 1:
        return Draw(card_from_str(rest[0]))
    if head == "deal":
        return _deal(rest)
    if head == "rolloff" and rest:
        return Rolloff(tuple(map(_number, rest)))
    if head == "reveal" and len(rest) == 1:
        return Reveal(round_card_from_str(rest[0]))
    raise _Bad(
        "expected toss, land, keep, retoss, settle, place, play, draw, deal, rolloff or reveal"
    )


def move_from_str(text: str) -> Move:
    """Read a move in notation (the syntax only; :func:`~picnic_rules.ants.parse_move` checks it is legal).

    >>> move_from_str("Toss  Worker at 4")
    Toss(die=DieKind.WORKER, target=4)
    >>> str(move_from_str("land 2 on 4 , 5 touching knock 1 : scout1 loose showing 3"))
    'land 2 on 4,5 touching knock 1:scout1 loose showing 3'
    """
    if not isinstance(text, str):
        raise InvalidMove(repr(text)[:40], "a move in notation is a string")
    if len(text) > MAX_NOTATION:
        raise InvalidMove(text[:40] + "...", f"more than {MAX_NOTATION} characters")
    clean = re.sub(r"\s*([,:])\s*", r"\1", text.strip().lower())
    words = clean.split()
    if not words:
        raise InvalidMove(text, "an empty move")
    try:
        return _parse(words)
    except _Bad as exc:
        raise InvalidMove(text, str(exc)) from None
