"""Two ``picnic serve`` processes on one PostgreSQL database race the same move for one table,
step after step: exactly one of them accepts it each time; every answer and pushed message
either sends shows its seat no more than it may see (the web tests' checker, against the
table the database holds)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from web_live import Checker, stored  # the web tests' checker

PROGRAM = "import sys; from picnic_rules.cli import main; sys.exit(main())"
STEPS = 8


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def picnic_serve(db: str) -> Iterator[str]:
    """``picnic serve --db DB`` on a free port, answering, for the block: its address."""
    port = free_port()
    command = [sys.executable, "-c", PROGRAM, "serve", "--port", str(port), "--db", db]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/", timeout=5):
                    break
            except OSError:
                if process.poll() is not None:
                    raise AssertionError(f"picnic serve stopped: {process.communicate()}") from None
                assert time.monotonic() < deadline, "picnic serve did not answer"
                time.sleep(0.05)
        yield url
    finally:
        process.send_signal(2)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.communicate()


def race(call: Any, urls: list[str], body: Any, token: str) -> list[tuple[int, dict[str, Any]]]:
    """The same request sent to every one of ``urls`` at once: their answers."""
    results: list[tuple[int, dict[str, Any]]] = []
    barrier = threading.Barrier(len(urls))

    def send(url: str) -> None:
        barrier.wait()
        results.append(call(url, body, token))

    threads = [threading.Thread(target=send, args=(url,)) for url in urls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


class Listening:
    """Spectators' and seats' WebSockets on every server, in a thread of their own, each
    message checked as it arrives."""

    def __init__(self, checker: Checker, addresses: list[str]) -> None:
        self.checker = checker
        self.addresses = addresses
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stop: asyncio.Event | None = None
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._run(),))

    async def _run(self) -> None:
        self.stop = asyncio.Event()
        async with contextlib.AsyncExitStack() as stack:
            sockets = [
                await stack.enter_async_context(websockets.connect(address))
                for address in self.addresses
            ]
            self.ready.set()
            readers = [asyncio.ensure_future(self._read(ws)) for ws in sockets]
            await self.stop.wait()
            for reader in readers:
                reader.cancel()

    async def _read(self, ws: Any) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for message in ws:
                self.checker.check_push("/live", str(message))

    def __enter__(self) -> Listening:
        self.thread.start()
        assert self.ready.wait(20), "the live connections did not open"
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.stop is not None
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(20)
        self.loop.close()


def test_two_servers_on_one_postgresql_database_accept_each_step_once(postgres_url: str) -> None:
    checker = Checker(stored(postgres_url))
    call = checker.call
    with picnic_serve(postgres_url) as first, picnic_serve(postgres_url) as second:
        status, created = call(
            f"{first}/api/tables", {"game": "sandwich", "mode": "pass", "seed": 12}
        )
        assert status == 201
        tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
        path = f"/api/games/{created['id']}"
        live = [
            f"{server.replace('http', 'ws')}{path}/live{query}"
            for server in (first, second)
            for query in ("", f"?token={tokens[0]}", f"?token={tokens[1]}")
        ]
        raced = 0
        with Listening(checker, live):
            for _step in range(STEPS):
                status, answer = call(f"{second}{path}", token=tokens[0])
                assert status == 200, answer
                update = answer["update"]["update"]
                if update["outcome"] is not None:
                    break
                actor = update["to_move"]
                status, answer = call(f"{second}{path}", token=tokens[actor])
                seen = answer["seen"]
                move = answer["update"]["update"]["legal_moves"][0]["notation"]
                # both servers hold the table loaded at this step before the race
                assert call(f"{first}{path}", token=tokens[actor])[1]["seen"] == seen
                body = {"move": move, "seen": seen}
                results = race(
                    call,
                    [f"{server}{path}/moves" for server in (first, second)],
                    body,
                    tokens[actor],
                )
                statuses = sorted(status for status, _ in results)
                assert statuses == [200, 409], results
                loser = next(answer for status, answer in results if status == 409)
                assert loser["error"] == "stale", loser
                winner = next(answer for status, answer in results if status == 200)
                raced += 1
                # both servers now agree on the table
                for server in (first, second):
                    assert call(f"{server}{path}", token=tokens[actor])[1]["seen"] == winner["seen"]
        assert raced == STEPS
    # every answer with a document was checked, and the pushes of every move to every socket
    assert checker.leaks == []
    assert checker.documents >= 4 * STEPS + STEPS and checker.pushes >= 6 + 3 * (STEPS - 1)
