"""Steps per second of the batched environment (:class:`picnic_rules.vector.VectorEnv`).

Each game's ``--envs`` games are stepped together with uniformly random legal actions (the
caller plays every seat; the actions are drawn with numpy from ``infos["legal"]``), in one
process and split among ``--processes`` processes sharing memory. A step is one move of
one game: observations, legal moves, masks, rewards and terminations filled, chance
drawn, a finished game started again. Prints the steps per second (wall clock), the CPU
microseconds per step of every process stepping (the parent's and its workers'), the
steps per CPU-second, and the load average, which on a shared machine says how much of
the two cores the run had:

    python benchmarks/vector.py                       # every game, 1 and 2 processes
    python benchmarks/vector.py --games sandwich --processes 2 --seconds 20
    python benchmarks/vector.py --quick               # a few-second smoke run
    python benchmarks/vector.py --table docs/vector_table.txt   # and write the docs' table

This is a measurement, never a test: nothing here asserts a speed.
"""

from __future__ import annotations

import argparse
import datetime
import os
import time
from collections.abc import Sequence

import numpy as np

from picnic_rules import GAMES
from picnic_rules.vector import VectorEnv


def _cpu(pids: list[int]) -> float:
    """The CPU seconds (user and system) processes ``pids`` have used so far (Linux's
    ``/proc``; 0 elsewhere)."""
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", "rb") as file:
                fields = file.read().rsplit(b")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            pass
    return total


def measure(
    name: str, envs: int, processes: int, seconds: float, seed: int
) -> tuple[int, float, float]:
    """Step ``envs`` games of ``name`` for about ``seconds``; (steps, wall seconds, CPU
    seconds of every process that stepped them)."""
    batch = VectorEnv(name, envs, processes=processes)
    try:
        _, info = batch.reset(seed=seed)
        rng = np.random.default_rng(seed)
        rows = np.arange(envs)
        for _ in range(3):  # warm up: the spaces' caches, the workers
            places = (rng.random(envs) * info["legal_count"]).astype(np.int64)
            _, _, _, _, info = batch.step(info["legal"][rows, places])
        pids = [process.pid for process in batch._processes if process.pid is not None]
        calls = 0
        cpu = time.process_time() + _cpu(pids)
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            places = (rng.random(envs) * info["legal_count"]).astype(np.int64)
            _, _, _, _, info = batch.step(info["legal"][rows, places])
            calls += 1
        wall = time.perf_counter() - start
        return calls * envs, wall, time.process_time() + _cpu(pids) - cpu
    finally:
        batch.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None, help="the games (default: all)")
    parser.add_argument("--envs", type=int, default=512, help="games per batch (512)")
    parser.add_argument("--processes", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--seconds", type=float, default=10.0, help="per measurement (10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few-second smoke run")
    parser.add_argument("--table", default=None, help="write the figures as a reST table here")
    args = parser.parse_args(argv)
    names = args.games or [name for name in GAMES if GAMES[name].tensors is not None]
    seconds = 0.3 if args.quick else args.seconds
    envs = min(args.envs, 32) if args.quick else args.envs
    print(f"batched random play, {envs} games a batch, 2 players, default rules")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    header = (
        f"{'game':<10} {'processes':>9} {'steps/s':>11} {'CPU µs/step':>11} "
        f"{'per CPU-s':>10} {'load':>6}"
    )
    print(header)
    print("-" * len(header))
    rows = []
    for name in names:
        for processes in args.processes:
            steps, wall, cpu = measure(name, envs, processes, seconds, args.seed)
            row = (
                name, str(processes), f"{steps / wall:,.0f}", f"{cpu / steps * 1e6:.2f}",
                f"{steps / max(cpu, 1e-9):,.0f}", f"{os.getloadavg()[0]:.2f}",
            )  # fmt: skip
            rows.append(row)
            print(f"{row[0]:<10} {row[1]:>9} {row[2]:>11} {row[3]:>11} {row[4]:>10} {row[5]:>6}")
    if args.table:
        with open(args.table, "w", encoding="utf-8") as file:
            file.write(table(rows, envs, seconds))
    return 0


def table(rows: list[tuple[str, ...]], envs: int, seconds: float) -> str:
    """The figures as a reST list-table, with what was measured and when."""
    header = ("game", "processes", "steps/s", "CPU µs/step", "steps per CPU-second", "load")
    lines = [".. list-table::", "   :header-rows: 1", ""]
    for row in (header, *rows):
        lines.append(f"   * - {row[0]}")
        lines.extend(f"     - {cell}" for cell in row[1:])
    today = datetime.date.today().isoformat()
    lines += [
        "",
        f"Measured on {today}, {envs} games a batch, {seconds:g} s each, random legal "
        "actions for every seat, default rules, 2 players (``python benchmarks/vector.py"
        " --table docs/vector_table.txt``). *load* is the one-minute load average after "
        "each run, on the 2-core machine.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
