"""Notation as data: a move class declares how it is written, the kit writes and reads it.

A game makes one :class:`Notation` and declares each move class's forms with
:meth:`Notation.move`: a *form* is a template of literal words and ``{field}``
slots, and each field has a :class:`Reader` (bounded numbers, the game's
enums with their aliases, cards, tuples of them). From the declarations the
kit derives

* ``__str__`` of every move class (the first form that fits the move),
* :meth:`Notation.read`, the game's ``move_from_str`` (case-insensitive,
  spaces free, the length cap checked before the text is looked at),
* :attr:`Notation.usage`, the one-line summary an error shows, and
* :meth:`Notation.group`, the default ``move_group`` (the verb, then the rest).

Every error is an :class:`~picnic_rules.InvalidMove` in one style: the usage
of the verb's forms (``expected allot GRAIN to SEAT``), the usage of every
form for an unknown verb, or the reader's complaint about one field
(``'x' is not a seat``, ``seat 9 is not in 0..5``).

>>> import attrs
>>> from picnic_rules.kit import Enum, Notation, Number
>>> class Grain(Enum):
...     GREEN = "green"
...     BLUE = "blue"
>>> NOTATION = Notation(max_length=40)
>>> @NOTATION.move("allot {grain} to {seat}", seat=Number(0, 5, "seat"))
... @attrs.frozen
... class Allot:
...     grain: Grain
...     seat: int
>>> @NOTATION.move("pass", "no deal")
... @attrs.frozen
... class Pass:
...     pass
>>> str(Allot(Grain.BLUE, 2))
'allot blue to 2'
>>> NOTATION.read("ALLOT  green to 1"), NOTATION.read("no deal")
(Allot(grain=Grain.GREEN, seat=1), Pass())
>>> NOTATION.read("allot green 1")
Traceback (most recent call last):
...
picnic_rules.errors.InvalidMove: invalid move 'allot green 1': expected allot GRAIN to SEAT
>>> NOTATION.read("allot red to 1")
Traceback (most recent call last):
...
picnic_rules.errors.InvalidMove: invalid move 'allot red to 1': 'red' is not a grain (green, blue)
>>> NOTATION.usage
'expected one of: allot GRAIN to SEAT, pass'

A form may fix a field's value (``Form("buy captured", captured=True)``),
and a class may have several forms: the first whose slots are the move's
set fields (``None`` counts as unset) and whose fixed values are the move's
writes it; every form reads. Forgiving input a rulebook's words call for
("Play 2 Red Flies + Joker on 3") stays in the game: it rewrites the text,
then calls :meth:`Notation.read`.
"""

from __future__ import annotations

import enum
import re
import sys
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from ..errors import InvalidMove, with_article
from ..typevars import T

__all__ = [
    "Choice",
    "Form",
    "Notation",
    "NotationError",
    "Number",
    "Reader",
    "Several",
    "read_value",
]

C = TypeVar("C", bound=type)


class NotationError(Exception):
    """Raised by a :class:`Reader` for text that is not a value of its field; the
    :class:`Notation` turns it into :class:`~picnic_rules.InvalidMove` with the whole text."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        self.slots_read = 0
        """How many slots of the form were read before this one failed (the notation shows
        the complaint of the form that got furthest)."""
        super().__init__(reason)


class Reader(Protocol[T]):
    """How one field of a move is written and read.

    ``name`` is how usage text shows the slot (``"SEAT"``); ``read`` gets the
    slot's text (lower case, single spaces) and returns the value or raises
    :class:`NotationError`; ``write`` gives the text of a value.
    """

    @property
    def name(self) -> str:
        """The slot's name in usage text, in capitals (``"CARD"``)."""
        ...

    def read(self, text: str) -> T:
        """The value ``text`` names; :class:`NotationError` if it names none."""
        ...

    def write(self, value: T) -> str:
        """The text of ``value``."""
        ...


@attrs.frozen
class Number:
    """A whole number from ``low`` to ``high`` (``what`` names it in errors: ``"seat"``).

    >>> Number(0, 5, "seat").read("3")
    3
    >>> Number(0, 5, "seat").read("7")
    Traceback (most recent call last):
    ...
    picnic_rules.kit.notation.NotationError: seat 7 is not in 0..5
    """

    low: int
    high: int
    what: str = "number"
    shown: str | None = None
    """How usage text shows the slot (``"N"``); ``what`` in capitals by default."""

    @property
    def name(self) -> str:
        """The slot's name: ``shown``, or ``what`` in capitals."""
        return self.shown or self.what.upper().replace(" ", "-")

    @property
    def values(self) -> range:
        """Every number the reader reads, ``low`` to ``high`` (what a derived action space
        numbers: :mod:`picnic_rules.kit.spaces`)."""
        return range(self.low, self.high + 1)

    def read(self, text: str) -> int:
        """The number ``text`` writes, if it is one from ``low`` to ``high``."""
        body = text[1:] if text.startswith("-") else text
        digits = body.lstrip("0") or "0"
        if not body.isascii() or not body.isdigit():
            raise NotationError(f"{text!r} is not {with_article(self.what)}")
        if len(digits) > len(str(max(abs(self.low), abs(self.high)))):
            raise NotationError(f"{self.what} {text[:12]} is not in {self.low}..{self.high}")
        value = -int(digits) if text.startswith("-") else int(digits)
        if not self.low <= value <= self.high:
            raise NotationError(f"{self.what} {value} is not in {self.low}..{self.high}")
        return value

    def write(self, value: int) -> str:
        """The number's digits."""
        return str(value)


class Choice(Generic[T]):
    """One of a fixed set of values, each written by ``str`` (an enum's members by default),
    also read by ``aliases`` (``{"duck": Colour.BLUE}``).

    >>> from picnic_rules.kit import Enum
    >>> class Yard(Enum):
    ...     BLUE = "blue"
    >>> Choice(Yard, aliases={"duck": Yard.BLUE}).read("duck")
    Yard.BLUE
    """

    def __init__(
        self,
        values: Iterable[T],
        what: str | None = None,
        *,
        aliases: Mapping[str, T] | None = None,
        name: str | None = None,
    ) -> None:
        members = tuple(values)
        if what is None:
            what = _words_of(getattr(values, "__name__", "value"))
        self.what = what
        self._name = name or what.upper().replace(" ", "-")
        self._values = {" ".join(str(v).lower().split()): v for v in members}
        self._known = dict(self._values)
        for alias, value in (aliases or {}).items():
            self._known[" ".join(alias.lower().split())] = value
        self._listed = ", ".join(self._values)

    @property
    def name(self) -> str:
        """The slot's name (``what`` in capitals unless given)."""
        return self._name

    @property
    def values(self) -> tuple[T, ...]:
        """Every value the reader reads, in the order given (an alias reads one of them)."""
        return tuple(self._values.values())

    def read(self, text: str) -> T:
        """The value written (or aliased) ``text``."""
        value = self._known.get(text)
        if value is None:
            raise NotationError(f"{text!r} is not {with_article(self.what)} ({self._listed})")
        return value

    def write(self, value: T) -> str:
        """``str(value)``."""
        return str(value)


class Several(Generic[T]):
    """``low`` to ``high`` values of ``item`` joined by ``sep`` (``"red 4 + blue 6"``), as a tuple.

    ``also`` lists other separators read as ``sep`` (``","``, ``"and"``).
    """

    def __init__(
        self,
        item: Reader[T],
        low: int = 1,
        high: int = 2,
        *,
        sep: str = " + ",
        also: Sequence[str] = (),
        name: str | None = None,
    ) -> None:
        self.item, self.low, self.high, self.sep = item, low, high, sep
        seps = [sep.strip(), *(s.strip() for s in also)]
        self._split = re.compile(
            "|".join(
                rf"\s*{re.escape(s)}\s*" if not s.isalpha() else rf"\s+{re.escape(s)}\s+"
                for s in seps
            )
        )
        shown = f"{item.name}{sep}{item.name}" if high > 1 else item.name
        self._name = name or (item.name if low == high == 1 else shown)

    @property
    def name(self) -> str:
        """The slot's name: ``CARD + CARD`` for up to two cards."""
        return self._name

    def read(self, text: str) -> tuple[T, ...]:
        """The values ``text`` lists."""
        parts = self._split.split(text)
        if not self.low <= len(parts) <= self.high or any(not p for p in parts):
            many = f"{self.low}" if self.low == self.high else f"{self.low} to {self.high}"
            raise NotationError(f"expected {many} of {self.item.name} joined by {self.sep.strip()}")
        return tuple(self.item.read(part) for part in parts)

    def write(self, value: tuple[T, ...]) -> str:
        """The items joined by ``sep``."""
        return self.sep.join(map(self.item.write, value))


def read_value(reader: Reader[T], text: str) -> T:
    """The value ``text`` names by ``reader`` alone (a card, say), or
    :class:`~picnic_rules.InvalidMove` with the reader's complaint.

    >>> read_value(Number(1, 6, "roll"), "7")
    Traceback (most recent call last):
    ...
    picnic_rules.errors.InvalidMove: invalid move '7': roll 7 is not in 1..6
    """
    if not isinstance(text, str):
        raise InvalidMove(f"<{type(text).__name__}>", "a move must be given as a string")
    if len(text) > _MAX_VALUE:
        raise InvalidMove(text[:20] + "...", f"{len(text)} characters, more than {_MAX_VALUE}")
    try:
        return reader.read(" ".join(text.lower().split()))
    except NotationError as exc:
        raise InvalidMove(text, exc.reason) from None


_MAX_VALUE = 100
"""The longest text :func:`read_value` reads."""


def _written(write: Callable[[Any], str], value: object) -> str:
    """``write(value)``, or ``repr(value)`` if the value is not one ``write`` takes (an
    ill-typed move's ``str`` never fails)."""
    try:
        return write(value)
    except Exception:
        return repr(value)


def _words_of(name: str) -> str:
    """``RoundCard`` -> ``round card``."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


class Form:
    """One way of writing a move class: ``template`` with ``{field}`` slots; ``fixed`` gives
    fields not in the template their values (``Form("buy captured", captured=True)``)."""

    __slots__ = ("fixed", "template")

    def __init__(self, template: str, **fixed: object) -> None:
        self.template = template
        self.fixed: Mapping[str, object] = fixed

    def __repr__(self) -> str:
        fixed = "".join(f", {name}={value!r}" for name, value in self.fixed.items())
        return f"Form({self.template!r}{fixed})"


_SLOT = re.compile(r"\{(\w+)\}")


class _Compiled:
    """A form ready to read and write."""

    def __init__(self, cls: type, form: Form, readers: Mapping[str, Reader[Any]]) -> None:
        self.cls, self.form = cls, form
        self.slots = tuple(_SLOT.findall(form.template))
        self.readers = readers
        words = form.template.split()
        self.verb = words[0].lower() if words and not _SLOT.search(words[0]) else None
        pattern = ""
        for piece in re.split(r"(\{\w+\}|\s+)", form.template):
            if not piece:
                continue
            if piece.isspace():
                pattern += r"\s+"
            elif _SLOT.fullmatch(piece):
                pattern += rf"(?P<{piece[1:-1]}>.+?)"
            else:
                pattern += r"\s*".join(map(re.escape, piece.lower()))
        self.pattern = re.compile(pattern, re.IGNORECASE | re.DOTALL)
        self.usage = form.template

    def read(self, text: str) -> object:
        match = self.pattern.fullmatch(text)
        if match is None:
            return None
        values: dict[str, Any] = {}
        for slot in self.slots:
            try:
                values[slot] = self.readers[slot].read(" ".join(match.group(slot).lower().split()))
            except NotationError as exc:
                exc.slots_read = len(values)
                raise
        return self.cls(**values, **self.form.fixed)


class Notation:
    """The notation of one game's moves (see the module docs); ``max_length`` caps the text
    :meth:`read` looks at, ``readers`` gives the reader of every field of a type
    (``{Card: CARD}``) where a form's own keyword readers do not, ``notes`` ends the usage
    text (``"a CARD is COLOUR [fox] VALUE"``)."""

    def __init__(
        self,
        *,
        max_length: int = 100,
        readers: Mapping[object, Reader[Any]] | None = None,
        notes: str = "",
    ) -> None:
        self.max_length = max_length
        self.readers: dict[object, Reader[Any]] = dict(readers or {})
        self.notes = notes
        self._forms: list[_Compiled] = []
        self._by_verb: dict[str | None, list[_Compiled]] = {}
        self.classes: list[type] = []

    def move(
        self, *forms: str | Form, usage: str | None = None, **readers: Reader[Any]
    ) -> Callable[[C], C]:
        """Declare a move class's forms (the first writes) and the readers of its fields
        that the notation's ``readers`` by type do not give; installs ``__str__``.

        ``usage`` is how errors and :attr:`usage` show the class when its forms are many
        (``"play [N] COLOUR INSECT[+joker] [on PILE]"``); by default, each form itself.
        A class that is not yet an attrs class is made a frozen one (``attrs.frozen``):
        a move without fields (``keep``) needs no other decorator.
        """
        if not forms:
            raise TypeError("a move class needs at least one form")
        caller = sys._getframe(1)  # where the class's annotations are resolved
        scope = (caller.f_globals, caller.f_locals)

        def declare(cls: C) -> C:
            if not attrs.has(cls):
                cls = attrs.frozen(cls)
            compiled = [
                _Compiled(cls, form if isinstance(form, Form) else Form(form), {}) for form in forms
            ]
            slots = {slot for form in compiled for slot in form.slots}
            found = {name: self._reader(cls, name, readers, scope) for name in sorted(slots)}
            for form in compiled:
                form.readers = found
                form.usage = usage or _SLOT.sub(
                    lambda m: found[m.group(1)].name, form.form.template
                )
                self._forms.append(form)
                self._by_verb.setdefault(form.verb, []).append(form)
            cls.__str__ = _writer(cls, compiled, found)  # type: ignore[method-assign]
            self.classes.append(cls)
            return cls

        return declare

    def _reader(
        self,
        cls: type,
        field: str,
        given: Mapping[str, Reader[Any]],
        scope: tuple[dict[str, Any], Mapping[str, Any]],
    ) -> Reader[Any]:
        if field in given:
            return given[field]
        names = {f.name for f in attrs.fields(cls)}
        if field not in names:
            raise TypeError(f"{cls.__name__} has no field {field!r} for its notation")
        try:
            hint = typing.get_type_hints(cls).get(field)
        except NameError:  # a class defined in a function: its annotations name locals
            hint = typing.get_type_hints(cls, scope[0], dict(scope[1])).get(field)
        if hint in self.readers:
            return self.readers[hint]
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            reader: Reader[Any] = Choice(hint)
            self.readers[hint] = reader
            return reader
        raise TypeError(f"{cls.__name__}.{field}: no reader for {hint!r}; give one")

    @property
    def usage(self) -> str:
        """``expected one of: FORM, FORM, ...`` (the first form of each class), then the notes."""
        first: dict[type, str] = {}
        for form in self._forms:
            first.setdefault(form.cls, form.usage)
        text = "expected one of: " + ", ".join(first.values())
        return f"{text} ({self.notes})" if self.notes else text

    def read(self, text: str) -> Any:
        """The move ``text`` writes; :class:`~picnic_rules.InvalidMove` in the one style if none.

        Text that is not a string, longer than ``max_length`` or empty is refused first.
        """
        if not isinstance(text, str):
            raise InvalidMove(f"<{type(text).__name__}>", "a move must be given as a string")
        if len(text) > self.max_length:
            raise InvalidMove(
                text[:20] + "...",
                f"notation is {len(text)} characters, more than {self.max_length}",
            )
        plain = text.strip()
        if not plain:
            raise InvalidMove(text, "empty move")
        verb = plain.split()[0].lower()
        forms = self._by_verb.get(verb, []) + self._by_verb.get(None, [])
        if not forms:
            raise InvalidMove(text, self.usage)
        complaint: str | None = None
        furthest = -1  # the complaint of the form that read the most slots before one failed
        for form in forms:
            try:
                move = form.read(plain)
            except NotationError as exc:
                if exc.slots_read > furthest:
                    complaint, furthest = exc.reason, exc.slots_read
                continue
            if move is not None:
                return move
        if complaint is not None:
            raise InvalidMove(text, complaint)
        if verb not in self._by_verb:
            raise InvalidMove(text, self.usage)
        shown = " or ".join(dict.fromkeys(form.usage for form in self._by_verb[verb]))
        raise InvalidMove(text, f"expected {shown}")

    def forms_of(self, cls: type) -> tuple[tuple[Form, Mapping[str, Reader[Any]]], ...]:
        """The forms declared for ``cls``, in order (the first writes), each with the readers
        of its slots (what :mod:`picnic_rules.kit.spaces` derives an action space from)."""
        return tuple(
            (form.form, {slot: form.readers[slot] for slot in form.slots})
            for form in self._forms
            if form.cls is cls
        )

    def group(self, move: object) -> tuple[str, str]:
        """The default ``move_group``: the first word of ``str(move)``, then the rest."""
        verb, _, rest = str(move).partition(" ")
        return verb, rest


def _writer(cls: type, forms: list[_Compiled], readers: Mapping[str, Reader[Any]]) -> Any:
    """The generated ``__str__`` of ``cls``: the first form whose slots are the move's set
    fields and whose fixed values are the move's (a slot whose reader is plain ``str``
    costs one format)."""
    names = [f.name for f in attrs.fields(cls)]
    namespace: dict[str, Any] = {"repr": repr}
    lines = ["def __str__(self):"]
    for number, form in enumerate(forms):
        conditions = [f"self.{slot} is not None" for slot in form.slots]
        conditions += [
            f"self.{name} is None"
            for name in names
            if name not in form.slots and name not in form.form.fixed and _default_none(cls, name)
        ]
        for name, value in form.form.fixed.items():
            namespace[f"v{number}_{name}"] = value
            conditions.append(f"self.{name} == v{number}_{name}")
        parts = []
        for piece in re.split(r"(\{\w+\})", form.form.template):
            if _SLOT.fullmatch(piece):
                slot = piece[1:-1]
                reader = readers[slot]
                if type(reader) in (Choice, Number):
                    parts.append("{self." + slot + "}")
                else:
                    namespace[f"w_{slot}"] = reader.write
                    namespace["written"] = _written
                    parts.append("{written(w_" + slot + ", self." + slot + ")}")
            else:
                parts.append(piece.replace("{", "{{").replace("}", "}}"))
        body = f"return f{''.join(parts)!r}"
        if conditions:
            lines.append(f"    if {' and '.join(conditions)}:\n        {body}")
        else:
            lines.append(f"    {body}")
            break
    else:
        lines.append("    return f'<{type(self).__name__} {self!r}>'")
    exec(compile("\n".join(lines) + "\n", f"<notation of {cls.__qualname__}>", "exec"), namespace)
    fn = namespace["__str__"]
    fn.__qualname__ = f"{cls.__qualname__}.__str__"
    fn.__doc__ = "The move in notation."
    return fn


def _default_none(cls: type, name: str) -> bool:
    """Whether the field ``name`` of ``cls`` defaults to ``None`` (an optional slot)."""
    field = attrs.fields_dict(cls)[name]
    return field.default is None
