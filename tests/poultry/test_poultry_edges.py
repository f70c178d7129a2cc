"""Rules at their edges (issue 16: rules no test pinned): a bird of value 0 does not flee,
the last round under custom grain, two foxes of one seat, the die's six faces, a roll-off
judged only once every contestant rolled."""

from __future__ import annotations

import pytest
from poultry_scenario import cards, play, stock_cards, table

from picnic_rules import CHANCE, IllegalMove, RandomAgent, replay
from picnic_rules import play as play_game
from picnic_rules.poultry import (
    GAME,
    Colour,
    Phase,
    Roll,
    Rules,
    apply,
    check,
    duel_leaders,
    fleeing,
    is_last_round,
    legal_moves,
    to_move,
)
from picnic_rules.poultry.predicates import fox_value

CUSTOM = Rules(poultry=(3, 3, 4, 0, -1), foxes=(4, 5))


def test_a_bird_of_value_zero_is_no_fleeing_bird() -> None:
    # "A negative custom value is a fleeing bird": 0 is not negative, so it haggles.
    assert not fleeing(0) and fleeing(-1) and fleeing(-2)
    state = play(table(4, {0: "red 0", 1: "red 3"}, {"red": (1, 1, 0)}, rules=CUSTOM))
    assert state.phase is Phase.HAGGLE and state.haggle is not None
    assert state.haggle.seats == (0, 1) and state.grain[0] == (0, 0, 0)


def test_a_bird_of_value_minus_one_flees_with_one_green_grain() -> None:
    state = play(table(4, {0: "red -1", 1: "red 3"}, {"red": (1, 1, 0)}, rules=CUSTOM))
    assert state.phase is Phase.DRAW
    assert state.grain[0] == (1, 0, 0) and state.grain[1] == (0, 1, 0)


@pytest.mark.parametrize(("grains", "rounds"), [((6, 3, 3), 2), ((6, 3, 2), 1), ((6, 0, 0), 1)])
def test_the_last_round_with_custom_grain(grains: tuple[int, int, int], rounds: int) -> None:
    # "The last round begins when grain can be distributed for the last time": a bag left
    # with exactly six grains after the supply supplies one more round.
    rules = Rules(green_grain=grains[0], blue_grain=grains[1], yellow_grain=grains[2])
    assert rules.rounds == rounds
    assert not is_last_round((6, 0, 0)) and not is_last_round((2, 2, 2))
    assert is_last_round((5, 0, 0)) and is_last_round((0, 0, 0))
    states = replay(play_game(GAME, [RandomAgent(), RandomAgent()], seed=1, rules=rules))
    assert max(state.round for state in states) == rounds
    assert states[-1].phase is Phase.OVER and sum(states[-1].bag) == sum(grains) - 6 * rounds
    drawn = [state for state in states if state.phase is Phase.DRAW]
    assert bool(drawn) == (rounds > 1)  # no cards are drawn after the last round
    for state in drawn:
        assert sum(state.bag) >= 6


def test_two_foxes_of_one_seat_duel_as_one_fox_of_the_higher_value() -> None:
    fox = cards("blue fox 4 + blue fox 6")
    assert fox_value(fox, Colour.BLUE) == 6 and fox_value(fox, Colour.RED) is None
    played = {0: "blue fox 4 + blue fox 6", 1: "blue fox 5 + red 3", 2: "duck 3"}
    state = play(table(3, played, {"blue": (0, 1, 0)}))
    assert state.phase is Phase.DUEL and state.duel is not None
    assert state.duel.foxes and state.duel.values == (6, 5)  # check agrees, seat by seat
    state = play(state, rolls=[1, 1])  # 7 against 6
    assert stock_cards(state, 0) == ["blue 3"]


def test_the_die_has_six_faces() -> None:
    state = play(
        table(3, {0: "duck 6", 1: "duck 5"}, {"blue": (0, 2, 0)}, rules=Rules(haggling=False))
    )
    assert to_move(state) is CHANCE
    assert legal_moves(state) == tuple(Roll(n) for n in range(1, 7))
    for face in (0, 7):
        with pytest.raises(IllegalMove, match="a die is rolled now"):
            apply(state, Roll(face))
    check(apply(state, Roll(6)))


def test_a_roll_off_is_judged_only_once_every_contestant_rolled() -> None:
    assert duel_leaders([3, 4], [2, 1]) == [0, 1]
    assert duel_leaders([3, 4, 1], [2, 2, 5]) == [1, 2]
    with pytest.raises(ValueError):
        duel_leaders([3, 4], [2])
