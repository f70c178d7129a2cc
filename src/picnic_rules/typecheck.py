"""``ill_typed``: whether a move's fields hold the types its class declares.

A move is a value: ``Toss(die=0, target=4)`` (an int where a ``Die`` belongs)
or ``Landing(3, [4])`` (a list where a tuple belongs) is not a move of the
game at all, and ``apply`` must refuse it with
:class:`~picnic_rules.IllegalMove` before any rule looks at it. A game's
``apply`` calls :func:`ill_typed` on its slow path (a move it did not find
among the legal ones), so the hot path pays nothing.

The check follows the attrs fields' annotations: ``int`` takes an int but
not a bool, ``bool`` only a bool, an enum only its members, ``X | None``
also ``None``, ``tuple[X, ...]`` and ``tuple[X, Y]`` only tuples (checked
item by item), ``frozenset[X]`` only frozensets, ``Literal[...]`` only its
values, and an attrs class is checked field by field.

>>> from picnic_rules.ants import Toss, DieKind, Landing
>>> ill_typed(Toss(DieKind.SCOUT, 4)) is None
True
>>> ill_typed(Toss(0, 4))
'its die is 0, not a DieKind'
>>> ill_typed(Landing(3, [4]))
'its cards is [4], not a tuple'
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Any

import attrs

from .errors import with_article

__all__ = ["ill_typed"]

_HINTS: dict[type[Any], tuple[tuple[str, Any], ...]] = {}
_MAX_ITEMS = 10_000


def _fields(cls: type[Any]) -> tuple[tuple[str, Any], ...]:
    found = _HINTS.get(cls)
    if found is None:
        try:
            hints = typing.get_type_hints(cls)
        except Exception:  # unresolvable annotations: nothing is checked
            hints = {}
        found = _HINTS[cls] = tuple(
            (field.name, hints.get(field.name, Any)) for field in attrs.fields(cls)
        )
    return found


def _shown(value: object) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


def _name(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_name(arg) for arg in typing.get_args(hint))
    if hint is type(None):
        return "None"
    if origin is not None:
        return getattr(origin, "__name__", str(origin))
    return getattr(hint, "__name__", str(hint))


def _fits(value: object, hint: Any, depth: int = 0) -> bool:
    """Whether ``value`` has the type ``hint`` (recursively, for tuples and attrs classes)."""
    if hint is Any or depth > 8:
        return True
    if hint is type(None) or hint is None:
        return value is None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, arg, depth + 1) for arg in typing.get_args(hint))
    if origin is typing.Literal:
        return any(type(value) is type(arg) and value == arg for arg in typing.get_args(hint))
    if origin is tuple:
        if type(value) is not tuple or len(value) > _MAX_ITEMS:
            return False
        args = typing.get_args(hint)
        if not args:
            return True
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(item, args[0], depth + 1) for item in value)
        return len(args) == len(value) and all(
            _fits(item, arg, depth + 1) for item, arg in zip(value, args, strict=True)
        )
    if origin is frozenset:
        if type(value) is not frozenset or len(value) > _MAX_ITEMS:
            return False
        args = typing.get_args(hint)
        return not args or all(_fits(item, args[0], depth + 1) for item in value)
    if origin is not None:  # another generic: only its class is checked
        return isinstance(value, origin)
    if not isinstance(hint, type):
        return True
    if hint is int:
        return type(value) is int
    if hint is bool:
        return type(value) is bool
    if hint is float:
        return type(value) in (int, float)
    if issubclass(hint, enum.Enum):
        return type(value) is hint
    if attrs.has(hint):
        return type(value) is hint and _problem(value, depth + 1) is None
    return isinstance(value, hint)


def _problem(move: object, depth: int) -> str | None:
    for name, hint in _fields(type(move)):
        value = getattr(move, name, None)
        if not _fits(value, hint, depth):
            return f"its {name} is {_shown(value)}, not {with_article(_name(hint))}"
    return None


def ill_typed(move: object) -> str | None:
    """What is ill-typed in the attrs value ``move`` (a reason for an error), or ``None``.

    A value that is not an attrs instance is ill-typed as a whole. The check
    never raises, so a caller can put its answer straight into an
    :class:`~picnic_rules.IllegalMove`.
    """
    if not attrs.has(type(move)):
        return f"it is {with_article(type(move).__name__)}, not a move"
    try:
        return _problem(move, 0)
    except Exception as exc:  # a field whose value fails even to compare
        return f"it cannot be read ({type(exc).__name__})"
