"""A small HTTP JSON server for any picnic_rules game: the front-end guide's example program.

Run it with ``python examples/http_server.py --port 8000`` and play with curl::

    curl -s -X POST localhost:8000/games -d '{"game": "sandwich", "players": 2}'
    curl -s localhost:8000/games/ID -H 'Authorization: Bearer TOKEN'
    curl -s -X POST localhost:8000/games/ID/moves -H 'Authorization: Bearer TOKEN' \\
         -d '{"move": "play bread", "seen": 5}'

The server keeps every game's state; a seat only ever receives its own client
documents (codec kind ``"update"``: its view, whose turn, its legal moves with
words, what it observed since its last request, the result). A seat is bound
to its client by an unguessable token, and every move goes through
``Game.apply_as``, so no seat can move for another. ``seen`` (optional) is how
many moves the client has seen; a move sent after the game moved on is refused
as stale. Errors are JSON ``{"error": ..., "reason": ...}`` with status 400
(malformed request or move), 401 (no or wrong token), 404 (unknown game or
path), 409 (out of turn, illegal or stale), 413 (request too large).

Only the standard library and picnic_rules are used.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from picnic_rules import CHANCE, GAMES, IllegalMove, OutOfTurn, PicnicError, codec
from picnic_rules.client import seat_update
from picnic_rules.history import observe_all

MAX_BODY = 4096
"""The largest request body read, in bytes (a move is far shorter)."""

MAX_GAMES = 1000
"""The most games one server keeps at once."""


class RequestError(Exception):
    """A request the server refuses: an HTTP status and a reason for the client."""

    def __init__(self, status: HTTPStatus, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class Table:
    """One game on the server: the state, the seats' tokens and their unsent observations."""

    def __init__(self, name: str, players: int, rng: random.Random) -> None:
        self.game = GAMES[name]
        self.state = self.game.new_game(players)
        self.rng = rng
        self.moves = 0
        self.tokens = [secrets.token_urlsafe(16) for _ in range(players)]
        self.pending: list[list[Any]] = [[] for _ in range(players)]
        self.lock = threading.Lock()
        self._advance()

    def seat_of(self, token: str | None) -> int:
        """The seat ``token`` belongs to (compared in constant time)."""
        for seat, known in enumerate(self.tokens):
            if token is not None and secrets.compare_digest(token, known):
                return seat
        raise RequestError(HTTPStatus.UNAUTHORIZED, "no seat of this game has that token")

    def update(self, seat: int) -> dict[str, Any]:
        """The seat's client document, with the observations it has not been sent yet."""
        document = codec.encode(seat_update(self.game, self.state, seat, self.pending[seat]))
        self.pending[seat] = []
        return {"seen": self.moves, "update": document}

    def move(self, seat: int, text: object, seen: object) -> None:
        """Apply ``text`` from ``seat``; the state is unchanged unless the move is made."""
        if type(text) is not str:
            raise RequestError(HTTPStatus.BAD_REQUEST, '"move" must be a string of notation')
        if seen is not None and seen != self.moves:
            raise RequestError(HTTPStatus.CONFLICT, f"stale: {self.moves} moves have been made")
        move = self.game.move_from_str(text)  # InvalidMove for text that is not a move
        state = self.game.apply_as(self.state, seat, move)  # OutOfTurn, IllegalMove
        self._record(move, state)
        self._advance()

    def _record(self, move: Any, state: Any) -> None:
        for seat, observation in enumerate(observe_all(self.game, self.state, move)):
            self.pending[seat].append(observation)
        self.state = state
        self.moves += 1

    def _advance(self) -> None:
        """Let chance act (deal, draw) until a seat must decide or the game is over."""
        while self.game.to_move(self.state) is CHANCE:
            move = self.game.sample_chance(self.state, self.rng)
            self._record(move, self.game.apply(self.state, move))


class Server(ThreadingHTTPServer):
    """The HTTP server and its tables."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], rng: Callable[[], random.Random]) -> None:
        super().__init__(address, Handler)
        self.tables: dict[str, Table] = {}
        self.make_rng = rng
        self.lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    """The JSON API."""

    server: Server

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: no line per request on standard error."""

    def do_GET(self) -> None:
        """``GET /games/ID``: the seat's client document."""
        self._answer(lambda: self._get())

    def do_POST(self) -> None:
        """``POST /games`` (a new game) or ``POST /games/ID/moves`` (a move)."""
        self._answer(lambda: self._post())

    def _get(self) -> tuple[HTTPStatus, dict[str, Any]]:
        table = self._table(self._parts(2))
        with table.lock:
            return HTTPStatus.OK, table.update(table.seat_of(self._token()))

    def _post(self) -> tuple[HTTPStatus, dict[str, Any]]:
        body = self._body()
        if self.path == "/games":
            return HTTPStatus.CREATED, self._new_game(body)
        parts = self._parts(3)
        if parts[2] != "moves":
            raise RequestError(HTTPStatus.NOT_FOUND, f"no such path: {self.path[:80]}")
        table = self._table(parts)
        with table.lock:
            seat = table.seat_of(self._token())
            table.move(seat, body.get("move"), body.get("seen"))
            return HTTPStatus.OK, table.update(seat)

    def _new_game(self, body: dict[str, Any]) -> dict[str, Any]:
        name, players = body.get("game", "sandwich"), body.get("players", 2)
        if type(name) is not str or name not in GAMES:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"unknown game (known: {', '.join(GAMES)})")
        with self.server.lock:
            if len(self.server.tables) >= MAX_GAMES:
                raise RequestError(HTTPStatus.SERVICE_UNAVAILABLE, "too many games at once")
            GAMES[name].check_players(players)  # RulesError: a 400 below
            table = Table(name, players, self.server.make_rng())
            game_id = secrets.token_urlsafe(8)
            self.server.tables[game_id] = table
        seats = [{"seat": seat, "token": token} for seat, token in enumerate(table.tokens)]
        return {"id": game_id, "seats": seats}

    def _parts(self, size: int) -> list[str]:
        parts = self.path.strip("/").split("/")
        if len(parts) != size or parts[0] != "games":
            raise RequestError(HTTPStatus.NOT_FOUND, f"no such path: {self.path[:80]}")
        return parts

    def _table(self, parts: list[str]) -> Table:
        table = self.server.tables.get(parts[1])
        if table is None:
            raise RequestError(HTTPStatus.NOT_FOUND, "no game has that id")
        return table

    def _token(self) -> str | None:
        header = self.headers.get("Authorization", "")
        return header[len("Bearer ") :] if header.startswith("Bearer ") else None

    def _body(self) -> dict[str, Any]:
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            raise RequestError(HTTPStatus.BAD_REQUEST, "a bad Content-Length") from None
        if length > MAX_BODY:
            raise RequestError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"more than {MAX_BODY} bytes")
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise RequestError(HTTPStatus.BAD_REQUEST, "the body is not JSON") from None
        if type(body) is not dict:
            raise RequestError(HTTPStatus.BAD_REQUEST, "the body must be a JSON object")
        return body

    def _answer(self, handle: Callable[[], tuple[HTTPStatus, dict[str, Any]]]) -> None:
        try:
            status, answer = handle()
        except RequestError as error:
            status, answer = error.status, {"error": "request", "reason": error.reason}
        except OutOfTurn as error:
            status, answer = HTTPStatus.CONFLICT, {"error": "out-of-turn", "reason": error.reason}
        except IllegalMove as error:
            status, answer = HTTPStatus.CONFLICT, {"error": "illegal", "reason": error.reason}
        except PicnicError as error:  # InvalidMove, RulesError
            status, answer = HTTPStatus.BAD_REQUEST, {"error": "invalid", "reason": str(error)}
        data = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def main(argv: list[str] | None = None) -> None:
    """Serve until Ctrl-C."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    server = Server((args.host, args.port), random.SystemRandom)
    print(f"serving on http://{args.host}:{server.server_address[1]}")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
