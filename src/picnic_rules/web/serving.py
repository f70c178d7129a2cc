"""Running the web app on the open internet: uvicorn's settings (:class:`Settings`), a
socket bound before the server starts (:func:`listen`), and :func:`server` for both.

uvicorn by itself never times out a connection that has not sent a whole request
head: a client that opens connections and sends nothing (or a byte now and then)
keeps them forever, and about a thousand of them refuse every other client. Here
each connection must send a request's head within :attr:`Settings.request_timeout`
seconds of opening (or of its previous answer), a connection idle after an answer
is closed after :attr:`Settings.keep_alive` seconds, a request head is at most
:attr:`Settings.max_head` bytes (with either parser), and a WebSocket message at most
:attr:`Settings.max_message` bytes, its peer pinged every :attr:`Settings.ping`
seconds and dropped if it does not answer. Every connection passes a
:class:`~picnic_rules.web.door.Door`: at most :attr:`Settings.connections` in all
(:attr:`Settings.sockets` WebSockets), and per client address at most
:attr:`Settings.waiting` with no request under way and :attr:`Settings.sockets_each`
WebSockets; at a bound the address holding the most gives up its oldest, so a few
addresses cannot shut the others out.

Each connection is an open file, and a process may open only so many (``ulimit -n``:
often 1,024 for a user who is not root). :func:`server` raises this process's limit as far
as the system's hard limit allows (``ulimit -Hn``) to hold :attr:`Settings.connections`
and :data:`SPARE_FILES` more; where even that is too few, it holds fewer connections and
says so once, rather than failing on every client past the limit (:func:`fit_open_files`).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import logging
import os
import socket
from typing import Any, Final, Literal

import attrs
import uvicorn
from uvicorn.config import WS_PROTOCOLS
from uvicorn.importer import import_from_string
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..errors import PicnicError
from .door import BUSY, SOCKET, WAITING, Door

__all__ = ["SPARE_FILES", "Settings", "fit_open_files", "listen", "server", "trusted_proxies"]

SPARE_FILES: Final = 200
"""Open files a server keeps for itself beside its connections: its listening socket, the
database, logs, the files it serves, a search's workers."""


@attrs.frozen
class Settings:
    """The connection limits of a server (``picnic serve`` uses the defaults)."""

    request_timeout: float = 10.0
    """Seconds a connection has to send a whole request head (after opening, or after
    its previous answer); the web app gives a request's body as long again."""
    keep_alive: int = 5
    """Seconds an idle connection stays open after an answer (uvicorn's
    ``timeout_keep_alive``)."""
    connections: int = 1000
    """The most connections held at once, WebSockets included: at the bound, a new one
    takes the place of the oldest connection with no request under way (or WebSocket) of
    the address holding the most (:class:`~picnic_rules.web.door.Door`)."""
    waiting: int = 8
    """The most connections one client address may hold with no request under way (still
    sending a head, or idle between requests): a new one takes the place of its oldest."""
    sockets: int = 800
    """The most WebSockets held at once: at the bound, a new one takes the place of the
    oldest of the address holding the most."""
    sockets_each: int = 32
    """The most WebSockets one client address may hold: a new one takes the place of its
    oldest (the web app also refuses more than :attr:`Limits.sockets
    <picnic_rules.web.limits.Limits.sockets>` per address, behind a proxy too)."""
    backlog: int = 2048
    """Connections the system queues before the server accepts them."""
    max_head: int = 16 * 1024
    """The largest request head, in bytes, with either parser: a longer one is answered 431
    and its connection closed (h11 also gets it as ``h11_max_incomplete_event_size``)."""
    max_message: int = 4096
    """The largest WebSocket message a client may send, in bytes."""
    ping: float = 20.0
    """Seconds between pings on a WebSocket; a peer silent as long again is dropped."""
    shutdown: int = 5
    """Seconds a stopping server (Ctrl-C) waits for its connections to end before it
    closes them (uvicorn's ``timeout_graceful_shutdown``): live connections never end by
    themselves."""
    http: Literal["auto", "h11", "httptools"] = "auto"
    """The HTTP/1.1 parser: ``h11`` (pure Python, always there) or ``httptools`` (C, about
    a third less CPU per request; ``pip install httptools``); ``auto`` takes httptools if
    it is installed. uvicorn runs on uvloop when it is installed (``pip install uvloop``),
    else on asyncio's own loop."""


def _head_refusal(max_head: int) -> bytes:
    """The answer to a request head over ``max_head`` bytes: 431, as JSON, closing."""
    body = json.dumps({"error": "head", "reason": f"a request head is at most {max_head} bytes"})
    return (
        b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
        b"content-type: application/json\r\n"
        b"content-length: " + str(len(body)).encode() + b"\r\n"
        b"connection: close\r\n\r\n" + body.encode()
    )


def _dropped(door: Door, transports: list[Any]) -> None:
    """Close the connections ``door`` dropped to make room."""
    for transport in transports:
        door.leave(transport)
        if not transport.is_closing():
            transport.close()


def _protocol(
    timeout: float, http: str = "h11", max_head: int = 16 * 1024, door: Door | None = None
) -> type[Any]:
    """uvicorn's HTTP/1.1 protocol (``h11`` or ``httptools``), closing a connection that
    does not send a request head within ``timeout`` seconds, answering 431 (then
    closing) to a head over ``max_head`` bytes before its parser sees more of it (h11
    bounds a head by itself, httptools does not), and passing every connection through
    ``door`` (a door without bounds worth the name when ``None``)."""
    door_ = door if door is not None else Door(connections=10**9, waiting=10**9, sockets=10**9)
    base: type[Any] = H11Protocol
    if http == "httptools" or (http == "auto" and importlib.util.find_spec("httptools")):
        try:
            from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
        except ImportError:
            raise PicnicError(
                "the httptools parser is not installed: pip install httptools"
            ) from None
        base = HttpToolsProtocol

    class TimedProtocol(base):  # type: ignore[misc]
        _timer: asyncio.TimerHandle | None = None
        _waiting_for: object = None
        _head: int | None = None  # bytes of the head received, while one is awaited
        _tail = b""  # the last 3 bytes received of it (its end may straddle two reads)

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            address = self.client[0] if self.client else "unknown"
            dropped = door_.enter(address, transport)
            _dropped(door_, dropped)
            if transport not in dropped:
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            door_.leave(self.transport)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._head is not None and self._too_long(data):
                self._disarm()
                self.transport.write(_head_refusal(max_head))
                self.transport.close()
                return
            super().data_received(data)
            if self.cycle is not self._waiting_for:  # a request's head arrived
                self._disarm()
                door_.mark(self.transport, BUSY)

        def handle_websocket_upgrade(self, *args: Any) -> None:
            dropped = door_.mark(self.transport, SOCKET)
            _dropped(door_, dropped)
            if self.transport not in dropped:
                super().handle_websocket_upgrade(*args)

        def _too_long(self, data: bytes) -> bool:
            """Whether the head awaited, with ``data``, is over ``max_head`` bytes."""
            head = self._head or 0
            window = self._tail + data
            end = window.find(b"\r\n\r\n")
            length = head + len(data) if end < 0 else head - len(self._tail) + end + 4
            self._head = head + len(data)
            self._tail = window[-3:]
            return length > max_head

        def on_response_complete(self) -> None:
            super().on_response_complete()
            busy = self.cycle is not None and not self.cycle.response_complete
            if not (self.transport.is_closing() or busy or getattr(self, "pipeline", None)):
                self._arm()  # no request (a pipelined one) under way: wait for the next head

        def _arm(self) -> None:
            self._disarm()
            self._waiting_for = self.cycle
            self._head, self._tail = 0, b""
            door_.mark(self.transport, WAITING)
            self._timer = self.loop.call_later(timeout, self._too_slow)

        def _disarm(self) -> None:
            self._head = None
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self) -> None:
            self._timer = None
            if self.transport.get_protocol() is self and not self.transport.is_closing():
                self.transport.close()

    return TimedProtocol


def _socket_protocol(door: Door) -> type[Any]:
    """uvicorn's WebSocket protocol (``auto``), letting ``door`` know when one closes."""
    base: type[Any] = import_from_string(WS_PROTOCOLS["auto"])

    class CountedSocket(base):  # type: ignore[misc]
        def connection_lost(self, exc: Exception | None) -> None:
            door.leave(self.transport)
            super().connection_lost(exc)

    return CountedSocket


def trusted_proxies() -> tuple[str, ...]:
    """The addresses whose ``X-Forwarded-For`` uvicorn trusts: ``FORWARDED_ALLOW_IPS``
    (``127.0.0.1,::1`` by default; ``*`` for every one)."""
    found = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
    return tuple(part.strip() for part in found.split(",") if part.strip())


def listen(host: str, port: int, backlog: int = 2048) -> socket.socket:
    """A socket bound to ``host``:``port`` and listening (``backlog`` queued); :class:`~picnic_rules.PicnicError`
    (``cannot listen on ...: address already in use``) if it cannot be."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _name, address = infos[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise PicnicError(f"cannot listen on {host}:{port}: {_why(exc)}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(backlog)
    except OSError as exc:
        sock.close()
        raise PicnicError(f"cannot listen on {host}:{port}: {_why(exc)}") from None
    sock.set_inheritable(True)
    return sock


def fit_open_files(settings: Settings) -> Settings:
    """``settings`` with as many connections as this process may open files for.

    The process's soft limit on open files is raised toward :attr:`Settings.connections`
    plus :data:`SPARE_FILES`, as far as the hard limit allows; if that is still too few,
    the connections (and WebSockets) are bounded to what fits, with one warning on the
    ``picnic_rules.web`` logger saying the limit and how to raise it. Where the system has
    no such limit (Windows) ``settings`` is returned as it is."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on this system
        return settings
    wanted = settings.connections + SPARE_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        if raised > soft:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return settings
    room = max(1, soft - SPARE_FILES)
    logging.getLogger("picnic_rules.web").warning(
        "this process may open %d files (ulimit -Hn): the server holds at most %d "
        "connections, not %d; raise the limit to hold them all",
        soft,
        room,
        settings.connections,
    )
    return attrs.evolve(settings, connections=room, sockets=min(settings.sockets, room))


def _why(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower()


def server(app: Any, settings: Settings | None = None, **options: Any) -> uvicorn.Server:
    """A uvicorn server for ``app`` with ``settings`` (the defaults when ``None``, fitted
    to the files this process may open: :func:`fit_open_files`); ``options`` go to :class:`uvicorn.Config` as they are (``log_level``, ``lifespan``).
    Run it with ``server.run(sockets=[listen(host, port)])``."""
    settings = fit_open_files(settings if settings is not None else Settings())
    door = Door(
        connections=settings.connections,
        waiting=settings.waiting,
        sockets=settings.sockets,
        sockets_each=settings.sockets_each,
        trusted=trusted_proxies(),
    )
    config = uvicorn.Config(
        app,
        http=_protocol(settings.request_timeout, settings.http, settings.max_head, door),
        ws=_socket_protocol(door),
        timeout_keep_alive=settings.keep_alive,
        limit_concurrency=None,  # the door bounds the connections, fairly
        backlog=settings.backlog,
        h11_max_incomplete_event_size=settings.max_head,
        ws_max_size=settings.max_message,
        ws_ping_interval=settings.ping,
        ws_ping_timeout=settings.ping,
        ws_per_message_deflate=False,  # the messages are a few bytes
        timeout_graceful_shutdown=settings.shutdown,
        **{"log_level": "warning", "access_log": False, **options},  # no line per request
    )
    return uvicorn.Server(config)
