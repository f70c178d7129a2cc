"""One enum base for every game: ``repr`` is ``Cls.NAME``, ``str`` is the written value.

A game's enums derive from :class:`Enum` (or :class:`IntEnum`, for kinds that
index a tuple of counts). ``repr(member)`` is ``Colour.RED`` -- what the
game's moves and states show in their own ``repr`` -- and ``str(member)`` is
how notation, words and JSON write it: the value if it is a string, else the
name in lower case. A game overrides ``__str__`` where its notation says
otherwise (the sandwich ``Card.PEANUT_BUTTER`` is ``pb``); the codec writes
every member of these enums as ``str(member)``.

>>> class Colour(Enum):
...     RED = "red"
...     GREEN = "green"
>>> Colour.RED, str(Colour.GREEN), f"{Colour.RED}"
(Colour.RED, 'green', 'red')
>>> class Kind(IntEnum):
...     BREAD = 0
...     JELLY = 1
>>> Kind.JELLY, str(Kind.JELLY), Kind.JELLY + 1
(Kind.JELLY, 'jelly', 2)
"""

from __future__ import annotations

import enum

__all__ = ["Enum", "IntEnum", "Spelled", "written_value"]


def written_value(member: enum.Enum) -> str:
    """How the kit's enum base writes ``member``: its value if that is a string, else its
    name in lower case."""
    value = member.value
    return value if isinstance(value, str) else member.name.lower()


class Spelled:
    """The ``repr`` and ``str`` every kit enum shares (a mixin; use :class:`Enum` or
    :class:`IntEnum`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"  # type: ignore[attr-defined]

    def __str__(self) -> str:
        return written_value(self)  # type: ignore[arg-type]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Enum(Spelled, enum.Enum):
    """A game enum: ``repr`` ``Cls.NAME``, ``str`` the value (a string) or the name in lower case.

    A member hashes by identity, as it compares (the standard library hashes its name, in
    Python, on every dict or set lookup); an :class:`IntEnum` hashes as its int.
    """

    __hash__ = object.__hash__


class IntEnum(Spelled, enum.IntEnum):
    """A game enum whose members are also the ints that index a tuple of counts."""
