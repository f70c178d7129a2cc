"""A smoke test of the ``computer`` agent (its win rate is measured outside the suite)."""

from __future__ import annotations

import random

from picnic_rules import CHANCE
from picnic_rules.ants import (
    GAME,
    ComputerAgent,
    apply,
    is_over,
    legal_moves,
    new_game,
    result,
    sample_chance,
    to_move,
    view,
)


def _play(seed: int, seat: int) -> tuple[int, ...]:
    rng = random.Random(seed)
    agent = ComputerAgent()
    state = new_game(2)
    while not is_over(state):
        actor = to_move(state)
        if actor is CHANCE:
            move = sample_chance(state, rng)
        else:
            moves = legal_moves(state)
            move = agent(view(state, actor), moves, rng) if actor == seat else rng.choice(moves)
            assert move in moves
        state = apply(state, move)
    return result(state).winners


def test_the_computer_beats_random_play_more_often_than_not() -> None:
    games = 10
    wins = sum(_play(100 + i, i % 2) == (i % 2,) for i in range(games))
    assert wins > games // 2
    assert "computer" in GAME.agents
