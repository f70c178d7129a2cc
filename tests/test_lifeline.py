"""Nothing a test run starts outlives it, however it ends (``tests/lifeline.py``): a tied child
dies with its parent (also as another user); the watchdog ends every process of a run that
ended, was killed, or had its whole process group killed, and removes the run's folder. (A
whole pytest run killed: ``tests/test_stopped_run.py``.)"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from processes import Process, descendants, left_after

TESTS = Path(__file__).resolve().parent


def python(code: str, **options: object) -> subprocess.Popen[str]:
    """``python -c code`` with ``tests/`` importable, its output read line by line."""
    environment = dict(os.environ, PYTHONPATH=str(TESTS))
    return subprocess.Popen(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
        **options,
    )


def users() -> list[str]:
    """Who a tied child runs as: this user, and ``nobody`` too when the tests run as root."""
    return ["self", "nobody"] if os.geteuid() == 0 else ["self"]


def test_a_tied_child_dies_with_its_parent() -> None:
    for user in users():
        parent = python(
            f"""
            import time, lifeline
            options = {{"user": "nobody"}} if {user == "nobody"} else {{}}
            child = lifeline.popen(["sleep", "600"], **options)
            print(child.pid, flush=True)
            time.sleep(600)
            """
        )
        assert parent.stdout is not None
        child = Process(int(parent.stdout.readline()))
        try:
            assert child.alive() and child.parent == parent.pid
            parent.kill()
            parent.wait()
            assert left_after(5, [child]) == [], f"a tied child of {user} outlived its parent"
        finally:
            parent.kill()
            parent.wait()
            if child.alive():
                os.kill(child.pid, signal.SIGKILL)


def test_an_untied_child_outlives_its_parent_without_the_watchdog() -> None:
    """The case the watchdog is for: without it, a killed parent's child runs on."""
    parent = python(
        """
        import subprocess, time
        print(subprocess.Popen(["sleep", "600"]).pid, flush=True)
        time.sleep(600)
        """
    )
    assert parent.stdout is not None
    child = Process(int(parent.stdout.readline()))
    try:
        parent.kill()
        parent.wait()
        assert left_after(1, [child]) == [repr(child)]
    finally:
        os.kill(child.pid, signal.SIGKILL)


@pytest.mark.parametrize("end", ["exits", "killed", "group killed"])
def test_the_watchdog_ends_the_run_s_processes_and_removes_its_folder(end: str) -> None:
    run = python(
        """
        import concurrent.futures, os, subprocess, sys, time, lifeline
        folder = lifeline.start_watchdog()
        # in a session of its own, as Playwright starts Chromium: no group kill reaches it
        child = subprocess.Popen(["sleep", "600"], start_new_session=True)
        pool = concurrent.futures.ProcessPoolExecutor(1)
        worker = pool.submit(os.getpid).result()
        open(os.path.join(folder, "server.log"), "w").close()
        print(folder, child.pid, worker, flush=True)
        if sys.stdin.readline() == "exit\\n":
            os._exit(0)  # a run that ends without stopping what it started
        time.sleep(600)
        """,
        stdin=subprocess.PIPE,
        start_new_session=True,
    )
    assert run.stdout is not None and run.stdin is not None
    folder, *pids = run.stdout.readline().split()
    started = [Process(int(pid)) for pid in pids]
    started += [process for process in descendants(run.pid) if "lifeline.py" in process.command]
    assert len(started) == 3, started  # the child, the pool's worker, the watchdog
    try:
        assert all(process.alive() for process in started) and Path(folder, "server.log").exists()
        if end == "exits":
            run.stdin.write("exit\n")
            run.stdin.flush()
        elif end == "killed":
            run.kill()
        else:
            os.killpg(run.pid, signal.SIGKILL)
        run.wait()
        assert left_after(10, started) == []
        assert not Path(folder).exists()
    finally:
        run.kill()
        run.wait()
        for process in started:
            if process.alive():
                os.kill(process.pid, signal.SIGKILL)
