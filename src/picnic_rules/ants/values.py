"""Moves are values: :func:`canonical` turns a look-alike move into the proper one, and
:func:`proper` refuses a value that equals no move of ants.

A move that compares equal to a proper move is that move: ``Settle(1.0, 4)`` or
``Landing(True, (4,))`` is applied exactly as ``Settle(1, 4)`` or ``Landing(1, (4,))``,
and a state never stores the caller's look-alike objects. A value that equals no proper
move (a list where a tuple belongs, an int where a die kind belongs) has no canonical
form, and ``apply`` refuses it.

>>> from picnic_rules.ants import Landing, Settle, Toss
>>> canonical(Settle(1.0, 4))
Settle(die=1, card=4)
>>> canonical(Landing(3, [4])) is None
True
>>> canonical(Toss(0, 4)) is None
True
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

from ..errors import IllegalMove
from ..typecheck import ill_typed
from .cards import CARD_KINDS, RoundCard, ScoringCard
from .moves import MOVE_TYPES, Deal, Knock, Move, Place, Play, Retoss, Reveal, Settle

__all__ = ["canonical", "proper", "typed_knocks"]

T = TypeVar("T")

_HINTS: dict[type[Any], tuple[tuple[str, Any], ...]] = {}
_MISSING: Any = object()
_MAX_ITEMS = 64
"""Longer tuples are no part of an ants move (a landing knocks at most four dice)."""


def _fields(cls: type[Any]) -> tuple[tuple[str, Any], ...]:
    found = _HINTS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _HINTS[cls] = tuple((field.name, hints[field.name]) for field in attrs.fields(cls))
    return found


def _value(value: object, hint: Any) -> Any:
    """``value`` as the type ``hint`` when it equals such a value, else ``_MISSING``."""
    if hint is int or hint is bool:
        if type(value) is hint:
            return value
        if not isinstance(value, (int, float)):  # bool is an int; str, list ... equal no int
            return _MISSING
        whole = int(value) if value == value and abs(value) < 2**63 else None
        if whole is None or whole != value or (hint is bool and whole not in (0, 1)):
            return _MISSING
        return bool(whole) if hint is bool else whole
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return value if type(value) is hint else _MISSING  # members equal only themselves
    if typing.get_origin(hint) is tuple:
        (item, *_) = typing.get_args(hint)
        if type(value) is not tuple or len(value) > _MAX_ITEMS:  # a list equals no tuple
            return _MISSING
        items = tuple(_value(v, item) for v in value)
        return _MISSING if _MISSING in items else items
    if isinstance(hint, type) and attrs.has(hint) and type(value) is hint:
        return _instance(value)
    return _MISSING


def _instance(value: Any) -> Any:
    changes = {}
    for name, hint in _fields(type(value)):
        field = getattr(value, name)
        proper = _value(field, hint)
        if proper is _MISSING:
            return _MISSING
        if proper is not field:
            changes[name] = proper
    return attrs.evolve(value, **changes) if changes else value


def canonical(move: T) -> T | None:
    """The move equal to ``move`` whose every field holds its declared type (``move`` itself
    when it already does), or ``None`` when no proper move equals it. Never raises."""
    if not attrs.has(type(move)):
        return None
    try:
        proper = _instance(move)
    except Exception:  # a field that fails even to compare: no move equals it
        return None
    return None if proper is _MISSING else typing.cast("T", proper)


_CARD_IDS: Final = frozenset(map(id, CARD_KINDS))
"""The picnic cards a state holds (draws store these very objects), known by identity."""
_TYPED: Final[dict[type, Callable[[Any], bool]]] = {
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
    Deal: lambda m: (
        type(m.scoring) is tuple
        and type(m.rewards) is tuple
        and type(m.majority) is tuple
        and all([type(card) is ScoringCard for card in m.scoring])
        and all([type(token) is int for token in (*m.rewards, *m.majority)])
    ),
}
"""For the commonest moves, a quick test that every field holds its declared type (else
:func:`canonical` decides)."""


def proper(move: Move) -> Move:
    """``move`` with every field of its declared type (:func:`canonical`);
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


def typed_knocks(knocks: tuple[object, ...]) -> bool:
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
