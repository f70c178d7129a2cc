"""Fair shares under attack (issue 38): forty client addresses holding every WebSocket and
half-open request head they may cannot shut out a newcomer from another address, who
opens a table and plays within a second; and the door that shares the connections, by
itself."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import http.client
import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import websockets

from picnic_rules.web.door import BUSY, SOCKET, WAITING, Door

PROGRAM = "import sys; from picnic_rules.cli import main; sys.exit(main())"
ATTACKERS = [f"127.0.0.{k}" for k in range(2, 42)]
"""Forty loopback addresses (127.0.0.1 is a trusted proxy's: bounded by the totals only)."""
NEWCOMER = "127.0.0.42"
SOCKETS_EACH, WAITING_EACH = 32, 8
"""What one address may hold: ``picnic serve``'s defaults."""


def die_with_parent() -> None:
    """In the child: be killed when the test process dies (``PR_SET_PDEATHSIG``)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def picnic_serve() -> Iterator[int]:
    """``picnic serve --db memory:`` with its default limits, answering: its port."""
    port = free_port()
    command = [sys.executable, "-c", PROGRAM, "serve", "--port", str(port), "--db", "memory:"]
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=die_with_parent
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                    break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.05)
        yield port
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def call(port: int, address: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
    """One request from ``address``: the status and the JSON answer."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=10, source_address=(address, 0)
    )
    try:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        data = None if body is None else json.dumps(body)
        connection.request(method, path, data, headers)
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


class Attacker:
    """One address holding all it may: WebSockets on a table of its own and request heads
    it never finishes, opened again as the server drops them."""

    def __init__(self, port: int, address: str) -> None:
        self.port, self.address = port, address
        self.sockets: list[Any] = []
        self.heads: list[asyncio.StreamWriter] = []
        self.table = ""

    async def hold(self) -> None:
        """Open what is missing (then the caller waits and calls again)."""
        self.sockets = [s for s in self.sockets if s.state is websockets.State.OPEN]
        self.heads = [w for w in self.heads if not w.is_closing()]
        for _ in range(SOCKETS_EACH - len(self.sockets)):
            raw = socket.socket()
            raw.setblocking(False)
            raw.bind((self.address, 0))
            try:
                await asyncio.get_running_loop().sock_connect(raw, ("127.0.0.1", self.port))
                url = f"ws://127.0.0.1:{self.port}/api/games/{self.table}/live"
                self.sockets.append(await websockets.connect(url, sock=raw, open_timeout=5))
            except (OSError, websockets.WebSocketException, TimeoutError):
                raw.close()
        for _ in range(WAITING_EACH - len(self.heads)):
            try:
                _, writer = await asyncio.open_connection(
                    "127.0.0.1", self.port, local_addr=(self.address, 0)
                )
            except OSError:
                continue
            writer.write(b"GET /api/lobby HTTP/1.1\r\nHost: x\r\n")  # and never the end
            self.heads.append(writer)

    def held(self) -> int:
        return sum(s.state is websockets.State.OPEN for s in self.sockets) + sum(
            not w.is_closing() for w in self.heads
        )

    async def close(self) -> None:
        for ws in self.sockets:
            ws.transport.abort()
        for writer in self.heads:
            writer.transport.abort()


def newcomer_plays(port: int) -> float:
    """A newcomer opens a table and plays a move: the seconds it took."""
    began = time.monotonic()
    status, created = call(
        port, NEWCOMER, "POST", "/api/tables", {"game": "sandwich", "mode": "computer"}
    )
    assert status == 201, created
    url, token = f"/api/games/{created['id']}", created["seats"][0]["token"]
    status, answer = call(port, NEWCOMER, "GET", url, token=token)
    assert status == 200, answer
    move = answer["update"]["update"]["legal_moves"][0]["notation"]
    status, played = call(
        port, NEWCOMER, "POST", f"{url}/moves", {"move": move, "seen": answer["seen"]}, token
    )
    assert status == 200 and played["seen"] > answer["seen"], played
    return time.monotonic() - began


def test_forty_addresses_holding_all_they_may_cannot_shut_out_a_newcomer() -> None:
    with picnic_serve() as port:

        async def attack() -> tuple[int, list[float]]:
            attackers = [Attacker(port, address) for address in ATTACKERS]
            for attacker in attackers:  # each its own table to watch
                status, created = await asyncio.to_thread(
                    call,
                    port,
                    attacker.address,
                    "POST",
                    "/api/tables",
                    {"game": "sandwich", "mode": "computer"},
                )
                assert status == 201, created
                attacker.table = created["id"]
            for _ in range(2):  # all they may: the server then holds its most
                await asyncio.gather(*(attacker.hold() for attacker in attackers))
            held = sum(attacker.held() for attacker in attackers)
            took = []
            for _ in range(3):  # a newcomer, each time the attackers hold all they may again
                await asyncio.gather(*(attacker.hold() for attacker in attackers))
                took.append(await asyncio.to_thread(newcomer_plays, port))
            for attacker in attackers:
                await attacker.close()
            return held, took

        held, took = asyncio.run(asyncio.wait_for(attack(), 300))
    # the attack is real: the server held about all it may (1,000 connections), and once
    # the old server held 1,000 it answered everyone else 503
    assert held >= 950, held
    assert max(took) <= 1.0, took


def test_the_door_drops_the_heaviest_addresss_oldest_connection_not_the_newcomer() -> None:
    door = Door(connections=5, waiting=3, sockets=3, sockets_each=2, trusted=["10.0.0.9"])
    a = [object() for _ in range(4)]
    assert [door.enter("10.0.0.1", c) for c in a[:3]] == [[], [], []]
    assert door.enter("10.0.0.1", a[3]) == [a[0]]  # past its bound: its own oldest goes
    b = [object() for _ in range(2)]
    assert [door.enter("10.0.0.2", c) for c in b] == [[], []]
    door.mark(a[1], BUSY)  # a request under way is never dropped
    c = object()
    assert door.enter("10.0.0.3", c) == [a[2]]  # full: the heaviest's oldest, not c
    assert len(door) == 5 and door.held("10.0.0.1") == 2
    # WebSockets: three in all; at the bound the heaviest address gives its oldest up
    assert [door.mark(x, SOCKET) for x in (b[0], b[1], a[3])] == [[], [], []]
    assert door.mark(c, SOCKET) == [b[0]]
    d = object()
    assert door.enter("10.0.0.2", d) == []
    assert door.mark(d, SOCKET) == [a[3]]  # one each: the first address in order
    extra = object()
    door.enter("10.0.0.2", extra)
    assert door.mark(extra, SOCKET)  # a third socket in all: someone's goes
    assert door.held("10.0.0.2", SOCKET) <= 2
    # a trusted proxy has no bound of its own, and gives up a connection only when no
    # other address has one to give
    proxy = [object() for _ in range(5)]
    for connection in proxy:
        door.enter("10.0.0.9", connection)
    assert door.held("10.0.0.9", WAITING) == 4 and door.held("10.0.0.1") == 1  # busy a1
    assert door.enter("10.0.0.4", object()) == [proxy[1]]
    for connection in [*a, *b, c, d, extra, *proxy]:
        door.leave(connection)
    assert len(door) == 1
