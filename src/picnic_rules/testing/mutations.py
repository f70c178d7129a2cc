"""Generic one-site mutations of attrs values: forged views and forged chance outcomes.

Each mutant differs from the value at one place: an int moved by one, set to
0 or made large, a bool flipped, an enum member swapped, a tuple item
dropped, duplicated or itself mutated, a frozenset member dropped, or
``None`` toggled where the annotation allows it. Nothing here knows a game.

>>> import attrs
>>> @attrs.frozen
... class Die:
...     face: int
...     kept: bool
>>> sorted(mutants(Die(3, False)), key=repr)
[Die(face=0, kept=False), Die(face=1000003, kept=False), Die(face=2, kept=False), Die(face=3, kept=True), Die(face=4, kept=False)]
"""

from __future__ import annotations

import enum
import random
import types
import typing
from typing import Any

import attrs

from ..typevars import T

__all__ = ["LARGE", "mutants", "sample"]


LARGE = 1_000_000
"""What a "large" mutation adds to an int."""

_NO_EXAMPLE = object()


_FIELDS: dict[type[Any], tuple[tuple[str, str, Any], ...]] = {}


def _fields(cls: type[Any]) -> tuple[tuple[str, str, Any], ...]:
    """(name, init alias, annotation) of each init field of the attrs class ``cls``."""
    found = _FIELDS.get(cls)
    if found is None:
        try:
            hints = typing.get_type_hints(cls)
        except Exception:  # unresolvable annotations: mutate by runtime type only
            hints = {}
        found = _FIELDS[cls] = tuple(
            (field.name, field.alias, hints.get(field.name))
            for field in attrs.fields(cls)
            if field.init
        )
    return found


def _members(hint: Any) -> tuple[Any, ...]:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.get_args(hint)
    return (hint,)


def _example(hint: Any) -> object:
    """A plain value of the type ``hint`` (for a ``None`` toggled on), or ``_NO_EXAMPLE``."""
    origin = typing.get_origin(hint)
    if hint is bool:
        return False
    if hint is int:
        return 0
    if hint is str:
        return ""
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return next(iter(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return ()
        items = tuple(_example(arg) for arg in args)
        return _NO_EXAMPLE if _NO_EXAMPLE in items else items
    if origin is frozenset:
        return frozenset()
    return _NO_EXAMPLE


def _item_hint(hint: Any, index: int) -> Any:
    if typing.get_origin(hint) is not tuple:
        return None
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return args[index] if index < len(args) else None


def _variants(value: object, hint: Any) -> list[object]:
    """Every one-site mutation of ``value`` (annotated ``hint``, or None when unknown)."""
    members = _members(hint)
    out: list[object] = []
    if value is None:
        for member in members:
            if member is not type(None) and member is not None:
                example = _example(member)
                if example is not _NO_EXAMPLE:
                    out.append(example)
        return out
    if type(None) in members:
        out.append(None)
    if type(value) is bool:
        out.append(not value)
    elif type(value) is int:
        out.extend(n for n in (value + 1, value - 1, 0, value + LARGE) if n != value)
    elif isinstance(value, enum.Enum):
        out.extend(member for member in type(value) if member is not value)
    elif type(value) is tuple:
        out.extend(_tuple_variants(value, next((m for m in members if m is not None), None)))
    elif type(value) is frozenset:
        out.extend(value - {member} for member in value)
    elif attrs.has(type(value)):
        out.extend(mutants(value))
    return out


def _tuple_variants(items: tuple[object, ...], hint: Any) -> list[object]:
    out: list[object] = []
    for i, item in enumerate(items):
        out.append(items[:i] + items[i + 1 :])
        out.append(items[: i + 1] + items[i:])
        out.extend(
            (*items[:i], changed, *items[i + 1 :])
            for changed in _variants(item, _item_hint(hint, i))
        )
    return out


def _sites(value: object) -> list[tuple[str, object]]:
    """The one-site changes of the attrs instance ``value``: (init alias, new field value)."""
    return [
        (alias, changed)
        for name, alias, hint in _fields(type(value))
        for changed in _variants(getattr(value, name), hint)
    ]


def _build(value: T, sites: list[tuple[str, object]]) -> list[T]:
    instance: Any = value  # an attrs class's instance, for attrs.evolve
    out: list[T] = []
    for alias, changed in sites:
        try:
            out.append(attrs.evolve(instance, **{alias: changed}))
        except Exception:  # the class refuses the value
            continue
    return out


def mutants(value: T) -> list[T]:
    """Every one-site mutation of ``value`` (an attrs instance, or a plain value), each new.

    Mutants that the class itself refuses (a validator or converter raises)
    are left out.
    """
    if not attrs.has(type(value)):
        return typing.cast("list[T]", _variants(value, None))
    return _build(value, _sites(value))


def sample(value: T, count: int, rng: random.Random) -> list[T]:
    """``count`` mutants of ``value`` (fewer if it has fewer), chosen with ``rng``.

    For an attrs instance, each mutant picks a field at random, then one of
    that field's changes, so small fields are tried as often as large ones
    and only the chosen mutants are built.
    """
    if not attrs.has(type(value)):
        every = mutants(value)
        return every if len(every) <= count else rng.sample(every, count)
    fields = _fields(type(value))
    changes: dict[int, list[object]] = {}
    sites: list[tuple[str, object]] = []
    for _ in range(count):
        i = rng.randrange(len(fields)) if fields else -1
        if i < 0:
            break
        name, alias, hint = fields[i]
        if i not in changes:
            changes[i] = _variants(getattr(value, name), hint)
        if changes[i]:
            sites.append((alias, rng.choice(changes[i])))
    return _build(value, sites)
