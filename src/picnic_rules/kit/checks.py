"""Small helpers for a game's ``check`` and ``check_view``.

``check`` must refuse anything the rules cannot reach, with a reason a
person can read. These helpers do the generic half -- the type and shape of
every field, from the class's own annotations -- so that a game's ``check``
holds only the invariants that are about the game.

>>> import attrs
>>> @attrs.frozen
... class Pile:
...     cards: tuple[int, ...]
...     owner: int | None
>>> check_fields(Pile((1, 2), None))
>>> check_fields(Pile((1, True), 0))
Traceback (most recent call last):
...
picnic_rules.errors.InvalidState: cards[1] must be an int, not bool
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from typing import Any, NoReturn

import attrs

from ..errors import InvalidState

__all__ = ["check_counts", "check_fields", "expect", "fail"]


def fail(reason: str) -> NoReturn:
    """Raise :class:`~picnic_rules.InvalidState` with ``reason``."""
    raise InvalidState(reason)


def expect(condition: object, reason: str) -> None:
    """Raise :class:`~picnic_rules.InvalidState` with ``reason`` unless ``condition`` holds."""
    if not condition:
        raise InvalidState(reason)


def check_counts(what: str, counts: object, kinds: int) -> None:
    """``counts`` must be a tuple of ``kinds`` non-negative ints (bools refused)."""
    if type(counts) is not tuple or len(counts) != kinds:
        fail(f"{what} must be a tuple of {kinds} counts, got {_short(counts)}")
    for n in counts:
        if type(n) is not int or n < 0:
            fail(f"{what} holds {_short(n)}, not a count")


def _short(value: object, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@functools.cache
def _hints(cls: type[Any]) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((field.name, hints[field.name]) for field in attrs.fields(cls))


def check_fields(obj: object, what: str = "") -> None:
    """Check that every field of the attrs instance ``obj`` matches its annotation.

    Understood: ``int`` (not ``bool``), ``bool``, ``str``, ``None``, enums,
    unions and ``Optional``, ``tuple[X, ...]`` and fixed ``tuple[X, Y]``,
    ``frozenset[X]``, type aliases of those, and nested attrs classes. The
    message names the path of the first bad value (``hands[1][0]``).
    """
    cls = type(obj)
    if not attrs.has(cls):
        fail(f"{what or 'the object'} must be an attrs instance, not {cls.__name__}")
    for name, hint in _hints(cls):
        _check(getattr(obj, name), hint, f"{what}.{name}" if what else name)


def _check(value: object, hint: Any, path: str) -> None:
    origin = typing.get_origin(hint)
    if hint is Any:
        return
    if origin in (typing.Union, types.UnionType):
        members = typing.get_args(hint)
        if value is None and type(None) in members:
            return
        failures = []
        for member in members:
            if member is type(None):
                continue
            try:
                _check(value, member, path)
            except InvalidState as exc:
                failures.append(exc)
            else:
                return
        if len(failures) == 1:
            raise failures[0]
        fail(f"{path} is {_short(value)}, which fits none of its types")
    if origin is tuple:
        args = typing.get_args(hint)
        if type(value) is not tuple:
            fail(f"{path} must be a tuple, not {type(value).__name__}")
        items: tuple[object, ...] = value
        if len(args) == 2 and args[1] is Ellipsis:
            for i, item in enumerate(items):
                _check(item, args[0], f"{path}[{i}]")
            return
        if len(items) != len(args):
            fail(f"{path} must hold {len(args)} items, not {len(items)}")
        for i, (item, arg) in enumerate(zip(items, args, strict=True)):
            _check(item, arg, f"{path}[{i}]")
        return
    if origin is frozenset:
        (arg,) = typing.get_args(hint)
        if type(value) is not frozenset:
            fail(f"{path} must be a frozenset, not {type(value).__name__}")
        for item in value:
            _check(item, arg, f"{path} member")
        return
    if origin is typing.Literal:
        if value not in typing.get_args(hint):
            fail(f"{path} is {_short(value)}, not one of {typing.get_args(hint)}")
        return
    if hint is type(None) or hint is None:
        if value is not None:
            fail(f"{path} must be None, not {_short(value)}")
        return
    if hint is int:
        if type(value) is not int:
            fail(f"{path} must be an int, not {type(value).__name__}")
        return
    if hint is bool or hint is str:
        if type(value) is not hint:
            fail(f"{path} must be a {hint.__name__}, not {type(value).__name__}")
        return
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if value.__class__ is not hint:
            fail(f"{path} must be a {hint.__name__}, not {_short(value)}")
        return
    if isinstance(hint, type) and attrs.has(hint):
        if type(value) is not hint:
            fail(f"{path} must be a {hint.__name__}, not {type(value).__name__}")
        check_fields(value, path)
        return
    if isinstance(hint, type):
        if not isinstance(value, hint):
            fail(f"{path} must be a {hint.__name__}, not {type(value).__name__}")
        return
    raise TypeError(f"check_fields does not understand the annotation {hint!r} of {path}")
