"""Each handler of the web server, called alone as a function of its request (issue 39): a
module-level function that reads what the application keeps on ``request.app.state``, so
each is tested here without a server, a socket or a route; and the guard that turns every
refusal into its JSON error, each host error by its own status and name."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket

from picnic_rules import IllegalMove, InvalidMove, OutOfTurn, PicnicError
from picnic_rules.host import (
    BadInput,
    Host,
    HostError,
    NoSuchTable,
    NotASeat,
    NotChance,
    SeatTaken,
    StaleMove,
    UndoOff,
)
from picnic_rules.web import NO_LIMITS, app, create_app, lobby
from picnic_rules.web.reading import RequestError

APP = create_app(limits=NO_LIMITS)
HOST: Host = APP.state.host


def request(
    method: str,
    path: str,
    body: Any = None,
    *,
    params: dict[str, str] | None = None,
    token: str | None = None,
    query: str = "",
) -> Request:
    """A request to :data:`APP`, as its router hands it to a handler."""
    data = b"" if body is None else json.dumps(body).encode()
    headers = [(b"content-length", str(len(data)).encode())]
    if token is not None:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    scope = {
        "type": "http",
        "app": APP,
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": headers,
        "client": ("10.0.0.1", 4000),
        "server": ("127.0.0.1", 80),
        "path_params": params or {},
    }

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": data, "more_body": False}

    return Request(scope, receive)


def run(handler: Callable[[Request], Awaitable[Response]], asked: Request) -> tuple[int, Any]:
    """The handler's answer to ``asked``: its status and its JSON (or its bytes)."""
    answer = asyncio.run(handler(asked))
    try:
        return answer.status_code, json.loads(answer.body)
    except ValueError:
        return answer.status_code, answer.body


def opened(**options: Any) -> tuple[str, str]:
    """A new sandwich table of :data:`HOST`: its id and seat 0's credential."""
    table = HOST.open("sandwich", **{"agents": {1: "computer"}, "seed": 4, **options})
    return table.table_id, table.tokens[0]


def test_page_file_sends_each_file_of_the_page() -> None:
    for path, media in (("/", "text/html"), ("/static/app.js", "text/javascript")):
        answer = asyncio.run(app.page_file(request("GET", path)))
        assert answer.status_code == 200 and answer.media_type.startswith(media)
        assert answer.body == APP.state.files[app.PAGE[path]]
        assert answer.headers["content-security-policy"].startswith("default-src 'none'")


def test_no_icon_is_an_empty_answer() -> None:
    answer = asyncio.run(app.no_icon(request("GET", "/favicon.ico")))
    assert answer.status_code == 204 and answer.body == b""


def test_join_takes_the_open_seat_once() -> None:
    table = HOST.open("sandwich", open_seats=[1], seed=2)
    params = {"game_id": table.table_id}
    status, answer = run(
        app.join, request("POST", "/", {"invite": table.invites[1]}, params=params)
    )
    assert status == 200 and answer["seat"] == 1 and HOST.seat_of(table.table_id, answer["token"])
    with pytest.raises(SeatTaken):
        run(app.join, request("POST", "/", {"invite": table.invites[1]}, params=params))
    with pytest.raises(RequestError, match="invite of an open seat"):
        run(app.join, request("POST", "/", {"invite": 7}, params=params))


def test_seat_answers_the_tokens_seat_since_a_count() -> None:
    table_id, token = opened()
    asked = request("GET", "/", params={"game_id": table_id}, token=token, query="since=4")
    status, answer = run(app.seat, asked)
    update = answer["update"]["update"]
    assert status == 200 and answer["seen"] == 5 and update["seat"] == 0
    assert len(update["observations"]) == 1  # only what came after the first 4
    with pytest.raises(RequestError, match="no seat of this game has that token"):
        run(app.seat, request("GET", "/", params={"game_id": table_id}))


def test_move_makes_the_tokens_seats_move() -> None:
    table_id, token = opened()
    body = {"move": "play bread", "seen": 5}
    status, answer = run(
        app.move, request("POST", "/", body, params={"game_id": table_id}, token=token)
    )
    assert status == 200 and answer["seen"] == HOST.version(table_id) == 6
    assert str(HOST.table(table_id).moves[5]) == "play bread"
    with pytest.raises(StaleMove):
        run(app.move, request("POST", "/", body, params={"game_id": table_id}, token=token))
    with pytest.raises(RequestError, match='"move" must be a string'):
        run(
            app.move,
            request("POST", "/", {"move": 1, "seen": 5}, params={"game_id": table_id}, token=token),
        )


def test_chance_takes_an_outcome_only_at_a_real_table() -> None:
    table_id, token = opened(real_table=True)
    body = {"outcome": "draw jelly", "seen": 0}
    status, answer = run(
        app.chance, request("POST", "/", body, params={"game_id": table_id}, token=token)
    )
    assert status == 200 and answer["seen"] == 1 and answer["real_table"] is True
    plain_id, plain_token = opened()
    with pytest.raises(NotChance):
        run(
            app.chance,
            request(
                "POST", "/", {**body, "seen": 5}, params={"game_id": plain_id}, token=plain_token
            ),
        )


def test_undo_takes_back_the_seats_last_decision() -> None:
    table_id, token = opened()
    HOST.move(table_id, token, "play bread", seen=5)
    seen = HOST.version(table_id)
    asked = request("POST", "/", {"seen": seen}, params={"game_id": table_id}, token=token)
    status, answer = run(app.undo, asked)
    assert status == 200 and answer["taken"] == seen - 5 and answer["seen"] == 5
    table = HOST.open("sandwich", open_seats=[1], seed=2)  # two people: undo is off
    asked = request(
        "POST", "/", {"seen": 5}, params={"game_id": table.table_id}, token=table.tokens[0]
    )
    with pytest.raises(UndoOff):
        run(app.undo, asked)


def test_public_shows_the_table_to_anyone_with_no_hand() -> None:
    table_id, _token = opened()
    status, answer = run(app.public, request("GET", "/", params={"game_id": table_id}))
    assert status == 200 and answer["game"] == "sandwich" and answer["seen"] == 5
    assert answer["view"]["kind"] == "public" and "hand" not in answer["view"]["public"]
    with pytest.raises(NoSuchTable):
        run(app.public, request("GET", "/", params={"game_id": "nothing"}))


def test_live_tells_a_spectator_the_tables_count_until_it_leaves() -> None:
    table_id, _token = opened()
    sent: list[dict[str, Any]] = []
    gone = asyncio.Event()

    async def talk() -> None:
        async def receive() -> dict[str, Any]:
            if not sent:
                return {"type": "websocket.connect"}
            await gone.wait()
            return {"type": "websocket.disconnect", "code": 1000}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
            if message["type"] == "websocket.send":
                gone.set()

        scope = {
            "type": "websocket",
            "app": APP,
            "path": f"/api/games/{table_id}/live",
            "raw_path": b"",
            "query_string": b"",
            "root_path": "",
            "headers": [],
            "client": ("10.0.0.9", 4000),
            "server": ("127.0.0.1", 80),
            "path_params": {"game_id": table_id},
        }
        await app.live(WebSocket(scope, receive, send))

    asyncio.run(talk())
    assert sent[0]["type"] == "websocket.accept"
    assert json.loads(sent[1]["text"]) == {"seen": 5}
    assert APP.state.sockets == {}  # the connection is counted no more


def test_lobby_lists_every_game_and_the_open_tables() -> None:
    status, answer = run(lobby.lobby, request("GET", "/api/lobby"))
    assert status == 200
    assert [game["name"] for game in answer["games"]] == list(lobby.GAMES)
    assert answer["tables"] == []  # none opened through the lobby yet


def test_new_table_opens_a_table_of_any_game() -> None:
    body = {"game": "insects", "players": 3, "mode": "invite", "seed": 1}
    status, answer = run(lobby.new_table, request("POST", "/api/tables", body))
    assert status == 201 and answer["game"] == "insects" and len(answer["invites"]) == 2
    assert HOST.table(answer["id"]).players == 3
    with pytest.raises(RequestError, match='"game" must be one of'):
        run(lobby.new_table, request("POST", "/api/tables", {"game": "chess"}))


def test_table_says_who_sits_where() -> None:
    table_id, _token = opened(real_table=True)
    status, answer = run(lobby.table, request("GET", "/", params={"table_id": table_id}))
    assert status == 200 and answer["real_table"] is True and answer["players"] == 2
    assert [seat["kind"] for seat in answer["seats"]] == ["person", "person"]


def test_static_file_sends_a_board_script_and_refuses_others() -> None:
    answer = asyncio.run(lobby.static_file(request("GET", "/static/boards/common.js")))
    assert answer.status_code == 200 and answer.media_type.startswith("text/javascript")
    with pytest.raises(RequestError, match=r"no such path: /static/boards/nothing\.js"):
        asyncio.run(lobby.static_file(request("GET", "/static/boards/nothing.js")))


@pytest.mark.parametrize(
    ("error", "status", "name"),
    [
        (NoSuchTable("no table has that id"), 404, "game"),
        (NotASeat("no seat"), 401, "token"),
        (NotChance("chance does not act now"), 409, "not-chance"),
        (SeatTaken("taken"), 409, "taken"),
        (UndoOff("undo is off"), 403, "undo-off"),
        (StaleMove(3, 5), 409, "stale"),
        (BadInput("a label"), 400, "invalid"),
        (HostError("something"), 409, "host"),
        (RequestError(400, "request", "a field"), 400, "request"),
        (OutOfTurn("end", 1, 0), 409, "out-of-turn"),
        (IllegalMove("end", "no"), 409, "illegal"),
        (InvalidMove("x", "not notation"), 400, "invalid"),
        (PicnicError("bad"), 400, "invalid"),
        (KeyError("a bug"), 500, "internal"),
    ],
)
def test_guarded_answers_every_refusal_by_its_status_and_name(
    error: Exception, status: int, name: str
) -> None:
    async def refusing(asked: Request) -> Response:
        raise error

    got, answer = run(app.guarded(refusing), request("GET", "/"))
    assert (got, answer["error"]) == (status, name)
    if isinstance(error, HostError):
        assert (error.status, error.name, answer["reason"]) == (status, name, error.reason)


def test_every_host_error_names_its_own_status() -> None:
    kinds = [NoSuchTable, NotASeat, NotChance, SeatTaken, UndoOff, StaleMove, BadInput]
    assert all("status" in vars(kind) and "name" in vars(kind) for kind in kinds)
