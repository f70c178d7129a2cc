"""A small HTTP JSON server for any picnic_rules game: the front-end guide's example program.

Run it with ``python examples/http_server.py --port 8000`` and play with curl::

    curl -s -X POST localhost:8000/games -d '{"game": "sandwich", "players": 2}'
    curl -s 'localhost:8000/games/ID?since=0' -H 'Authorization: Bearer TOKEN'
    curl -s -X POST localhost:8000/games/ID/moves -H 'Authorization: Bearer TOKEN' \\
         -d '{"move": "play bread", "seen": 5}'

The server keeps each game's state and each seat's whole list of observations. A
seat gets only its own client documents (codec kind ``"update"``: its view, whose
turn, its legal moves and its observations with words, the result) and ``"seen"``,
the number of moves so far. ``GET /games/ID?since=N`` holds the observations after
the first N (default 0: all), so a lost answer loses nothing and a client that
reconnects asks for them all again. A token binds each seat to its client, and
every move goes through ``Game.move_as``, so no seat moves for another. ``seen`` in a
move (optional) is the client's count: a move sent after the game moved on is stale,
and the answer holds the observations after those ``seen`` (all, without it).

A server holds ``max_games`` games at most: a new game then evicts the least
recently used finished game, else the least recently used one untouched for
``idle_seconds``, else it is refused (503). Errors are JSON ``{"error": ...,
"reason": ...}``: 400 (malformed request, move or ``since``), 401 (no or wrong
token), 404 (unknown or evicted game, or path), 408 (headers or body not sent
in time), 409 (out of turn, illegal or stale), 413 (request too large), 503 (no
room for a new game), 500 (a bug, logged).

Every read and write on a client's socket waits at most ``timeout`` seconds
(:data:`TIMEOUT`), so a client that stops sending holds no thread for long: a
request whose headers or body are late gets a 408 and the connection is closed;
a connection that sends no request at all, or a client that is gone, is closed
without a word (and without a traceback on standard error).

Only the standard library and picnic_rules are used.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import secrets
import sys
import threading
import time
import traceback
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from picnic_rules import CHANCE, GAMES, IllegalMove, OutOfTurn, PicnicError, codec
from picnic_rules.client import seat_update
from picnic_rules.history import observe_all

MAX_BODY = 4096
"""The largest request body read, in bytes (a move is far shorter)."""

MAX_GAMES = 1000
"""The most games one server keeps at once (the default of ``Server``)."""

IDLE_SECONDS = 3600.0
"""How long an unfinished game must go untouched before a new game may evict it."""

TIMEOUT = 10.0
"""How long, in seconds, one read or write on a client's socket may wait (the default of
``Server``): a request line, a header line, the body, the answer."""


class RequestError(Exception):
    """A request the server refuses: an HTTP status and a reason for the client."""

    def __init__(self, status: HTTPStatus, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class Table:
    """One game on the server: the state, the seats' tokens and everything each seat saw."""

    def __init__(self, name: str, players: int, rng: random.Random) -> None:
        self.game = GAMES[name]
        self.state = self.game.new_game(players)
        self.rng = rng
        self.tokens = [secrets.token_urlsafe(16) for _ in range(players)]
        # observations[seat][i] is what the seat saw of move i; views[seat][i] its view before
        self.observations: list[list[Any]] = [[] for _ in range(players)]
        self.views = [[self.game.view(self.state, seat)] for seat in range(players)]
        self.used = time.monotonic()
        self.lock = threading.Lock()
        self._advance()

    @property
    def moves(self) -> int:
        """How many moves (chance's included) have been made."""
        return len(self.observations[0])

    def seat_of(self, token: str | None) -> int:
        """The seat ``token`` belongs to (compared as bytes, in constant time)."""
        for seat, known in enumerate(self.tokens):
            if token is not None and secrets.compare_digest(token.encode(), known.encode()):
                self.used = time.monotonic()
                return seat
        raise RequestError(HTTPStatus.UNAUTHORIZED, "no seat of this game has that token")

    def update(self, seat: int, since: int) -> dict[str, Any]:
        """The seat's client document with its observations after the first ``since``."""
        if not 0 <= since <= self.moves:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"since: 0 to {self.moves}, not {since}")
        observations = self.observations[seat][since:]
        before = self.views[seat][since]
        update = seat_update(self.game, self.state, seat, observations, before=before)
        return {"seen": self.moves, "update": codec.encode(update)}

    def move(self, seat: int, text: object, seen: object) -> None:
        """Make ``text`` for ``seat``; the state is unchanged unless the move is made."""
        if type(text) is not str:
            raise RequestError(HTTPStatus.BAD_REQUEST, '"move" must be a string of notation')
        if seen is not None and seen != self.moves:
            raise RequestError(HTTPStatus.CONFLICT, f"stale: {self.moves} moves have been made")
        move = self.game.move_as(self.state, seat, text)  # InvalidMove, OutOfTurn, IllegalMove
        self._record(move)
        self._advance()

    def _record(self, move: Any) -> None:
        """Tell every seat what it sees of ``move``, then make it."""
        seen_by = observe_all(self.game, self.state, move)
        self.state = self.game.apply(self.state, move)
        for seat, observation in enumerate(seen_by):
            self.observations[seat].append(observation)
            self.views[seat].append(self.game.view(self.state, seat))

    def _advance(self) -> None:
        """Let chance act (deal, draw) until a seat must decide or the game is over."""
        while self.game.to_move(self.state) is CHANCE:
            self._record(self.game.sample_chance(self.state, self.rng))


class Server(ThreadingHTTPServer):
    """The HTTP server and its tables: at most ``max_games``, evicted as the module says;
    each socket operation on a client's connection waits at most ``timeout`` seconds."""

    daemon_threads = True

    def __init__(
        self,
        address: tuple[str, int],
        rng: Callable[[], random.Random],
        max_games: int = MAX_GAMES,
        idle_seconds: float = IDLE_SECONDS,
        timeout: float = TIMEOUT,
    ) -> None:
        if not timeout > 0:
            raise ValueError(f"timeout: a positive number of seconds, not {timeout!r}")
        super().__init__(address, Handler)
        self.tables: dict[str, Table] = {}
        self.make_rng = rng
        self.max_games = max_games
        self.idle_seconds = idle_seconds
        self.client_timeout = timeout  # not ``timeout``: BaseServer's, for handle_request
        self.lock = threading.Lock()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away (reset or closed the connection) is no error to log."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

    def make_room(self) -> None:
        """Below ``max_games``, evict the least recently used finished game, else idle one."""
        if len(self.tables) < self.max_games:
            return
        now = time.monotonic()
        finished = [key for key, table in self.tables.items() if table.game.is_over(table.state)]
        idle = [key for key, table in self.tables.items() if now - table.used > self.idle_seconds]
        if not (finished or idle):
            raise RequestError(HTTPStatus.SERVICE_UNAVAILABLE, "too many games at once")
        del self.tables[min(finished or idle, key=lambda key: self.tables[key].used)]


class Handler(BaseHTTPRequestHandler):
    """The JSON API."""

    server: Server
    timeout = TIMEOUT
    """Seconds one socket operation may wait (``StreamRequestHandler`` sets it on the
    connection); :meth:`setup` then applies the server's own ``timeout``."""

    def setup(self) -> None:
        """Bound every read and write on the connection by the server's timeout."""
        super().setup()
        self.connection.settimeout(self.server.client_timeout)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: no line per request on standard error."""

    def parse_request(self) -> bool:
        """The request line and headers; headers that do not arrive in time get a 408."""
        try:
            return super().parse_request()
        except TimeoutError:  # the request line came, a header line did not
            self.close_connection = True
            answer = {"error": "request", "reason": self._late("headers")}
            self._reply(HTTPStatus.REQUEST_TIMEOUT, answer)
            return False

    def do_GET(self) -> None:
        """``GET /games/ID?since=N``: the seat's client document."""
        self._answer(self._get)

    def do_POST(self) -> None:
        """``POST /games`` (a new game) or ``POST /games/ID/moves`` (a move)."""
        self._answer(self._post)

    def _get(self) -> tuple[HTTPStatus, dict[str, Any]]:
        path, query = urlsplit(self.path)[2:4]
        values = parse_qs(query, keep_blank_values=True).get("since", ["0"])
        if len(values) != 1 or not re.fullmatch(r"[0-9]{1,9}", values[0]):
            raise RequestError(HTTPStatus.BAD_REQUEST, "since: one number of observations")
        table = self._table(self._parts(path, 2))
        with table.lock:
            return HTTPStatus.OK, table.update(table.seat_of(self._token()), int(values[0]))

    def _post(self) -> tuple[HTTPStatus, dict[str, Any]]:
        body = self._body()
        if self.path == "/games":
            return HTTPStatus.CREATED, self._new_game(body)
        parts = self._parts(self.path, 3)
        if parts[2] != "moves":
            raise RequestError(HTTPStatus.NOT_FOUND, f"no such path: {self.path[:80]}")
        table = self._table(parts)
        with table.lock:
            seat, seen = table.seat_of(self._token()), body.get("seen")
            if seen is not None and type(seen) is not int:
                raise RequestError(HTTPStatus.BAD_REQUEST, '"seen" must be an integer')
            table.move(seat, body.get("move"), seen)
            return HTTPStatus.OK, table.update(seat, seen or 0)

    def _new_game(self, body: dict[str, Any]) -> dict[str, Any]:
        name, players = body.get("game", "sandwich"), body.get("players", 2)
        if type(name) is not str or name not in GAMES:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"unknown game (known: {', '.join(GAMES)})")
        GAMES[name].check_players(players)  # RulesError: a 400 below
        table = Table(name, players, self.server.make_rng())
        with self.server.lock:
            self.server.make_room()
            game_id = secrets.token_urlsafe(8)
            self.server.tables[game_id] = table
        seats = [{"seat": seat, "token": token} for seat, token in enumerate(table.tokens)]
        return {"id": game_id, "seats": seats}

    def _parts(self, path: str, size: int) -> list[str]:
        parts = path.strip("/").split("/")
        if len(parts) != size or parts[0] != "games":
            raise RequestError(HTTPStatus.NOT_FOUND, f"no such path: {self.path[:80]}")
        return parts

    def _table(self, parts: list[str]) -> Table:
        with self.server.lock:
            table = self.server.tables.get(parts[1])
        if table is None:
            raise RequestError(HTTPStatus.NOT_FOUND, "no game has that id")
        return table

    def _token(self) -> str | None:
        header = self.headers.get("Authorization", "")
        return header[len("Bearer ") :] if header.startswith("Bearer ") else None

    def _body(self) -> dict[str, Any]:
        length = self.headers.get("Content-Length", "0")
        if not re.fullmatch(r"[0-9]{1,9}", length):
            raise RequestError(HTTPStatus.BAD_REQUEST, "a bad Content-Length")
        if int(length) > MAX_BODY:
            raise RequestError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"more than {MAX_BODY} bytes")
        try:
            data = self.rfile.read(int(length))
        except TimeoutError:  # the socket cannot be read again: answer, then close
            self.close_connection = True
            raise RequestError(HTTPStatus.REQUEST_TIMEOUT, self._late("body")) from None
        if len(data) < int(length):  # the client shut its side down before the end
            self.close_connection = True
            raise RequestError(
                HTTPStatus.BAD_REQUEST, f"the body ended after {len(data)} of {length} bytes"
            )
        try:
            body = json.loads(data or b"{}")
        except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: [[[[...]]]]
            raise RequestError(HTTPStatus.BAD_REQUEST, "the body is not JSON") from None
        if type(body) is not dict:
            raise RequestError(HTTPStatus.BAD_REQUEST, "the body must be a JSON object")
        return body

    def _late(self, what: str) -> str:
        return f"the {what} did not arrive within {self.server.client_timeout:g} seconds"

    def _answer(self, handle: Callable[[], tuple[HTTPStatus, dict[str, Any]]]) -> None:
        try:
            status, answer = handle()
        except ConnectionError:  # the client reset the connection mid-request: no one to tell
            self.close_connection = True
            return
        except RequestError as error:
            status, answer = error.status, {"error": "request", "reason": error.reason}
        except OutOfTurn as error:
            status, answer = HTTPStatus.CONFLICT, {"error": "out-of-turn", "reason": error.reason}
        except IllegalMove as error:
            status, answer = HTTPStatus.CONFLICT, {"error": "illegal", "reason": error.reason}
        except PicnicError as error:  # InvalidMove, RulesError
            status, answer = HTTPStatus.BAD_REQUEST, {"error": "invalid", "reason": str(error)}
        except Exception:  # a bug: the client still gets an answer
            traceback.print_exc()
            status = HTTPStatus.INTERNAL_SERVER_ERROR
            answer = {"error": "internal", "reason": "the server failed; the error is logged"}
        self._reply(status, answer)

    def _reply(self, status: HTTPStatus, answer: dict[str, Any]) -> None:
        """Send ``answer`` as JSON; a client that is gone or stops reading is let go quietly."""
        data = json.dumps(answer).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            if self.close_connection:
                self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(data)
        except OSError:  # BrokenPipeError, ConnectionResetError, a write that timed out
            self.close_connection = True


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
