"""Fair shares of a server's connections: :class:`Door`, which every connection passes.

A server holds at most :attr:`Door.connections` connections, and of them at most
:attr:`Door.sockets` WebSockets. Each client address (the connection's peer) may hold at
most :attr:`Door.waiting` connections with no request under way (still sending a head, or
idle between two) and at most :attr:`Door.sockets_each` WebSockets. Where a bound is
reached, a newcomer is not turned away: the door drops a connection of the address that
holds the most (its oldest that is not in the middle of a request), so a few addresses
holding all they may never shut out another. Trusted proxies (``FORWARDED_ALLOW_IPS``:
their clients' addresses come in a header, read later) are bounded only by the totals,
and dropped only when no other address has a connection to drop.

>>> door = Door(connections=3, waiting=2, sockets=2, sockets_each=1)
>>> a, b, c, d = (object() for _ in range(4))
>>> [door.enter("10.0.0.1", t) for t in (a, b)]     # two connections waiting for a head
[[], []]
>>> door.enter("10.0.0.1", c) == [a]                  # a third: its own oldest goes
True
>>> door.enter("10.0.0.2", d)                          # another address: room enough
[]
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

__all__ = ["BUSY", "SOCKET", "WAITING", "Door"]

WAITING: Final = "waiting"
"""A connection with no request under way: sending its head, or idle between requests."""
BUSY: Final = "busy"
"""A connection whose request is under way (never dropped: its answer would be lost)."""
SOCKET: Final = "socket"
"""A WebSocket."""


class Door:
    """The connections of one server, by client address, within the bounds: at most
    ``connections`` in all, ``waiting`` per address with no request under way,
    ``sockets`` WebSockets in all and ``sockets_each`` per address; the addresses in
    ``trusted`` (proxies) have no bound of their own. A connection is any hashable
    object (the server uses its transport)."""

    def __init__(
        self,
        *,
        connections: int = 1000,
        waiting: int = 8,
        sockets: int = 800,
        sockets_each: int = 32,
        trusted: Collection[str] = (),
    ) -> None:
        self.connections = connections
        """The most connections in all."""
        self.waiting = waiting
        """The most connections an address may hold with no request under way."""
        self.sockets = sockets
        """The most WebSockets in all."""
        self.sockets_each = sockets_each
        """The most WebSockets an address may hold."""
        self.trusted = frozenset(trusted)
        """Addresses bounded only by the totals (proxies); ``"*"`` trusts every one."""
        self._by_address: dict[str, dict[object, str]] = {}  # address: {connection: state}
        self._address: dict[object, str] = {}
        self._sockets = 0

    def __len__(self) -> int:
        """How many connections are held now."""
        return len(self._address)

    def held(self, address: str, state: str | None = None) -> int:
        """How many connections ``address`` holds (in ``state``, if given)."""
        found = self._by_address.get(address, {})
        return len(found) if state is None else sum(1 for s in found.values() if s == state)

    def enter(self, address: str, connection: object) -> list[object]:
        """A new connection from ``address``, waiting for its first head: the connections
        to drop to make room for it (its address's oldest waiting one, if it holds
        :attr:`waiting` already; the heaviest address's oldest, if the server holds
        :attr:`connections`). If nothing can be dropped, the new connection itself is."""
        drop: list[object] = []
        if not self._trusts(address) and self.held(address, WAITING) >= self.waiting:
            drop.append(self._oldest(address, (WAITING,)))
        if len(self) - len(drop) >= self.connections:
            victim = self._heaviest((WAITING, SOCKET), besides=drop)
            drop.append(victim if victim is not None else connection)
        if connection not in drop:
            self._by_address.setdefault(address, {})[connection] = WAITING
            self._address[connection] = address
        for dropped in drop:
            self.leave(dropped)
        return drop

    def mark(self, connection: object, state: str) -> list[object]:
        """The connection is now ``state`` (:data:`WAITING`, :data:`BUSY` or
        :data:`SOCKET`): the connections to drop to make room (for a WebSocket past the
        bounds: the address's own oldest one, or the heaviest address's oldest)."""
        address = self._address.get(connection)
        if address is None:
            return []
        held = self._by_address[address]
        drop: list[object] = []
        if state == SOCKET and held[connection] != SOCKET:
            if not self._trusts(address) and self.held(address, SOCKET) >= self.sockets_each:
                drop.append(self._oldest(address, (SOCKET,)))
            elif self._sockets >= self.sockets:
                victim = self._heaviest((SOCKET,), besides=[connection])
                drop.append(victim if victim is not None else connection)
        if connection not in drop:
            self._sockets += (state == SOCKET) - (held[connection] == SOCKET)
            held[connection] = state
        for dropped in drop:
            self.leave(dropped)
        return drop

    def leave(self, connection: object) -> None:
        """The connection is closed (or dropped)."""
        address = self._address.pop(connection, None)
        if address is None:
            return
        held = self._by_address[address]
        self._sockets -= held.pop(connection) == SOCKET
        if not held:
            del self._by_address[address]

    def _trusts(self, address: str) -> bool:
        return address in self.trusted or "*" in self.trusted

    def _oldest(self, address: str, states: tuple[str, ...]) -> object:
        """The oldest connection of ``address`` in one of ``states`` (there is one)."""
        return next(c for c, s in self._by_address[address].items() if s in states)

    def _heaviest(self, states: tuple[str, ...], besides: Collection[object]) -> object | None:
        """The oldest connection in one of ``states`` of the address holding the most
        such (a trusted one only if no other has one), none of ``besides``; ``None`` if
        there is none."""
        best: tuple[bool, int] | None = None
        found: object | None = None
        for address, held in self._by_address.items():
            candidates = [c for c, s in held.items() if s in states and c not in besides]
            if not candidates:
                continue
            rank = (not self._trusts(address), len(candidates))
            if best is None or rank > best:
                best, found = rank, candidates[0]
        return found
