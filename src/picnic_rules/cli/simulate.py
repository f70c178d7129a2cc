"""Play many games between agents and print statistics.

``picnic simulate sandwich -n 10000 --jobs 2`` plays the computer (seat 0)
against random players and prints win rates with 95% confidence intervals,
the mean and spread of game length, the end reasons and the score
distributions. Game ``i`` uses seed ``S + i``, so the summary is the same
whether the games run here, in ``--jobs`` worker processes or on a Dask
cluster (``--dask ADDRESS``, with the ``dask`` extra). ``--out FILE`` writes
one JSON object per game, in game order. On a terminal a progress bar runs on
standard error. Ctrl-C stops the run: the worker processes are ended at once
(the games they were playing are lost), the summary of the games finished so
far is printed, and the exit status is 130. The workers also end with this
process however it ends, killed included (:mod:`picnic_rules.processes`).
``--jobs`` is capped at the CPUs this process may use (with a warning) and at
the number of chunks. A file that cannot be written and a Dask scheduler not
reached within ``--dask-timeout`` seconds are errors (exit status 2).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import json
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any, ParamSpec, TextIO, TypeVar

from ..errors import PicnicError, shorten
from ..processes import end_processes, usable_cpus, worker_started
from ..registry import get_game
from ..simulate import Interrupted, default_chunk_size, simulate
from ..summary import GameStat
from .common import (
    EXAMPLE_GAME,
    add_rules_options,
    agent_list,
    at_most,
    positive,
    rules_from,
    seats,
)

__all__ = ["DASK_TIMEOUT", "HELP", "MAX_GAMES", "add_arguments", "cpu_count", "run", "workers"]

_P = ParamSpec("_P")
_T = TypeVar("_T")

HELP = "play many games and print statistics"
"""The line ``picnic --help`` shows for this command."""

MAX_GAMES = 10**9
"""The most games one run may be asked for."""

DASK_TIMEOUT = 5.0
"""Seconds ``--dask`` waits to reach the scheduler before giving up, unless
``--dask-timeout`` says otherwise."""


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, not '{shorten(text)}'") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(
            f"expected more than 0 and at most 3600 seconds, not {shorten(text)}"
        )
    return value


_games = at_most(MAX_GAMES, f"at most {MAX_GAMES} games")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument("game", metavar="GAME", help=f"the game's name, e.g. {EXAMPLE_GAME}")
    parser.add_argument(
        "--agents",
        type=agent_list,
        metavar="A,B,...",
        help="agent names, one per seat (default: computer, then random in the other seats)",
    )
    parser.add_argument(
        "--players", type=positive, metavar="P", help="number of seats (default: 2)"
    )
    add_rules_options(parser)
    parser.add_argument(
        "-n",
        "--games",
        type=_games,
        default=100,
        metavar="N",
        help=f"number of games (default: 100; at most {MAX_GAMES})",
    )
    parser.add_argument(
        "--seed", type=int, default=0, metavar="S", help="game i uses seed S+i (default: 0)"
    )
    parser.add_argument("--rotate", action="store_true", help="rotate the seats from game to game")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs", type=positive, default=1, metavar="J", help="worker processes (default: 1)"
    )
    where.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786)",
    )
    parser.add_argument(
        "--dask-timeout",
        type=_seconds,
        default=DASK_TIMEOUT,
        metavar="SECONDS",
        help=f"with --dask: how long to try to reach the scheduler (default: {DASK_TIMEOUT:g})",
    )
    parser.add_argument(
        "--chunk", type=positive, metavar="C", help="games per job sent to a worker"
    )
    parser.add_argument("--out", metavar="FILE", help="write each game's result as a JSON line")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress bar on standard error (default: when it is a terminal)",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Simulate and print the summary (the partial one on Ctrl-C, exiting 130; from the
    first Ctrl-C on, the process ignores Ctrl-C: it is ending)."""
    game = get_game(args.game)
    agents = seats(game, args.agents, args.players)
    rules = rules_from(game, args.variant, args.rules)
    if args.dask is None and args.jobs > cpu_count():
        print(
            f"picnic: warning: --jobs {args.jobs} is more than the {cpu_count()} CPUs "
            f"here: {cpu_count()} worker processes at most",
            file=sys.stderr,
        )
    interrupts = _Interrupts()
    handling = threading.current_thread() is threading.main_thread()  # else signals go there
    previous = signal.signal(signal.SIGINT, interrupts) if handling else None
    try:
        summary = _simulate(args, game, agents, rules, interrupts, out)
    finally:
        if handling:  # once interrupted, the command is ending: later Ctrl-Cs change nothing
            signal.signal(signal.SIGINT, signal.SIG_IGN if interrupts.count else previous)
    print(summary, file=out)
    try:
        out.flush()
    except OSError as exc:
        raise PicnicError(
            f"cannot write the summary: {shorten(exc.strerror or exc, 200)}"
        ) from None
    return 0


def _simulate(
    args: argparse.Namespace,
    game: Any,
    agents: list[str],
    rules: Any,
    interrupts: _Interrupts,
    out: TextIO,
) -> str:
    """The summary of the run, as text; on Ctrl-C, print the partial one and re-raise."""
    with contextlib.ExitStack() as stack:
        results = stack.enter_context(_results_file(args.out, args.seed))
        progress = stack.enter_context(_progress(args.progress, args.games))
        executor = stack.enter_context(_executor(args, interrupts))

        def on_game(stat: GameStat) -> None:
            results(stat)
            progress(stat)

        try:
            summary = simulate(
                game,
                agents,
                args.games,
                seed=args.seed,
                rules=rules,
                executor=executor,
                rotate=args.rotate,
                chunk_size=args.chunk,
                on_game=on_game,
            )
        except Interrupted as stopped:
            progress(None)
            print(stopped.summary.format(), file=out)
            out.flush()
            raise KeyboardInterrupt from None
    return summary.format()


def cpu_count() -> int:
    """The CPUs this process may use (:func:`~picnic_rules.processes.usable_cpus`)."""
    return usable_cpus()


def workers(*, jobs: int, games: int, chunk: int | None) -> int:
    """The worker processes ``--jobs`` gives: at most the CPUs and at most the chunks."""
    size = chunk or default_chunk_size(games)
    chunks = max(1, -(-games // size))
    return max(1, min(jobs, cpu_count(), chunks))


class _Interrupts:
    """The SIGINT handler of a run: the first Ctrl-C raises :exc:`KeyboardInterrupt` (the
    run stops, ends its workers and reports); any later one ends the workers too, and
    lets the report be printed."""

    def __init__(self) -> None:
        self.count = 0
        self.pool: concurrent.futures.ProcessPoolExecutor | None = None

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.count += 1
        if self.count == 1:
            raise KeyboardInterrupt
        if self.pool is None:  # nothing to end: stop here and now
            raise KeyboardInterrupt
        _kill_workers(self.pool)


def _kill_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """End ``pool``'s worker processes now (the pool then fails its pending work and ends)."""
    workers: dict[int, Any] = dict(getattr(pool, "_processes", None) or {})
    end_processes(workers.values())


@contextlib.contextmanager
def _executor(
    args: argparse.Namespace, interrupts: _Interrupts
) -> Iterator[concurrent.futures.Executor | None]:
    if args.dask is not None:
        with _dask_executor(args.dask, args.dask_timeout) as executor:
            yield executor
        return
    count = workers(jobs=args.jobs, games=args.games, chunk=args.chunk)
    if count <= 1:
        yield None
        return
    # each worker ends with this process, however it ends, and leaves Ctrl-C to it
    pool = concurrent.futures.ProcessPoolExecutor(
        count, initializer=worker_started, initargs=(os.getpid(),)
    )
    interrupts.pool = pool
    try:
        yield _OwnFutures(pool)
    except BaseException:  # Ctrl-C or an error: the games being played are for nobody
        _kill_workers(pool)
        raise
    finally:
        try:
            pool.shutdown(wait=True, cancel_futures=True)
        finally:
            _kill_workers(pool)  # none is left behind, whatever happened
            interrupts.pool = None


class _OwnFutures(concurrent.futures.Executor):
    """``pool`` behind futures of its own: cancelling one (as :func:`simulate` does on
    Ctrl-C) never reaches the pool's, so its workers can be killed at any moment (Python
    3.11's pool fails, in its own thread, on a cancelled future of workers killed)."""

    def __init__(self, pool: concurrent.futures.ProcessPoolExecutor) -> None:
        self._pool = pool

    def submit(
        self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs
    ) -> concurrent.futures.Future[_T]:
        """Submit ``fn(*args, **kwargs)`` to the pool; a future that follows the pool's."""
        outer: concurrent.futures.Future[_T] = concurrent.futures.Future()

        def settle(inner: concurrent.futures.Future[_T]) -> None:
            if inner.cancelled():  # by the pool's own shutdown
                outer.cancel()
            elif outer.set_running_or_notify_cancel():  # else cancelled: nobody reads it
                error = inner.exception()
                if error is None:
                    outer.set_result(inner.result())
                else:
                    outer.set_exception(error)

        self._pool.submit(fn, *args, **kwargs).add_done_callback(settle)
        return outer


@contextlib.contextmanager
def _dask_executor(address: str, timeout: float) -> Iterator[concurrent.futures.Executor]:
    try:
        import distributed
    except ImportError:
        raise PicnicError("--dask needs the dask extra: pip install 'picnic_rules[dask]'") from None
    _check_reachable(address, timeout)  # a client that fails to start complains at exit
    try:
        connect: Any = distributed.Client  # untyped: what it returns is used as Any
        client = connect(address, timeout=timeout, set_as_default=False)
    except Exception as exc:
        raise PicnicError(
            f"cannot reach the Dask scheduler at {shorten(address)}: {shorten(exc, 200)}"
        ) from None
    try:
        yield client.get_executor()
    finally:
        client.close()


def _check_reachable(address: str, timeout: float) -> None:
    """Refuse an address that is not a scheduler's form, or where nothing answers in time."""
    from distributed.comm.addressing import get_address_host_port

    try:
        host, port = get_address_host_port(address)
    except ValueError as exc:
        raise PicnicError(
            f"--dask {shorten(address)}: expected a scheduler address such as tcp://HOST:8786 "
            f"({shorten(exc, 200)})"
        ) from None
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as exc:
        reason = "no answer in time" if isinstance(exc, TimeoutError) else exc.strerror or exc
        raise PicnicError(
            f"cannot reach the Dask scheduler at {shorten(address)}: {shorten(reason, 200)}"
        ) from None


@contextlib.contextmanager
def _results_file(path: str | None, seed: int) -> Iterator[Callable[[GameStat], None]]:
    if path is None:
        yield lambda stat: None
        return
    try:
        file = open(path, "w", encoding="utf-8")  # noqa: SIM115 -- closed below
    except OSError as exc:
        raise PicnicError(
            f"cannot write {shorten(path)}: {shorten(exc.strerror or exc, 200)}"
        ) from None

    def write(stat: GameStat) -> None:
        line = {
            "game": stat.index,
            "seed": seed + stat.index,
            "seats": list(stat.seats),
            "winners": list(stat.winners),
            "scores": list(stat.scores),
            "length": stat.length,
            "steps": stat.steps,
            "reason": stat.reason,
        }
        try:
            file.write(json.dumps(line) + "\n")
        except OSError as exc:
            raise _write_error(path, exc) from None

    try:
        yield write
    except BaseException:
        with contextlib.suppress(OSError):  # what went wrong first is the error
            file.close()
        raise
    try:
        file.close()
    except OSError as exc:
        raise _write_error(path, exc) from None


def _write_error(path: str, exc: OSError) -> PicnicError:
    return PicnicError(f"cannot write {shorten(path)}: {shorten(exc.strerror or exc, 200)}")


@contextlib.contextmanager
def _progress(wanted: bool | None, total: int) -> Iterator[Callable[[GameStat | None], None]]:
    """A progress bar on standard error; called with each game, and ``None`` to stop it."""
    if wanted is None:
        wanted = sys.stderr.isatty()
    bar: Any = None
    if wanted:
        try:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TimeRemainingColumn,
            )
        except ImportError:  # the cli extra is not installed: no bar
            pass
        else:
            bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=Console(file=sys.stderr),
                transient=True,
            )
    if bar is None:
        yield lambda stat: None
        return
    task = bar.add_task("games", total=total)

    def advance(stat: GameStat | None) -> None:
        if stat is None:
            bar.stop()
        else:
            bar.advance(task)

    with bar:
        yield advance
