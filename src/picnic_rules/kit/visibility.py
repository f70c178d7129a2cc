"""Who sees each field of a state, declared once on the field; the kit derives the rest.

A game marks the fields of its ``State`` that not every seat sees, and every
other field is seen by all:

* :func:`owned`: one entry per seat (the hands), seen by its owner -- the
  view holds the seat's own entry (``own="hand"``) or the whole field with the
  other seats' entries as ``None`` (until ``shown_when(state)``: a showdown),
  and every entry's size (``sizes="hand_sizes"``);
* :func:`sized`: a pile nobody sees but its size (the deck): the view holds
  the size (``sized("deck_size")``).

The public view (what every seat sees alike, a spectator's table) follows: the
view less ``player`` and the seat's own entries, the sizes kept
(:func:`derive_public_view`).

:class:`Visibility` reads the declarations once and gives the game its
``view``, ``with_hidden`` (the state a view shows, with given hidden cards),
``determinize`` (the unseen cards dealt at random: :func:`counts.deal
<picnic_rules.kit.counts.deal>`) and ``stand_in`` (dealt in a fixed order:
:func:`counts.fill <picnic_rules.kit.counts.fill>`). The hidden fields hold
:data:`~picnic_rules.kit.counts.Counts`; the game says which cards a view
cannot see (``unseen``), since only it knows which public fields hold cards.

>>> import random
>>> @attrs.frozen(kw_only=True)
... class State:
...     hands: tuple[Counts, ...] = owned(own="hand", sizes="hand_sizes")
...     deck: Counts = sized("deck_size")
...     turn: int
>>> @attrs.frozen(kw_only=True)
... class View:
...     player: int
...     hand: Counts
...     hand_sizes: tuple[int, ...]
...     deck_size: int
...     turn: int
>>> from picnic_rules.kit.counts import subtract
>>> seen = Visibility(State, View, unseen=lambda v: subtract((3, 3), v.hand))
>>> state = State(hands=((1, 1), (2, 0)), deck=(0, 2), turn=1)
>>> seen.view(state, 0)
View(player=0, hand=(1, 1), hand_sizes=(2, 2), deck_size=2, turn=1)
>>> seen.public_of(seen.view(state, 0))
PublicView(hand_sizes=(2, 2), deck_size=2, turn=1)
>>> seen.public_of(seen.view(state, 1)) == seen.public_of(seen.view(state, 0))
True
>>> seen.stand_in(seen.view(state, 0))
State(hands=((1, 1), (2, 0)), deck=(0, 2), turn=1)
>>> guess = seen.determinize(seen.view(state, 0), random.Random(1))
>>> seen.view(guess, 0) == seen.view(state, 0)
True

A ``View`` whose fields are not the ones the declarations give (``player``,
the public fields, and the names the declarations choose) is refused when
the :class:`Visibility` is made, with :class:`TypeError`.
"""

from __future__ import annotations

import random
import sys
import typing
from collections.abc import Callable, Sequence
from typing import Any, Generic

import attrs

from ..errors import InvalidState
from ..typevars import S, V
from .build import maker
from .checks import check_counts
from .counts import Counts, deal, fill
from .memo import last_answer

__all__ = [
    "FaceUp",
    "Owned",
    "Sized",
    "Visibility",
    "derive_public_view",
    "derive_view",
    "face_up",
    "owned",
    "sized",
]

_KEY = "picnic_rules.seen"
"""The attrs metadata key of a field's declaration."""


@attrs.frozen
class Owned:
    """The declaration of a field with one entry per seat, seen by its owner (see :func:`owned`)."""

    own: str | None
    """The view's field holding the seat's own entry; ``None``: the view keeps the field,
    the other seats' entries ``None``."""
    sizes: str
    """The view's field holding every entry's size."""
    size: Callable[[Any], int]
    """An entry's size (``sum`` of counts by default)."""
    shown_when: Callable[[Any], bool] | None
    """When every entry is shown (kept fields only): a state's showdown."""


@attrs.frozen
class Sized:
    """The declaration of a field nobody sees but its size (see :func:`sized`)."""

    name: str
    """The view's field holding the size."""
    size: Callable[[Any], int]
    """The field's size (``sum`` of counts by default)."""


@attrs.frozen
class FaceUp:
    """The declaration of a public field holding cards (see :func:`face_up`)."""


def face_up() -> Any:
    """An attrs field every seat sees that holds cards as counts (a discard pile): the kit
    counts it among the cards a view shows and the cards a state holds."""
    return attrs.field(metadata={_KEY: FaceUp()})


def owned(
    *,
    sizes: str,
    own: str | None = None,
    size: Callable[[Any], int] = sum,
    shown_when: Callable[[Any], bool] | None = None,
) -> Any:
    """An attrs field with one entry per seat, seen only by its owner: the view's ``own``
    field holds the seat's entry (without ``own``, the view keeps this field with the other
    seats' entries ``None``, all of them once ``shown_when(state)``), and its ``sizes``
    field every entry's ``size``."""
    if own is not None and shown_when is not None:
        raise TypeError("shown_when needs the field kept in the view (no own=)")
    return attrs.field(metadata={_KEY: Owned(own, sizes, size, shown_when)})


def sized(name: str, *, size: Callable[[Any], int] = sum) -> Any:
    """An attrs field nobody sees but its size: the view's ``name`` field holds ``size(value)``."""
    return attrs.field(metadata={_KEY: Sized(name, size)})


def _attrs(cls: type) -> Any:
    """``cls``, refused with :class:`TypeError` unless it is an attrs class."""
    if not attrs.has(cls):
        raise TypeError(f"{cls.__name__} must be an attrs class")
    return cls


def derive_view(state: type) -> type:
    """The ``View`` class the declarations of ``state``'s fields give: ``player`` (the seat),
    then ``state``'s fields in their order, each as a seat sees it -- a :func:`sized` field
    as its size (an ``int``), an :func:`owned` field as the seat's own entry (``own=``) or
    the field with the other seats' entries ``None``, followed by the entries' sizes (a
    ``tuple[int, ...]``), and every other field as it is. A frozen attrs class in
    ``state``'s module, with a ``players`` property (the seat count) when ``state`` has one.

    This is what :class:`Visibility` uses when it is given no view class. The trade-off: a
    type checker does not see the fields of a class made at run time; a game whose front
    ends are type-checked writes its ``View`` out (the built-in games do).
    """
    hints = typing.get_type_hints(_attrs(state), vars(sys.modules[state.__module__]))
    fields: dict[str, Any] = {"player": int}
    sizes_of: str | None = None
    for field in attrs.fields(state):
        declared, hint = field.metadata.get(_KEY), hints[field.name]
        if isinstance(declared, Sized):
            fields[declared.name] = int
        elif isinstance(declared, Owned):
            entry = typing.get_args(hint)[0] if typing.get_origin(hint) is tuple else Any
            if declared.own is None:
                fields[field.name] = tuple[entry | None, ...]  # type: ignore[valid-type]
            else:
                fields[declared.own] = entry
            fields[declared.sizes] = tuple[int, ...]
            sizes_of = sizes_of or declared.sizes
        else:
            fields[field.name] = hint
    has_players = isinstance(getattr(state, "players", None), property)
    made = _made("View", fields, state.__module__, sizes_of if has_players else None)
    made.__doc__ = (
        f"What seat ``player`` sees of a :class:`{state.__qualname__}` (derived from the "
        "declarations of its fields)."
    )
    return made


def derive_public_view(view: type, owned: Sequence[tuple[str, Owned]] = ()) -> type:
    """The ``PublicView`` class of a ``View`` class: what every seat's view has in common.

    Its fields are ``view``'s in their order, less ``player`` and the viewer's own hidden
    parts: the field of each :func:`owned` declaration with ``own=`` (the seat's hand), and
    an owned field kept in the view that is never shown to all (no ``shown_when``); an owned
    field with ``shown_when`` stays, every entry ``None`` until the showdown. The sizes stay
    (``hand_sizes``, ``deck_size``). A frozen, slotted attrs class in ``view``'s module, with
    a ``players`` property (the seat count) when there is an owned field, and
    ``described_by``, the view class whose fields' docstrings describe its own (the JSON
    Schema's descriptions).
    """
    hints = typing.get_type_hints(_attrs(view), vars(sys.modules[view.__module__]))
    dropped = {"player"}
    for name, declared in owned:
        if declared.own is not None:
            dropped.add(declared.own)
        elif declared.shown_when is None:
            dropped.add(name)
    fields = {f.name: hints[f.name] for f in attrs.fields(view) if f.name not in dropped}
    made = _made("PublicView", fields, view.__module__, owned[0][1].sizes if owned else None)
    made.described_by = view  # type: ignore[attr-defined]  # its fields' docs are the view's
    made.__doc__ = (
        "What every seat sees of the table: a view without its seat and the seat's own "
        "hidden cards, only their sizes (derived from the declarations of the fields)."
    )
    return made


def _made(name: str, fields: dict[str, Any], module: str, seats: str | None) -> type:
    """A frozen, slotted, keyword-only attrs class ``name`` of ``module`` with ``fields``
    (names and types), and a ``players`` property (the length of field ``seats``) unless
    ``seats`` is ``None``."""
    made = attrs.make_class(
        name,
        {field: attrs.field(type=hint) for field, hint in fields.items()},
        frozen=True,
        kw_only=True,
        slots=True,
    )
    if seats is not None:
        made.players = property(  # type: ignore[attr-defined]
            lambda position: len(getattr(position, seats)), doc="The number of seats."
        )
    made.__annotations__ = fields
    made.__module__ = module
    return made


def _player(v: object) -> int:
    """The seat a view belongs to."""
    player: int = getattr(v, "player")  # noqa: B009 - a view of any game
    return player


class Visibility(Generic[S, V]):
    """A game's view and hidden-card functions, derived from its ``State``'s declarations.

    ``unseen(view)`` gives the cards the seat cannot see, as counts (the whole deck less
    what the view shows); :meth:`determinize` and :meth:`stand_in` need it.

    ``public_class`` and ``public_of(view)`` are the game's ``PublicView`` and ``public``
    (:func:`derive_public_view`): the view less its seat and the seat's own hidden cards,
    the same for every seat, which :func:`~picnic_rules.kit.define_game` takes for a game
    whose ``view`` is this one's unless the game writes its own.
    """

    def __init__(
        self,
        state: type[S],
        view: type[V] | None = None,
        unseen: Callable[[V], Counts] | None = None,
        *,
        deck: Callable[[Any], Counts] | None = None,
    ) -> None:
        if view is None:
            view = typing.cast(type[V], derive_view(state))
        self.state, self.view_class, self.deck = state, view, deck
        self.owned: tuple[tuple[str, Owned], ...] = ()
        self.sized: tuple[tuple[str, Sized], ...] = ()
        self.face_up: tuple[str, ...] = ()
        public: list[str] = []
        for field in attrs.fields(_attrs(state)):
            declared = field.metadata.get(_KEY)
            if isinstance(declared, Owned):
                self.owned += ((field.name, declared),)
            elif isinstance(declared, Sized):
                self.sized += ((field.name, declared),)
            else:
                public.append(field.name)
                if isinstance(declared, FaceUp):
                    self.face_up += (field.name,)
        if unseen is None and deck is not None:
            unseen = self._unseen
        self.unseen = unseen
        if not self.owned:
            raise TypeError(f"{state.__name__} declares no field seen by its owner")
        expected = {"player", *public, *(d.sizes for _, d in self.owned)}
        expected |= {d.own or name for name, d in self.owned} | {d.name for _, d in self.sized}
        found = {field.name for field in attrs.fields(_attrs(view))}
        if found != expected:
            raise TypeError(
                f"{view.__name__} has the fields {sorted(found)}, but {state.__name__} "
                f"declares {sorted(expected)}"
            )
        self.public = tuple(public)
        self._hidden_names = {name for name, _ in self.owned} | {name for name, _ in self.sized}
        items = ", ".join(f"{name!r}: p.{name}" for name in self.public)
        namespace: dict[str, Any] = {}
        exec(
            compile(f"def read(p):\n    return {{{items}}}\n", "<public fields>", "exec"), namespace
        )
        self._read_public: Callable[[object], dict[str, Any]] = namespace["read"]
        self.view = self._viewer()
        self.view.visibility = self  # type: ignore[attr-defined]  # define_game finds it
        self.public_class: type[Any] = derive_public_view(view, self.owned)
        self.public_of = self._publisher()
        self._make_state = maker(state)
        self._pool_of = last_answer(self._pool)
        """:meth:`_pool`, remembered for the last view asked about: a search deals the
        hidden cards of one view at every iteration."""

    def _publisher(self) -> Callable[[V], Any]:
        """The generated ``public(view)``: the view less its seat and the seat's own hidden
        parts (a field shown only at a showdown: every entry, or none)."""
        names = [field.name for field in attrs.fields(self.public_class)]
        kept = {name: declared for name, declared in self.owned if name in names}
        parts = []
        for name in names:
            if name in kept:  # shown to all at the showdown: other seats' entries are shown
                parts.append(
                    f"{name}=v.{name} if any(e is not None for s, e in enumerate(v.{name}) "
                    f"if s != v.player) else (None,) * len(v.{name})"
                )
            else:
                parts.append(f"{name}=v.{name}")
        namespace: dict[str, Any] = {"make": maker(self.public_class)}
        source = f"def public(v):\n    return make({', '.join(parts)})\n"
        exec(compile(source, f"<public view of {self.state.__qualname__}>", "exec"), namespace)
        made: Callable[[V], Any] = namespace["public"]
        made.__annotations__ = {"v": self.view_class, "return": self.public_class}
        made.__doc__ = (
            f"The public part of a view of a {self.state.__qualname__}, what every seat "
            "sees: the view less its seat and the seat's own hidden cards (their sizes stay)."
        )
        return made

    def _viewer(self) -> Callable[[S, int], V]:
        """The generated ``view(state, player)`` (written out: an agent asks at every step)."""
        parts = [f"{name}=state.{name}" for name in self.public]
        namespace: dict[str, Any] = {"make": maker(self.view_class)}
        for number, (name, declared) in enumerate(self.owned):
            namespace[f"size{number}"] = declared.size
            parts.append(f"{declared.sizes}=tuple(map(size{number}, state.{name}))")
            if declared.own is not None:
                parts.append(f"{declared.own}=state.{name}[player]")
                continue
            masked = f"tuple(e if s == player else None for s, e in enumerate(state.{name}))"
            if declared.shown_when is None:
                parts.append(f"{name}={masked}")
            else:
                namespace[f"shown{number}"] = declared.shown_when
                parts.append(f"{name}=state.{name} if shown{number}(state) else {masked}")
        for number, (name, pile) in enumerate(self.sized):
            namespace[f"sized{number}"] = pile.size
            parts.append(f"{pile.name}=sized{number}(state.{name})")
        source = f"def view(state, player):\n    return make(player=player, {', '.join(parts)})\n"
        exec(compile(source, f"<view of {self.state.__qualname__}>", "exec"), namespace)
        made: Callable[[S, int], V] = namespace["view"]
        made.__annotations__ = {"state": self.state, "player": int, "return": self.view_class}
        made.__doc__ = (
            f"What seat ``player`` sees of a {self.state.__qualname__}: what the fields "
            "declare (its own entries, the sizes of the hidden ones, the public fields)."
        )
        return made

    def with_hidden(self, v: V, **hidden: Any) -> S:
        """The state that shows view ``v``, with the hidden fields ``hidden`` gives: each
        owned field's entries for every seat (the entries ``v`` shows are taken from ``v``)
        and each sized field's value."""
        if hidden.keys() != self._hidden_names:
            names = sorted(self._hidden_names)
            raise TypeError(f"with_hidden takes {names}, not {sorted(hidden)}")
        return self._build(v, hidden)

    def _build(self, v: V, hidden: dict[str, Any]) -> S:
        """:meth:`with_hidden` of names already checked (an agent's determinize calls it at
        every decision)."""
        fields = self._read_public(v)
        player = _player(v)
        for name, declared in self.owned:
            entries = list(hidden[name])
            if declared.own is not None:
                entries[player] = getattr(v, declared.own)
            else:
                shown = getattr(v, name)
                entries = [
                    entry if show is None else show
                    for entry, show in zip(entries, shown, strict=True)
                ]
            fields[name] = tuple(entries)
        for name, _ in self.sized:
            fields[name] = hidden[name]
        made: S = self._make_state(**fields)
        return made

    def _unseen(self, v: V) -> Counts:
        """The cards view ``v`` does not show: the whole deck less the face-up fields and the
        owned entries it shows (``unseen`` derived from the declarations)."""
        if self.deck is None:  # pragma: no cover - only installed with a deck
            raise TypeError(f"the Visibility of {self.state.__name__} was made without deck")
        left = list(self.deck(v))
        shown: list[Counts] = [getattr(v, name) for name in self.face_up]
        for name, declared in self.owned:
            if declared.own is not None:
                shown.append(getattr(v, declared.own))
            else:
                shown.extend(entry for entry in getattr(v, name) if entry is not None)
        for part in shown:
            for kind, n in enumerate(part):
                left[kind] -= n
        return tuple(left)

    def check_cards(self, state: S) -> None:
        """Raise :class:`~picnic_rules.InvalidState` unless every field that holds cards (the
        face-up ones, each owned entry, the sized ones) is counts of the deck's kinds and
        together they are the whole deck: no card lost, none made."""
        if self.deck is None:
            raise TypeError(f"the Visibility of {self.state.__name__} was made without deck")
        deck = self.deck(state)
        parts: list[tuple[str, Any]] = [(name, getattr(state, name)) for name in self.face_up]
        for name, _ in self.owned:
            entries = getattr(state, name)
            parts.extend((f"{name}[{seat}]", entry) for seat, entry in enumerate(entries))
        parts.extend((name, getattr(state, name)) for name, _ in self.sized)
        left = list(deck)
        for what, part in parts:
            check_counts(what, part, len(deck))
            for kind, n in enumerate(part):
                left[kind] -= n
        if any(left):
            raise InvalidState("the cards do not add up to the deck")

    def hidden_sizes(self, v: V) -> list[int]:
        """The sizes of the entries ``v`` does not show (each owned field in seat order, then
        each sized field), in the order :meth:`determinize` deals them.

        Raises :class:`~picnic_rules.InvalidState` for a seat the view's sizes do not have.
        """
        player = _player(v)
        found = []
        for name, declared in self.owned:
            sizes: Sequence[int] = getattr(v, declared.sizes)
            if not 0 <= player < len(sizes):
                raise InvalidState(f"there is no seat {player} in a {len(sizes)}-player game")
            shown = None if declared.own is not None else getattr(v, name)
            for seat, size in enumerate(sizes):
                if seat != player and (shown is None or shown[seat] is None):
                    found.append(size)
        return found + [getattr(v, declared.name) for _, declared in self.sized]

    def _pool(self, v: V) -> tuple[Counts, list[int]]:
        """The unseen cards and the hidden sizes, checked to add up."""
        if self.unseen is None:
            raise TypeError(f"the Visibility of {self.state.__name__} was made without unseen")
        pool, sizes = self.unseen(v), self.hidden_sizes(v)
        if any(n < 0 for n in pool) or any(n < 0 for n in sizes) or sum(pool) != sum(sizes):
            raise InvalidState("the view's card counts do not add up to the deck")
        return pool, sizes

    def _placed(self, v: V, dealt: Sequence[Counts]) -> S:
        """The state of ``v`` with ``dealt`` put into the hidden entries, in :meth:`hidden_sizes`
        order."""
        player = _player(v)
        given = iter(dealt)
        hidden: dict[str, Any] = {}
        for name, declared in self.owned:
            shown = None if declared.own is not None else getattr(v, name)
            entries: list[Counts | None] = []
            for seat in range(len(getattr(v, declared.sizes))):  # a loop: no generator's frame
                if seat == player or (shown is not None and shown[seat] is not None):
                    entries.append(None)
                else:
                    entries.append(next(given))
            hidden[name] = tuple(entries)
        for name, _ in self.sized:
            hidden[name] = next(given)
        return self._build(v, hidden)

    def determinize(self, v: V, rng: random.Random) -> S:
        """A state with view ``v``: the unseen cards dealt at random into the hidden entries
        (of the sizes ``v`` shows); the last sized field takes the rest.

        Raises :class:`~picnic_rules.InvalidState` when the view's cards cannot add up.
        """
        pool, sizes = self._pool_of(v)
        if self.sized:
            dealt, rest = deal(pool, sizes[:-1], rng)
            return self._placed(v, (*dealt, rest))
        dealt, _ = deal(pool, sizes, rng)
        return self._placed(v, dealt)

    def stand_in(self, v: V) -> S:
        """A state with view ``v`` whose hidden entries are filled from the unseen cards
        lowest kind first (any placing will do: a stand-in to try a move on).

        Raises :class:`~picnic_rules.InvalidState` when the view's cards cannot add up.
        """
        pool, sizes = self._pool(v)
        filled = fill(pool, sizes)
        if filled is None:  # pragma: no cover - _pool checked the sizes add up
            raise InvalidState("the view's card counts do not add up to the deck")
        return self._placed(v, filled[0])
