"""What a server pays per move for the front-end contract, for every game in GAMES.

Plays random games and, at every step, times separately (CPU time, µs per step):

- **apply**: ``apply`` alone (the baseline every server pays);
- **apply_as**: the seat-checked call, for non-chance moves (parsing the notation);
- **observe**: ``observe`` for every seat;
- **update**: ``update`` for every seat (what a client does to follow the game);
- **update doc**: ``seat_update`` + ``codec.encode`` for the seat to act (the client document,
  its legal moves described).

    python benchmarks/front_end.py                    # 100 games per game, 2 players
    python benchmarks/front_end.py --games 20 --players 4
    python benchmarks/front_end.py --quick

A measurement, never a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from picnic_rules import CHANCE, GAMES, codec
from picnic_rules.client import seat_update

PARTS = ("apply", "apply_as", "observe", "update", "update doc")


def _timed(totals: dict[str, float], part: str, call: Callable[..., Any], *args: Any) -> Any:
    start = time.process_time()
    value = call(*args)
    totals[part] += time.process_time() - start
    return value


def _observe_all(game: Any, state: Any, move: Any, players: int) -> list[Any]:
    return [game.observe(state, move, seat) for seat in range(players)]


def _update_all(game: Any, views: list[Any], seen: list[Any]) -> list[Any]:
    return [game.update(v, o) for v, o in zip(views, seen, strict=True)]


def _document(game: Any, state: Any, seat: int) -> Any:
    return codec.encode(seat_update(game, state, seat))


def measure(game: Any, games: int, players: int, seed: int) -> tuple[int, dict[str, float]]:
    """Play ``games`` random games; return (steps, CPU seconds per part)."""
    rng = random.Random(seed)
    totals = dict.fromkeys(PARTS, 0.0)
    steps = 0
    for _ in range(games):
        state = game.new_game(players)
        views = [game.view(state, seat) for seat in range(players)]
        while (actor := game.to_move(state)) is not None:
            if actor is CHANCE:
                move = game.sample_chance(state, rng)
            else:
                move = rng.choice(game.legal_moves(state))
                _timed(totals, "apply_as", game.apply_as, state, actor, str(move))
                _timed(totals, "update doc", _document, game, state, actor)
            seen = _timed(totals, "observe", _observe_all, game, state, move, players)
            views = _timed(totals, "update", _update_all, game, views, seen)
            state = _timed(totals, "apply", game.apply, state, move)
            steps += 1
    return steps, totals


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Per-step cost of the front-end contract.")
    parser.add_argument("--games", "-n", type=int, default=100, help="games per game (100)")
    parser.add_argument("--players", type=int, default=2, help="seats (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--quick", action="store_true", help="10 games: a smoke run")
    args = parser.parse_args(argv)
    games = 10 if args.quick else args.games
    print(
        f"random games, default rules, {args.players} players, {games} games each, "
        f"µs of CPU per step (Python {sys.version.split()[0]})"
    )
    print(f"{'game':<12}" + "".join(f"{part:>12}" for part in PARTS))
    for name, game in sorted(GAMES.items()):
        if not game.min_players <= args.players <= game.max_players:
            continue
        steps, totals = measure(game, games, args.players, args.seed)
        cells = "".join(f"{1e6 * totals[part] / steps:>12.1f}" for part in PARTS)
        print(f"{name:<12}{cells}")
    print("(observe and update: all seats together; apply_as and update doc: per decision,")
    print(" averaged over every step)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
