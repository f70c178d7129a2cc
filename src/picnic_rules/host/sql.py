"""Tables kept in a real database through SQLAlchemy: SQLite by default, PostgreSQL when
several servers share the tables (``pip install 'picnic-rules[host]'``).

One row a table: its id, version (moves made), whether it is finished, when it was last
written and its JSON document. A save is one ``UPDATE ... WHERE id = ? AND version = ?
AND document = ?`` (the version and the document the writer read): the database, not the
server, decides which of two racing writes wins, and no server writes from a stale copy.
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


_PLACEHOLDERS = {"qmark": "?", "format": "%s", "pyformat": "%s"}
"""Each driver parameter style's positional placeholder (SQLite's ``?``, psycopg's ``%s``)."""


class SqlStore:
    """A :class:`~picnic_rules.host.store.Store` in the database at ``url`` (an SQLAlchemy
    URL); the table is created if it is missing.

    Every call is one SQL statement, sent as the driver's own text on a pooled connection in
    autocommit mode (one statement is one transaction): SQLAlchemy's statement building and
    the pool's rollback on every return cost more than the statement itself."""

    def __init__(self, url: str, **engine_options: Any) -> None:
        try:
            options = {
                "pool_size": POOL,
                "max_overflow": POOL,
                "isolation_level": "AUTOCOMMIT",
                "pool_reset_on_return": None,
                **engine_options,
            }
            if url.startswith("sqlite") and (":memory:" in url or url.rstrip("/") == "sqlite:"):
                options = {"isolation_level": "AUTOCOMMIT", **engine_options}  # its own pool
            self.engine = sa.create_engine(url, **options)
            if self.engine.dialect.name == "sqlite":
                sa.event.listen(self.engine, "connect", _sqlite_pragmas)
                with self.engine.connect() as connection:  # kept in the file, set once
                    connection.exec_driver_sql("PRAGMA journal_mode=WAL")
            try:
                _METADATA.create_all(self.engine)
            except sa.exc.SQLAlchemyError:  # another server created it at the same moment
                time.sleep(0.2)
                _METADATA.create_all(self.engine)
        except sa.exc.SQLAlchemyError as exc:
            raise PicnicError(f"cannot open the database {url!r}: {type(exc).__name__}") from None
        self.url = url
        mark = _PLACEHOLDERS.get(self.engine.dialect.paramstyle)
        if mark is None:
            raise PicnicError(
                f"the database driver's parameter style {self.engine.dialect.paramstyle!r} "
                "is not supported: use SQLite or PostgreSQL (psycopg)"
            )
        self._insert = (
            "INSERT INTO picnic_tables (id, version, finished, updated, document) "
            "VALUES (?, ?, ?, ?, ?)"
        ).replace("?", mark)
        self._load = "SELECT document, version FROM picnic_tables WHERE id = ?".replace("?", mark)
        self._version = "SELECT version FROM picnic_tables WHERE id = ?".replace("?", mark)
        self._save = (
            "UPDATE picnic_tables SET version = ?, finished = ?, document = ?, updated = ? "
            "WHERE id = ? AND version = ? AND document = ?"
        ).replace("?", mark)
        self._mark = mark

    def _run(self, statement: str, parameters: Sequence[Any], rows: bool) -> Any:
        """Run one statement on a pooled connection: its rows if ``rows``, else how many
        rows it changed. A connection that fails is dropped (the next call opens another)."""
        connection = self.engine.raw_connection()
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(statement, tuple(parameters))
                return cursor.fetchall() if rows else cursor.rowcount
            finally:
                cursor.close()
        except BaseException:
            connection.invalidate()
            raise
        finally:
            connection.close()

    def create(self, table_id: str, document: str, version: int, finished: bool) -> None:
        """Store a new table."""
        self._run(self._insert, (table_id, version, finished, time.time(), document), rows=False)

    def load(self, table_id: str) -> tuple[str, int] | None:
        """The table's document and version, or ``None``."""
        found = self._run(self._load, (table_id,), rows=True)
        return (str(found[0][0]), int(found[0][1])) if found else None

    def version(self, table_id: str) -> int | None:
        """The table's version, or ``None``."""
        found = self._run(self._version, (table_id,), rows=True)
        return int(found[0][0]) if found else None

    def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The version of each of ``table_ids`` the database has (in batches of 500)."""
        found: dict[str, int] = {}
        ids = list(dict.fromkeys(table_ids))
        for start in range(0, len(ids), 500):
            batch = ids[start : start + 500]
            marks = ", ".join([self._mark] * len(batch))
            query = f"SELECT id, version FROM picnic_tables WHERE id IN ({marks})"
            found.update((str(row[0]), int(row[1])) for row in self._run(query, batch, rows=True))
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
        """Replace the table's document if its stored version is still ``expected`` and
        its document still ``previous`` (any document, when ``None``): one ``UPDATE``."""
        parameters = [version, finished, document, time.time(), table_id, expected]
        statement = self._save
        if previous is None:
            statement = statement.replace(f" AND document = {self._mark}", "", 1)
        else:
            parameters.append(previous)
        return bool(self._run(statement, parameters, rows=False) == 1)
