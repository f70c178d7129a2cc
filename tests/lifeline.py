"""Nothing the tests start outlives the test run, however it ends (SIGKILL included).

Two parts, both Linux's own means:

- :func:`tied`: a ``preexec_fn`` for :class:`subprocess.Popen` that asks the kernel to kill
  the child (``PR_SET_PDEATHSIG``, SIGKILL) the moment the process that started it dies. The
  PostgreSQL server of the host's tests and the pytest-xdist workers are tied this way.
- :func:`watch`: a watchdog, started once per run by ``tests/conftest.py``, in a session of
  its own (so neither Ctrl-C, a closed terminal nor a kill of pytest's process group reaches
  it). Every process the run starts inherits the run's mark: the environment variable
  :data:`MARK` (a process started with ``exec``) or an open file of the run's folder,
  :data:`TOKEN` (a process forked without ``exec``). When pytest's main process ends,
  however it ends, the watchdog kills every process still marked (a browser, a process
  pool's workers, a ``picnic serve``) and removes the run's folder (:data:`FOLDER`), where
  the processes it starts keep their temporary files (``TMPDIR``).

Run as a program (``python tests/lifeline.py PID MARK FOLDER``) it is that watchdog.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

CONTROLLER = "PICNIC_TEST_RUN_PID"
"""The environment variable naming the run's main process (pytest's, or pytest-xdist's
controller): the parent of pytest-xdist's workers."""

MARK = "PICNIC_TEST_RUN"
"""The environment variable every process of a test run carries: the run's own value."""

FOLDER = "PICNIC_TEST_RUN_FOLDER"
"""The environment variable naming the run's folder (servers' files), removed after the run."""

TOKEN = ".run"
"""The file of the run's folder that every process of the run holds open (inherited)."""

PR_SET_PDEATHSIG = 1
"""``prctl``'s option: the signal a process receives when its parent dies (linux/prctl.h)."""

_prctl = ctypes.CDLL(None, use_errno=True).prctl if sys.platform == "linux" else None


def tied(parent: int | None = None) -> Callable[[], None]:
    """A ``preexec_fn`` that makes the child die (SIGKILL) with ``parent`` (this process).

    The kernel sends the signal when the *thread* that started the child ends, so start
    tied children from the main thread. The setting survives ``exec`` (not of a set-user-ID
    program) and is reset by a change of user, which ``Popen(user=...)`` makes before it
    runs ``preexec_fn``: a child that runs as another user stays tied."""
    expected = os.getpid() if parent is None else parent

    def tie() -> None:
        if _prctl is None or _prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            os._exit(121)
        if os.getppid() != expected:  # the parent died before the call: end now
            os._exit(122)

    return tie


def tie_to_parent(parent: int) -> bool:
    """Make this process die (SIGKILL) when its parent dies, if its parent is ``parent``
    (pytest-xdist's workers, tied to pytest's main process): whether it was."""
    if _prctl is None or os.getppid() != parent:
        return False
    tied(parent)()
    return True


def popen(command: list[str], **options: Any) -> subprocess.Popen[Any]:
    """:class:`subprocess.Popen` of ``command``, tied to this process (see :func:`tied`)."""
    return subprocess.Popen(command, preexec_fn=tied(), **options)


def marked(mark: str, token: str) -> Iterator[int]:
    """The ids of the processes of a run: those whose environment carries ``MARK=mark``
    (every process started with ``exec``) or that hold the file ``token`` open (every
    process forked without ``exec``, which shows its parent's first environment)."""
    needle = f"{MARK}={mark}".encode() + b"\0"
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/environ", "rb") as environ:
                if needle in b"\0" + environ.read():
                    yield int(entry.name)
                    continue
            for descriptor in os.scandir(f"/proc/{entry.name}/fd"):
                if os.readlink(descriptor.path) == token:
                    yield int(entry.name)
                    break
        except OSError:  # gone, or not ours to read (then not started by the run)
            continue


def _wait_for_end(pid: int) -> None:
    """Return when process ``pid`` (this process's parent) has ended."""
    with contextlib.suppress(OSError, AttributeError):
        handle = os.pidfd_open(pid)
        if os.getppid() != pid:  # ended before the handle was taken
            return
        select.select([handle], [], [])
        return
    while os.getppid() == pid:  # no pidfd (Linux before 5.3): look four times a second
        time.sleep(0.25)


def watch(pid: int, mark: str, folder: str) -> None:
    """Wait until process ``pid`` ends, then kill every process of its run (:func:`marked`,
    again until none is left, at most 30 s) and remove ``folder``."""
    for name in ("SIGINT", "SIGHUP", "SIGTERM", "SIGPIPE"):
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    _wait_for_end(pid)
    token = os.path.realpath(os.path.join(folder, TOKEN))
    deadline = time.monotonic() + 30
    quiet = 0
    while quiet < 2 and time.monotonic() < deadline:
        found = [other for other in marked(mark, token) if other != os.getpid()]
        for other in found:
            with contextlib.suppress(OSError):
                os.kill(other, signal.SIGKILL)
        quiet = 0 if found else quiet + 1
        time.sleep(0.05)
    shutil.rmtree(folder, ignore_errors=True)


_watchdogs: list[subprocess.Popen[bytes]] = []
"""The watchdog started by this process (kept, so that it is never collected as garbage)."""


def start_watchdog() -> str:
    """Mark this process's future children as the run's, make the run's folder, and start
    the watchdog that ends them and removes the folder when this process ends: the folder."""
    mark = uuid.uuid4().hex
    folder = tempfile.mkdtemp(prefix="picnic-run-")  # short: sockets are made below it
    os.chmod(folder, 0o711)  # others may pass (as root, the database server runs as nobody)
    token = os.open(os.path.join(folder, TOKEN), os.O_RDONLY | os.O_CREAT, 0o600)
    os.set_inheritable(token, True)  # held by every process forked from this one
    ours = {MARK, FOLDER, CONTROLLER, "TMPDIR"}
    environment = {name: value for name, value in os.environ.items() if name not in ours}
    _watchdogs.append(
        subprocess.Popen(
            [sys.executable, __file__, str(os.getpid()), mark, str(folder)],
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            close_fds=True,
        )
    )
    tempfile.gettempdir()  # this process keeps its own (pytest's base folder stays there)
    os.environ[MARK] = mark
    os.environ[FOLDER] = folder
    os.environ[CONTROLLER] = str(os.getpid())
    os.environ["TMPDIR"] = folder  # the run's processes' temporary files go with the run
    return folder


if __name__ == "__main__":
    watch(int(sys.argv[1]), sys.argv[2], sys.argv[3])
