"""What the tests share about the games: the built-in games' names, from the registry's
one list of them (tests and benchmarks iterate this, or :data:`picnic_rules.GAMES`, rather
than spell the names out), and a seeded game played to a decision."""

from __future__ import annotations

import random
from typing import Any

from picnic_rules import CHANCE, registry
from picnic_rules.game import AnyGame

BUILT_IN: tuple[str, ...] = tuple(module.rpartition(".")[2] for module in registry.BUILTIN)
"""Each built-in game's name, in the registry's order."""


def decision(game: AnyGame, seed: int, skip: int = 0, players: int = 2) -> Any:
    """A state of a seeded random game of ``game`` where a seat has several moves, after
    at least ``skip`` decisions (chance drawn and moves chosen by ``random.Random(seed)``)."""
    rng = random.Random(seed)
    state = game.new_game(players)
    seen = 0
    while True:
        actor = game.to_move(state)
        assert actor is not None, "the game ended before the decision looked for"
        if actor is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        moves = game.legal_moves(state)
        if len(moves) > 1 and seen >= skip:
            return state
        seen += 1
        state = game.apply(state, rng.choice(moves))
