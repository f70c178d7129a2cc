"""Running the web app on the open internet: uvicorn's settings (:class:`Settings`), a
socket bound before the server starts (:func:`listen`), and :func:`server` for both.

uvicorn by itself never times out a connection that has not sent a whole request
head: a client that opens connections and sends nothing (or a byte now and then)
keeps them forever, and about a thousand of them refuse every other client. Here
each connection must send a request's head within :attr:`Settings.request_timeout`
seconds of opening (or of its previous answer), a connection idle after an answer
is closed after :attr:`Settings.keep_alive` seconds, at most
:attr:`Settings.connections` connections are served at once (the others get a
503), a request head is at most :attr:`Settings.max_head` bytes, and a WebSocket
message at most :attr:`Settings.max_message` bytes, its peer pinged every
:attr:`Settings.ping` seconds and dropped if it does not answer.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import socket
from typing import Any, Literal

import attrs
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..errors import PicnicError

__all__ = ["Settings", "listen", "server"]


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
    """The most connections served at once, WebSockets included (uvicorn's
    ``limit_concurrency``): the others are answered 503."""
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


def _protocol(timeout: float, http: str = "h11", max_head: int = 16 * 1024) -> type[Any]:
    """uvicorn's HTTP/1.1 protocol (``h11`` or ``httptools``), closing a connection that
    does not send a request head within ``timeout`` seconds, and answering 431 (then
    closing) to a head over ``max_head`` bytes before its parser sees more of it (h11
    bounds a head by itself, httptools does not)."""
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
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
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


def _why(exc: OSError) -> str:
    return (exc.strerror or str(exc)).lower()


def server(app: Any, settings: Settings | None = None, **options: Any) -> uvicorn.Server:
    """A uvicorn server for ``app`` with ``settings`` (the defaults when ``None``);
    ``options`` go to :class:`uvicorn.Config` as they are (``log_level``, ``lifespan``).
    Run it with ``server.run(sockets=[listen(host, port)])``."""
    settings = settings if settings is not None else Settings()
    config = uvicorn.Config(
        app,
        http=_protocol(settings.request_timeout, settings.http, settings.max_head),
        ws="auto",
        timeout_keep_alive=settings.keep_alive,
        limit_concurrency=settings.connections,
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
