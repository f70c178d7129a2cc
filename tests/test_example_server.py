"""The front-end guide's example HTTP server, driven over real HTTP."""

from __future__ import annotations

import importlib.util
import json
import random
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from picnic_rules import GAMES, codec

PATH = Path(__file__).resolve().parents[1] / "examples" / "http_server.py"
spec = importlib.util.spec_from_file_location("http_server_example", PATH)
assert spec is not None and spec.loader is not None
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)

GAME = GAMES["sandwich"]


@pytest.fixture
def base() -> Iterator[str]:
    seeds = iter(range(100))
    server = example.Server(("127.0.0.1", 0), lambda: random.Random(next(seeds)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


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


def new_game(base: str) -> tuple[str, list[str]]:
    status, answer = call(f"{base}/games", {"game": "sandwich", "players": 2})
    assert status == 201
    return answer["id"], [seat["token"] for seat in answer["seats"]]


def test_two_seats_play_a_whole_game_over_http(base: str) -> None:
    game_id, tokens = new_game(base)
    url = f"{base}/games/{game_id}"
    documents = {seat: call(url, token=tokens[seat])[1] for seat in (0, 1)}
    views = {}
    for turns in range(2000):  # noqa: B007 (read after the loop)
        updates = {
            seat: codec.decode(doc["update"], "update", GAME) for seat, doc in documents.items()
        }
        for seat, update in updates.items():
            # a seat's view is rebuilt from its observations alone
            views[seat] = views.get(seat) or GAME.view(GAME.new_game(2), seat)
            for observation in update.observations:
                views[seat] = GAME.update(views[seat], observation)
            assert views[seat] == update.view
        if updates[0].outcome is not None:
            assert updates[1].outcome == updates[0].outcome
            break
        actor = updates[0].to_move
        assert updates[1 - actor].legal_moves == ()
        move = updates[actor].legal_moves[-1].notation
        status, answer = call(
            f"{url}/moves", {"move": move, "seen": documents[actor]["seen"]}, tokens[actor]
        )
        assert status == 200, answer
        documents[actor] = answer
        documents[1 - actor] = call(url, token=tokens[1 - actor])[1]
    else:
        pytest.fail("the game did not end")
    assert turns > 5


def test_no_answer_to_a_seat_holds_the_other_hand_or_the_draw_pile(base: str) -> None:
    game_id, tokens = new_game(base)
    status, answer = call(f"{base}/games/{game_id}", token=tokens[1])
    assert status == 200
    text = json.dumps(answer)
    assert '"hands"' not in text and '"draw_pile"' not in text
    assert '"hand_sizes"' in text


def test_one_seat_cannot_move_for_another_and_nothing_changes(base: str) -> None:
    game_id, tokens = new_game(base)
    url = f"{base}/games/{game_id}"
    before = call(url, token=tokens[0])[1]
    actor = before["update"]["update"]["to_move"]
    other = 1 - actor
    status, answer = call(f"{url}/moves", {"move": "end"}, tokens[other])
    assert status == 409 and answer["error"] == "out-of-turn"
    assert answer["reason"] == f"seat {other} may not move now: seat {actor} is to act"
    assert call(url, token=tokens[0])[1]["seen"] == before["seen"]


@pytest.mark.parametrize(
    ("body", "raw", "status", "words"),
    [
        ({"move": "eat the jelly"}, None, 400, "expected one of"),
        ({"move": 3}, None, 400, "must be a string"),
        (None, b"{not json", 400, "not JSON"),
        (None, b"[1, 2]", 400, "JSON object"),
        ({"move": "play ant"}, None, 409, "not onto a sandwich"),
        ({"move": "end", "seen": 0}, None, 409, "stale"),
        (None, b"x" * 5000, 413, "more than 4096 bytes"),
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
