"""Every process the library starts ends with its work: real processes, really killed.

The workers of ``picnic simulate --jobs 2`` and of ``ISMCTSAgent(..., workers=2)`` end
within seconds of their parent's death by SIGKILL; Ctrl-C during a parallel decision
ends the process within 3 s; ``workers`` never starts more processes than the CPUs and
the iterations; and the pieces of :mod:`picnic_rules.processes` each do what they say
(the parent-death signal, the fallback that watches the parent id, a parent dead
before its worker started, a worker outliving the thread that started it).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from picnic_rules import CHANCE, GAMES, processes
from picnic_rules.agents import ISMCTSAgent
from picnic_rules.agents.parallel import split_search, worker_processes
from picnic_rules.game import AnyGame

PICNIC = str(Path(sys.executable).parent / "picnic")

SEARCHER = """
import random
from picnic_rules import CHANCE, GAMES
from picnic_rules.agents import ISMCTSAgent

game = GAMES["sandwich"]
state = game.new_game(2)
while game.to_move(state) is CHANCE:
    state = game.apply(state, game.sample_chance(state, random.Random(3)))
view = game.view(state, game.to_move(state))
agent = ISMCTSAgent(game, iterations=10**7, workers=2)
print("searching", flush=True)
agent.search(view, random.Random(1))
print("searched", flush=True)
"""
"""A process that searches one decision of 10**7 iterations with two workers (minutes)."""


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
    """Whether ``pid`` runs (a zombie does not)."""
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def still_alive_after(pids: list[int], seconds: float) -> list[int]:
    """Those of ``pids`` still running ``seconds`` from now (sooner if none is)."""
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [pid for pid in pids if alive(pid)]


class Started:
    """The processes a test starts and their workers, all killed at its end (so that a
    failing test leaves nothing running)."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen[str]] = []
        self.workers: list[int] = []

    def start(self, *command: str) -> subprocess.Popen[str]:
        """Start ``command``, its output read as text."""
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.procs.append(proc)
        return proc

    def children(self, proc: subprocess.Popen[str], count: int) -> list[int]:
        """``proc``'s children once there are ``count`` of them (or those there are after
        a minute)."""
        deadline = time.monotonic() + 60
        while len(children(proc.pid)) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        found = children(proc.pid)
        self.workers.extend(found)
        return found

    def end(self) -> None:
        """Kill what is left."""
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        for pid in self.workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.fixture
def started() -> Iterator[Started]:
    """Processes a test starts, killed (with their workers) at its end."""
    run = Started()
    yield run
    run.end()


def test_killing_picnic_simulate_ends_its_workers(started: Started) -> None:
    proc = started.start(
        PICNIC, "simulate", "sandwich", "-n", "1000000", "--jobs", "2", "--no-progress"
    )
    workers = started.children(proc, 2)
    assert len(workers) == 2, workers
    time.sleep(1.0)  # the workers are playing their chunks
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert still_alive_after(workers, 5.0) == []


def test_killing_a_process_searching_with_workers_ends_them(
    started: Started,
) -> None:
    proc = started.start(sys.executable, "-c", SEARCHER)
    assert proc.stdout is not None and proc.stdout.readline() == "searching\n"
    workers = started.children(proc, 2)
    assert len(workers) == 2, workers
    time.sleep(0.5)  # the workers are searching
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert still_alive_after(workers, 5.0) == []


def test_ctrl_c_during_a_parallel_decision_ends_the_process_at_once(
    started: Started,
) -> None:
    proc = started.start(sys.executable, "-c", SEARCHER)
    assert proc.stdout is not None and proc.stdout.readline() == "searching\n"
    workers = started.children(proc, 2)
    assert len(workers) == 2, workers
    time.sleep(0.5)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=3.0)
    except subprocess.TimeoutExpired:
        pytest.fail("the process still ran 3 s after Ctrl-C")
    took = time.monotonic() - sent
    assert took < 3.0
    out, err = proc.communicate(timeout=30)
    assert "KeyboardInterrupt" in err and "searched" not in out
    assert still_alive_after(workers, 2.0) == []


def test_ctrl_c_stops_picnic_simulate_and_its_workers_at_once(
    started: Started,
) -> None:
    # chunks of 5,000 games: a worker would play for minutes before it looked up
    proc = started.start(
        *(PICNIC, "simulate", "sandwich", "-n", "1000000", "--jobs", "2"),
        *("--chunk", "5000", "--no-progress"),
    )
    workers = started.children(proc, 2)
    assert len(workers) == 2, workers
    time.sleep(1.0)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert time.monotonic() - sent < 3.0
    assert proc.returncode == 130, err
    assert "interrupted: 0 of 1000000 games played" in out
    assert "Traceback" not in err
    assert still_alive_after(workers, 2.0) == []


def _decision() -> tuple[AnyGame, Any]:
    """Sandwich and the view of the first seat to decide."""
    game = GAMES["sandwich"]
    state = game.new_game(2)
    while game.to_move(state) is CHANCE:
        state = game.apply(state, game.sample_chance(state, random.Random(3)))
    return game, game.view(state, game.to_move(state))


def test_forty_workers_for_two_iterations_start_at_most_two_processes() -> None:
    game, view = _decision()
    before = set(children(os.getpid()))
    with ISMCTSAgent(game, iterations=2, workers=40) as agent:
        _root, done = agent.search(view, random.Random(1))
        started = set(children(os.getpid())) - before
        assert done == 2
        assert len(started) <= 2
        assert len(started) == min(2, processes.usable_cpus())
        assert set(agent.pool().pids) == started


def test_the_processes_are_at_most_the_cpus_and_the_iterations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(processes, "usable_cpus", lambda: 8)
    assert worker_processes(40, 2) == 2
    assert worker_processes(40, 1000) == 8
    assert worker_processes(3, 1000) == 3
    monkeypatch.setattr(processes, "usable_cpus", lambda: 1)
    assert worker_processes(40, 1000) == 1


def test_on_one_cpu_the_parts_run_here_with_the_same_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game, view = _decision()
    with ISMCTSAgent(game, iterations=40, workers=5) as agent:
        shared, _ = agent.search(view, random.Random(2))  # five parts on the CPUs there are
        assert 1 <= len(agent.pool().pids) <= 2
        alone, _ = split_search(agent, view, random.Random(2), run=map)
    monkeypatch.setattr(processes, "usable_cpus", lambda: 1)
    with ISMCTSAgent(game, iterations=40, workers=5) as agent:
        here, _ = agent.search(view, random.Random(2))
        assert not agent._workers_pool.running  # no process was started
    stats = [
        {
            str(move): (child.visits, child.available, child.reward)
            for move, child in r.children.items()
        }
        for r in (shared, alone, here)
    ]
    assert stats[0] == stats[1] == stats[2]


def test_workers_outlive_the_thread_that_started_them() -> None:
    # the kernel's parent-death signal also comes when the starting *thread* ends
    game, view = _decision()
    with ISMCTSAgent(game, iterations=20, workers=2) as agent:
        thread = threading.Thread(target=agent.search, args=(view, random.Random(1)))
        thread.start()
        thread.join(timeout=60)
        pids = agent.pool().pids
        assert len(pids) == 2
        time.sleep(0.5)  # the signal, had it killed them, would have come by now
        assert all(alive(pid) for pid in pids)
        assert agent.search(view, random.Random(1))[1] == 20
        assert agent.pool().pids == pids


def test_closing_does_not_wait_for_a_search_in_another_thread() -> None:
    game, view = _decision()
    agent = ISMCTSAgent(game, iterations=10**7, workers=2)
    failed: list[BaseException] = []

    def decide() -> None:
        try:
            agent.search(view, random.Random(1))
        except BaseException as error:  # what the thread got is checked
            failed.append(error)

    thread = threading.Thread(target=decide)
    thread.start()
    deadline = time.monotonic() + 60
    while not agent._workers_pool.running and time.monotonic() < deadline:
        time.sleep(0.02)
    pids = agent.pool().pids
    time.sleep(0.3)
    started = time.monotonic()
    agent.close()
    assert time.monotonic() - started < 2.0
    thread.join(timeout=10)
    assert not thread.is_alive()
    assert [str(error) for error in failed] == ["the agent was closed during the decision"]
    assert still_alive_after(list(pids), 2.0) == []


# ------------------------------------------------------- the pieces of picnic_rules.processes

WATCHED = """
import os, sys, time
from picnic_rules import processes

parent = os.getpid()
child = os.fork()
if child == 0:
    if sys.argv[1] == "signal":
        processes.worker_started(parent)
    else:  # the fallback of the systems without a parent-death signal
        processes._watched = os.getppid()
        processes._watch_thread(lambda: processes._poll_parent(parent))
    time.sleep(600)
    os._exit(0)
print(child, flush=True)
time.sleep(600)
"""
"""A process that forks a worker tied to it, prints the worker's id and waits."""


@pytest.mark.parametrize("how", ["signal", "poll"])
def test_a_tied_worker_ends_when_its_parent_is_killed(how: str, started: Started) -> None:
    proc = started.start(sys.executable, "-c", WATCHED, how)
    assert proc.stdout is not None
    worker = int(proc.stdout.readline())
    started.workers.append(worker)
    time.sleep(0.5)  # the worker is tied
    assert alive(worker)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert still_alive_after([worker], 5.0) == []


def _start_with_a_dead_parent(dead: int) -> None:
    processes.worker_started(dead)
    time.sleep(60)


def test_a_worker_whose_parent_is_already_dead_ends_at_once() -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    process = multiprocessing.get_context("fork").Process(
        target=_start_with_a_dead_parent, args=(gone.pid,)
    )
    process.start()
    process.join(timeout=30)
    assert process.exitcode == 1


def test_a_worker_ignores_ctrl_c_and_a_stray_parent_death_signal() -> None:
    process = multiprocessing.get_context("fork").Process(
        target=_start_with_a_dead_parent, args=(os.getpid(),)
    )
    process.start()
    try:
        time.sleep(0.5)
        assert process.pid is not None
        os.kill(process.pid, signal.SIGINT)
        os.kill(process.pid, processes.PARENT_DEATH_SIGNAL)  # its parent is alive: ignored
        time.sleep(0.5)
        assert process.is_alive()
    finally:
        processes.end_processes([process])
    assert not process.is_alive()


def test_ending_processes_passes_over_those_not_started_or_ended() -> None:
    context = multiprocessing.get_context("fork")
    ended = context.Process(target=time.sleep, args=(0,))
    ended.start()
    ended.join()
    started = time.monotonic()
    processes.end_processes([context.Process(target=time.sleep, args=(60,)), ended])
    assert time.monotonic() - started < 1.0


def test_exit_does_not_wait_for_a_search_nobody_will_read(started: Started) -> None:
    # the decision runs in a daemon thread; the main thread ends: so does the process
    script = SEARCHER.replace("agent.search(view, random.Random(1))", "")
    script += """
import threading, time
threading.Thread(target=agent.search, args=(view, random.Random(1)), daemon=True).start()
time.sleep(1.5)
"""
    proc = started.start(sys.executable, "-c", script)
    assert proc.stdout is not None and proc.stdout.readline() == "searching\n"
    workers = started.children(proc, 2)
    assert len(workers) == 2, workers
    assert proc.wait(timeout=30) == 0
    _out, err = proc.communicate(timeout=30)
    assert "Traceback" not in err
    assert still_alive_after(workers, 2.0) == []


POOL = """
import concurrent.futures, multiprocessing, os, sys, time
from picnic_rules.processes import worker_started

if __name__ == "__main__":
    context = multiprocessing.get_context(sys.argv[1])
    pool = concurrent.futures.ProcessPoolExecutor(
        2, mp_context=context, initializer=worker_started, initargs=(os.getpid(),)
    )
    for _ in range(2):
        pool.submit(time.sleep, 600)
    while len(pool._processes) < 2:
        time.sleep(0.05)
    time.sleep(1.0)  # the workers have started and taken their work
    print(*pool._processes, flush=True)
    time.sleep(600)
"""
"""A process with a pool of two workers started by ``sys.argv[1]``'s method, each tied
to it, sleeping; it prints their ids."""


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_pool_workers_end_with_their_parent_however_they_were_started(
    method: str, started: Started, tmp_path: Path
) -> None:
    # forkserver (the default from Python 3.14) makes the workers the server's children
    script = tmp_path / "pool.py"
    script.write_text(POOL)
    proc = started.start(sys.executable, str(script), method)
    assert proc.stdout is not None
    workers = [int(pid) for pid in proc.stdout.readline().split()]
    started.workers.extend(workers)
    assert len(workers) == 2 and all(alive(pid) for pid in workers)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert still_alive_after(workers, 5.0) == []
