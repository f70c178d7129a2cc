"""The ants engine's speed, kept apart from its rules.

Nothing here decides a rule. The engine (:mod:`picnic_rules.ants.engine`)
plays the round; this module gives it, behind named functions,

* the phases, spots and Round cards as module constants (reading a module
  global costs about a tenth of ``Phase.SEND``, and the engine compares them
  at every step), and fixed tables (layouts, turn orders, die sizes);
* interned values: dice in the area, placed cards, Round card plays, settles and
  placements are immutable, so each is built once and shared;
* remembered answers: the cards in the area and a colony's spots (asked about
  several times in a row), the tosses of an anthill, where a seat's dice are
  (:func:`seat_dice`, asked by the computer's choices and the search's judgement) and the
  mean throw of each kind of die;
* the placements of a card, enumerated from the colony's spots, the same as
  trying :func:`~picnic_rules.ants.predicates.placement_is_legal` on every
  cell and turn (a test compares them).

:func:`clear_caches` forgets every remembered answer and interned value; a
test plays games clearing them at each step and compares the states with
normal play.
"""

from __future__ import annotations

import functools
from bisect import bisect_left, bisect_right
from operator import itemgetter
from typing import Any, Final

from ..kit import builder
from . import colony as _colony
from . import predicates as _predicates
from .cards import CARD_KINDS, DIE_KINDS, DieKind, PicnicCard, RoundCard, kind_index
from .colony import KEY_WIDTH, key, offsets
from .moves import Keep, Move, Place, Play, Retoss, Settle, Toss
from .predicates import placement_is_legal
from .rules import PLAYERS, POSITIONS, Rules, layout, neighbours
from .state import Die, Phase, Placed, Spot, State

__all__ = [
    "AFTER",
    "AREA",
    "CHANCE_PHASES",
    "DOUBLE_TIME",
    "FILL",
    "HEAD_START",
    "HONEY",
    "KINDS",
    "KIND_IDS",
    "LAND",
    "LAYOUTS",
    "LISTED",
    "LOOSE",
    "NEXT_SEATS",
    "OVER",
    "PLACE",
    "PLANNER",
    "RE_TOSS",
    "ROLLOFF",
    "ROUND_CARD",
    "SCOUT_AHEAD",
    "SECOND_WIND",
    "SECOND_WIND_PLAYS",
    "SEND",
    "SETTLE",
    "SETUP",
    "SIZES",
    "TARGETS",
    "TURN_ORDERS",
    "STOMP",
    "STOMP_PLAYS",
    "AT_HOME",
    "ON_PUDDLE",
    "after_moves",
    "area_cards",
    "area_gaps",
    "cards_near",
    "clear_caches",
    "colony_with",
    "die_in_area",
    "first_home",
    "has_home",
    "has_spot",
    "honey_plays",
    "is_spot",
    "kind_tosses",
    "mean_throw",
    "placed_by",
    "placed_card",
    "placements",
    "remember_gaps",
    "round_card_play",
    "scout_ahead_plays",
    "seat_dice",
    "settles",
    "spots_of",
    "tosses",
    "won_placements",
]

SETUP: Final = Phase.SETUP
FILL: Final = Phase.FILL
SEND: Final = Phase.SEND
LAND: Final = Phase.LAND
AFTER: Final = Phase.AFTER
SETTLE: Final = Phase.SETTLE
PLACE: Final = Phase.PLACE
ROLLOFF: Final = Phase.ROLLOFF
ROUND_CARD: Final = Phase.ROUND_CARD
OVER: Final = Phase.OVER
CHANCE_PHASES: Final = frozenset((LAND, FILL, SETUP, ROLLOFF, ROUND_CARD))
"""The phases in which chance acts (a set: a phase is hashed by identity, and one not in it
is not compared with each)."""

AT_HOME: Final = Spot.HOME
ON_PUDDLE: Final = Spot.PUDDLE
LOOSE: Final = Spot.LOOSE
AREA: Final = Spot.AREA

SECOND_WIND: Final = RoundCard.SECOND_WIND
STOMP: Final = RoundCard.STOMP
HONEY: Final = RoundCard.HONEY
RE_TOSS: Final = RoundCard.RE_TOSS
DOUBLE_TIME: Final = RoundCard.DOUBLE_TIME
SCOUT_AHEAD: Final = RoundCard.SCOUT_AHEAD
PLANNER: Final = RoundCard.PLANNER
HEAD_START: Final = RoundCard.HEAD_START

LAYOUTS: Final = {n: layout(n) for n in range(PLAYERS[0], PLAYERS[1] + 1)}
"""The area positions used, by seat count (:func:`~picnic_rules.ants.rules.layout`)."""
SIZES: Final = tuple(kind.size for kind in DIE_KINDS)
"""Each die index's size: 3 the Soldier, 2 a Worker, 1 a Scout."""
KINDS: Final = {card: kind_index(card) for card in CARD_KINDS}
"""Each picnic card's index in :data:`~picnic_rules.ants.cards.CARD_KINDS`."""
KIND_IDS: Final = {id(card): kind for card, kind in KINDS.items()}
"""The same by the ``id`` of the cards themselves (which a state and the draws hold; they
live as long as the module, so their ids are never reused): no card hashed."""
TURN_ORDERS: Final = {
    n: tuple(tuple((starter + i) % n for i in range(n)) for starter in range(n))
    for n in range(PLAYERS[0], PLAYERS[1] + 1)
}
"""The seats in turn order, by seat count and starting player."""
_INDEXES: Final = {
    kind: tuple(i for i, k in enumerate(DIE_KINDS) if k is kind)
    for kind in dict.fromkeys(DIE_KINDS)
}
"""Each die kind's die indexes (found by identity: an enum member hashes by ``id``)."""


def first_home(dice: tuple[Die, ...], kind: DieKind) -> int:
    """The first die of ``kind`` among a seat's ``dice`` that is on its anthill, or -1."""
    if type(kind) is DieKind:  # anything else (a move's ill-typed field) is no kind
        for i in _INDEXES[kind]:
            if dice[i].spot is AT_HOME:
                return i
    return -1


# --------------------------------------------------------------------------
# interned values


_DIES: Final[dict[tuple[int, ...], dict[int, Die]]] = {}
"""Dice in the picnic area, by the cards they touch, then by their face (two lookups of a
small key: faster than one of a pair, whose hash is worked out anew each time)."""


def die_in_area(cards: tuple[int, ...], face: int) -> Die:
    """The die in the area touching ``cards`` (none: loose) showing ``face`` (shared)."""
    by_face = _DIES.get(cards)
    if by_face is not None:
        found = by_face.get(face)
        if found is not None:
            return found
    return _new_die(cards, face)


def _new_die(cards: tuple[int, ...], face: int) -> Die:
    """The die :func:`die_in_area` has not met yet, made (and remembered, up to a bound)."""
    die = Die(AREA if cards else LOOSE, cards, face)
    by_face = _DIES.get(cards)
    if by_face is None and len(_DIES) < 64:
        by_face = _DIES[cards] = {}
    if by_face is not None and len(by_face) < 64:
        by_face[face] = die
    return die


_PLACED: Final = builder(Placed)
placed_card: Final = functools.lru_cache(maxsize=4096)(_PLACED)
"""``Placed(card, x, y, turn, planner)``, shared (its hash computed once)."""
round_card_play: Final = functools.lru_cache(maxsize=4096)(Play)
"""``Play(card, seat, die, position)``, shared (moves are immutable)."""


_SETTLES: Final = tuple(tuple(Settle(die, card) for card in range(POSITIONS)) for die in range(6))
"""The settle of each die index on each area position (moves are immutable, so shared)."""


def settles(dice: tuple[Die, ...]) -> tuple[Move, ...]:
    """Each of a seat's ``dice`` touching two cards settled on either, in die and card order
    (shared moves; a die or card no game has gets a new one)."""
    found: list[Move] = []
    for i, die in enumerate(dice):
        cards = die.cards
        if len(cards) == 2:
            for card in cards:
                found.append(
                    _SETTLES[i][card]
                    if i < 6 and type(card) is int and 0 <= card < POSITIONS
                    else Settle(i, card)
                )
    return tuple(found)


def tosses(home: tuple[bool, ...], targets: tuple[int, ...]) -> tuple[Move, ...]:
    """The tosses of a seat whose dice ``home`` are on the anthill, at ``targets``."""
    kinds = {DIE_KINDS[i] for i, at_home in enumerate(home) if at_home}
    return kind_tosses(_SOLDIER in kinds, _WORKER in kinds, _SCOUT in kinds, targets)


_SOLDIER, _WORKER, _SCOUT = DieKind.SOLDIER, DieKind.WORKER, DieKind.SCOUT
"""The die kinds, in the order of their first die index (:data:`DIE_KINDS`)."""


@functools.lru_cache(maxsize=1024)
def kind_tosses(
    soldier: bool, worker: bool, scout: bool, targets: tuple[int, ...]
) -> tuple[Move, ...]:
    """The tosses of a seat with a Soldier, a Worker, a Scout on its anthill (each if true), at
    ``targets``: kind by kind in die index order (:func:`tosses`, asked by kinds alone: six
    dice make only eight sets of kinds)."""
    kinds = (_SOLDIER, _WORKER, _SCOUT)
    return tuple(
        Toss(kind, target)
        for kind, at_home in zip(kinds, (soldier, worker, scout), strict=True)
        if at_home
        for target in targets
    )


@functools.lru_cache(maxsize=256)
def after_moves(retoss: bool, re_toss: bool, targets: tuple[int, ...]) -> tuple[Move, ...]:
    """What a seat may do after its landing: keep it; toss its Scout again at ``targets`` if
    ``retoss``; play the Re-toss card at ``targets`` if ``re_toss`` (shared: moves are
    immutable)."""
    moves: list[Move] = [Keep()]
    if retoss:
        moves.extend(Retoss(target) for target in targets)
    if re_toss:
        moves.extend(Play(RE_TOSS, position=target) for target in targets)
    return tuple(moves)


SECOND_WIND_PLAYS: Final = tuple(Play(SECOND_WIND, -1, die, -1) for die in range(len(DIE_KINDS)))
"""Second Wind played on each die index (moves are immutable, so shared)."""
STOMP_PLAYS: Final = tuple(
    tuple(Play(STOMP, seat, die, -1) for die in range(len(DIE_KINDS))) for seat in range(PLAYERS[1])
)
"""Stomp played on each seat's each die index."""


@functools.lru_cache(maxsize=256)
def honey_plays(present: tuple[int, ...]) -> tuple[Move, ...]:
    """Honey played on each card of ``present`` (the area positions with a card), shared."""
    return tuple(round_card_play(HONEY, -1, -1, p) for p in present)


@functools.lru_cache(maxsize=1024)
def scout_ahead_plays(
    die: int, cards: tuple[int, ...], present: tuple[int, ...]
) -> tuple[Move, ...]:
    """Scout Ahead played on die index ``die``, touching ``cards``: onto each card of ``present``
    beside one of them that it does not touch, ascending (shared)."""
    beside = sorted({q for p in cards for q in neighbours(p)})
    return tuple(
        round_card_play(SCOUT_AHEAD, -1, die, q) for q in beside if q in present and q not in cards
    )


@functools.lru_cache(maxsize=1024)
def cards_near(present: tuple[int, ...], target: int) -> tuple[int, ...]:
    """The positions of ``present`` beside ``target``."""
    return tuple(q for q in neighbours(target) if q in present)


# --------------------------------------------------------------------------
# remembered answers


NEXT_SEATS: Final = {
    n: tuple(tuple((turn + step) % n for step in range(1, n + 1)) for turn in range(n))
    for n in range(PLAYERS[0], PLAYERS[1] + 1)
}
"""By seat count and seat to act, the seats in the order asked who tosses next: the following
seats in turn, then the seat itself."""


def has_home(dice: tuple[Die, ...]) -> bool:
    """Whether any of a seat's ``dice`` is on its anthill, read only up to the first such die
    (the next seat is asked after each toss)."""
    for die in dice:  # noqa: SIM110 (faster than any() of a generator)
        if die.spot is AT_HOME:
            return True
    return False


_last_means: tuple[Rules | None, dict[DieKind, float]] = (None, {})
"""The last rules :func:`mean_throw` was asked about, with the mean throw of each kind."""


def mean_throw(rules: Rules, kind: DieKind) -> float:
    """The mean of the ants on the faces of a die of ``kind`` under ``rules``: worked out for
    every kind at once and remembered for the last rules asked about (a game's rules are
    one object throughout, and the computer asks at each toss)."""
    global _last_means
    last = _last_means
    if last[0] is not rules:
        means = {}
        for of_kind in DieKind:
            faces = rules.faces(of_kind)
            means[of_kind] = sum(faces) / len(faces)
        last = _last_means = (rules, means)
    return last[1][kind]


SeatDice = tuple[tuple[int, ...], tuple[tuple[int, Die], ...], int, int]
"""What :func:`seat_dice` answers: the ants on each area position, the dice on cards, and
how many dice are on the anthill and on the Puddle."""

_SEAT_DICE: Final[dict[int, tuple[tuple[Die, ...], SeatDice]]] = {}
"""The seats' dice :func:`seat_dice` was lately asked about, by ``id``, each with its answer
(the entry holds the dice, so their ``id`` is not reused while it is here)."""
_SEAT_DICE_KEPT: Final = 256
"""The most seats' dice remembered (then all are forgotten at once)."""


def seat_dice(dice: tuple[Die, ...]) -> SeatDice:
    """Where a seat's ``dice`` are: the ants they show on each area position (a die touching
    two cards counts on both), each die on cards as ``(index, die)`` in order, how many are
    on the anthill and how many on the Puddle. Remembered by the very dice asked about: a
    landing changes one seat's dice (and the knocked ones), so the other seats' dice asked
    about at the next toss are the same objects."""
    found = _SEAT_DICE.get(id(dice))
    if found is not None and found[0] is dice:
        return found[1]
    ants = [0] * POSITIONS
    on: list[tuple[int, Die]] = []
    home = puddle = 0
    for i, die in enumerate(dice):
        spot = die.spot
        if spot is AREA:
            on.append((i, die))
            face = die.face
            for position in die.cards:
                ants[position] += face
        elif spot is AT_HOME:
            home += 1
        elif spot is ON_PUDDLE:
            puddle += 1
    if len(_SEAT_DICE) >= _SEAT_DICE_KEPT:
        _SEAT_DICE.clear()
    answer = (tuple(ants), tuple(on), home, puddle)
    _SEAT_DICE[id(dice)] = (dice, answer)
    return answer


LISTED: list[Any] = [(None, ())]
"""A one-entry memo, replaced whole (so threads never see half of one): the last state
:func:`~picnic_rules.ants.legal_moves` listed moves for, or
:func:`~picnic_rules.ants.toss.sample_landing` drew a landing in, with those moves (or that
landing); ``apply`` trusts a move that is one of those very objects, as ``apply_legal``
does, and checks no more."""


TARGETS: list[Any] = [(None, ())]
"""A one-entry memo like :data:`LISTED`: the last state whose tosses
:func:`~picnic_rules.ants.legal_moves` listed, with the positions a die may be tossed at
(:func:`~picnic_rules.ants.legal.targets`); ``apply`` checks a toss in that state against
them."""


_last_area: tuple[tuple[PicnicCard | None, ...], int, tuple[int, ...]] = ((), 0, ())
"""The last :func:`area_cards` answer with the area and seat count it was for: the area
changes a few times a round, and is asked about at every toss."""


def area_cards(state: State) -> tuple[int, ...]:
    """The area positions that hold a card."""
    last = _last_area
    if last[0] is state.area and last[1] == len(state.dice):
        return last[2]
    return _area_cards(state)


def _area_cards(state: State) -> tuple[int, ...]:
    """:func:`area_cards` worked out, and remembered."""
    global _last_area
    area, players = state.area, len(state.dice)
    cards = tuple([p for p in LAYOUTS[players] if area[p] is not None])
    _last_area = (area, players, cards)
    return cards


_last_gaps: tuple[tuple[PicnicCard | None, ...], int, tuple[int, ...]] = ((), 0, ())
"""The area the last fill made, with its seat count and the positions still without a card."""


def area_gaps(state: State) -> tuple[int, ...]:
    """The layout's positions without a card, in layout order (the next to fill first):
    remembered for the area the last fill made (:func:`remember_gaps`), as the next fill
    asks for them."""
    area, players = state.area, len(state.dice)
    last = _last_gaps
    if last[0] is area and last[1] == players:
        return last[2]
    return tuple([p for p in LAYOUTS[players] if area[p] is None])


def remember_gaps(area: tuple[PicnicCard | None, ...], players: int, gaps: tuple[int, ...]) -> None:
    """Remember that ``area`` (just made by a fill, for ``players`` seats) has ``gaps``."""
    global _last_gaps
    _last_gaps = (area, players, gaps)


# --------------------------------------------------------------------------
# placements, by their codes ``4 * key(x, y) + turn``

_PLACE: Final = builder(Place)
_DELTAS: Final = tuple(
    tuple(key(dx, dy) for dx, dy, _ in offsets(3, turn)[1:]) for turn in range(4)
)
"""Per turn, the :func:`key` offsets of a card's three cells besides its plate (the same for
two- and three-ant cards: only what the fourth cell shows differs)."""
_ANT_DELTAS: Final = {
    ants: tuple(
        tuple(key(dx, dy) for dx, dy, content in offsets(ants, turn) if content == "ant")
        for turn in range(4)
    )
    for ants in (2, 3)
}
"""Per card's ants and turn, the :func:`key` offsets of its ant cells."""
_COVERED: Final = tuple(
    frozenset(
        (
            *(4 * d + turn for d in (0, *_DELTAS[placed]) for turn in range(4)),
            *(-4 * d + turn for turn, cells in enumerate(_DELTAS) for d in cells),
        )
    )
    for placed in range(4)
)
"""Per turn of a card just placed, the codes (relative to ``4 * key`` of its plate) of the
placements it ends: those on its cells (no visible ants now) and those covering its plate."""
_ENDED: Final = (min(min(codes) for codes in _COVERED), max(max(codes) for codes in _COVERED))
"""The least and the greatest of the :data:`_COVERED` codes (a card ends no placement further
away: the rows above and below it)."""
_NEW_SPOTS: Final = {
    (ants, placed): tuple(
        sorted(
            4 * ant + turn
            for ant in _ANT_DELTAS[ants][placed]
            for turn, others in enumerate(_DELTAS)
            if -ant not in others
        )
    )
    for ants in (2, 3)
    for placed in range(4)
}
"""Per ants and turn of a card just placed, the codes (relative to ``4 * key`` of its plate)
of the placements on one of its ants that do not cover its own plate, ascending: bit ``i`` of
a mask stands for the ``i``-th."""


def _blocked(ants: int, placed: int) -> dict[int, int]:
    """The mask of the :data:`_NEW_SPOTS` of a card of ``ants`` just placed turned ``placed``
    that each plate covers, by the plate's :func:`key` relative to the new one."""
    found: dict[int, int] = {}
    for i, code in enumerate(_NEW_SPOTS[ants, placed]):
        ant, turn = code >> 2, code & 3  # code - turn is 4 * ant
        for d in _DELTAS[turn]:
            found[ant + d] = found.get(ant + d, 0) | 1 << i
    return found


_BLOCKED: Final = {(ants, placed): _blocked(ants, placed) for ants in (2, 3) for placed in range(4)}
"""Per ants and turn of a card just placed, the mask of the :data:`_NEW_SPOTS` a plate covers,
by the plate's :func:`key` relative to the new one (a plate elsewhere covers none)."""
_UNBLOCKED: Final = {
    kind: tuple(
        tuple(code for i, code in enumerate(codes) if not mask >> i & 1)
        for mask in range(1 << len(codes))
    )
    for kind, codes in _NEW_SPOTS.items()
}
"""Per ants and turn of a card just placed, and mask of the :data:`_NEW_SPOTS` covered, those
left."""
_FIRST: Final = (0, 1, 2, 3)
"""The codes of the first card's placements: its plate on 0,0, any turn."""
_HALF: Final = KEY_WIDTH // 2


class _Interned(dict[int, Place]):
    """One card's placements already built (moves are immutable), by code; a missing one is
    built on first use (all are forgotten once there are :data:`_INTERNED_KEPT`)."""

    __slots__ = ("card", "planner")

    def __init__(self, card: PicnicCard, planner: bool) -> None:
        super().__init__()
        self.card = card
        self.planner = planner

    def __missing__(self, code: int) -> Place:
        if len(self) >= _INTERNED_KEPT:
            self.clear()
        at = code >> 2
        y = (at + _HALF) // KEY_WIDTH  # cell_of(at)
        place = self[code] = _PLACE(self.card, at - y * KEY_WIDTH, y, code & 3, self.planner)
        return place


_INTERNED_KEPT: Final = 4096
"""The most placements of one card kept."""
_PLACES: Final[dict[int, _Interned]] = {}
"""The interned placements of each card, without and with Planner, by ``2 * id(card) +
planner`` (the entry holds the card, so its ``id`` is not reused while it is here; a card's
hash is a Python-level method, an ``id`` is not)."""
_PLACES_KEPT: Final = 256
"""The most cards' placements kept (then all are forgotten at once): a game's cards are the
18 kinds', and a card built elsewhere gets its own."""


def _interned(card: PicnicCard, planner: bool) -> _Interned:
    """The placements of ``card`` (with Planner or not) by their codes."""
    interned = _PLACES.get(2 * id(card) + planner)
    if interned is None:
        if len(_PLACES) >= _PLACES_KEPT:
            _PLACES.clear()
        interned = _PLACES[2 * id(card) + planner] = _Interned(card, planner)
    return interned


_PLACED_BY: Final[dict[int, tuple[Place, Placed]]] = {}
"""The card each placement applied lately puts into the colony, by the placement's ``id``
with the placement (so its ``id`` is not reused while it is here)."""
_PLACED_KEPT: Final = 8192
"""The most placements remembered (then all are forgotten at once)."""


def placed_by(move: Place) -> Placed:
    """The card ``move`` puts into the colony (``Placed`` of its fields), remembered by the
    very move: listed placements are interned, so the one chosen may have been applied
    before."""
    found = _PLACED_BY.get(id(move))
    if found is not None:
        return found[1]
    placed = _PLACED(move.card, move.x, move.y, move.turn, move.planner)
    if len(_PLACED_BY) >= _PLACED_KEPT:
        _PLACED_BY.clear()
    _PLACED_BY[id(move)] = (move, placed)
    return placed


def placements(colony: tuple[Placed, ...], card: PicnicCard, planner: bool) -> list[Place]:
    """Every legal placement of ``card`` into ``colony`` (with Planner too if ``planner``):
    the plate on a visible ant, the other three cells on no plate; with Planner, every spot
    beside the colony covering nothing; the first card's plate on 0,0."""
    found = list(map(_interned(card, False).__getitem__, spots_of(colony) if colony else _FIRST))
    if planner and colony:
        found.extend(map(_interned(card, True).__getitem__, _planner_spots(colony)))
    return found


def won_placements(
    colony: tuple[Placed, ...], won: tuple[PicnicCard, ...], planner: bool
) -> tuple[Place, ...]:
    """:func:`placements` of each kind of card among ``won`` in turn (each kind once, the
    first of it first), the colony's spots found once."""
    spots: tuple[int, ...]
    if not colony:
        spots = _FIRST
    else:
        last = _last_spots  # most often (an inlined spots_of)
        spots = last[1] if last[0] is colony else spots_of(colony)
    if len(won) == 1 and not (planner and colony):  # the commonest: one card, no Planner
        card = won[0]
        interned = _PLACES.get(2 * id(card)) or _interned(card, False)  # an inlined _interned
        if len(spots) > 1:  # a tuple of the placements at the spots, in one call
            return itemgetter(*spots)(interned)  # type: ignore[no-any-return]
        return tuple(map(interned.__getitem__, spots))
    found: list[Place] = []
    planned = _planner_spots(colony) if planner and colony else ()
    for card in dict.fromkeys(won):
        interned = _PLACES.get(2 * id(card)) or _interned(card, False)
        found.extend(map(interned.__getitem__, spots))
        if planned:
            found.extend(map(_interned(card, True).__getitem__, planned))
    return tuple(found)


def has_spot(colony: tuple[Placed, ...]) -> bool:
    """Whether any card may go into ``colony`` without Planner (a colony has cards): whether
    :func:`spots_of` is not empty."""
    return bool(spots_of(colony))


def is_spot(colony: tuple[Placed, ...], move: Place) -> bool:
    """Whether ``move`` is one of the placements :func:`placements` lists."""
    x, y, turn = move.x, move.y, move.turn
    if not colony or not (0 <= turn <= 3 and -_HALF < x < _HALF and -_HALF < y < _HALF):
        return placement_is_legal(colony, move.card, x, y, turn, move.planner)
    code = 4 * key(x, y) + turn
    return code in (_planner_spots(colony) if move.planner else spots_of(colony))


@functools.lru_cache(maxsize=128)
def _spots(colony: tuple[Placed, ...]) -> tuple[int, ...]:
    """Where any card may go without Planner, as ascending codes: the plate on a visible ant,
    no other cell on a plate. Any card: the cells a card covers do not depend on its ants.

    Built from the colony without its last card (cached): see :func:`_grown_spots`.
    """
    if not colony:
        return ()
    return _grown_spots(_spots(colony[:-1]), colony)


def _grown_spots(before: tuple[int, ...], colony: tuple[Placed, ...]) -> tuple[int, ...]:
    """The spots of ``colony`` from ``before``, those of the colony without its last card:
    that card's cells are no visible ants any more, its plate blocks the spots that would
    cover it, and its own ants are new."""
    last = colony[-1]
    plate = last.y * KEY_WIDTH + last.x  # key(x, y)
    base = 4 * plate
    ended = _COVERED[last.turn]
    low = bisect_left(before, base + _ENDED[0])  # those around the new card only
    high = bisect_right(before, base + _ENDED[1], low)
    codes = list(before[:low])
    for code in before[low:high]:
        if code - base not in ended:
            codes.append(code)
    codes += before[high:]
    kind = last.card.ants, last.turn
    blocked = _BLOCKED[kind]
    covered = 0
    for placed in colony:  # the new card's own plate covers none of them
        mask = blocked.get(placed.y * KEY_WIDTH + placed.x - plate)
        if mask:
            covered |= mask
    for code in _UNBLOCKED[kind][covered]:
        codes.append(base + code)
    codes.sort()
    return tuple(codes)


_GROWN: Final[dict[int, list[Any]]] = {}
"""Each colony :func:`colony_with` made, by ``id``: ``[colony, the colony it grew from, its
spots or None, its Planner spots or None]`` (the entry holds the colony, so its ``id`` is not
reused while it is here). A colony's spots are then found from the smaller colony's by
identity, no colony hashed."""


def colony_with(colony: tuple[Placed, ...], card: Placed) -> tuple[Placed, ...]:
    """``colony`` with ``card`` placed last (a new tuple, whose spots are then worked out
    from ``colony``'s)."""
    grown = colony + (card,)  # noqa: RUF005 (cheaper than unpacking into a new tuple)
    if len(_GROWN) >= 512:
        _GROWN.clear()
    _GROWN[id(grown)] = [grown, colony, None, None]
    return grown


_last_spots: tuple[tuple[Placed, ...], tuple[int, ...]] = ((), ())
"""The last colony :func:`spots_of` was asked about, with its spots."""


def spots_of(colony: tuple[Placed, ...]) -> tuple[int, ...]:
    """Where any card may go into ``colony`` (a colony with cards) without Planner, as
    ascending codes ``4 * key(x, y) + turn``; none when empty (:func:`has_spot`).

    :func:`_spots`, remembering the last colony asked about (each placement asks about one
    colony three times: is there a place, where, and is this one of them), and a colony
    :func:`colony_with` made by the colony it grew from (most often the last one asked about).
    """
    global _last_spots
    last = _last_spots
    if last[0] is colony:
        return last[1]
    grown = _GROWN.get(id(colony))
    spots: tuple[int, ...] | None
    if grown is not None:  # the entry holds the colony: it is this very one
        spots = grown[2]
        if spots is None:
            before = grown[1]
            spots = _grown_spots(last[1] if last[0] is before else spots_of(before), colony)
            grown[2] = spots
    else:
        spots = _spots(colony)
    _last_spots = (colony, spots)
    return spots


_CORNERS: Final = tuple(
    4 * key(min(dx for dx, _, _ in offsets(3, turn)), min(dy for _, dy, _ in offsets(3, turn)))
    for turn in range(4)
)
"""Per turn, four times the :func:`key` offset from a card's plate to the top-left cell of
the 2x2 square its four cells make (whatever the turn, a card covers a 2x2 square)."""
_OVERLAPPING: Final = tuple(4 * key(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
"""Four times the offsets between the top-left cells of two 2x2 squares that share a cell."""
_TOUCHING: Final = tuple(
    4 * key(dx, dy)
    for dy in range(-2, 3)
    for dx in range(-2, 3)
    if (abs(dx) == 2 and abs(dy) <= 1) or (abs(dy) == 2 and abs(dx) <= 1)
)
"""Four times the offsets between the top-left cells of two 2x2 squares that share no cell
but lie side by side (a cell of one beside a cell of the other)."""
_TURNED: Final = tuple(-corner + turn for turn, corner in enumerate(_CORNERS))
"""Per turn, what turns four times a square's top-left :func:`key` into the code of the
placement covering that square turned so."""


def _planner_spots(colony: tuple[Placed, ...]) -> tuple[int, ...]:
    """Where any card may go with Planner, as ascending codes: no cell of the card on a
    covered cell, one beside a covered cell (:func:`_planner_squares`), remembered for a
    colony :func:`colony_with` made by the very colony (no colony hashed)."""
    grown = _GROWN.get(id(colony))
    if grown is None:
        return _planner_squares(colony)
    spots: tuple[int, ...] | None = grown[3]
    if spots is None:
        spots = grown[3] = _planner_squares.__wrapped__(colony)
    return spots


@functools.lru_cache(maxsize=64)
def _planner_squares(colony: tuple[Placed, ...]) -> tuple[int, ...]:
    """The Planner spots of ``colony``: a card covers a 2x2 square, as does each card of the
    colony; the squares beside a card's square and sharing a cell with none, each taken in
    the four turns."""
    squares = [4 * (placed.y * KEY_WIDTH + placed.x) + _CORNERS[placed.turn] for placed in colony]
    free = {at + d for at in squares for d in _TOUCHING}
    free.difference_update([at + d for at in squares for d in _OVERLAPPING])
    fours = sorted(free)  # then each turn's codes ascend, and the sort below merges four runs
    codes = [four + turned for turned in _TURNED for four in fours]
    codes.sort()
    return tuple(codes)


def clear_caches() -> None:
    """Forget every remembered answer and interned value of the ants game (play goes on the
    same, only slower until they are remembered again)."""
    global _last_area, _last_spots, _last_gaps, _last_means
    _last_area, _last_spots = ((), 0, ()), ((), ())
    _last_means = (None, {})
    _SEAT_DICE.clear()
    _last_gaps = ((), 0, ())
    LISTED[0] = (None, ())
    TARGETS[0] = (None, ())
    _GROWN.clear()
    _DIES.clear()
    _PLACES.clear()
    _PLACED_BY.clear()
    for cached in (
        placed_card,
        round_card_play,
        kind_tosses,
        after_moves,
        honey_plays,
        scout_ahead_plays,
        cards_near,
        _spots,
        _planner_squares,
    ):
        cached.cache_clear()
    _colony.layers.cache_clear()
    _colony._visible.cache_clear()
    _predicates.roll_sums.cache_clear()
