"""A view as a fixed-length vector of numbers: each game's encoding, and the kit's default.

A learner reads a seat's view as numbers. Each game declares, in its ``tensors.py``, a
function ``tensors(players, rules)`` that gives an :class:`Encoding`: the fields of the
vector one after another, each with its name, its place and what it holds in words
(:attr:`Encoding.fields`), and the function that writes a view's numbers straight into a
vector -- no JSON, no client document, no table of moves. A game that writes none gets
the kit's default (:func:`structure`), derived from the annotations of its ``View`` and
its view bounds (:mod:`picnic_rules.kit.spaces`).

An encoding writes into any sequence of numbers that takes item assignment -- a list, an
``array.array``, a row of a numpy array -- at an offset, and writes only the numbers
that are not zero: the place must hold zeros before (a batch of games clears all its
rows in one call, then each game writes its few numbers). :meth:`Encoding.tensor` gives
a new list.

>>> @attrs.frozen
... class View:
...     player: int
...     hand: tuple[int, ...]
>>> layout = Layout()
>>> HAND = layout.add("hand", 3, "how many cards of each of the three kinds the seat holds")
>>> def write(view: View, out: Any, at: int) -> None:
...     for kind, count in enumerate(view.hand):
...         if count:
...             out[at + HAND + kind] = count
>>> encoding = layout.encoding(write)
>>> encoding.size, encoding.tensor(View(0, (2, 0, 1)))
(3, [2.0, 0.0, 1.0])
>>> print(encoding.describe())
hand  0..2  how many cards of each of the three kinds the seat holds

This module imports no game and no numpy.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from typing import Any, Union

import attrs

from ..errors import PicnicError

__all__ = ["Encoding", "Field", "Layout", "Write", "counts", "default", "relative", "structure"]

Write = Callable[[Any, Any, int], None]
"""``write(view, out, at)``: the view's numbers that are not zero into ``out[at + i]``."""


@attrs.frozen
class Field:
    """One field of an encoding: ``size`` numbers from ``start``, holding ``doc``."""

    name: str
    start: int
    size: int
    doc: str

    @property
    def stop(self) -> int:
        """The place after the field's last number."""
        return self.start + self.size


@attrs.frozen
class Encoding:
    """A fixed-length vector of a game's views, for one players and rules.

    ``fields`` lay it out, one after another from 0; ``write(view, out, at)`` writes the
    numbers of ``view`` that are not zero into ``out[at : at + size]``, which must hold
    zeros.
    """

    fields: tuple[Field, ...]
    write: Write = attrs.field(repr=False)

    @property
    def size(self) -> int:
        """How many numbers a vector holds."""
        return self.fields[-1].stop if self.fields else 0

    def tensor(self, view: object) -> list[float]:
        """The vector of ``view``, as a new list of floats."""
        out = [0.0] * self.size
        self.write(view, out, 0)
        return [float(value) for value in out]

    def field(self, name: str) -> Field:
        """The field called ``name``; :class:`~picnic_rules.PicnicError` if none is."""
        for field in self.fields:
            if field.name == name:
                return field
        raise PicnicError(f"the encoding has no field {name!r}")

    def describe(self) -> str:
        """The fields as text, one a line: name, places, what it holds."""
        width = max((len(field.name) for field in self.fields), default=0)
        places = [f"{field.start}..{field.stop - 1}" for field in self.fields]
        room = max((len(place) for place in places), default=0)
        return "\n".join(
            f"{field.name:<{width}}  {place:<{room}}  {field.doc}".rstrip()
            for field, place in zip(self.fields, places, strict=True)
        )


_K = typing.TypeVar("_K")


class Layout:
    """The fields of an encoding, laid one after another as :meth:`add` is called."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        """The fields so far."""
        self.size = 0
        """The numbers they take."""

    def add(self, name: str, size: int, doc: str) -> int:
        """Lay a field of ``size`` numbers after the others; its start."""
        if size < 0 or any(field.name == name for field in self.fields):
            raise PicnicError(f"field {name!r}: a new name and a size of at least 0")
        start = self.size
        self.fields.append(Field(name, start, size, doc))
        self.size += size
        return start

    def one_hot(self, name: str, values: Sequence[_K], doc: str) -> dict[_K, int]:
        """Lay a field of one number for each of ``values`` (a phase, an end reason); the
        place of each value, where a 1 marks it.

        >>> layout = Layout()
        >>> layout.add("seat", 2, "one-hot: the seat")
        0
        >>> layout.one_hot("phase", ("deal", "play", "over"), "one-hot over the phases")
        {'deal': 2, 'play': 3, 'over': 4}
        """
        start = self.add(name, len(values), doc)
        return {value: start + i for i, value in enumerate(values)}

    def encoding(self, write: Write) -> Encoding:
        """The encoding of these fields written by ``write``."""
        return Encoding(tuple(self.fields), write)


def counts(values: Sequence[int], out: Any, start: int) -> None:
    """Write each count of ``values`` that is not zero at ``out[start + kind]`` (a hand as
    counts per card kind, say); the zeros are skipped in C.

    >>> out = [0] * 6
    >>> counts((0, 2, 0, 1), out, 1)
    >>> out
    [0, 0, 2, 0, 1, 0]
    """
    for kind in compress(range(len(values)), values):
        out[start + kind] = values[kind]


def relative(seat: int, player: int, players: int) -> int:
    """Seat ``seat`` counted from ``player`` on (``player`` is 0, the next seat 1, ...): an
    encoding that lays out every seat this way reads the same from every seat.

    >>> [relative(seat, 2, 3) for seat in range(3)]
    [1, 2, 0]
    """
    return (seat - player) % players


# ---------------------------------------------------------------- the kit's default


class _Node:
    """One part of a value's vector: ``size`` numbers written by ``write``."""

    def __init__(self, size: int, write: Write, doc: str) -> None:
        self.size = size
        self.write = write
        self.doc = doc


def _number() -> _Node:
    def write(value: Any, out: Any, at: int) -> None:
        if value:
            out[at] = value

    return _Node(1, write, "its value")


def _one_hot(values: tuple[object, ...], what: str) -> _Node:
    positions = {value: i for i, value in enumerate(values)}

    def write(value: Any, out: Any, at: int) -> None:
        out[at + positions[value]] = 1

    return _Node(len(values), write, f"one-hot over {what}")


def _optional(inner: _Node) -> _Node:
    step = inner.write

    def write(value: Any, out: Any, at: int) -> None:
        if value is not None:
            out[at] = 1
            step(value, out, at + 1)

    return _Node(1 + inner.size, write, f"1 when set, then {inner.doc}")


def _fixed(items: tuple[_Node, ...]) -> _Node:
    parts = tuple((node.write, node.size) for node in items)

    def write(value: Any, out: Any, at: int) -> None:
        for item, (step, size) in zip(value, parts, strict=True):
            step(item, out, at)
            at += size

    return _Node(sum(node.size for node in items), write, f"{len(items)} items")


def _sequence(path: str, inner: _Node, bound: int) -> _Node:
    step, width = inner.write, 1 + inner.size

    def write(value: Any, out: Any, at: int) -> None:
        if len(value) > bound:
            raise PicnicError(
                f"{path} holds {len(value)} items, more than the {bound} "
                "the observation has room for"
            )
        for item in value:
            out[at] = 1
            step(item, out, at + 1)
            at += width

    doc = f"{bound} slots, each 1 when used, then {inner.doc}"
    return _Node(bound * width, write, doc)


def _record(fields: tuple[tuple[str, _Node], ...]) -> _Node:
    parts = tuple((name, node.write, node.size) for name, node in fields)

    def write(value: Any, out: Any, at: int) -> None:
        for name, step, size in parts:
            step(getattr(value, name), out, at)
            at += size

    return _Node(sum(node.size for _, node in fields), write, "its fields")


class _Builder:
    """Builds the nodes of a class from its annotations."""

    def __init__(self, bounds: Mapping[str, int], reasons: tuple[str, ...]) -> None:
        self.bounds = bounds
        self.reasons = reasons
        self.used: set[str] = set()

    def fields(self, cls: type[Any], path: str) -> tuple[tuple[str, _Node], ...]:
        hints = typing.get_type_hints(cls)
        return tuple(
            (field.name, self.node(hints[field.name], f"{path}{field.name}"))
            for field in attrs.fields(cls)
            if field.name != "rules"
        )

    def node(self, hint: Any, path: str) -> _Node:
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint is int or hint is bool:
            return _number()
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return _one_hot(tuple(hint), f"the {hint.__name__} members")
        if path.endswith("reason") and hint in (str, str | None):
            return _optional(_one_hot(self.reasons, "the game's end reasons"))
        if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
            inner = args[0] if args[1] is type(None) else args[1]
            return _optional(self.node(inner, path))
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            if path not in self.bounds:
                raise PicnicError(f"no bound is declared for the tuple {path}")
            self.used.add(path)
            return _sequence(path, self.node(args[0], f"{path}[]"), self.bounds[path])
        if origin is tuple:
            return _fixed(tuple(self.node(arg, f"{path}[{i}]") for i, arg in enumerate(args)))
        if isinstance(hint, type) and attrs.has(hint):
            return _record(self.fields(hint, f"{path}."))
        raise PicnicError(f"cannot encode {path}: {hint!r}")


def structure(view: type[Any], bounds: Mapping[str, int], reasons: tuple[str, ...]) -> Encoding:
    """The kit's default encoding of the view class ``view``, read from its annotations:

    * an ``int`` or a ``bool`` is one number, its value;
    * an enum is one-hot over its members;
    * ``X | None`` is a flag (1 when set) followed by ``X``;
    * a tuple of fixed length is its items one after another;
    * a tuple of any length (``tuple[int, ...]``) has its bound from ``bounds`` (the
      game's ``view_bounds``): that many slots, each a flag (1 when used) followed by
      the item, the slots left empty all zeros;
    * a frozen class is its fields in order, except ``rules`` (the same in every game);
    * the end ``reason`` is a flag and one-hot over ``reasons``.

    Each top-level field of the view is one :class:`Field`. Raises
    :class:`~picnic_rules.PicnicError` for a field it cannot encode, a tuple without a
    bound, or a bound of no tuple; ``write`` raises it for a tuple longer than its bound.
    """
    builder = _Builder(bounds, reasons)
    fields = builder.fields(view, "")
    unused = set(bounds) - builder.used
    if unused:
        raise PicnicError(f"bounds declared for no field: {', '.join(sorted(unused))}")
    layout = Layout()
    for name, node in fields:
        layout.add(name, node.size, node.doc)
    root = _record(fields)
    return layout.encoding(root.write)


def default(
    view: type[Any], view_bounds: Callable[[int, Any], Mapping[str, int]], reasons: tuple[str, ...]
) -> Callable[[int, Any], Encoding]:
    """The kit's default ``tensors(players, rules)`` of a game whose views are of class
    ``view`` and bounded by ``view_bounds``: :func:`structure`, made once per players and
    rules."""
    made: dict[tuple[int, Any], Encoding] = {}

    def tensors(players: int, rules: Any) -> Encoding:
        """The view's encoding derived from its annotations and bounds (the kit's
        default, :func:`picnic_rules.kit.tensors.structure`)."""
        key = (players, rules)
        if key not in made:
            made[key] = structure(view, view_bounds(players, rules), reasons)
        return made[key]

    return tensors
