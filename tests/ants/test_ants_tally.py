"""A :class:`~picnic_rules.ants.tally.Tally` answers what measuring again would: for any
colony, any card and any free cell, each Scoring card's measure and the Majority card's
counts of the colony with the card there."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from picnic_rules.ants.cards import CARD_KINDS, Colour, Food, PicnicCard, ScoringCard
from picnic_rules.ants.scoring import majority_counts, measure
from picnic_rules.ants.tally import ANYWHERE, Tally

CELLS = [(x, y) for x in range(-2, 3) for y in range(-2, 3)]
DENSE = [(x, y) for x in range(-1, 3) for y in range(-1, 3)]

colonies = st.one_of(
    st.dictionaries(st.sampled_from(CELLS), st.sampled_from(CARD_KINDS), max_size=16),
    st.dictionaries(st.sampled_from(DENSE), st.sampled_from(CARD_KINDS), min_size=6, max_size=15),
)


@settings(max_examples=500, deadline=None)
@given(colonies, st.sampled_from(CARD_KINDS), st.sampled_from(DENSE + CELLS), st.data())
def test_a_tally_measures_as_measuring_again(
    plates: dict[tuple[int, int], PicnicCard],
    card: PicnicCard,
    cell: tuple[int, int],
    data: st.DataObject,
) -> None:
    plates.pop(cell, None)  # the new plate goes on a free cell
    scoring = data.draw(st.lists(st.sampled_from(ScoringCard), max_size=4, unique=True))
    tally = Tally(plates, scoring)
    with_card = {**plates, cell: card}
    for kind in scoring:
        assert tally.base[kind] == measure(kind, plates), kind
        assert tally.measure_with(kind, card, cell) == measure(kind, with_card), kind
        if kind in ANYWHERE:
            assert tally.count_with(kind, card) == measure(kind, with_card), kind
    assert tally.majority_with(card) == majority_counts(with_card)


def _card(food: Food, colour: Colour = Colour.BLUE) -> PicnicCard:
    return PicnicCard(food, colour, 3)


def test_a_plate_joining_two_groups_makes_one() -> None:
    cookie = _card(Food.COOKIE)
    plates = {(0, 0): cookie, (2, 0): cookie, (3, 0): cookie}
    tally = Tally(plates, [ScoringCard.COOKIE_GROUP])
    assert tally.base[ScoringCard.COOKIE_GROUP] == 2
    assert tally.measure_with(ScoringCard.COOKIE_GROUP, cookie, (1, 0)) == 4


@pytest.mark.parametrize("dx, dy", [(1, 0), (-1, 0), (0, 1), (0, -1)])
def test_a_plate_joins_the_group_on_each_side(dx: int, dy: int) -> None:
    cookie, green = _card(Food.COOKIE), _card(Food.SANDWICH, Colour.GREEN)
    plates = {(dx, dy): cookie, (dx - dy, dy + dx): cookie, (5, 5): green}  # an L
    tally = Tally(plates, [ScoringCard.COOKIE_GROUP, ScoringCard.COLOUR_GROUP])
    assert tally.measure_with(ScoringCard.COOKIE_GROUP, cookie, (0, 0)) == 3
    assert tally.measure_with(ScoringCard.COLOUR_GROUP, cookie, (0, 0)) == 3


def test_a_fourth_plate_spoils_a_food_line() -> None:
    sandwich, cookie, melon = _card(Food.SANDWICH), _card(Food.COOKIE), _card(Food.WATERMELON)
    row = {(0, 0): sandwich, (1, 0): cookie, (2, 0): melon}
    column = {(0, 1): cookie, (0, 2): cookie}
    tally = Tally({**row, **column}, [ScoringCard.FOOD_LINES])
    assert tally.base[ScoringCard.FOOD_LINES] == 1  # the row
    assert tally.measure_with(ScoringCard.FOOD_LINES, cookie, (3, 0)) == 0
    assert tally.measure_with(ScoringCard.FOOD_LINES, melon, (1, 1)) == 1  # row 1 has two
    assert tally.measure_with(ScoringCard.FOOD_LINES, melon, (2, 1)) == 1
    column = {(0, 0): sandwich, (0, 1): cookie, (0, 2): melon, (1, 1): melon}
    assert (
        Tally(column, [ScoringCard.FOOD_LINES]).measure_with(ScoringCard.FOOD_LINES, cookie, (0, 3))
        == 0
    )
    one_short = Tally({(0, 1): cookie, (0, 2): melon, (1, 0): melon}, [ScoringCard.FOOD_LINES])
    assert one_short.measure_with(ScoringCard.FOOD_LINES, sandwich, (0, 0)) == 1  # the column


def test_cookies_in_a_column_make_a_cookie_line() -> None:
    cookie = _card(Food.COOKIE)
    plates = {(0, 0): cookie, (0, 1): cookie, (1, 2): cookie, (2, 2): _card(Food.SANDWICH)}
    tally = Tally(plates, [ScoringCard.COOKIE_LINE])
    assert tally.measure_with(ScoringCard.COOKIE_LINE, cookie, (0, 2)) == 3


def test_an_empty_colony_measures_nothing_and_one_plate_one() -> None:
    tally = Tally({}, list(ScoringCard))
    assert all(n == 0 for n in tally.base.values())
    assert tally.measure_with(ScoringCard.COLOUR_GROUP, _card(Food.COOKIE), (0, 0)) == 1
