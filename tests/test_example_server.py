"""The front-end guide's example HTTP server, driven over real HTTP."""

from __future__ import annotations

import contextlib
import http.client
import importlib.util
import json
import random
import socket
import struct
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from picnic_rules import GAMES, codec

PATH = Path(__file__).resolve().parents[1] / "examples" / "http_server.py"
spec = importlib.util.spec_from_file_location("http_server_example", PATH)
assert spec is not None and spec.loader is not None
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)

GAME = GAMES["sandwich"]


@contextlib.contextmanager
def serving(**limits: Any) -> Iterator[str]:
    seeds = iter(range(100))
    server = example.Server(("127.0.0.1", 0), lambda: random.Random(next(seeds)), **limits)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def base() -> Iterator[str]:
    with serving() as url:
        yield url


def call(url: str, body: Any = None, token: str | None = None, raw: bytes | None = None):
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if data is None else "POST")
    if token is not None:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def send(url: str, method: str, headers: dict[str, bytes], body: bytes = b""):
    """A request written by hand: headers urllib would not send."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.netloc, timeout=10)
    try:
        connection.putrequest(method, parts.path, skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def new_game(base: str) -> tuple[str, list[str]]:
    status, answer = call(f"{base}/games", {"game": "sandwich", "players": 2})
    assert status == 201, answer
    return answer["id"], [seat["token"] for seat in answer["seats"]]


def play_out(url: str, tokens: list[str]) -> int:
    """Play a whole game as two clients that keep their views from observations alone."""
    views = {seat: GAME.view(GAME.new_game(2), seat) for seat in (0, 1)}
    documents = {seat: call(f"{url}?since=0", token=tokens[seat])[1] for seat in (0, 1)}
    for turns in range(2000):
        updates = {}
        for seat, document in documents.items():
            updates[seat] = update = codec.decode(document["update"], "update", GAME)
            for item in update.observations:
                assert item.description == GAME.describe(views[seat], item.observation)
                views[seat] = GAME.update(views[seat], item.observation)
            assert views[seat] == update.view
        if updates[0].outcome is not None:
            assert updates[1].outcome == updates[0].outcome
            return turns
        actor = updates[0].to_move
        assert updates[1 - actor].legal_moves == ()
        move = updates[actor].legal_moves[-1].notation
        seen = {seat: document["seen"] for seat, document in documents.items()}
        status, answer = call(f"{url}/moves", {"move": move, "seen": seen[actor]}, tokens[actor])
        assert status == 200, answer
        documents[actor] = answer
        documents[1 - actor] = call(f"{url}?since={seen[1 - actor]}", token=tokens[1 - actor])[1]
    pytest.fail("the game did not end")


def test_two_seats_play_a_whole_game_over_http(base: str) -> None:
    game_id, tokens = new_game(base)
    assert play_out(f"{base}/games/{game_id}", tokens) > 5


def test_no_answer_to_a_seat_holds_the_other_hand_or_the_draw_pile(base: str) -> None:
    game_id, tokens = new_game(base)
    status, answer = call(f"{base}/games/{game_id}", token=tokens[1])
    assert status == 200
    text = json.dumps(answer)
    assert '"hands"' not in text and '"draw_pile"' not in text
    assert '"hand_sizes"' in text


def observations(answer: dict[str, Any]) -> list[Any]:
    return answer["update"]["update"]["observations"]


def test_a_get_consumes_nothing_and_since_skips_what_the_client_has(base: str) -> None:
    game_id, tokens = new_game(base)
    url = f"{base}/games/{game_id}"
    first, again = call(url, token=tokens[1])[1], call(f"{url}?since=0", token=tokens[1])[1]
    assert first == again  # a lost answer loses nothing
    count = first["seen"]
    assert len(observations(first)) == count == 5  # the deal, as seat 1 saw it
    words = [item["description"] for item in observations(first)]
    assert words[0] == "seat 0 is dealt a card" and words[1].startswith("you are dealt a ")
    assert observations(call(f"{url}?since={count}", token=tokens[1])[1]) == []
    assert observations(call(f"{url}?since=3", token=tokens[1])[1]) == observations(first)[3:]
    actor = first["update"]["update"]["to_move"]
    before = call(url, token=tokens[actor])[1]
    move = before["update"]["update"]["legal_moves"][-1]["notation"]
    status, answer = call(f"{url}/moves", {"move": move, "seen": count}, tokens[actor])
    assert status == 200 and answer["seen"] > count
    newer = call(f"{url}?since={count}", token=tokens[actor])[1]
    assert observations(answer) == observations(newer) != []  # what came after `seen`
    whole = call(url, token=tokens[actor])[1]
    assert observations(whole) == observations(before) + observations(newer)


@pytest.mark.parametrize("since", ["6", "-1", "x", "1.0", "", "99999999999"])
def test_a_since_that_is_not_a_count_of_observations_is_a_400(base: str, since: str) -> None:
    game_id, tokens = new_game(base)
    status, answer = call(f"{base}/games/{game_id}?since={since}", token=tokens[0])
    assert status == 400 and "since" in answer["reason"], answer
    status, answer = call(f"{base}/games/{game_id}?since=1&since=2", token=tokens[0])
    assert status == 400


def test_one_seat_cannot_move_for_another_and_nothing_changes(base: str) -> None:
    game_id, tokens = new_game(base)
    url = f"{base}/games/{game_id}"
    before = call(url, token=tokens[0])[1]
    actor = before["update"]["update"]["to_move"]
    other = 1 - actor
    status, answer = call(f"{url}/moves", {"move": "end"}, tokens[other])
    assert status == 409 and answer["error"] == "out-of-turn"
    assert answer["reason"] == f"seat {other} may not move now: seat {actor} is to act"
    assert call(url, token=tokens[0])[1] == before


@pytest.mark.parametrize(
    ("body", "raw", "status", "words"),
    [
        ({"move": "eat the jelly"}, None, 400, "expected one of"),
        ({"move": 3}, None, 400, "must be a string"),
        ({"move": "end", "seen": "5"}, None, 400, '"seen" must be an integer'),
        (None, b"{not json", 400, "not JSON"),
        (None, b"[1, 2]", 400, "JSON object"),
        (None, b"[" * 2000 + b"]" * 2000, 400, "not JSON"),  # RecursionError
        (None, b"[" * 3000, 400, "not JSON"),
        ({"move": "play ant"}, None, 409, "not onto a sandwich"),
        ({"move": "end", "seen": 0}, None, 409, "stale"),
        (None, b"x" * 5000, 413, "more than 4096 bytes"),
        (None, b"[" * 3000 + b"]" * 3000, 413, "more than 4096 bytes"),
    ],
)
def test_bad_moves_get_a_json_error_naming_the_problem(
    base: str, body: Any, raw: bytes | None, status: int, words: str
) -> None:
    game_id, tokens = new_game(base)
    url = f"{base}/games/{game_id}"
    seen = call(url, token=tokens[0])[1]
    actor = seen["update"]["update"]["to_move"]
    got, answer = call(f"{url}/moves", body, tokens[actor], raw=raw)
    assert (got, words in answer["reason"]) == (status, True), answer
    assert call(url, token=tokens[0])[1]["seen"] == seen["seen"]


@pytest.mark.parametrize("length", [b"-1", b"abc", b"+5", b"1_0", b"0x10"])
def test_a_negative_or_non_numeric_content_length_is_a_400(base: str, length: bytes) -> None:
    # -1 once read the body until the client closed the connection: no limit at all
    status, answer = send(f"{base}/games", "POST", {"Content-Length": length}, b"{}")
    assert status == 400 and answer["reason"] == "a bad Content-Length", answer


def test_a_token_that_is_not_ascii_is_a_401_not_a_crash(base: str) -> None:
    game_id, tokens = new_game(base)
    for token in ["jalapeño".encode(), "é".encode("latin-1"), tokens[0].encode() + b"\xff"]:
        headers = {"Authorization": b"Bearer " + token}
        status, answer = send(f"{base}/games/{game_id}", "GET", headers)
        assert status == 401 and "token" in answer["reason"], answer


def test_a_bug_is_a_500_in_json_logged_once(
    base: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, tokens = new_game(base)

    def broken(*args: Any) -> None:
        raise RuntimeError("a bug in the server")

    monkeypatch.setattr(example.Table, "update", broken)
    status, answer = call(f"{base}/games/{game_id}", token=tokens[0])
    assert status == 500 and answer["error"] == "internal", answer
    assert capsys.readouterr().err.count("RuntimeError: a bug in the server") == 1
    monkeypatch.undo()
    assert call(f"{base}/games/{game_id}", token=tokens[0])[0] == 200  # the server goes on


def test_a_new_game_evicts_the_least_recently_used_finished_game() -> None:
    with serving(max_games=2) as base:
        finished, first = new_game(base), new_game(base)
        status, answer = call(f"{base}/games", {"game": "sandwich"})
        assert status == 503 and answer["reason"] == "too many games at once"
        play_out(f"{base}/games/{finished[0]}", finished[1])  # the most recently used
        new_game(base)
        assert call(f"{base}/games/{finished[0]}", token=finished[1][0])[0] == 404
        assert call(f"{base}/games/{first[0]}", token=first[1][0])[0] == 200


def test_a_new_game_evicts_the_least_recently_used_idle_game() -> None:
    with serving(max_games=2, idle_seconds=0.5) as base:
        older, newer = new_game(base), new_game(base)
        assert call(f"{base}/games", {"game": "sandwich"})[0] == 503  # neither is idle yet
        time.sleep(0.6)
        assert call(f"{base}/games/{older[0]}", token=older[1][0])[0] == 200  # used again
        new_game(base)
        assert call(f"{base}/games/{newer[0]}", token=newer[1][0])[0] == 404
        assert call(f"{base}/games/{older[0]}", token=older[1][0])[0] == 200


def test_unknown_games_tokens_and_paths(base: str) -> None:
    game_id, tokens = new_game(base)
    assert call(f"{base}/games/nope", token=tokens[0])[0] == 404
    assert call(f"{base}/games/{game_id}", token="forged")[0] == 401
    assert call(f"{base}/games/{game_id}")[0] == 401
    assert call(f"{base}/elsewhere")[0] == 404
    status, answer = call(f"{base}/games", {"game": "chess"})
    assert status == 400 and "unknown game" in answer["reason"]
    status, answer = call(f"{base}/games", {"game": "sandwich", "players": 9})
    assert status == 400 and "2 to 4 players" in answer["reason"]


def raw_exchange(url: str, request: bytes, wait: float = 10.0) -> bytes:
    """Send ``request`` over a plain socket, keep the socket open, and read until the server
    closes it: everything it answered."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=wait) as client:
        client.sendall(request)
        answer = b""
        while chunk := client.recv(4096):
            answer += chunk
        return answer


def json_answer(answer: bytes) -> tuple[str, dict[str, Any]]:
    head, _, body = answer.partition(b"\r\n\r\n")
    return head.decode("latin-1"), json.loads(body)


def test_a_body_that_stops_short_is_a_408_after_the_timeout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with serving(timeout=0.5) as base:
        started = time.monotonic()
        request = b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"
        head, answer = json_answer(raw_exchange(base, request))
        assert 0.5 <= time.monotonic() - started < 5  # held no longer than the timeout
        assert head.split("\r\n")[0].split(" ", 2)[1] == "408", head
        assert "Connection: close" in head
        assert answer == {
            "error": "request",
            "reason": "the body did not arrive within 0.5 seconds",
        }
        assert new_game(base)  # the server goes on
    assert capsys.readouterr().err == ""  # no traceback


def test_headers_that_stop_short_are_a_408_and_silence_is_closed_quietly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with serving(timeout=0.5) as base:
        head, answer = json_answer(raw_exchange(base, b"GET /games/x HTTP/1.1\r\nHost: x\r\n"))
        assert head.startswith("HTTP/1.0 408 "), head
        assert answer["reason"] == "the headers did not arrive within 0.5 seconds"
        assert raw_exchange(base, b"") == b""  # no request at all: closed without a word
        assert raw_exchange(base, b"GET /gam") == b""
    assert capsys.readouterr().err == ""


def test_a_client_that_leaves_mid_body_is_let_go_quietly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with serving(timeout=0.5) as base:
        parts = urlsplit(base)
        for linger in (False, True):  # a plain close, then a reset
            client = socket.create_connection((parts.hostname, parts.port), timeout=10)
            if linger:  # close with a reset: the server's answer cannot be written
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            client.sendall(b"POST /games HTTP/1.1\r\nContent-Length: 100\r\n\r\n{")
            client.close()
        time.sleep(1.0)  # past the timeout: both handlers have given up
        assert new_game(base)
    assert capsys.readouterr().err == ""


def test_a_body_shorter_than_its_content_length_is_a_400(base: str) -> None:
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as client:
        client.sendall(b"POST /games HTTP/1.1\r\nContent-Length: 100\r\n\r\n{}")
        client.shutdown(socket.SHUT_WR)  # no more body: the server need not wait
        answer = b""
        while chunk := client.recv(4096):
            answer += chunk
    head, body = json_answer(answer)
    assert " 400 " in head.split("\r\n")[0]
    assert body["reason"] == "the body ended after 2 of 100 bytes"


def test_the_timeout_is_a_positive_number_of_seconds() -> None:
    for timeout in (0, -1.0):
        with pytest.raises(ValueError, match="timeout: a positive number of seconds"):
            example.Server(("127.0.0.1", 0), random.Random, timeout=timeout)
