"""The termination measure :func:`~picnic_rules.poultry.remaining` is a proof: it starts
at exactly ``max_moves`` and ``max_chance_steps``, never goes below zero, and every decision
(every chance step) lowers its part by at least one without raising the other -- in random
games and in the longest games a seat can steer towards (the harness's measure law and
long-game search) -- and it is zero when the game is over."""

from __future__ import annotations

import attrs
import pytest

from picnic_rules import Measure, Outcome
from picnic_rules.poultry import (
    GAME,
    VARIANTS,
    Phase,
    Rules,
    State,
    legal_moves,
    max_chance_steps,
    max_moves,
    new_game,
    remaining,
    result,
    to_move,
)
from picnic_rules.testing import check_long_game, check_play

LAW = ["measure", "max-moves", "max-chance-steps"]
EVERY = 10**6
"""No step is deep: the expensive checks run only at the first and last states."""


def _result_at_zero(state: State) -> Outcome:
    """The result of a game over, whose measure must be (0, 0): nothing is left to come."""
    assert remaining(state) == Measure(0, 0), state.phase
    return result(state)


ENDING = attrs.evolve(GAME, result=_result_at_zero)
"""The game, asserting at every game's end that the measure is zero."""


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_measure_falls_at_every_step_of_random_games(players: int) -> None:
    for name in ("default", "no-haggling"):
        rules = VARIANTS[name]
        assert remaining(new_game(players, rules)) == Measure(
            max_moves(players, rules), max_chance_steps(players, rules)
        )
        check_play(
            GAME, players=players, rules=rules, seed=players, variant=name, only=LAW, every=EVERY
        )


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_longest_games_stay_within_max_moves(name: str) -> None:
    rules = VARIANTS[name]
    for players in (2, 5):
        assert remaining(new_game(players, rules)) == Measure(
            max_moves(players, rules), max_chance_steps(players, rules)
        )
        check_long_game(
            GAME, players=players, rules=rules, seed=16, variant=name, only=LAW, every=EVERY
        )


def test_a_haggle_counts_its_allots_answers_and_later_proposals() -> None:
    # Seats 0 and 2 haggle over 2 grains: each proposes once, 2 allots and 1 answer apiece.
    from poultry_scenario import play, table

    state = play(table(4, {0: "red 5", 2: "red 3"}, {"red": (1, 1, 0)}))
    assert state.phase is Phase.HAGGLE
    start = remaining(state).moves
    state = play(state, "allot green to 0", "allot blue to 0", "reject")
    assert remaining(state).moves == start - 3
    state = play(state, "allot green to 2", "allot blue to 2")
    assert remaining(state).moves == start - 5
    assert legal_moves(state) and to_move(state) == 0


def test_custom_grain_counts_its_rounds() -> None:
    rules = Rules(green_grain=7, blue_grain=0, yellow_grain=5)  # 12 grains: two rounds
    assert rules.rounds == 2
    assert max_moves(2, rules) == 2 * (2 + 2 * 12 + 6 * 2 * 1)
    assert max_chance_steps(2, rules) == 2 * 6 + 2 * (6 + 1 + 6 * 7 + 2 * 2)
