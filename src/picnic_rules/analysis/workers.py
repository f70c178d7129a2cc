"""A review's decisions shared among worker processes: :func:`map_decisions`.

Each decision is searched with its own generator (:meth:`Budget.rng_seed
<picnic_rules.analysis.Budget.rng_seed>`), so the decisions may be searched in any order,
in any process, with the same result: :func:`map_decisions` forks up to ``workers``
processes (at most the CPUs this process may use and the decisions), hands each a share of
the decisions' numbers, and gathers the results in order. The workers are the library's
(:mod:`picnic_rules.processes`): each ends with the process that started it, however it
ended, ignores Ctrl-C (which reaches the parent, who kills them at once), and all are
killed when the review ends. Only the numbers and the results cross between processes: the
work itself (the game, its views and its search) is inherited by forking. Where nothing
can be forked (Windows), in a daemonic process (a pool's worker) or on one CPU, the
decisions are searched here, one after the other.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..agents.parallel import can_fork
from ..processes import end_processes, usable_cpus, worker_started

__all__ = ["map_decisions", "processes_for"]

T = TypeVar("T")

_work: Callable[[int], Any] | None = None
"""The work of the pool being started (inherited by its forked workers)."""
_lock = threading.Lock()


def processes_for(workers: int, count: int) -> int:
    """The processes ``count`` decisions are searched in with ``workers`` asked for: at
    most the workers, the decisions and the usable CPUs; 1 where nothing can be forked or
    in a daemonic process (1: no process is started)."""
    if not can_fork() or multiprocessing.current_process().daemon:
        return 1
    return max(1, min(workers, count, usable_cpus()))


def _run(index: int) -> Any:
    assert _work is not None  # set before the pool forked this worker
    return _work(index)


def map_decisions(work: Callable[[int], T], count: int, workers: int) -> list[T]:
    """``[work(0), ..., work(count - 1)]``, computed in :func:`processes_for` processes."""
    global _work
    processes = processes_for(workers, count)
    if processes <= 1:
        return [work(index) for index in range(count)]
    with _lock:  # one pool at a time: its work is a global its workers inherit
        _work = work
        context = multiprocessing.get_context("fork")
        pool = concurrent.futures.ProcessPoolExecutor(
            processes, mp_context=context, initializer=worker_started, initargs=(os.getpid(),)
        )
        try:
            results = list(pool.map(_run, range(count), chunksize=1))
        except BaseException:  # Ctrl-C or an error: the rest of the work is for nobody
            _kill(pool)
            raise
        else:
            pool.shutdown(wait=True)
            return results
        finally:
            _work = None


def _kill(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """End ``pool`` and its workers now, busy or not (nobody would read their work)."""
    workers: Sequence[Any] = list((getattr(pool, "_processes", None) or {}).values())
    end_processes(workers)
    pool.shutdown(wait=False, cancel_futures=True)
