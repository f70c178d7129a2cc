"""Any routing of requests to servers works (issue 38): two ``picnic serve`` processes on one
PostgreSQL database, every request and every live connection sent to one of them at
random, 50 invite tables played to the end -- no seat lost, no move lost or doubled, and
every seat pushed every other seat's move within a second, whichever server it came
through."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import websockets

from picnic_rules import CHANCE, GAMES
from picnic_rules.host import Saved
from picnic_rules.host.sql import SqlStore

PROGRAM = "import sys; from picnic_rules.cli import main; sys.exit(main())"
GAME = GAMES["sandwich"]
OPEN = {"game": "sandwich", "seats": ["person", "open"], "variant": "short-limit", "listed": False}
"""A sandwich table with seat 1 open to an invite, played to a short limit (13 moves a seat
or so, not 90: the test plays many tables)."""
TABLES = 50
"""Invite tables played to the end."""
AT_ONCE = 25
"""Tables played at the same time."""
PUSHED_WITHIN = 1.0
"""Seconds within which a seat must be pushed another seat's move."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def die_with_parent() -> None:
    """In the child, before ``exec``: be killed when the test process dies, however it dies
    (Linux's ``PR_SET_PDEATHSIG``), so no server outlives the tests."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


@contextlib.contextmanager
def picnic_serves(db: str, count: int) -> Iterator[list[str]]:
    """``count`` ``picnic serve`` processes on ``db``, answering: their addresses."""
    started: list[tuple[str, subprocess.Popen[bytes], Any]] = []
    with contextlib.ExitStack() as logs:
        try:
            for _ in range(count):
                port = free_port()
                command = [sys.executable, "-c", PROGRAM, "serve", "--port", str(port)]
                log = logs.enter_context(tempfile.TemporaryFile())
                process = subprocess.Popen(
                    [*command, "--db", db], stdout=log, stderr=log, preexec_fn=die_with_parent
                )
                started.append((f"127.0.0.1:{port}", process, log))
            for address, process, log in started:
                wait_for(address, process, log)
            yield [address for address, _, _ in started]
        finally:
            for _, process, _ in started:
                process.send_signal(signal.SIGINT)
            for _, process, _ in started:
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def wait_for(address: str, process: subprocess.Popen[bytes], log: Any) -> None:
    """Wait until the server at ``address`` answers; fail with its output if it stops."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://{address}/", timeout=5):
                return
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            log.seek(0)
            raise AssertionError(f"picnic serve did not start: {log.read()!r}")
        time.sleep(0.05)


async def request(
    address: str,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    client: str = "10.0.0.1",
) -> tuple[int, Any]:
    """One HTTP request on a connection of its own, from the client address ``client``
    (``X-Forwarded-For``, trusted from 127.0.0.1 as from a proxy: each player has its
    own, as on the internet): the status and the JSON answer."""
    host, port = address.split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    try:
        data = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Length: {len(data)}\r\n"
            f"X-Forwarded-For: {client}\r\n"
        )
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        writer.write(head.encode() + b"Connection: close\r\n\r\n" + data)
        status = int((await reader.readline()).split()[1])
        length = 0
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return status, json.loads(await reader.readexactly(length))
    finally:
        writer.close()


class Seat:
    """One person's seat: its credential, its newest update and what its live connection
    (to a server picked at random) pushed."""

    def __init__(self, table: str, token: str, client: str) -> None:
        self.table, self.token, self.client = table, token, client
        self.seen = 0
        self.update: Any = None
        self.pushed = 0
        self.news = asyncio.Event()
        self.refused: list[tuple[int, Any]] = []  # answers other than 200 to this seat
        self.socket: Any = None
        self.reading: asyncio.Task[None] | None = None

    async def fetch(self, address: str) -> None:
        path = f"/api/games/{self.table}?since={self.seen}"
        status, answer = await request(address, "GET", path, token=self.token, client=self.client)
        if status != 200:
            self.refused.append((status, answer))
            return
        self.seen, self.update = answer["seen"], answer["update"]["update"]

    async def connect(self, address: str) -> None:
        url = f"ws://{address}/api/games/{self.table}/live?token={self.token}&since={self.seen}"
        self.socket = await websockets.connect(
            url, additional_headers={"X-Forwarded-For": self.client}
        )
        self.take(json.loads(await asyncio.wait_for(self.socket.recv(), 20)))

        async def read() -> None:
            with contextlib.suppress(websockets.ConnectionClosed):
                async for message in self.socket:
                    self.take(json.loads(message))

        self.reading = asyncio.create_task(read())

    def take(self, message: Any) -> None:
        if "update" in message and message["since"] == self.seen:
            self.seen, self.update = message["seen"], message["update"]["update"]
        self.pushed = max(self.pushed, message["seen"])
        self.news.set()

    async def close(self) -> None:
        if self.reading is not None:
            self.reading.cancel()
        if self.socket is not None:
            await self.socket.close()


class Played:
    """What the players saw: every move acknowledged, every push's delay, every refusal."""

    def __init__(self) -> None:
        self.moves: dict[str, list[tuple[int, int, str]]] = {}  # table: (seen, seat, move)
        self.delays: list[float] = []
        self.seats: dict[str, list[str]] = {}
        self.failures: list[str] = []
        self.late = 0.0  # the most this client's own event loop woke late (the machine's load)


async def play_table(number: int, addresses: list[str], played: Played) -> None:
    rng = random.Random(number)

    def anywhere() -> str:
        return rng.choice(addresses)

    clients = [f"10.1.{number}.1", f"10.1.{number}.2"]
    status, created = await request(anywhere(), "POST", "/api/tables", OPEN, client=clients[0])
    assert status == 201, created
    table = created["id"]
    invite = {"invite": created["invites"][0]["invite"]}
    path = f"/api/games/{table}/join"
    status, joined = await request(anywhere(), "POST", path, invite, client=clients[1])
    assert status == 200, joined
    seats = [
        Seat(table, created["seats"][0]["token"], clients[0]),
        Seat(table, joined["token"], clients[1]),
    ]
    played.seats[table] = [seat.token for seat in seats]
    played.moves[table] = []
    for seat in seats:
        await seat.fetch(anywhere())
        await seat.connect(anywhere())
    try:
        while True:
            for seat in seats:  # both hold the table's newest update
                while seat.seen < max(s.seen for s in seats) or seat.update is None:
                    await seat.fetch(anywhere())
                    if seat.refused:
                        played.failures.append(f"{table}: seat refused {seat.refused}")
                        return
            update = seats[0].update
            if update["outcome"] is not None:
                return
            actor = seats[update["to_move"]]
            other = seats[1 - seats.index(actor)]
            move = rng.choice(actor.update["legal_moves"])["notation"]
            seen = actor.seen  # (its live connection may bring news while it waits)
            other.news.clear()
            status, answer = await request(
                anywhere(),
                "POST",
                f"/api/games/{table}/moves",
                {"move": move, "seen": seen},
                actor.token,
                actor.client,
            )
            if status != 200:
                played.failures.append(f"{table}: move {move!r} at {seen}: {answer}")
                return
            acknowledged = time.monotonic()
            played.moves[table].append((seen, seats.index(actor), move))
            actor.seen, actor.update = answer["seen"], answer["update"]["update"]
            while other.pushed < actor.seen:  # the other seat hears of it
                try:
                    await asyncio.wait_for(other.news.wait(), 10)
                except TimeoutError:
                    played.failures.append(f"{table}: no push of the move at {actor.seen}")
                    return
                other.news.clear()
            played.delays.append(time.monotonic() - acknowledged)
    finally:
        for seat in seats:
            await seat.close()


async def play_all(addresses: list[str]) -> Played:
    played = Played()
    limit = asyncio.Semaphore(AT_ONCE)

    async def one(number: int) -> None:
        async with limit:
            await play_table(number, addresses, played)

    async def watch_the_clock() -> None:
        """How late this process's loop wakes: time the servers did not spend."""
        while True:
            asked = time.monotonic()
            await asyncio.sleep(0.05)
            played.late = max(played.late, time.monotonic() - asked - 0.05)

    watch = asyncio.create_task(watch_the_clock())
    try:
        await asyncio.wait_for(asyncio.gather(*(one(n) for n in range(TABLES))), 900)
    finally:
        watch.cancel()
    return played


async def seat_of(address: str, table: str, token: str, client: str) -> int:
    status, answer = await request(
        address, "GET", f"/api/games/{table}", token=token, client=client
    )
    assert status == 200, (address, table, answer)
    seat: int = answer["update"]["update"]["seat"]
    return seat


def test_two_servers_routed_at_random_lose_no_seat_and_no_move(postgres_url: str) -> None:
    with picnic_serves(postgres_url, 2) as addresses:
        played = asyncio.run(play_all(addresses))
        assert played.failures == []
        # no seat lost: every seat's credential is its seat's on both servers
        for number, (table, tokens) in enumerate(played.seats.items()):
            for address in addresses:
                for seat, token in enumerate(tokens):
                    client = f"10.2.{number}.{seat + 1}"
                    assert asyncio.run(seat_of(address, table, token, client)) == seat
    store = SqlStore(postgres_url)
    try:
        assert len(played.moves) == TABLES
        for table, moves in played.moves.items():
            saved = Saved.loads(store.load(table)[0])  # type: ignore[index]
            assert saved.record.outcome is not None, "played to the end"
            assert sorted(saved.credentials) == [0, 1]
            # no move lost or doubled: the record's seats' moves are exactly the moves
            # acknowledged, each where it was made, by its seat (the rest are chance's)
            acknowledged = {seen: (seat, move) for seen, seat, move in moves}
            assert len(acknowledged) == len(moves)
            state = GAME.new_game(saved.record.players, saved.record.rules)
            for index, move in enumerate(saved.record.moves):
                actor = GAME.to_move(state)
                if actor is CHANCE:
                    assert index not in acknowledged
                else:
                    assert acknowledged.pop(index) == (actor, str(move))
                state = GAME.apply(state, move)
            assert acknowledged == {}
        delays = sorted(played.delays)
        assert len(delays) >= TABLES * 5
        # within a second, less the time this client itself was kept waiting by the machine
        # (two servers, PostgreSQL and the test share two cores with other tests)
        late = played.late
        assert delays[-1] <= PUSHED_WITHIN + late, f"pushed after {delays[-1]:.2f} s ({late=:.2f})"
        assert delays[len(delays) * 99 // 100] <= PUSHED_WITHIN
    finally:
        store.engine.dispose()
