"""A colony's measures with one more plate, without measuring the colony again.

The computer and the search's playouts weigh each card at many free cells of the same
colony. :class:`Tally` measures the colony once -- under every Scoring card, and the
Majority card's counts -- and keeps what a new plate can change: the rows and columns,
the groups of touching cookies and of each colour, the counts of each food. A plate added
at a free cell changes only its own row and column, joins the groups it touches, and adds
one to its food's and colour's counts, so :meth:`Tally.measure_with` answers from those
parts. It always agrees with :func:`~picnic_rules.ants.scoring.measure` on the colony with
the plate (``tests/ants/test_ants_tally.py`` checks this on random colonies).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from .cards import Colour, Food, PicnicCard, ScoringCard
from .colony import Cell
from .scoring import (
    MAJORITY_KINDS,
    Plates,
    has_colour_pair,
    has_food_pair,
    is_food_line,
    majority_counts,
    measure,
    rows_and_columns,
    touching_groups,
)

__all__ = ["ANYWHERE", "Tally"]

_NO_LINE: Final[tuple[PicnicCard, ...]] = ()


class Tally:
    """The measures of the colony with ``plates`` under the Scoring cards ``scoring``, ready
    to be asked what they become with one more plate at a free cell (:meth:`measure_with`,
    :meth:`majority_with`)."""

    __slots__ = ("_colours", "_cookies", "base", "cols", "counts", "plates", "rows")

    def __init__(self, plates: Plates, scoring: Iterable[ScoringCard]) -> None:
        self.plates = plates
        """The colony's plates, by cell."""
        self.rows, self.cols = rows_and_columns(plates)
        """The plates of each row, by its ``y``, and of each column, by its ``x``."""
        self.counts = majority_counts(plates)
        """The Majority card's counts of the colony (as
        :func:`~picnic_rules.ants.scoring.majority_counts`)."""
        wanted = set(scoring)
        no_groups: tuple[dict[Cell, int], list[int]] = ({}, [])
        self._cookies = no_groups
        if ScoringCard.COOKIE_GROUP in wanted:
            self._cookies = touching_groups(c for c, p in plates.items() if p.food is Food.COOKIE)
        self._colours = dict.fromkeys(Colour, no_groups)
        if ScoringCard.COLOUR_GROUP in wanted:
            for colour in Colour:
                self._colours[colour] = touching_groups(
                    c for c, p in plates.items() if p.colour is colour
                )
        self.base = {card: self._measured(card) for card in scoring}
        """The colony's measure under each of the Scoring cards asked about."""

    def _measured(self, scoring: ScoringCard) -> int:
        """The colony's own measure under ``scoring`` (its groups already found)."""
        if scoring is ScoringCard.COOKIE_GROUP:
            return max(self._cookies[1], default=0)
        if scoring is ScoringCard.COLOUR_GROUP:
            return max((max(g[1], default=0) for g in self._colours.values()), default=0)
        return measure(scoring, self.plates)

    def measure_with(self, scoring: ScoringCard, card: PicnicCard, cell: Cell) -> int:
        """What ``scoring`` counts in the colony with ``card`` on the free ``cell``."""
        return _WITH[scoring](self, card, cell)

    def count_with(self, scoring: ScoringCard, card: PicnicCard) -> int:
        """What ``scoring``, one of :data:`ANYWHERE`, counts in the colony with ``card``
        added (wherever it goes)."""
        return _ANYWHERE_WITH[scoring](self, card)

    def majority_with(self, card: PicnicCard) -> tuple[int, ...]:
        """The Majority card's counts (as :func:`~picnic_rules.ants.scoring.majority_counts`)
        of the colony with ``card`` added."""
        return tuple(
            n + (card.food is kind or card.colour is kind)
            for n, kind in zip(self.counts, MAJORITY_KINDS, strict=True)
        )

    def _row(self, cell: Cell) -> list[PicnicCard] | tuple[PicnicCard, ...]:
        return self.rows.get(cell[1], _NO_LINE)

    def _col(self, cell: Cell) -> list[PicnicCard] | tuple[PicnicCard, ...]:
        return self.cols.get(cell[0], _NO_LINE)

    @staticmethod
    def _joined(groups: tuple[dict[Cell, int], list[int]], cell: Cell) -> int:
        """The size of the group a plate on ``cell`` makes with the groups it touches."""
        label, sizes = groups
        x, y = cell
        touched = {label.get(n) for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))}
        return 1 + sum(sizes[g] for g in touched if g is not None)


def _food_lines(t: Tally, card: PicnicCard, cell: Cell) -> int:
    row, col = t._row(cell), t._col(cell)
    before = is_food_line(row) + is_food_line(col)
    after = is_food_line([*row, card]) + is_food_line([*col, card])
    return t.base[ScoringCard.FOOD_LINES] - before + after


def _cookie_line(t: Tally, card: PicnicCard, cell: Cell) -> int:
    if card.food is not Food.COOKIE:
        return t.base[ScoringCard.COOKIE_LINE]
    row, col = t._row(cell), t._col(cell)
    longest = 1 + max(
        sum(c.food is Food.COOKIE for c in row), sum(c.food is Food.COOKIE for c in col)
    )
    return max(t.base[ScoringCard.COOKIE_LINE], longest)


def _colour_columns(t: Tally, card: PicnicCard, cell: Cell) -> int:
    col = t._col(cell)
    return t.base[ScoringCard.COLOUR_COLUMNS] - has_colour_pair(col) + has_colour_pair([*col, card])


def _food_sets(t: Tally, card: PicnicCard) -> int:
    counts = t.majority_with(card)
    return min(n for n, kind in zip(counts, MAJORITY_KINDS, strict=True) if isinstance(kind, Food))


def _cookie_group(t: Tally, card: PicnicCard, cell: Cell) -> int:
    best = t.base[ScoringCard.COOKIE_GROUP]
    return max(best, t._joined(t._cookies, cell)) if card.food is Food.COOKIE else best


def _food_rows(t: Tally, card: PicnicCard, cell: Cell) -> int:
    row = t._row(cell)
    return t.base[ScoringCard.FOOD_ROWS] - has_food_pair(row) + has_food_pair([*row, card])


def _colour_group(t: Tally, card: PicnicCard, cell: Cell) -> int:
    return max(t.base[ScoringCard.COLOUR_GROUP], t._joined(t._colours[card.colour], cell))


def _one_kind(
    scoring: ScoringCard, food: Food, colour: Colour
) -> Callable[[Tally, PicnicCard], int]:
    def counted(t: Tally, card: PicnicCard) -> int:
        return t.base[scoring] + (card.food is food and card.colour is colour)

    return counted


_ANYWHERE_WITH: Final[dict[ScoringCard, Callable[[Tally, PicnicCard], int]]] = {
    ScoringCard.PURPLE_SANDWICHES: _one_kind(
        ScoringCard.PURPLE_SANDWICHES, Food.SANDWICH, Colour.PURPLE
    ),
    ScoringCard.GREEN_COOKIES: _one_kind(ScoringCard.GREEN_COOKIES, Food.COOKIE, Colour.GREEN),
    ScoringCard.FOOD_SETS: _food_sets,
    ScoringCard.BLUE_WATERMELONS: _one_kind(
        ScoringCard.BLUE_WATERMELONS, Food.WATERMELON, Colour.BLUE
    ),
}
"""The measure with one more plate of each Scoring card that does not look at where the
plate lies (it counts plates), from a :class:`Tally`."""

ANYWHERE: Final = frozenset(_ANYWHERE_WITH)
"""The Scoring cards whose measure with one more plate is the same wherever it goes: for
these, :meth:`Tally.count_with` answers once for every free cell."""


def _anywhere(scoring: ScoringCard) -> Callable[[Tally, PicnicCard, Cell], int]:
    count = _ANYWHERE_WITH[scoring]

    def counted(t: Tally, card: PicnicCard, cell: Cell) -> int:
        return count(t, card)

    return counted


_WITH: Final[dict[ScoringCard, Callable[[Tally, PicnicCard, Cell], int]]] = {
    ScoringCard.FOOD_LINES: _food_lines,
    ScoringCard.COOKIE_LINE: _cookie_line,
    ScoringCard.COLOUR_COLUMNS: _colour_columns,
    ScoringCard.COOKIE_GROUP: _cookie_group,
    ScoringCard.FOOD_ROWS: _food_rows,
    ScoringCard.COLOUR_GROUP: _colour_group,
    **{scoring: _anywhere(scoring) for scoring in ANYWHERE},
}
"""Each Scoring card's measure with one more plate, from a :class:`Tally`."""
