"""A real pytest run, killed with SIGKILL while its PostgreSQL server, Chromium, ``picnic serve``
processes, a process pool and its pytest-xdist workers run, leaves none of them 10 s later,
nor any of its files (``tests/lifeline.py``)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import lifeline
from processes import Process, descendants, left_after, processes

ROOT = Path(__file__).resolve().parents[1]


def test_a_test_run_killed_while_its_servers_and_browser_run_leaves_no_process(
    tmp_path: Path,
) -> None:
    """A nested ``pytest -n 2`` holds the PostgreSQL server (with a connection and a
    ``picnic serve`` on it) and Chromium (with a page, a live server, a ``picnic serve`` and a
    process pool), each started by the tests' own fixtures, in two workers
    (``tests/host/hold_postgres.py``, ``tests/web/hold_browser.py``); killed with SIGKILL,
    none of its processes is left 10 s later, nor any of its files."""
    ready = tmp_path / "ready"
    ready.mkdir()
    # outside this run's folder: a socket's path below it must stay short (Chromium's)
    run_folder = os.environ.get(lifeline.FOLDER)
    beside = os.path.dirname(run_folder) if run_folder else tempfile.gettempdir()
    temporary = Path(tempfile.mkdtemp(prefix="picnic-killed-", dir=beside))
    temporary.chmod(0o711)  # as root, the server runs as nobody, who must pass through
    environment = {name: value for name, value in os.environ.items() if "PYTEST" not in name}
    environment.update(PICNIC_HOLD_READY=str(ready), TMPDIR=str(temporary))
    holding = ["tests/host/hold_postgres.py", "tests/web/hold_browser.py"]
    options = ["-n", "2", "-p", "no:cacheprovider", "-q", f"--basetemp={tmp_path / 'basetemp'}"]
    output = (tmp_path / "output").open("w")
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", *options, *holding],
        cwd=ROOT,
        env=environment,
        stdout=output,
        stderr=subprocess.STDOUT,
    )
    seen: dict[tuple[int, int], Process] = {}
    try:
        deadline = time.monotonic() + 300
        while not all((ready / name).exists() for name in ("postgres", "browser")):
            assert run.poll() is None, (tmp_path / "output").read_text()
            assert time.monotonic() < deadline, (tmp_path / "output").read_text()
            time.sleep(0.2)
        # its processes: those it started, and any (a daemon) working in its folder
        theirs = descendants(run.pid)
        theirs += [process for process in processes() if str(temporary) in process.command]
        for process in theirs:
            seen[process.pid, process.start] = process
        names = [process.name for process in seen.values()]
        commands = [process.command for process in seen.values()]
        assert "postgres" in names, names
        assert any(name.startswith("chrom") for name in names), names
        assert sum(" serve --port " in command for command in commands) == 2, commands
        workers = [process for process in seen.values() if process.parent == run.pid]
        assert sum("sys.stdin.readline()" in worker.command for worker in workers) == 2, workers
        pool_worker = int((ready / "browser").read_text())
        assert pool_worker in {pid for pid, _ in seen}, seen
        run.send_signal(signal.SIGKILL)
        run.wait()
        assert left_after(10, seen.values(), temporary) == []
    finally:
        run.kill()
        run.wait()
        output.close()
        for process in seen.values():
            if process.alive():
                os.kill(process.pid, signal.SIGKILL)
        # a browser killed a moment ago may still be writing its profile: remove what is there
        shutil.rmtree(temporary, ignore_errors=True)
