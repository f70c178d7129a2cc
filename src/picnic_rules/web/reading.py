"""What every route of the web server reads and answers: the bounds on what a client sends,
:class:`RequestError`, the request's JSON body, the JSON answers (with the page's
headers), the limits per address and the worker threads of the host's calls.
:mod:`picnic_rules.web.app` and :mod:`picnic_rules.web.lobby` both use it.

Every handler is a module-level function of its request alone: what the application
keeps, it keeps on ``request.app.state`` (set by
:func:`~picnic_rules.web.app.create_app`): ``host`` (the
:class:`~picnic_rules.host.Host`), ``threads`` (the limiter of the worker threads),
``requests`` and ``creations`` (the :class:`~.limits.Bucket` of requests and of new
tables per address), and what :mod:`~picnic_rules.web.app` and
:mod:`~picnic_rules.web.lobby` keep of their own."""

from __future__ import annotations

import functools
import json
import json.decoder
import json.scanner
import math
import re
import unicodedata
from collections.abc import Callable
from typing import Any, Final, TypeVar

import anyio
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from ..errors import shorten
from ..host import Host
from ..host.inputs import unicode_problem
from .limits import Bucket

__all__ = [
    "BODY_SECONDS",
    "HEADERS",
    "MAX_BODY",
    "MAX_MOVE",
    "MAX_REASON",
    "MAX_SEED",
    "MAX_SINCE",
    "RequestError",
    "address",
    "error_answer",
    "host_of",
    "in_thread",
    "json_answer",
    "json_text",
    "only_fields",
    "read_body",
    "take",
]

_T = TypeVar("_T")

MAX_SEED: Final = 2**63 - 1
"""The largest seed a new game accepts (seeds are 0 to ``MAX_SEED``)."""

MAX_BODY: Final = 4096
"""The largest request body read, in bytes (a move is far shorter)."""

MAX_MOVE: Final = 200
"""The longest move notation read, in characters."""

MAX_SINCE: Final = 10**9
"""The largest ``since`` or ``seen`` read (a game has far fewer moves)."""

BODY_SECONDS: Final = 10.0
"""Seconds a client has to send a request's body."""

MAX_REASON: Final = 300
"""The longest reason in an error answer, in characters."""

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


class RequestError(Exception):
    """A request the server refuses: an HTTP status, a short error name and a reason (as
    each :class:`~picnic_rules.host.HostError` carries its own)."""

    def __init__(
        self, status: int, name: str, reason: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(reason)
        self.status = status
        """The HTTP status (a 4xx)."""
        self.name = name
        """A short name for the kind of error (``"request"``, ``"json"``, ``"busy"``...): the
        ``error`` of the answer."""
        self.reason = reason
        """What is wrong, for the client."""
        self.headers = headers or {}
        """Headers of the answer (``Retry-After`` on a 429)."""


class _Json(JSONResponse):
    """A JSON answer that can always be sent: a character that is not Unicode (a lone
    surrogate in a table stored before names were checked) is sent as ``?``."""

    def render(self, content: Any) -> bytes:
        return json_text(content).encode("utf-8", "replace")


def json_text(content: Any) -> str:
    """``content`` as the JSON text of an answer or a pushed message (UTF-8, compact)."""
    return json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def json_answer(
    status: int, answer: dict[str, Any], headers: dict[str, str] | None = None
) -> Response:
    """``answer`` as JSON with ``status`` and the page's :data:`HEADERS` (and ``headers``)."""
    return _Json(answer, status_code=status, headers={**HEADERS, **(headers or {})})


def error_answer(
    status: int, error: str, reason: str, headers: dict[str, str] | None = None
) -> Response:
    """The JSON error ``{"error", "reason"}``, the reason cut to :data:`MAX_REASON`."""
    return json_answer(status, {"error": error, "reason": shorten(reason, MAX_REASON)}, headers)


def only_fields(body: dict[str, Any], known: set[str]) -> None:
    """Refuse (400) a body with a field not in ``known``."""
    unknown = sorted(set(body) - known)
    if unknown:
        raise RequestError(400, "request", f"unknown field {shorten(unknown[0])!r}")


_SCAN: Final[Callable[[str, int, bool], tuple[str, int]]] = json.decoder.scanstring  # type: ignore[attr-defined]
"""The standard library's reader of one JSON string."""


class _NotUnicode(ValueError):
    """A JSON string of the body is not Unicode text."""


def _string(text: str, end: int, strict: bool = True) -> tuple[str, int]:
    """A JSON string value of a body: refused if it holds a lone surrogate
    (JSON's ``"\\ud800"``: no store or answer could hold it as UTF-8), else in Unicode's
    composed form (NFC), so that one name is always stored alike."""
    found, end = _SCAN(text, end, strict)
    if unicode_problem(found):
        raise _NotUnicode(found)
    return unicodedata.normalize("NFC", found), end


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object of a body, its keys checked as :func:`_string` checks values."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if unicode_problem(key):
            raise _NotUnicode(key)
        found[unicodedata.normalize("NFC", key)] = value
    return found


def _decoder() -> json.JSONDecoder:
    """A JSON decoder whose every string goes through :func:`_string` (and every key
    through :func:`_object`)."""
    decoder = json.JSONDecoder(object_pairs_hook=_object)
    decoder.parse_string = _string  # type: ignore[attr-defined]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder


_DECODER: Final = _decoder()


async def read_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to :data:`MAX_BODY` bytes within
    :data:`BODY_SECONDS`; its text in Unicode's composed form (NFC), and refused (400
    ``text``) if any of it is not Unicode (a lone surrogate)."""
    length = request.headers.get("content-length")
    if length is not None and (not re.fullmatch(r"[0-9]{1,9}", length) or int(length) > MAX_BODY):
        raise RequestError(413, "size", f"a request body is at most {MAX_BODY} bytes")
    data = bytearray()
    try:
        with anyio.fail_after(BODY_SECONDS):
            async for chunk in request.stream():
                data += chunk
                if len(data) > MAX_BODY:
                    raise RequestError(413, "size", f"a request body is at most {MAX_BODY} bytes")
    except TimeoutError:
        raise RequestError(408, "slow", "the request body came too slowly") from None
    try:
        if data.isascii() and b"\\u" not in data:  # no escape: no surrogate, no accent
            body = json.loads(bytes(data) or b"{}")
        else:
            body = _DECODER.decode(bytes(data).decode("utf-8"))
    except _NotUnicode:
        raise RequestError(
            400, "text", "the body holds text that is not Unicode (a lone surrogate)"
        ) from None
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise RequestError(400, "json", "the body is not JSON") from None
    if type(body) is not dict:
        raise RequestError(400, "json", "the body must be a JSON object")
    return body


def host_of(connection: HTTPConnection) -> Host:
    """The host whose tables the application keeps (``app.state.host``)."""
    host: Host = connection.app.state.host
    return host


async def in_thread(
    request: HTTPConnection, call: Callable[..., _T], *args: Any, **kwargs: Any
) -> _T:
    """``call(*args, **kwargs)`` in one of the application's worker threads (the host's
    calls block on the store; few threads keep the interpreter's lock from being fought
    over)."""
    limiter: anyio.CapacityLimiter = request.app.state.threads
    return await anyio.to_thread.run_sync(functools.partial(call, *args, **kwargs), limiter=limiter)


def address(connection: HTTPConnection) -> str:
    """The client's address (``"unknown"`` when the server does not know it)."""
    return connection.client.host if connection.client else "unknown"


def take(request: Request, bucket: Bucket, what: str) -> None:
    """Take a token from the client address's ``bucket``; refuse (429, ``busy``, with
    ``Retry-After``) when it is empty: ``what`` says what there are too many of."""
    wait = bucket.take(address(request))
    if wait:
        seconds = max(1, math.ceil(wait))
        raise RequestError(
            429,
            "busy",
            f"too many {what} from your address: try again in {seconds} s",
            {"Retry-After": str(seconds)},
        )
