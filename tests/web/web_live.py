"""A live web server for the web tests: uvicorn on a free port, in a thread, checking
every answer and every pushed message it sends (so tests can check that none shows a
hidden card), and a live ``picnic serve`` in a subprocess for the restart tests, whose
answers the tests check as they receive them (:class:`Checker`, the same checks)."""

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
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

from picnic_rules import GAMES, codec
from picnic_rules.client import public_words
from picnic_rules.host import Host, Table, open_store
from picnic_rules.web import NO_LIMITS, Limits, Settings, create_app, listen, server

GAME = GAMES["sandwich"]

CHROMIUM = os.environ.get("PICNIC_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
"""The Chromium the browser tests drive: ``PICNIC_CHROMIUM``, else Debian's ``chromium``."""

NOTATION_LINE = re.compile(r"chance acts|seat \d+ moves|seat \d+: .*")
"""A spectator's log line as it was before issue 42: chance unnamed, a seat's move by its
notation (a line must never look so now)."""


def settle(page: Any) -> None:
    """Wait until ``page`` (a Playwright page) has answered what it was asked.

    The page asks nothing before its lobby is filled in, and what it was asked before --
    the game in its address, a new game clicked early -- starts in the same turn as the
    lobby's last step, its list of open tables (``lobby.ready``): so first that list (an
    item, if only "No table waits"), then no request of its own in flight
    (``body[data-busy='false']``). Reading ``data-busy`` alone right after a load or a
    click on "New game" reads the page before it has begun.

    What the page hears of later -- a change of the ``#`` part of its address on a page
    already open, a message pushed by the server -- is not waited for here: wait for what
    it shows (``expect(locator)...``, ``wait_for_selector``) instead.
    """
    page.locator("#open-list > li").first.wait_for(state="attached")
    page.locator("body[data-busy='false']").wait_for(state="attached")


class Checker:
    """Checks every answer and pushed message a server sends (or a client receives), so
    tests can check that none shows a hidden card: ``truth`` gives the table behind an id
    (the server's own, or the one its database holds), ``None`` when no one can (a server
    that keeps its tables in its own memory): then each document is checked to be a seat's
    document of the game, with no part of the state a seat never sees."""

    def __init__(self, truth: Callable[[str], Table] | None = None) -> None:
        self.truth = truth
        self.documents = 0
        """How many seat documents were checked."""
        self.pushes = 0
        """How many live messages were checked."""
        self.publics = 0
        """How many spectators' answers were checked."""
        self.leaks: list[str] = []
        """Every answer that showed more than its seat may see (there must be none)."""

    def check(self, path: str, status: int, body: bytes) -> None:
        """Check one answer: a seat's document holds exactly that seat's view of the true
        state after the moves it says it has seen, and exactly its observations of the
        moves it was told of; a spectator's answer no card at all."""
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
                assert '"hand"' not in text and '"deck"' not in text, path
                assert not any(NOTATION_LINE.fullmatch(line) for line in answer["log"]), answer
                check_public_document(
                    None if self.truth is None else self.truth(path.split("/")[3]), answer
                )
                self.publics += 1
                return
            if "update" not in answer:
                return
            update = codec.decode(answer["update"], "update", GAME)
            seen = answer["seen"]
            assert type(seen) is int and seen >= len(update.observations), answer
            if self.truth is not None:
                check_seat_document(self.truth(path.split("/")[3]), update, seen)
            self.documents += 1
        except Exception as exc:  # recorded, so the test fails with it
            self.leaks.append(f"{path}: {exc!r}")

    def check_push(self, path: str, text: str) -> None:
        """Check one pushed message: the table's version alone, or (on a seat's connection
        opened with ``since``) the seat's answer with ``since``, checked as every answer."""
        try:
            message = json.loads(text)
            assert type(message["seen"]) is int, message
            if set(message) != {"seen"}:
                assert '"hands"' not in text and '"draw_pile"' not in text, path
                assert set(message) - {"real_table", "outcomes"} == {
                    "seen",
                    "since",
                    "mode",
                    "update",
                }, message
                update = codec.decode(message["update"], "update", GAME)
                assert message["since"] == message["seen"] - len(update.observations), message
                if self.truth is not None:
                    check_seat_document(self.truth(path.split("/")[3]), update, message["seen"])
                self.documents += 1
            self.pushes += 1
        except Exception as exc:
            self.leaks.append(f"{path} (pushed): {exc!r}")

    def call(
        self,
        url: str,
        body: Any = None,
        token: str | None = None,
        method: str | None = None,
    ) -> tuple[int, dict[str, Any]]:
        """One request to a server: its status and JSON answer, checked."""
        data = None if body is None else json.dumps(body).encode()
        verb = method or ("GET" if data is None else "POST")
        request = urllib.request.Request(url, data=data, method=verb)
        if token is not None:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=20) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        self.check(urllib.parse.urlsplit(url).path, status, raw)
        return status, json.loads(raw)


def check_seat_document(table: Table, update: Any, seen: int) -> None:
    """Assert that ``update``, sent at move ``seen`` of ``table``, is a person's seat's own:
    its view at that move and exactly the observations since its last update."""
    game = table.game
    assert update.seat in table.humans, "a document for an agent's seat"
    assert update.view == game.view(table.states[seen], update.seat), "not the seat's view"
    since = seen - len(update.observations)
    told = [entry.observation for entry in update.observations]
    assert told == [
        game.observe(table.states[index], table.moves[index], update.seat)
        for index in range(since, seen)
    ], "not the seat's observations"


def check_public_document(table: Table | None, answer: dict[str, Any]) -> None:
    """Assert that a spectator's ``answer`` holds the public view of the table (``table``, when
    known, at the move ``answer`` says it has seen): what every seat sees alike, no hand."""
    game = GAMES[answer["game"]]
    shown = codec.decode(answer["view"], "public", game)
    assert "player" not in answer["view"]["public"], answer
    assert type(shown) is game.PublicView
    if table is not None and answer["seen"] == table.version:
        assert shown == game.public_view(table.states[answer["seen"]]), "not the public view"
    if table is not None and answer["seen"] <= table.version:
        # each move in the game's words told to no seat: no hidden card, no "you"
        seen, log = answer["seen"], answer["log"]
        assert log == [
            public_words(game, table.states[index], table.moves[index])
            for index in range(seen - len(log), seen)
        ], "not the moves in the game's words for a spectator"


def stored(url: str) -> Callable[[str], Table]:
    """The truth of the servers on the database at ``url``: a table as it is stored now."""
    store = open_store(url)
    return lambda table_id: Host(store).table(table_id)


class Live(Checker):
    """A running server in this process: its address, its host, and what its answers
    showed (checked against the host's own tables)."""

    def __init__(self, url: str, host: Host) -> None:
        super().__init__(host.table)
        self.url = url
        self.host = host


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
