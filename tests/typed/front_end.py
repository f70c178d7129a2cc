"""A small front end, type-checked by ``tests/test_typed_front_end.py``: what mypy sees
through the game-agnostic layer when the game is a built-in one.

Each ``reveal_type`` line ends with the type mypy must reveal (after ``# ->``), its names
without their modules and ``MOVE`` for the union of the poultry move classes.
This module is only type-checked: importing it runs nothing.
"""

from __future__ import annotations

import random
from typing import reveal_type

from picnic_rules import GAMES, play
from picnic_rules.client import seat_update
from picnic_rules.game import Agent
from picnic_rules.history import follow, observe_all, seat_record
from picnic_rules.poultry import Move, View


def first(view: View, legal: tuple[Move, ...], rng: random.Random) -> Move:
    """An agent of the poultry game: the first legal move."""
    return legal[0]


def poultry_front_end() -> None:
    """What a front end of the poultry game sees (type-checked, never called)."""
    game = GAMES["poultry"]
    reveal_type(game)  # -> Game[State, View, MOVE, Rules, Observation]
    state = game.new_game(3)
    reveal_type(state)  # -> State
    update = seat_update(game, state, 0)
    reveal_type(update.view)  # -> View
    reveal_type(update.legal_moves)  # -> tuple[LegalMove[MOVE], ...]
    reveal_type(update.observations)  # -> tuple[Observed[Observation], ...]
    move = game.sample_chance(state, random.Random(1))
    reveal_type(observe_all(game, state, move))  # -> tuple[Observation, ...]

    record = play(game, ["random", "random", "random"], seed=1)
    reveal_type(record)  # -> Record[MOVE, Rules]
    history = seat_record(record, 1, game)
    reveal_type(history)  # -> SeatRecord[Rules, Observation]
    reveal_type(follow(history, game))  # -> tuple[View, ...]

    agent: Agent[View, Move] = first
    reveal_type(agent)  # -> def (View, tuple[MOVE, ...], Random) -> MOVE
    reveal_type(game.agents["computer"]())  # -> def (View, tuple[MOVE, ...], Random) -> MOVE
    reveal_type(GAMES["someone-elses"])  # -> Game[Any, Any, Any, Any, Any]
