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

The builder takes every field, in order, and checks nothing. The engines
name what they change instead: :func:`evolve` (``evolve(state, phase=...,
turn=...)``) builds the new state through the builder, and :func:`evolver`
makes the same update for a fixed set of names once, for the hottest paths:

>>> move_x = evolver(Point, "x")
>>> move_x(p, x=7), evolve(p, y=0), evolver(Point, "x", y=0)(p, x=3)
(Point(x=7, y=2), Point(x=1, y=0), Point(x=3, y=0))

Both check nothing either (the names are checked once, when the update is
made): they are for engines. Everywhere else, :func:`attrs.evolve`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from ..typevars import T

__all__ = ["builder", "evolve", "evolver", "make", "maker"]


def builder(cls: type[T]) -> Callable[..., T]:
    """A positional constructor ``build(field0, field1, ...)`` for the frozen slotted attrs ``cls``.

    Raises :class:`TypeError` for a class that is not a frozen, slotted attrs
    class, or whose fields are not all set by ``__init__``.
    """
    building, names = _layout(cls)
    body = "".join(f"    s.{name} = {name}\n" for name in names)
    source = (
        f"def build({', '.join(names)}):\n{_start(cls)}{body}    s.__class__ = C\n    return s\n"
    )
    namespace: dict[str, Any] = {"new": object.__new__, "B": building, "C": cls}
    exec(compile(source, f"<builder of {cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., T] = namespace["build"]
    build.__doc__ = f"Build a {cls.__qualname__} from all its fields, in order (nothing checked)."
    return build


_LAYOUTS: Final[dict[type, tuple[type, tuple[str, ...]]]] = {}
"""The building subclass and the field names of each class a builder or update was made for."""


def _layout(cls: type) -> tuple[type, tuple[str, ...]]:
    """The subclass of ``cls`` with plain attribute setting, and the names of its fields."""
    found = _LAYOUTS.get(cls)
    if found is not None:
        return found
    if not attrs.has(cls) or "__slots__" not in vars(cls):
        raise TypeError(f"{cls.__name__} must be a slotted attrs class")
    fields = attrs.fields(cls)
    if any(not field.init for field in fields):
        raise TypeError(f"{cls.__name__} has fields that __init__ does not set")
    names = tuple(field.name for field in fields)
    for name in names:
        if not name.isidentifier() or name.startswith("__"):
            raise TypeError(f"{cls.__name__} has a field name the builder cannot use: {name!r}")
    building = type(
        f"_Building{cls.__name__}",
        (cls,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )
    _LAYOUTS[cls] = (building, names)
    return building, names


_CACHED_HASH: Final = "_attrs_cached_hash"
"""The slot where attrs keeps the hash of a class made with ``cache_hash=True``."""


def _start(cls: type) -> str:
    """The first lines of a generated constructor: a bare instance -- its cached hash, if
    ``cls`` caches one, not worked out yet (as attrs's own ``__init__`` leaves it)."""
    if any(_CACHED_HASH in vars(klass).get("__slots__", ()) for klass in cls.__mro__):
        return f"    s = new(B)\n    s.{_CACHED_HASH} = None\n"
    return "    s = new(B)\n"


_EVOLVERS: Final[dict[tuple[type, tuple[str, ...]], Callable[..., Any]]] = {}
"""The :func:`evolver` of each class and set of names :func:`evolve` was asked to change."""


def evolver(cls: type[T], *names: str, **fixed: object) -> Callable[..., T]:
    """A function ``update(state, name=value, ...)`` taking exactly ``names`` (by keyword or
    in order): ``state`` (a ``cls``) with those fields changed and the fields of ``fixed``
    set to their values (``evolver(State, "turn", phase=Phase.TURN, draws=0)``: a rule's
    update names what it takes and what it always sets). It fills the slots of the new state
    itself, as :func:`builder` does, in one call.

    Raises :class:`TypeError` for a name that is not a field of ``cls``, or one both taken
    and fixed.
    """
    building, fields = _layout(cls)
    unknown = sorted((set(names) | set(fixed)) - set(fields))
    if unknown:
        raise TypeError(f"{cls.__name__} has no fields {unknown}")
    both = sorted(set(names) & set(fixed))
    if both:
        raise TypeError(f"{both} are both taken and fixed")

    def value(name: str) -> str:
        if name in names:
            return name
        return f"fixed_{name}" if name in fixed else f"old.{name}"

    body = "".join(f"    s.{name} = {value(name)}\n" for name in fields)
    source = (
        f"def update(old, {', '.join(names)}):\n{_start(cls)}{body}"
        "    s.__class__ = C\n    return s\n"
    )
    namespace: dict[str, Any] = {"new": object.__new__, "B": building, "C": cls}
    namespace.update({f"fixed_{name}": item for name, item in fixed.items()})
    exec(compile(source, f"<evolver of {cls.__qualname__}: {', '.join(names)}>", "exec"), namespace)
    update: Callable[..., T] = namespace["update"]
    settled = "".join(f", {name}={item!r}" for name, item in fixed.items())
    update.__doc__ = (
        f"A {cls.__qualname__} with {', '.join(names)} changed{settled} (nothing checked)."
    )
    return update


def evolve(state: T, **changes: Any) -> T:
    """``state`` with the fields ``changes`` names changed: :func:`evolver` of those names
    (made once per set of names, then looked up), so about a third of ``attrs.evolve``.

    Raises :class:`TypeError` for a name that is not a field.
    """
    key = (type(state), tuple(changes))
    update = _EVOLVERS.get(key)
    if update is None:
        update = _EVOLVERS[key] = evolver(type(state), *changes)
    result: T = update(state, **changes)
    return result


_MAKERS: Final[dict[type, Callable[..., Any]]] = {}
"""The keyword constructor of each class :func:`make` was asked for."""


def maker(cls: type[T]) -> Callable[..., T]:
    """The keyword constructor :func:`make` uses for ``cls`` (made once, then looked up): for
    code that builds many of one class and would rather not look it up each time."""
    construct = _MAKERS.get(cls)
    if construct is None:
        building, names = _layout(cls)
        body = "".join(f"    s.{name} = {name}\n" for name in names)
        source = (
            f"def make(*, {', '.join(names)}):\n{_start(cls)}{body}"
            "    s.__class__ = C\n    return s\n"
        )
        namespace: dict[str, Any] = {"new": object.__new__, "B": building, "C": cls}
        exec(compile(source, f"<maker of {cls.__qualname__}>", "exec"), namespace)
        construct = _MAKERS[cls] = namespace["make"]
    return construct


def make(cls: type[T], /, **fields: Any) -> T:
    """``cls(**fields)`` for a frozen slotted attrs class, every field given by name, built as
    :func:`builder` builds (about a quarter of the cost; nothing is checked): for the views
    and stand-in states an agent builds at every decision.

    >>> import attrs
    >>> @attrs.frozen
    ... class Point:
    ...     x: int
    ...     y: int
    >>> make(Point, y=2, x=1)
    Point(x=1, y=2)

    Raises :class:`TypeError` for a missing or unknown field.
    """
    construct = _MAKERS.get(cls) or maker(cls)
    made: T = construct(**fields)
    return made
