"""Not a test module (``tests/test_lifeline.py`` names it to a nested pytest): a test that
holds what the host's database tests start (the PostgreSQL server with an open connection,
a ``picnic serve`` on it) until the run is killed."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import sqlalchemy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from web_live import free_port, picnic_serve

READY = "PICNIC_HOLD_READY"
"""The folder where each holding test writes a file once all it starts is running."""


def test_hold_the_database_and_a_server_on_it(postgres_url: str) -> None:
    engine = sqlalchemy.create_engine(postgres_url)
    with engine.connect() as connection, picnic_serve(free_port(), postgres_url):
        connection.execute(sqlalchemy.text("select 1"))
        Path(os.environ[READY], "postgres").write_text(str(os.getpid()))
        time.sleep(600)
