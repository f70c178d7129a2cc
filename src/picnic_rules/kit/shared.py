"""A state and its view declared from one list of public fields.

A game writes what every seat sees alike once, as an attrs base class (say
``Public``), and derives both its ``State`` and its ``View`` from it with
``@attrs.frozen(field_transformer=own_fields_first)``: each class's own fields
(the state's hidden cards, the view's seat and sizes) come first, then the
public ones, so the field order -- and the JSON documents -- are what a class
listing every field would give. :func:`public_part` copies the public fields
from a state into a view and back.

>>> import attrs
>>> @attrs.frozen
... class Public:
...     turn: int
>>> @attrs.frozen(field_transformer=own_fields_first)
... class State(Public):
...     deck: int
>>> @attrs.frozen(field_transformer=own_fields_first)
... class View(Public):
...     player: int
...     deck_size: int
>>> [field.name for field in attrs.fields(View)]
['player', 'deck_size', 'turn']
>>> state = State(deck=5, turn=1)
>>> View(player=0, deck_size=state.deck, **public_part(Public, state))
View(player=0, deck_size=5, turn=1)

Build such classes with keywords: a type checker reads the fields in
declaration order (the base's first), so positional arguments would be
checked against the wrong fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["own_fields_first", "public_part"]

_READERS: dict[type, Callable[[object], dict[str, Any]]] = {}
"""The generated reader of each public base :func:`public_part` was asked for."""


def own_fields_first(cls: type, fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """An attrs ``field_transformer``: the class's own fields, in the order it declares them,
    then its base's in the base's order (the order of ``__init__``, ``repr`` and JSON
    documents): a class made with this transformer on a base made with it keeps the
    base's own fields before the base's bases'."""
    own = vars(cls).get("__annotations__", {})
    base = cls.__bases__[0] if cls.__bases__ else object
    order = {f.name: at for at, f in enumerate(attrs.fields(base))} if attrs.has(base) else {}
    return sorted(
        fields, key=lambda field: (field.name not in own, order.get(field.name, len(order)))
    )


def public_part(base: type, position: object) -> dict[str, Any]:
    """The fields ``base`` declares, read from ``position`` (a state or a view), by name."""
    read = _READERS.get(base)
    if read is None:
        read = _READERS[base] = _reader(base)
    return read(position)


def _reader(base: type) -> Callable[[object], dict[str, Any]]:
    """A function reading the fields of ``base`` from an object into a dict (written out,
    so a view costs no loop)."""
    names = [field.name for field in attrs.fields(base)]
    items = ", ".join(f"{name!r}: p.{name}" for name in names)
    namespace: dict[str, Any] = {}
    exec(
        compile(f"def read(p):\n    return {{{items}}}\n", f"<public part of {base}>", "exec"),
        namespace,
    )
    read: Callable[[object], dict[str, Any]] = namespace["read"]
    return read
