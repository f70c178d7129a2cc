"""The termination measure (:func:`remaining`): the law that proves every game ends.

At every step of every game: both parts are non-negative; at the new game they are within
:func:`max_moves` and :func:`max_chance_steps`; a decision lowers ``moves`` by at least one
and does not raise ``chance``; a chance step lowers ``chance`` by at least one and does not
raise ``moves``. Checked over random games, over games whose landings keep every Scout
re-tossable, and over a "long game" search that always picks the decision lowering
``moves`` least.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from picnic_rules import CHANCE
from picnic_rules.ants import (
    VARIANTS,
    Landing,
    Phase,
    Rules,
    State,
    apply,
    area_cards,
    is_over,
    legal_moves,
    max_chance_steps,
    max_moves,
    new_game,
    remaining,
    sample_chance,
    to_move,
)

ALL_CARDS = Rules(round_cards_dealt=8)
"""Every Round card dealt: nine rounds, every card's play in reach."""
RULES = {**VARIANTS, "all-cards": ALL_CARDS}

Chooser = Callable[[State, random.Random], Any]


def _random(state: State, rng: random.Random) -> Any:
    return rng.choice(legal_moves(state))


def _longest(state: State, rng: random.Random) -> Any:
    """The decision that lowers ``remaining(state).moves`` least (ties at random)."""
    scored = [(remaining(apply(state, move)).moves, i) for i, move in enumerate(legal_moves(state))]
    best = max(moves for moves, _ in scored)
    return legal_moves(state)[rng.choice([i for moves, i in scored if moves == best])]


def _retossable(state: State, rng: random.Random) -> Any:
    """Landings that keep the game long: loose and touching nothing half the time (a Scout
    may be re-tossed), else on one card (a Re-toss card may be played)."""
    if state.phase is not Phase.LAND:
        return sample_chance(state, rng)
    face = rng.choice(state.rules.die_faces(state.tossing))
    cards = area_cards(state)
    return Landing(face, () if rng.random() < 0.5 or not cards else (rng.choice(cards),))


def play_checking_the_law(
    players: int, rules: Rules, seed: int, choose: Chooser, chance: Chooser = sample_chance
) -> tuple[int, int]:
    """Play one game, checking the law at every step; the decisions and chance steps made."""
    rng = random.Random(seed)
    state = new_game(players, rules)
    start = remaining(state)
    assert start.moves <= max_moves(players, rules)
    assert start.chance <= max_chance_steps(players, rules)
    moves = chances = 0
    while not is_over(state):
        before = remaining(state)
        by_chance = to_move(state) is CHANCE
        after = apply(state, chance(state, rng) if by_chance else choose(state, rng))
        now = remaining(after)
        assert now.moves >= 0 and now.chance >= 0
        if by_chance:
            chances += 1
            assert now.chance < before.chance and now.moves <= before.moves, (state, now)
        else:
            moves += 1
            assert now.moves < before.moves and now.chance <= before.chance, (state, now)
        state = after
    assert moves <= max_moves(players, rules) and chances <= max_chance_steps(players, rules)
    return moves, chances


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", sorted(RULES))
def test_the_measure_falls_at_every_step_of_random_games(players: int, variant: str) -> None:
    for seed in range(2):
        play_checking_the_law(players, RULES[variant], seed, _random)
        play_checking_the_law(players, RULES[variant], seed, _random, _retossable)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variant", sorted(RULES))
def test_the_long_game_search_stays_within_max_moves(players: int, variant: str) -> None:
    rules = RULES[variant]
    moves, chances = play_checking_the_law(players, rules, 1, _longest, _retossable)
    assert moves <= max_moves(players, rules) and chances <= max_chance_steps(players, rules)
    play_checking_the_law(players, rules, 2, _longest)


def test_the_measure_of_a_finished_game_is_zero() -> None:
    rng = random.Random(3)
    state = new_game(2, VARIANTS["short"])
    while not is_over(state):
        move = sample_chance(state, rng) if to_move(state) is CHANCE else _random(state, rng)
        state = apply(state, move)
    assert tuple(remaining(state)) == (0, 0)
