"""Each named rule of :mod:`picnic_rules.ants.predicates` at its boundaries, on small inputs
(the engine's scenario tests check the same rules in play)."""

from __future__ import annotations

import pytest
from ants_scenario import card, placed

from picnic_rules.ants.colony import layers
from picnic_rules.ants.predicates import (
    card_winner,
    covers_no_plate,
    die_may_settle_on,
    knocked_die_may_move,
    landing_cards_are_possible,
    new_card_touches_colony,
    placement_is_legal,
    planner_covers_nothing,
    plate_covers_visible_ant,
    roll_sums,
    scout_may_retoss,
    soldier_goes_home,
    starting_candidates,
)

SOLDIER, W1, W2, W3, S1, S2 = range(6)
AREA = (1, 3, 4, 5, 7)  # the 2-player plus


@pytest.mark.parametrize(
    ("cards", "possible"),
    [
        ((), True),  # loose
        ((4,), True),
        ((1,), True),
        ((0,), False),  # not in the area
        ((4, 5), True),  # neighbours, ascending
        ((3, 4), True),
        ((1, 4), True),  # vertical neighbours
        ((4, 7), True),
        ((5, 4), False),  # not ascending
        ((4, 4), False),
        ((3, 5), False),  # not neighbours
        ((1, 7), False),
        ((1, 3), False),  # diagonal
        ((3, 4, 5), False),  # three cards
        ((0, 1), False),  # one not in the area
    ],
)
def test_a_die_touches_no_card_one_or_two_neighbours_of_the_area(
    cards: tuple[int, ...], possible: bool
) -> None:
    assert landing_cards_are_possible(cards, AREA) is possible


def test_only_dice_in_the_area_can_be_knocked() -> None:
    assert knocked_die_may_move(True) is True
    assert knocked_die_may_move(False) is False


@pytest.mark.parametrize(
    ("die", "cards", "touched", "used", "may"),
    [
        (S1, (), False, False, True),
        (S2, (), False, False, True),
        (S1, (4,), False, False, False),  # on a card
        (S1, (), True, False, False),  # touched dice
        (S1, (), False, True, False),  # once a turn
        (W3, (), False, False, False),  # only a Scout
        (SOLDIER, (), False, False, False),
    ],
)
def test_the_scouts_re_toss(
    die: int, cards: tuple[int, ...], touched: bool, used: bool, may: bool
) -> None:
    assert scout_may_retoss(die, cards, touched, used) is may


def test_a_die_touching_two_cards_settles_on_one_of_them() -> None:
    assert die_may_settle_on((4, 5), 4) and die_may_settle_on((4, 5), 5)
    assert not die_may_settle_on((4, 5), 3)
    assert not die_may_settle_on((4,), 4)  # touching one card: nothing to settle
    assert not die_may_settle_on((), 4)


@pytest.mark.parametrize(
    ("contenders", "winner"),
    [
        ([(0, 6, 2, 2), (1, 4, 1, 3)], 0),  # the highest total
        ([(0, 4, 1, 3), (1, 6, 2, 2)], 1),
        ([(0, 5, 1, 3), (1, 5, 2, 1)], 1),  # tied: more dice
        ([(0, 5, 3, 1), (1, 5, 2, 3)], 0),
        ([(0, 5, 2, 2), (1, 5, 2, 3)], 1),  # still tied: the biggest die
        ([(0, 5, 2, 3), (1, 5, 2, 1)], 0),
        ([(0, 5, 2, 2), (1, 5, 2, 2)], None),  # still tied: nobody
        ([(2, 0, 1, 1)], 2),  # alone, a total of 0 wins
        ([(0, 3, 1, 1), (1, 3, 1, 1), (2, 4, 1, 1)], 2),
        ([(0, 4, 1, 1), (1, 4, 2, 1), (2, 4, 2, 1)], None),  # the tie that stays: nobody
        ([(0, 4, 1, 1), (1, 4, 2, 1), (2, 4, 2, 2)], 2),
    ],
)
def test_the_card_goes_to_the_highest_total_then_more_dice_then_the_biggest_die(
    contenders: list[tuple[int, int, int, int]], winner: int | None
) -> None:
    assert card_winner(contenders) == winner


def test_winning_soldiers_go_home() -> None:
    assert soldier_goes_home(SOLDIER)
    assert not any(soldier_goes_home(i) for i in (W1, W2, W3, S1, S2))


def test_the_starting_player_has_the_fewest_plates_then_fewer_dice_at_home() -> None:
    assert starting_candidates([2, 1, 1], [4, 5, 4]) == (2,)
    assert starting_candidates([1, 2, 1], [4, 0, 5]) == (0,)
    assert starting_candidates([1, 1], [5, 5]) == (0, 1)  # a roll-off
    assert starting_candidates([0, 3, 0, 0], [6, 6, 6, 5]) == (3,)
    assert starting_candidates([3, 3, 2], [1, 1, 6]) == (2,)


def test_roll_off_totals_are_the_sums_the_dice_can_make() -> None:
    assert roll_sums(()) == {0}
    assert roll_sums(((1, 2, 3),)) == {1, 2, 3}
    assert roll_sums(((0, 3), (1, 9))) == {1, 4, 9, 12}
    assert roll_sums(((1, 1, 1, 9, 9, 9), (0, 1, 2, 3))) == {1, 2, 3, 4, 9, 10, 11, 12}
    assert roll_sums(((1, 2), (1, 2), (1, 2))) == {3, 4, 5, 6}


FIRST = placed("blue-cookie at 0,0 turn 0")  # plate 0,0; ants 1,0 0,1 1,1
TWO = placed("green-sandwich-2 at 1,1 turn 0")  # plate 1,1; ants 2,1 1,2; 2,2 bare


def test_the_first_card_goes_on_0_0_in_any_turn_without_planner() -> None:
    new = card("purple-cookie")
    for turn in range(4):
        assert placement_is_legal((), new, 0, 0, turn, False)
    assert not placement_is_legal((), new, 1, 0, 0, False)
    assert not placement_is_legal((), new, 0, 1, 0, False)
    assert not placement_is_legal((), new, 0, 0, 0, True)  # Planner needs a colony
    assert not placement_is_legal((), new, 0, 0, 4, False)
    assert not placement_is_legal((), new, 0, 0, -1, False)


def test_a_plate_covers_a_visible_ant_and_no_plate() -> None:
    seen = layers((FIRST,))
    assert plate_covers_visible_ant(seen, 1, 0) and plate_covers_visible_ant(seen, 0, 1)
    assert plate_covers_visible_ant(seen, 1, 1)
    assert not plate_covers_visible_ant(seen, 0, 0)  # the plate
    assert not plate_covers_visible_ant(seen, 2, 0)  # nothing there
    new = card("purple-cookie")
    assert covers_no_plate(seen, new, 1, 0, 0)  # cells 1,0 2,0 1,1 2,1
    assert not covers_no_plate(seen, new, 1, 0, 2)  # turned twice: covers 0,0
    assert not covers_no_plate(seen, new, 0, 1, 3)  # its cells 0,1 1,1 0,0 1,0
    assert covers_no_plate(seen, new, 1, 1, 0)
    assert placement_is_legal((FIRST,), new, 1, 1, 0, False)
    assert not placement_is_legal((FIRST,), new, 1, 0, 2, False)
    assert not placement_is_legal((FIRST,), new, 2, 0, 0, False)
    seen = layers((FIRST, TWO))
    assert not plate_covers_visible_ant(seen, 2, 2)  # a bare cell is no ant
    assert plate_covers_visible_ant(seen, 1, 2) and plate_covers_visible_ant(seen, 2, 1)


def test_planner_lays_a_card_edge_to_edge_covering_nothing() -> None:
    seen = layers((FIRST,))  # covers 0,0 1,0 0,1 1,1
    new = card("purple-cookie")
    assert planner_covers_nothing(seen, new, 2, 0, 0)
    assert new_card_touches_colony(seen, new, 2, 0, 0)  # 2,0 is beside 1,0
    assert placement_is_legal((FIRST,), new, 2, 0, 0, True)
    assert placement_is_legal((FIRST,), new, 0, 2, 0, True)  # below
    assert placement_is_legal((FIRST,), new, -1, 0, 1, True)  # left, turned: cells -1,0 -1,1 -2,*
    assert placement_is_legal((FIRST,), new, 0, -1, 3, True)  # above, turned: cells 0,-1 1,-1 ...
    assert not planner_covers_nothing(seen, new, 1, 0, 0)
    assert not placement_is_legal((FIRST,), new, 1, 1, 0, True)  # covers an ant
    assert not new_card_touches_colony(seen, new, 3, 0, 0)  # a column apart
    assert not new_card_touches_colony(seen, new, 0, 3, 0)  # a row apart
    assert not placement_is_legal((FIRST,), new, 2, 2, 0, True)  # corner to corner only
    assert not new_card_touches_colony(seen, new, 2, 2, 0)
    assert not placement_is_legal((FIRST,), new, 2, 0, 4, True)
