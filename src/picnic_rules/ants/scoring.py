"""Scoring: the ten Scoring cards, the Majority card, Reward and Tie tokens.

Each Scoring card measures a colony (:func:`measure`); a Reward token goes to
the single player with the best measure, if it is at least 1; tied best
players each get a Tie token instead (:func:`award`). A "line" is a row or
a column of plates (gaps allowed); "touching" is orthogonal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final

from .cards import Category, Colour, Food, PicnicCard, ScoringCard
from .colony import Cell

__all__ = ["award", "majority_count", "measure", "score_table"]

Plates = Mapping[Cell, PicnicCard]


def rows_and_columns(
    plates: Plates,
) -> tuple[dict[int, list[PicnicCard]], dict[int, list[PicnicCard]]]:
    """The plates of each row, by its ``y``, and of each column, by its ``x``."""
    rows: dict[int, list[PicnicCard]] = {}
    cols: dict[int, list[PicnicCard]] = {}
    for (x, y), card in plates.items():
        rows.setdefault(y, []).append(card)
        cols.setdefault(x, []).append(card)
    return rows, cols


def _lines(plates: Plates) -> list[list[PicnicCard]]:
    rows, cols = rows_and_columns(plates)
    return [*rows.values(), *cols.values()]


def _rows(plates: Plates) -> list[list[PicnicCard]]:
    return list(rows_and_columns(plates)[0].values())


def _columns(plates: Plates) -> list[list[PicnicCard]]:
    return list(rows_and_columns(plates)[1].values())


def touching_groups(cells: Iterable[Cell]) -> tuple[dict[Cell, int], list[int]]:
    """The groups of touching ``cells``: each cell's group number, and each group's size."""
    members = set(cells)
    label: dict[Cell, int] = {}
    sizes: list[int] = []
    for start in members:
        if start in label:
            continue
        group = len(sizes)
        label[start] = group
        stack, size = [start], 0
        while stack:
            x, y = stack.pop()
            size += 1
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt in members and nxt not in label:
                    label[nxt] = group
                    stack.append(nxt)
        sizes.append(size)
    return label, sizes


def _largest_group(cells: Iterable[Cell]) -> int:
    return max(touching_groups(cells)[1], default=0)


def _count(plates: Plates, food: Food, colour: Colour) -> int:
    return sum(1 for c in plates.values() if c.food is food and c.colour is colour)


_FOODS: Final = frozenset(Food)


def is_food_line(line: Sequence[PicnicCard]) -> bool:
    """Whether a line (a row or a column) holds exactly one of each food."""
    return len(line) == 3 and {c.food for c in line} == _FOODS


def has_colour_pair(line: Sequence[PicnicCard]) -> bool:
    """Whether a line holds at least two plates of one colour."""
    return bool(line) and max(Counter(c.colour for c in line).values()) >= 2


def has_food_pair(line: Sequence[PicnicCard]) -> bool:
    """Whether a line holds at least two plates of one food."""
    return bool(line) and max(Counter(c.food for c in line).values()) >= 2


def food_lines(plates: Plates) -> int:
    """1: lines with exactly one of each food."""
    return sum(1 for line in _lines(plates) if is_food_line(line))


def cookie_line(plates: Plates) -> int:
    """3: the most cookies in a single line."""
    return max((sum(c.food is Food.COOKIE for c in line) for line in _lines(plates)), default=0)


def colour_columns(plates: Plates) -> int:
    """4: columns holding at least two plates of one colour (counted once each)."""
    return sum(1 for col in _columns(plates) if has_colour_pair(col))


def food_sets(plates: Plates) -> int:
    """6: complete food sets (one of each food)."""
    foods = Counter(c.food for c in plates.values())
    return min(foods[food] for food in Food)


def cookie_group(plates: Plates) -> int:
    """7: the largest group of touching cookies (a lone cookie is a group of 1)."""
    return _largest_group({cell for cell, c in plates.items() if c.food is Food.COOKIE})


def food_rows(plates: Plates) -> int:
    """9: rows holding at least two plates of one food (counted once each)."""
    return sum(1 for row in _rows(plates) if has_food_pair(row))


def colour_group(plates: Plates) -> int:
    """10: the largest group of touching plates of one colour."""
    return max(
        (
            _largest_group({cell for cell, c in plates.items() if c.colour is colour})
            for colour in Colour
        ),
        default=0,
    )


_MEASURES: Final[dict[ScoringCard, Callable[[Plates], int]]] = {
    ScoringCard.FOOD_LINES: food_lines,
    ScoringCard.PURPLE_SANDWICHES: lambda p: _count(p, Food.SANDWICH, Colour.PURPLE),
    ScoringCard.COOKIE_LINE: cookie_line,
    ScoringCard.COLOUR_COLUMNS: colour_columns,
    ScoringCard.GREEN_COOKIES: lambda p: _count(p, Food.COOKIE, Colour.GREEN),
    ScoringCard.FOOD_SETS: food_sets,
    ScoringCard.COOKIE_GROUP: cookie_group,
    ScoringCard.BLUE_WATERMELONS: lambda p: _count(p, Food.WATERMELON, Colour.BLUE),
    ScoringCard.FOOD_ROWS: food_rows,
    ScoringCard.COLOUR_GROUP: colour_group,
}


def measure(card: ScoringCard, plates: Plates) -> int:
    """What Scoring card ``card`` counts in a colony with these ``plates`` (by cell)."""
    return _MEASURES[card](plates)


_CATEGORY: Final[dict[Category, Food | Colour]] = {
    Category.WATERMELONS: Food.WATERMELON,
    Category.SANDWICHES: Food.SANDWICH,
    Category.COOKIES: Food.COOKIE,
    Category.BLUE: Colour.BLUE,
    Category.GREEN: Colour.GREEN,
    Category.PURPLE: Colour.PURPLE,
}


def majority_count(category: Category, plates: Plates) -> int:
    """How many plates of the Majority card's ``category`` (a food or a colour) a colony has."""
    kind = _CATEGORY[category]
    return sum(1 for c in plates.values() if c.food is kind or c.colour is kind)


MAJORITY_KINDS: Final[tuple[Food | Colour, ...]] = tuple(_CATEGORY.values())
"""The food or colour each category of the Majority card counts, in the cards' order."""

_SLOTS: Final = {kind: index for index, kind in enumerate(MAJORITY_KINDS)}
"""Each food and colour of the Majority card, to its place in :func:`majority_counts`."""


def majority_counts(plates: Plates) -> tuple[int, ...]:
    """:func:`majority_count` of every category of the Majority card, in their order, in one
    pass over the plates."""
    counts = [0] * len(_SLOTS)
    slots = _SLOTS
    for card in plates.values():
        food, colour = slots.get(card.food), slots.get(card.colour)
        if food is not None:
            counts[food] += 1
        if colour is not None:
            counts[colour] += 1
    return tuple(counts)


def award(measures: Sequence[int], token: int, tie_token: int) -> tuple[int, ...]:
    """The points each seat gets from one Reward token: the single best with at least 1 takes
    ``token``; tied best players each take a Tie token; with nobody at 1 or more, nothing.

    >>> award([2, 3, 1], 6, 3), award([3, 3, 1], 6, 3), award([0, 0], 6, 3)
    ((0, 6, 0), (3, 3, 0), (0, 0))
    """
    best = max(measures)
    if best < 1:
        return (0,) * len(measures)
    leaders = [s for s, n in enumerate(measures) if n == best]
    points = token if len(leaders) == 1 else tie_token
    return tuple(points if n == best else 0 for n in measures)


def score_table(
    colonies: Sequence[Plates],
    scoring: Sequence[ScoringCard],
    rewards: Sequence[int],
    majority: Sequence[int],
    tie_token: int,
) -> tuple[int, ...]:
    """Every seat's final points: each Scoring card's token, then the Majority card's."""
    totals = [0] * len(colonies)
    awards = [
        award([measure(card, p) for p in colonies], token, tie_token)
        for card, token in zip(scoring, rewards, strict=True)
    ]
    awards += [
        award([majority_count(category, p) for p in colonies], token, tie_token)
        for category, token in zip(Category, majority, strict=True)
    ]
    for points in awards:
        for seat, n in enumerate(points):
            totals[seat] += n
    return tuple(totals)
