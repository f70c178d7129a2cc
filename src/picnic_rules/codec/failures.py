"""The failures raised while structuring, and the path and reason a DecodeError reports.

The converter's hooks raise :class:`Invalid` for a leaf failure and wrap it
in cattrs' own exception groups (:func:`at_field`, :func:`at_index`), so that
:func:`cattrs.transform_error` builds the path (``$.state.hands[1][0]``);
:func:`first_failure` takes the first of its messages apart again.
"""

from __future__ import annotations

import json
from typing import Any

import cattrs
from cattrs import transform_error
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    IterableValidationError,
    IterableValidationNote,
)

from ..errors import DecodeError, InvalidState, shorten
from .limits import MAX_ECHO, MAX_REASON

__all__ = [
    "Invalid",
    "at_field",
    "at_index",
    "check_keys",
    "checked",
    "first_failure",
    "json_type",
    "key_segment",
    "structure",
]


class Invalid(Exception):
    """A leaf failure inside structuring: :attr:`reason` is reported at the current path."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def json_type(value: object) -> str:
    """The JSON type of a parsed value, with its article (``"an integer"``), for messages."""
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


def key_segment(key: object) -> str:
    """How an object key of a document appears after the ``.`` of a path: short and unambiguous.

    >>> key_segment("hands"), key_segment("a b"), key_segment(3)
    ('hands', '"a b"', '3')
    """
    if type(key) is str and key.isidentifier() and len(key) <= MAX_ECHO:
        return key
    text = json.dumps(key) if type(key) is str else repr(key)
    return shorten(text)


def at_index(exc: Exception, index: int, element_type: Any, container: Any) -> Exception:
    """``exc`` placed at item ``index`` of an array (a cattrs iterable failure)."""
    exc.__notes__ = [
        *getattr(exc, "__notes__", []),
        IterableValidationNote(f"Structuring {container} @ index {index}", index, element_type),
    ]
    return IterableValidationError(f"While structuring {container}", [exc], container)


def at_field(exc: Exception, name: str, field_type: Any, cls: type[Any]) -> Exception:
    """``exc`` placed at field ``name`` of an object (a cattrs class failure)."""
    exc.__notes__ = [
        *getattr(exc, "__notes__", []),
        AttributeValidationNote(f"Structuring class {cls.__name__} @ {name}", name, field_type),
    ]
    return ClassValidationError(f"While structuring {cls.__name__}", [exc], cls)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, Invalid):
        return exc.reason
    reason = getattr(exc, "reason", None)
    if type(reason) is str:
        return reason
    return str(exc) or type(exc).__name__


def first_failure(exc: BaseException, path: str) -> tuple[str, str]:
    """The path and the (shortened) reason of the first leaf failure in a cattrs error."""
    reasons: list[str] = []

    def token(leaf: BaseException, _: object) -> str:
        reasons.append(_reason(leaf))
        return str(len(reasons) - 1)  # a token without " @ ", so the path splits off exactly

    index, _, where = transform_error(exc, path, token)[0].partition(" @ ")
    return where, shorten(reasons[int(index)], MAX_REASON)


def structure(converter: cattrs.Converter, value: object, cls: Any, path: str) -> Any:
    """``value`` structured as ``cls``; any failure is a :class:`~picnic_rules.DecodeError` at its path."""
    try:
        return converter.structure(value, cls)
    except Exception as exc:
        raise DecodeError(*first_failure(exc, path)) from None


def check_keys(value: object, fields: tuple[str, ...], path: str) -> dict[str, Any]:
    """``value`` if it is an object with exactly the keys ``fields``; else a
    :class:`~picnic_rules.DecodeError` at ``path`` (or at the missing or unknown key)."""
    if type(value) is not dict:
        raise DecodeError(path, f"expected an object, not {json_type(value)}")
    for key in fields:
        if key not in value:
            raise DecodeError(f"{path}.{key}", "required field missing")
    for key in value:
        if key not in fields:
            raise DecodeError(f"{path}.{key_segment(key)}", "unknown field")
    return value


def checked(check: Any, obj: object, kind: str, path: str) -> None:
    """Run a game's ``check`` (or ``check_view``) on ``obj``; any failure is a
    :class:`~picnic_rules.DecodeError` at ``path`` saying ``obj`` is not a valid ``kind``."""
    try:
        check(obj)
    except InvalidState as exc:
        raise DecodeError(path, shorten(f"not a valid {kind}: {exc.reason}", MAX_REASON)) from None
    except Exception as exc:
        reason = f"not a valid {kind}: {type(exc).__name__}: {exc}"
        raise DecodeError(path, shorten(reason, MAX_REASON)) from None
