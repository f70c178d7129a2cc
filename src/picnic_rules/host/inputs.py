"""What a host takes from its callers, checked before anything is stored: table ids,
seeds, labels, the options of a new table. Whatever a caller passes, a host answers with a
:class:`~.errors.HostError` (never a ``TypeError``), and it stores only what it can load
back.

>>> seed_of(7), seed_of(None)
(7, None)
>>> seed_of(True)
Traceback (most recent call last):
...
picnic_rules.host.inputs.BadInput: a seed is null or an integer of at most 39 digits, not a bool
>>> labels_of({"mode": "invite"})
{'mode': 'invite'}
>>> labels_of({"name": "\\ud800"})
Traceback (most recent call last):
...
picnic_rules.host.inputs.BadInput: label 'name' holds a character that is not Unicode text (a lone surrogate)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..errors import kind_of, shorten
from ..match import MAX_SEED
from .errors import HostError, NoSuchTable

__all__ = [
    "MAX_ID",
    "BadInput",
    "MAX_LABEL",
    "MAX_LABELS",
    "agents_of",
    "labels_of",
    "seats_of",
    "seed_of",
    "table_id_of",
    "unicode_problem",
    "undo_of",
    "hints_of",
]

MAX_ID: Final = 64
"""The longest table id a store keeps (its ``id`` column)."""

MAX_LABELS: Final = 32
"""The most labels (``meta``) a table keeps."""

MAX_LABEL: Final = 4096
"""The longest label name or value, in characters."""


class BadInput(HostError, status=400, name="invalid"):
    """Something a caller passed that a host cannot keep: a seed its store could not load
    back, a label that is not text (or not Unicode), an option of the wrong kind. A web
    server answers it 400."""


def unicode_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored and sent as UTF-8, or ``None`` if it can (a lone
    surrogate, from JSON's ``"\\ud800"``, cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "holds a character that is not Unicode text (a lone surrogate)"
    return None


def table_id_of(value: object) -> str:
    """``value`` if it can be a table's id; :class:`~.errors.NoSuchTable` if not (no table
    has an id that is not text, or longer than :data:`MAX_ID`)."""
    if type(value) is not str or len(value) > MAX_ID or unicode_problem(value):
        raise NoSuchTable("no table has that id")
    return value


def seed_of(value: object) -> int | None:
    """``value`` if it is a seed a record keeps and loads back: ``None`` or an int (not a
    bool) of at most 39 digits."""
    if value is None or (type(value) is int and abs(value) < MAX_SEED):
        return value
    shown = "one of more digits" if type(value) is int else kind_of(value)
    raise BadInput(f"a seed is null or an integer of at most 39 digits, not {shown}")


def labels_of(value: object) -> dict[str, str]:
    """``value`` (``None`` or a mapping of text to text) as a table's labels; refuses what a
    store could not give back: more than :data:`MAX_LABELS` labels, names or values that
    are not text, longer than :data:`MAX_LABEL`, or not Unicode."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise BadInput(f"labels are a mapping of text to text, not {kind_of(value)}")
    if len(value) > MAX_LABELS:
        raise BadInput(f"a table keeps at most {MAX_LABELS} labels")
    labels: dict[str, str] = {}
    for name, text in value.items():
        if type(name) is not str:
            raise BadInput(f"a label's name is text, not {kind_of(name)}")
        shown = shorten(name)
        if type(text) is not str:
            raise BadInput(f"label {shown!r} is text, not {kind_of(text)}")
        for part in (name, text):
            if len(part) > MAX_LABEL:
                raise BadInput(f"label {shown!r} is longer than {MAX_LABEL} characters")
            problem = unicode_problem(part)
            if problem:
                raise BadInput(f"label {shown!r} {problem}")
        labels[name] = text
    return labels


def agents_of(value: object) -> dict[int, str]:
    """``value`` (``None`` or a mapping of seats to agent names) as a table's agents; the
    seats and names themselves are checked against the game."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise BadInput(f"agents are a mapping of seats to agent names, not {kind_of(value)}")
    return dict(value)


def seats_of(value: object) -> list[Any]:
    """``value`` (a list or tuple of seats) as a table's open seats; the seats themselves
    are checked against the game."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise BadInput(f"open seats are a list of seats, not {kind_of(value)}")
    return list(value)


def undo_of(value: object) -> bool | None:
    """``value`` if it is an undo policy: ``None`` (the default), ``True`` or ``False``."""
    if value is None or type(value) is bool:
        return value
    raise BadInput(f"an undo policy is null, true or false, not {kind_of(value)}")


def hints_of(value: object) -> bool | None:
    """``value`` if it is a hint policy: ``None`` (the default), ``True`` or ``False``."""
    if value is None or type(value) is bool:
        return value
    raise BadInput(f"a hint policy is null, true or false, not {kind_of(value)}")
