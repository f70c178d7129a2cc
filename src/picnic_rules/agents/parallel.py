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

How many processes: a decision is split into ``min(workers, iterations)`` parts, and
searched in :func:`worker_processes` processes -- at most the parts and the CPUs this
process may use (:func:`~picnic_rules.processes.usable_cpus`, its affinity where the
system tells it); part ``j`` goes to process ``j % processes``, which searches its parts
one after the other. So ``workers=40, iterations=2`` starts two processes at most, and
on one usable CPU none: the parts are searched here. The parts, and so the choices, are
the same however many processes search them; only a ``seconds`` budget, which bounds
each part, makes a process with several parts take that much longer.

Trade-offs, stated: the workers are forked (the ``fork`` start method: Linux and
macOS; elsewhere ``workers > 1`` is refused), so they inherit the agent -- its game,
its policies and evaluators, none of which need to pickle -- and stay up for the
agent's life (:meth:`~picnic_rules.agents.ISMCTSAgent.close`, or ``with`` the agent,
ends them earlier); a process that runs threads of its own (a server) should make
its parallel agents before it starts them, as forking a threaded process may deadlock.
In a daemonic process (a worker of a ``multiprocessing`` pool, which may have no
children) the parts are searched one after the other in that process: the same
choices, in the time of one worker. Only the view, the seeds and the root's statistics
cross between processes, so the game's views and moves must pickle (the built-in games'
do).

Every worker ends with its work (:mod:`picnic_rules.processes`): it ends within moments
of the death of the process that started it, however that process died (SIGKILL
included); it ignores Ctrl-C, which reaches the deciding process: the decision raises
``KeyboardInterrupt`` at once and the workers are killed, not waited for (the next
decision starts new ones); :meth:`WorkerPool.close` and the interpreter's exit kill
them too, busy or not, since nobody would read their work (a decision waiting in another
thread then raises :class:`~picnic_rules.PicnicError`; in a daemon thread as the
interpreter ends, it is abandoned without a word).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import pickle
import random
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, NamedTuple, Protocol

from .. import processes
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
    "worker_processes",
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
        if (
            multiprocessing.current_process().daemon  # a pool's worker may have no children
            or worker_processes(agent.workers, agent.iterations) == 1  # one CPU: no gain
        ):
            run = map
        else:
            return merge_roots(agent.pool().run(view, parts))
    return merge_roots(run(lambda part: search_part(agent, view, part), parts))


# ---------------------------------------------------------------- the worker processes


def worker_processes(workers: int, iterations: int) -> int:
    """The processes a decision of ``workers`` parts and ``iterations`` iterations is
    searched in: at most ``workers``, the parts there are (one an iteration at most) and
    the CPUs this process may use (:func:`~picnic_rules.processes.usable_cpus`), and at
    least 1 (1: no process is started, the parts run here one after the other)."""
    return max(1, min(workers, iterations, processes.usable_cpus()))


def _serve(
    agent: Searcher, connection: Connection, parent: int, inherited: list[Connection]
) -> None:
    """A worker's life: search the parts it is sent, one after the other, and send their
    statistics back, until the pool closes its end (or its parent dies)."""
    processes.worker_started(parent)  # ends with the parent; Ctrl-C is the parent's
    for other in inherited:  # the pool's ends, which only the parent may hold
        other.close()
    while True:
        try:
            view, parts = connection.recv()
        except EOFError:  # the pool closed
            return
        reply: tuple[bool, Any]
        try:
            stats = [search_part(agent, view, part) for part in parts]
            for moves, _visits, _done in stats:
                _check_pickles(moves, "the moves")
            reply = (True, stats)
        except Exception as error:  # the part's error is the decision's, raised there
            reply = (False, error)
        try:
            connection.send(reply)
        except OSError:  # the pool is gone
            return
        except Exception as error:  # what does not pickle: an error's words do
            failure = error if reply[0] else reply[1]
            failed = f"a search part failed: {type(failure).__name__}: {failure}"
            connection.send((False, PicnicError(failed)))


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


class _Worker(NamedTuple):
    process: BaseProcess
    connection: Connection


def _end(workers: list[_Worker]) -> None:
    """End ``workers`` at once (their work, if any, is for nobody) and close their pipes."""
    processes.end_processes(worker.process for worker in workers)
    for worker in workers:
        worker.connection.close()


class _Gone(Exception):
    """A worker's end of its pipe closed during a decision: the worker is gone."""


def _ask(
    workers: list[_Worker], shares: list[list[Part]], view: Any
) -> tuple[dict[int, list[Stats]], list[BaseException]]:
    """Send each worker its share of the parts and wait for every reply: the parts'
    statistics by the worker's index, and the errors of the parts that failed."""
    waiting: dict[Connection, int] = {}
    replies: dict[int, list[Stats]] = {}
    errors: list[BaseException] = []
    try:
        for index, (worker, share) in enumerate(zip(workers, shares, strict=True)):
            if share:
                worker.connection.send((view, share))
                waiting[worker.connection] = index
        while waiting:
            for ready in multiprocessing.connection.wait(list(waiting)):
                assert isinstance(ready, Connection)  # only connections are waited on
                index = waiting.pop(ready)
                done, reply = ready.recv()
                if done:
                    replies[index] = reply
                else:
                    errors.append(reply)
    except (EOFError, OSError):  # a worker's end closed: it is gone
        raise _Gone from None
    return replies, errors


def _abandoned_at_exit() -> None:
    """In a daemon thread of an interpreter that is ending (its main thread has ended, and
    the workers with it), wait for the end: the decision is abandoned, not an error to
    print. Returns at once anywhere else."""
    if threading.current_thread().daemon and not threading.main_thread().is_alive():
        threading.Event().wait()  # never set: the interpreter stops this thread as it ends


class WorkerPool:
    """The worker processes of one agent, started at its first decision (mutable,
    private to the agent: an :func:`attrs.evolve` copy, a pickled or deep-copied agent
    gets its own, not started).

    Each process is forked holding the agent, ends with the process that started it
    (:func:`~picnic_rules.processes.worker_started`), and is killed, not waited for,
    when the pool closes or a decision is interrupted: no one would read its work.
    Decisions from several threads take turns.
    """

    __slots__ = ("__weakref__", "_finalizer", "_lock", "_workers")

    def __init__(self) -> None:
        self._workers: list[_Worker] = []
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._lock = threading.Lock()

    def __reduce__(self) -> tuple[type[WorkerPool], tuple[()]]:
        """A copy (pickled, :func:`copy.deepcopy`) is a pool of its own, not started."""
        return (WorkerPool, ())

    def run(self, view: Any, parts: list[Part]) -> Iterator[Stats]:
        """Search the ``parts`` of ``view`` in the workers (shared out in turn, the first
        part to the first worker); their results, in the parts' order.

        A worker that died (killed, out of memory) is reported as
        :class:`~picnic_rules.PicnicError`, and the next decision starts new workers.
        Ctrl-C (or any error) while the parts run ends the workers at once and is raised;
        the next decision starts new ones.
        """
        with self._lock:
            workers = self._workers
            if not workers:
                raise PicnicError("the agent's workers are not started")  # pragma: no cover
            _check_pickles(view, "the view")
            shares = [parts[index :: len(workers)] for index in range(len(workers))]
            try:
                replies, errors = _ask(workers, shares, view)
            except _Gone:
                _abandoned_at_exit()
                closed = self._workers is not workers  # by close(), from another thread
                self.close()
                raise PicnicError(
                    "the agent was closed during the decision"
                    if closed
                    else "a search worker process died (killed, or out of memory); "
                    "the next decision starts new ones"
                ) from None
            except BaseException:  # Ctrl-C, or an error here: nobody will read the rest
                self.close()
                raise
        if errors:
            raise errors[0]
        ordered: dict[int, Stats] = {}
        for index, share_stats in replies.items():  # part j went to worker j % workers
            for turn, part_stats in enumerate(share_stats):
                ordered[index + turn * len(workers)] = part_stats
        return iter([ordered[number] for number in range(len(parts))])

    def start(self, agent: Searcher) -> WorkerPool:
        """Fork the processes a decision of ``agent`` can use, holding ``agent``
        (:func:`worker_processes`), unless they are up."""
        if not self._workers:
            context = multiprocessing.get_context("fork")
            parent = os.getpid()
            workers: list[_Worker] = []
            try:
                for _ in range(worker_processes(agent.workers, agent.iterations)):
                    here, there = context.Pipe()
                    process = context.Process(
                        target=_serve,
                        args=(agent, there, parent, [*(w.connection for w in workers), here]),
                        name="picnic search worker",
                        daemon=True,  # and ended at exit, never waited for
                    )
                    process.start()
                    there.close()
                    workers.append(_Worker(process, here))
            except BaseException:
                _end(workers)
                raise
            self._workers = workers
            self._finalizer = weakref.finalize(self, _end, workers)
        return self

    @property
    def running(self) -> bool:
        """Whether the worker processes are up."""
        return bool(self._workers)

    @property
    def pids(self) -> tuple[int, ...]:
        """The process ids of the workers (none when they are not up)."""
        return tuple(worker.process.pid or 0 for worker in self._workers)

    def close(self) -> None:
        """End the worker processes at once, busy or not (a later decision starts new
        ones)."""
        workers, self._workers = self._workers, []
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        _end(workers)
