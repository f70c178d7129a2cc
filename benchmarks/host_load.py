"""Load on the web host: many tables at once, scripted players over HTTP and WebSocket.

Starts ``--servers`` ``picnic serve`` processes on one database (``--db``: an SQLite file,
a PostgreSQL URL, or ``memory:`` for one server), opens ``--tables`` invite tables of
sandwich spread over them, and gives each table two scripted players, each with its own
keep-alive HTTP connection, its own WebSocket and its own client address (sent as
``X-Forwarded-For``, which uvicorn trusts from 127.0.0.1, so the per-address limits apply
to each player as to a real one). The player to act sends its first legal move; the other
player's WebSocket (opened with ``since``) brings it its new update, or with ``--push
seen`` only the table's new move count, after which it fetches its update. A table's two
players use the same server (a proxy routing by table id does the same), or with
``--routing random`` every request and every WebSocket goes to one of the servers at
random (no fixed routing: a move's push must cross servers); a table whose game ends is
replaced by a new one.

Prints, for the measured ``--seconds``:

- **moves/s**: the players' moves accepted per second, all tables together (each
  answered after it was stored; chance's draws come on top);
- **p50 / p99 ms**: from sending a move to the moment both seats hold their new
  update (the mover's answer, and the other seat's push, plus its fetch with ``--push
  seen``);
- **MB/table**: the servers' resident memory grown per open table;
- **CPU ms/move**: the servers' CPU time per move (both seats' updates included): the
  figure a busy machine blurs least; and the scripted players' own (they share the
  machine with the servers);
- **seats lost**: seats whose credential a server refused (401), during the run or when
  every seat asks every server at its end: must be 0.

``--rate R`` paces each table to R moves a second; ``--rate 0`` plays as fast as the
server answers (saturation); ``--parser h11 --loop asyncio`` runs the servers on
uvicorn's pure-Python parser and asyncio's loop even where httptools and uvloop are
installed::

    python benchmarks/host_load.py --db /tmp/load.db --tables 200 --rate 1
    python benchmarks/host_load.py --db /tmp/load.db --tables 200 --rate 0 --servers 2
    python benchmarks/host_load.py --db postgresql+psycopg://picnic@127.0.0.1:5432/postgres ...
    python benchmarks/host_load.py --db postgresql+psycopg://... --servers 2 --rate 0 \
        --tables 100 --routing random
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import websockets

PROGRAM = "import sys; from picnic_rules.cli import main; sys.exit(main())"

VARIANT = """
import sys
from picnic_rules.cli.serve import database_url
from picnic_rules.host import Host, open_store
from picnic_rules.web import Settings, create_app, listen, server

port, db, parser, loop = int(sys.argv[3]), sys.argv[5], sys.argv[6], sys.argv[7]
sock = listen("127.0.0.1", port)
app = create_app(Host(open_store(database_url(db))))
try:
    server(app, Settings(http=parser), loop=loop).run(sockets=[sock])
except KeyboardInterrupt:
    pass
"""
"""``picnic serve`` with a chosen HTTP parser and event loop (``--parser``, ``--loop``)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def die_with_parent() -> None:
    """In a server's process, before ``exec``: be killed when the benchmark dies, however it
    dies (Linux's ``PR_SET_PDEATHSIG``; elsewhere nothing)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid``, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@contextlib.contextmanager
def servers(
    count: int, db: str, parser: str = "auto", loop: str = "auto"
) -> Iterator[list[tuple[int, subprocess.Popen[bytes]]]]:
    """``count`` ``picnic serve`` processes on ``db``, answering: (port, process) each
    (with uvicorn's ``parser`` and ``loop``, if either is not ``auto``)."""
    started = []
    try:
        for _ in range(count):
            port = free_port()
            command = [sys.executable, "-c", PROGRAM, "serve", "--port", str(port), "--db", db]
            if (parser, loop) != ("auto", "auto"):
                command = [sys.executable, "-c", VARIANT, *command[3:], parser, loop]
            started.append(
                (
                    port,
                    subprocess.Popen(
                        command, stdout=subprocess.DEVNULL, preexec_fn=die_with_parent
                    ),
                )
            )
        for port, process in started:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                        break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("picnic serve did not start") from None
                    time.sleep(0.05)
        yield started
    finally:
        for _port, process in started:
            process.send_signal(2)
        for _port, process in started:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


class Http:
    """One keep-alive HTTP/1.1 connection of one player (its own client address)."""

    def __init__(self, port: int, address: str) -> None:
        self.port = port
        self.address = address
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        for attempt in range(2):
            try:
                return await asyncio.wait_for(self._request(method, path, body, token), 20)
            except (ConnectionError, asyncio.IncompleteReadError, ValueError, TimeoutError):
                if self.writer is not None:
                    self.writer.transport.abort()
                self.writer = None  # closed by the server (idle): open a new one
                if attempt:
                    raise AssertionError(f"no answer to {method} {path}") from None
        raise AssertionError("unreachable")

    async def _request(
        self, method: str, path: str, body: Any, token: str | None
    ) -> tuple[int, Any]:
        if self.writer is None or self.reader is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        data = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"X-Forwarded-For: {self.address}\r\nContent-Length: {len(data)}\r\n"
        )
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return status, json.loads(await self.reader.readexactly(length))


class Seat:
    """One scripted player: its credential, its HTTP connections (one per server it asks),
    its WebSocket's news. With ``ports``, each request and each WebSocket goes to one of
    them at random; else all go to ``port``."""

    def __init__(
        self, port: int, address: str, push: str = "update", ports: list[int] | None = None
    ) -> None:
        self.port = port
        self.ports = ports or [port]
        self.push = push
        self.https = {each: Http(each, address) for each in self.ports}
        self.lost = 0  # answers 401: the server no longer knows the seat
        self.address = address
        self.token = ""
        self.seen = 0
        self.update: Any = None
        self.pushed = 0
        self.news = asyncio.Event()
        self.socket: Any = None
        self.listening: asyncio.Task[None] | None = None

    @property
    def http(self) -> Http:
        """The connection to the server this request goes to."""
        return self.https[random.choice(self.ports)]

    async def listen(self, table: str) -> None:
        port = random.choice(self.ports)
        url = f"ws://127.0.0.1:{port}/api/games/{table}/live?token={self.token}"
        if self.push == "update":
            url += f"&since={self.seen}"  # the seat's updates are pushed
        self.socket = await websockets.connect(
            url, additional_headers={"X-Forwarded-For": self.address}
        )
        try:
            first = json.loads(await asyncio.wait_for(self.socket.recv(), 20))
        except TimeoutError:
            raise AssertionError(f"no first message on {url}") from None
        self.take(first)

        async def read() -> None:
            with contextlib.suppress(websockets.ConnectionClosed):
                async for message in self.socket:
                    self.take(json.loads(message))
                    self.news.set()

        self.listening = asyncio.create_task(read())

    def take(self, message: Any) -> None:
        """A pushed message: the seat's new update (taken if it follows what the seat
        holds), or the table's move count alone (the seat then fetches)."""
        if "update" in message and message["since"] == self.seen:
            self.seen, self.update = message["seen"], message["update"]["update"]
        self.pushed = message["seen"]

    async def fetch(self, table: str) -> None:
        status, answer = await self.http.request(
            "GET", f"/api/games/{table}?since={self.seen}", token=self.token
        )
        self.lost += status == 401
        assert status == 200, answer
        self.seen, self.update = answer["seen"], answer["update"]["update"]

    async def close(self) -> None:
        if self.listening is not None:
            self.listening.cancel()
        if self.socket is not None:
            await self.socket.close()

    async def known(self, table: str) -> bool:
        """Whether every server still knows the seat's credential (a 401 is a seat lost)."""
        for http in self.https.values():
            status, _ = await http.request("GET", f"/api/games/{table}", token=self.token)
            if status == 401:
                return False
        return True


class Stats:
    def __init__(self) -> None:
        self.seats: list[Seat] = []
        self.moves = 0
        self.latencies: list[float] = []
        self.tables = 0
        self.measuring = False
        self.seconds = 0.0
        self.cpu = 0.0
        self.client_cpu = 0.0
        self.lost = 0
        self.failed = 0
        self.stopped = False


played: list[tuple[str, list[str]]] = []
"""Every table opened, with its seats' credentials (checked at the end: no seat lost)."""


async def open_table(seats: list[Seat]) -> str:
    status, created = await seats[0].http.request(
        "POST", "/api/tables", {"game": "sandwich", "mode": "invite", "seed": None}
    )
    assert status == 201, created
    table: str = created["id"]
    seats[0].token = created["seats"][0]["token"]
    status, joined = await seats[1].http.request(
        "POST", f"/api/games/{table}/join", {"invite": created["invites"][0]["invite"]}
    )
    assert status == 200, joined
    seats[1].token = joined["token"]
    played.append((table, [seats[0].token, seats[1].token]))
    for seat in seats:
        seat.seen = 0
        await seat.fetch(table)
        await seat.listen(table)
    return table


async def play_table(
    port: int,
    number: int,
    rate: float,
    stop: float,
    stats: Stats,
    ready: asyncio.Event,
    push: str = "update",
    ports: list[int] | None = None,
) -> None:
    seats = [Seat(port, f"10.{number // 250}.{number % 250}.{k + 1}", push, ports) for k in (0, 1)]
    stats.seats.extend(seats)
    table = await open_table(seats)
    stats.tables += 1
    ready.set()
    pause = 1.0 / rate if rate else 0.0
    next_at = time.monotonic() + pause * (number % 97) / 97
    while time.monotonic() < stop and not stats.stopped:
        if seats[0].update["outcome"] is not None:
            for seat in seats:
                await seat.close()
            table = await open_table(seats)
            continue
        if pause:
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            next_at += pause
        actor = seats[seats[0].update["to_move"]]
        other = seats[1 - seats.index(actor)]
        move = actor.update["legal_moves"][0]["notation"]
        other.news.clear()
        sent = time.monotonic()
        status, answer = await actor.http.request(
            "POST", f"/api/games/{table}/moves", {"move": move, "seen": actor.seen}, actor.token
        )
        actor.lost += status == 401
        assert status == 200, answer
        actor.seen, actor.update = answer["seen"], answer["update"]["update"]
        while other.seen < actor.seen:  # until the other seat holds its new update
            if other.pushed >= actor.seen:
                await other.fetch(table)  # told the move count alone: fetch
            else:
                await asyncio.wait_for(other.news.wait(), 10)
                other.news.clear()
        if stats.measuring:
            stats.moves += 1
            stats.latencies.append(time.monotonic() - sent)
    for seat in seats:
        await seat.close()


async def run(args: argparse.Namespace, ports: list[int]) -> tuple[Stats, list[asyncio.Task[None]]]:
    stats = Stats()
    stop = time.monotonic() + 3600
    ready = [asyncio.Event() for _ in range(args.tables)]
    tasks = []
    for number in range(args.tables):
        port = ports[number % len(ports)]
        routed = ports if args.routing == "random" else None
        tasks.append(
            asyncio.create_task(
                play_table(port, number, args.rate, stop, stats, ready[number], args.push, routed)
            )
        )
        if number % 20 == 19:
            await asyncio.sleep(0.05)
    waiting = [asyncio.create_task(event.wait()) for event in ready]
    while waiting:
        done, _ = await asyncio.wait([*tasks, *waiting], return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            if task in tasks:
                raise SystemExit(f"a table failed: {task.exception()!r}")
        waiting = [task for task in waiting if not task.done()]
    return stats, tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="memory:", help="SQLite file, SQLAlchemy URL or memory:")
    parser.add_argument("--servers", type=int, default=1, help="picnic serve processes")
    parser.add_argument("--tables", type=int, default=200, help="tables played at once")
    parser.add_argument(
        "--rate", type=float, default=1.0, help="moves a second per table (0: flat out)"
    )
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to measure")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument(
        "--parser",
        choices=["auto", "h11", "httptools"],
        default="auto",
        help="the servers' HTTP parser (auto: httptools if installed)",
    )
    parser.add_argument(
        "--loop",
        choices=["auto", "asyncio", "uvloop"],
        default="auto",
        help="the servers' event loop (auto: uvloop if installed)",
    )
    parser.add_argument(
        "--routing",
        choices=["table", "random"],
        default="table",
        help="which server a request goes to: the table's own, or any at random",
    )
    parser.add_argument(
        "--push",
        choices=["update", "seen"],
        default="update",
        help="what the other seat's WebSocket brings: its update, or the move count "
        "(then it fetches its update)",
    )
    args = parser.parse_args()
    if args.db != "memory:" and "://" not in args.db:
        for suffix in ("", "-wal", "-shm"):  # a fresh file, without an old file's log
            Path(args.db + suffix).unlink(missing_ok=True)
    with servers(args.servers, args.db, args.parser, args.loop) as started:
        before = sum(rss_mb(process.pid) for _port, process in started)

        async def measure() -> tuple[Stats, float]:
            stats, tasks = await run(args, [port for port, _ in started])
            grown = sum(rss_mb(process.pid) for _port, process in started) - before
            await asyncio.sleep(args.warmup)
            pids = [process.pid for _port, process in started]
            cpu = sum(cpu_seconds(pid) for pid in pids)
            own = time.process_time()
            stats.measuring = True
            began = time.monotonic()
            await asyncio.sleep(args.seconds)
            stats.measuring = False
            took = time.monotonic() - began
            stats.cpu = sum(cpu_seconds(pid) for pid in pids) - cpu
            stats.client_cpu = time.process_time() - own
            stats.stopped = True  # (a cancel can be lost in asyncio.wait_for before 3.12)
            for task in tasks:
                task.cancel()
            failed = [
                result
                for result in await asyncio.gather(*tasks, return_exceptions=True)
                if isinstance(result, BaseException)
                and not isinstance(result, asyncio.CancelledError)
            ]
            stats.failed = len(failed)
            # no seat lost: every seat of every table opened asks every server
            ports = [port for port, _ in started]
            for number, (table, tokens) in enumerate(played):
                address = f"10.254.{number // 250}.{number % 250}"  # its own request budget
                checker = Seat(ports[0], address, ports=ports)
                for token in tokens:
                    checker.token = token
                    stats.lost += not await checker.known(table)
            stats.lost += sum(seat.lost for seat in stats.seats)
            for seat in stats.seats:  # every connection dropped before the servers stop
                if seat.listening is not None:
                    seat.listening.cancel()
                if seat.socket is not None:
                    seat.socket.transport.abort()
                if seat.http.writer is not None:
                    seat.http.writer.transport.abort()
            stats.seconds = took
            return stats, grown

        async def bounded() -> tuple[Stats, float]:
            # A load run stops by itself: a table that never gets going or a connection
            # that never answers ends the run with a message instead of a hang.
            limit = args.warmup + args.seconds + 120 + args.tables * 0.5
            try:
                return await asyncio.wait_for(measure(), limit)
            except TimeoutError:
                raise SystemExit(f"the load run did not finish in {limit:.0f} s") from None

        stats, grown = asyncio.run(bounded())
    latencies = sorted(stats.latencies)
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000 if latencies else float("nan")
    where = "memory" if args.db == "memory:" else args.db.split(":", 1)[0].split("+")[0]
    where = "sqlite" if "://" not in args.db and args.db != "memory:" else where
    print(
        f"{where}, {args.servers} server(s), {args.tables} tables, rate "
        f"{args.rate or 'flat out'}, push {args.push}, routing {args.routing}: "
        f"{stats.moves / stats.seconds:.0f} moves/s, seats lost {stats.lost}, "
        f"tables failed {stats.failed}, "
        f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, {grown / args.tables:.3f} MB/table, "
        f"servers' CPU {stats.cpu / max(stats.moves, 1) * 1000:.2f} ms/move, "
        f"players' {stats.client_cpu / max(stats.moves, 1) * 1000:.2f} "
        f"({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
