"""Where a host keeps its tables: :class:`Store`, the in-memory :class:`MemoryStore`, and
:func:`open_store` for a database URL (:class:`~picnic_rules.host.sql.SqlStore`).

A store keeps one JSON document per table with its *version*, the number of moves
made. :meth:`Store.save` writes a new document only if the stored version and document
are still the ones the writer read (optimistic versioning), so two servers sharing one
database never both accept a move for the same table step (the second one's save fails
and it answers "stale"), and no server writes from a stale copy (a join made through
another server is never overwritten).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Protocol

__all__ = ["MemoryStore", "Store", "open_store"]


class Store(Protocol):
    """A place that keeps tables as JSON documents with versions."""

    def create(self, table_id: str, document: str, version: int, finished: bool) -> None:
        """Store a new table (its id is new)."""
        ...

    def load(self, table_id: str) -> tuple[str, int] | None:
        """The table's document and version, or ``None`` if it has no table of that id."""
        ...

    def version(self, table_id: str) -> int | None:
        """The table's stored version (cheaper than :meth:`load`), or ``None``."""
        ...

    def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The stored version of each of ``table_ids`` the store has (one query for many:
        a server watching its tables for moves made by other servers)."""
        ...

    def save(
        self,
        table_id: str,
        document: str,
        version: int,
        finished: bool,
        expected: int,
        previous: str | None = None,
    ) -> bool:
        """Replace the table's document and version if its stored version is ``expected``
        and, when ``previous`` is given, its stored document is still ``previous`` (a
        host always gives it: a change that makes no move, such as a join, changes the
        document alone); return whether it did (``False``: another writer was first)."""
        ...


class MemoryStore:
    """A :class:`Store` in this process's memory: for the terminal, tests and one-process
    servers that may forget their tables when they stop."""

    def __init__(self) -> None:
        self._tables: dict[str, tuple[str, int, bool]] = {}
        self._lock = threading.Lock()

    def create(self, table_id: str, document: str, version: int, finished: bool) -> None:
        """Store a new table."""
        with self._lock:
            if table_id in self._tables:
                raise ValueError(f"a table {table_id!r} exists already")
            self._tables[table_id] = (document, version, finished)

    def load(self, table_id: str) -> tuple[str, int] | None:
        """The table's document and version, or ``None``."""
        found = self._tables.get(table_id)
        return None if found is None else (found[0], found[1])

    def version(self, table_id: str) -> int | None:
        """The table's version, or ``None``."""
        found = self._tables.get(table_id)
        return None if found is None else found[1]

    def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The version of each of ``table_ids`` the store has."""
        found = {key: self._tables.get(key) for key in table_ids}
        return {key: value[1] for key, value in found.items() if value is not None}

    def save(
        self,
        table_id: str,
        document: str,
        version: int,
        finished: bool,
        expected: int,
        previous: str | None = None,
    ) -> bool:
        """Replace the table's document if its version is still ``expected`` (and its
        document still ``previous``, if given)."""
        with self._lock:
            found = self._tables.get(table_id)
            if found is None or found[1] != expected:
                return False
            if previous is not None and found[0] != previous:
                return False
            self._tables[table_id] = (document, version, finished)
            return True


def open_store(url: str | None) -> Store:
    """The store at ``url``: ``None`` or ``"memory:"`` for a :class:`MemoryStore`, else an
    SQLAlchemy database URL (``sqlite:///tables.db``, ``postgresql://host/picnic``) for a
    :class:`~picnic_rules.host.sql.SqlStore` (``pip install 'picnic-rules[host]'``)."""
    if url is None or url == "memory:":
        return MemoryStore()
    from .sql import SqlStore

    return SqlStore(url)
