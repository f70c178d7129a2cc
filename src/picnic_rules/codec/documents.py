"""Documents: the versioned header, and encoding and decoding of each kind."""

from __future__ import annotations

import json
import typing
from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias

import cattrs

from ..errors import DecodeError
from ..game import AnyGame, Game, Outcome
from .converter import _converter, _first_failure, _json_type

__all__ = ["FORMAT", "KINDS", "Kind", "decode", "dumps", "encode", "loads"]


FORMAT: Final = 1
"""The version of the document format this module writes (and the only one it reads)."""

Kind: TypeAlias = Literal["state", "view", "move", "rules", "record", "outcome"]
"""The kinds of document."""

KINDS: Final[tuple[Kind, ...]] = ("state", "view", "move", "rules", "record", "outcome")
"""Every kind of document, in the order the format documentation lists them."""

_HEADER: Final = ("format", "game", "kind")
_RECORD_FIELDS: Final = ("players", "rules", "seed", "moves", "outcome")


# --------------------------------------------------------------------------
# games


def _games() -> Mapping[str, AnyGame]:
    from ..registry import GAMES  # at call time: the registry imports the games, not this module

    return GAMES


def _game_named(name: str, path: str = "$.game") -> AnyGame:
    games = _games()
    try:
        return games[name]
    except KeyError:
        known = ", ".join(sorted(games))
        raise DecodeError(path, f"unknown game {name!r} (known: {known})") from None


def _resolve_game(game: AnyGame | str | None) -> AnyGame | None:
    """The game the caller of :func:`decode` expects (an unknown name: path ``game``)."""
    if game is None or isinstance(game, Game):
        return game
    return _game_named(game, "game")


def _kind_of(obj: object, game: AnyGame) -> Kind | None:
    cls = type(obj)
    if cls is game.State:
        return "state"
    if cls is game.View:
        return "view"
    if cls is game.Rules:
        return "rules"
    if cls in game.move_types:
        return "move"
    return None


def _identify(obj: object, game: AnyGame | str | None) -> tuple[AnyGame, Kind]:
    """The game and kind of a game object (Outcome needs ``game``)."""
    from ..match import Record
    from ..match import _get_game as get_game

    wanted = None if game is None else get_game(game)
    if isinstance(obj, Record):
        if wanted is not None and wanted.name == obj.game:
            return wanted, "record"
        if wanted is not None:
            raise TypeError(f"the record is of {obj.game!r}, not {wanted.name!r}")
        return get_game(obj.game), "record"
    if isinstance(obj, Outcome):
        if wanted is None:
            raise TypeError("encoding an Outcome needs the game: encode(outcome, game=...)")
        return wanted, "outcome"
    candidates = [wanted] if wanted is not None else list(_games().values())
    for candidate in candidates:
        kind = _kind_of(obj, candidate)
        if kind is not None:
            return candidate, kind
    where = f"the game {wanted.name!r}" if wanted is not None else "any registered game"
    raise TypeError(f"{type(obj).__qualname__} is not a state, view, move or rules of {where}")


# --------------------------------------------------------------------------
# encoding


def encode(obj: object, *, game: AnyGame | str | None = None) -> dict[str, Any]:
    """The JSON document (a dict of JSON types) for a state, view, move, rules, record or outcome.

    The game is found from the object's class; an :class:`~picnic_rules.Outcome`
    belongs to no game by itself, so pass ``game`` (a :class:`~picnic_rules.Game`
    or its name) for it. Raises :class:`TypeError` for anything else.
    """
    found, kind = _identify(obj, game)
    converter = _converter(found)
    doc: dict[str, Any] = {"format": FORMAT, "game": found.name, "kind": kind}
    if kind == "record":
        record: Any = obj
        doc["players"] = record.players
        doc["rules"] = converter.unstructure(record.rules, found.Rules)
        doc["seed"] = record.seed
        doc["moves"] = [str(move) for move in record.moves]
        doc["outcome"] = None if record.outcome is None else converter.unstructure(record.outcome)
    elif kind == "move":
        doc["move"] = str(obj)
    else:
        doc[kind] = converter.unstructure(obj)
    return doc


def dumps(obj: object, *, game: AnyGame | str | None = None, indent: int | None = None) -> str:
    """The JSON text of :func:`encode`\\ ``(obj)``; :func:`loads` reads it back."""
    return json.dumps(encode(obj, game=game), indent=indent, ensure_ascii=False)


# --------------------------------------------------------------------------
# decoding


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def loads(
    text: str | bytes,
    *,
    kind: Kind | None = None,
    game: AnyGame | str | None = None,
) -> object:
    """Read a document written by :func:`dumps`; see :func:`decode` for ``kind`` and ``game``.

    Raises :class:`~picnic_rules.DecodeError` (and nothing else) for text that
    is not such a document.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise DecodeError("$", f"expected JSON text, not {type(text).__name__}")
    try:
        doc = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except RecursionError:
        raise DecodeError("$", "malformed JSON: nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise DecodeError("$", f"malformed JSON: {exc}") from None
    return decode(doc, kind=kind, game=game)


def decode(
    doc: object,
    kind: Kind | None = None,
    game: AnyGame | str | None = None,
) -> object:
    """The object a JSON document (already parsed) describes.

    ``kind`` and ``game``, when given, are what the caller expects: a document
    of another kind or game is refused. A decoded state passes the game's
    ``check`` and a view its ``check_view``. Raises
    :class:`~picnic_rules.DecodeError` (and nothing else) with the path of the
    bad field.
    """
    try:
        return _decode(doc, kind, game)
    except DecodeError:
        raise
    except RecursionError:
        raise DecodeError("$", "document nested too deeply") from None
    except Exception as exc:  # a defect in a game's hook or check: still a DecodeError
        raise DecodeError("$", f"{type(exc).__name__}: {exc}") from None


def _header(
    doc: dict[str, Any], kind: Kind | None, game: AnyGame | str | None
) -> tuple[AnyGame, Kind]:
    for key in _HEADER:
        if key not in doc:
            raise DecodeError(f"$.{key}", "required field missing")
    version = doc["format"]
    if type(version) is not int:
        raise DecodeError("$.format", f"expected an integer, not {_json_type(version)}")
    if version != FORMAT:
        raise DecodeError("$.format", f"unsupported format version {version} (this reads {FORMAT})")
    name = doc["game"]
    if type(name) is not str:
        raise DecodeError("$.game", f"expected a string, not {_json_type(name)}")
    wanted = _resolve_game(game)
    # a Game passed in (perhaps one not in the registry) reads documents of its name
    found = wanted if wanted is not None and wanted.name == name else _game_named(name)
    if wanted is not None and wanted is not found:
        raise DecodeError("$.game", f"expected a document of {wanted.name!r}, not {name!r}")
    doc_kind = doc["kind"]
    if type(doc_kind) is not str or doc_kind not in KINDS:
        shown = doc_kind if type(doc_kind) is str else _json_type(doc_kind)
        raise DecodeError("$.kind", f"unknown kind {shown!r} (one of: {', '.join(KINDS)})")
    if kind is not None and doc_kind != kind:
        raise DecodeError("$.kind", f"expected a {kind} document, not {doc_kind!r}")
    return found, doc_kind


def _structure(converter: cattrs.Converter, value: object, cls: Any, path: str) -> Any:
    try:
        return converter.structure(value, cls)
    except Exception as exc:
        where, reason = _first_failure(exc, path)
        raise DecodeError(where, reason) from None


def _check_keys(doc: dict[str, Any], payload: tuple[str, ...]) -> None:
    for key in payload:
        if key not in doc:
            raise DecodeError(f"$.{key}", "required field missing")
    for key in doc:
        if key not in _HEADER and key not in payload:
            raise DecodeError(f"$.{key}", "unknown field")


def _decode(doc: object, kind: Kind | None, game: AnyGame | str | None) -> object:
    if type(doc) is not dict:
        raise DecodeError("$", f"expected an object, not {_json_type(doc)}")
    found, doc_kind = _header(doc, kind, game)
    converter = _converter(found)
    if doc_kind == "record":
        _check_keys(doc, _RECORD_FIELDS)
        return _decode_record(doc, found, converter)
    _check_keys(doc, (doc_kind,))
    path = f"$.{doc_kind}"
    value = doc[doc_kind]
    if doc_kind == "move":
        return _structure(converter, value, typing.Union[tuple(found.move_types)], path)  # noqa: UP007
    if doc_kind == "outcome":
        return _decode_outcome(converter, value, None, path)
    cls = {"state": found.State, "view": found.View, "rules": found.Rules}[doc_kind]
    obj = _structure(converter, value, cls, path)
    check = {"state": found.check, "view": found.check_view}.get(doc_kind)
    if check is not None:
        try:
            check(obj)
        except Exception as exc:
            raise DecodeError(path, f"not a valid {doc_kind}: {exc}") from None
    return obj


def _decode_outcome(
    converter: cattrs.Converter, value: object, players: int | None, path: str
) -> Outcome:
    outcome: Outcome = _structure(converter, value, Outcome, path)
    seats = len(outcome.scores) if players is None else players
    if players is not None and len(outcome.scores) != players:
        raise DecodeError(
            f"{path}.scores", f"expected {players} scores, one per seat, not {len(outcome.scores)}"
        )
    for i, winner in enumerate(outcome.winners):
        if not 0 <= winner < seats:
            raise DecodeError(f"{path}.winners[{i}]", f"{winner} is not a seat")
    if len(set(outcome.winners)) != len(outcome.winners):
        raise DecodeError(f"{path}.winners", "a seat is listed twice")
    return outcome


def _decode_record(doc: dict[str, Any], game: AnyGame, converter: cattrs.Converter) -> object:
    from ..match import Record

    players = _structure(converter, doc["players"], int, "$.players")
    if not game.min_players <= players <= game.max_players:
        raise DecodeError(
            "$.players",
            f"{game.name} takes {game.min_players} to {game.max_players} players, not {players}",
        )
    rules = _structure(converter, doc["rules"], game.Rules, "$.rules")
    seed = _structure(converter, doc["seed"], int | None, "$.seed")
    move_union: Any = typing.Union[tuple(game.move_types)]  # noqa: UP007
    raw_moves = doc["moves"]
    if type(raw_moves) is not list:
        raise DecodeError("$.moves", f"expected an array, not {_json_type(raw_moves)}")
    moves = tuple(
        _structure(converter, item, move_union, f"$.moves[{i}]") for i, item in enumerate(raw_moves)
    )
    raw_outcome = doc["outcome"]
    outcome = (
        None
        if raw_outcome is None
        else _decode_outcome(converter, raw_outcome, players, "$.outcome")
    )
    return Record(
        game=game.name, players=players, rules=rules, seed=seed, moves=moves, outcome=outcome
    )
