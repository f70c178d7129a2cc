"""Tables kept in a real database through SQLAlchemy: SQLite by default, PostgreSQL when
several servers share the tables (``pip install 'picnic-rules[host]'``).

One row a table: its id, game, version (moves made), whether it is finished, when it
was last written and its JSON document. A save is one ``UPDATE ... WHERE version =
expected``: the database, not the server, decides which of two racing moves wins.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ..errors import PicnicError

try:
    import sqlalchemy as sa
except ImportError:  # pragma: no cover - the message is the point
    raise PicnicError(
        "a database store needs SQLAlchemy: pip install 'picnic-rules[host]'"
    ) from None

__all__ = ["POOL", "SqlStore"]

POOL = 20
"""Connections a store keeps open (and as many more at a busy moment): a web server's
worker threads each use one for a request, and opening one per request costs more than
the request."""


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Each SQLite connection's settings: the write-ahead log (set once in the file; readers
    never wait for the writer) synced at its
    checkpoints rather than at every commit (``synchronous=NORMAL``: a commit survives the
    server's crash or restart; only the machine's crash may lose the last ones -- use
    PostgreSQL where that matters), and a writer waiting up to 10 s for another process's
    write."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


_METADATA = sa.MetaData()
TABLES = sa.Table(
    "picnic_tables",
    _METADATA,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("document", sa.Text, nullable=False),
)
"""The one table of the store."""


class SqlStore:
    """A :class:`~picnic_rules.host.store.Store` in the database at ``url`` (an SQLAlchemy
    URL); the table is created if it is missing."""

    def __init__(self, url: str, **engine_options: Any) -> None:
        try:
            options = {"pool_size": POOL, "max_overflow": POOL, **engine_options}
            if url.startswith("sqlite") and (":memory:" in url or url.rstrip("/") == "sqlite:"):
                options = dict(engine_options)  # one in-memory database: SQLAlchemy's own pool
            self.engine = sa.create_engine(url, **options)
            if self.engine.dialect.name == "sqlite":
                sa.event.listen(self.engine, "connect", _sqlite_pragmas)
                with self.engine.connect() as connection:  # kept in the file, set once
                    connection.exec_driver_sql("PRAGMA journal_mode=WAL")
            _METADATA.create_all(self.engine)
        except sa.exc.SQLAlchemyError as exc:
            raise PicnicError(f"cannot open the database {url!r}: {type(exc).__name__}") from None
        self.url = url

    def create(self, table_id: str, document: str, version: int, finished: bool) -> None:
        """Store a new table."""
        row = {"id": table_id, "version": version, "finished": finished, "document": document}
        with self.engine.begin() as connection:
            connection.execute(TABLES.insert().values(**row, updated=time.time()))

    def load(self, table_id: str) -> tuple[str, int] | None:
        """The table's document and version, or ``None``."""
        query = sa.select(TABLES.c.document, TABLES.c.version).where(TABLES.c.id == table_id)
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        return None if row is None else (str(row[0]), int(row[1]))

    def version(self, table_id: str) -> int | None:
        """The table's version, or ``None``."""
        query = sa.select(TABLES.c.version).where(TABLES.c.id == table_id)
        with self.engine.connect() as connection:
            found = connection.execute(query).scalar()
        return None if found is None else int(found)

    def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The version of each of ``table_ids`` the database has (in batches of 500)."""
        found: dict[str, int] = {}
        ids = list(dict.fromkeys(table_ids))
        with self.engine.connect() as connection:
            for start in range(0, len(ids), 500):
                batch = ids[start : start + 500]
                query = sa.select(TABLES.c.id, TABLES.c.version).where(TABLES.c.id.in_(batch))
                found.update((str(row[0]), int(row[1])) for row in connection.execute(query))
        return found

    def save(
        self,
        table_id: str,
        document: str,
        version: int,
        finished: bool,
        expected: int,
        previous: str | None = None,
    ) -> bool:
        """Replace the table's document if its stored version is still ``expected`` (and
        its document still ``previous``, if given)."""
        where = [TABLES.c.id == table_id, TABLES.c.version == expected]
        if previous is not None:
            where.append(TABLES.c.document == previous)
        statement = (
            TABLES.update()
            .where(*where)
            .values(version=version, finished=finished, document=document, updated=time.time())
        )
        with self.engine.begin() as connection:
            return connection.execute(statement).rowcount == 1
