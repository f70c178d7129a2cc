"""Two ``picnic serve`` processes on one PostgreSQL database race the same move for one table,
step after step: exactly one of them accepts it each time."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

PROGRAM = "import sys; from picnic_rules.cli import main; sys.exit(main())"
STEPS = 8


def call(url: str, body: Any = None, token: str | None = None) -> tuple[int, dict[str, Any]]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if data is None else "POST")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


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


def race(urls: list[str], body: Any, token: str) -> list[tuple[int, dict[str, Any]]]:
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


def test_two_servers_on_one_postgresql_database_accept_each_step_once(postgres_url: str) -> None:
    with picnic_serve(postgres_url) as first, picnic_serve(postgres_url) as second:
        status, created = call(f"{first}/api/games", {"mode": "pass", "seed": 12})
        assert status == 201
        tokens = {seat["seat"]: seat["token"] for seat in created["seats"]}
        path = f"/api/games/{created['id']}"
        raced = 0
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
                [f"{server}{path}/moves" for server in (first, second)], body, tokens[actor]
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
