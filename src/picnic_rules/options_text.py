"""The options of a game's ``Rules`` as a person writes them: each option's type and the
form its value takes in words. The command line (``--rules``, ``picnic rules``) and the
web lobby both say them so.

>>> from picnic_rules import GAMES
>>> rules_form(rules_types(GAMES["ants"].Rules)["round_cards"])  # doctest: +ELLIPSIS
'names separated by commas, in brackets or not, each one of: ...'
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Any

import attrs

__all__ = ["rules_form", "rules_types"]


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
