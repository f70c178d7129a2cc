"""A game's fixed, numbered spaces of moves and the bounds of its views: its action-space tier.

A learning library needs three facts of a game that its rules alone do not state, each a
function of ``(players, rules)`` (as OpenSpiel's ``num_distinct_actions`` and pgx's
``num_actions``):

* ``action_space(players, rules)``: an :class:`ActionSpace` holding every move a seat can
  ever list, each with one index;
* ``chance_space(players, rules)``: an :class:`ActionSpace` of every chance outcome, or
  ``None`` for a game whose chance is sampled (its outcomes cannot be listed);
* ``view_bounds(players, rules)``: the most items each variable-length tuple of a view
  can hold, by path -- a field (``piles``), an item of a tuple (``piles[]``) or a field
  of a nested class (``state.dice[].cards``), as :func:`tuple_paths` names them;
* ``tensors(players, rules)``: the :class:`~picnic_rules.kit.tensors.Encoding` of a
  view as a fixed-length vector (:mod:`picnic_rules.kit.tensors`).

A game module may define them (each built-in game does, in its ``spaces.py``);
:func:`~picnic_rules.kit.define_game` keeps them on the :class:`~picnic_rules.Game` record
and names them in :attr:`Game.provides <picnic_rules.Game.provides>`. A game that does not
gets the kit's defaults where they can be derived (:func:`tier`):

* the action space from its notation (:func:`notation_space`): every slot of a form has a
  reader, and a reader with bounded ``values`` (:class:`~picnic_rules.kit.Number`,
  :class:`~picnic_rules.kit.Choice`, a :class:`~picnic_rules.kit.Several` of them) gives
  the slot's values, so each form of each move class is a :class:`Family`; the chance
  outcomes are numbered in the same space (a game with sampled chance has none);
* the view bounds from its :class:`~picnic_rules.kit.Visibility` (:func:`visibility_bounds`):
  an owned field holds one entry per seat, the sizes one per seat, and an owned entry or
  a face-up field one count per card kind of the deck;
* the encoding from its ``View``'s annotations and its view bounds (its own or the
  kit's: :func:`picnic_rules.kit.tensors.structure`).

So a game like the example ``keep_or_swap`` gets all three for free. The invariant harness
checks them at every step of every game it plays (checks ``spaces`` and ``view-bounds``).

A space is a sequence of :class:`Family` blocks. A family is one move class whose fields
range over given values (``Play(card, onto)`` with ``card`` a part and ``onto`` ``None`` or
a sandwich number); its moves are numbered in mixed radix, the last field fastest, and the
families follow one another in the order given. So a space is deterministic (the same
families give the same numbers, run after run) and holds no table of its moves: an index
becomes a move and a move its index by arithmetic, however large the space.

>>> import attrs
>>> @attrs.frozen
... class Step:
...     dx: int
...     dy: int
>>> space = ActionSpace((Family(Step, (("dx", (-1, 0, 1)), ("dy", (-1, 0, 1)))),))
>>> len(space), space.move(5), space.index(Step(1, -1))
(9, Step(dx=0, dy=1), 6)

This module imports no game and no numpy: the action mask of
:mod:`picnic_rules.pettingzoo.actions` adds that.
"""

from __future__ import annotations

import bisect
import enum
import itertools
import math
import operator
import random
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, TypeAlias, Union

import attrs

from ..errors import PicnicError, move_text
from ..game import CHANCE, Actor, ChanceMode
from ..typevars import M, S
from . import tensors
from .notation import Notation, Reader, Several

__all__ = [
    "LIMIT",
    "TIER",
    "ActionSpace",
    "Bounds",
    "Family",
    "Heads",
    "first_decision",
    "hint",
    "longest",
    "members",
    "notation_space",
    "tier",
    "tuple_paths",
    "upto",
    "visibility_bounds",
]

TIER: Final = ("action_space", "chance_space", "view_bounds", "tensors")
"""The names of the tier's functions, each of ``(players, rules)``."""

LIMIT: Final = 1 << 20
"""The most moves a space derived from a notation numbers (a larger one is not derived:
the game declares its own)."""

Bounds: TypeAlias = Callable[[int, Any], dict[str, int]]
"""A ``view_bounds(players, rules)`` function."""


def _positions(values: tuple[object, ...]) -> dict[object, int]:
    return {value: i for i, value in enumerate(values)}


@attrs.frozen
class Family:
    """The moves of class ``kind`` whose fields take every combination of ``fields``' values.

    ``fields`` names every field of ``kind`` the family sets, each with the tuple of its
    values (a field left out keeps its default). The family's size is the product of the
    tuples' lengths.
    """

    kind: type[Any]
    fields: tuple[tuple[str, tuple[object, ...]], ...]
    _positions: tuple[dict[object, int], ...] = attrs.field(init=False, repr=False, eq=False)
    _radix: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_positions", tuple(_positions(v) for _, v in self.fields))
        radix = []
        step = 1
        for _, values in reversed(self.fields):
            radix.append(step)
            step *= len(values)
        object.__setattr__(self, "_radix", tuple(reversed(radix)))

    @property
    def size(self) -> int:
        """How many moves the family holds."""
        return math.prod(len(values) for _, values in self.fields)

    def move(self, number: int) -> Any:
        """The family's move number ``number`` (``0 <= number < size``)."""
        chosen = {}
        for (name, values), step in zip(self.fields, self._radix, strict=True):
            chosen[name] = values[number // step % len(values)]
        return self.kind(**chosen)

    def number(self, move: object) -> int | None:
        """The number of ``move`` in the family, or ``None`` if it is not one of its moves."""
        if type(move) is not self.kind:
            return None
        number = 0
        try:
            for (name, _), positions, step in zip(
                self.fields, self._positions, self._radix, strict=True
            ):
                number += positions[getattr(move, name)] * step
        except (KeyError, TypeError):  # a value outside the family, or one that cannot hash
            return None
        return number


class ActionSpace(Sequence[Any]):
    """Moves numbered ``0 .. len(space) - 1``: the :class:`Family` blocks one after another.

    :meth:`move` turns an index into its move and :meth:`index` a move into its index. A
    move that no family holds has no index: :meth:`index` raises
    :class:`~picnic_rules.PicnicError`.
    """

    def __init__(self, families: Iterable[Family]) -> None:
        self.families: tuple[Family, ...] = tuple(families)
        """The blocks, in index order."""
        offsets = []
        total = 0
        for family in self.families:
            offsets.append(total)
            total += family.size
        self._offsets = tuple(offsets)
        self._size = total
        by_kind: dict[type[Any], list[tuple[int, Family]]] = {}
        for offset, family in zip(self._offsets, self.families, strict=True):
            by_kind.setdefault(family.kind, []).append((offset, family))
        self._by_kind = {kind: tuple(found) for kind, found in by_kind.items()}
        self._cache: dict[object, int] = {}

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self.move(i) for i in range(*index.indices(self._size))]
        return self.move(index)

    def __iter__(self) -> Iterator[Any]:
        for family in self.families:
            for number in range(family.size):
                yield family.move(number)

    def __contains__(self, move: object) -> bool:
        return self.find(move) is not None

    def __repr__(self) -> str:
        return f"<ActionSpace of {self._size} moves in {len(self.families)} families>"

    def move(self, index: int) -> Any:
        """The move numbered ``index`` (an int, or a numpy integer);
        :class:`~picnic_rules.PicnicError` outside the space."""
        try:
            number = operator.index(index) if not isinstance(index, bool) else None
        except TypeError:
            number = None
        if number is None:
            raise PicnicError(f"an action is an int, not {type(index).__name__}")
        if not 0 <= number < self._size:
            raise PicnicError(f"action {number} is not in 0..{self._size - 1}")
        for offset, family in zip(reversed(self._offsets), reversed(self.families), strict=True):
            if number >= offset:
                return family.move(number - offset)
        raise AssertionError("unreachable: offsets start at 0")  # pragma: no cover

    def find(self, move: object) -> int | None:
        """The index of ``move``, or ``None`` if the space does not hold it."""
        try:
            return self._cache[move]
        except (KeyError, TypeError):
            pass
        for offset, family in self._by_kind.get(type(move), ()):
            number = family.number(move)
            if number is not None:
                if len(self._cache) < 100_000:
                    self._cache[move] = offset + number
                return offset + number
        return None

    def index(self, move: object, start: int = 0, stop: int | None = None) -> int:
        """The index of ``move``; :class:`~picnic_rules.PicnicError` if the space lacks it."""
        found = self.find(move)
        if found is None or found < start or (stop is not None and found >= stop):
            raise PicnicError(f"move {move_text(move)!r} has no action in this space")
        return found

    def indexes(self, moves: Iterable[object]) -> list[int]:
        """The index of every move of ``moves``, in order."""
        return [self.index(move) for move in moves]


class Heads:
    """The moves of an :class:`ActionSpace` as a few small choices -- *heads* -- instead of
    one choice among them all: which family, then the value of each field of it that
    takes more than one. A policy scores a move as the sum of its heads' units, so its
    output layer has :attr:`units` numbers, however many moves the space numbers (the ants
    game's 571,719 moves are 245 units with two seats, its largest head 63).

    The heads are laid one after another: ``family`` (one unit per family), then, for each
    family in order, a head per field with more than one value, called
    ``Kind.field`` (``Kind#2.field`` for a second family of the same class). A move's
    units (:meth:`units`) are its family's unit and one unit in each head of its family;
    :meth:`index` turns them back into the move's number in the flat space, which stays
    what it is (the flat numbering is unchanged).

    >>> @attrs.frozen
    ... class Step:
    ...     dx: int
    ...     dy: int
    >>> @attrs.frozen
    ... class Stay:
    ...     pass
    >>> space = ActionSpace((Family(Step, (("dx", (-1, 0, 1)), ("dy", (-1, 0, 1)))),
    ...                      Family(Stay, ())))
    >>> heads = Heads(space)
    >>> heads.names, heads.sizes, heads.units, heads.width
    (('family', 'Step.dx', 'Step.dy'), (2, 3, 3), 8, 3)
    >>> heads.units_of(space.index(Step(1, -1))), heads.units_of(space.index(Stay()))
    ((0, 4, 5), (1,))
    >>> heads.index((0, 4, 5)) == space.index(Step(1, -1))
    True
    """

    def __init__(self, space: ActionSpace) -> None:
        self.space = space
        """The flat space."""
        families = space.families
        names: list[str] = ["family"]
        sizes: list[int] = [len(families)]
        used: dict[str, int] = {}
        plan: list[tuple[tuple[int, int, int], ...]] = []
        total = len(families)
        for family in families:
            kind = family.kind.__name__
            used[kind] = used.get(kind, 0) + 1
            label = kind if used[kind] == 1 else f"{kind}#{used[kind]}"
            fields = []
            for (name, values), step in zip(family.fields, family._radix, strict=True):
                if len(values) > 1:
                    names.append(f"{label}.{name}")
                    sizes.append(len(values))
                    fields.append((total, step, len(values)))
                    total += len(values)
            plan.append(tuple(fields))
        self.names: tuple[str, ...] = tuple(names)
        """Each head's name, in order."""
        self.sizes: tuple[int, ...] = tuple(sizes)
        """Each head's number of units."""
        self.units: int = total
        """The units of all heads together."""
        self.width: int = 1 + max((len(fields) for fields in plan), default=0)
        """The most units one move has (its family's and one per head of its family)."""
        self._plan = tuple(plan)
        self._memo: dict[int, tuple[int, ...]] = {}

    @property
    def largest(self) -> int:
        """The units of the largest head."""
        return max(self.sizes)

    def units_of(self, index: int) -> tuple[int, ...]:
        """The units of the move numbered ``index`` in the flat space: its family's, then one
        per head of its family."""
        found = self._memo.get(index)
        if found is None:
            space = self.space
            if not 0 <= index < len(space):
                raise PicnicError(f"action {index} is not in 0..{len(space) - 1}")
            family = bisect.bisect_right(space._offsets, index) - 1
            number = index - space._offsets[family]
            found = (
                family,
                *(unit + number // step % size for unit, step, size in self._plan[family]),
            )
            if len(self._memo) < 200_000:
                self._memo[index] = found
        return found

    def index(self, units: Sequence[int]) -> int:
        """The flat index of the move whose units are ``units`` (as :meth:`units_of` gives);
        :class:`~picnic_rules.PicnicError` for units that are no move's."""
        units = tuple(units)
        if not units or not 0 <= units[0] < len(self._plan):
            raise PicnicError(f"no move has the units {units}")
        family = units[0]
        fields = self._plan[family]
        if len(units) != 1 + len(fields):
            raise PicnicError(f"no move has the units {units}")
        number = 0
        for unit, (start, step, size) in zip(units[1:], fields, strict=True):
            if not start <= unit < start + size:
                raise PicnicError(f"no move has the units {units}")
            number += (unit - start) * step
        return self.space._offsets[family] + number


# ---------------------------------------------------------------- helpers for a game's builder


def hint(cls: type[Any], field: str) -> Any:
    """The type of ``cls``'s ``field``, without ``| None`` and with a tuple's item type.

    >>> @attrs.frozen
    ... class Hand:
    ...     cards: tuple[int, ...] | None
    >>> hint(Hand, "cards")
    <class 'int'>
    """
    found = typing.get_type_hints(cls)[field]
    while True:
        args = [arg for arg in typing.get_args(found) if arg is not type(None)]
        if typing.get_origin(found) is tuple or len(args) == 1:
            found = args[0]
        else:
            return found


def members(cls: type[Any], field: str) -> tuple[Any, ...]:
    """Every member of the enum that ``cls``'s ``field`` holds (:func:`hint`), in order.

    Raises :class:`~picnic_rules.PicnicError` for a field that holds no enum.
    """
    kind = hint(cls, field)
    if not (isinstance(kind, type) and issubclass(kind, enum.Enum)):
        raise PicnicError(f"{cls.__name__}.{field} holds no enum")
    return tuple(kind)


def upto(n: int, start: int = 0) -> tuple[int, ...]:
    """``start .. n``, both included: ``upto(6, 1)`` is a die's faces.

    >>> upto(3), upto(6, 1)
    ((0, 1, 2, 3), (1, 2, 3, 4, 5, 6))
    """
    return tuple(range(start, n + 1))


def first_decision(
    state: S,
    to_move: Callable[[S], Actor],
    apply: Callable[[S, M], S],
    sample_chance: Callable[[S, random.Random], M],
) -> S:
    """The first position from ``state`` where a seat acts (or the game is over): chance
    played by ``sample_chance`` with ``random.Random(0)``, so the same every time (the
    cards a set-up lays out, say)."""
    rng = random.Random(0)
    while to_move(state) is CHANCE:
        state = apply(state, sample_chance(state, rng))
    return state


# ---------------------------------------------------------------- the derived action space


def _slot_values(reader: Reader[Any]) -> Sequence[Any] | None:
    """Every value ``reader`` reads, if it says (``values``, or a :class:`Several` of a
    reader that says), else ``None``."""
    if isinstance(reader, Several):
        item = _slot_values(reader.item)
        if item is None or len(item) ** reader.high > LIMIT:
            return None
        return tuple(
            values
            for count in range(reader.low, reader.high + 1)
            for values in itertools.product(item, repeat=count)
        )
    values = getattr(reader, "values", None)
    return values if isinstance(values, range | tuple) else None


_Plan: TypeAlias = list[tuple[type[Any], tuple[tuple[str, Sequence[Any]], ...]]]


def _plan(notation: Notation, move_types: Sequence[type[Any]]) -> _Plan | None:
    """The families of every form of every move class, values not yet made tuples; ``None``
    when a class has no form, a slot's reader says no values, or the space would hold
    more than :data:`LIMIT` moves."""
    plan: _Plan = []
    for cls in move_types:
        forms = notation.forms_of(cls)
        if not forms:
            return None
        seen: set[tuple[frozenset[str], tuple[tuple[str, str], ...]]] = set()
        names = [field.name for field in attrs.fields(cls)]
        for form, readers in forms:
            key = (frozenset(readers), tuple(sorted((k, repr(v)) for k, v in form.fixed.items())))
            if key in seen:  # another spelling of the same moves ("give up", "give food")
                continue
            seen.add(key)
            fields: list[tuple[str, Sequence[Any]]] = []
            for name in names:
                if name in readers:
                    values = _slot_values(readers[name])
                    if values is None:
                        return None
                    fields.append((name, values))
                elif name in form.fixed:
                    fields.append((name, (form.fixed[name],)))
            plan.append((cls, tuple(fields)))
    if sum(math.prod(len(values) for _, values in fields) for _, fields in plan) > LIMIT:
        return None
    return plan


def notation_space(
    notation: Notation, move_types: Sequence[type[Any]]
) -> Callable[[int, Any], ActionSpace] | None:
    """The action space a notation gives, as ``action_space(players, rules)``, or ``None``
    if it gives none.

    Each form of each move class (in ``move_types``' order, its forms in the order they
    were declared; two forms setting the same fields, the same way, once) is a
    :class:`Family` of the class over its slots' values, its fixed fields at their values,
    every other field at its default. The space is the same for every players and rules:
    made once, when first asked for. ``None`` when a move class has no form, a slot's
    reader does not say its values (a game's own reader; give it ``values`` to say them),
    or the space would hold more than :data:`LIMIT` moves.

    >>> from picnic_rules.kit import Enum, Notation, Number
    >>> class Grain(Enum):
    ...     GREEN = "green"
    ...     BLUE = "blue"
    >>> NOTATION = Notation()
    >>> @NOTATION.move("allot {grain} to {seat}", seat=Number(0, 2, "seat"))
    ... class Allot:
    ...     grain: Grain
    ...     seat: int
    >>> @NOTATION.move("pass", "no deal")
    ... class Pass:
    ...     pass
    >>> space = notation_space(NOTATION, (Allot, Pass))(2, None)
    >>> len(space), str(space.move(4)), space.index(Pass())
    (7, 'allot blue to 1', 6)
    """
    plan = _plan(notation, move_types)
    if plan is None:
        return None
    made: list[ActionSpace] = []

    def action_space(players: int, rules: Any) -> ActionSpace:
        """Every move the game's notation writes: each form of each move class over its
        slots' values (the kit's default, the same for every players and rules)."""
        if not made:
            made.append(
                ActionSpace(
                    Family(cls, tuple((name, tuple(values)) for name, values in fields))
                    for cls, fields in plan
                )
            )
        return made[0]

    return action_space


# ---------------------------------------------------------------- the view bounds


def tuple_paths(view: type[Any]) -> tuple[str, ...]:
    """The path of every variable-length tuple (``tuple[X, ...]``) of the view class
    ``view``, as ``view_bounds`` names them: a field (``hand``), an item of a tuple
    (``table[]``), a field of a nested class (``state.dice[].cards``), a fixed tuple's
    item (``pair[0]``); a field ``rules`` is left out (the same in every view of a game).

    >>> @attrs.frozen
    ... class View:
    ...     player: int
    ...     table: tuple[tuple[int, ...], ...]
    ...     hand: tuple[int, ...] | None
    >>> tuple_paths(View)
    ('table', 'table[]', 'hand')
    """
    found: list[str] = []
    _record(view, "", found)
    return tuple(found)


def _record(cls: type[Any], path: str, found: list[str]) -> None:
    hints = typing.get_type_hints(cls)
    for field in attrs.fields(cls):
        if field.name != "rules":
            _node(hints[field.name], f"{path}{field.name}", found)


def _node(hint: Any, path: str, found: list[str]) -> None:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        for arg in args:
            if arg is not type(None):
                _node(arg, path, found)
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        found.append(path)
        _node(args[0], f"{path}[]", found)
    elif origin is tuple:
        for i, arg in enumerate(args):
            _node(arg, f"{path}[{i}]", found)
    elif isinstance(hint, type) and attrs.has(hint):
        _record(hint, f"{path}.", found)


def longest(value: object, paths: Iterable[str]) -> dict[str, int]:
    """The length of the longest tuple at each of ``paths`` in ``value`` (a view): what
    its bounds must hold (0 where no tuple is).

    >>> @attrs.frozen
    ... class View:
    ...     table: tuple[tuple[int, ...], ...]
    >>> longest(View(((1, 2), (3,), ())), ["table", "table[]"])
    {'table': 3, 'table[]': 2}
    """
    return {path: max((len(t) for t in _at(value, path)), default=0) for path in paths}


def _at(value: object, path: str) -> Iterator[Any]:
    """Every value at ``path`` in ``value`` (each item of a tuple at ``[]``)."""
    values: list[Any] = [value]
    for step in path.replace("[", ".[").split("."):
        if not step:
            continue
        if step == "[]":
            values = [item for tuple_ in values if tuple_ is not None for item in tuple_]
        elif step.startswith("["):
            values = [v[int(step[1:-1])] for v in values if v is not None]
        else:
            values = [getattr(v, step) for v in values if v is not None]
    return (v for v in values if isinstance(v, tuple))


def visibility_bounds(seen: Any, new_game: Callable[[int, Any], Any]) -> Bounds | None:
    """The view bounds a :class:`~picnic_rules.kit.Visibility` (``seen``) gives, as
    ``view_bounds(players, rules)``, or ``None`` if its view has another tuple.

    An owned field kept in the view holds one entry per seat (``hands``), and each entry,
    like a seat's own entry (``hand``) and a face-up field, one count per card kind of the
    deck (its ``deck`` at the new game); the sizes of an owned field are one per seat.
    ``None`` when the view has a tuple none of these is, or the kinds are needed and the
    :class:`~picnic_rules.kit.Visibility` was made without ``deck``.
    """
    per_seat: set[str] = set()
    per_kind: set[str] = set(seen.face_up)
    for name, declared in seen.owned:
        per_seat.add(declared.sizes)
        if declared.own is None:
            per_seat.add(name)
            per_kind.add(f"{name}[]")
        else:
            per_kind.add(declared.own)
    paths = tuple_paths(seen.view_class)
    if any(path not in per_seat | per_kind for path in paths):
        return None
    deck = seen.deck
    if deck is None and any(path in per_kind for path in paths):
        return None

    def view_bounds(players: int, rules: Any) -> dict[str, int]:
        """The bounds of the view's tuples, from the declarations of who sees what: one
        entry per seat, one count per card kind (the kit's default)."""
        kinds = len(deck(new_game(players, rules))) if deck is not None else 0
        return {path: players if path in per_seat else kinds for path in paths}

    return view_bounds


# ---------------------------------------------------------------- the tier of a game


def tier(
    namespace: Mapping[str, object], *, chance: ChanceMode
) -> dict[str, Callable[..., Any] | None]:
    """The tier of the game module whose globals are ``namespace``: each of :data:`TIER`,
    the module's own, else the kit's default, else ``None`` (no default derives).

    ``action_space`` defaults to :func:`notation_space` of the module's ``NOTATION`` and
    its move classes; ``chance_space`` to that same space for a game with explicit chance
    (the outcomes numbered among the moves), and to no space -- a function giving
    ``None`` -- for a game whose chance is sampled; ``view_bounds`` to
    :func:`visibility_bounds` of the :class:`~picnic_rules.kit.Visibility` that made the
    module's ``view``; ``tensors`` to :func:`picnic_rules.kit.tensors.default` of the
    module's ``View`` and its view bounds (its own or the default), when it has both.
    """
    found: dict[str, Callable[..., Any] | None] = {}
    notation = namespace.get("NOTATION")
    move_types = namespace.get("MOVE_TYPES") or _union(namespace.get("Move"))
    derived = (
        notation_space(notation, move_types)
        if isinstance(notation, Notation) and isinstance(move_types, tuple)
        else None
    )
    found["action_space"] = derived
    if chance == "sampled":
        found["chance_space"] = _sampled
    else:
        found["chance_space"] = derived
    seen = getattr(namespace.get("view"), "visibility", None)
    new_game = namespace.get("new_game")
    found["view_bounds"] = (
        visibility_bounds(seen, typing.cast(Callable[[int, Any], Any], new_game))
        if seen is not None and getattr(seen, "view_class", None) is namespace.get("View")
        else None
    )
    for key in TIER:
        own = namespace.get(key)
        if own is not None:
            found[key] = typing.cast(Callable[..., Any], own)
    view, bounds, reasons = namespace.get("View"), found["view_bounds"], namespace.get("REASONS")
    if found.get("tensors") is None and bounds is not None and isinstance(view, type):
        found["tensors"] = tensors.default(view, bounds, tuple(typing.cast(Any, reasons) or ()))
    return found


def _union(hint: object) -> tuple[type[Any], ...] | None:
    """The classes of a union annotation (``Move``), in order."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        return tuple(typing.get_args(hint))
    return (hint,) if isinstance(hint, type) else None


def _sampled(players: int, rules: Any) -> None:
    """No chance space: the game's chance is sampled, its outcomes cannot be listed (the
    kit's default for such a game)."""
    return None
