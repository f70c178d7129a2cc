"""A server fits its connections to the files it may open (``ulimit -n``): it raises its
soft limit as far as the hard one allows, and where even that is too few it holds fewer
connections and says so once, instead of failing every client past the limit."""

from __future__ import annotations

import json
import subprocess
import sys

CHILD = """
import json, logging, resource, sys
logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
soft, hard = map(int, sys.argv[1:3])
resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
from picnic_rules.web.serving import Settings, fit_open_files
fitted = fit_open_files(Settings())
print(json.dumps([fitted.connections, fitted.sockets, resource.getrlimit(resource.RLIMIT_NOFILE)[0]]))
"""


def fitted(soft: int, hard: int) -> tuple[list[int], str]:
    """The connections, WebSockets and soft limit of a process started with these limits,
    and what it logged."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(soft), str(hard)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    found: list[int] = json.loads(done.stdout)
    return found, done.stderr


def test_a_low_soft_limit_is_raised_to_hold_every_connection() -> None:
    (connections, sockets, soft), said = fitted(256, 4096)
    assert (connections, sockets) == (1000, 800)
    assert soft == 1000 + 200  # the connections and the spare files, no more
    assert said == ""


def test_a_low_hard_limit_bounds_the_connections_and_says_so() -> None:
    (connections, sockets, soft), said = fitted(256, 700)
    assert soft == 700 and (connections, sockets) == (500, 500)
    assert said.count("\n") == 1 and "picnic_rules.web" in said
    assert "700 files" in said and "at most 500 connections, not 1000" in said


def test_a_limit_high_enough_is_left_alone() -> None:
    (connections, sockets, soft), said = fitted(4000, 4096)
    assert (connections, sockets, soft, said) == (1000, 800, 4000, "")
