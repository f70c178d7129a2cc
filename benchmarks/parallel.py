"""Games per second of :func:`picnic_rules.simulate.simulate` serially, in worker processes
and on a local Dask cluster -- the figures behind ``picnic simulate --jobs`` and ``--dask``.

    python benchmarks/parallel.py                          # sandwich, 2000 games each way
    python benchmarks/parallel.py --games 500 --jobs 1 2 4 --no-dask
    python benchmarks/parallel.py --game sandwich --agents random,random

Each way plays the same games (seeds 0 .. N-1) and must give the same summary; the script
says so, and prints games/s and the speed-up over one process. Start-up (the pool, the
cluster) is not timed: a warm-up run of a few games goes first. Measure on a quiet
machine: the speed-up is bounded by the free cores. This is a measurement, never a test.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import time
from collections.abc import Callable
from typing import Any

from picnic_rules.simulate import Summary, simulate


def timed(run: Callable[[], Summary]) -> tuple[float, Summary]:
    start = time.perf_counter()
    summary = run()
    return time.perf_counter() - start, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="sandwich")
    parser.add_argument("--agents", default="computer,random")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--dask-workers", type=int, default=2)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--chunk", type=int, help="games per job (default: simulate's)")
    args = parser.parse_args()
    agents = args.agents.split(",")
    n = args.games

    def run_with(executor: concurrent.futures.Executor | None) -> Summary:
        return simulate(args.game, agents, n, seed=0, executor=executor, chunk_size=args.chunk)

    results: list[tuple[str, float, Summary]] = []
    for jobs in args.jobs:
        if jobs == 1:
            seconds, summary = timed(lambda: run_with(None))
        else:
            with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
                simulate(args.game, agents, 2 * jobs, seed=0, executor=pool, chunk_size=1)
                seconds, summary = timed(lambda pool=pool: run_with(pool))  # type: ignore[misc]
        results.append((f"--jobs {jobs}", seconds, summary))
    if not args.no_dask:
        from distributed import Client, LocalCluster

        with (
            LocalCluster(
                n_workers=args.dask_workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            ) as cluster,
            Client(cluster) as client,
        ):
            executor: Any = client.get_executor()
            simulate(args.game, agents, 2 * args.dask_workers, seed=0, executor=executor)
            seconds, summary = timed(lambda: run_with(executor))
        results.append((f"dask, {args.dask_workers} workers", seconds, summary))
    base = next((seconds for label, seconds, _ in results if label == "--jobs 1"), None)
    print(f"{args.game}, {args.agents}, {n} games")
    print(f"{'how':<22}{'seconds':>9}{'games/s':>10}{'speed-up':>10}")
    for label, seconds, _ in results:
        speed_up = f"{base / seconds:.2f}x" if base else "-"
        print(f"{label:<22}{seconds:>9.2f}{n / seconds:>10.0f}{speed_up:>10}")
    same = all(summary == results[0][2] for _, _, summary in results)
    print("same summary every way:", "yes" if same else "NO")


if __name__ == "__main__":
    main()
