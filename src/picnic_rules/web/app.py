"""The ASGI application: the page, its static files, the JSON API and the live connection.

==========================================  ===========================================
``GET /``                                   the page (``static/index.html``)
``GET /static/app.js``, ``style.css``       its script and style sheet
``POST /api/games/ID/join``                 ``{"invite": INVITE}`` → 200 ``{"id", "seat",
                                            "token"}``: the open seat, taken once
``GET /api/games/ID?since=N``               the seat's answer (``Authorization: Bearer
                                            TOKEN``): ``{"seen", "mode", "update"}``,
                                            the update holding the observations after
                                            the first N; at a real table also
                                            ``"real_table": true`` and ``"outcomes"``:
                                            the notation of each possible chance outcome
                                            while chance is to act (else, and for
                                            sampled chance, ``[]``), and once the
                                            seat's own cards were dealt again (a seat
                                            told an outcome they contradicted)
                                            ``"redealt"``: the move counts at which
``POST /api/games/ID/moves``                ``{"move": NOTATION, "seen": N}`` with the
                                            token: the move, stored, then the seat's
                                            answer with the observations after the first N
``POST /api/games/ID/chance``               ``{"outcome": NOTATION, "seen": N}`` with the
                                            token, at a real table: what chance did (a
                                            card drawn, where a die landed), judged from
                                            the seat's view alone, stored, then the
                                            seat's answer as for a move
                                            (409 ``not-chance`` if chance is not to act
                                            or the table draws it itself)
``POST /api/games/ID/undo``                 ``{"seen": N}`` with the token: the seat's last
                                            decision taken back, if the table's undo
                                            policy allows it (403 ``undo-off`` if not),
                                            then ``{"seen", "mode", "taken", "update"}``
                                            with the observations from the first move
``GET /api/games/ID/public?since=N``        what a spectator sees: ``{"seen", "game",
                                            "mode", "players", "to_move", "outcome",
                                            "log", "view", "figures"}`` (no credential,
                                            no hidden card), ``"view"`` the table as
                                            every seat sees it alike: the public view
                                            document (codec kind ``"public"``: the hand
                                            sizes, never a hand), ``"figures"`` the
                                            game's figures of it
                                            (:func:`~picnic_rules.client.figures_of`)
``GET /api/games/ID/hint``                  with the token: ``{"hint": {"seat",
                                            "iterations", "chance", "moves": [{"move",
                                            "words", "share", "low", "high",
                                            "visits"}]}}``, the search's three favourite
                                            moves from the seat's view (403
                                            ``hints-off`` where the table's hint policy
                                            refuses hints, 409 ``no-hint`` when the seat
                                            is not to decide)
``GET /api/games/ID/review``                with the token, once the game is over: ``{"review":
                                            {...}}``, the seat's own decisions rated
                                            (:func:`~picnic_rules.analysis.review_document`;
                                            409 ``not-over`` before), computed once and
                                            stored
``GET /api/games/ID/review/moment?move=N``  with the token, once the game is over: ``{"move",
                                            "update"}``, the seat's client document just
                                            before move N (the table as it saw it then,
                                            no legal moves)
``GET /api/games/ID/public/review``         once the game is over, for spectators:
                                            ``{"reviews": [...]}``, every seat's review
                                            (409 ``not-over`` before)
``GET /api/lobby``, ``POST /api/tables``    the lobby, and the one door to a new table of
                                            any game (``"mode"``: a preset of its seats):
                                            see :mod:`picnic_rules.web.lobby`
``WS /api/games/ID/live?token=TOKEN``       a WebSocket that sends ``{"seen": N}`` at once
                                            and whenever the table moves (no token: a
                                            spectator's); with ``&since=N`` too, the
                                            seat's answer with ``"since"`` instead
                                            (``{"seen"}`` alone after its own move)
==========================================  ===========================================

Each route is a module-level function of its request, reading what the application keeps
on ``request.app.state`` (:mod:`~picnic_rules.web.reading`). Every error is JSON
``{"error": NAME, "reason": TEXT}`` and changes nothing (a host's refusal, a
:class:`~picnic_rules.host.HostError`, carries its own status and name): 400
(malformed JSON, a bad field, a move that is not notation, ``text``: text that is not
Unicode, ``invalid``: a value the host cannot keep), 401 (no or wrong
token or invite), 403 (``undo-off``: the table's undo policy forbids it, ``hints-off``: its
hint policy), 404
(unknown game or path), 405 (wrong method), 408 (a body sent too slowly), 409 (out of turn, an illegal move, ``stale``: ``seen`` is not the
number of moves made, ``taken``: the invite was used, ``not-chance``: no chance outcome to
tell, ``no-hint``: not the seat's decision, ``not-over``: no review yet), 413 (a body over
:data:`MAX_BODY` bytes), 429 (too many requests or tables from one address, with
``Retry-After``) and 500 (a bug, logged). Every reason is short: nothing a client
sent is echoed whole.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, Final

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import codec
from ..client import figures_of
from ..errors import IllegalMove, InvalidMove, OutOfTurn, PicnicError, shorten
from ..host import Answer, Host, HostError
from ..registry import get_game as find_game
from . import lobby
from .limits import Bucket, Limits
from .lobby import MODES, Mode
from .push import EVERY, Watcher
from .reading import (
    BODY_SECONDS,
    HEADERS,
    MAX_BODY,
    MAX_MOVE,
    MAX_SEED,
    MAX_SINCE,
    RequestError,
    address,
    host_of,
    in_thread,
    json_text,
    take,
)
from .reading import error_answer as _error
from .reading import json_answer as _json
from .reading import only_fields as _only
from .reading import read_body as _body

__all__ = [
    "BODY_SECONDS",
    "HEADERS",
    "MAX_BODY",
    "MAX_MOVE",
    "MAX_SEED",
    "MAX_SINCE",
    "MODES",
    "ROUTES",
    "Mode",
    "RequestError",
    "chance",
    "create_app",
    "guarded",
    "join",
    "live",
    "move",
    "no_icon",
    "page_file",
    "public",
    "seat_answer",
    "undo",
]

THREADS: Final = 4
"""Worker threads for the host's calls (each blocks on the store for a moment)."""

STATIC: Final[dict[str, str]] = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}
"""The files of the page (package data of :mod:`picnic_rules.web`) and their types."""

PAGE: Final[dict[str, str]] = {
    "/": "index.html",
    "/static/app.js": "app.js",
    "/static/style.css": "style.css",
}
"""The path of each file of the page."""

_log = logging.getLogger(__name__)
_Handler = Callable[[Request], Awaitable[Response]]


def create_app(
    host: Host | None = None,
    *,
    limits: Limits | None = None,
    every: float = EVERY,
    threads: int = THREADS,
) -> Starlette:
    """The web application, keeping its games in ``host`` (a new in-memory
    :class:`~picnic_rules.host.Host` by default), refusing what one client address asks
    beyond ``limits`` (:class:`~picnic_rules.web.limits.Limits`, its defaults when
    ``None``), and looking every ``every`` seconds for moves made by other servers on the
    same store. The host's calls run in ``threads`` worker threads.

    Its routes are :data:`ROUTES`; what they share is kept on ``app.state``: ``host``,
    ``limits``, ``requests`` and ``creations`` (the buckets of requests and of new tables
    per address), ``sockets`` (the live connections per address), ``watcher``,
    ``threads``, ``files`` (the page's files) and ``lobby``
    (:class:`~picnic_rules.web.lobby.Lobby`, every game loaded now, once: the registry's
    first load is not safe across threads)."""
    tables = host if host is not None else Host()
    limits = limits if limits is not None else Limits()
    app = Starlette(routes=list(ROUTES), exception_handlers={HTTPException: _http_error})
    state = app.state
    state.host, state.limits = tables, limits
    state.requests = Bucket(limits.requests_per_second, limits.request_burst)
    state.creations = Bucket(limits.tables_per_minute / 60.0, limits.table_burst)
    state.sockets = {}
    state.watcher = Watcher(tables.store.versions, every)
    state.threads = anyio.CapacityLimiter(threads)
    state.files = {name: _read(name) for name in STATIC}
    state.lobby = lobby.Lobby.load()
    return app


def guarded(handler: _Handler) -> _Handler:
    """``handler`` behind the request limit (``app.state.requests``), with every refusal a
    JSON error: a :class:`RequestError` or :class:`~picnic_rules.host.HostError` by its
    own status and name, a move refused by the rules 409 (``out-of-turn``, ``illegal``),
    any other :class:`~picnic_rules.PicnicError` 400 (``invalid``), a bug 500 (logged)."""

    @functools.wraps(handler)
    async def guard(request: Request) -> Response:
        try:
            take(request, request.app.state.requests, "requests")
            return await handler(request)
        except RequestError as error:
            return _error(error.status, error.name, error.reason, error.headers)
        except HostError as error:
            return _error(error.status, error.name, error.reason)
        except IllegalMove as error:
            kind = "out-of-turn" if isinstance(error, OutOfTurn) else "illegal"
            return _error(409, kind, error.reason)
        except InvalidMove as error:
            return _error(400, "invalid", error.reason)
        except PicnicError as error:
            return _error(400, "invalid", str(error))
        except Exception:  # a bug: the client still gets an answer
            _log.exception("the web server failed on %s %s", request.method, request.url.path)
            return _error(500, "internal", "the server failed; the error is logged")

    return guard


async def page_file(request: Request) -> Response:
    """``GET /``, ``/static/app.js``, ``/static/style.css``: a file of the page (:data:`PAGE`)."""
    name = PAGE[request.url.path]
    return Response(request.app.state.files[name], media_type=STATIC[name], headers=HEADERS)


async def no_icon(request: Request) -> Response:
    """``GET /favicon.ico``: nothing (the page names its icon, ``/static/favicon.svg``)."""
    return Response(status_code=204, headers=HEADERS)


async def join(request: Request) -> Response:
    """``POST /api/games/ID/join``: the open seat of the body's ``invite``, taken once."""
    table_id = request.path_params["game_id"]
    body = await _body(request)
    invite = body.get("invite")
    if type(invite) is not str or len(invite) > MAX_MOVE:
        raise RequestError(400, "request", '"invite" must be the invite of an open seat')
    _only(body, {"invite"})
    seat, token = await in_thread(request, host_of(request).join, table_id, invite)
    return _json(200, {"id": table_id, "seat": seat, "token": token})


async def seat(request: Request) -> Response:
    """``GET /api/games/ID?since=N``: the token's seat's answer since ``N``."""
    host, table_id = host_of(request), request.path_params["game_id"]
    answer = await in_thread(request, host.answer, table_id, _token(request), _since(request))
    return _json(200, seat_answer(answer))


async def move(request: Request) -> Response:
    """``POST /api/games/ID/moves``: the body's ``move`` for the token's seat."""
    return await _told(request, "move", host_of(request).move)


async def chance(request: Request) -> Response:
    """``POST /api/games/ID/chance``: the body's ``outcome`` of chance, at a real table."""
    return await _told(request, "outcome", host_of(request).tell)


async def _told(request: Request, field: str, act: Callable[..., Answer]) -> Response:
    """A move or chance's outcome written in notation (the body's ``field``) with the
    ``seen`` the client knows of, made by ``act`` (a host method) for the token's seat."""
    table_id = request.path_params["game_id"]
    body = await _body(request)
    text = body.get(field)
    if type(text) is not str:
        raise RequestError(400, "request", f'"{field}" must be a string of notation')
    if len(text) > MAX_MOVE:
        raise RequestError(400, "request", f'"{field}" is at most {MAX_MOVE} characters')
    seen = _seen(body.get("seen"))
    _only(body, {field, "seen"})
    answer = await in_thread(request, act, table_id, _token(request), text, seen=seen)
    request.app.state.watcher.moved(table_id, answer.seen, answer.update.seat)
    return _json(200, seat_answer(answer))


async def undo(request: Request) -> Response:
    """``POST /api/games/ID/undo``: the token's seat's last decision taken back."""
    table_id = request.path_params["game_id"]
    body = await _body(request)
    seen = _seen(body.get("seen"))
    _only(body, {"seen"})
    host = host_of(request)
    taken, answer = await in_thread(request, host.undo, table_id, _token(request), seen=seen)
    if taken:
        request.app.state.watcher.moved(table_id, answer.seen, answer.update.seat)
    return _json(200, {**seat_answer(answer), "taken": taken})


async def public(request: Request) -> Response:
    """``GET /api/games/ID/public?since=N``: what a spectator sees."""
    host, since = host_of(request), _since(request)
    found = await in_thread(request, host.public, request.path_params["game_id"], since)
    outcome = found.outcome
    answer = {
        "seen": found.seen,
        "game": found.game,
        "mode": found.meta.get("mode"),
        "players": found.players,
        "to_move": _actor(found.to_move),
        "outcome": None
        if outcome is None
        else {
            "scores": list(outcome.scores),
            "winners": list(outcome.winners),
            "reason": outcome.reason,
        },
        "log": list(found.log),
        "view": codec.encode(found.view, game=found.game),
        "figures": figures_of(find_game(found.game), found.view),
    }
    return _json(200, answer)


async def hint(request: Request) -> Response:
    """``GET /api/games/ID/hint``: the search's hint for the token's seat, if the table's
    hint policy allows it."""
    host, table_id = host_of(request), request.path_params["game_id"]
    found = await in_thread(request, host.hint_document, table_id, _token(request))
    return _json(200, {"hint": found})


async def seat_review(request: Request) -> Response:
    """``GET /api/games/ID/review``: the token's seat's review, once the game is over."""
    host, table_id = host_of(request), request.path_params["game_id"]
    found = await in_thread(request, host.review, table_id, _token(request))
    return _json(200, {"review": dict(found)})


async def moment(request: Request) -> Response:
    """``GET /api/games/ID/review/moment?move=N``: the table as the token's seat saw it just
    before move N, once the game is over."""
    host, table_id = host_of(request), request.path_params["game_id"]
    values = request.query_params.getlist("move")
    if len(values) != 1 or not re.fullmatch(r"[0-9]{1,10}", values[0]):
        raise RequestError(400, "request", "move: one move's number, from 1")
    number = int(values[0])
    found = await in_thread(request, host.moment, table_id, _token(request), number)
    return _json(200, {"move": number, "update": codec.encode(found)})


async def public_review(request: Request) -> Response:
    """``GET /api/games/ID/public/review``: every seat's review, once the game is over."""
    host, table_id = host_of(request), request.path_params["game_id"]
    found = await in_thread(request, host.reviews, table_id)
    return _json(200, {"reviews": [dict(found[seat]) for seat in sorted(found)]})


async def live(websocket: WebSocket) -> None:
    """``WS /api/games/ID/live?token=TOKEN&since=N``: ``{"seen": N}`` now and whenever the
    table moves (with ``since``, the seat's answers instead)."""
    state = websocket.app.state
    sockets: dict[str, int] = state.sockets
    where = address(websocket)
    if state.requests.take(where) or sockets.get(where, 0) >= state.limits.sockets:
        await websocket.close(code=4429)
        return
    host, table_id = host_of(websocket), websocket.path_params["game_id"]
    token = websocket.query_params.get("token")
    try:
        since = _since_of(websocket.query_params.getlist("since"), None)
    except RequestError:
        since = -1
    if since == -1 or (since is not None and token is None):
        await websocket.close(code=4400)
        return
    seat_number = None
    try:
        if token is not None:
            seat_number = await in_thread(websocket, host.seat_of, table_id, token)
        version = await in_thread(websocket, host.stored_version, table_id)
    except (HostError, PicnicError):
        version = None
    if version is None:
        await websocket.close(code=4404)
        return
    sockets[where] = sockets.get(where, 0) + 1
    try:
        await websocket.accept()
        async with state.watcher.watch(table_id, version) as watched:
            if since is None or token is None:
                await _push(websocket, watched)
            else:
                documents = _Documents(websocket, table_id, token, seat_number, since)
                await _push(websocket, watched, documents)
    except (WebSocketDisconnect, OSError, RuntimeError):
        pass
    finally:
        sockets[where] -= 1
        if not sockets[where]:
            del sockets[where]


ROUTES: Final = (
    *[Route(path, guarded(page_file), methods=["GET"]) for path in PAGE],
    Route("/favicon.ico", guarded(no_icon), methods=["GET"]),
    Route("/api/games/{game_id}", guarded(seat), methods=["GET"]),
    Route("/api/games/{game_id}/moves", guarded(move), methods=["POST"]),
    Route("/api/games/{game_id}/join", guarded(join), methods=["POST"]),
    Route("/api/games/{game_id}/chance", guarded(chance), methods=["POST"]),
    Route("/api/games/{game_id}/undo", guarded(undo), methods=["POST"]),
    Route("/api/games/{game_id}/public", guarded(public), methods=["GET"]),
    Route("/api/games/{game_id}/hint", guarded(hint), methods=["GET"]),
    Route("/api/games/{game_id}/review", guarded(seat_review), methods=["GET"]),
    Route("/api/games/{game_id}/review/moment", guarded(moment), methods=["GET"]),
    Route("/api/games/{game_id}/public/review", guarded(public_review), methods=["GET"]),
    WebSocketRoute("/api/games/{game_id}/live", live),
    *lobby.routes(guarded),
)
"""Every route of the application, each handler behind :func:`guarded`."""


async def _push(websocket: WebSocket, watched: Any, documents: _Documents | None = None) -> None:
    """Send ``{"seen": N}`` now and whenever the table moves, until the client leaves;
    with ``documents``, the seat's answers instead (:meth:`_Documents.message`)."""

    async def send(version: int, by: int | None) -> None:
        if documents is None:
            message = {"seen": version}
        else:
            message = await documents.message(version, by)
        await websocket.send_text(_text(message))

    sent = watched.version
    await send(sent, None)
    receiving = asyncio.ensure_future(websocket.receive())
    try:
        while True:
            # a change made while the last message was being made is sent at once: waiting
            # for the next one would keep it from the client until then
            if watched.version == sent:
                changed = asyncio.ensure_future(watched.changed.wait())
                done, _ = await asyncio.wait(
                    {receiving, changed}, return_when=asyncio.FIRST_COMPLETED
                )
                if receiving in done:
                    if receiving.result()["type"] == "websocket.disconnect":
                        changed.cancel()
                        return
                    receiving = asyncio.ensure_future(websocket.receive())  # a client's words
                if changed not in done:
                    changed.cancel()
                    continue
            sent, by = watched.version, watched.by
            await send(sent, by)
    finally:
        receiving.cancel()


class _Documents:
    """A seat's documents for its live connection (opened with ``since``): ``known`` is the
    number of moves the server believes its client knows of."""

    def __init__(
        self, websocket: WebSocket, table_id: str, token: str, seat: int | None, known: int
    ) -> None:
        self.websocket, self.host = websocket, host_of(websocket)
        self.table_id, self.token, self.seat, self.known = table_id, token, seat, known

    async def message(self, version: int, by: int | None) -> dict[str, Any]:
        """The message for the table at ``version`` moves, made by seat ``by``'s move if
        known: the seat's answer with its observations after the first ``known`` moves,
        and ``"since"`` saying so (0 when the version fell below ``known``: a move was
        taken back); ``{"seen"}`` alone after the seat's own move (its client has that
        answer already) or when the answer cannot be made (its client then asks)."""
        if by is not None and by == self.seat:
            self.known = version
            return {"seen": version}
        since = self.known if self.known <= version else 0
        try:
            answer = self.host.answer_loaded(self.table_id, self.token, since, version)
            if answer is None:
                answer = await in_thread(
                    self.websocket, self.host.answer, self.table_id, self.token, since
                )
        except (HostError, PicnicError):
            self.known = version
            return {"seen": version}
        self.known = answer.seen
        return {**seat_answer(answer), "since": since}


def _text(message: dict[str, Any]) -> str:
    """A message as JSON text, written as the HTTP answers are (never a character that
    cannot be sent as UTF-8)."""
    return json_text(message).encode("utf-8", "replace").decode("utf-8")


def seat_answer(answer: Answer) -> dict[str, Any]:
    """A seat's answer as JSON; at a real table, with ``real_table`` and ``outcomes``."""
    found: dict[str, Any] = {
        "seen": answer.seen,
        "mode": answer.meta.get("mode"),
        "update": codec.encode(answer.update),
    }
    if answer.real_table:
        found["real_table"] = True
        found["outcomes"] = list(answer.outcomes)
        if answer.redealt:
            found["redealt"] = list(answer.redealt)
    return found


def _actor(actor: Any) -> Any:
    return actor if actor is None or type(actor) is int else "chance"


def _read(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such path, wrong method) as JSON errors."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    path = shorten(request.url.path, 80)
    if status == 405:
        return _error(405, "method", f"{shorten(request.method, 10)} is not allowed on {path}")
    return _error(status, "path", f"no such path: {path}")


def _since(request: Request) -> int:
    return _since_of(request.query_params.getlist("since"), 0) or 0


def _since_of(values: list[str], default: int | None) -> int | None:
    """The one ``since`` among a query's ``values`` (``default`` if there is none)."""
    if not values:
        return default
    if len(values) != 1 or not re.fullmatch(r"[0-9]{1,10}", values[0]):
        raise RequestError(400, "request", "since: one number of observations")
    since = int(values[0])
    if since > MAX_SINCE:
        raise RequestError(400, "request", f"since: at most {MAX_SINCE}")
    return since


def _seen(seen: Any) -> int:
    """A body's ``seen``: the number of moves the client knows of."""
    if type(seen) is not int or not 0 <= seen <= MAX_SINCE:
        raise RequestError(400, "request", '"seen" must be the number of moves you know of')
    return seen


def _token(request: Request) -> str:
    header = request.headers.get("authorization", "")
    if not header.startswith("Bearer "):
        raise RequestError(401, "token", "no seat of this game has that token")
    return header[len("Bearer ") :]
