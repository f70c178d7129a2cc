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

Each move class declares its forms with :data:`NOTATION` (the kit's
:class:`~picnic_rules.kit.Notation`), which writes ``str(move)`` and reads it
back (:func:`move_from_str`). Words are case-insensitive and spaces around
``,`` and ``:`` are forgiven.

Limits: a move is at most :data:`MAX_NOTATION` characters, a landing knocks at
most :data:`MAX_KNOCKS` dice, numbers are at most :data:`MAX_NUMBER`.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import attrs

from ..errors import InvalidMove
from ..kit import Choice, Form, Notation, Number
from .cards import CARD, DIE, DieKind, PicnicCard, RoundCard, ScoringCard
from .readers import Cell, Repeated, Row, Where

__all__ = [
    "CHANCE_FORMS",
    "FORMS",
    "MAX_KNOCKS",
    "MAX_NOTATION",
    "MAX_NUMBER",
    "MOVE_TYPES",
    "NOTATION",
    "NOTES",
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
    "USAGE",
    "move_from_str",
]

MAX_NOTATION: Final = 200
"""The longest text :func:`move_from_str` reads, in characters."""
MAX_KNOCKS: Final = 4
"""The most dice one landing may knock (house rule: a size limit on landings)."""
MAX_NUMBER: Final = 999
"""The largest number notation reads (colony cells lie within about +-72 of the first plate)."""


def _number(what: str) -> Number:
    """A number from 0 to :data:`MAX_NUMBER`, called ``what`` in errors."""
    return Number(0, MAX_NUMBER, what)


FORMS: Final = (
    ("toss DIE-KIND at POSITION", "toss soldier at 4"),
    ("keep", "keep"),
    ("retoss at POSITION", "retoss at 5"),
    ("settle DIE on POSITION", "settle worker2 on 4"),
    ("place CARD at X,Y turn TURN [planner]", "place blue-cookie at 1,0 turn 2"),
    ("play second-wind DIE", "play second-wind worker2"),
    ("play stomp SEAT:DIE", "play stomp 1:scout1"),
    ("play honey on POSITION", "play honey on 4"),
    ("play scout-ahead DIE to POSITION", "play scout-ahead worker2 to 5"),
    ("play re-toss at POSITION", "play re-toss at 5"),
    ("play double-time", "play double-time"),
    ("play head-start", "play head-start"),
)
"""Each form a player types, with an example (the notation help lists them in this order)."""

CHANCE_FORMS: Final = (
    ("draw CARD", "draw blue-cookie"),
    ("land FACE on CARD[,CARD] [touching]", "land 2 on 4,5 touching"),
    ("land FACE loose", "land 1 loose"),
    (
        "land FACE on CARD[,CARD] touching knock SEAT:DIE to CARD[,CARD] showing N",
        "land 3 on 4 touching knock 1:scout1 to 5 showing 2",
    ),
    ("rolloff N...", "rolloff 7 9"),
    ("reveal ROUND-CARD", "reveal honey"),
    (
        "deal scoring N... rewards N... majority N N N N N N",
        "deal scoring 1 4 7 rewards 5 6 3 majority 7 5 4 6 5 3",
    ),
)
"""Each form of a chance move, with an example: typed only at a real table (``--table``)."""

NOTES: Final = (
    "DIE-KIND: soldier, worker or scout; DIE: soldier, worker1-3 or scout1-2, SEAT:DIE another "
    "seat's (1:scout1); POSITION: a card's number in the area; CARD: colour-food, -2 after it "
    "for two ants; X,Y: the colony cell of the plate; TURN: 0 to 3 quarter turns clockwise"
)
"""What the capitals in :data:`FORMS` stand for."""


def _shown(forms: tuple[tuple[str, str], ...]) -> str:
    """The forms with their examples: ``toss DIE-KIND at POSITION (toss soldier at 4)``."""
    return ", ".join(form if form == example else f"{form} ({example})" for form, example in forms)


USAGE: Final = (
    f"expected one of: {_shown(FORMS)}; chance, at a real table: {_shown(CHANCE_FORMS)} ({NOTES})"
)
"""The notation help: every form with an example, the player's first, then what the
capitals stand for (one line; the error for text that is no move)."""


class _Notation(Notation):
    """The kit's notation, whose help shows every form with an example (:data:`USAGE`) and
    whose error for a known verb ends with that verb's examples."""

    @property
    def usage(self) -> str:
        """:data:`USAGE`."""
        return USAGE

    def read(self, text: str) -> Any:
        """The move ``text`` writes (see :meth:`Notation.read`)."""
        try:
            return super().read(text)
        except InvalidMove as error:
            verb = text.split()[0].lower() if isinstance(text, str) and text.split() else ""
            examples = [e for _, e in FORMS + CHANCE_FORMS if e.split()[0] == verb]
            examples = [e for e in examples if e not in error.reason]
            if error.reason == USAGE or not examples:
                raise
            raise InvalidMove(
                error.text, f"{error.reason}; for example {', '.join(examples)}"
            ) from None


NOTATION: Final = _Notation(max_length=MAX_NOTATION, readers={PicnicCard: CARD})
"""The notation of the ants game's moves."""
_KNOCK: Final = Notation(max_length=MAX_NOTATION)
"""The notation of a knock, a part of a landing (no move on its own)."""


@NOTATION.move(
    Form("deal scoring rewards majority {majority}", scoring=(), rewards=()),  # majority only
    "deal scoring {scoring} rewards {rewards} majority {majority}",
    scoring=Row(Choice(ScoringCard, "scoring card")),
    rewards=Row(_number("reward")),
    majority=Row(_number("reward"), "N N N N N N"),
)
@attrs.frozen
class Deal:
    """Chance at set-up: the Scoring cards (ascending), the Reward token on each, and the
    tokens on the Majority card's categories (watermelons, sandwiches, cookies, blue, green, purple)."""

    scoring: tuple[ScoringCard, ...]
    rewards: tuple[int, ...]
    majority: tuple[int, ...]


@NOTATION.move("draw {card}")
@attrs.frozen
class Draw:
    """Chance: ``card`` fills the first gap of the area."""

    card: PicnicCard


@NOTATION.move("toss {die} at {target}", target=_number("position"))
@attrs.frozen
class Toss:
    """Toss a die of kind ``die`` from your anthill at area position ``target``."""

    die: DieKind
    target: int


@_KNOCK.move(
    "knock {seat}:{die} {cards} showing {face}",
    seat=_number("seat"),
    die=DIE,
    cards=Where("to", _number("position")),
    face=_number("face"),
)
@attrs.frozen
class Knock:
    """A die the landing knocked: seat ``seat``'s die ``die`` now touches ``cards``
    (none: loose) and shows ``face`` ants."""

    seat: int
    die: int
    cards: tuple[int, ...]
    face: int


@NOTATION.move(
    Form("land {face} {cards}", touched=False, knocks=()),
    Form("land {face} {cards} touching", touched=True, knocks=()),
    Form("land {face} {cards} touching knock {knocks}", touched=True),
    Form("land {face} {cards} knock {knocks}", touched=False),
    face=_number("face"),
    cards=Where("on", _number("position")),
    knocks=Repeated(
        _KNOCK, "knock", MAX_KNOCKS, "knocks", "SEAT:DIE to CARD[,CARD] showing N [knock ...]"
    ),
)
@attrs.frozen
class Landing:
    """Chance: the tossed die shows ``face`` ants and touches ``cards`` (none, one, or two
    neighbours, ascending); ``touched`` if it touched other dice; ``knocks`` the dice it moved."""

    face: int
    cards: tuple[int, ...]
    touched: bool = False
    knocks: tuple[Knock, ...] = ()


@NOTATION.move("keep")
@attrs.frozen
class Keep:
    """Keep the landing (no re-toss)."""


@NOTATION.move("retoss at {target}", target=_number("position"))
@attrs.frozen
class Retoss:
    """Toss the Scout that touched nothing once more, at ``target``."""

    target: int


@NOTATION.move("settle {die} on {card}", die=DIE, card=_number("position"))
@attrs.frozen
class Settle:
    """Move your die ``die``, touching two cards, onto card ``card`` only."""

    die: int
    card: int


@NOTATION.move(
    Form("place {card} at {x},{y} turn {turn}", planner=False),
    Form("place {card} at {x},{y} turn {turn} planner", planner=True),
    x=Cell(-MAX_NUMBER, MAX_NUMBER, "coordinate x"),
    y=Cell(-MAX_NUMBER, MAX_NUMBER, "coordinate y"),
    turn=_number("turn"),
)
@attrs.frozen(cache_hash=True)
class Place:
    """Place the won ``card`` in your colony: its plate on cell ``(x, y)``, turned ``turn``
    quarter turns clockwise; ``planner``: with the Planner Round card.

    Its hash is worked out once: a search weighs hundreds of placements at every
    iteration of a decision to place a card, each looked up by its hash.
    """

    card: PicnicCard
    x: int
    y: int
    turn: int
    planner: bool = False


def _play(template: str, card: RoundCard) -> Form:
    """The form of playing ``card``; the fields it does not name are ``-1``."""
    unused = {name: -1 for name in ("seat", "die", "position") if f"{{{name}}}" not in template}
    return Form(template, card=card, **unused)


@NOTATION.move(
    _play("play second-wind {die}", RoundCard.SECOND_WIND),
    _play("play stomp {seat}:{die}", RoundCard.STOMP),
    _play("play honey on {position}", RoundCard.HONEY),
    _play("play scout-ahead {die} to {position}", RoundCard.SCOUT_AHEAD),
    _play("play re-toss at {position}", RoundCard.RE_TOSS),
    Form("play {card}", seat=-1, die=-1, position=-1),
    card=Choice(
        (RoundCard.DOUBLE_TIME, RoundCard.HEAD_START), "round card played alone", name="ROUND-CARD"
    ),
    seat=_number("seat"),
    die=DIE,
    position=_number("position"),
)
@attrs.frozen
class Play:
    """Play Round card ``card``; the other fields are its target where it has one (``-1``: none).

    ``play second-wind worker2`` (your die from the Puddle), ``play stomp 1:scout1``
    (any die on a card), ``play honey on 4``, ``play double-time``,
    ``play scout-ahead worker2 to 5``, ``play head-start``, ``play re-toss at 4``
    (after your landing). Planner is played with a placement (:class:`Place`).
    """

    card: RoundCard
    seat: int = -1
    die: int = -1
    position: int = -1


@NOTATION.move("rolloff {totals}", totals=Row(_number("total")))
@attrs.frozen
class Rolloff:
    """Chance: the ant totals the seats still tied for starting player roll, in seat order."""

    totals: tuple[int, ...]


@NOTATION.move("reveal {card}")
@attrs.frozen
class Reveal:
    """Chance: the Round card the starting player draws."""

    card: RoundCard


Move: TypeAlias = (
    Deal | Draw | Toss | Landing | Keep | Retoss | Settle | Place | Play | Rolloff | Reveal
)
"""Any move of the ants game."""
MOVE_TYPES: Final = (Deal, Draw, Toss, Landing, Keep, Retoss, Settle, Place, Play, Rolloff, Reveal)
"""The move classes, in a fixed order."""


def move_from_str(text: str) -> Move:
    """Read a move in notation (the syntax only; :func:`~picnic_rules.ants.parse_move` checks it is legal).

    >>> move_from_str("Toss  Worker at 4")
    Toss(die=DieKind.WORKER, target=4)
    >>> str(move_from_str("land 2 on 4 , 5 touching knock 1 : scout1 loose showing 3"))
    'land 2 on 4,5 touching knock 1:scout1 loose showing 3'
    """
    move: Move = NOTATION.read(text)
    return move
