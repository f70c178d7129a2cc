"""The web server on the host, fit for the open internet: one test per fault of the old
server (issue 18) -- games lost on a restart, no second browser, no push, one client
shutting everyone out, half-open connections, long echoes, a busy port -- and the
spectators' view."""

from __future__ import annotations

import asyncio
import http.client
import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import websockets
from test_web_api import call, document, new_game
from web_live import GAME, PROGRAM, Checker, Live, free_port, picnic_serve, serving, stored

from picnic_rules import codec
from picnic_rules.client import figures_of
from picnic_rules.host import Host, StaleMove, open_store
from picnic_rules.web import NO_LIMITS, Limits, Settings, create_app


def first_move(url: str, token: str) -> tuple[int, str]:
    seen, update = document(url, token)
    return seen, update.legal_moves[0].notation


# a restart loses nothing -------------------------------------------------------------------


def test_a_server_restart_on_its_database_loses_no_game(tmp_path: Path) -> None:
    db = str(tmp_path / "tables.db")
    port = free_port()
    checker = Checker(stored(f"sqlite:///{db}"))  # every answer checked against the database
    call = checker.call

    def first_move(url: str, token: str) -> tuple[int, str]:
        status, answer = call(f"{url}?since=0", token=token)
        assert status == 200, answer
        return answer["seen"], answer["update"]["update"]["legal_moves"][0]["notation"]

    with picnic_serve(port, db):
        live = f"http://127.0.0.1:{port}"
        status, created = call(
            f"{live}/api/tables", {"game": "sandwich", "mode": "computer", "seed": 4}
        )
        assert status == 201
        url, token = f"{live}/api/games/{created['id']}", created["seats"][0]["token"]
        seen, move = first_move(url, token)
        assert call(f"{url}/moves", {"move": move, "seen": seen}, token)[0] == 200
        before = call(f"{url}?since=0", token=token)
    with picnic_serve(port, db):  # a new process on the same file
        assert call(f"{url}?since=0", token=token) == before
        seen, move = first_move(url, token)
        assert call(f"{url}/moves", {"move": move, "seen": seen}, token)[0] == 200
        assert call(f"{url}/public")[0] == 200
    assert checker.documents == 6 and checker.publics == 1 and checker.leaks == []


def test_picnic_serve_keeps_its_tables_in_the_users_data_folder_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from picnic_rules.cli.serve import database_url, default_db

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db() == tmp_path / "data" / "picnic-rules" / "tables.db"
    assert database_url(None) == f"sqlite:///{tmp_path / 'data' / 'picnic-rules' / 'tables.db'}"
    assert (tmp_path / "data" / "picnic-rules").is_dir()  # created if missing
    assert database_url("memory:") == "memory:"
    assert database_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"


# a second browser joins by invite; spectators see the public view ---------------------------


def test_an_invite_gives_seat_1_to_a_second_browser_once(live: Live) -> None:
    status, created = call(
        f"{live.url}/api/tables", {"game": "sandwich", "mode": "invite", "seed": 6}
    )
    assert status == 201 and [seat["seat"] for seat in created["seats"]] == [0]
    [invite] = created["invites"]
    url = f"{live.url}/api/games/{created['id']}"
    assert call(f"{url}/join", {"invite": "a guess"})[0] == 401
    status, joined = call(f"{url}/join", {"invite": invite["invite"]})
    assert status == 200 and joined["seat"] == 1
    assert call(f"{url}/join", {"invite": invite["invite"]}) == (
        409,
        {"error": "taken", "reason": "seat 1 was taken already"},
    )
    tokens = [created["seats"][0]["token"], joined["token"]]
    seen, move = first_move(url, tokens[0])
    status, _ = call(f"{url}/moves", {"move": move, "seen": seen}, tokens[1])
    assert status == 409  # seat 1 cannot move for seat 0
    assert call(f"{url}/moves", {"move": move, "seen": seen}, tokens[0])[0] == 200
    assert document(url, tokens[1])[1].seat == 1
    assert live.leaks == []


def test_a_spectator_sees_turn_count_outcome_public_moves_and_the_table(live: Live) -> None:
    url, [token] = new_game(live, seed=9)
    for _ in range(6):
        seen, move = first_move(url, token)
        call(f"{url}/moves", {"move": move, "seen": seen}, token)
    status, public = call(f"{url}/public")
    assert status == 200
    assert set(public) == {
        *("seen", "game", "mode", "players", "to_move", "outcome", "log", "view", "figures"),
    }
    assert public["seen"] == len(public["log"]) == document(url, token)[0]
    # the table as every seat sees it: the sandwiches and the hand sizes, never a hand
    table = live.host.table(url.split("/")[-1]).state
    shown = public["view"]["public"]
    assert public["view"]["kind"] == "public" and shown["hand_sizes"] == list(map(sum, table.hands))
    assert len(shown["table"]) == 2 and not {"hand", "hands", "draw_pile", "player"} & set(shown)
    game = live.host.table(url.split("/")[-1]).game  # the game's figures of the table shown
    assert public["figures"] == figures_of(game, codec.decode(public["view"], "public", game))
    assert public["log"][:4] == ["seat 0 is dealt a card", "seat 1 is dealt a card"] * 2
    assert any(line.startswith("seat 1 ") for line in public["log"][5:])  # the computer's moves
    status, later = call(f"{url}/public?since={public['seen'] - 2}")
    assert later["log"] == public["log"][-2:]
    assert live.publics >= 2 and live.leaks == []


# moves are pushed --------------------------------------------------------------------------


def test_a_move_is_pushed_to_the_other_seat_and_to_spectators_at_once(live: Live) -> None:
    _, created = call(f"{live.url}/api/tables", {"game": "sandwich", "mode": "invite", "seed": 2})
    url = f"{live.url}/api/games/{created['id']}"
    _, joined = call(f"{url}/join", {"invite": created["invites"][0]["invite"]})
    base = live.url.replace("http://", "ws://") + f"/api/games/{created['id']}/live"

    async def scenario() -> list[Any]:
        async with (
            websockets.connect(f"{base}?token={joined['token']}") as seat,
            websockets.connect(base) as spectator,
        ):
            first = [json.loads(await seat.recv()), json.loads(await spectator.recv())]
            seen, move = first_move(url, created["seats"][0]["token"])
            started = time.monotonic()
            answer = await asyncio.to_thread(
                call, f"{url}/moves", {"move": move, "seen": seen}, created["seats"][0]["token"]
            )
            pushed = [json.loads(await asyncio.wait_for(ws.recv(), 2)) for ws in (seat, spectator)]
            return [first, answer[1]["seen"], pushed, time.monotonic() - started]

    first, after, pushed, took = asyncio.run(scenario())
    assert first[0] == first[1] and set(first[0]) == {"seen"}
    assert pushed == [{"seen": after}, {"seen": after}] and after > first[0]["seen"]
    assert took < 0.9  # at once: not the once-a-second look at the store
    assert live.pushes >= 4 and live.leaks == []


def test_a_move_made_by_another_server_is_pushed_within_a_second_or_so(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    other = Host(open_store(url))
    with serving(Host(open_store(url)), every=0.2) as live:
        opened = other.open("sandwich", agents={}, seed=3)
        socket_url = live.url.replace("http://", "ws://") + f"/api/games/{opened.table_id}/live"

        async def scenario() -> tuple[Any, Any]:
            async with websockets.connect(f"{socket_url}?token={opened.tokens[1]}") as ws:
                first = json.loads(await ws.recv())
                token = opened.tokens[0]
                move = other.answer(opened.table_id, token).update.legal_moves[0].notation
                other.move(opened.table_id, token, move, seen=other.version(opened.table_id))
                return first, json.loads(await asyncio.wait_for(ws.recv(), 3))

        first, pushed = asyncio.run(scenario())
        assert pushed == {"seen": other.version(opened.table_id)} and pushed != first


def test_a_seats_connection_opened_with_since_is_pushed_its_own_updates(live: Live) -> None:
    _, created = call(f"{live.url}/api/tables", {"game": "sandwich", "mode": "invite", "seed": 2})
    url = f"{live.url}/api/games/{created['id']}"
    mover = created["seats"][0]["token"]
    _, joined = call(f"{url}/join", {"invite": created["invites"][0]["invite"]})
    other = joined["token"]
    base = live.url.replace("http://", "ws://") + f"/api/games/{created['id']}/live"
    seen, move = first_move(url, mover)
    opening = call(f"{url}?since=0", token=other)[1]
    pushes_before = live.documents

    async def scenario() -> list[Any]:
        async with (
            websockets.connect(f"{base}?token={other}&since=0") as seat,
            websockets.connect(f"{base}?token={mover}&since={seen}") as own,
            websockets.connect(base) as spectator,
        ):
            first = [json.loads(await ws.recv()) for ws in (seat, own, spectator)]
            started = time.monotonic()
            answer = await asyncio.to_thread(
                call, f"{url}/moves", {"move": move, "seen": seen}, mover
            )
            pushed = [
                json.loads(await asyncio.wait_for(ws.recv(), 2)) for ws in (seat, own, spectator)
            ]
            return [first, answer, pushed, time.monotonic() - started]

    first, (status, answer), pushed, took = asyncio.run(scenario())
    assert status == 200 and answer["seen"] > seen
    # on opening: the seat's answer after the first `since` moves, as a GET gives it
    assert first[0] == {**opening, "since": 0}
    assert first[1]["since"] == seen and first[1]["seen"] == seen
    assert first[1]["update"]["update"]["observations"] == []
    assert first[2] == {"seen": seen}  # a spectator hears of the move count alone
    # after the move: the other seat its new update since what it was sent; the mover,
    # whose answer it is, and the spectator the move count
    assert pushed[0] == {**call(f"{url}?since={seen}", token=other)[1], "since": seen}
    assert pushed[0]["update"]["update"]["observations"]
    assert pushed[1] == pushed[2] == {"seen": answer["seen"]}
    assert took < 0.9
    assert live.documents >= pushes_before + 3 and live.leaks == []


def test_a_seats_pushed_updates_follow_moves_made_by_another_server(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    other = Host(open_store(url))
    with serving(Host(open_store(url)), every=0.2) as live:
        opened = other.open("sandwich", agents={}, seed=3)
        socket_url = live.url.replace("http://", "ws://") + f"/api/games/{opened.table_id}/live"
        seen = other.version(opened.table_id)

        async def scenario() -> list[Any]:
            address = f"{socket_url}?token={opened.tokens[1]}&since={seen + 5}"
            async with websockets.connect(address) as ws:
                first = json.loads(await ws.recv())
                for _ in range(2):  # the second loaded here first, then moved elsewhere
                    token = opened.tokens[other.table(opened.table_id).to_move]
                    move = other.answer(opened.table_id, token).update.legal_moves[0].notation
                    other.move(opened.table_id, token, move, seen=other.version(opened.table_id))
                    pushed = json.loads(await asyncio.wait_for(ws.recv(), 3))
                return [first, pushed]

        first, pushed = asyncio.run(scenario())
        # a `since` beyond the table's moves: the whole log, from the first move
        assert first["since"] == 0 and first["seen"] == seen
        assert len(first["update"]["update"]["observations"]) == seen
        assert pushed["seen"] == other.version(opened.table_id) > seen
        expected = other.answer(opened.table_id, opened.tokens[1], pushed["since"])
        assert pushed["update"] == codec.encode(expected.update)
        assert pushed["since"] > seen
        assert live.leaks == []


def test_a_live_connection_needs_a_table_and_a_seats_credential(live: Live) -> None:
    url, _tokens = new_game(live)
    base = live.url.replace("http://", "ws://") + "/api/games"

    async def refused(address: str) -> bool:
        try:
            async with websockets.connect(address) as ws:
                await ws.recv()
        except websockets.exceptions.InvalidStatus:
            return True
        return False

    game_id = url.rsplit("/", 1)[1]
    assert asyncio.run(refused(f"{base}/nosuchgame/live"))
    assert asyncio.run(refused(f"{base}/{game_id}/live?token=wrong"))
    assert asyncio.run(refused(f"{base}/{game_id}/live?token=wrong&since=0"))
    token = _tokens[0]
    assert not asyncio.run(refused(f"{base}/{game_id}/live?token={token}&since=0"))
    for since in ("since=0", "since=x", "since=-1", "since=1&since=2", f"since={10**10}"):
        # updates are a seat's only: a spectator asks for none; `since` is one number
        query = since if since == "since=0" else f"token={token}&{since}"
        assert asyncio.run(refused(f"{base}/{game_id}/live?{query}")), since


# undo, under the table's policy -------------------------------------------------------------


def test_undo_takes_back_a_lone_players_move_and_is_refused_where_two_people_play(
    live: Live,
) -> None:
    url, [token] = new_game(live, "computer", seed=5)
    seen, move = first_move(url, token)
    before = call(f"{url}?since=0", token=token)[1]
    status, after = call(f"{url}/moves", {"move": move, "seen": seen}, token)
    assert status == 200 and after["seen"] > seen
    live_url = url.replace("http://", "ws://") + f"/live?token={token}"

    async def scenario() -> tuple[Any, Any, Any]:
        async with websockets.connect(live_url) as ws:
            first = json.loads(await ws.recv())
            # a client that is behind may not take back what it has not seen
            stale = await asyncio.to_thread(call, f"{url}/undo", {"seen": seen}, token)
            undone = await asyncio.to_thread(call, f"{url}/undo", {"seen": after["seen"]}, token)
            return first, stale, (undone, json.loads(await asyncio.wait_for(ws.recv(), 2)))

    first, stale, (undone, pushed) = asyncio.run(scenario())
    assert first == {"seen": after["seen"]}
    assert stale[0] == 409 and stale[1]["error"] == "stale"
    status, answer = undone
    assert status == 200 and answer["taken"] == after["seen"] - seen
    assert pushed == {"seen": seen}  # the other pages of the seat hear of it at once
    # the position before the move again, with the whole log (what came after is gone)
    assert {key: answer[key] for key in ("seen", "mode", "update")} == before
    assert call(f"{url}?since=0", token=token)[1] == before
    status, again = call(f"{url}/undo", {"seen": seen}, token)
    assert status == 200 and again["taken"] == 0 and again["seen"] == seen  # nothing to undo
    assert call(f"{url}/moves", {"move": move, "seen": seen}, token) == (status, after)
    for mode in ("pass", "invite"):  # two people: no one takes back what another has seen
        url, tokens = new_game(live, mode)
        seen, move = first_move(url, tokens[0])
        assert call(f"{url}/moves", {"move": move, "seen": seen}, tokens[0])[0] == 200
        seen = document(url, tokens[0])[0]
        assert call(f"{url}/undo", {"seen": seen}, tokens[0]) == (
            403,
            {
                "error": "undo-off",
                "reason": "undo is off at this table: more than one person plays",
            },
        )
        assert document(url, tokens[0])[0] == seen  # nothing changed
    assert call(f"{url}/undo", {"seen": seen})[0] == 401
    assert call(f"{url}/undo", {"seen": -1}, tokens[0])[0] == 400
    assert call(f"{url}/undo", {"seen": seen, "all": True}, tokens[0])[0] == 400
    assert live.leaks == []


# one client cannot shut the server to everyone ------------------------------------------------


def asgi(app: Any, method: str, path: str, body: Any = None, client: str = "10.0.0.1") -> Any:
    """One request to ``app`` from ``client``: (status, headers, JSON answer)."""
    data = b"" if body is None else json.dumps(body).encode()
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"content-length", str(len(data)).encode())],
        "client": (client, 4000),
        "server": ("127.0.0.1", 80),
    }
    sent: list[Any] = []

    async def receive() -> Any:
        return {"type": "http.request", "body": data, "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    headers = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    return sent[0]["status"], headers, json.loads(b"".join(m.get("body", b"") for m in sent[1:]))


def test_one_address_cannot_take_every_new_game_or_every_request() -> None:
    app = create_app(limits=Limits(tables_per_minute=20, table_burst=20))
    for _ in range(20):
        assert asgi(app, "POST", "/api/tables", {"game": "sandwich", "mode": "pass"})[0] == 201
    status, headers, answer = asgi(app, "POST", "/api/tables", {"game": "sandwich", "mode": "pass"})
    assert status == 429 and answer["error"] == "busy"
    assert 1 <= int(headers["retry-after"]) <= 3
    # another address is not held back
    assert (
        asgi(app, "POST", "/api/tables", {"game": "sandwich", "mode": "pass"}, client="10.0.0.2")[0]
        == 201
    )
    app = create_app(limits=Limits(requests_per_second=1, request_burst=60))
    statuses = [asgi(app, "GET", "/api/games/x")[0] for _ in range(70)]
    assert statuses[:60] == [401] * 60 and statuses[60:].count(429) >= 8  # no token: 401
    assert asgi(app, "GET", "/api/games/x", client="10.0.0.3")[0] == 401


def test_finished_and_old_games_never_fill_the_server() -> None:
    host = Host()
    app = create_app(host, limits=NO_LIMITS)
    # the old server refused every new game after 1,000 (for an hour, if none had ended)
    for _ in range(1005):
        status, _, created = asgi(
            app, "POST", "/api/tables", {"game": "sandwich", "mode": "invite"}
        )
        assert status == 201, created
    assert host.loaded <= 1000  # the oldest unfinished ones wait in the store, not in memory


@pytest.mark.parametrize("parser", ["h11", "auto"])  # auto: httptools where it is installed
def test_half_open_and_slow_connections_are_dropped(parser: Any) -> None:
    settings = Settings(request_timeout=0.5, connections=20, http=parser)
    with serving(settings=settings) as live:
        port = int(live.url.rsplit(":", 1)[1])
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(25)]
        slow = [socket.create_connection(("127.0.0.1", port)) for _ in range(5)]
        for sock in slow:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # a head that never ends
        time.sleep(0.3)
        for sock in slow:
            sock.sendall(b"X-Slow: 1\r\n")
        time.sleep(0.6)
        for sock in idle + slow:  # the server closed every one
            sock.settimeout(2)
            assert sock.recv(100) == b""
            sock.close()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        connection.request("GET", "/")
        assert connection.getresponse().status == 200
        connection.close()


# no echo of what a client sent, whole ---------------------------------------------------------


def test_a_stale_move_does_not_echo_a_huge_seen(live: Live) -> None:
    url, [token] = new_game(live)
    seen, move = first_move(url, token)
    raw = f'{{"move": "end", "seen": {"9" * 4000}}}'.encode()
    status, answer = call(f"{url}/moves", raw=raw, token=token)
    assert status in (400, 409) and len(json.dumps(answer)) < 200
    status, answer = call(f"{url}/moves", {"move": move, "seen": 10**9}, token)
    assert (status, answer["reason"]) == (
        409,
        f"the table moved on: {seen} moves made, not {10**9}",
    )
    status, answer = call(f"{url}/moves", {"move": "x" * 1000, "seen": seen}, token)
    assert status == 400 and len(answer["reason"]) < 80
    assert str(StaleMove(10**4000, 5)) == (
        "the table moved on: 5 moves made, not a number of about 4001 digits"
    )


# picnic serve on a busy port ---------------------------------------------------------------


def test_picnic_serve_on_a_busy_port_is_an_error_with_status_2(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-c", PROGRAM, "serve", "--port", str(port), "--db", "memory:"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stdout == ""  # no "Serving ..." first
    assert done.stderr == (
        f"picnic: error: cannot listen on 127.0.0.1:{port}: address already in use\n"
    )


def test_every_document_decodes_for_its_seat(live: Live) -> None:
    url, tokens = new_game(live, "pass")
    for seat, token in enumerate(tokens):
        _, answer = call(f"{url}?since=0", token=token)
        assert codec.decode(answer["update"], "update", GAME).seat == seat


def test_a_version_read_before_a_move_never_takes_the_news_back() -> None:
    from picnic_rules.web.push import Watcher

    async def scenario() -> list[int]:
        watcher = Watcher(lambda ids: {key: 5 for key in ids}, every=0.01)  # a stale store
        async with watcher.watch("t", 5) as watched:
            watcher.moved("t", 7)  # this server's move, told at once
            await asyncio.sleep(0.05)  # several looks at the (stale) store
            seen = [watched.version]
            watcher.moved("t", 9)
            await asyncio.sleep(0.05)
            return [*seen, watched.version]

    assert asyncio.run(scenario()) == [7, 9]


def test_a_move_made_while_a_message_goes_out_is_pushed_next() -> None:
    # the old server waited for the next change after each message: a move made while a
    # message was being made (a seat's document, read from the store) reached its seat
    # only with the move after it, or never, once the game had ended
    from picnic_rules.web.app import _push
    from picnic_rules.web.push import Watcher

    async def scenario() -> list[int]:
        watcher = Watcher(lambda ids: {}, every=100)
        sent: list[int] = []
        async with watcher.watch("t", 5) as watched:

            class Socket:
                async def send_text(self, text: str) -> None:
                    sent.append(json.loads(text)["seen"])
                    if len(sent) == 1:
                        watched.set(6)  # another seat's move, while this one went out

                async def receive(self) -> Any:
                    await asyncio.sleep(10)
                    return {"type": "websocket.disconnect"}

            pushing = asyncio.create_task(_push(Socket(), watched))  # type: ignore[arg-type]
            await asyncio.sleep(0.1)
            watched.set(7)
            await asyncio.sleep(0.1)
            pushing.cancel()
        return sent

    assert asyncio.run(scenario()) == [5, 6, 7]
