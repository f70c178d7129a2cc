"""Versioned JSON for the states, views, moves, rules, records and outcomes of every game.

Every document is a JSON object that names its format version, its game and
its kind, followed by the payload::

    {"format": 1, "game": "sandwich", "kind": "move", "move": "play pb on 0"}
    {"format": 1, "game": "sandwich", "kind": "state", "state": {...}}
    {"format": 1, "game": "sandwich", "kind": "record",
     "players": 2, "rules": {...}, "seed": 7, "moves": ["draw pb", ...], "outcome": {...}}

A state, view, rules or outcome document holds its object under the key named
by its kind; a record spreads its fields at the top level. Moves (also inside
records and states) are written in the game's notation, ``str(move)``.

>>> from picnic_rules import GAMES, codec
>>> game = GAMES["sandwich"]
>>> text = codec.dumps(game.new_game(2))
>>> codec.loads(text) == game.new_game(2)
True

Decoding is strict and never trusts its input: an int must be a JSON integer
(not ``true``, ``1.0`` or ``"1"``), unknown keys are refused, fixed-size
arrays must have their exact size, enums must name a member, and a decoded
state or view must pass the game's ``check`` / ``check_view``. Every failure,
whatever its cause, raises :class:`~picnic_rules.DecodeError` carrying the
path of the bad field (``$.state.hands[1][0]``) and the reason. Nothing here
uses pickle.

Games are found through :data:`picnic_rules.GAMES` when a document is read or
written, so this module imports no game itself.
"""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal, TypeAlias

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn

from .errors import DecodeError
from .game import Game, Outcome

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
# errors


class _Invalid(Exception):
    """A leaf failure inside structuring: ``reason`` is reported at the current path."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _first_failure(exc: BaseException, path: str) -> tuple[str, str]:
    """The path and reason of the first leaf failure in a (nested) cattrs error."""
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"{path}.{sorted(exc.extra_fields)[0]}", "unknown field"
    if isinstance(exc, ClassValidationError):
        with_notes, without = exc.group_exceptions()
        if with_notes:
            sub, note = with_notes[0]
            if isinstance(sub, KeyError):
                return f"{path}.{note.name}", "required field missing"
            return _first_failure(sub, f"{path}.{note.name}")
        if without:
            return _first_failure(without[0], path)
        return path, str(exc)
    if isinstance(exc, IterableValidationError):
        items, rest = exc.group_exceptions()
        if items:
            sub, item = items[0]
            index = item.index
            suffix = f"[{index}]" if isinstance(index, int) else f".{index}"
            return _first_failure(sub, path + suffix)
        if rest:
            return _first_failure(rest[0], path)
        return path, str(exc)
    if isinstance(exc, _Invalid):
        return path, exc.reason
    if isinstance(exc, DecodeError):
        # raised by a nested hook with its own relative path ("$" + suffix)
        return path + exc.path.removeprefix("$"), exc.reason
    reason = str(exc) or type(exc).__name__
    return path, reason


def _at_index(exc: Exception, index: int, element_type: Any, container: Any) -> Exception:
    exc.__notes__ = [
        *getattr(exc, "__notes__", []),
        IterableValidationNote(f"Structuring {container} @ index {index}", index, element_type),
    ]
    return IterableValidationError(f"While structuring {container}", [exc], container)


def _at_field(exc: Exception, name: str, field_type: Any, cls: type[Any]) -> Exception:
    exc.__notes__ = [
        *getattr(exc, "__notes__", []),
        AttributeValidationNote(f"Structuring class {cls.__name__} @ {name}", name, field_type),
    ]
    return ClassValidationError(f"While structuring {cls.__name__}", [exc], cls)


# --------------------------------------------------------------------------
# strict hooks


def _structure_int(value: object, _: Any) -> int:
    if type(value) is not int:
        raise _Invalid(f"expected an integer, not {_json_type(value)}")
    return value


def _structure_bool(value: object, _: Any) -> bool:
    if type(value) is not bool:
        raise _Invalid(f"expected a boolean, not {_json_type(value)}")
    return value


def _structure_str(value: object, _: Any) -> str:
    if type(value) is not str:
        raise _Invalid(f"expected a string, not {_json_type(value)}")
    return value


def _structure_float(value: object, _: Any) -> float:
    if type(value) not in (int, float):
        raise _Invalid(f"expected a number, not {_json_type(value)}")
    return float(value)  # type: ignore[arg-type]


def _structure_none(value: object, _: Any) -> None:
    if value is not None:
        raise _Invalid(f"expected null, not {_json_type(value)}")


_ENUM_BASES: Final = frozenset(
    {enum.Enum, enum.IntEnum, enum.StrEnum, enum.Flag, enum.IntFlag, enum.ReprEnum}
)


def _enum_names(cls: type[enum.Enum]) -> dict[str, enum.Enum]:
    """The JSON spelling of every member of ``cls``.

    An enum that defines its own ``__str__`` (the sandwich ``Card``: ``"pb"``)
    is written as ``str(member)``; another int enum as its lower-case name; any
    other enum as its value.
    """
    custom_str = any(
        "__str__" in vars(klass)
        for klass in cls.__mro__
        if issubclass(klass, enum.Enum) and klass not in _ENUM_BASES
    )
    names: dict[str, enum.Enum] = {}
    for member in cls:
        if custom_str:
            key: object = str(member)
        elif isinstance(member, int):
            key = member.name.lower()
        else:
            key = member.value
        if not isinstance(key, str) or key in names:
            return {member.name.lower(): member for member in cls}
        names[key] = member
    return names


@functools.cache
def _enum_table(cls: type[enum.Enum]) -> tuple[dict[str, enum.Enum], dict[enum.Enum, str]]:
    names = _enum_names(cls)
    return names, {member: name for name, member in names.items()}


def _unstructure_enum(member: enum.Enum) -> str:
    return _enum_table(type(member))[1][member]


def _structure_enum(value: object, cls: type[enum.Enum]) -> enum.Enum:
    names = _enum_table(cls)[0]
    if type(value) is not str:
        raise _Invalid(f"expected a string naming a {cls.__name__}, not {_json_type(value)}")
    try:
        return names[value]
    except KeyError:
        choices = ", ".join(names)
        raise _Invalid(f"{value!r} is not a {cls.__name__} (one of: {choices})") from None


def _is_tuple(t: Any) -> bool:
    return typing.get_origin(t) is tuple or t is tuple


def _is_frozenset(t: Any) -> bool:
    return typing.get_origin(t) is frozenset or t is frozenset


def _is_union(t: Any) -> bool:
    return typing.get_origin(t) in (typing.Union, types.UnionType)


def _expect_array(value: object) -> list[Any]:
    if type(value) is not list:
        raise _Invalid(f"expected an array, not {_json_type(value)}")
    return value


def _json_sort_key(value: object) -> str:
    return json.dumps(value, sort_keys=True)


class _Hooks:
    """The structure/unstructure hook factories of one game's converter."""

    def __init__(self, converter: cattrs.Converter, game: Game) -> None:
        self.converter = converter
        self.game = game
        self.move_types: tuple[type[Any], ...] = tuple(game.move_types)

    # tuples --------------------------------------------------------------

    def tuple_structure(self, t: Any) -> Callable[[Any, Any], Any]:
        args = typing.get_args(t)
        structure = self.converter.structure
        if not args:
            return lambda value, _: tuple(_expect_array(value))
        if len(args) == 2 and args[1] is Ellipsis:
            element = args[0]
            hook = self.converter.get_structure_hook(element)

            def homogeneous(value: Any, _: Any) -> tuple[Any, ...]:
                items = _expect_array(value)
                out = []
                for i, item in enumerate(items):
                    try:
                        out.append(hook(item, element))
                    except Exception as exc:
                        raise _at_index(exc, i, element, t) from None
                return tuple(out)

            return homogeneous
        if args == ((),):  # tuple[()]
            args = ()

        def fixed(value: Any, _: Any) -> tuple[Any, ...]:
            items = _expect_array(value)
            if len(items) != len(args):
                raise _Invalid(f"expected an array of {len(args)} items, not {len(items)}")
            out = []
            for i, (item, element) in enumerate(zip(items, args, strict=True)):
                try:
                    out.append(structure(item, element))
                except Exception as exc:
                    raise _at_index(exc, i, element, t) from None
            return tuple(out)

        return fixed

    def frozenset_structure(self, t: Any) -> Callable[[Any, Any], Any]:
        args = typing.get_args(t)
        element = args[0] if args else Any
        structure = self.converter.structure

        def hook(value: Any, _: Any) -> frozenset[Any]:
            items = _expect_array(value)
            out: set[Any] = set()
            for i, item in enumerate(items):
                try:
                    member = structure(item, element)
                    if member in out:
                        raise _Invalid("duplicate member of a set")
                except Exception as exc:
                    raise _at_index(exc, i, element, t) from None
                out.add(member)
            return frozenset(out)

        return hook

    def sequence_unstructure(self, t: Any) -> Callable[[Any], Any]:
        unstructure = self.converter.unstructure
        return lambda value: [unstructure(item) for item in value]

    def frozenset_unstructure(self, t: Any) -> Callable[[Any], Any]:
        unstructure = self.converter.unstructure

        def hook(value: Any) -> list[Any]:
            return sorted((unstructure(item) for item in value), key=_json_sort_key)

        return hook

    # unions --------------------------------------------------------------

    def union_structure(self, t: Any) -> Callable[[Any, Any], Any]:
        members = typing.get_args(t)
        has_none = type(None) in members
        others = tuple(m for m in members if m is not type(None))
        if others and all(m in self.move_types for m in others):
            move_hook = self.move_structure_for(others)

            def moves(value: Any, _: Any) -> Any:
                if value is None and has_none:
                    return None
                return move_hook(value, t)

            return moves
        structure = self.converter.structure

        def union(value: Any, _: Any) -> Any:
            if value is None and has_none:
                return None
            failure: Exception | None = None
            for member in others:
                try:
                    return structure(value, member)
                except Exception as exc:
                    failure = failure or exc
            if len(others) == 1 and failure is not None:
                raise failure
            names = ", ".join(getattr(m, "__name__", str(m)) for m in members)
            raise _Invalid(f"{_json_type(value)} matches none of: {names}")

        return union

    # moves ---------------------------------------------------------------

    def move_structure_for(self, allowed: tuple[type[Any], ...]) -> Callable[[Any, Any], Any]:
        game = self.game

        def hook(value: Any, _: Any) -> Any:
            if type(value) is not str:
                raise _Invalid(f"expected a move in notation, not {_json_type(value)}")
            try:
                move = game.move_from_str(value)
            except Exception as exc:
                raise _Invalid(str(exc)) from None
            if type(move) not in allowed:
                kinds = ", ".join(m.__name__ for m in allowed)
                raise _Invalid(f"{value!r} is a {type(move).__name__}, expected one of: {kinds}")
            return move

        return hook

    # attrs classes ---------------------------------------------------------

    def attrs_structure(self, cls: type[Any]) -> Callable[[Any, Any], Any]:
        base = make_dict_structure_fn(cls, self.converter, _cattrs_forbid_extra_keys=True)

        def hook(value: Any, _: Any) -> Any:
            if type(value) is not dict:
                raise _Invalid(f"expected an object, not {_json_type(value)}")
            try:
                return base(value, cls)
            except ClassValidationError as exc:
                with_notes, without = exc.group_exceptions()
                if with_notes or not without or isinstance(without[0], ForbiddenExtraKeysError):
                    raise
                # the constructor refused the values (an attrs validator):
                # find the field it refused, to report its path
                raise self._locate(cls, value, without[0]) from None

        return hook

    def _locate(self, cls: type[Any], value: dict[str, Any], exc: Exception) -> Exception:
        try:
            return self._locate_field(cls, value)
        except Exception:  # the class cannot be taken apart: report the whole object
            return _Invalid(str(exc) or type(exc).__name__)

    def _locate_field(self, cls: type[Any], value: dict[str, Any]) -> Exception:
        fields = attrs.fields(attrs.resolve_types(cls))
        structured: dict[str, Any] = {}
        for field in fields:
            if field.name in value:
                structured[field.name] = self.converter.structure(value[field.name], field.type)
            elif field.default is not attrs.NOTHING:
                default = field.default
                if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                    continue
                structured[field.name] = default
        instance = object.__new__(cls)
        for name, item in structured.items():
            object.__setattr__(instance, name, item)
        for field in fields:
            if field.validator is None or field.name not in structured:
                continue
            try:
                field.validator(instance, field, structured[field.name])
            except Exception as found:
                return _at_field(_Invalid(str(found)), field.name, field.type, cls)
        raise LookupError("no single field is at fault")


def _make_converter(game: Game) -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    hooks = _Hooks(converter, game)

    # scalars: singledispatch registrations, so that they win over cattrs' lenient defaults
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(float, _structure_float)
    converter.register_structure_hook(type(None), _structure_none)
    for base in (enum.Enum, enum.IntEnum, enum.StrEnum, enum.IntFlag):
        converter.register_structure_hook(base, _structure_enum)
        converter.register_unstructure_hook(base, _unstructure_enum)

    # containers and unions (function dispatch: the latest registration wins)
    converter.register_structure_hook_factory(_is_tuple, hooks.tuple_structure)
    converter.register_structure_hook_factory(_is_frozenset, hooks.frozenset_structure)
    converter.register_structure_hook_factory(_is_union, hooks.union_structure)
    converter.register_unstructure_hook_factory(_is_tuple, hooks.sequence_unstructure)
    converter.register_unstructure_hook_factory(_is_frozenset, hooks.frozenset_unstructure)
    converter.register_unstructure_hook(tuple, hooks.sequence_unstructure(tuple))
    converter.register_unstructure_hook(frozenset, hooks.frozenset_unstructure(frozenset))
    converter.register_structure_hook_factory(attrs.has, hooks.attrs_structure)

    # moves, wherever they appear: their notation
    for move_type in hooks.move_types:
        converter.register_structure_hook(move_type, hooks.move_structure_for((move_type,)))
        converter.register_unstructure_hook(move_type, str)
    return converter


@functools.cache
def _converter(game: Game) -> cattrs.Converter:
    return _make_converter(game)


# --------------------------------------------------------------------------
# games


def _games() -> Mapping[str, Game]:
    from . import GAMES  # at call time: the registry imports the games, not this module

    return GAMES


def _game_named(name: str, path: str = "$.game") -> Game:
    games = _games()
    try:
        return games[name]
    except KeyError:
        known = ", ".join(sorted(games))
        raise DecodeError(path, f"unknown game {name!r} (known: {known})") from None


def _resolve_game(game: Game | str | None) -> Game | None:
    """The game the caller of :func:`decode` expects (an unknown name: path ``game``)."""
    if game is None or isinstance(game, Game):
        return game
    return _game_named(game, "game")


def _kind_of(obj: object, game: Game) -> Kind | None:
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


def _identify(obj: object, game: Game | str | None) -> tuple[Game, Kind]:
    """The game and kind of a game object (Outcome needs ``game``)."""
    from .match import Record, get_game

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


def encode(obj: object, *, game: Game | str | None = None) -> dict[str, Any]:
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


def dumps(obj: object, *, game: Game | str | None = None, indent: int | None = None) -> str:
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
    game: Game | str | None = None,
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
    game: Game | str | None = None,
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


def _header(doc: dict[str, Any], kind: Kind | None, game: Game | str | None) -> tuple[Game, Kind]:
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


def _decode(doc: object, kind: Kind | None, game: Game | str | None) -> object:
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


def _decode_record(doc: dict[str, Any], game: Game, converter: cattrs.Converter) -> object:
    from .match import Record

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
        _structure(converter, item, move_union, f"$.moves[{i}]")
        for i, item in enumerate(raw_moves)
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
