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
from collections.abc import Callable
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


Fits = Callable[[object], bool]
"""Whether a value has one type: the check :func:`_fits` makes once for each type."""

_CHECKS: dict[Any, Fits] = {}
"""The check of each type asked about (a handful per game: the types its classes declare)."""


def _fits(hint: Any) -> Fits:
    """The check that a value has the type ``hint`` (recursively, for tuples and attrs
    classes), made once per type: the typing introspection runs once, not per value."""
    found = _CHECKS.get(hint)
    if found is None:
        found = _CHECKS[hint] = _made(hint)
    return found


def _anything(value: object) -> bool:
    return True


def _made(hint: Any) -> Fits:
    """The check of ``hint`` (see :func:`_fits`)."""
    if hint is Any:
        return _anything
    if hint is type(None) or hint is None:
        return lambda value: value is None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = tuple(_fits(arg) for arg in args)
        return lambda value: any(fits(value) for fits in options)
    if origin is typing.Literal:
        return lambda value: any(type(value) is type(arg) and value == arg for arg in args)
    if origin is tuple:
        return _tuple_of(args)
    if origin is frozenset:
        item = _fits(args[0]) if args else _anything
        return lambda value: (
            type(value) is frozenset and len(value) <= _MAX_ITEMS and all(map(item, value))
        )
    if origin is not None:  # another generic: only its class is checked
        return lambda value: isinstance(value, origin)
    if not isinstance(hint, type):
        return _anything
    if hint is int or hint is bool or issubclass(hint, enum.Enum):
        return lambda value: type(value) is hint
    if hint is float:
        return lambda value: type(value) is int or type(value) is float
    if attrs.has(hint):
        return lambda value: type(value) is hint and _all_fit(value)
    return lambda value: isinstance(value, hint)


_CLASSES: dict[type[Any], tuple[tuple[str, Fits], ...]] = {}
"""Each attrs class's fields with their checks (made when the class is first checked)."""


def _checks_of(cls: type[Any]) -> tuple[tuple[str, Fits], ...]:
    found = _CLASSES.get(cls)
    if found is None:
        found = _CLASSES[cls] = tuple((name, _fits(hint)) for name, hint in _fields(cls))
    return found


def _all_fit(value: object) -> bool:
    """Whether every field of the attrs instance ``value`` holds its declared type."""
    for name, fits in _checks_of(type(value)):  # noqa: SIM110 (faster than all() of a generator)
        if not fits(getattr(value, name, None)):
            return False
    return True


def _tuple_of(args: tuple[Any, ...]) -> Fits:
    """The check of ``tuple[args]``: any tuple, ``tuple[X, ...]`` or ``tuple[X, Y]``."""
    if not args:
        return lambda value: type(value) is tuple and len(value) <= _MAX_ITEMS
    if len(args) == 2 and args[1] is Ellipsis:
        item = _fits(args[0])
        if args[0] is int:  # counts: the commonest, spelled out
            return lambda value: (
                type(value) is tuple
                and len(value) <= _MAX_ITEMS
                and all(type(number) is int for number in value)
            )
        return lambda value: (
            type(value) is tuple and len(value) <= _MAX_ITEMS and all(map(item, value))
        )
    items = tuple(_fits(arg) for arg in args)
    return lambda value: (
        type(value) is tuple
        and len(value) == len(items)
        and all(fits(item) for fits, item in zip(items, value, strict=True))
    )


def _problem(move: object) -> str | None:
    if _all_fit(move):
        return None
    for name, hint in _fields(type(move)):
        value = getattr(move, name, None)
        if not _fits(hint)(value):
            return f"its {name} is {_shown(value)}, not {with_article(_name(hint))}"
    return None  # unreachable: some field does not fit


def ill_typed(move: object) -> str | None:
    """What is ill-typed in the attrs value ``move`` (a reason for an error), or ``None``.

    A value that is not an attrs instance is ill-typed as a whole. The check
    never raises, so a caller can put its answer straight into an
    :class:`~picnic_rules.IllegalMove`.
    """
    if not attrs.has(type(move)):
        return f"it is {with_article(type(move).__name__)}, not a move"
    try:
        return _problem(move)
    except Exception as exc:  # a field whose value fails even to compare
        return f"it cannot be read ({type(exc).__name__})"
