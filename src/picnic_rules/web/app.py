"""The ASGI application: the page, its static files, the JSON API and the live connection.

==========================================  ===========================================
``GET /``                                   the page (``static/index.html``)
``GET /static/app.js``, ``style.css``       its script and style sheet
``POST /api/games``                         a new game: ``{"mode": "computer" | "pass" |
                                            "invite", "seed": N | null}`` → 201 ``{"id",
                                            "mode", "seats": [{"seat", "token"}, ...],
                                            "invites": [{"seat", "invite"}, ...]}``
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
``GET /api/lobby``, ``POST /api/tables``    the lobby and tables of any game: see
                                            :mod:`picnic_rules.web.lobby`
``WS /api/games/ID/live?token=TOKEN``       a WebSocket that sends ``{"seen": N}`` at once
                                            and whenever the table moves (no token: a
                                            spectator's); with ``&since=N`` too, the
                                            seat's answer with ``"since"`` instead
                                            (``{"seen"}`` alone after its own move)
==========================================  ===========================================

Every error is JSON ``{"error": NAME, "reason": TEXT}`` and changes nothing: 400
(malformed JSON, a bad field, a move that is not notation, ``text``: text that is not
Unicode, ``invalid``: a value the host cannot keep), 401 (no or wrong
token or invite), 403 (``undo-off``: the table's undo policy forbids it), 404
(unknown game or path), 405 (wrong method), 408 (a body sent too slowly), 409 (out of turn, an illegal move, ``stale``: ``seen`` is not the
number of moves made, ``taken``: the invite was used, ``not-chance``: no chance outcome to
tell), 413 (a body over
:data:`MAX_BODY` bytes), 429 (too many requests or tables from one address, with
``Retry-After``) and 500 (a bug, logged). Every reason is short: nothing a client
sent is echoed whole.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import re
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, Final, Literal, TypeVar

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
from ..host import (
    Answer,
    Host,
    HostError,
    NoSuchTable,
    NotASeat,
    NotChance,
    SeatTaken,
    StaleMove,
    UndoOff,
)
from ..host.inputs import BadInput
from ..registry import get_game as find_game
from . import lobby
from .limits import Bucket, Limits
from .push import EVERY, Watcher
from .reading import (
    BODY_SECONDS,
    HEADERS,
    MAX_BODY,
    MAX_MOVE,
    MAX_SEED,
    MAX_SINCE,
    RequestError,
    json_text,
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
    "Mode",
    "RequestError",
    "create_app",
]

Mode = Literal["computer", "pass", "invite"]
"""How a game is played: ``"computer"`` (seat 0 is the person, who goes first; seat 1 the
computer), ``"pass"`` (pass and play: both seats on one device, Player 1 = seat 0 starts)
or ``"invite"`` (seat 0 here, seat 1 for whoever opens the invite link)."""

MODES: Final[tuple[Mode, ...]] = ("computer", "pass", "invite")
"""Every :data:`Mode`."""

GAME: Final = "sandwich"
"""The game of ``POST /api/games``, the first clients' call (a table of any game:
``POST /api/tables``, :mod:`picnic_rules.web.lobby`)."""

THREADS: Final = 4
"""Worker threads for the host's calls (each blocks on the store for a moment)."""

STATIC: Final[dict[str, str]] = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}
"""The files of the page (package data of :mod:`picnic_rules.web`) and their types."""

_log = logging.getLogger(__name__)
_T = TypeVar("_T")
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
    same store. The host's calls run in ``threads`` worker threads."""
    tables = host if host is not None else Host()
    find_game(GAME)  # loaded now, once: the registry's first load is not safe across threads
    limits = limits if limits is not None else Limits()
    requests = Bucket(limits.requests_per_second, limits.request_burst)
    creations = Bucket(limits.tables_per_minute / 60.0, limits.table_burst)
    sockets: dict[str, int] = {}
    watcher = Watcher(tables.store.versions, every)
    files = {name: _read(name) for name in STATIC}
    limiter = anyio.CapacityLimiter(threads)

    async def run_in_threadpool(call: Callable[..., _T], *args: Any, **kwargs: Any) -> _T:
        """``call`` in one of ``threads`` worker threads (the host's calls block on the
        store; few threads keep the interpreter's lock from being fought over)."""
        return await anyio.to_thread.run_sync(
            functools.partial(call, *args, **kwargs), limiter=limiter
        )

    def guard(handler: _Handler) -> _Handler:
        """``handler`` behind the request limit, with every refusal a JSON error."""

        async def guarded(request: Request) -> Response:
            try:
                _limit(requests, _address(request), "requests")
                return await handler(request)
            except RequestError as error:
                return _error(error.status, error.error, error.reason, error.headers)
            except NoSuchTable:
                return _error(404, "game", "no game has that id")
            except BadInput as error:
                return _error(400, "invalid", error.reason)
            except StaleMove as error:
                return _error(409, "stale", str(error))
            except SeatTaken as error:
                return _error(409, "taken", error.reason)
            except NotASeat as error:
                return _error(401, "token", error.reason)
            except UndoOff as error:
                return _error(403, "undo-off", error.reason)
            except NotChance as error:
                return _error(409, "not-chance", error.reason)
            except HostError as error:
                return _error(409, "host", error.reason)
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

    def static(name: str) -> _Handler:
        async def serve(request: Request) -> Response:
            return Response(files[name], media_type=STATIC[name], headers=HEADERS)

        return serve

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204, headers=HEADERS)

    async def new_game(request: Request) -> Response:
        body = await _body(request)
        mode, seed = body.get("mode", "computer"), body.get("seed")
        if mode not in MODES:
            raise RequestError(400, "request", f'"mode" must be one of {", ".join(MODES)}')
        if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
            raise RequestError(400, "request", f'"seed" must be null or an integer 0 to {MAX_SEED}')
        _only(body, {"mode", "seed"})
        _limit(creations, _address(request), "new games")
        opened = await run_in_threadpool(
            tables.open,
            GAME,
            agents={1: "computer"} if mode == "computer" else {},
            open_seats=[1] if mode == "invite" else [],
            seed=seed,
            meta={"mode": mode},
        )
        seats = [{"seat": seat, "token": token} for seat, token in opened.tokens.items()]
        invites = [{"seat": seat, "invite": token} for seat, token in opened.invites.items()]
        answer = {"id": opened.table, "mode": mode, "seats": seats, "invites": invites}
        return _json(201, answer)

    async def join(request: Request) -> Response:
        table_id = request.path_params["game_id"]
        body = await _body(request)
        invite = body.get("invite")
        if type(invite) is not str or len(invite) > MAX_MOVE:
            raise RequestError(400, "request", '"invite" must be the invite of an open seat')
        _only(body, {"invite"})
        seat, token = await run_in_threadpool(tables.join, table_id, invite)
        return _json(200, {"id": table_id, "seat": seat, "token": token})

    async def get_game(request: Request) -> Response:
        since = _since(request)
        table_id = request.path_params["game_id"]
        answer = await run_in_threadpool(tables.answer, table_id, _token(request), since)
        return _json(200, _seat_answer(answer))

    async def told(request: Request, field: str, act: Callable[..., Answer]) -> Response:
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
        answer = await run_in_threadpool(act, table_id, _token(request), text, seen=seen)
        watcher.moved(table_id, answer.seen, answer.update.seat)
        return _json(200, _seat_answer(answer))

    async def move(request: Request) -> Response:
        return await told(request, "move", tables.play)

    async def chance(request: Request) -> Response:
        return await told(request, "outcome", tables.tell)

    async def undo(request: Request) -> Response:
        table_id = request.path_params["game_id"]
        body = await _body(request)
        seen = _seen(body.get("seen"))
        _only(body, {"seen"})
        taken, answer = await run_in_threadpool(
            tables.take_back, table_id, _token(request), seen=seen
        )
        if taken:
            watcher.moved(table_id, answer.seen, answer.update.seat)
        return _json(200, {**_seat_answer(answer), "taken": taken})

    async def public(request: Request) -> Response:
        since = _since(request)
        found = await run_in_threadpool(tables.public, request.path_params["game_id"], since)
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

    async def live(websocket: WebSocket) -> None:
        address = websocket.client.host if websocket.client else "unknown"
        if requests.take(address) or sockets.get(address, 0) >= limits.sockets:
            await websocket.close(code=4429)
            return
        table_id = websocket.path_params["game_id"]
        token = websocket.query_params.get("token")
        try:
            since = _since_of(websocket.query_params.getlist("since"), None)
        except RequestError:
            since = -1
        if since == -1 or (since is not None and token is None):
            await websocket.close(code=4400)
            return
        seat = None
        try:
            if token is not None:
                seat = await run_in_threadpool(tables.seat_of, table_id, token)
            version = await run_in_threadpool(tables.stored_version, table_id)
        except (HostError, PicnicError):
            version = None
        if version is None:
            await websocket.close(code=4404)
            return
        sockets[address] = sockets.get(address, 0) + 1
        try:
            await websocket.accept()
            async with watcher.watch(table_id, version) as watched:
                if since is None or token is None:
                    await _push(websocket, watched)
                else:
                    documents = _Documents(tables, run_in_threadpool, table_id, token, seat, since)
                    await _push(websocket, watched, documents)
        except (WebSocketDisconnect, OSError, RuntimeError):
            pass
        finally:
            sockets[address] -= 1
            if not sockets[address]:
                del sockets[address]

    routes = [
        Route("/", guard(static("index.html")), methods=["GET"]),
        Route("/static/app.js", guard(static("app.js")), methods=["GET"]),
        Route("/static/style.css", guard(static("style.css")), methods=["GET"]),
        Route("/favicon.ico", guard(no_icon), methods=["GET"]),
        Route("/api/games", guard(new_game), methods=["POST"]),
        Route("/api/games/{game_id}", guard(get_game), methods=["GET"]),
        Route("/api/games/{game_id}/moves", guard(move), methods=["POST"]),
        Route("/api/games/{game_id}/join", guard(join), methods=["POST"]),
        Route("/api/games/{game_id}/chance", guard(chance), methods=["POST"]),
        Route("/api/games/{game_id}/undo", guard(undo), methods=["POST"]),
        Route("/api/games/{game_id}/public", guard(public), methods=["GET"]),
        WebSocketRoute("/api/games/{game_id}/live", live),
        *lobby.routes(
            tables,
            guard=guard,
            run=run_in_threadpool,
            created=lambda request: _limit(creations, _address(request), "new games"),
            headers=HEADERS,
        ),
    ]

    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error})
    app.state.host = tables
    app.state.watcher = watcher
    return app


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
        self,
        host: Host,
        run: Callable[..., Awaitable[Any]],
        table_id: str,
        token: str,
        seat: int | None,
        known: int,
    ) -> None:
        self.host, self.run = host, run
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
                answer = await self.run(self.host.answer, self.table_id, self.token, since)
        except (HostError, PicnicError):
            self.known = version
            return {"seen": version}
        self.known = answer.seen
        return {**_seat_answer(answer), "since": since}


def _text(message: dict[str, Any]) -> str:
    """A message as JSON text, written as the HTTP answers are (never a character that
    cannot be sent as UTF-8)."""
    return json_text(message).encode("utf-8", "replace").decode("utf-8")


def _seat_answer(answer: Answer) -> dict[str, Any]:
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


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _limit(bucket: Bucket, address: str, what: str) -> None:
    wait = bucket.take(address)
    if wait:
        seconds = max(1, math.ceil(wait))
        raise RequestError(
            429,
            "busy",
            f"too many {what} from your address: try again in {seconds} s",
            {"Retry-After": str(seconds)},
        )


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
