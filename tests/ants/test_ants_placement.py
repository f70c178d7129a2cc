"""Colony placement: the first card, covering a visible ant, never a plate, the four rotations, Planner."""

from __future__ import annotations

import attrs
import pytest
from ants_scenario import card, loose, on, placed, table

from picnic_rules.ants import (
    GAME,
    Landing,
    Phase,
    Place,
    Placed,
    RoundCard,
    apply,
    card_cells,
    check,
    colony_picture,
    legal_moves,
    legal_placements,
    visible,
)
from picnic_rules.testing import assert_illegal


def placing(colony: list[str], won: list[str], held: tuple[RoundCard, ...] = ()) -> object:
    """Seat 0 places ``won`` into ``colony`` (round 2, after the bring back)."""
    used = tuple(c for c in RoundCard if c not in held)[: 1 - len(held)]
    cards = (tuple(card(n) for n in won), ())
    state = table(
        2, colonies={0: colony}, round=2, check_it=False, won=cards, held=(held, ()), used=used
    )
    return attrs.evolve(state, phase=Phase.PLACE)


def test_a_card_is_a_plate_and_three_ants_turned_about_the_plate() -> None:
    c = card("blue-cookie")
    assert card_cells(c, 0, 0, 0) == (
        ((0, 0), "plate"),
        ((1, 0), "ant"),
        ((0, 1), "ant"),
        ((1, 1), "ant"),
    )
    # a quarter turn clockwise: right goes down, down goes left
    assert card_cells(c, 0, 0, 1) == (
        ((0, 0), "plate"),
        ((0, 1), "ant"),
        ((-1, 0), "ant"),
        ((-1, 1), "ant"),
    )
    assert card_cells(c, 0, 0, 2)[3] == ((-1, -1), "ant")
    assert card_cells(c, 0, 0, 3)[3] == ((1, -1), "ant")
    assert card_cells(card("blue-cookie-2"), 5, 5, 0)[3] == ((6, 6), "bare")


def test_the_first_card_goes_anywhere_its_plate_on_0_0_any_rotation() -> None:
    state = placing([], ["blue-cookie"])
    check(state)
    assert legal_moves(state) == tuple(Place(card("blue-cookie"), 0, 0, t) for t in range(4))
    assert_illegal(GAME, state, Place(card("blue-cookie"), 1, 0, 0), "0,0")
    after = apply(state, Place(card("blue-cookie"), 0, 0, 3))
    assert after.colonies[0] == (placed("blue-cookie at 0,0 turn 3"),)


def test_the_new_plate_covers_a_visible_ant() -> None:
    state = placing(["blue-cookie at 0,0 turn 0"], ["green-sandwich"])
    new = card("green-sandwich")
    after = apply(state, Place(new, 1, 1, 0))  # the diagonal ant
    assert visible(after.colonies[0])[(1, 1)] == ("plate", 1)
    assert_illegal(GAME, state, Place(new, 2, 0, 0), "visible ant")  # an empty cell
    assert_illegal(GAME, state, Place(new, 0, 0, 0), "visible ant")  # a plate is no ant


def test_a_bare_cell_is_no_ant() -> None:
    state = placing(["blue-cookie-2 at 0,0 turn 0"], ["green-sandwich"])
    assert_illegal(GAME, state, Place(card("green-sandwich"), 1, 1, 0), "visible ant")


def test_no_cell_of_the_new_card_may_cover_a_plate() -> None:
    state = placing(["blue-cookie at 0,0 turn 0"], ["green-sandwich"])
    new = card("green-sandwich")
    # plate on the ant at 1,0; turned twice its cells are 1,0 0,0 1,-1 0,-1: 0,0 is the plate
    assert_illegal(GAME, state, Place(new, 1, 0, 2), "cover a plate")
    # turned once: 1,0 1,1 0,0 0,1 -> covers the plate too
    assert_illegal(GAME, state, Place(new, 1, 0, 1), "cover a plate")
    apply(state, Place(new, 1, 0, 0))  # 1,0 2,0 1,1 2,1: fine
    apply(state, Place(new, 1, 0, 3))  # 1,0 1,-1 2,0 2,-1: fine


def test_legal_placements_are_exactly_ant_cells_and_rotations_that_cover_no_plate() -> None:
    state = placing(["blue-cookie at 0,0 turn 0"], ["green-sandwich"])
    got = {(m.x, m.y, m.turn) for m in legal_placements(state, 0, card("green-sandwich"))}
    assert got == {
        (1, 0, 0),
        (1, 0, 3),
        (0, 1, 0),
        (0, 1, 1),
        (1, 1, 0),
        (1, 1, 1),
        (1, 1, 3),
    }


def test_a_won_card_with_no_legal_place_is_set_aside() -> None:
    # a forged colony (no game builds it) whose every visible ant is boxed in by plates
    boxed = [
        "blue-cookie-2 at 1,1 turn 3",
        "blue-cookie-2 at 0,2 turn 3",
        "purple-cookie-2 at 2,0 turn 1",
        "blue-watermelon-2 at 0,0 turn 0",
        "purple-watermelon-2 at 2,2 turn 2",
    ]
    state = table(2, colonies={0: boxed}, round=2, check_it=False)
    assert legal_placements(state, 0, card("green-sandwich")) == ()
    # seat 0 wins card 4 at the bring back: seat 1's last landing ends the send out
    dice = {0: {i: on(4, face=3) for i in range(6)}, 1: {i: loose(1) for i in range(5)}}
    state = table(
        2,
        area={4: "green-sandwich"},
        colonies={0: boxed},
        dice=dice,
        round=2,
        check_it=False,
        turn=1,
    )
    state = attrs.evolve(state, phase=Phase.LAND, tossing=5, target=3)
    won = state.area[4]
    after = apply(state, Landing(1, (), touched=True))  # touched dice: no Scout re-toss
    assert after.set_aside[0] == (won,) and after.won == ((), ())
    assert after.colonies[0] == state.colonies[0]


def test_planner_places_next_to_the_colony_covering_nothing() -> None:
    state = placing(["blue-cookie at 0,0 turn 0"], ["green-sandwich"], held=(RoundCard.PLANNER,))
    new = card("green-sandwich")
    after = apply(state, Place(new, 2, 0, 0, True))  # cells 2,0 3,0 2,1 3,1: beside, edge to edge
    assert RoundCard.PLANNER in after.used and RoundCard.PLANNER not in after.held[0]
    assert_illegal(GAME, state, Place(new, 1, 0, 0, True), "next to the colony")  # covers an ant
    assert_illegal(GAME, state, Place(new, 3, 0, 0, True), "next to the colony")  # not touching
    without = placing(["blue-cookie at 0,0 turn 0"], ["green-sandwich"])
    assert_illegal(GAME, without, Place(new, 2, 0, 0, True), "planner")


@pytest.mark.parametrize("turn", [0, 1, 2, 3])
def test_colony_picture_shows_plates_ants_and_bare_cells(turn: int) -> None:
    lines = colony_picture((placed(f"purple-watermelon-2 at 0,0 turn {turn}"),))
    text = "\n".join(lines)
    assert "Pw" in text and text.count(" a") == 2 and " -" in text


def test_the_fast_enumeration_is_the_rule_tried_everywhere() -> None:
    import random

    from picnic_rules.ants import CARD_KINDS
    from picnic_rules.ants.fast import is_spot
    from picnic_rules.ants.predicates import placement_is_legal

    rng = random.Random(4)
    for _ in range(4):
        colony: tuple[Placed, ...] = ()
        for _ in range(6):
            new = rng.choice(CARD_KINDS)
            state = placing([], [], held=(RoundCard.PLANNER,))
            state = attrs.evolve(state, colonies=(colony, ()))
            got = set(legal_placements(state, 0, new))
            cells = [(x, y) for x in range(-9, 10) for y in range(-9, 10)]
            tried = {
                Place(new, x, y, turn, planner)
                for x, y in cells
                for turn in range(4)
                for planner in (False, True)
                if placement_is_legal(colony, new, x, y, turn, planner)
            }
            assert got == tried
            # the legality check in apply asks the same enumeration, whatever the numbers
            odd = [(1 << 20, 0, 0), (0, -(1 << 20), 1), (1, 0, 4), (0, 1, -1), (4, 4, 7)]
            for x, y, turn in [(x, y, t) for x, y in cells for t in range(4)] + odd:
                for planner in (False, True):
                    move = Place(new, x, y, turn, planner)
                    rule = placement_is_legal(colony, new, x, y, turn, planner)
                    assert is_spot(colony, move) == rule, move
            move = rng.choice(sorted(got - {m for m in got if m.planner}, key=str))
            colony = (*colony, Placed(move.card, move.x, move.y, move.turn))
