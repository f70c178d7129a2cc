"""How an enum member is spelled in JSON: one explicit rule, checked when a converter is built.

The JSON spelling of a member is

1. ``str(member)`` if the enum class (or an enum base of the game's own)
   defines ``__str__``: the sandwich ``Card.PEANUT_BUTTER`` is ``"pb"``;
2. otherwise its value, if the value is a string: ``Phase.DEAL`` is ``"deal"``;
3. otherwise its name in lower case: ``Colour.RED = 1`` is ``"red"``.

The standard library's own ``__str__`` (``StrEnum``, ``IntEnum``) does not
count as a game's: a ``StrEnum`` is written as its value, an ``IntEnum`` as
its lower-case name. Two members with the same spelling are a
:class:`SpellingClash` (a :class:`TypeError`) raised when the game's
converter is built, never a silent change of format.

>>> import enum
>>> class Colour(enum.Enum):
...     RED = 1
...     GREEN = 2
>>> spelling(Colour)
{'red': <Colour.RED: 1>, 'green': <Colour.GREEN: 2>}
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from typing import Any, Final

import attrs

__all__ = ["SpellingClash", "enums_in", "spelling", "written"]

_STDLIB_ENUMS: Final = frozenset(
    {enum.Enum, enum.IntEnum, enum.StrEnum, enum.Flag, enum.IntFlag, enum.ReprEnum}
)


class SpellingClash(TypeError):
    """Two members of an enum would be written alike in JSON (a defect of the game, not of a document)."""


def _defines_str(cls: type[enum.Enum]) -> bool:
    return any(
        "__str__" in vars(klass)
        for klass in cls.__mro__
        if issubclass(klass, enum.Enum) and klass not in _STDLIB_ENUMS
    )


def _spell(member: enum.Enum, custom_str: bool) -> str:
    if custom_str:
        return str(member)
    if isinstance(member.value, str):
        return member.value
    return member.name.lower()


@functools.cache
def spelling(cls: type[enum.Enum]) -> dict[str, enum.Enum]:
    """Every member of ``cls`` by its JSON spelling; raise :class:`SpellingClash` for a clash."""
    custom_str = _defines_str(cls)
    names: dict[str, enum.Enum] = {}
    for member in cls:
        key = _spell(member, custom_str)
        if type(key) is not str:
            raise SpellingClash(f"{cls.__qualname__}.{member.name}: str() gives no string")
        if key in names:
            raise SpellingClash(
                f"{cls.__qualname__}.{names[key].name} and {cls.__qualname__}.{member.name} "
                f"are both written {key!r} in JSON"
            )
        names[key] = member
    return names


@functools.cache
def written(cls: type[enum.Enum]) -> dict[enum.Enum, str]:
    """The JSON spelling of every member of ``cls`` (the inverse of :func:`spelling`)."""
    return {member: name for name, member in spelling(cls).items()}


def enums_in(*types_: Any) -> set[type[enum.Enum]]:
    """Every enum class reachable from the annotations of ``types_`` (attrs classes, tuples, unions)."""
    found: set[type[enum.Enum]] = set()
    seen: set[Any] = set()
    todo = list(types_)
    while todo:
        t = todo.pop()
        if t in seen:
            continue
        seen.add(t)
        if isinstance(t, type) and issubclass(t, enum.Enum):
            found.add(t)
        elif isinstance(t, type) and attrs.has(t):
            todo.extend(typing.get_type_hints(t).values())
        elif typing.get_origin(t) in (tuple, frozenset, typing.Union, types.UnionType):
            todo.extend(a for a in typing.get_args(t) if a is not Ellipsis)
    return found
