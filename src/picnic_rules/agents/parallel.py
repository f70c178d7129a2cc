"""Root-parallel search: one decision's iterations split among worker processes.

``ISMCTSAgent(game, iterations=1000, workers=2)`` searches each decision in two
processes at once, 500 iterations each, every one on its own tree from the same view
with its own seed, and adds up the statistics of the root's moves (root
parallelization: Cazenave and Jouandeau, 2007; Chaslot, Winands and van den Herik,
2008). The decision takes about half the wall time on two idle cores; the search is a
different one (two trees of 500 are not one of 1,000), but as reproducible: the seeds
of the parts are drawn from the agent's ``rng`` before anything runs, and the parts'
results are added in order, so a seeded game plays the same moves, with any number of
processes actually free (:func:`split_search` with the built-in ``map`` gives the very
result a pool gives, which the tests check).

Trade-offs, stated: the workers are forked (the ``fork`` start method: Linux and
macOS; elsewhere ``workers > 1`` is refused), so they inherit the agent -- its game,
its policies and evaluators, none of which need to pickle -- and stay up for the
agent's life (:meth:`~picnic_rules.agents.ISMCTSAgent.close`, or ``with`` the agent,
ends them earlier); a process that runs threads of its own (a server) should make
its parallel agents before it starts them, as forking a threaded process may deadlock.
In a daemonic process (a worker of a ``multiprocessing`` pool, which may have no
children) the parts are searched one after the other in that process: the same
choices, in the time of one worker. Only the view, the seeds and the root's statistics cross between processes, so the
game's views and moves must pickle (the built-in games' do). A worker ignores Ctrl-C:
the interrupt reaches the decision waiting for it, which raises ``KeyboardInterrupt``.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import pickle
import random
import signal
import weakref
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from ..errors import PicnicError
from .search import Node

__all__ = [
    "Part",
    "Searcher",
    "WorkerPool",
    "can_fork",
    "merge_roots",
    "plan",
    "search_part",
    "split_search",
]

Part = tuple[int, int]
"""One worker's share of a decision: ``(seed, iterations)``."""

Stats = tuple[dict[Any, tuple[int, int, float]], int, int]
"""What a part sends back: each root move's ``(visits, available, reward)``, the root's
visits and the iterations done."""


class Searcher(Protocol):
    """What a root-parallel search needs of its agent
    (:class:`~picnic_rules.agents.ISMCTSAgent` is one)."""

    @property
    def iterations(self) -> int:
        """The iterations of a whole decision."""

    @property
    def workers(self) -> int:
        """The parts a decision is split into."""

    def search_once(self, view: Any, rng: random.Random, iterations: int) -> tuple[Node, int]:
        """One tree's search of ``view`` for at most ``iterations`` iterations."""

    def pool(self) -> WorkerPool:
        """The agent's worker processes, started."""


def can_fork() -> bool:
    """Whether this platform starts worker processes by forking (``workers > 1`` needs it)."""
    return "fork" in multiprocessing.get_all_start_methods()


def plan(rng: random.Random, iterations: int, workers: int) -> list[Part]:
    """The parts of one decision: a 64-bit seed drawn from ``rng`` for each worker and
    ``iterations`` shared out as evenly as can be, the first parts taking one more
    (``plan(rng, 1000, 3)`` gives 334, 333 and 333; never a part of none)."""
    parts = min(workers, iterations)
    share, extra = divmod(iterations, parts)
    return [(rng.getrandbits(64), share + (index < extra)) for index in range(parts)]


def search_part(agent: Searcher, view: Any, part: Part) -> Stats:
    """One part of a decision: ``agent``'s search of ``view`` for the part's iterations,
    from its seed (in a worker, or here)."""
    seed, iterations = part
    root, done = agent.search_once(view, random.Random(seed), iterations)
    moves = {move: (c.visits, c.available, c.reward) for move, c in root.children.items()}
    return moves, root.visits, done


def merge_roots(parts: Iterable[Stats]) -> tuple[Node, int]:
    """One root from the parts' roots, in order: each move's visits, availability and
    reward added up, and the iterations done (the tree below the root is not kept)."""
    root = Node()
    root.visits = 0
    done = 0
    children = root.children
    for moves, visits, part_done in parts:
        root.visits += visits
        done += part_done
        for move, (move_visits, available, reward) in moves.items():
            child = children.get(move)
            if child is None:
                child = children[move] = Node()
                child.available = 0
            child.visits += move_visits
            child.available += available
            child.reward += reward
    return root, done


def split_search(
    agent: Searcher,
    view: Any,
    rng: random.Random,
    run: Callable[[Callable[[Part], Stats], list[Part]], Iterator[Stats]] | None = None,
) -> tuple[Node, int]:
    """The root-parallel search of ``view``: the :func:`plan` of ``agent.workers`` parts,
    each searched (by ``run``, a ``map``: the built-in one searches them here, one after
    the other; by default the agent's worker pool) and merged (:func:`merge_roots`).
    In a daemonic process (a worker of a :class:`multiprocessing.pool.Pool`, which may
    start no processes of its own) the parts are searched here, one after the other: the
    same result, without the speed."""
    parts = plan(rng, agent.iterations, agent.workers)
    if run is None:
        if multiprocessing.current_process().daemon:  # a pool's worker may have no children
            run = map
        else:
            return merge_roots(agent.pool().run(view, parts))
    return merge_roots(run(lambda part: search_part(agent, view, part), parts))


# ---------------------------------------------------------------- the worker processes

_AGENT: Searcher | None = None
"""The agent of this worker process (set as it starts, inherited by the fork)."""


def _start_worker(agent: Searcher) -> None:
    global _AGENT
    _AGENT = agent
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the deciding process's to handle


def _work(view: Any, part: Part) -> Stats:
    assert _AGENT is not None  # set by _start_worker in every worker
    stats = search_part(_AGENT, view, part)
    _check_pickles(stats[0], "the moves")
    return stats


def _check_pickles(value: object, what: str) -> None:
    """Refuse, with :class:`~picnic_rules.PicnicError`, a ``value`` that cannot cross
    between processes."""
    try:
        pickle.dumps(value)
    except Exception as error:  # a pickling error is of any type: TypeError, AttributeError
        raise PicnicError(
            f"a search with workers needs {what} to pickle "
            f"({type(error).__name__}: {error}); use workers=1"
        ) from None


class WorkerPool:
    """The worker processes of one agent, started at its first decision (mutable,
    private to the agent: an :func:`attrs.evolve` copy gets its own)."""

    __slots__ = ("__weakref__", "_executor", "_finalizer")

    def __init__(self) -> None:
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None

    def run(self, view: Any, parts: list[Part]) -> Iterator[Stats]:
        """Search the ``parts`` of ``view`` in the workers; their results, in order.

        A worker that died (killed, out of memory) is reported as
        :class:`~picnic_rules.PicnicError`, and the next decision starts new workers.
        """
        executor = self._executor
        if executor is None:
            raise PicnicError("the agent's workers are not started")  # pragma: no cover
        _check_pickles(view, "the view")
        futures: list[concurrent.futures.Future[Stats]] = []
        try:
            for part in parts:
                futures.append(executor.submit(_work, view, part))
            return iter([future.result() for future in futures])
        except BrokenProcessPool:
            self.close()
            raise PicnicError(
                "a search worker process died (killed, or out of memory); "
                "the next decision starts new ones"
            ) from None
        except BaseException:  # Ctrl-C or an error of a part: drop the parts not begun
            for future in futures:
                future.cancel()
            raise

    def start(self, agent: Searcher) -> WorkerPool:
        """Fork ``agent.workers`` processes holding ``agent``, unless they are up."""
        if self._executor is None:
            executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=agent.workers,
                mp_context=multiprocessing.get_context("fork"),
                initializer=_start_worker,
                initargs=(agent,),
            )
            self._executor = executor
            self._finalizer = weakref.finalize(self, executor.shutdown, wait=False)
        return self

    @property
    def running(self) -> bool:
        """Whether the worker processes are up."""
        return self._executor is not None

    def close(self) -> None:
        """End the worker processes (a later decision starts new ones)."""
        executor, self._executor = self._executor, None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
