"""``picnic simulate`` is bounded and interruptible: any number of Ctrl-C stop it with exit
status 130 and no process left; ``--jobs`` is capped by the CPUs and the chunks; a write
error or an unreachable Dask scheduler is one ``picnic: error:`` line with exit status 2."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

PICNIC = str(Path(sys.executable).parent / "picnic")


def children(pid: int) -> list[int]:
    """The live (not zombie) child processes of ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as file:
                fields = file.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("gap", [0.1, 0.0])
def test_two_ctrl_c_in_quick_succession_stop_a_parallel_run(gap: float) -> None:
    proc = subprocess.Popen(
        [PICNIC, "simulate", "sandwich", "-n", "100000", "--jobs", "2", "--no-progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while len(children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = children(proc.pid)
        assert len(workers) >= 2
        time.sleep(1.0)  # the workers are playing
        proc.send_signal(signal.SIGINT)
        time.sleep(gap)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)  # never hangs
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "picnic: interrupted" in err
    assert "interrupted:" in out
    time.sleep(0.5)
    assert not [pid for pid in workers if alive(pid)]


def test_jobs_above_the_cpus_are_capped_with_a_warning() -> None:
    done = subprocess.run(
        [PICNIC, "simulate", "sandwich", "-n", "3", "--jobs", "64", "--no-progress"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "picnic: warning: --jobs 64" in done.stderr
    assert "sandwich: 3 games" in done.stdout


def test_never_more_workers_than_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    from picnic_rules.cli import simulate as command

    monkeypatch.setattr(command, "cpu_count", lambda: 8)
    assert command.workers(jobs=64, games=1, chunk=None) == 1
    assert command.workers(jobs=4, games=3, chunk=1) == 3
    assert command.workers(jobs=4, games=10_000, chunk=None) == 4
    assert command.workers(jobs=64, games=10_000, chunk=None) == 8


def test_a_write_error_is_an_error_not_a_traceback() -> None:
    done = subprocess.run(
        [PICNIC, "simulate", "sandwich", "-n", "50", "--out", "/dev/full"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("picnic: error: cannot write /dev/full")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("nonsense", "expected a scheduler address such as tcp://HOST:8786"),
        ("tcp://nosuchhost.invalid:8786", "cannot reach the Dask scheduler"),
        ("tls://127.0.0.1:9", "cannot reach the Dask scheduler"),
    ],
)
def test_a_wrong_dask_address_is_one_line(address: str, message: str) -> None:
    done = subprocess.run(
        [PICNIC, "simulate", "sandwich", "-n", "5", "--dask", address, "--dask-timeout", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("picnic: error: ") and message in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr  # no complaint at exit


def test_an_unreachable_dask_scheduler_is_an_error_soon() -> None:
    started = time.monotonic()
    done = subprocess.run(
        [
            PICNIC,
            *("simulate", "sandwich", "-n", "5", "--dask", "tcp://127.0.0.1:9"),
            *("--dask-timeout", "1"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.startswith("picnic: error: cannot reach the Dask scheduler")
    assert "Traceback" not in done.stderr
    assert time.monotonic() - started < 60  # the timeout is the option's, not 20 s or more


def test_simulate_runs_off_the_main_thread(capsys: pytest.CaptureFixture[str]) -> None:
    import threading

    from picnic_rules.cli import main

    status: list[int] = []
    worker = threading.Thread(
        target=lambda: status.append(main(["simulate", "sandwich", "-n", "3"]))
    )
    worker.start()
    worker.join(timeout=120)
    assert status == [0]
    assert "sandwich: 3 games" in capsys.readouterr().out
