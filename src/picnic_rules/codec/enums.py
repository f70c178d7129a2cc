"""How an enum member is spelled in JSON: ``str(member)``, checked when a converter is built.

Every game enum derives from the kit's one enum base
(:class:`picnic_rules.kit.Enum` or :class:`~picnic_rules.kit.IntEnum`), whose
``str`` is the written value: the value if it is a string, else the name in
lower case, unless the game's notation says otherwise (the sandwich
``Card.PEANUT_BUTTER`` is ``"pb"``). That ``str`` is the JSON spelling. An
enum of another base (a game not built on the kit) is written as the kit's
base would write it. Two members with the same spelling are a
:class:`SpellingClash` (a :class:`TypeError`) raised when the game's
converter is built, never a silent change of format.

>>> from picnic_rules.kit import Enum
>>> class Colour(Enum):
...     RED = 1
...     GREEN = "green"
>>> spelling(Colour)
{'red': Colour.RED, 'green': Colour.GREEN}
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from typing import Any

import attrs

from ..kit.enums import Spelled, written_value

__all__ = ["SpellingClash", "enums_in", "spelling", "written"]


class SpellingClash(TypeError):
    """Two members of an enum would be written alike in JSON (a defect of the game, not of a document)."""


def _spell(member: enum.Enum) -> str:
    """The JSON spelling of ``member``: its ``str`` as the kit's enum base writes it."""
    return str(member) if isinstance(member, Spelled) else written_value(member)


@functools.cache
def spelling(cls: type[enum.Enum]) -> dict[str, enum.Enum]:
    """Every member of ``cls`` by its JSON spelling; raise :class:`SpellingClash` for a clash."""
    names: dict[str, enum.Enum] = {}
    for member in cls:
        key = _spell(member)
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
