"""The strict cattrs converter of each game.

Decoding trusts nothing: an int must be a JSON integer (not ``true``, ``1.0``
or ``"1"``), every field of an attrs class must be present (a default is
never filled in) and no other key may be, fixed-size arrays must have their
exact size, and enums are spelled as :mod:`.enums` says. Every failure is
raised as a cattrs exception group whose path :func:`.failures.first_failure`
reads.
"""

from __future__ import annotations

import enum
import functools
import itertools
import json
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, Final

import attrs
import cattrs
from cattrs.errors import ClassValidationError
from cattrs.gen import make_dict_structure_fn

from ..errors import RulesError, shorten
from ..game import AnyGame, Outcome
from .enums import enums_in, spelling, written
from .failures import Invalid, at_field, at_index, json_type, key_segment
from .limits import MAX_ECHO, MAX_INT_DIGITS, MAX_NOTATION

__all__ = ["converter_of", "move_hook"]

# --------------------------------------------------------------------------
# strict scalars


_INT_BOUND: Final = 10**MAX_INT_DIGITS


def _structure_int(value: object, _: Any) -> int:
    if type(value) is not int:
        raise Invalid(f"expected an integer, not {json_type(value)}")
    if not -_INT_BOUND < value < _INT_BOUND:
        digits = len(str(abs(value)))
        raise Invalid(f"an integer of {digits} digits, more than the limit of {MAX_INT_DIGITS}")
    return value


def _structure_bool(value: object, _: Any) -> bool:
    if type(value) is not bool:
        raise Invalid(f"expected a boolean, not {json_type(value)}")
    return value


def _structure_str(value: object, _: Any) -> str:
    if type(value) is not str:
        raise Invalid(f"expected a string, not {json_type(value)}")
    return value


def _structure_float(value: object, _: Any) -> float:
    if type(value) not in (int, float):
        raise Invalid(f"expected a number, not {json_type(value)}")
    return float(value)  # type: ignore[arg-type]


def _structure_none(value: object, _: Any) -> None:
    if value is not None:
        raise Invalid(f"expected null, not {json_type(value)}")


def _unstructure_enum(member: enum.Enum) -> str:
    return written(type(member))[member]


def _structure_enum(value: object, cls: type[enum.Enum]) -> enum.Enum:
    names = spelling(cls)
    if type(value) is not str:
        raise Invalid(f"expected a string naming a {cls.__name__}, not {json_type(value)}")
    try:
        return names[value]
    except KeyError:
        choices = shorten(", ".join(names), 2 * MAX_ECHO)
        shown = shorten(value)
        raise Invalid(f"{shown!r} is not a {cls.__name__} (one of: {choices})") from None


# --------------------------------------------------------------------------
# type predicates


def _is_tuple(t: Any) -> bool:
    return typing.get_origin(t) is tuple or t is tuple


def _is_frozenset(t: Any) -> bool:
    return typing.get_origin(t) is frozenset or t is frozenset


def _is_union(t: Any) -> bool:
    return typing.get_origin(t) in (typing.Union, types.UnionType)


def _expect_array(value: object) -> list[Any]:
    if type(value) is not list:
        raise Invalid(f"expected an array, not {json_type(value)}")
    return value


def _json_sort_key(value: object) -> str:
    return json.dumps(value, sort_keys=True)


# --------------------------------------------------------------------------
# moves


def move_hook(game: AnyGame, allowed: tuple[type[Any], ...]) -> Callable[[Any, Any], Any]:
    """The structure hook of a move in notation, of one of the ``allowed`` move types.

    A string longer than :data:`~.limits.MAX_NOTATION` is refused before the
    game parses it; the game's :class:`~picnic_rules.InvalidMove` gives the reason.
    """

    def hook(value: Any, _: Any) -> Any:
        if type(value) is not str:
            raise Invalid(f"expected a move in notation, not {json_type(value)}")
        if len(value) > MAX_NOTATION:
            raise Invalid(
                f"a move of {len(value)} characters, more than the limit of {MAX_NOTATION}"
            )
        move = game.move_from_str(value)  # InvalidMove: its .reason is reported
        if type(move) not in allowed:
            kinds = ", ".join(m.__name__ for m in allowed)
            shown = shorten(value)
            raise Invalid(f"{shown!r} is a {type(move).__name__}, expected one of: {kinds}")
        return move

    return hook


# --------------------------------------------------------------------------
# the hook factories of one game


class _Hooks:
    """The structure/unstructure hook factories of one game's converter."""

    def __init__(self, converter: cattrs.Converter, game: AnyGame) -> None:
        self.converter = converter
        self.game = game
        self.move_types: tuple[type[Any], ...] = tuple(game.move_types)

    # tuples and sets -------------------------------------------------------

    def tuple_structure(self, t: Any) -> Callable[[Any, Any], Any]:
        args = typing.get_args(t)
        if not args:
            return lambda value, _: tuple(_expect_array(value))
        if len(args) == 2 and args[1] is Ellipsis:
            element = args[0]
            hook = self.converter.get_structure_hook(element)

            def homogeneous(value: Any, _: Any) -> tuple[Any, ...]:
                items = _expect_array(value)
                return _structured(items, itertools.repeat((element, hook)), t)

            return homogeneous
        if args == ((),):  # tuple[()]
            args = ()
        hooks = [self.converter.get_structure_hook(element) for element in args]

        def fixed(value: Any, _: Any) -> tuple[Any, ...]:
            items = _expect_array(value)
            if len(items) != len(args):
                raise Invalid(f"expected an array of {len(args)} items, not {len(items)}")
            return _structured(items, zip(args, hooks, strict=True), t)

        return fixed

    def frozenset_structure(self, t: Any) -> Callable[[Any, Any], Any]:
        args = typing.get_args(t)
        element = args[0] if args else Any
        structure = self.converter.structure

        def hook(value: Any, _: Any) -> frozenset[Any]:
            out: set[Any] = set()
            for i, item in enumerate(_expect_array(value)):
                try:
                    member = structure(item, element)
                    if member in out:
                        raise Invalid("duplicate member of a set")
                except Exception as exc:
                    raise at_index(exc, i, element, t) from None
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

    # unions ----------------------------------------------------------------

    def union_structure(self, t: Any) -> Callable[[Any, Any], Any]:
        members = typing.get_args(t)
        has_none = type(None) in members
        others = tuple(m for m in members if m is not type(None))
        if others and all(m in self.move_types for m in others):
            moves = move_hook(self.game, others)

            def move_or_none(value: Any, _: Any) -> Any:
                if value is None and has_none:
                    return None
                return moves(value, t)

            return move_or_none
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
            raise Invalid(f"{json_type(value)} matches none of: {names}")

        return union

    # attrs classes ---------------------------------------------------------

    def attrs_structure(self, cls: type[Any]) -> Callable[[Any, Any], Any]:
        """Every field present (no default is filled in), no other key, then the constructor."""
        fields = attrs.fields(attrs.resolve_types(cls))
        types_ = {field.name: field.type for field in fields if field.init}
        base = make_dict_structure_fn(cls, self.converter, _cattrs_forbid_extra_keys=True)

        def hook(value: Any, _: Any) -> Any:
            if type(value) is not dict:
                raise Invalid(f"expected an object, not {json_type(value)}")
            for name, field_type in types_.items():
                if name not in value:
                    raise at_field(Invalid("required field missing"), name, field_type, cls)
            for key in value:
                if key not in types_:
                    raise at_field(Invalid("unknown field"), key_segment(key), None, cls)
            try:
                return base(value, cls)
            except ClassValidationError as exc:
                with_notes, without = exc.group_exceptions()
                if with_notes or not without:
                    raise
                raise _refused(cls, types_, without[0]) from None

        return hook


def _refused(cls: type[Any], types_: dict[str, Any], exc: Exception) -> Exception:
    """The constructor of ``cls`` refused the values: place the failure at the field it names.

    A :class:`~picnic_rules.RulesError` names its field; attrs' own validators
    pass the attribute as their second argument. Otherwise the failure is
    the whole object's.
    """
    if isinstance(exc, RulesError):
        if exc.field in types_:
            return at_field(Invalid(exc.reason), exc.field, types_[exc.field], cls)
        return Invalid(exc.reason)
    if len(exc.args) > 1 and isinstance(exc.args[1], attrs.Attribute):
        name = exc.args[1].name
        return at_field(Invalid(str(exc.args[0])), name, types_.get(name), cls)
    return Invalid(str(exc) or type(exc).__name__)


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
        converter.register_structure_hook(move_type, move_hook(game, (move_type,)))
        converter.register_unstructure_hook(move_type, str)

    # every enum's spelling, now: a clash is the game's defect, found before any document
    for cls in enums_in(game.State, game.View, game.Rules, game.Observation, Outcome):
        spelling(cls)
    return converter


@functools.lru_cache(maxsize=32)
def converter_of(game: AnyGame) -> cattrs.Converter:
    """The strict converter of ``game`` (kept for the 32 games used last; raises
    :class:`~.enums.SpellingClash` if two members of one of its enums are spelled alike)."""
    return _make_converter(game)


def _structured(items: list[Any], kinds: Iterable[tuple[Any, Any]], t: Any) -> tuple[Any, ...]:
    """``items`` structured one by one with the ``(type, hook)`` pairs of ``kinds``; an
    error names the index of the item at fault in ``t``."""
    out = []
    for i, (item, (element, hook)) in enumerate(
        zip(items, kinds, strict=False)
    ):  # kinds may repeat
        try:
            out.append(hook(item, element))
        except Exception as exc:
            raise at_index(exc, i, element, t) from None
    return tuple(out)
