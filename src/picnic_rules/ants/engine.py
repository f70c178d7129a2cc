"""The ants game's engine: :func:`new_game`, :func:`to_move`, :func:`legal_moves`, :func:`apply`.

Each round: seats toss their dice in turn (each toss a chance node whose
outcome is a landing), then the food is brought back (dice settled,
each card resolved, won cards placed into colonies), then the area is
refilled, a starting player chosen and a Round card drawn. After the last
round the game is scored. The rules themselves are the named predicates of
:mod:`picnic_rules.ants.predicates`.
"""

from __future__ import annotations

import functools
import typing
from collections import Counter
from collections.abc import Callable
from typing import Final

import attrs

from ..errors import IllegalMove, PicnicError
from ..game import CHANCE, Actor, Outcome
from ..kit.build import builder
from ..typecheck import ill_typed
from .cards import CARD_KINDS, DIE_KINDS, DieKind, PicnicCard, RoundCard, kind_index
from .colony import KEY_WIDTH, cell_of, key, layers, offsets, plates
from .moves import (
    MAX_KNOCKS,
    MOVE_TYPES,
    Deal,
    Draw,
    Keep,
    Knock,
    Landing,
    Move,
    Place,
    Play,
    Retoss,
    Reveal,
    Rolloff,
    Settle,
    Toss,
)
from .predicates import (
    card_winner,
    landing_cards_are_possible,
    placement_is_legal,
    plate_covers_visible_ant,
    roll_sums,
    scout_may_retoss,
    soldier_goes_home,
    starting_candidates,
)
from .rules import PLAYERS, Rules, layout, neighbours
from .scoring import score_table
from .state import HOME, PUDDLE, Die, Phase, Placed, Spot, State
from .values import canonical

__all__ = [
    "MAX_ROLLOFFS",
    "REASONS",
    "ROUNDS",
    "apply",
    "area_cards",
    "chance_outcomes",
    "drawn_round_cards",
    "home_dice",
    "is_over",
    "legal_moves",
    "legal_placements",
    "max_chance_steps",
    "max_moves",
    "new_game",
    "proper",
    "result",
    "scores",
    "to_move",
]

# The phases and spots as module constants: reading a global is about ten times cheaper
# than ``Phase.SEND``, and the engine compares them at every step.
_P_AFTER: Final = Phase.AFTER
_P_FILL: Final = Phase.FILL
_P_LAND: Final = Phase.LAND
_P_OVER: Final = Phase.OVER
_P_PLACE: Final = Phase.PLACE
_P_ROLLOFF: Final = Phase.ROLLOFF
_P_ROUND_CARD: Final = Phase.ROUND_CARD
_P_SEND: Final = Phase.SEND
_P_SETTLE: Final = Phase.SETTLE
_P_SETUP: Final = Phase.SETUP
_S_AREA: Final = Spot.AREA
_S_HOME: Final = Spot.HOME
_S_LOOSE: Final = Spot.LOOSE
_S_PUDDLE: Final = Spot.PUDDLE
_R_DOUBLE_TIME: Final = RoundCard.DOUBLE_TIME
_R_HEAD_START: Final = RoundCard.HEAD_START
_R_HONEY: Final = RoundCard.HONEY
_R_PLANNER: Final = RoundCard.PLANNER
_R_RE_TOSS: Final = RoundCard.RE_TOSS
_R_SCOUT_AHEAD: Final = RoundCard.SCOUT_AHEAD
_R_SECOND_WIND: Final = RoundCard.SECOND_WIND
_R_STOMP: Final = RoundCard.STOMP

ROUNDS: Final = "rounds"
"""The one end reason: the last round was played."""
REASONS: Final = (ROUNDS,)
"""Every end reason :func:`result` may give."""
MAX_ROLLOFFS: Final = 3
"""Roll-offs for starting player before the lowest tied seat starts (house rule)."""

_BUILD: Final = builder(State)
_FIELDS: Final = tuple(field.name for field in attrs.fields(State))
_PLACE: Final = builder(Place)
_PLACED_CARD: Final = functools.lru_cache(maxsize=4096)(Placed)
"""``Placed(card, x, y, turn, planner)``, shared (its hash computed once)."""
_PLAY: Final = functools.lru_cache(maxsize=4096)(Play)
"""``Play(card, seat, die, position)``, shared (moves are immutable)."""
_KIND: Final = {card: kind_index(card) for card in CARD_KINDS}
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
_NEW_SPOTS: Final = {
    (ants, placed): tuple(
        (4 * ant + turn, ant + a, ant + b, ant + c)
        for ant in _ANT_DELTAS[ants][placed]
        for turn, (a, b, c) in enumerate(_DELTAS)
    )
    for ants in (2, 3)
    for placed in range(4)
}
"""Per ants and turn of a card just placed, each placement on one of its ants: its code and
the keys of its other three cells, relative to the new plate."""
_FIRST: Final = (0, 1, 2, 3)
"""The codes of the first card's placements: its plate on 0,0, any turn."""
_HALF: Final = KEY_WIDTH // 2
_INDEXES: Final = tuple(
    (kind, tuple(i for i, k in enumerate(DIE_KINDS) if k is kind))
    for kind in dict.fromkeys(DIE_KINDS)
)
"""Each die kind with its die indexes (found by identity: no enum hashing)."""


class _Interned(dict[int, Place]):
    """One card's placements already built (moves are immutable), by ``4 * key(x, y) + turn``;
    a missing one is built on first use."""

    __slots__ = ("card", "planner")

    def __init__(self, card: PicnicCard, planner: bool) -> None:
        super().__init__()
        self.card = card
        self.planner = planner

    def __missing__(self, code: int) -> Place:
        x, y = cell_of(code >> 2)
        place = self[code] = _PLACE(self.card, x, y, code & 3, self.planner)
        return place


_PLACES: Final[dict[tuple[PicnicCard, bool], _Interned]] = {}
"""The interned placements of each card, without and with Planner."""
_LAYOUT: Final = {n: layout(n) for n in range(PLAYERS[0], PLAYERS[1] + 1)}
_TURN_ORDERS: Final = {
    n: tuple(tuple((starter + i) % n for i in range(n)) for starter in range(n))
    for n in range(PLAYERS[0], PLAYERS[1] + 1)
}
"""The seats in turn order, by seat count and starting player."""
_SIZES: Final = tuple(kind.size for kind in DIE_KINDS)
"""Each die index's size: 3 the Soldier, 2 a Worker, 1 a Scout."""
_SIDES: Final = (key(1, 0), key(-1, 0), key(0, 1), key(0, -1))


def _evolve(state: State, **changes: object) -> State:
    """``attrs.evolve`` for the hot path: the state with ``changes`` (nothing checked), built
    by the :func:`_evolver` of those field names (made once)."""
    names = tuple(changes)
    evolve = _EVOLVERS.get(names)
    if evolve is None:
        evolve = _EVOLVERS[names] = _evolver(*names)
    return evolve(state, **changes)


def _evolver(*names: str) -> Callable[..., State]:
    """A function ``(state, name=value, ...)`` taking exactly ``names``: the state with those
    fields changed, built positionally (cheaper than :func:`_evolve` on the hottest paths)."""
    unknown = set(names) - set(_FIELDS)
    if unknown:
        raise TypeError(f"State has no fields {sorted(unknown)}")
    fields = ", ".join(name if name in names else f"s.{name}" for name in _FIELDS)
    source = f"def evolve(s, {', '.join(names)}):\n    return build({fields})\n"
    namespace: dict[str, object] = {"build": _BUILD}
    exec(compile(source, f"<ants evolver of {', '.join(names)}>", "exec"), namespace)
    evolve: Callable[..., State] = namespace["evolve"]  # type: ignore[assignment]
    return evolve


_EVOLVERS: Final[dict[tuple[str, ...], Callable[..., State]]] = {}
"""The :func:`_evolver` of each set of field names :func:`_evolve` was asked to change."""
_TOSSED: Final = _evolver("phase", "tossing", "target")
_LANDED: Final = _evolver("dice", "phase", "touched")
_SENDING: Final = _evolver(
    "dice", "phase", "turn", "tossing", "target", "touched", "scout_retossed", "extra_tosses"
)
_FILLED: Final = _evolver("area", "deck")
_MOVED: Final = _evolver("dice")
_TURN: Final = _evolver("phase", "turn")
_PLACED: Final = _evolver("colonies", "won")
_DIES: Final = {
    (cards, face): Die(_S_AREA if cards else _S_LOOSE, cards, face)
    for cards in ((), *((p,) for p in range(9)), *((p, q) for p in range(9) for q in range(9)))
    for face in range(10)
}
"""Dice in the picnic area (immutable, so shared), by the cards they touch and their face."""


def _die(cards: tuple[int, ...], face: int) -> Die:
    """The die in the area touching ``cards`` (none: loose) showing ``face``."""
    die = _DIES.get((cards, face))
    return Die(_S_AREA if cards else _S_LOOSE, cards, face) if die is None else die


_CHANCE_PHASES: Final = (_P_LAND, _P_FILL, _P_SETUP, _P_ROLLOFF, _P_ROUND_CARD)
"""The phases in which chance acts (a tuple: membership by identity, no enum hashing)."""


def new_game(players: int = 2, rules: Rules = Rules()) -> State:
    """The state before set-up (chance deals the Scoring cards, then fills the area).

    Raises :class:`~picnic_rules.RulesError` for a player count the rules cannot seat.
    """
    if type(rules) is not Rules:
        raise PicnicError(f"rules must be an ants Rules, not {type(rules).__name__}")
    rules.check_seats(players)
    empty: tuple[tuple[PicnicCard, ...], ...] = ((),) * players
    return State(
        rules=rules,
        area=(None,) * 9,
        deck=rules.deck,
        dice=((HOME,) * 6,) * players,
        colonies=((),) * players,
        won=empty,
        set_aside=empty,
        held=((),) * players,
        used=(),
        scoring=(),
        rewards=(),
        majority=(),
        phase=_P_SETUP,
        round=1,
        starter=0,
        turn=0,
    )


def to_move(state: State) -> Actor:
    """Chance at set-up, fills, landings, roll-offs and Round card draws; the seat ``turn``
    otherwise; ``None`` when the game is over."""
    phase = state.phase
    if phase in _CHANCE_PHASES:
        return CHANCE
    return None if phase is _P_OVER else state.turn


def is_over(state: State) -> bool:
    """Whether the last round has been played."""
    return state.phase is _P_OVER


def chance_outcomes(state: State) -> tuple[tuple[Move, int], ...]:
    """Nothing: the game's chance is sampled (see :func:`~picnic_rules.ants.sample_chance`)."""
    return ()


# --------------------------------------------------------------------------
# facts about a state


_last_area_cards: tuple[tuple[PicnicCard | None, ...], int, tuple[int, ...]] = ((), 0, ())
"""The last :func:`area_cards` answer with the area and seat count it was for: the area
changes a few times a round, and is asked about at every toss."""


def area_cards(state: State) -> tuple[int, ...]:
    """The area positions that hold a card."""
    global _last_area_cards
    area, n = state.area, len(state.dice)
    last = _last_area_cards
    if last[0] is area and last[1] == n:
        return last[2]
    cards = tuple([p for p in _LAYOUT[n] if area[p] is not None])
    _last_area_cards = (area, n, cards)
    return cards


def home_dice(state: State, seat: int) -> tuple[int, ...]:
    """The die indexes on ``seat``'s anthill."""
    return tuple([i for i, die in enumerate(state.dice[seat]) if die.spot is _S_HOME])


def drawn_round_cards(state: State) -> tuple[RoundCard, ...]:
    """Every Round card drawn so far (held or played)."""
    return (*(card for held in state.held for card in held), *state.used)


def _targets(state: State) -> tuple[int, ...]:
    return area_cards(state) or _LAYOUT[len(state.dice)]


def _in_turn_order(state: State) -> tuple[int, ...]:
    n = len(state.dice)
    return _TURN_ORDERS[n][state.starter % n]


def legal_placements(state: State, seat: int, card: PicnicCard) -> tuple[Place, ...]:
    """Every legal placement of ``card`` into ``seat``'s colony (with Planner too, if held)."""
    colony = state.colonies[seat]
    planner = _R_PLANNER in state.held[seat]
    return tuple(_placements_of(colony, card, planner, _spots_of(colony) if colony else _FIRST))


def _placements_of(
    colony: tuple[Placed, ...], card: PicnicCard, planner: bool, spots: tuple[int, ...]
) -> list[Place]:
    """Every legal placement of ``card`` into ``colony`` whose :func:`_spots` are ``spots``,
    enumerated fast; the same as trying :func:`placement_is_legal` on every cell and turn (a
    test compares them): the plate on a visible ant, the other three cells on no plate; with
    Planner, every spot beside the colony covering nothing."""
    found = list(map(_interned(card, False).__getitem__, spots))
    if planner and colony:
        found.extend(map(_interned(card, True).__getitem__, _planner_spots(colony)))
    return found


def _interned(card: PicnicCard, planner: bool) -> _Interned:
    """The placements of ``card`` (with Planner or not) by their codes ``4 * key(x, y) + turn``."""
    interned = _PLACES.get((card, planner))
    if interned is None or len(interned) > 4096:
        interned = _PLACES[card, planner] = _Interned(card, planner)
    return interned


@functools.lru_cache(maxsize=128)
def _spots(colony: tuple[Placed, ...]) -> tuple[int, ...]:
    """Where any card may go without Planner, as ascending codes ``4 * key(x, y) + turn``:
    the plate on a visible ant, no other cell on a plate. Any card: the cells a card covers
    do not depend on its ants.

    Built from the colony without its last card (cached): that card's cells are no visible
    ants any more, its plate blocks the spots that would cover it, and its own ants are new.
    """
    if not colony:
        return ()
    last = colony[-1]
    plate = key(last.x, last.y)
    base = 4 * plate
    ended = _COVERED[last.turn]
    codes = [code for code in _spots(colony[:-1]) if code - base not in ended]
    plates = {placed.y * KEY_WIDTH + placed.x for placed in colony}  # their keys
    for code, a, b, c in _NEW_SPOTS[last.card.ants, last.turn]:
        if plate + a not in plates and plate + b not in plates and plate + c not in plates:
            codes.append(base + code)
    codes.sort()
    return tuple(codes)


_last_spots: tuple[tuple[Placed, ...], tuple[int, ...]] = ((), ())
"""The last colony :func:`_spots_of` was asked about, with its spots."""


def _spots_of(colony: tuple[Placed, ...]) -> tuple[int, ...]:
    """:func:`_spots`, remembering the last colony asked about (each placement asks about one
    colony three times: is there a place, where, and is this one of them)."""
    global _last_spots
    last = _last_spots
    if last[0] is colony:
        return last[1]
    spots = _spots(colony)
    _last_spots = (colony, spots)
    return spots


def _is_spot(colony: tuple[Placed, ...], move: Place) -> bool:
    """Whether ``move`` is one of the placements :func:`_placements_of` lists (a test checks
    them against :func:`placement_is_legal`)."""
    x, y, turn = move.x, move.y, move.turn
    if not colony or not (0 <= turn <= 3 and -_HALF < x < _HALF and -_HALF < y < _HALF):
        return placement_is_legal(colony, move.card, x, y, turn, move.planner)
    code = 4 * key(x, y) + turn
    return code in (_planner_spots(colony) if move.planner else _spots_of(colony))


@functools.lru_cache(maxsize=64)
def _covered(colony: tuple[Placed, ...]) -> frozenset[int]:
    """The keys of the cells ``colony`` covers (built from the colony without its last card)."""
    if not colony:
        return frozenset()
    last = colony[-1]
    plate = key(last.x, last.y)
    return _covered(colony[:-1]) | {plate, *(plate + d for d in _DELTAS[last.turn])}


@functools.lru_cache(maxsize=64)
def _planner_spots(colony: tuple[Placed, ...]) -> tuple[int, ...]:
    """Where any card may go with Planner, as ascending codes ``4 * key(x, y) + turn``: no
    cell of the card on a covered cell, one beside a covered cell."""
    covered = _covered(colony)
    edge = {at + d for at in covered for d in _SIDES} - covered
    codes: list[int] = []
    for turn, others in enumerate(_DELTAS):
        cells = (0, *others)
        near = {at - d for d in cells for at in edge}
        near.difference_update([at - d for d in cells for at in covered])
        codes.extend(4 * at + turn for at in near)
    codes.sort()
    return tuple(codes)


# --------------------------------------------------------------------------
# legal moves


def legal_moves(state: State) -> tuple[Move, ...]:
    """The moves of the seat to act; nothing at a chance node (landings are sampled) or at the end."""
    phase, seat = state.phase, state.turn
    if phase is _P_SEND:
        return _send_moves(state, seat)
    if phase is _P_AFTER:
        return _after_moves(state, seat)
    if phase is _P_SETTLE:
        return tuple(
            Settle(i, card)
            for i, die in enumerate(state.dice[seat])
            if len(die.cards) == 2
            for card in die.cards
        )
    if phase is _P_PLACE:
        colony = state.colonies[seat]
        planner = _R_PLANNER in state.held[seat]
        spots = _spots_of(colony) if colony else _FIRST
        moves: list[Move] = []
        for card in dict.fromkeys(state.won[seat]):
            moves.extend(_placements_of(colony, card, planner, spots))
        return tuple(moves)
    return ()


def _send_moves(state: State, seat: int) -> tuple[Move, ...]:
    dice = state.dice[seat]
    home = tuple([die.spot is _S_HOME for die in dice])
    tosses = _tosses(home, _targets(state))
    if not state.held[seat]:
        return tosses
    moves: list[Move] = list(tosses)
    for card in state.held[seat]:
        moves.extend(_plays(state, seat, card))
    return tuple(moves)


@functools.lru_cache(maxsize=2048)
def _tosses(home: tuple[bool, ...], targets: tuple[int, ...]) -> tuple[Move, ...]:
    """The tosses of a seat whose dice ``home`` are on the anthill, at ``targets``."""
    kinds = dict.fromkeys(DIE_KINDS[i] for i, at_home in enumerate(home) if at_home)
    return tuple(Toss(kind, target) for kind in kinds for target in targets)


def _plays(state: State, seat: int, card: RoundCard) -> list[Move]:
    dice = state.dice[seat]
    if card is _R_SECOND_WIND:
        return [_PLAY(card, -1, i, -1) for i, die in enumerate(dice) if die.spot is _S_PUDDLE]
    if card is _R_STOMP:
        return [
            _PLAY(card, s, i, -1)
            for s, own in enumerate(state.dice)
            for i, die in enumerate(own)
            if die.spot is _S_AREA
        ]
    if card is _R_HONEY:
        return [_PLAY(card, -1, -1, p) for p in area_cards(state)]
    if card is _R_DOUBLE_TIME:
        home = sum(die.spot is _S_HOME for die in dice)
        return [_PLAY(card, -1, -1, -1)] if home >= 2 and state.extra_tosses == 0 else []
    if card is _R_SCOUT_AHEAD:
        cards = area_cards(state)
        return [
            _PLAY(card, -1, i, q)
            for i, die in enumerate(dice)
            if die.spot is _S_AREA
            for q in sorted({q for p in die.cards for q in neighbours(p)})
            if q in cards and q not in die.cards
        ]
    if card is _R_HEAD_START:
        return [_PLAY(card, -1, -1, -1)]
    return []  # Re-toss after a landing, Planner with a placement


def _after_moves(state: State, seat: int) -> tuple[Move, ...]:
    die = state.dice[seat][state.tossing]
    moves: list[Move] = [Keep()]
    targets = _targets(state)
    if scout_may_retoss(state.tossing, die.cards, state.touched, state.scout_retossed):
        moves.extend(Retoss(t) for t in targets)
    if RoundCard.RE_TOSS in state.held[seat]:
        moves.extend(Play(RoundCard.RE_TOSS, position=t) for t in targets)
    return tuple(moves)


# --------------------------------------------------------------------------
# apply


def apply(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~picnic_rules.IllegalMove` naming the reason if the
    rules forbid it (a supplied landing, draw or roll-off included) or if ``move`` is no move
    of ants at all (a field of the wrong type). A move equal to a proper one (``Settle(1.0, 4)``)
    is applied as that move. ``state`` is unchanged."""
    phase = state.phase
    if phase is _P_OVER:
        raise IllegalMove(move, "the game is over")
    if phase in _CHANCE_PHASES:
        return _apply_chance(state, move)
    if type(move) is Toss and phase is _P_SEND:  # the commonest move: checked once, here
        target = move.target
        die = _first_home(state, state.turn, move.die) if type(target) is int else -1
        if die >= 0 and target in _targets(state):
            return _TOSSED(state, phase=_P_LAND, tossing=die, target=target)
    return _decide(state, move if type(move) is Keep else proper(move))


_CARD_IDS: Final = frozenset(map(id, CARD_KINDS))
"""The picnic cards a state holds (draws store these very objects), known by identity."""
_TYPED: Final[dict[type, Callable[[typing.Any], bool]]] = {
    Settle: lambda m: type(m.die) is int and type(m.card) is int,
    Place: lambda m: (
        id(m.card) in _CARD_IDS
        and type(m.x) is int
        and type(m.y) is int
        and type(m.turn) is int
        and type(m.planner) is bool
    ),
    Play: lambda m: (
        type(m.card) is RoundCard
        and type(m.seat) is int
        and type(m.die) is int
        and type(m.position) is int
    ),
    Retoss: lambda m: type(m.target) is int,
    Reveal: lambda m: type(m.card) is RoundCard,
}
"""For the commonest moves, a quick test that every field holds its declared type (else
:func:`~picnic_rules.ants.values.canonical` decides)."""


def proper(move: Move) -> Move:
    """``move`` with every field of its declared type (:func:`~picnic_rules.ants.values.canonical`);
    :class:`~picnic_rules.IllegalMove` for a value that is no move of ants."""
    typed = _TYPED.get(type(move))
    if typed is not None and typed(move):
        return move
    if type(move) not in MOVE_TYPES:
        raise IllegalMove(move, f"not a move of ants: {ill_typed(move) or 'not a move'}")
    found = canonical(move)
    if found is None:
        raise IllegalMove(move, f"not a move of ants: {ill_typed(move) or 'not a move'}")
    return found


def _decide(state: State, move: Move) -> State:
    """The state after ``move`` (every field of its declared type) of the seat to act."""
    if type(move) in (Deal, Draw, Landing, Rolloff, Reveal):
        raise IllegalMove(move, f"only chance makes that move; seat {state.turn} is to act")
    if not _is_legal(state, move):
        raise IllegalMove(move, _why_illegal(state, move))
    if isinstance(move, Toss):
        die = _first_home(state, state.turn, move.die)
        return _TOSSED(state, phase=_P_LAND, tossing=die, target=move.target)
    if isinstance(move, Play):
        return _play(state, move)
    if isinstance(move, Keep):
        return _toss_done(state)
    if isinstance(move, Retoss):
        state = _move_die(state, state.turn, state.tossing, HOME)
        return _evolve(state, phase=_P_LAND, target=move.target, touched=False, scout_retossed=True)
    if isinstance(move, Settle):
        return _settle_or_resolve(
            _move_die(
                state,
                state.turn,
                move.die,
                Die(_S_AREA, (move.card,), state.dice[state.turn][move.die].face),
            )
        )
    if isinstance(move, Place):
        return _placements(_place(state, move))
    raise IllegalMove(move, _why_illegal(state, move))  # no other move is ever legal


def _is_legal(state: State, move: Move) -> bool:
    phase, seat = state.phase, state.turn
    if type(move) is Place:
        return (
            phase is _P_PLACE
            and move.card in state.won[seat]
            and type(move.x) is int
            and type(move.y) is int
            and type(move.turn) is int
            and type(move.planner) is bool
            and (not move.planner or RoundCard.PLANNER in state.held[seat])
            and _is_spot(state.colonies[seat], move)
        )
    if type(move) is Toss:
        return (
            phase is _P_SEND
            and type(move.target) is int
            and move.target in _targets(state)
            and _first_home(state, seat, move.die) >= 0
        )
    return move in legal_moves(state)


def _first_home(state: State, seat: int, kind: DieKind) -> int:
    """The first die of ``kind`` on ``seat``'s anthill, or -1."""
    dice = state.dice[seat]
    for of_kind, indexes in _INDEXES:
        if of_kind is kind:
            for i in indexes:
                if dice[i].spot is _S_HOME:
                    return i
    return -1


def _why_illegal(state: State, move: Move) -> str:
    phase, seat = state.phase, state.turn
    expected = {
        _P_SEND: "toss a die (or play a Round card)",
        _P_AFTER: "keep the landing or toss again",
        _P_SETTLE: "settle a die touching two cards",
        _P_PLACE: "place a card it won",
    }[phase]
    if isinstance(move, Toss) and phase is _P_SEND:
        if move.target not in _targets(state):
            return f"position {move.target} holds no picnic card"
        return f"seat {seat} has no {move.die.value} on its anthill"
    if isinstance(move, Play):
        if move.card not in state.held[seat]:
            return f"seat {seat} does not hold the {move.card.value} Round card"
        if move.card is RoundCard.RE_TOSS:
            return "Re-toss is played after your own landing"
        return f"the {move.card.value} card cannot be played that way now"
    if isinstance(move, Retoss) and phase is _P_AFTER:
        return "only a Scout that touched no dice and no card may be re-tossed, once a turn"
    if isinstance(move, Place) and phase is _P_PLACE:
        if move.card not in state.won[seat]:
            return f"seat {seat} did not win a {move.card}"
        if not state.colonies[seat]:
            return "the first card's plate goes on 0,0"
        if move.planner and RoundCard.PLANNER not in state.held[seat]:
            return f"seat {seat} does not hold the Planner card"
        if move.planner:
            return "with Planner the card lies next to the colony, edge to edge, covering nothing"
        if not 0 <= move.turn <= 3:
            return "a card is turned 0 to 3 quarter turns"
        if not plate_covers_visible_ant(layers(state.colonies[seat]), move.x, move.y):
            return "the new plate must cover a visible ant"
        return "the new card may not cover a plate"
    if isinstance(move, Settle) and phase is _P_SETTLE:
        return f"seat {seat}'s die {move.die} does not touch card {move.card} and another"
    return f"seat {seat} must {expected} now"


def _move_die(state: State, seat: int, die: int, to: Die) -> State:
    own = list(state.dice[seat])
    own[die] = to
    dice = list(state.dice)
    dice[seat] = tuple(own)
    return _MOVED(state, dice=tuple(dice))


def _play(state: State, move: Play) -> State:
    seat, card = state.turn, move.card
    held = list(state.held)
    held[seat] = tuple(c for c in held[seat] if c is not card)
    state = _evolve(state, held=tuple(held), used=(*state.used, card))
    if card is RoundCard.SECOND_WIND:
        return _move_die(state, seat, move.die, HOME)
    if card is RoundCard.STOMP:
        face = state.dice[move.seat][move.die].face
        return _move_die(state, move.seat, move.die, Die(_S_LOOSE, (), face))
    if card is RoundCard.HONEY:
        return _evolve(state, honey=(*state.honey, (seat, move.position)))
    if card is RoundCard.DOUBLE_TIME:
        return _evolve(state, extra_tosses=1)
    if card is RoundCard.SCOUT_AHEAD:
        face = state.dice[seat][move.die].face
        return _move_die(state, seat, move.die, Die(_S_AREA, (move.position,), face))
    if card is RoundCard.HEAD_START:
        return _evolve(state, head_start=seat)
    # Re-toss, the one card left that _plays and _after_moves list (Planner goes with a Place)
    state = _move_die(state, seat, state.tossing, HOME)
    return _evolve(state, phase=_P_LAND, target=move.position, touched=False)


# --------------------------------------------------------------------------
# chance


def _apply_chance(state: State, move: Move) -> State:
    phase = state.phase
    if phase is _P_LAND and type(move) is Landing:  # the commonest first
        return _land(state, move)
    if type(move) is not Draw:  # a draw's card is looked up by value (stored as the kind)
        move = proper(move)
    if phase is _P_SETUP and type(move) is Deal:
        return _deal(state, move)
    if phase is _P_FILL and type(move) is Draw:
        return _fill(state, move)
    if phase is _P_ROLLOFF and type(move) is Rolloff:
        return _rolloff(state, move)
    if phase is _P_ROUND_CARD and type(move) is Reveal:
        return _reveal(state, move)
    wanted = {
        _P_SETUP: "deals the Scoring cards",
        _P_FILL: "draws a card for the area",
        _P_LAND: "gives the landing",
        _P_ROLLOFF: "gives the roll-off",
        _P_ROUND_CARD: "reveals a Round card",
    }[phase]
    raise IllegalMove(move, f"chance {wanted} now")


def _deal(state: State, move: Deal) -> State:
    rules, n = state.rules, state.players
    wanted = rules.scoring_cards_for(n)
    if len(move.scoring) != wanted:
        raise IllegalMove(move, f"{wanted} Scoring cards are dealt, not {len(move.scoring)}")
    if list(move.scoring) != sorted(set(move.scoring), key=lambda c: c.value):
        raise IllegalMove(move, "the Scoring cards are listed once each, ascending")
    if len(move.rewards) != wanted:
        raise IllegalMove(move, f"one Reward token on each Scoring card, not {len(move.rewards)}")
    if len(move.majority) != 6:
        raise IllegalMove(move, "six Reward tokens lie on the Majority card")
    tokens = Counter((*move.rewards, *move.majority))
    if tokens - Counter(rules.rewards):
        raise IllegalMove(move, f"the box holds only the Reward tokens {rules.rewards}")
    state = _evolve(state, scoring=move.scoring, rewards=move.rewards, majority=move.majority)
    return _fill_or_start(state)


def _gaps(state: State) -> tuple[int, ...]:
    area = state.area
    return tuple([p for p in _LAYOUT[len(state.dice)] if area[p] is None])


def _fill_or_start(state: State) -> State:
    if _gaps(state) and any(state.deck):
        return _evolve(state, phase=_P_FILL)
    if state.round == 1:
        return _begin_sending(state)
    return _choose_starter(state)


def _fill(state: State, move: Draw) -> State:
    kind = _KIND.get(move.card, -1) if type(move.card) is PicnicCard else -1
    if kind < 0:
        raise IllegalMove(move, f"not a move of ants: {ill_typed(move) or 'no such card'}")
    if not state.deck[kind]:
        raise IllegalMove(move, f"no {move.card} is left in the deck")
    gaps = _gaps(state)
    area = list(state.area)
    area[gaps[0]] = CARD_KINDS[kind]  # the card itself, never an equal look-alike
    deck = list(state.deck)
    deck[kind] -= 1
    if len(gaps) > 1 and any(deck):  # more gaps to fill: still chance's turn
        return _FILLED(state, area=tuple(area), deck=tuple(deck))
    return _fill_or_start(_FILLED(state, area=tuple(area), deck=tuple(deck)))


def _land(state: State, move: Landing) -> State:
    seat, tossed, cards, touched, knocks = (
        state.turn,
        state.tossing,
        move.cards,
        move.touched,
        move.knocks,
    )
    if (
        type(move.face) is not int
        or type(cards) is not tuple
        or (cards and type(cards[0]) is not int)
        or (len(cards) > 1 and type(cards[1]) is not int)  # more than two cards are refused
        or type(touched) is not bool
        or type(knocks) is not tuple
        or (knocks and not _typed_knocks(knocks))
    ):  # a look-alike: applied as the landing it equals (or refused)
        return _land(state, typing.cast("Landing", proper(move)))
    if move.face not in state.rules.die_faces(tossed):
        raise IllegalMove(move, f"a {DIE_KINDS[tossed].value} has no face with {move.face} ants")
    present = area_cards(state)
    if not landing_cards_are_possible(cards, present):
        raise IllegalMove(move, _cards_reason(cards, present))
    if knocks:
        if not touched:
            raise IllegalMove(move, "a die that knocked other dice touched them")
        landed = _knocked(state, move, present)
    else:
        if touched and not _dice_in_area(state):
            raise IllegalMove(move, "no other die is in the picnic area to touch")
        landed = state.dice
    own = list(landed[seat])
    own[tossed] = _DIES.get((cards, move.face)) or _die(cards, move.face)  # shared, proper values
    dice = list(landed)
    dice[seat] = tuple(own)
    retoss = scout_may_retoss(tossed, cards, touched, state.scout_retossed)
    if retoss or _R_RE_TOSS in state.held[seat]:
        return _LANDED(state, dice=tuple(dice), phase=_P_AFTER, touched=touched)
    return _toss_done(state, tuple(dice))


def _typed_knocks(knocks: tuple[object, ...]) -> bool:
    """Whether every knock is a :class:`Knock` whose fields hold their declared types."""
    return all(
        type(k) is Knock
        and type(k.seat) is int
        and type(k.die) is int
        and type(k.cards) is tuple
        and all(type(card) is int for card in k.cards)
        and type(k.face) is int
        for k in knocks
    )


def _knocked(state: State, move: Landing, present: tuple[int, ...]) -> tuple[tuple[Die, ...], ...]:
    """The dice after ``move``'s knocks (each checked) moved them."""
    if len(move.knocks) > MAX_KNOCKS:
        raise IllegalMove(move, f"a landing knocks at most {MAX_KNOCKS} dice")
    seat, tossed = state.turn, state.tossing
    seen = set()
    for knock in move.knocks:
        if not 0 <= knock.seat < state.players or not 0 <= knock.die < 6:
            raise IllegalMove(move, f"there is no die {knock.seat}:{knock.die}")
        if (knock.seat, knock.die) == (seat, tossed):
            raise IllegalMove(move, "the tossed die cannot knock itself")
        if (knock.seat, knock.die) in seen:
            raise IllegalMove(move, "a die is knocked once per landing")
        seen.add((knock.seat, knock.die))
        if state.dice[knock.seat][knock.die].spot not in (_S_AREA, _S_LOOSE):
            raise IllegalMove(move, f"{knock}: only dice in the picnic area can be knocked")
        if knock.face not in state.rules.die_faces(knock.die):
            raise IllegalMove(move, f"{knock}: that die has no face with {knock.face} ants")
        if not landing_cards_are_possible(knock.cards, present):
            raise IllegalMove(move, f"{knock}: {_cards_reason(knock.cards, present)}")
    dice = [list(own) for own in state.dice]
    for knock in move.knocks:
        dice[knock.seat][knock.die] = _die(knock.cards, knock.face)
    return tuple(map(tuple, dice))


def _dice_in_area(state: State) -> bool:
    """Whether a die other than the one in the air lies in the area (on cards or loose)."""
    seat, tossed = state.turn, state.tossing
    return any(
        (die.spot is _S_AREA or die.spot is _S_LOOSE) and (s != seat or i != tossed)
        for s, own in enumerate(state.dice)
        for i, die in enumerate(own)
    )


def _cards_reason(cards: tuple[int, ...], present: tuple[int, ...]) -> str:
    if len(cards) > 2:
        return "a die touches at most two cards"
    missing = [c for c in cards if c not in present]
    if missing:
        return f"there is no picnic card at position {missing[0]}"
    return "a die touches two cards only if they are neighbours (listed ascending)"


def _rolloff(state: State, move: Rolloff) -> State:
    tied = state.tied
    if len(move.totals) != len(tied):
        raise IllegalMove(move, f"{len(tied)} tied seats roll off: {tied}")
    for seat, total in zip(tied, move.totals, strict=True):
        sums = roll_sums(tuple(state.rules.die_faces(i) for i in home_dice(state, seat)))
        if total not in sums:
            raise IllegalMove(move, f"seat {seat}'s anthill cannot roll {total}: {_spans(sums)}")
    top = max(move.totals)
    still = tuple(s for s, t in zip(tied, move.totals, strict=True) if t == top)
    rolloffs = state.rolloffs + 1
    if len(still) == 1 or rolloffs >= MAX_ROLLOFFS:
        return _draw_round_card(_evolve(state, starter=still[0], tied=(), rolloffs=0))
    return _evolve(state, tied=still, rolloffs=rolloffs)


def _spans(sums: frozenset[int]) -> str:
    """``sums`` in words as runs: ``it rolls 1 to 4 or 9 to 12``."""
    runs: list[list[int]] = []
    for n in sorted(sums):
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return "it rolls " + " or ".join(f"{a} to {b}" if a < b else str(a) for a, b in runs)


def _reveal(state: State, move: Reveal) -> State:
    left = _round_cards_left(state)
    if move.card not in left:
        raise IllegalMove(move, f"the {move.card.value} card is not in the Round card pile")
    held = list(state.held)
    held[state.starter] = (*held[state.starter], move.card)
    return _begin_sending(_evolve(state, held=tuple(held)))


def _round_cards_left(state: State) -> tuple[RoundCard, ...]:
    drawn = drawn_round_cards(state)
    return tuple(card for card in state.rules.round_cards if card not in drawn)


# --------------------------------------------------------------------------
# the flow of a round


def _begin_sending(state: State) -> State:
    state = _evolve(
        state,
        phase=_P_SEND,
        turn=state.starter,
        tossing=-1,
        target=-1,
        touched=False,
        scout_retossed=False,
        extra_tosses=0,
    )
    if home_dice(state, state.starter):
        return state
    return _next_turn(state)


def _toss_done(state: State, dice: tuple[tuple[Die, ...], ...] | None = None) -> State:
    """The toss is over (``dice``: where the dice now are, if not yet in ``state``)."""
    dice = state.dice if dice is None else dice
    seat = state.turn
    if state.extra_tosses and _S_HOME in [die.spot for die in dice[seat]]:
        return _evolve(
            state,
            dice=dice,
            phase=_P_SEND,
            tossing=-1,
            target=-1,
            touched=False,
            extra_tosses=state.extra_tosses - 1,
        )
    return _next_turn(state, dice)


def _next_turn(state: State, dice: tuple[tuple[Die, ...], ...] | None = None) -> State:
    """The next seat with dice on its anthill tosses; with none, the food is brought back."""
    dice = state.dice if dice is None else dice
    n = len(dice)
    for step in range(1, n + 1):
        seat = (state.turn + step) % n
        if _S_HOME in [die.spot for die in dice[seat]]:
            return _SENDING(
                state,
                dice=dice,
                phase=_P_SEND,
                turn=seat,
                tossing=-1,
                target=-1,
                touched=False,
                scout_retossed=False,
                extra_tosses=0,
            )
    return _bring_back(_evolve(state, dice=dice))


def _bring_back(state: State) -> State:
    """Dice on the Puddle and loose dice go home; then dice touching two cards are settled."""
    dice = tuple(
        tuple(HOME if die.spot in (_S_PUDDLE, _S_LOOSE) else die for die in own)
        for own in state.dice
    )
    state = _evolve(
        state, dice=dice, tossing=-1, target=-1, touched=False, scout_retossed=False, extra_tosses=0
    )
    return _settle_or_resolve(state)


def _settle_or_resolve(state: State) -> State:
    for seat in _in_turn_order(state):
        if any(len(die.cards) == 2 for die in state.dice[seat]):
            return _TURN(state, phase=_P_SETTLE, turn=seat)
    return _resolve(state)


def _resolve(state: State) -> State:
    """Each card with dice touching it goes to the highest ant total, in layout order."""
    dice = [list(own) for own in state.dice]
    area = list(state.area)
    won = [list(cards) for cards in state.won]
    touching: dict[int, dict[int, list[int]]] = {}  # position: seat: its dice touching it
    for seat, own in enumerate(dice):
        for i, die in enumerate(own):
            if die.spot is _S_AREA:
                for position in die.cards:
                    touching.setdefault(position, {}).setdefault(seat, []).append(i)
    honey = state.honey
    for position in _LAYOUT[len(dice)]:
        card = area[position]
        on = touching.get(position)
        if card is None or not on:
            continue
        contenders = [
            (
                seat,
                sum([dice[seat][i].face for i in mine]) + 2 * honey.count((seat, position)),
                len(mine),
                max([_SIZES[i] for i in mine]),
            )
            for seat, mine in sorted(on.items())
        ]
        winner = card_winner(contenders)
        for seat, mine in on.items():
            for i in mine:
                to_puddle = seat == winner and not soldier_goes_home(i)
                dice[seat][i] = PUDDLE if to_puddle else HOME
        if winner is not None:
            won[winner].append(card)
            area[position] = None
    state = _evolve(
        state,
        dice=tuple(map(tuple, dice)),
        area=tuple(area),
        won=tuple(map(tuple, won)),
        honey=(),
    )
    return _placements(state)


def _placements(state: State) -> State:
    """Winners place their cards, in turn order; a card with no legal place is set aside."""
    for seat in _in_turn_order(state):
        pending = state.won[seat]
        if not pending:
            continue
        # a spot without Planner takes any card; else ask for each card (Planner, first card)
        if _spots_of(state.colonies[seat]) or any(
            legal_placements(state, seat, card) for card in pending
        ):
            if state.phase is _P_PLACE and state.turn == seat:  # the same seat places again
                return state
            return _TURN(state, phase=_P_PLACE, turn=seat)
        won, aside = list(state.won), list(state.set_aside)
        aside[seat] = (*aside[seat], *pending)
        won[seat] = ()
        state = _evolve(state, won=tuple(won), set_aside=tuple(aside))
    return _end_round(state)


def _place(state: State, move: Place) -> State:
    seat = state.turn
    colonies, won = list(state.colonies), list(state.won)
    colonies[seat] = (
        *colonies[seat],
        _PLACED_CARD(move.card, move.x, move.y, move.turn, move.planner),
    )
    pending = list(won[seat])
    pending.remove(move.card)
    won[seat] = tuple(pending)
    state = _PLACED(state, colonies=tuple(colonies), won=tuple(won))
    if move.planner:
        held = list(state.held)
        held[seat] = tuple(c for c in held[seat] if c is not RoundCard.PLANNER)
        state = _evolve(state, held=tuple(held), used=(*state.used, RoundCard.PLANNER))
    return state


def _end_round(state: State) -> State:
    if state.round >= state.rules.rounds:
        return _evolve(state, phase=_P_OVER, turn=0)
    return _fill_or_start(_evolve(state, round=state.round + 1))


def _choose_starter(state: State) -> State:
    if state.head_start >= 0:
        return _draw_round_card(_evolve(state, starter=state.head_start, head_start=-1))
    counts = [len(colony) for colony in state.colonies]
    home = [len(home_dice(state, seat)) for seat in range(state.players)]
    tied = starting_candidates(counts, home)
    if len(tied) == 1:
        return _draw_round_card(_evolve(state, starter=tied[0]))
    return _evolve(state, phase=_P_ROLLOFF, tied=tied, rolloffs=0)


def _draw_round_card(state: State) -> State:
    drawn = len(drawn_round_cards(state))
    if drawn < state.rules.round_cards_dealt and _round_cards_left(state):
        return _TURN(state, phase=_P_ROUND_CARD, turn=state.starter)
    return _begin_sending(state)


# --------------------------------------------------------------------------
# the end


def scores(state: State) -> tuple[int, ...]:
    """Each seat's points from the Reward and Tie tokens its colony earns (now)."""
    return score_table(
        [plates(colony) for colony in state.colonies],
        state.scoring,
        state.rewards,
        state.majority or (0,) * 6,
        state.rules.tie_token,
    )


def result(state: State) -> Outcome:
    """The final scores; equal leaders all win."""
    if not is_over(state):
        raise PicnicError("the game is not over yet, so it has no result")
    return Outcome.from_scores(scores(state), ROUNDS)


def max_moves(players: int, rules: Rules) -> int:
    """A bound on the non-chance moves: per round and seat at most 7 tosses (6 dice and a
    Second Wind), each followed by at most 3 choices (Scout re-toss, Re-toss card, keep), and
    7 settles; per round at most 9 placements; and each Round card played once."""
    return rules.rounds * (players * (7 * 4 + 7) + 9) + len(rules.round_cards)


def max_chance_steps(players: int, rules: Rules) -> int:
    """A bound on the chance steps: the set-up deal, and per round at most 9 fills, 3 landings
    per toss, 3 roll-offs and one Round card."""
    return 1 + rules.rounds * (9 + players * 7 * 3 + MAX_ROLLOFFS + 1)
