"""A fast positional constructor for a game's frozen ``State`` (the state-cost policy).

``@attrs.frozen`` sets every field through ``object.__setattr__``, so building
a state costs about 800 instructions a field; the engine builds one state a
step. :func:`builder` makes a function that fills the slots of a same-layout
subclass with plain attribute setting and then turns the object into an
ordinary instance of the frozen class, in about a quarter of the cost and with
almost nothing per field (see "Performance trade-offs" in the design page).

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int
>>> build = builder(Point)
>>> p = build(1, 2)
>>> p == Point(1, 2), type(p) is Point, hash(p) == hash(Point(1, 2))
(True, True, True)
>>> p.x = 5
Traceback (most recent call last):
...
attr.exceptions.FrozenInstanceError: can't set attribute

The builder takes every field, in order, and checks nothing: it is for the
engine's hot path. Everywhere else, call the class with keywords.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["builder"]

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A positional constructor ``build(field0, field1, ...)`` for the frozen slotted attrs ``cls``.

    Raises :class:`TypeError` for a class that is not a frozen, slotted attrs
    class, or whose fields are not all set by ``__init__``.
    """
    if not attrs.has(cls) or "__slots__" not in vars(cls):
        raise TypeError(f"{cls.__name__} must be a slotted attrs class")
    fields = attrs.fields(cls)
    if any(not field.init for field in fields):
        raise TypeError(f"{cls.__name__} has fields that __init__ does not set")
    building = type(
        f"_Building{cls.__name__}",
        (cls,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )
    names = [field.name for field in fields]
    for name in names:
        if not name.isidentifier() or name.startswith("__"):
            raise TypeError(f"{cls.__name__} has a field name the builder cannot use: {name!r}")
    body = "".join(f"    s.{name} = {name}\n" for name in names)
    source = (
        f"def build({', '.join(names)}):\n    s = new(B)\n{body}    s.__class__ = C\n    return s\n"
    )
    namespace: dict[str, Any] = {"new": object.__new__, "B": building, "C": cls}
    exec(compile(source, f"<builder of {cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., T] = namespace["build"]
    build.__doc__ = f"Build a {cls.__qualname__} from all its fields, in order (nothing checked)."
    return build
