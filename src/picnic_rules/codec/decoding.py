"""Decoding: reading text within the limits, the header, and each kind of document."""

from __future__ import annotations

import json
import typing
from typing import TYPE_CHECKING, Any, Final, Literal, overload

import attrs

from ..errors import DecodeError, shorten
from ..game import AnyGame, Game, Outcome
from ..kit.checks import check_fields
from ..typevars import M, Ob, R, S, V
from .converter import converter_of
from .documents import FORMAT, HEADER, KINDS, Kind, game_named, resolve_game
from .enums import SpellingClash
from .failures import checked, json_type, key_segment, structure
from .limits import MAX_DEPTH, MAX_DOCUMENT_BYTES, MAX_REASON
from .records import decode_outcome, decode_record
from .updates import HISTORY_FIELDS, decode_history, decode_observation, decode_update

if TYPE_CHECKING:
    from ..client import SeatUpdate
    from ..history import SeatRecord
    from ..match import Record

__all__ = ["decode", "loads"]


_RECORD_FIELDS: Final = ("players", "rules", "seed", "moves", "outcome")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {shorten(key)!r}")
        out[key] = value
    return out


def _check_size(text: str | bytes | bytearray) -> None:
    if isinstance(text, str):
        if len(text) > MAX_DOCUMENT_BYTES:  # at least as many bytes as characters
            size = f"{len(text)} characters"
        else:
            size_bytes = len(text.encode("utf-8", "surrogatepass"))
            if size_bytes <= MAX_DOCUMENT_BYTES:
                return
            size = f"{size_bytes} bytes"
    elif len(text) > MAX_DOCUMENT_BYTES:
        size = f"{len(text)} bytes"
    else:
        return
    limit = MAX_DOCUMENT_BYTES
    raise DecodeError("$", f"the document is {size}, more than the limit of {limit} bytes")


def _check_depth(doc: object) -> None:
    """Refuse arrays and objects nested more than :data:`~.limits.MAX_DEPTH` deep (or cyclic)."""
    todo: list[tuple[object, int]] = [(doc, 1)]
    while todo:
        value, depth = todo.pop()
        if type(value) is dict:
            children: Any = value.values()
        elif type(value) is list:
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise DecodeError("$", f"the document is nested more than {MAX_DEPTH} deep")
        todo.extend((child, depth + 1) for child in children)


@overload
def loads(text: str | bytes, *, kind: Literal["state"], game: Game[S, V, M, R, Ob]) -> S: ...
@overload
def loads(text: str | bytes, *, kind: Literal["view"], game: Game[S, V, M, R, Ob]) -> V: ...
@overload
def loads(text: str | bytes, *, kind: Literal["move"], game: Game[S, V, M, R, Ob]) -> M: ...
@overload
def loads(text: str | bytes, *, kind: Literal["rules"], game: Game[S, V, M, R, Ob]) -> R: ...
@overload
def loads(
    text: str | bytes, *, kind: Literal["record"], game: Game[S, V, M, R, Ob]
) -> Record[M, R]: ...
@overload
def loads(text: str | bytes, *, kind: Literal["observation"], game: Game[S, V, M, R, Ob]) -> Ob: ...
@overload
def loads(
    text: str | bytes, *, kind: Literal["update"], game: Game[S, V, M, R, Ob]
) -> SeatUpdate[V, M, Ob]: ...
@overload
def loads(
    text: str | bytes, *, kind: Literal["history"], game: Game[S, V, M, R, Ob]
) -> SeatRecord[R, Ob]: ...
@overload
def loads(text: str | bytes, *, kind: Literal["public"], game: Game[S, V, M, R, Ob]) -> Any: ...
@overload
def loads(
    text: str | bytes, *, kind: Literal["outcome"], game: AnyGame | str | None = None
) -> Outcome: ...
@overload
def loads(
    text: str | bytes, *, kind: Kind | None = None, game: AnyGame | str | None = None
) -> object: ...


def loads(
    text: str | bytes,
    *,
    kind: Kind | None = None,
    game: AnyGame | str | None = None,
) -> object:
    """Read a document written by :func:`dumps`; see :func:`decode` for ``kind`` and ``game``.

    Given ``kind`` and a :class:`~picnic_rules.Game`, the result has that
    game's type to a type checker (``loads(text, kind="state", game=sandwich.GAME)``
    is a sandwich ``State``). Text longer than
    :data:`~picnic_rules.codec.MAX_DOCUMENT_BYTES` is refused before it is parsed. Raises :class:`~picnic_rules.DecodeError` (and
    nothing else) for text that is not such a document.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise DecodeError("$", f"expected JSON text, not {type(text).__name__}")
    _check_size(text)
    try:
        doc = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except RecursionError:
        raise DecodeError("$", "malformed JSON: nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise DecodeError("$", shorten(f"malformed JSON: {exc}", MAX_REASON)) from None
    return decode(doc, kind=kind, game=game)


@overload
def decode(doc: object, kind: Literal["state"], game: Game[S, V, M, R, Ob]) -> S: ...
@overload
def decode(doc: object, kind: Literal["view"], game: Game[S, V, M, R, Ob]) -> V: ...
@overload
def decode(doc: object, kind: Literal["move"], game: Game[S, V, M, R, Ob]) -> M: ...
@overload
def decode(doc: object, kind: Literal["rules"], game: Game[S, V, M, R, Ob]) -> R: ...
@overload
def decode(doc: object, kind: Literal["record"], game: Game[S, V, M, R, Ob]) -> Record[M, R]: ...
@overload
def decode(doc: object, kind: Literal["observation"], game: Game[S, V, M, R, Ob]) -> Ob: ...
@overload
def decode(
    doc: object, kind: Literal["update"], game: Game[S, V, M, R, Ob]
) -> SeatUpdate[V, M, Ob]: ...
@overload
def decode(
    doc: object, kind: Literal["history"], game: Game[S, V, M, R, Ob]
) -> SeatRecord[R, Ob]: ...
@overload
def decode(doc: object, kind: Literal["public"], game: Game[S, V, M, R, Ob]) -> Any: ...
@overload
def decode(doc: object, kind: Literal["outcome"], game: AnyGame | str | None = None) -> Outcome: ...
@overload
def decode(doc: object, kind: Kind | None = None, game: AnyGame | str | None = None) -> object: ...


def decode(
    doc: object,
    kind: Kind | None = None,
    game: AnyGame | str | None = None,
) -> object:
    """The object a JSON document (already parsed) describes.

    ``kind`` and ``game``, when given, are what the caller expects: a document
    of another kind or game is refused. A decoded state passes the game's
    ``check`` and a view its ``check_view``; a public view has the types its class
    declares (a state or view it holds passes ``check`` or ``check_view``); an outcome (alone or in a
    record, update or history) is one the game can give; an update or a
    history is checked as :mod:`picnic_rules.codec.updates` says. Raises
    :class:`~picnic_rules.DecodeError` (and nothing else) with the path of the
    bad field, except for a defect of the game itself: two members of one of
    its enums spelled alike raise :class:`~picnic_rules.codec.SpellingClash`.
    """
    try:
        _check_depth(doc)
        return _decode(doc, kind, game)
    except (DecodeError, SpellingClash):
        raise
    except RecursionError:
        raise DecodeError("$", "the document is nested too deeply") from None
    except Exception as exc:  # a defect in a game's hook or check: still a DecodeError
        raise DecodeError("$", shorten(f"{type(exc).__name__}: {exc}", MAX_REASON)) from None


def _header(
    doc: dict[str, Any], kind: Kind | None, game: AnyGame | str | None
) -> tuple[AnyGame, Kind]:
    for key in HEADER:
        if key not in doc:
            raise DecodeError(f"$.{key}", "required field missing")
    version = doc["format"]
    if type(version) is not int:
        raise DecodeError("$.format", f"expected an integer, not {json_type(version)}")
    if version != FORMAT:
        shown = shorten(str(version))
        raise DecodeError("$.format", f"unsupported format version {shown} (this reads {FORMAT})")
    name = doc["game"]
    if type(name) is not str:
        raise DecodeError("$.game", f"expected a string, not {json_type(name)}")
    wanted = resolve_game(game)
    # a Game passed in (perhaps one not in the registry) reads documents of its name
    found = wanted if wanted is not None and wanted.name == name else game_named(name)
    if wanted is not None and wanted is not found:
        shown = shorten(name)
        raise DecodeError("$.game", f"expected a document of {wanted.name!r}, not {shown!r}")
    doc_kind = doc["kind"]
    if type(doc_kind) is not str or doc_kind not in KINDS:
        shown = shorten(doc_kind) if type(doc_kind) is str else json_type(doc_kind)
        raise DecodeError("$.kind", f"unknown kind {shown!r} (one of: {', '.join(KINDS)})")
    if kind is not None and doc_kind != kind:
        raise DecodeError("$.kind", f"expected a {kind} document, not {doc_kind!r}")
    return found, doc_kind


def _check_public(game: AnyGame, table: Any) -> None:
    """Refuse a public view whose fields do not have their declared types, or that holds a
    state ``check`` (a view ``check_view``) refuses; what every seat sees of a position is for
    showing, so no more is asked of it."""
    check_fields(table)
    for field in attrs.fields(type(table)):
        value = getattr(table, field.name)
        if type(value) is game.State:
            game.check(value)
        elif type(value) is game.View:
            game.check_view(value)


def _check_keys(doc: dict[str, Any], payload: tuple[str, ...]) -> None:
    for key in payload:
        if key not in doc:
            raise DecodeError(f"$.{key}", "required field missing")
    for key in doc:
        if key not in HEADER and key not in payload:
            raise DecodeError(f"$.{key_segment(key)}", "unknown field")


def _decode(doc: object, kind: Kind | None, game: AnyGame | str | None) -> object:
    if type(doc) is not dict:
        raise DecodeError("$", f"expected an object, not {json_type(doc)}")
    found, doc_kind = _header(doc, kind, game)
    converter = converter_of(found)
    if doc_kind == "record":
        _check_keys(doc, _RECORD_FIELDS)
        return decode_record(doc, found, converter)
    if doc_kind == "history":
        _check_keys(doc, HISTORY_FIELDS)
        return decode_history(doc, found, converter)
    _check_keys(doc, (doc_kind,))
    path = f"$.{doc_kind}"
    value = doc[doc_kind]
    if doc_kind == "move":
        return structure(converter, value, typing.Union[tuple(found.move_types)], path)  # noqa: UP007
    if doc_kind == "outcome":
        return decode_outcome(found, converter, value, None, path)
    if doc_kind == "rules":
        return structure(converter, value, found.Rules, path)
    if doc_kind == "observation":
        return decode_observation(found, converter, value, path)
    if doc_kind == "update":
        return decode_update(found, converter, value, path)
    if doc_kind == "public":
        public = structure(converter, value, found.PublicView, path)
        checked(lambda table: _check_public(found, table), public, "public view", path)
        return public
    if doc_kind == "state":
        state = structure(converter, value, found.State, path)
        checked(found.check, state, "state", path)
        return state
    view = structure(converter, value, found.View, path)
    checked(found.check_view, view, "view", path)
    return view
