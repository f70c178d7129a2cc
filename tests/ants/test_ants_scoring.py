"""The ten Scoring cards, the Majority card and the Reward and Tie tokens, on hand-built colonies."""

from __future__ import annotations

import pytest
from ants_scenario import card, placed, table

from picnic_rules.ants import (
    Category,
    ScoringCard,
    award,
    majority_count,
    measure,
    plates,
    score_table,
    scores,
)


def grid(**cells: str) -> dict[tuple[int, int], object]:
    """``grid(c0_0="blue-cookie", ...)``: plates by cell (``cX_Y``; ``m`` for minus)."""
    out = {}
    for key, name in cells.items():
        x, y = key[1:].replace("m", "-").split("_")
        out[(int(x), int(y))] = card(name)
    return out


def test_food_lines_count_rows_and_columns_with_exactly_one_of_each_food() -> None:
    p = grid(
        c0_0="blue-sandwich",
        c1_0="green-cookie",
        c3_0="purple-watermelon",  # row 0: a gap is fine
        c0_1="blue-cookie",
        c0_2="purple-watermelon",  # column 0: sandwich, cookie, watermelon
        c1_2="blue-cookie",
        c3_2="green-sandwich",  # row 2: W C S
    )
    # lines: row 0 (S C W), column 0 (S C W), row 2 (W C S) -> 3; column 1 (C C) no, column 3 (W S) no
    assert measure(ScoringCard.FOOD_LINES, p) == 3
    p[(5, 0)] = card("blue-cookie")  # row 0 now holds two cookies: no longer exactly one of each
    assert measure(ScoringCard.FOOD_LINES, p) == 2


def test_colour_and_food_counts() -> None:
    p = grid(
        c0_0="purple-sandwich",
        c1_0="purple-sandwich-2",
        c2_0="purple-cookie",
        c0_1="green-cookie",
        c1_1="green-cookie-2",
        c2_1="green-sandwich",
        c0_2="blue-watermelon",
        c1_2="blue-cookie",
    )
    assert measure(ScoringCard.PURPLE_SANDWICHES, p) == 2
    assert measure(ScoringCard.GREEN_COOKIES, p) == 2
    assert measure(ScoringCard.BLUE_WATERMELONS, p) == 1


def test_most_cookies_in_a_single_line() -> None:
    p = grid(
        c0_0="blue-cookie",
        c0_1="green-cookie",
        c0_4="purple-cookie",
        c1_1="blue-cookie",
        c2_2="blue-cookie",
    )
    assert measure(ScoringCard.COOKIE_LINE, p) == 3  # column 0, with a gap
    assert measure(ScoringCard.COOKIE_LINE, grid(c0_0="blue-sandwich")) == 0


def test_columns_with_two_plates_of_one_colour_count_once() -> None:
    p = grid(
        c0_0="blue-sandwich",
        c0_1="blue-cookie",
        c0_2="blue-watermelon",
        c0_3="blue-cookie",  # once
        c1_0="green-cookie",
        c1_1="purple-cookie",  # two colours: no
        c2_0="purple-cookie",
        c2_5="purple-sandwich",  # a gap: yes
    )
    assert measure(ScoringCard.COLOUR_COLUMNS, p) == 2


def test_rows_with_two_plates_of_one_food_count_once() -> None:
    p = grid(
        c0_0="blue-sandwich",
        c1_0="green-sandwich",
        c2_0="purple-sandwich",
        c3_0="blue-sandwich",
        c0_1="blue-cookie",
        c1_1="blue-watermelon",
        c0_2="green-cookie",
        c4_2="purple-cookie",
    )
    assert measure(ScoringCard.FOOD_ROWS, p) == 2  # rows 0 and 2; row 1 has one of each


def test_complete_food_sets() -> None:
    p = grid(
        c0_0="blue-sandwich",
        c1_0="green-sandwich",
        c2_0="blue-cookie",
        c3_0="green-cookie",
        c4_0="purple-cookie",
        c5_0="blue-watermelon",
    )
    assert measure(ScoringCard.FOOD_SETS, p) == 1  # 2 sandwiches, 3 cookies, 1 watermelon
    assert measure(ScoringCard.FOOD_SETS, grid(c0_0="blue-sandwich")) == 0


def test_largest_group_of_touching_cookies_is_orthogonal() -> None:
    p = grid(
        c0_0="blue-cookie",
        c1_0="green-cookie",
        c1_1="purple-cookie",  # a group of 3
        c3_3="blue-cookie",
        c4_4="blue-cookie",  # diagonal: two groups of 1
        c2_0="blue-sandwich",
    )
    assert measure(ScoringCard.COOKIE_GROUP, p) == 3
    assert measure(ScoringCard.COOKIE_GROUP, grid(c0_0="blue-cookie")) == 1  # a lone plate is 1
    assert measure(ScoringCard.COOKIE_GROUP, grid(c0_0="blue-sandwich")) == 0


def test_largest_group_of_touching_plates_of_one_colour() -> None:
    p = grid(
        c0_0="blue-cookie",
        c1_0="blue-sandwich",
        c2_0="green-cookie",
        c2_1="green-cookie",
        c2_2="green-watermelon",
        c3_2="green-sandwich",
        c1_1="purple-cookie",
    )
    assert measure(ScoringCard.COLOUR_GROUP, p) == 4  # the greens


def test_majority_categories_count_foods_and_colours() -> None:
    p = grid(c0_0="blue-cookie", c1_0="blue-sandwich", c2_0="green-cookie")
    assert majority_count(Category.COOKIES, p) == 2
    assert majority_count(Category.BLUE, p) == 2
    assert majority_count(Category.WATERMELONS, p) == 0


def test_reward_to_the_single_best_tie_tokens_to_tied_best_nothing_below_one() -> None:
    assert award([1, 4, 2], 7, 3) == (0, 7, 0)
    assert award([4, 4, 2], 7, 3) == (3, 3, 0)
    assert award([0, 0, 0], 7, 3) == (0, 0, 0)
    assert award([1, 0], 5, 3) == (5, 0)


def test_score_table_adds_every_token() -> None:
    a = grid(c0_0="purple-sandwich", c1_0="blue-cookie")
    b = grid(c0_0="blue-cookie", c0_1="green-watermelon")
    # Scoring card 2 (purple sandwiches) with a 6: seat 0 alone.
    # Majority (watermelons, sandwiches, cookies, blue, green, purple) = 3, 4, 5, 6, 7, 7:
    # watermelons seat 1 (3); sandwiches seat 0 (4); cookies tie 1-1 (Tie tokens 3 each);
    # blue tie (3 each); green seat 1 (7); purple seat 0 (7).
    got = score_table([a, b], [ScoringCard.PURPLE_SANDWICHES], [6], [3, 4, 5, 6, 7, 7], 3)
    assert got == (6 + 4 + 3 + 3 + 7, 3 + 3 + 3 + 7)


def test_majority_only_scores_the_majority_card() -> None:
    from picnic_rules.ants import Rules

    state = table(
        2, rules=Rules(majority_only=True), colonies={0: ["blue-cookie at 0,0 turn 0"]}, round=2
    )
    assert state.scoring == () and len(state.majority) == 6
    # seat 0 leads cookies and blue alone; nobody has anything else
    cookies, blue = state.majority[2], state.majority[3]
    assert scores(state) == (cookies + blue, 0)


def test_scores_read_the_colonies_plates() -> None:
    state = table(
        2, colonies={0: ["purple-sandwich at 0,0 turn 0", "blue-cookie at 1,0 turn 0"]}, round=2
    )
    assert plates(state.colonies[0]) == {
        (0, 0): card("purple-sandwich"),
        (1, 0): card("blue-cookie"),
    }
    assert placed("blue-cookie at 1,0 turn 0").turn == 0
    assert scores(state)[0] > 0 and scores(state)[1] == 0


def test_a_column_with_a_pair_beside_another_colour_counts() -> None:
    """Card 4: a pair of one colour counts, whatever else the column holds."""
    p = grid(c0_0="blue-cookie", c0_1="blue-sandwich", c0_2="green-cookie")
    assert measure(ScoringCard.COLOUR_COLUMNS, p) == 1
    p = grid(c0_0="green-cookie", c0_1="blue-sandwich", c0_2="purple-cookie")
    assert measure(ScoringCard.COLOUR_COLUMNS, p) == 0  # three colours: no pair
    assert measure(ScoringCard.COLOUR_COLUMNS, grid(c0_0="blue-cookie")) == 0
    # a row of a pair is no column: two blues side by side are two columns of one plate
    assert measure(ScoringCard.COLOUR_COLUMNS, grid(c0_0="blue-cookie", c1_0="blue-cookie")) == 0


def test_a_row_with_a_pair_beside_another_food_counts() -> None:
    """Card 9: a pair of one food counts, whatever else the row holds."""
    p = grid(c0_0="blue-cookie", c1_0="green-cookie", c2_0="green-sandwich")
    assert measure(ScoringCard.FOOD_ROWS, p) == 1
    p = grid(c0_0="blue-cookie", c1_0="green-sandwich", c2_0="green-watermelon")
    assert measure(ScoringCard.FOOD_ROWS, p) == 0  # three foods: no pair
    assert measure(ScoringCard.FOOD_ROWS, grid(c0_0="blue-cookie")) == 0
    # a column of a pair is no row
    assert measure(ScoringCard.FOOD_ROWS, grid(c0_0="blue-cookie", c0_1="blue-cookie")) == 0


@pytest.mark.parametrize(
    ("cells", "largest"),
    [
        ({(0, 0), (0, 1), (0, 2)}, 3),  # a column: vertical neighbours touch
        ({(0, 2), (0, 1), (0, 0)}, 3),
        ({(5, 5), (5, 4)}, 2),
        ({(0, 0), (0, 2)}, 1),  # a gap between: no touch
        ({(0, 0), (2, 0)}, 1),
        ({(0, 0), (1, 1)}, 1),  # diagonal: no touch
        ({(0, 0), (1, 0), (2, 0)}, 3),  # a row
        ({(2, 0), (1, 0), (0, 0), (0, 1), (0, 2)}, 5),  # an L
        ({(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)}, 5),  # an S
        ({(0, 0), (0, 1), (3, 0), (3, 1), (3, 2)}, 3),  # two columns, the larger counts
        ({(1, 1), (1, 0), (0, 1), (2, 1), (1, 2)}, 5),  # a plus, from its centre
    ],
)
def test_the_largest_group_follows_vertical_and_horizontal_touches(
    cells: set[tuple[int, int]], largest: int
) -> None:
    """Cards 7 and 10: groups join orthogonal neighbours, rows and columns alike."""
    cookies = {cell: card("blue-cookie") for cell in cells}
    assert measure(ScoringCard.COOKIE_GROUP, cookies) == largest
    assert measure(ScoringCard.COLOUR_GROUP, cookies) == largest
    mixed = {
        cell: card(("green-sandwich", "green-watermelon")[i % 2])
        for i, cell in enumerate(sorted(cells))
    }
    assert measure(ScoringCard.COLOUR_GROUP, mixed) == largest  # one colour, any food
    assert measure(ScoringCard.COOKIE_GROUP, mixed) == 0


def test_a_colour_group_is_of_one_colour_only() -> None:
    p = grid(c0_0="blue-cookie", c0_1="green-cookie", c0_2="blue-cookie", c1_1="purple-cookie")
    assert measure(ScoringCard.COLOUR_GROUP, p) == 1
    assert measure(ScoringCard.COOKIE_GROUP, p) == 4
    assert measure(ScoringCard.COLOUR_GROUP, {}) == 0 and measure(ScoringCard.COOKIE_GROUP, {}) == 0


def test_an_empty_colony_measures_nothing() -> None:
    for scoring_card in ScoringCard:
        assert measure(scoring_card, {}) == 0
    assert all(majority_count(category, {}) == 0 for category in Category)


def test_score_table_refuses_tokens_that_do_not_match_the_cards() -> None:
    a = grid(c0_0="purple-sandwich")
    with pytest.raises(ValueError):
        score_table([a], [ScoringCard.PURPLE_SANDWICHES], [6, 7], [3, 4, 5, 6, 7, 7], 3)
    with pytest.raises(ValueError):
        score_table([a], [], [], [3, 4, 5, 6, 7], 3)
