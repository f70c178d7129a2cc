"""Telling live connections that a table moved: :class:`Watcher`.

A move made by this server is told at once (:meth:`Watcher.moved`, called by the
app after the move is stored). A move made by another server on the same database is
found by asking the store for the versions of every watched table, in one query, every
:data:`EVERY` seconds. (PostgreSQL's ``LISTEN/NOTIFY`` was tried instead: every commit
that notifies takes one lock of the whole database, which halved the moves a second two
servers made.) A connection learns the table's new version and, for a move made here,
the seat that made it (:attr:`Watched.by`), never what happened: the app then sends its
client the seat's new document, or the version alone.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Final

from starlette.concurrency import run_in_threadpool

__all__ = ["EVERY", "Watched", "Watcher"]

EVERY: Final = 0.25
"""Seconds between two looks at the store for moves made by other servers (one query for
every watched table: a fraction of a millisecond)."""


class Watched:
    """One table watched by live connections: its last known version and the event set
    when it changes."""

    def __init__(self, version: int) -> None:
        self.version = version
        """The table's last known version."""
        self.changed = asyncio.Event()
        """Set (and replaced) whenever :attr:`version` changes."""
        self.watchers = 0
        """How many connections watch the table."""
        self.by: int | None = None
        """The seat whose move (or undo) on this server made :attr:`version`, if one did
        (its client has that version's document already); ``None`` when unknown."""

    def set(self, version: int, by: int | None = None) -> None:
        """Record ``version``, reached by seat ``by``'s move if known; wake the watchers if
        it is new."""
        if version != self.version:
            self.version = version
            self.by = by
            changed, self.changed = self.changed, asyncio.Event()
            changed.set()


class Watcher:
    """The tables this server's live connections watch; ``versions`` reads many tables'
    stored versions at once (a store's :meth:`~picnic_rules.host.Store.versions`)."""

    def __init__(
        self, versions: Callable[[Sequence[str]], dict[str, int]], every: float = EVERY
    ) -> None:
        self.versions = versions
        self.every = every
        """Seconds between two looks at the store."""
        self.tables: dict[str, Watched] = {}
        """Every watched table by id."""
        self._task: asyncio.Task[None] | None = None

    def moved(self, table_id: str, version: int, by: int | None = None) -> None:
        """This server moved the table to ``version`` (for seat ``by``, if a seat's move or
        undo did it): tell its watchers at once."""
        watched = self.tables.get(table_id)
        if watched is not None:
            watched.set(version, by)

    @contextlib.asynccontextmanager
    async def watch(self, table_id: str, version: int) -> AsyncIterator[Watched]:
        """Watch the table (at ``version`` now) for the ``async with`` block."""
        watched = self.tables.get(table_id)
        if watched is None:
            watched = self.tables[table_id] = Watched(version)
        watched.watchers += 1
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._look())
        try:
            yield watched
        finally:
            watched.watchers -= 1
            if watched.watchers == 0 and self.tables.get(table_id) is watched:
                del self.tables[table_id]

    async def _look(self) -> None:
        """Every :attr:`every` seconds, while any table is watched, read their versions."""
        while self.tables:
            await asyncio.sleep(self.every)
            ids = list(self.tables)
            try:
                found = await run_in_threadpool(self.versions, ids)
            except Exception:  # the database is away: look again later
                continue
            for table_id, version in found.items():
                watched = self.tables.get(table_id)
                # read before a move told meanwhile: only a newer version is news
                if watched is not None and version > watched.version:
                    watched.set(version)
