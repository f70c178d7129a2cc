"""The processes of this machine as ``/proc`` shows them, for the tests that check that a test
run leaves none behind (``tests/test_lifeline.py``, ``tests/test_stopped_run.py``)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from pathlib import Path


class Process:
    """One process as ``/proc`` shows it: its id, parent, start time, state and name."""

    def __init__(self, pid: int) -> None:
        text = Path(f"/proc/{pid}/stat").read_text()
        fields = text[text.rindex(")") + 2 :].split()
        self.pid, self.name = pid, text[text.index("(") + 1 : text.rindex(")")]
        self.state, self.parent, self.start = fields[0], int(fields[1]), int(fields[19])
        try:
            self.command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            self.command = ""

    def alive(self) -> bool:
        """Whether this process (not a later one with its id) still runs (a zombie does not)."""
        try:
            now = Process(self.pid)
        except (OSError, ValueError, IndexError):
            return False
        return now.start == self.start and now.state not in "ZX"

    def __repr__(self) -> str:
        return f"{self.pid} {self.name} [{self.command[:120]}]"


def processes() -> list[Process]:
    """Every process now."""
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                found.append(Process(int(entry.name)))
            except (OSError, ValueError, IndexError):
                continue
    return found


def descendants(pid: int) -> list[Process]:
    """The processes started by ``pid``, and by them, and so on."""
    table = processes()
    family, found = {pid}, []
    grew = True
    while grew:
        grew = False
        for process in table:
            if process.parent in family and process.pid not in family:
                family.add(process.pid)
                found.append(process)
                grew = True
    return found


def left_after(seconds: float, watched: Iterable[Process], folder: Path | None = None) -> list[str]:
    """What of ``watched`` (and of ``folder``'s contents) is still there after ``seconds``
    (looked at again and again: an empty list as soon as all is gone)."""
    deadline = time.monotonic() + seconds
    while True:
        left = [repr(process) for process in watched if process.alive()]
        if folder is not None and folder.exists():
            left += [f"file {path}" for path in folder.iterdir()]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)
