"""Views as fixed-length vectors: a generic encoder built from the view class's fields.

:class:`ObservationEncoder` reads the type annotations of a game's ``View`` (and of every
frozen class inside it) once and lays the fields out one after another in a float32 vector:

* an ``int`` or a ``bool`` is one number, its value;
* an enum is one-hot over its members;
* ``X | None`` is a presence flag (1 when set) followed by ``X``;
* a tuple of fixed length is its items one after another;
* a tuple of any length (``tuple[int, ...]``) has a declared bound (see
  :func:`picnic_rules.pettingzoo.spaces.view_bounds`): that many slots, each a presence flag followed
  by the item, empty slots all zeros;
* a frozen class is its fields, in order, except ``rules`` (the same in every game of an
  environment);
* the end ``reason`` is one-hot over the game's reasons.

The encoder reads only the view, so the vector holds exactly what the seat may see and
nothing of another seat's hidden cards. :attr:`ObservationEncoder.layout` names the slice
each field occupies.

>>> from picnic_rules import GAMES
>>> game = GAMES["sandwich"]
>>> encoder = ObservationEncoder.for_game(game, 2, game.Rules())
>>> [entry for entry in encoder.layout if entry[0] in {"hand", "phase"}]
[('hand', 1, 10), ('phase', 7743, 4)]
>>> encoder.encode(game.view(game.new_game(2), 0))[1:11].tolist()   # nothing dealt yet
[1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from typing import Any, Union

import attrs

from ..errors import PicnicError
from ..game import AnyGame
from ._extra import missing
from .spaces import view_bounds

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - the extra is installed in CI
    raise missing("numpy", "picnic_rules.pettingzoo") from error

__all__ = ["ObservationEncoder"]

_Layout = list[tuple[str, int, int]]


class _Node:
    """One field's place in the vector: ``size`` numbers written by :meth:`write`."""

    size: int = 0

    def write(self, value: Any, out: npt.NDArray[np.float32], at: int) -> None:
        raise NotImplementedError  # pragma: no cover


class _Number(_Node):
    size = 1

    def write(self, value: Any, out: npt.NDArray[np.float32], at: int) -> None:
        out[at] = value


class _OneHot(_Node):
    def __init__(self, values: tuple[object, ...]) -> None:
        self.positions = {value: i for i, value in enumerate(values)}
        self.size = len(values)

    def write(self, value: Any, out: npt.NDArray[np.float32], at: int) -> None:
        out[at + self.positions[value]] = 1.0


class _Optional(_Node):
    def __init__(self, inner: _Node) -> None:
        self.inner = inner
        self.size = 1 + inner.size

    def write(self, value: Any, out: npt.NDArray[np.float32], at: int) -> None:
        if value is not None:
            out[at] = 1.0
            self.inner.write(value, out, at + 1)


class _Fixed(_Node):
    def __init__(self, items: tuple[_Node, ...]) -> None:
        self.items = items
        self.size = sum(item.size for item in items)

    def write(self, value: Any, out: npt.NDArray[np.float32], at: int) -> None:
        for item, node in zip(value, self.items, strict=True):
            node.write(item, out, at)
            at += node.size


class _Sequence(_Node):
    def __init__(self, path: str, inner: _Node, bound: int) -> None:
        self.path = path
        self.inner = inner
        self.bound = bound
        self.step = 1 + inner.size
        self.size = bound * self.step

    def write(self, value: Any, out: npt.NDArray[np.float32], at: int) -> None:
        if len(value) > self.bound:
            raise PicnicError(
                f"{self.path} holds {len(value)} items, more than the {self.bound} "
                "the observation has room for"
            )
        inner = self.inner
        for item in value:
            out[at] = 1.0
            inner.write(item, out, at + 1)
            at += self.step


class _Record(_Node):
    def __init__(self, fields: tuple[tuple[str, _Node], ...]) -> None:
        self.fields = fields
        self.size = sum(node.size for _, node in fields)

    def write(self, value: Any, out: npt.NDArray[np.float32], at: int) -> None:
        for name, node in self.fields:
            node.write(getattr(value, name), out, at)
            at += node.size


class _Builder:
    """Builds the nodes of a class from its annotations, recording the layout."""

    def __init__(self, sizes: Mapping[str, int], reasons: tuple[str, ...]) -> None:
        self.sizes = sizes
        self.reasons = reasons
        self.used: set[str] = set()

    def record(self, cls: type[Any], path: str) -> _Record:
        hints = typing.get_type_hints(cls)
        fields = tuple(
            (field.name, self.node(hints[field.name], f"{path}{field.name}"))
            for field in attrs.fields(cls)
            if field.name != "rules"
        )
        return _Record(fields)

    def node(self, hint: Any, path: str) -> _Node:
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint is int or hint is bool:
            return _Number()
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return _OneHot(tuple(hint))
        if path.endswith("reason") and hint in (str, str | None):
            return _Optional(_OneHot(self.reasons))
        if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
            inner = args[0] if args[1] is type(None) else args[1]
            return _Optional(self.node(inner, path))
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            if path not in self.sizes:
                raise PicnicError(f"no bound is declared for the tuple {path}")
            self.used.add(path)
            return _Sequence(path, self.node(args[0], f"{path}[]"), self.sizes[path])
        if origin is tuple:
            return _Fixed(tuple(self.node(arg, f"{path}[{i}]") for i, arg in enumerate(args)))
        if attrs.has(hint):
            return self.record(hint, f"{path}.")
        raise PicnicError(f"cannot encode {path}: {hint!r}")


class ObservationEncoder:
    """The fixed-length float32 vector of a view of one game, players and rules."""

    def __init__(self, view_class: type[Any], sizes: Mapping[str, int],
                 reasons: tuple[str, ...]) -> None:  # fmt: skip
        builder = _Builder(sizes, reasons)
        self._root = builder.record(view_class, "")
        unused = set(sizes) - builder.used
        if unused:
            raise PicnicError(f"bounds declared for no field: {', '.join(sorted(unused))}")
        self.size: int = self._root.size
        """How many numbers a vector holds."""
        layout: _Layout = []
        at = 0
        for name, node in self._root.fields:
            layout.append((name, at, node.size))
            at += node.size
        self.layout: tuple[tuple[str, int, int], ...] = tuple(layout)
        """Each top-level field of the view: ``(name, start, size)`` in the vector."""

    @classmethod
    def for_game(cls, game: AnyGame, players: int, rules: object) -> ObservationEncoder:
        """The encoder of ``game``'s views with ``players`` seats under ``rules``."""
        return cls(game.View, view_bounds(game, players, rules), game.reasons)

    def encode(self, view: object) -> npt.NDArray[np.float32]:
        """The vector of ``view``."""
        out = np.zeros(self.size, dtype=np.float32)
        self._root.write(view, out, 0)
        return out
