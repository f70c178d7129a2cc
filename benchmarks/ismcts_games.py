"""ISMCTS iterations per second over whole games: the game's own search against its computer.

For each ``--workers`` count, ``--games`` games of 2 players are played (game ``i`` with
seed ``i``, the search in seat ``i % 2``, the computer in the other), and every decision
of the search with more than one legal move is timed: by the CPU time of this process
with one worker, by the wall clock with more (the deciding process only waits for its
workers then; their first decision, which starts them, is timed too). It prints the
iterations a second over all those decisions, the mean and the longest decision. The
workers change the search (two trees, not one), so the games differ and the decisions
are not the same ones: compare the rates, not the games.

    python benchmarks/ismcts_games.py                          # sandwich, 6 games, 1 and 2 workers
    python benchmarks/ismcts_games.py --game insects --games 3 --workers 2

This is a measurement, never a test: nothing asserts a speed. Run it with nothing else
on the machine (the wall clock counts every neighbour).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

import attrs

from picnic_rules import CHANCE, GAMES
from picnic_rules.agents import make_agent
from picnic_rules.agents.ismcts import ISMCTSAgent


def measure(name: str, workers: int, games: int) -> tuple[int, float, float, float]:
    """The decisions timed, iterations a second, mean and longest decision (seconds)."""
    game = GAMES[name]
    own = make_agent(game, "ismcts")
    assert isinstance(own, ISMCTSAgent)
    computer = make_agent(game, "computer")
    clock = time.perf_counter if workers > 1 else time.process_time
    seconds: list[float] = []
    with attrs.evolve(own, workers=workers) as search:
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_game(2)
            seat = seed % 2
            while (actor := game.to_move(state)) is not None:
                if actor is CHANCE:
                    state = game.apply(state, game.sample_chance(state, rng))
                    continue
                legal = game.legal_moves(state)
                view = game.view(state, actor)
                if actor == seat and len(legal) > 1:
                    started = clock()
                    move = search(view, legal, rng)
                    seconds.append(clock() - started)
                else:
                    move = computer(view, legal, rng)
                state = game.apply(state, move)
        iterations = search.iterations
    total = sum(seconds)
    return len(seconds), iterations * len(seconds) / total, total / len(seconds), max(seconds)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print one line per worker count."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, default="sandwich", help="(sandwich)")
    parser.add_argument("--games", type=int, default=6, help="games per worker count (6)")
    parser.add_argument(
        "--workers", type=int, action="append", help="worker counts (default: 1 and 2)"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or any(w < 1 for w in args.workers or ()):
        parser.error("--games and --workers must be at least 1")
    print(
        f"{args.game}: its own search against its computer, {args.games} games, seeds 0-"
        f"{args.games - 1} (Python {sys.version.split()[0]})"
    )
    for workers in args.workers or (1, 2):
        decisions, rate, mean, longest = measure(args.game, workers, args.games)
        clock = "wall" if workers > 1 else "CPU"
        print(
            f"  workers={workers}: {decisions} decisions, {rate:,.0f} iterations/s ({clock}), "
            f"{mean:.3f} s a decision on average, the longest {longest:.3f} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
