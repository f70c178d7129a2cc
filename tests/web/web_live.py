"""A live web server for the web tests: uvicorn on a free port, in a thread, checking
every answer and every pushed message it sends (so tests can check that none shows a
hidden card), and a live ``picnic serve`` in a subprocess for the restart tests."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

from picnic_rules import GAMES, codec
from picnic_rules.host import Host
from picnic_rules.web import NO_LIMITS, Limits, Settings, create_app, listen, server

GAME = GAMES["sandwich"]

CHROMIUM = os.environ.get("PICNIC_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
"""The Chromium the browser tests drive: ``PICNIC_CHROMIUM``, else Debian's ``chromium``."""

PUBLIC_LINE = re.compile(
    r"chance acts|seat [01]: (end|discard \w+|play \w+( on \d+)?|fly \d+\.\d+|ant \d+\.\d+ to \d+)"
)
"""A line of a spectator's log: chance unnamed, a seat's public move by its notation."""


class Live:
    """A running server: its address, its host, and what its answers showed."""

    def __init__(self, url: str, host: Host) -> None:
        self.url = url
        self.host = host
        self.documents = 0
        """How many seat documents the server sent (each checked as it was sent)."""
        self.pushes = 0
        """How many live messages the server pushed (each checked as it was sent)."""
        self.publics = 0
        """How many spectators' answers the server sent (each checked as it was sent)."""
        self.leaks: list[str] = []
        """Every answer that showed more than its seat may see (there must be none)."""

    def check(self, path: str, status: int, body: bytes) -> None:
        """Check one answer as it is sent: a seat's document holds exactly that seat's
        view of the true state, a spectator's answer no card at all."""
        try:
            if not path.startswith("/api/"):
                return
            text = body.decode()
            # the state's hidden parts never appear, under any name
            assert '"hands"' not in text and '"draw_pile"' not in text, path
            answer = json.loads(text)
            if status >= 400:
                assert set(answer) == {"error", "reason"}, answer
                assert len(answer["reason"]) <= 300, answer
                return
            if path.endswith("/public"):
                assert '"hand"' not in text and '"view"' not in text, path
                assert all(PUBLIC_LINE.fullmatch(line) for line in answer["log"]), answer
                self.publics += 1
                return
            if "update" not in answer:
                return
            update = codec.decode(answer["update"], "update", GAME)
            table = self.host.table(path.split("/")[3])
            assert update.seat in table.humans, "a document for the computer's seat"
            assert update.view == GAME.view(table.state, update.seat), "not the seat's view"
            self.documents += 1
        except Exception as exc:  # recorded, so the test fails with it
            self.leaks.append(f"{path}: {exc!r}")

    def check_push(self, path: str, text: str) -> None:
        """Check one pushed message: the table's version and nothing else."""
        try:
            message = json.loads(text)
            assert set(message) == {"seen"} and type(message["seen"]) is int, message
            self.pushes += 1
        except Exception as exc:
            self.leaks.append(f"{path} (pushed): {exc!r}")


def recording(app: Any, live: list[Live]) -> Any:
    """``app`` with every answer and pushed message checked by ``live[0]`` as it is sent."""

    async def wrapped(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":

            async def pushed(message: Any) -> None:
                if message["type"] == "websocket.send":
                    live[0].check_push(scope["path"], message.get("text") or "")
                await send(message)

            await app(scope, receive, pushed)
            return
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


def free_port() -> int:
    """A port of 127.0.0.1 free now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(
    host: Host | None = None,
    limits: Limits = NO_LIMITS,
    settings: Settings | None = None,
    every: float = 1.0,
) -> Iterator[Live]:
    """A server on a free port of 127.0.0.1 for the ``with`` block (no limits per address
    unless ``limits`` are given)."""
    host = host if host is not None else Host()
    holder: list[Live] = []
    sock = listen("127.0.0.1", 0)
    port = sock.getsockname()[1]
    holder.append(Live(f"http://127.0.0.1:{port}", host))
    app = recording(create_app(host, limits=limits, every=every), holder)
    running = server(app, settings, lifespan="off")
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started:
        assert time.monotonic() < deadline, "the web server did not start"
        time.sleep(0.01)
    try:
        yield holder[0]
    finally:
        running.should_exit = True
        thread.join(10)
        sock.close()


PROGRAM = "import sys; from picnic_rules.cli import main; sys.exit(main())"


@contextlib.contextmanager
def picnic_serve(port: int, db: str) -> Iterator[subprocess.Popen[str]]:
    """``picnic serve --port PORT --db DB`` in a subprocess, answering, for the block;
    stopped with Ctrl-C at its end."""
    command = [sys.executable, "-c", PROGRAM, "serve", "--port", str(port), "--db", db]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    page.read()
                    break
            except OSError:
                if process.poll() is not None:
                    raise AssertionError(f"picnic serve stopped: {process.communicate()}") from None
                assert time.monotonic() < deadline, "picnic serve did not answer"
                time.sleep(0.05)
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(2)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
