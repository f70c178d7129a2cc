"""The options of a game's ``Rules`` from outside: each option's type, the form its value
takes in words, and the one reader of them (:func:`rules_from_values`) that the command
line (``--rules KEY=VALUE``), the web lobby (its JSON) and the PettingZoo environment (its
keyword arguments) all call, so a value reads the same in each.

>>> from picnic_rules import GAMES
>>> rules_form(rules_types(GAMES["ants"].Rules)["round_cards"])  # doctest: +ELLIPSIS
'names separated by commas, in brackets or not, each one of: ...'
>>> rules = rules_from_values(GAMES["ants"], None, {"round_cards": ["honey", "second_wind"],
...                                                "round_cards_dealt": "2"})
>>> [str(card) for card in rules.round_cards], rules.round_cards_dealt
(['second-wind', 'honey'], 2)
"""

from __future__ import annotations

import ast
import enum
import types
import typing
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import attrs

from .errors import RulesError, kind_of, shorten

if TYPE_CHECKING:
    from .game import AnyGame

__all__ = ["MAX_TEXT", "format_rules_value", "rules_form", "rules_from_values", "rules_types"]

MAX_TEXT: Final = 2000
"""The most characters of one option's value written as text (a list's items together)."""

MAX_ITEMS: Final = 1000
"""The most items of one option's value given as a list."""


def rules_types(cls: type) -> dict[str, Any]:
    """The type of each field of the attrs class ``cls`` (its annotation, else its
    default's type)."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception:
        hints = {}
    default = cls()
    return {
        field.name: hints.get(field.name, type(getattr(default, field.name)))
        for field in attrs.fields(cls)
    }


def rules_form(kind: Any) -> str:
    """What a ``--rules`` value of type ``kind`` looks like, in words (``an integer``,
    ``names separated by commas, each one of: honey, stomp``)."""
    origin = typing.get_origin(kind)
    if origin is tuple:
        items = typing.get_args(kind)
        if len(items) == 2 and items[1] is Ellipsis:
            return f"{_plural(items[0])} separated by commas, in brackets or not{_names(items[0])}"
        if len(set(items)) == 1:
            return (
                f"{len(items)} {_plural(items[0])} separated by commas, in brackets or not"
                + _names(items[0])
            )
        return "values separated by commas: " + ", ".join(rules_form(item) for item in items)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(rules_form(option) for option in typing.get_args(kind))
    if kind is type(None):
        return "none"
    if kind is bool:
        return "true or false"
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return "one of: " + ", ".join(str(member) for member in kind)
    if kind is int:
        return "an integer"
    if kind is float:
        return "a number"
    if kind is str:
        return "text"
    return f"a {getattr(kind, '__name__', kind)}"


def _names(kind: Any) -> str:
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return ", each one of: " + ", ".join(str(member) for member in kind)
    return ""


def _plural(kind: Any) -> str:
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return "names"
    return {int: "integers", float: "numbers", bool: "true/false values", str: "texts"}.get(
        kind, "values"
    )


def format_rules_value(value: Any) -> str:
    """``value`` as a person writes it (``--rules KEY=VALUE``, ``picnic rules GAME``), and as
    :func:`rules_from_values` reads it back: ``true``, ``3``, ``honey,stomp``, ``[]``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value)
    if isinstance(value, tuple | frozenset):
        return ",".join(format_rules_value(item) for item in value) if value else "[]"
    if value is None:
        return "none"
    return str(value)


def rules_from_values(game: AnyGame, variant: object, changes: object) -> Any:
    """The ``Rules`` of ``game`` that its ``variant`` names (``None``: the defaults) with the
    options of ``changes`` (a mapping of option names to values; ``None``: none) changed:
    the one reader of a game's rules from outside.

    Each value is converted by its field's annotation, from the Python value itself, from
    JSON's (a list for a tuple) or from text as a person writes it (as
    :func:`format_rules_value` does): ``true``/``false``; an integer; an enum member
    by its value (``second-wind``) or its member name (``second_wind``, any case); a
    tuple's items as a list or separated by commas, in brackets or not. A tuple of an
    enum's members whose default lists each member once in the enum's order (a set, as
    ants' ``round_cards``) takes them in any order and puts them in that order. Then the
    game's own validators judge the whole (``attrs.evolve``).

    Raises :class:`~picnic_rules.RulesError` for an unknown variant or option (its
    :attr:`~picnic_rules.RulesError.field` names the option), a value not of its option's
    form (saying the form expected, with an example) and a value the rules refuse.

    >>> from picnic_rules import GAMES
    >>> rules_from_values(GAMES["insects"], "small-deck", {"buy": "yes"}).buy
    True
    >>> rules_from_values(GAMES["insects"], None, {"hand_size": 0})
    Traceback (most recent call last):
    ...
    picnic_rules.errors.RulesError: hand_size must be at least 1, not 0
    >>> rules_from_values(GAMES["sandwich"], None, {"bread": "many"})
    Traceback (most recent call last):
    ...
    picnic_rules.errors.RulesError: bread: expected an integer, not 'many' (for example bread=16)
    """
    if variant is not None and (type(variant) is not str or variant not in game.variants):
        known = ", ".join(game.variants) or "none"
        raise RulesError(
            f"unknown variant {shorten(variant)!r} for {game.name} (variants: {known})"
        )
    base = game.variants[variant] if variant is not None else game.Rules()
    if changes is None:
        return base
    if not isinstance(changes, Mapping):
        raise RulesError(f"rules options are a mapping of names to values, not {kind_of(changes)}")
    kinds = rules_types(type(base))
    converted: dict[str, Any] = {}
    for name, value in changes.items():
        if type(name) is not str or name not in kinds:
            known = ", ".join(kinds)
            shown = shorten(name)
            raise RulesError(
                f"unknown rules option {shown!r} for {game.name} (options: {known})",
                field=shown,
            )
        default = getattr(base, name)
        try:
            converted[name] = _in_order(_value(value, kinds[name]), default)
        except _Unreadable as unreadable:
            shown, example = _shown(value), f"{name}={format_rules_value(default)}"
            if unreadable.problem:
                raise RulesError(f"{name}: {shown} {unreadable.problem}", field=name) from None
            raise RulesError(
                f"{name}: expected {rules_form(kinds[name])}, not {shown} (for example {example})",
                field=name,
            ) from None
    try:
        return attrs.evolve(base, **converted)
    except RulesError:
        raise
    except (TypeError, ValueError) as exc:  # a validator that is not the kit's
        raise RulesError(shorten(exc, 200)) from None


def _shown(value: object) -> str:
    """A value that is not of its option's form, quoted in the error."""
    if type(value) is str:
        return repr(shorten(value))
    if isinstance(value, list | tuple):
        return repr(shorten(",".join(map(str, value))))
    return kind_of(value) if not isinstance(value, bool | int) else str(value).lower()


def _in_order(value: Any, default: Any) -> Any:
    """Members given for an option whose default lists each member once in the enum's order
    (a set, as ``round_cards``), put in that order; any other value as it is."""
    if not (isinstance(value, tuple) and isinstance(default, tuple)) or not value:
        return value
    if not all(isinstance(item, enum.Enum) for item in (*value, *default)):
        return value
    kind: type[enum.Enum] = type(value[0])
    rank = {member: index for index, member in enumerate(list(kind))}
    if any(type(item) is not kind for item in (*value, *default)):
        return value
    if list(default) != sorted(set(default), key=rank.__getitem__):
        return value  # the order means something here
    return tuple(sorted(value, key=rank.__getitem__))


class _Unreadable(Exception):
    """A value that is not of its option's form; ``problem`` says what, if not the form."""

    def __init__(self, problem: str = "") -> None:
        super().__init__(problem)
        self.problem = problem


def _value(value: Any, kind: Any) -> Any:
    """``value`` (the value itself, JSON's, or text) as an option of type ``kind`` takes it;
    :class:`_Unreadable` if it is not of that form."""
    if type(value) is str and len(value) > MAX_TEXT:
        raise _Unreadable(f"is longer than {MAX_TEXT} characters")
    origin = typing.get_origin(kind)
    if origin in (tuple, frozenset):
        return _items(value, kind, origin)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(kind):
            try:
                return _value(value, option)
            except _Unreadable:
                continue
        raise _Unreadable
    if type(value) is str:
        return _text(value.strip(), kind)
    if kind is type(None) and value is None:
        return None
    if kind is bool and type(value) is bool:
        return value
    if kind is int and type(value) is int:
        return value
    if kind is float and type(value) in (int, float):
        return float(value)
    if isinstance(kind, type) and issubclass(kind, enum.Enum) and type(value) is kind:
        return value
    if kind not in (bool, int, float) and isinstance(kind, type) and isinstance(value, kind):
        return value
    raise _Unreadable


def _items(value: Any, kind: Any, origin: Any) -> Any:
    """A tuple's (or frozenset's) items: a list, a tuple, a set, or text separated by
    commas, in brackets or not."""
    if type(value) is str:
        text = value.strip()
        if text[:1] in ("[", "(") and text[-1:] != {"[": "]", "(": ")"}[text[:1]]:
            raise _Unreadable(
                "opens a bracket it does not close (was the value cut at the end of a line?)"
            )
        if text[:1] + text[-1:] in ("[]", "()"):
            text = text[1:-1]
        parts: list[Any] = [part.strip() for part in text.split(",")] if text.strip() else []
        if parts and not parts[-1]:  # a trailing comma
            parts.pop()
    elif isinstance(value, list | tuple | frozenset | set) and len(value) <= MAX_ITEMS:
        parts = list(value)
    else:
        raise _Unreadable
    items = typing.get_args(kind)
    if origin is frozenset:
        return frozenset(_value(part, items[0]) for part in parts)
    if len(items) == 2 and items[1] is Ellipsis:
        return tuple(_value(part, items[0]) for part in parts)
    if len(parts) != len(items):
        raise _Unreadable
    return tuple(_value(part, item) for part, item in zip(parts, items, strict=True))


def _text(text: str, kind: Any) -> Any:
    """``text`` as a person writes a value of type ``kind``."""
    if kind is type(None):
        if text.lower() in ("none", "null", ""):
            return None
        raise _Unreadable
    if kind is bool:
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise _Unreadable
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        wanted = _name(text)
        for member in kind:
            if wanted in (_name(str(member)), _name(member.name)):
                return member
        raise _Unreadable
    if kind is int:
        if len(text) > 20:
            raise _Unreadable
        try:
            return int(text)
        except ValueError:
            raise _Unreadable from None
    if kind is float:
        try:
            return float(text)
        except ValueError:
            raise _Unreadable from None
    if kind is str:
        return text
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        raise _Unreadable from None
    if isinstance(kind, type) and not isinstance(value, kind):
        raise _Unreadable
    return value


def _name(text: str) -> str:
    return text.strip().lower().replace("_", "-").replace(" ", "-")
