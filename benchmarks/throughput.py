"""Random-playout throughput of every game in :data:`picnic_rules.GAMES`.

Plays whole games with uniformly random moves and chance drawn from the game's own
distribution (``game.sample_chance``), and prints, per game, the steps per second, games
per second, microseconds per step (chance steps counted) and the mean steps per game.

    python benchmarks/throughput.py                  # 1000 games per game, 2 players
    python benchmarks/throughput.py --games 200 --players 4 --seed 7
    python benchmarks/throughput.py --quick          # a few-second smoke run

This is a measurement, never a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from picnic_rules import CHANCE, GAMES


def playout(game: Any, state: Any, rng: random.Random) -> int:
    """Play ``state`` to the end at random; return the number of steps (chance included)."""
    to_move = game.to_move
    legal_moves = game.legal_moves
    sample_chance = game.sample_chance
    apply = game.apply
    choice = rng.choice
    steps = 0
    while True:
        actor = to_move(state)
        if actor is None:
            return steps
        move = sample_chance(state, rng) if actor is CHANCE else choice(legal_moves(state))
        state = apply(state, move)
        steps += 1


def measure(game: Any, games: int, players: int, seed: int) -> tuple[int, int, float]:
    """Play ``games`` random games; return (games played, total steps, seconds)."""
    rules = game.Rules()
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        steps += playout(game, game.new_game(players, rules), rng)
    return games, steps, time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Random-playout throughput of every picnic_rules game (default rules)."
    )
    parser.add_argument(
        "--games", "-n", type=int, default=1000, help="games per game (default 1000)"
    )
    parser.add_argument("--players", "-p", type=int, default=2, help="players (default 2)")
    parser.add_argument("--seed", "-s", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--quick", action="store_true", help="a few-second smoke run (at most 200 games each)"
    )
    args = parser.parse_args(argv)
    games = min(args.games, 200) if args.quick else args.games
    if games < 1:
        parser.error("--games must be at least 1")

    print(
        f"random playouts, default rules, {args.players} players, {games} games each, "
        f"seed {args.seed} (Python {sys.version.split()[0]})"
    )
    header = f"{'game':<12} {'steps/s':>11} {'games/s':>9} {'µs/step':>8} {'steps/game':>11}"
    print(header)
    print("-" * len(header))
    skipped = 0
    for name, game in GAMES.items():
        if not game.min_players <= args.players <= game.max_players:
            print(f"{name:<12} skipped: takes {game.min_players}-{game.max_players} players")
            skipped += 1
            continue
        played, steps, seconds = measure(game, games, args.players, args.seed)
        seconds = max(seconds, 1e-9)
        print(
            f"{name:<12} {steps / seconds:>11,.0f} {played / seconds:>9,.1f} "
            f"{seconds / max(steps, 1) * 1e6:>8.2f} {steps / played:>11.1f}"
        )
    if skipped == len(GAMES):
        print(f"no game takes {args.players} players", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
