"""A live web server for the web tests: uvicorn on a free port, in a thread, checking
every answer it sends (so tests can check that no answer shows a hidden card)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import uvicorn

from picnic_rules import GAMES, codec
from picnic_rules.web import Tables, create_app

GAME = GAMES["sandwich"]

CHROMIUM = os.environ.get("PICNIC_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
"""The Chromium the browser tests drive: ``PICNIC_CHROMIUM``, else Debian's ``chromium``."""


class Live:
    """A running server: its address, its games, and what its answers showed."""

    def __init__(self, url: str, tables: Tables) -> None:
        self.url = url
        self.tables = tables
        self.documents = 0
        """How many seat documents the server sent (each checked as it was sent)."""
        self.leaks: list[str] = []
        """Every answer that showed more than its seat may see (there must be none)."""

    def check(self, path: str, status: int, body: bytes) -> None:
        """Check one answer as it is sent: a seat's document holds exactly that seat's
        view of the true state, and nothing else of the state."""
        try:
            if not path.startswith("/api/"):
                return
            text = body.decode()
            # the state's hidden parts never appear, under any name
            assert '"hands"' not in text and '"draw_pile"' not in text, path
            answer = json.loads(text)
            if status >= 400:
                assert set(answer) == {"error", "reason"}, answer
                return
            if "update" not in answer:
                return
            update = codec.decode(answer["update"], "update", GAME)
            table = self.tables.games[path.split("/")[3]]
            assert update.seat in table.tokens, "a document for the computer's seat"
            assert update.view == GAME.view(table.state, update.seat), "not the seat's view"
            self.documents += 1
        except Exception as exc:  # recorded, so the test fails with it
            self.leaks.append(f"{path}: {exc!r}")


def recording(app: Any, live: list[Live]) -> Any:
    """``app`` with every answer checked by ``live[0]`` as it is sent."""

    async def wrapped(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        status = 0
        body = bytearray()

        async def capture(message: Any) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                body.extend(message.get("body", b""))
                if not message.get("more_body"):
                    live[0].check(scope["path"], status, bytes(body))
            await send(message)

        await app(scope, receive, capture)

    return wrapped


@contextlib.contextmanager
def serving(tables: Tables | None = None) -> Iterator[Live]:
    """A server on a free port of 127.0.0.1 for the ``with`` block."""
    tables = tables if tables is not None else Tables()
    holder: list[Live] = []
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    holder.append(Live(f"http://127.0.0.1:{port}", tables))
    config = uvicorn.Config(
        recording(create_app(tables), holder), log_level="warning", lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the web server did not start"
        time.sleep(0.01)
    try:
        yield holder[0]
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
