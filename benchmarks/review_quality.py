"""Does a review tell good play from bad? Per game, the mean estimated loss per decision of
``random`` against that of the game's search (``ismcts``) in the same games.

For each game (2 players, default rules) ``--games`` games of ``ismcts`` against
``random`` are played, the seats swapped every other game (seed ``i`` for game ``i``), and
both seats are reviewed (:func:`picnic_rules.analysis.review`, ``--iterations`` a decision,
the analysis's default unless told). Printed per game: each player's mean loss per rated
decision and its mistakes per decision, and the difference of the mean losses (random less
search) with a normal 95% interval over the decisions (Welch): a difference whose interval
is clear of zero says the review tells the two apart. ``--search-iterations`` makes the
search seat cheaper to play (its own default unless told). Run from the repository root::

    python benchmarks/review_quality.py --games 6 --workers 2
    python benchmarks/review_quality.py --quick       # a few seconds: the smoke run

This is a measurement, never a test.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

import attrs

from picnic_rules import GAMES, RandomAgent, play
from picnic_rules.analysis import DEFAULT_ITERATIONS, Budget, review
from picnic_rules.registry import BUILTIN

NAMES = tuple(module.rpartition(".")[2] for module in BUILTIN)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--search-iterations", type=int)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", action="append", choices=NAMES)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 games, 20 iterations")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.iterations, args.search_iterations = 2, 20, 20
    budget = Budget(iterations=args.iterations, workers=args.workers)
    print(
        f"{'game':<10} {'decisions':>9} {'random loss':>11} {'search loss':>11} "
        f"{'difference (95%)':>22} {'mistakes r/s':>12}"
    )
    for name in args.game or NAMES:
        started = time.perf_counter()
        game = GAMES[name]
        losses: dict[str, list[float]] = {"random": [], "search": []}
        mistakes: dict[str, int] = {"random": 0, "search": 0}
        for index in range(args.games):
            search = game.agents["ismcts"]()
            if args.search_iterations is not None:
                search = attrs.evolve(search, iterations=args.search_iterations)  # type: ignore[misc]
            seats = [search, RandomAgent()] if index % 2 == 0 else [RandomAgent(), search]
            record = play(name, seats, seed=index)
            for seat in (0, 1):
                who = "search" if (seat == 0) == (index % 2 == 0) else "random"
                found = review(record, seat, budget)
                losses[who].extend(decision.loss for decision in found.rated)
                mistakes[who] += len(found.mistakes)
        bad, good = losses["random"], losses["search"]
        difference = statistics.mean(bad) - statistics.mean(good)
        half = 1.96 * math.sqrt(
            statistics.variance(bad) / len(bad) + statistics.variance(good) / len(good)
        )
        print(
            f"{name:<10} {len(bad) + len(good):>9} {statistics.mean(bad):>11.3f} "
            f"{statistics.mean(good):>11.3f} "
            f"{f'{difference:.3f} [{difference - half:.3f}, {difference + half:.3f}]':>22} "
            f"{mistakes['random'] / len(bad):>5.2f}/{mistakes['search'] / len(good):.2f}"
            f"  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    print(f"({args.games} games each, {args.iterations} iterations a decision reviewed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
