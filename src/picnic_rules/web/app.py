"""The ASGI application: the page, its two static files and the JSON API.

=======================================  ==============================================
``GET /``                                the page (``static/index.html``)
``GET /static/app.js``, ``style.css``    its script and style sheet
``POST /api/games``                      a new game: ``{"mode": "computer" | "pass",
                                         "seed": N | null}`` → 201 ``{"id", "mode",
                                         "seats": [{"seat", "token"}, ...]}``
``GET /api/games/ID?since=N``            the seat's answer (``Authorization: Bearer
                                         TOKEN``): ``{"seen", "mode", "update"}``, the
                                         update holding the observations after the first N
``POST /api/games/ID/moves``             ``{"move": NOTATION, "seen": N}`` with the
                                         token: the move, then the seat's answer with
                                         the observations after the first N
=======================================  ==============================================

Every error is JSON ``{"error": NAME, "reason": TEXT}`` and changes nothing: 400
(malformed JSON, a bad field, a move that is not notation), 401 (no or wrong
token), 404 (unknown game or path), 405 (wrong method), 409 (out of turn, an
illegal move, or ``stale``: ``seen`` is not the number of moves made), 413 (a
body over :data:`MAX_BODY` bytes), 503 (no room for a new game) and 500 (a bug,
logged).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..errors import IllegalMove, InvalidMove, OutOfTurn, PicnicError
from .tables import MAX_SEED, MODES, RequestError, Tables

__all__ = ["HEADERS", "MAX_BODY", "MAX_SINCE", "create_app"]

MAX_BODY: Final = 4096
"""The largest request body read, in bytes (a move is far shorter)."""

MAX_SINCE: Final = 10**9
"""The largest ``since`` read (a game has far fewer moves)."""

HEADERS: Final[dict[str, str]] = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
"""Headers on every answer: the page runs only its own script and is never cached."""

STATIC: Final[dict[str, str]] = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}
"""The files of the page (package data of :mod:`picnic_rules.web`) and their types."""

_log = logging.getLogger(__name__)
_Handler = Callable[[Request], Awaitable[Response]]


def create_app(tables: Tables | None = None) -> Starlette:
    """The web application, keeping its games in ``tables`` (a new :class:`Tables`
    by default)."""
    games = tables if tables is not None else Tables()
    files = {name: _read(name) for name in STATIC}

    def static(name: str) -> _Handler:
        async def serve(request: Request) -> Response:
            return Response(files[name], media_type=STATIC[name], headers=HEADERS)

        return serve

    async def new_game(request: Request) -> Response:
        body = await _body(request)
        mode, seed = body.get("mode", "computer"), body.get("seed")
        if mode not in MODES:
            raise RequestError(400, "request", f'"mode" must be one of {", ".join(MODES)}')
        if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
            raise RequestError(400, "request", f'"seed" must be null or an integer 0 to {MAX_SEED}')
        _only(body, {"mode", "seed"})
        game_id, table = games.new(mode, seed)
        seats = [{"seat": seat, "token": token} for seat, token in table.tokens.items()]
        return _json(201, {"id": game_id, "mode": mode, "seats": seats})

    async def get_game(request: Request) -> Response:
        values = request.query_params.getlist("since") or ["0"]
        if len(values) != 1 or not re.fullmatch(r"[0-9]{1,10}", values[0]):
            raise RequestError(400, "request", "since: one number of observations")
        since = int(values[0])
        if since > MAX_SINCE:
            raise RequestError(400, "request", f"since: at most {MAX_SINCE}")
        table = games.get(request.path_params["game_id"])
        with table.lock:
            return _json(200, table.answer(table.seat_of(_token(request)), since))

    async def move(request: Request) -> Response:
        table = games.get(request.path_params["game_id"])
        body = await _body(request)
        text, seen = body.get("move"), body.get("seen")
        if type(text) is not str:
            raise RequestError(400, "request", '"move" must be a string of notation')
        if type(seen) is not int:
            raise RequestError(400, "request", '"seen" must be the number of moves you know of')
        _only(body, {"move", "seen"})
        with table.lock:
            seat = table.seat_of(_token(request))
            table.move(seat, text, seen)
            return _json(200, table.answer(seat, seen))

    routes = [
        Route("/", _guard(static("index.html")), methods=["GET"]),
        Route("/static/app.js", _guard(static("app.js")), methods=["GET"]),
        Route("/static/style.css", _guard(static("style.css")), methods=["GET"]),
        Route("/api/games", _guard(new_game), methods=["POST"]),
        Route("/api/games/{game_id}", _guard(get_game), methods=["GET"]),
        Route("/api/games/{game_id}/moves", _guard(move), methods=["POST"]),
    ]
    return Starlette(routes=routes, exception_handlers={HTTPException: _http_error})


def _read(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()


def _json(status: int, answer: dict[str, Any]) -> Response:
    return JSONResponse(answer, status_code=status, headers=HEADERS)


def _error(status: int, error: str, reason: str) -> Response:
    return _json(status, {"error": error, "reason": reason})


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such path, wrong method) as JSON errors."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    if status == 405:
        return _error(405, "method", f"{request.method} is not allowed on {request.url.path[:80]}")
    return _error(status, "path", f"no such path: {request.url.path[:80]}")


def _guard(handler: _Handler) -> _Handler:
    """``handler`` with every refusal answered as a JSON error (and a bug as a 500)."""

    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except RequestError as error:
            return _error(error.status, error.error, error.reason)
        except OutOfTurn as error:
            return _error(409, "out-of-turn", error.reason)
        except IllegalMove as error:
            return _error(409, "illegal", error.reason)
        except InvalidMove as error:
            return _error(400, "invalid", error.reason)
        except PicnicError as error:
            return _error(400, "invalid", str(error))
        except Exception:  # a bug: the client still gets an answer
            _log.exception("the web server failed on %s %s", request.method, request.url.path)
            return _error(500, "internal", "the server failed; the error is logged")

    return guarded


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    return header[len("Bearer ") :] if header.startswith("Bearer ") else None


def _only(body: dict[str, Any], known: set[str]) -> None:
    unknown = sorted(set(body) - known)
    if unknown:
        raise RequestError(400, "request", f"unknown field {unknown[0][:40]!r}")


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to :data:`MAX_BODY` bytes."""
    length = request.headers.get("content-length")
    if length is not None and (not re.fullmatch(r"[0-9]{1,9}", length) or int(length) > MAX_BODY):
        raise RequestError(413, "size", f"a request body is at most {MAX_BODY} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise RequestError(413, "size", f"a request body is at most {MAX_BODY} bytes")
    try:
        body = json.loads(bytes(data) or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise RequestError(400, "json", "the body is not JSON") from None
    if type(body) is not dict:
        raise RequestError(400, "json", "the body must be a JSON object")
    return body
