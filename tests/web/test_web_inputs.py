"""Every input refused cleanly over real HTTP (issue 38): text that is not Unicode, a label
the host cannot keep, and request heads over the limit with either HTTP parser ``picnic
serve`` may pick -- never a 500, never a head read whole."""

from __future__ import annotations

import json
import socket
import time
from typing import Any

import pytest
from test_web_api import call
from web_live import Live, serving

from picnic_rules.web import Settings

PARSERS = ["h11", "httptools"]
"""Both parsers ``picnic serve`` may pick (``auto`` takes httptools, installed with the web
extra)."""


def test_a_name_that_is_not_unicode_is_refused_and_never_a_500(live: Live) -> None:
    # JSON's "\ud800" is a lone surrogate: no UTF-8 answer could hold it
    raw = b'{"game": "sandwich", "seats": ["person", "computer"], "names": ["\\ud800"]}'
    status, answer = call(f"{live.url}/api/tables", raw=raw)
    assert (status, answer["error"]) == (400, "text"), answer
    assert "not Unicode" in answer["reason"]
    # composed before it is stored: one name is always stored alike
    body = {"game": "sandwich", "seats": ["person", "computer"], "names": ["Zoe\u0301"]}
    status, opened = call(f"{live.url}/api/tables", body)
    assert status == 201
    status, seating = call(f"{live.url}/api/tables/{opened['id']}")
    assert status == 200 and seating["seats"][0]["name"] == "Zo\u00e9"


def test_a_table_stored_with_a_lone_surrogate_still_answers(live: Live) -> None:
    # a table stored before names were checked (the names label is JSON text, escaped)
    opened = live.host.open(
        "sandwich",
        agents={1: "computer"},
        meta={"mode": "table", "seats": "person,computer", "names": '["\\ud800"]'},
    )
    for _ in range(2):  # the old server answered 500 every time
        status, seating = call(f"{live.url}/api/tables/{opened.table_id}")
        assert status == 200 and seating["seats"][0]["name"] == "?"


def test_text_that_is_not_unicode_is_a_400_wherever_it_is_sent(live: Live) -> None:
    status, created = call(
        f"{live.url}/api/tables", {"game": "sandwich", "mode": "computer", "seed": 1}
    )
    url, token = f"{live.url}/api/games/{created['id']}", created["seats"][0]["token"]
    for path, raw in [
        ("/moves", b'{"move": "discard \\ud800", "seen": 5}'),
        ("/chance", b'{"outcome": "\\udfff", "seen": 5}'),
        ("/join", b'{"invite": "\\ud800"}'),
        ("/undo", b'{"seen": 5, "\\ud800": 1}'),
    ]:
        status, answer = call(url + path, raw=raw, token=token)
        assert (status, answer["error"]) == (400, "text"), (path, answer)
    assert live.host.version(created["id"]) == 5


def head_answer(port: int, head: bytes, chunk: int = 65536) -> bytes:
    """Send ``head`` (in pieces of ``chunk`` bytes) and return what the server answers
    before it closes (it may close before the head is all sent)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        try:
            for start in range(0, len(head), chunk):
                sock.sendall(head[start : start + chunk])
        except OSError:  # closed while we sent: its answer is still there to read
            pass
        received = b""
        try:
            while True:
                part = sock.recv(65536)
                if not part:
                    break
                received += part
                if b"\r\n\r\n" in received and b"connection: close" not in received.lower():
                    break
        except OSError:
            pass
        return received


@pytest.mark.parametrize("parser", PARSERS)
def test_a_request_head_over_16_kib_is_refused_with_either_parser(parser: str) -> None:
    with serving(settings=Settings(http=parser)) as server:
        port = int(server.url.rsplit(":", 1)[1])
        start = b"GET /api/lobby HTTP/1.1\r\nHost: x\r\n"
        heads = {
            "one long header": start + b"X-Big: " + b"a" * 20_000 + b"\r\n\r\n",
            "2 MB of headers": start + b"X-Big: a\r\n" * 200_000 + b"\r\n",
            "100,000 header lines": start + b"A:\r\n" * 100_000 + b"\r\n",
            "a long path": b"GET /" + b"p" * 20_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        }
        for what, head in heads.items():
            answer = head_answer(port, head)
            assert answer.startswith(b"HTTP/1.1 431 "), (what, answer[:100])
            body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
            assert body == {"error": "head", "reason": "a request head is at most 16384 bytes"}
        # a head of 15 KiB in one piece and one sent a byte at a time are served
        fine = start + b"X-Big: " + b"a" * 15_000 + b"\r\n\r\n"
        assert head_answer(port, fine).startswith(b"HTTP/1.1 200 ")
        assert head_answer(port, start + b"\r\n", chunk=1).startswith(b"HTTP/1.1 200 ")
        # and on a kept-alive connection the limit is counted again for every head
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            for _ in range(3):
                sock.sendall(fine)
                received = b""
                while b'"games"' not in received:
                    received += sock.recv(65536)
                assert received.startswith(b"HTTP/1.1 200 ")
                time.sleep(0.01)


def test_names_in_the_seating_are_what_was_sent(live: Live) -> None:
    body: dict[str, Any] = {
        "game": "sandwich",
        "seats": ["person", "computer"],
        "names": ["Ann \U0001f600"],
    }
    status, opened = call(f"{live.url}/api/tables", body)
    assert status == 201
    assert call(f"{live.url}/api/tables/{opened['id']}")[1]["seats"][0]["name"] == "Ann \U0001f600"
