"""How long a review of a whole game takes, per game, at the analysis's default budget.

For each game (2 players, default rules) ``--games`` games of ``computer`` against
``random`` are played (seeds 1, 2, ...), and each seat's review
(:func:`picnic_rules.analysis.review`, the budget's default iterations unless told) is timed
by the wall clock with its decisions shared among ``--workers`` processes. The mean and
the slowest review of one seat are printed, and the whole game's (both seats, one after
the other); and, as the wall clock grows with the load of a shared machine, the CPU time
the slowest whole game's reviews took (this process and its workers), halved: what the
wall time would be on two idle cores. Run from the repository root::

    python benchmarks/review_speed.py                 # 3 games each, 2 workers
    python benchmarks/review_speed.py --games 5 --workers 2 --iterations 500
    python benchmarks/review_speed.py --quick         # a few seconds: the smoke run

It needs two idle cores to mean what it says; on a shared machine the wall time grows with
the load. This is a measurement, never a test.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time

from picnic_rules import play
from picnic_rules.analysis import DEFAULT_ITERATIONS, Budget, review
from picnic_rules.registry import BUILTIN

NAMES = tuple(module.rpartition(".")[2] for module in BUILTIN)


def _cpu() -> float:
    """The CPU seconds this process and its ended workers have used."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--game", action="append", choices=NAMES)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 1 game, 20 iterations")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.iterations = 1, 20
    budget = Budget(iterations=args.iterations, workers=args.workers)
    print(
        f"{'game':<10} {'decisions':>9} {'seat mean s':>11} {'seat max s':>10} "
        f"{'game max s':>10} {'idle est. s':>11}"
    )
    for name in args.game or NAMES:
        seat_times: list[float] = []
        game_times: list[float] = []
        game_cpu: list[float] = []
        counts: list[int] = []
        for seed in range(1, args.games + 1):
            record = play(name, ["computer", "random"], seed=seed)
            whole = 0.0
            cpu = _cpu()
            for seat in (0, 1):
                started = time.perf_counter()
                found = review(record, seat, budget)
                took = time.perf_counter() - started
                seat_times.append(took)
                counts.append(len(found.rated))
                whole += took
            game_times.append(whole)
            game_cpu.append(_cpu() - cpu)
        print(
            f"{name:<10} {statistics.mean(counts):>9.1f} {statistics.mean(seat_times):>11.2f} "
            f"{max(seat_times):>10.2f} {max(game_times):>10.2f} {max(game_cpu) / 2:>11.2f}",
            flush=True,
        )
    print(f"({args.iterations} iterations a decision, {args.workers} workers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
