"""Worker processes that end with their work: what every process the library starts does.

The library starts processes in two places: the search workers of
``ISMCTSAgent(game, workers=2)`` (:mod:`picnic_rules.agents.parallel`) and the worker
pool of ``picnic simulate --jobs 2``. Each calls :func:`worker_started` first thing,
with the id of the process that started it, and from then on:

* **it ends when its parent dies, however the parent died** (an exception, ``exit``,
  SIGKILL, the out-of-memory killer), within moments:

  - on Linux the kernel tells it: :func:`worker_started` asks for
    :data:`PARENT_DEATH_SIGNAL` at its parent's death (``prctl(PR_SET_PDEATHSIG)``,
    through :mod:`ctypes`), and the signal's handler ends the worker once its parent id
    has changed -- the kernel also sends the signal when only the *thread* that started
    the worker ends, which the handler lets pass, so a worker started by a thread that
    has since finished lives on as long as its process. A parent that died before the
    worker could ask is seen at once (its parent id has already changed);
  - on other POSIX systems (macOS, the BSDs) a daemon thread of the worker looks at its
    parent every :data:`WATCH_INTERVAL` seconds and ends the worker once its parent id
    has changed (an orphan is handed to another process) or the parent has ended. So
    does a worker started through a server (the ``forkserver`` start method, the
    default from Python 3.14), on Linux too: its parent is the server, which lives as
    long as its children and so never ends first;
  - on Windows (which starts a ``picnic simulate --jobs`` pool by spawning; the search
    workers need ``fork`` and are refused there) a daemon thread waits on the parent
    process's handle (:func:`multiprocessing.parent_process`) and ends the worker when
    it ends. This path is not exercised by the test suite, which runs on Linux;

* **it ignores Ctrl-C** (SIGINT): the interrupt is the parent's, which stops waiting
  and ends its workers with :func:`end_processes` -- at once, not after the work
  whose result nobody will read.

The work the worker was doing is lost; no one is left to read it. How many workers are
worth starting is bounded by :func:`usable_cpus`.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Final

__all__ = [
    "PARENT_DEATH_SIGNAL",
    "WATCH_INTERVAL",
    "end_processes",
    "usable_cpus",
    "worker_started",
]

PARENT_DEATH_SIGNAL: Final = getattr(signal, "SIGUSR1", signal.SIGTERM)
"""The signal a Linux worker asks the kernel for when its parent dies (SIGUSR1)."""

WATCH_INTERVAL: Final = 0.5
"""Seconds between two looks at the parent, where no parent-death signal can be had."""

_PR_SET_PDEATHSIG: Final = 1
"""``prctl``'s option number for the parent-death signal (``<linux/prctl.h>``)."""

_ORPHANED: Final = 1
"""The exit status of a worker whose parent died (nobody reads it)."""

_watched = 0
"""The parent id this worker had when it started (set by :func:`worker_started`)."""


def usable_cpus() -> int:
    """The CPUs this process may run on: its affinity where the system tells it
    (:func:`os.sched_getaffinity`, Linux), else :func:`os.cpu_count`; at least 1."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity here (macOS, Windows)
        return os.cpu_count() or 1


def worker_started(parent: int) -> None:
    """Tie this process, a worker just started by process ``parent``, to its parent's
    life, and leave Ctrl-C to the parent (the module's notes say how, platform by
    platform). Ends the worker at once if ``parent`` is already gone."""
    global _watched
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _watched = os.getppid()
    if sys.platform == "win32":  # pragma: no cover -- not run on the Linux test machines
        _watch_thread(_wait_for_parent_handle)
        return
    signalled = sys.platform.startswith("linux") and _ask_for_the_signal()
    if not signalled or _watched != parent:
        # no signal to be had, or a worker started by another process than ``parent`` (a
        # forkserver, which lives as long as its children: it cannot tell them)
        _watch_thread(lambda: _poll_parent(parent))
    if _orphaned() or not _alive(parent):  # the parent died before the worker asked
        os._exit(_ORPHANED)


def end_processes(processes: Iterable[BaseProcess], timeout: float = 1.0) -> None:
    """Kill ``processes`` (SIGKILL, ``TerminateProcess`` on Windows) and reap them,
    waiting at most ``timeout`` seconds in all: for workers whose work nobody will
    read. A process not started, or already ended, is passed over."""
    processes = list(processes)
    for process in processes:
        with contextlib.suppress(Exception):  # not started, closed, or already gone
            process.kill()
    deadline = time.monotonic() + timeout
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(max(0.0, deadline - time.monotonic()))


def _orphaned() -> bool:
    """Whether this worker's parent has changed since it started (its parent died)."""
    return os.getppid() != _watched


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (on Linux a zombie, dead and not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            return file.read().rsplit(b")", 1)[1].split()[0] not in (b"Z", b"X")
    except FileNotFoundError:
        return False
    except (OSError, IndexError):  # no /proc here: ask the system
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # there, but not ours to signal
        return True
    return True


def _on_parent_death(signum: int, frame: FrameType | None) -> None:
    """The handler of :data:`PARENT_DEATH_SIGNAL`: end the worker if its parent died
    (the kernel also sends it when only the thread that started the worker ended)."""
    if _orphaned():
        os._exit(_ORPHANED)


def _ask_for_the_signal() -> bool:
    """Ask Linux for :data:`PARENT_DEATH_SIGNAL` when the parent dies; whether it agreed."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):  # pragma: no cover -- a libc without prctl
        return False
    signal.signal(PARENT_DEATH_SIGNAL, _on_parent_death)
    if prctl(_PR_SET_PDEATHSIG, int(PARENT_DEATH_SIGNAL), 0, 0, 0) != 0:  # pragma: no cover
        signal.signal(PARENT_DEATH_SIGNAL, signal.SIG_DFL)
        return False
    return True


def _poll_parent(parent: int) -> None:
    """Look at the parent every :data:`WATCH_INTERVAL` seconds; end the worker once its
    parent id has changed or ``parent`` has ended."""
    while not _orphaned() and _alive(parent):
        time.sleep(WATCH_INTERVAL)
    os._exit(_ORPHANED)


def _wait_for_parent_handle() -> None:  # pragma: no cover -- Windows only
    """Wait for the parent process to end (its handle), then end the worker."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    parent.join()
    os._exit(_ORPHANED)


def _watch_thread(watch: Callable[[], None]) -> None:
    """Run ``watch`` in a daemon thread of this worker."""
    threading.Thread(target=watch, name="picnic parent watch", daemon=True).start()
