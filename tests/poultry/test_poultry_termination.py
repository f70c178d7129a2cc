"""The termination measure :func:`~picnic_rules.poultry.remaining` is a proof: it starts
within ``max_moves`` and ``max_chance_steps``, never goes below zero, and every decision
(every chance step) lowers its part by at least one without raising the other -- in random
games and in the longest games a seat can steer towards."""

from __future__ import annotations

import random

import pytest

from picnic_rules import CHANCE, Measure
from picnic_rules.poultry import (
    VARIANTS,
    Move,
    Phase,
    Rules,
    State,
    apply,
    is_over,
    legal_moves,
    max_chance_steps,
    max_moves,
    new_game,
    remaining,
    sample_chance,
    to_move,
)


def _longest(state: State, rng: random.Random) -> Move:
    """Among the legal moves, one that lowers the measure's ``moves`` least (ties at random)."""
    scored = [(remaining(apply(state, move)).moves, move) for move in legal_moves(state)]
    most = max(left for left, _ in scored)
    return rng.choice([move for left, move in scored if left == most])


def _play(players: int, rules: Rules, seed: int, *, longest: bool) -> tuple[int, int]:
    """Play one game checking the law at every step; its decisions and chance steps."""
    rng = random.Random(seed)
    state = new_game(players, rules)
    measure = remaining(state)
    assert measure == Measure(max_moves(players, rules), max_chance_steps(players, rules))
    decisions = chance = 0
    while not is_over(state):
        by_chance = to_move(state) is CHANCE
        if by_chance:
            move = sample_chance(state, rng)
        else:
            move = _longest(state, rng) if longest else rng.choice(legal_moves(state))
        after = apply(state, move)
        left = remaining(after)
        assert min(left) >= 0, (state.phase, str(move))
        if by_chance:
            assert left.chance < measure.chance and left.moves <= measure.moves, str(move)
            chance += 1
        else:
            assert left.moves < measure.moves and left.chance <= measure.chance, str(move)
            decisions += 1
        state, measure = after, left
    assert remaining(state) == Measure(0, 0)
    return decisions, chance


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_measure_falls_at_every_step_of_random_games(players: int) -> None:
    for name in ("default", "no-haggling"):
        _play(players, VARIANTS[name], seed=players, longest=False)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_longest_games_stay_within_max_moves(name: str) -> None:
    rules = VARIANTS[name]
    for players in (2, 5):
        decisions, chance = _play(players, rules, seed=16, longest=True)
        assert decisions <= max_moves(players, rules)
        assert chance <= max_chance_steps(players, rules)


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
