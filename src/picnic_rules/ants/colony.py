"""Colony geometry: the cells a placed card covers and what is visible on top.

A colony lies on a grid of cells, x to the right and y downwards, the first
card's plate on ``(0, 0)``. A card covers four cells: as printed, the plate
top-left, ants right of it, below it and diagonal to it (that cell bare on a
two-ant card). Turning the card ``turn`` quarter turns clockwise turns these
offsets around the plate.

>>> from .cards import card_from_str
>>> card = card_from_str("blue-cookie-2")
>>> card_cells(card, 0, 0, 1)
(((0, 0), 'plate'), ((0, 1), 'ant'), ((-1, 0), 'ant'), ((-1, 1), 'bare'))
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final, Literal, TypeAlias

import attrs

from .cards import PicnicCard
from .state import Placed

__all__ = [
    "Cell",
    "Content",
    "Grid",
    "Layers",
    "card_cells",
    "layers",
    "offsets",
    "plates",
    "visible",
]

Cell: TypeAlias = tuple[int, int]
"""A colony cell ``(x, y)``."""
Content: TypeAlias = Literal["plate", "ant", "bare"]
"""What a card shows in one cell."""
Grid: TypeAlias = dict[Cell, tuple[Content, int]]
"""The visible colony: each covered cell's top content and the index of its card."""

_PRINTED: Final = ((0, 0), (1, 0), (0, 1), (1, 1))


def _turned(dx: int, dy: int, turn: int) -> Cell:
    for _ in range(turn % 4):
        dx, dy = -dy, dx
    return dx, dy


def _offsets(ants: int, turn: int) -> tuple[tuple[int, int, Content], ...]:
    cells: list[tuple[int, int, Content]] = []
    for i, (dx, dy) in enumerate(_PRINTED):
        tx, ty = _turned(dx, dy, turn)
        content: Content = "plate" if i == 0 else "bare" if i == 3 and ants == 2 else "ant"
        cells.append((tx, ty, content))
    return tuple(cells)


_OFFSETS: Final = {(ants, turn): _offsets(ants, turn) for ants in (2, 3) for turn in range(4)}


def offsets(ants: int, turn: int) -> tuple[tuple[int, int, Content], ...]:
    """The ``(dx, dy, content)`` of a card's four cells relative to its plate, turned ``turn``
    quarter turns clockwise (plate first)."""
    return _OFFSETS.get((ants, turn)) or _offsets(ants, turn)


def card_cells(card: PicnicCard, x: int, y: int, turn: int) -> tuple[tuple[Cell, Content], ...]:
    """The four cells ``card`` covers with its plate on ``(x, y)``, turned ``turn`` quarter
    turns clockwise, each with what the card shows there (plate first)."""
    offsets = _OFFSETS.get((card.ants, turn)) or _offsets(card.ants, turn)
    return tuple(((x + dx, y + dy), content) for dx, dy, content in offsets)


@functools.lru_cache(maxsize=128)
def _visible(colony: tuple[Placed, ...]) -> tuple[tuple[Cell, tuple[Content, int]], ...]:
    grid: Grid = {}
    for index, placed in enumerate(colony):
        for cell, content in card_cells(placed.card, placed.x, placed.y, placed.turn):
            grid[cell] = (content, index)
    return tuple(grid.items())


def visible(colony: Iterable[Placed]) -> Grid:
    """What the colony shows on top in each cell, placing its cards in order (a new dict)."""
    return dict(_visible(tuple(colony)))


@attrs.frozen
class Layers:
    """The visible colony by content: plate cells, visible ant cells and every covered cell;
    also the same as :func:`key` numbers (the ants ascending, so row by row), which make the
    enumeration of placements cheap."""

    plates: frozenset[Cell]
    ants: frozenset[Cell]
    covered: frozenset[Cell]
    plate_keys: frozenset[int]
    covered_keys: frozenset[int]
    ant_keys: tuple[int, ...]


KEY_WIDTH: Final = 1 << 20
"""Cells are numbered ``key(x, y) = y * KEY_WIDTH + x``: a colony spans far less than this."""


def key(x: int, y: int) -> int:
    """The number of cell ``(x, y)``: ascending numbers go row by row, and
    ``key(x + dx, y + dy) == key(x, y) + key(dx, dy)``.

    >>> key(1, 0) < key(-5, 1), cell_of(key(-3, 2))
    (True, (-3, 2))
    """
    return y * KEY_WIDTH + x


def cell_of(number: int) -> Cell:
    """The cell whose :func:`key` is ``number``."""
    y = (number + KEY_WIDTH // 2) // KEY_WIDTH
    return number - y * KEY_WIDTH, y


@functools.lru_cache(maxsize=128)
def layers(colony: tuple[Placed, ...]) -> Layers:
    """The plate cells, the visible ant cells and all covered cells of ``colony``.

    Built from the colony without its last card (cached), so a growing colony costs one
    card per step.
    """
    if not colony:
        return _EMPTY
    before = layers(colony[:-1])
    last = colony[-1]
    cells = card_cells(last.card, last.x, last.y, last.turn)
    spots = frozenset(cell for cell, _ in cells)
    new_ants = [cell for cell, content in cells if content == "ant"]
    spot_keys = {key(x, y) for x, y in spots}
    ant_keys = [k for k in before.ant_keys if k not in spot_keys]
    ant_keys += [key(x, y) for x, y in new_ants]
    ant_keys.sort()
    return Layers(
        before.plates | {(last.x, last.y)},
        (before.ants - spots) | frozenset(new_ants),
        before.covered | spots,
        before.plate_keys | {key(last.x, last.y)},
        before.covered_keys | spot_keys,
        tuple(ant_keys),
    )


_EMPTY: Final = Layers(frozenset(), frozenset(), frozenset(), frozenset(), frozenset(), ())


def plates(colony: tuple[Placed, ...]) -> dict[Cell, PicnicCard]:
    """Every plate of the colony (plates are never covered), by its cell."""
    return {(placed.x, placed.y): placed.card for placed in colony}
