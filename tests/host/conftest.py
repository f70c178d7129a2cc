"""A real PostgreSQL server for the host's tests, started from Debian's ``postgresql``
package (CI installs it, as root, beside chromium) in a temporary folder, and stopped at
the end. A machine without it fails the tests that need it, saying how to get it."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def _bin() -> Path:
    """The folder holding ``initdb`` and ``pg_ctl``."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists():
            return Path(folder)
    pytest.fail(
        "PostgreSQL is not installed: the host's database tests need a real server "
        "(as root: apt-get install postgresql; .ci/run does this)",
        pytrace=False,
    )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The SQLAlchemy URL of a fresh PostgreSQL server (user ``picnic``, trust auth), its
    files in a new folder of ``/tmp`` (pytest's own are closed to the ``postgres`` user)."""
    folder = _bin()
    root = Path(tempfile.mkdtemp(prefix="picnic-postgres-"))
    data, sockets = root / "data", root / "sockets"
    sockets.mkdir()
    prefix: list[str] = []
    if os.geteuid() == 0:  # the server refuses to run as root
        shutil.chown(root, "postgres")
        shutil.chown(sockets, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    subprocess.run(
        [*prefix, str(folder / "initdb"), "-D", str(data), "-U", "picnic", "--auth=trust"],
        check=True,
        capture_output=True,
    )
    port = _free_port()
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        [
            *prefix,
            str(folder / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-w",
            "-l",
            str(root / "log"),
            "start",
        ],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://picnic@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*prefix, str(folder / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            check=False,
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)
