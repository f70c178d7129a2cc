"""The strict cattrs converter of each game, and the paths of its failures."""

from __future__ import annotations

import enum
import functools
import json
import types
import typing
from collections.abc import Callable
from typing import Any, Final

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

from ..errors import DecodeError
from ..game import AnyGame

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

    def __init__(self, converter: cattrs.Converter, game: AnyGame) -> None:
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


def _make_converter(game: AnyGame) -> cattrs.Converter:
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
def _converter(game: AnyGame) -> cattrs.Converter:
    return _make_converter(game)
