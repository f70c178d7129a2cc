"""``check`` is closed under play: whatever it accepts is over or can be played on, and every
legal move (two sampled outcomes at a chance node) from it gives a state it accepts again.

The positions come from real games, one of every phase, each changed at one place
(:func:`picnic_rules.testing.mutations.sample`): an int moved, a flag flipped, a die or a
card dropped or doubled, a phase swapped.
"""

from __future__ import annotations

import random

import pytest

from picnic_rules import CHANCE, InvalidState
from picnic_rules.ants import (
    VARIANTS,
    Phase,
    Rules,
    State,
    apply,
    check,
    is_over,
    legal_moves,
    new_game,
    sample_chance,
    to_move,
)
from picnic_rules.testing.mutations import sample

DEPTH = 3


def _one_of_each_phase(players: int, rules: Rules, seed: int) -> list[State]:
    """A state of every phase a random game passes through (the first round's last, so the
    later rounds are represented too), and the end."""
    rng = random.Random(seed)
    state = new_game(players, rules)
    seen: dict[tuple[Phase, bool], State] = {}
    while not is_over(state):
        seen[state.phase, state.round > 1] = state
        move = (
            sample_chance(state, rng)
            if to_move(state) is CHANCE
            else rng.choice(legal_moves(state))
        )
        state = apply(state, move)
    return [*seen.values(), state]


def _play_on(state: State, rng: random.Random) -> None:
    for _ in range(DEPTH):
        if to_move(state) is None:
            return
        if to_move(state) is CHANCE:
            moves = [sample_chance(state, rng) for _ in range(2)]
        else:
            moves = list(legal_moves(state))
            assert moves, f"check accepts a state that is not over but has no move: {state}"
            moves = rng.sample(moves, min(len(moves), 12))
        children = [apply(state, move) for move in moves]
        for child in children:
            check(child)
        state = rng.choice(children)


@pytest.mark.parametrize(("players", "variant"), [(2, "default"), (4, "short")])
def test_check_is_closed_under_play(players: int, variant: str) -> None:
    rng = random.Random(players)
    accepted = refused = 0
    for state in _one_of_each_phase(players, VARIANTS[variant], seed=players):
        for mutant in sample(state, 16, rng):
            try:
                check(mutant)
            except InvalidState:
                refused += 1
                continue
            accepted += 1
            _play_on(mutant, rng)
    assert refused > accepted > 0
