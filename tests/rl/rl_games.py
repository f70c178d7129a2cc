"""Random games of every built-in game for the rl tests: every state of a few seeds."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from picnic_rules import CHANCE, GAMES
from picnic_rules.registry import BUILTIN

NAMES = tuple(module.rpartition(".")[2] for module in BUILTIN)
"""The built-in games, as the registry lists them."""


def setups(name: str, seeds: int) -> Iterator[tuple[int, Any, int]]:
    """``(players, rules, seed)`` for every variant and player count the rules seat."""
    for _, players, rules in cases(name):
        for seed in range(seeds):
            yield players, rules, seed


def cases(name: str) -> Iterator[tuple[str, int, Any]]:
    """``(variant, players, rules)`` for every variant and player count the rules seat."""
    game = GAMES[name]
    for variant, rules in game.variants.items():
        for players in range(game.players[0], game.players[1] + 1):
            try:
                game.new_game(players, rules)
            except ValueError:  # rules that cannot seat this many
                continue
            yield variant, players, rules


def states(name: str, players: int, rules: Any, seed: int) -> Iterator[Any]:
    """Every state of one random game, the first and the last included."""
    game = GAMES[name]
    rng = random.Random(seed)
    state = game.new_game(players, rules)
    while True:
        yield state
        if game.is_over(state):
            return
        if game.to_move(state) is CHANCE:
            move = game.sample_chance(state, rng)
        else:
            move = rng.choice(game.legal_moves(state))
        state = game.apply(state, move)
