"""A fixed, numbered action space: every move a game can ever list, each with one index.

A space is a sequence of :class:`Family` blocks. A family is one move class whose fields
range over given values (``Play(card, onto)`` with ``card`` a part and ``onto`` ``None`` or
a sandwich number); its moves are numbered in mixed radix, the last field fastest, and the
families follow one another in the order given. So a space is deterministic (the same
families give the same numbers, run after run) and holds no table of its moves: an index
becomes a move and a move its index by arithmetic, however large the space.

>>> import attrs
>>> @attrs.frozen
... class Step:
...     dx: int
...     dy: int
>>> space = ActionSpace((Family(Step, (("dx", (-1, 0, 1)), ("dy", (-1, 0, 1)))),))
>>> len(space), space.move(5), space.index(Step(1, -1))
(9, Step(dx=0, dy=1), 6)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import attrs

from ..errors import PicnicError, move_text
from ._extra import missing

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - the extra is installed in CI
    raise missing("numpy", "picnic_rules.pettingzoo") from error

__all__ = ["ActionSpace", "Family"]


def _positions(values: tuple[object, ...]) -> dict[object, int]:
    return {value: i for i, value in enumerate(values)}


@attrs.frozen
class Family:
    """The moves of class ``kind`` whose fields take every combination of ``fields``' values.

    ``fields`` names every field of ``kind`` the family sets, each with the tuple of its
    values (a field left out keeps its default). The family's size is the product of the
    tuples' lengths.
    """

    kind: type[Any]
    fields: tuple[tuple[str, tuple[object, ...]], ...]
    _positions: tuple[dict[object, int], ...] = attrs.field(init=False, repr=False, eq=False)
    _radix: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_positions", tuple(_positions(v) for _, v in self.fields))
        radix = []
        step = 1
        for _, values in reversed(self.fields):
            radix.append(step)
            step *= len(values)
        object.__setattr__(self, "_radix", tuple(reversed(radix)))

    @property
    def size(self) -> int:
        """How many moves the family holds."""
        return math.prod(len(values) for _, values in self.fields)

    def move(self, number: int) -> Any:
        """The family's move number ``number`` (``0 <= number < size``)."""
        chosen = {}
        for (name, values), step in zip(self.fields, self._radix, strict=True):
            chosen[name] = values[number // step % len(values)]
        return self.kind(**chosen)

    def number(self, move: object) -> int | None:
        """The number of ``move`` in the family, or ``None`` if it is not one of its moves."""
        if type(move) is not self.kind:
            return None
        number = 0
        try:
            for (name, _), positions, step in zip(
                self.fields, self._positions, self._radix, strict=True
            ):
                number += positions[getattr(move, name)] * step
        except (KeyError, TypeError):  # a value outside the family, or one that cannot hash
            return None
        return number


class ActionSpace(Sequence[Any]):
    """Moves numbered ``0 .. len(space) - 1``: the :class:`Family` blocks one after another.

    :meth:`move` turns an index into its move, :meth:`index` a move into its index, and
    :meth:`mask` a tuple of legal moves into the 0/1 vector of their indexes. A move that no
    family holds has no index: :meth:`index` raises :class:`~picnic_rules.PicnicError`.
    """

    def __init__(self, families: Iterable[Family]) -> None:
        self.families: tuple[Family, ...] = tuple(families)
        """The blocks, in index order."""
        offsets = []
        total = 0
        for family in self.families:
            offsets.append(total)
            total += family.size
        self._offsets = tuple(offsets)
        self._size = total
        by_kind: dict[type[Any], list[tuple[int, Family]]] = {}
        for offset, family in zip(self._offsets, self.families, strict=True):
            by_kind.setdefault(family.kind, []).append((offset, family))
        self._by_kind = {kind: tuple(found) for kind, found in by_kind.items()}
        self._cache: dict[object, int] = {}

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self.move(i) for i in range(*index.indices(self._size))]
        return self.move(index)

    def __iter__(self) -> Iterator[Any]:
        for family in self.families:
            for number in range(family.size):
                yield family.move(number)

    def __contains__(self, move: object) -> bool:
        return self.find(move) is not None

    def __repr__(self) -> str:
        return f"<ActionSpace of {self._size} moves in {len(self.families)} families>"

    def move(self, index: int) -> Any:
        """The move numbered ``index``; :class:`~picnic_rules.PicnicError` outside the space."""
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise PicnicError(f"an action is an int, not {type(index).__name__}")
        index = int(index)
        if not 0 <= index < self._size:
            raise PicnicError(f"action {index} is not in 0..{self._size - 1}")
        for offset, family in zip(reversed(self._offsets), reversed(self.families), strict=True):
            if index >= offset:
                return family.move(index - offset)
        raise AssertionError("unreachable: offsets start at 0")  # pragma: no cover

    def find(self, move: object) -> int | None:
        """The index of ``move``, or ``None`` if the space does not hold it."""
        try:
            return self._cache[move]
        except (KeyError, TypeError):
            pass
        for offset, family in self._by_kind.get(type(move), ()):
            number = family.number(move)
            if number is not None:
                if len(self._cache) < 100_000:
                    self._cache[move] = offset + number
                return offset + number
        return None

    def index(self, move: object, start: int = 0, stop: int | None = None) -> int:
        """The index of ``move``; :class:`~picnic_rules.PicnicError` if the space lacks it."""
        found = self.find(move)
        if found is None or found < start or (stop is not None and found >= stop):
            raise PicnicError(f"move {move_text(move)!r} has no action in this space")
        return found

    def indexes(self, moves: Iterable[object]) -> list[int]:
        """The index of every move of ``moves``, in order."""
        return [self.index(move) for move in moves]

    def mask(self, moves: Iterable[object]) -> npt.NDArray[np.int8]:
        """A vector of ``len(space)`` zeros with a 1 at the index of every move of ``moves``."""
        out = np.zeros(self._size, dtype=np.int8)
        out[self.indexes(moves)] = 1
        return out
