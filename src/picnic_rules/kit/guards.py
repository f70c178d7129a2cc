"""The kind guards: a contract function refusing what is not the game's ``State`` or ``View``.

Each guard is a closure around the module's function, kept on the
:class:`~picnic_rules.Game` record; the module's function stays as written. Given
another kind of object -- ``None``, a position of another game, a look-alike class
with the same fields -- a guarded function raises :class:`~picnic_rules.InvalidState`
naming what it takes (``legal_moves takes an insects State, not an ants State``)
before the rule reads a field. The functions a playout calls at every step
(:data:`~picnic_rules.kit.contract.HOT`) test only the argument's class, in a closure
written for their number of arguments (no ``*args``).
"""

from __future__ import annotations

import functools
import inspect
import random
import typing
from collections.abc import Callable
from typing import Any

from ..errors import InvalidState, PicnicError, kind_of, not_a_random, with_article
from .contract import FRONT_END, HOT, KIND_NAMES, OPTIONAL, TAKES_OBSERVATION, TAKES_RNG, members
from .gates import gate_rng, not_a_move, not_observed

__all__ = ["guard", "guard_apply", "guard_generic", "refusal", "wrong_kind"]

Refusal = Callable[[object], InvalidState]
"""The error that refuses a value of the wrong kind (built, not raised)."""


def wrong_kind(name: str, game: str, kind: str, value: object) -> InvalidState:
    """The refusal of a ``value`` that is not the game's ``kind``: ``legal_moves takes an
    insects State, not an ants State``."""
    return InvalidState(f"{name} takes {with_article(f'{game} {kind}')}, not {kind_of(value)}")


def refusal(game: str, name: str, kind: str) -> Refusal:
    """The refusal :func:`wrong_kind` of ``name``, for the values it is given."""

    def refuse(value: object) -> InvalidState:
        return wrong_kind(name, game, kind, value)

    return refuse


def admits(fn: Any, cls: type) -> bool:
    """Whether the annotation of ``fn``'s first argument names ``cls``."""
    try:
        first = next(iter(inspect.signature(fn).parameters))
        hints = typing.get_type_hints(fn)
    except Exception:  # no signature, no argument, or unresolvable annotations
        return False
    return cls in members(hints.get(first))


def arity(fn: Any) -> int:
    """The number of parameters of ``fn`` (0 for a builtin without a signature)."""
    try:
        return len(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return 0


def guard(
    game: str, name: str, fn: Any, expected: type, kind: str, view: type | None = None
) -> Any:
    """``fn`` refusing a first argument that is not the game's ``expected`` class (its
    ``State`` or ``View``: ``kind`` names it) with :class:`~picnic_rules.InvalidState`. A
    function of :data:`~picnic_rules.kit.contract.HOT` annotated to take the game's ``view``
    as well (``to_move(state: State | View)``) takes either. The other functions that draw
    from an ``rng`` (``determinize``, ``random_move``) refuse one that is not a
    ``random.Random`` too, after the kind."""
    also = also_view(name, fn, expected, view)
    if also is not expected:
        kind = f"{kind} or View"
    refuse = refusal(game, name, kind)
    if name in HOT:
        if name in TAKES_RNG:  # sample_chance: both tests in the one closure
            return _guard_draw(name, fn, expected, also, refuse)
        return _guard_hot(fn, expected, also, refuse)
    if name in TAKES_RNG:
        fn = gate_rng(name, fn, 1)
    return _guard_first(fn, expected, refuse)


def also_view(name: str, fn: Any, expected: type, view: type | None) -> type:
    """The other class a hot function takes: the game's ``view`` if its first argument's
    annotation names it (``to_move(state: State | View)``), else ``expected`` again."""
    return view if view is not None and name in HOT and admits(fn, view) else expected


def _guard_first(fn: Any, expected: type, refuse: Refusal) -> Any:
    """``fn(first, ...)`` refusing a ``first`` that is not of the class ``expected``."""

    @functools.wraps(fn)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if args and type(args[0]) is not expected:
            raise refuse(args[0])
        return fn(*args, **kwargs)

    return guarded


def _guard_hot(fn: Any, expected: type, also: type, refuse: Refusal) -> Any:
    """The guard of a function of :data:`~picnic_rules.kit.contract.HOT`, by its number of
    arguments (no ``*args``: a playout calls these at every step): one test of the first
    argument's class (``expected``, or ``also``) before it runs."""
    size = arity(fn)
    if size == 1:

        @functools.wraps(fn)
        def one(state: Any) -> Any:
            if type(state) is not expected and type(state) is not also:
                raise refuse(state)
            return fn(state)

        return one
    if size == 2:

        @functools.wraps(fn)
        def two(state: Any, other: Any) -> Any:
            if type(state) is not expected and type(state) is not also:
                raise refuse(state)
            return fn(state, other)

        return two

    @functools.wraps(fn)
    def any_arity(*args: Any, **kwargs: Any) -> Any:
        if args and type(args[0]) is not expected and type(args[0]) is not also:
            raise refuse(args[0])
        return fn(*args, **kwargs)

    return any_arity


def _guard_draw(name: str, fn: Any, expected: type, also: type, refuse: Refusal) -> Any:
    """The guard of a hot function of ``(state, rng)`` (``sample_chance``): the state's
    class and the ``rng``'s, in one closure (it runs at every chance step of a playout)."""

    @functools.wraps(fn)
    def drawn(state: Any, rng: Any) -> Any:
        if type(state) is not expected and type(state) is not also:
            raise refuse(state)
        if not isinstance(rng, random.Random):
            raise PicnicError(not_a_random(name, rng))
        return fn(state, rng)

    return drawn


def guard_apply(game: str, fn: Any, state: type, view: type, move_types: frozenset[type]) -> Any:
    """``apply`` refusing a position that is not the game's ``state``
    (:class:`~picnic_rules.InvalidState`), then a value of none of its ``move_types``
    (:class:`~picnic_rules.IllegalMove`, :func:`~picnic_rules.kit.gates.not_a_move`): the
    kit's one rule for what every game's ``apply`` takes -- a value of one of its move
    classes, which the game then finds among its legal moves (a look-alike as the listed
    move) or refuses. So an object that compares equal to everything is no move of any
    game."""
    also = also_view("apply", fn, state, view)
    refuse = refusal(game, "apply", "State" if also is state else "State or View")
    if arity(fn) == 2:

        @functools.wraps(fn)
        def apply(position: Any, move: Any) -> Any:
            if type(position) is not state and type(position) is not also:
                raise refuse(position)
            if type(move) not in move_types:
                raise not_a_move(game, move)
            return fn(position, move)

        return apply
    second = _name_of_move(fn)

    @functools.wraps(fn)
    def any_arity(*args: Any, **kwargs: Any) -> Any:
        if args and type(args[0]) is not state and type(args[0]) is not also:
            raise refuse(args[0])
        move = args[1] if len(args) > 1 else kwargs.get(second)
        if type(move) not in move_types:
            raise not_a_move(game, move)
        return fn(*args, **kwargs)

    return any_arity


def _name_of_move(fn: Any) -> str:
    """The name of ``fn``'s second parameter (``move``), for a call that names it."""
    try:
        names = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):  # a builtin without a signature
        return "move"
    return names[1] if len(names) > 1 else "move"


def guard_generic(key: str, function: Any, kind: str) -> Any:
    """The kit's generic part ``function(game, value, ...)`` refusing a ``value`` that is
    not the game's ``State`` or ``View`` (``kind``: ``"S"`` or ``"V"``) with
    :class:`~picnic_rules.InvalidState`, as :func:`guard` does for a game's own parts: the
    game is the record the part is bound to, known only then. An ``update`` or
    ``describe`` refuses what is not the game's ``Observation`` too, and a part that takes
    a move (``observe``, ``describe_move``, ``move_group``) a value of none of the game's
    move classes (:func:`~picnic_rules.kit.gates.not_a_move`)."""
    params = {**FRONT_END, **OPTIONAL}[key][0] if key in FRONT_END or key in OPTIONAL else ()
    move_at = params.index("M") if "M" in params else None
    if kind not in ("S", "V") and move_at is None:
        return function
    label = KIND_NAMES.get(kind, "")
    observed = key in TAKES_OBSERVATION

    @functools.wraps(function)
    def guarded(game: Any, value: Any, *args: Any, **kwargs: Any) -> Any:
        if kind in ("S", "V"):
            expected = game.State if kind == "S" else game.View
            if type(value) is not expected:
                raise wrong_kind(key, game.name, label, value)
        if observed:
            seen = args[0] if args else kwargs.get("observation")
            if type(seen) is not game.Observation:
                raise not_observed(key, game.name, seen)
        if move_at is not None:
            move = (
                value
                if move_at == 0
                else args[move_at - 1]
                if len(args) >= move_at
                else kwargs.get("move")
            )
            if type(move) not in game.move_types:
                raise not_a_move(game.name, move)
        return function(game, value, *args, **kwargs)

    return guarded
