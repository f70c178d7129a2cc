"""The gates: one check and one message for every game, of an argument a rule takes on trust.

Each gate is a plain closure around the module's function, kept on the
:class:`~picnic_rules.Game` record (the module's function stays as written):

* ``new_game``, ``max_moves`` and ``max_chance_steps`` refuse rules of another type
  and a player count the game cannot seat (:func:`gate_rules`);
* ``view`` and ``observe`` refuse a seat the game does not have (:func:`gate_view`,
  :func:`gate_seat`);
* ``result`` refuses a game that is not over (:func:`gate_result`);
* the functions that draw refuse an ``rng`` that is not a ``random.Random``
  (:func:`gate_rng`);
* ``render`` refuses a ``markup`` that is not a bool (:func:`gate_markup`);
* ``update`` and ``describe`` refuse what is not the game's ``Observation``
  (:func:`gate_observation`);
* ``apply`` refuses a value of none of the game's move classes (:func:`not_a_move`,
  used by :func:`~picnic_rules.kit.guards.guard_apply`), and so does every other function
  of the record that takes a move -- ``observe``, ``describe_move``, ``move_group``
  (:func:`gate_move`): one rule for what a move is, whichever function is given one.
"""

from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Callable
from typing import Any, Final

from ..errors import (
    IllegalMove,
    InvalidState,
    PicnicError,
    RulesError,
    kind_of,
    not_a_random,
    not_a_seat,
    with_article,
)
from ..game import check_player_count

__all__ = [
    "NOT_OVER",
    "gate_markup",
    "gate_move",
    "gate_observation",
    "gate_result",
    "gate_rng",
    "gate_rules",
    "gate_seat",
    "gate_view",
    "not_a_move",
    "not_observed",
    "rules_message",
]

NOT_OVER: Final = "the game is not over yet, so it has no result"
"""The message of ``result`` before the end, the same in every game."""


def rules_message(game: str, rules: object) -> str:
    """The message of a ``rules`` argument that is not the game's ``Rules``:
    ``rules must be a sandwich Rules, not a str``."""
    return f"rules must be {with_article(f'{game} Rules')}, not {kind_of(rules)}"


def not_a_move(game: str, value: object) -> IllegalMove:
    """The refusal of a ``value`` of none of ``game``'s move classes, which ``apply`` takes
    for no move at all, whatever it compares equal to: ``not a move of sandwich: it is a
    str, not a move``."""
    shown = with_article(type(value).__name__)
    return IllegalMove(value, f"not a move of {game}: it is {shown}, not a move")


def gate_move(game: str, fn: Any, position: int, move_types: frozenset[type]) -> Any:
    """``fn`` refusing a move (its argument at ``position``) of none of ``move_types``
    with :func:`not_a_move`, as ``apply`` refuses it: an object that compares equal to
    everything is no move of any game, for ``observe``, ``describe_move`` and
    ``move_group`` as for ``apply``."""
    name = _parameter(fn, position)

    @functools.wraps(fn)
    def gated(*args: Any, **kwargs: Any) -> Any:
        move = args[position] if len(args) > position else kwargs.get(name)
        if type(move) not in move_types:
            raise not_a_move(game, move)
        return fn(*args, **kwargs)

    return gated


def _parameter(fn: Any, position: int) -> str:
    """The name of ``fn``'s parameter at ``position`` (``"move"`` if it cannot be read), for
    a call that names it."""
    try:
        names = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):  # a builtin without a signature
        return "move"
    return names[position] if len(names) > position else "move"


def not_observed(name: str, game: str, value: object) -> PicnicError:
    """The refusal of a ``value`` that is not one of ``game``'s observations: ``update takes
    a sandwich Observation, not None``."""
    return PicnicError(f"{name} takes {with_article(f'{game} Observation')}, not {kind_of(value)}")


def gate_rules(game: str, fn: Any, rules_class: type, players: tuple[int, int]) -> Any:
    """``fn(players, rules)`` refusing, with :class:`~picnic_rules.RulesError`, ``rules``
    of another type and a player count outside ``players`` or that
    ``rules.check_players`` refuses (a bound of a game no one can seat means nothing)."""
    signature = inspect.signature(fn)

    def check(count: object, rules: object) -> None:
        if type(rules) is not rules_class and not isinstance(rules, rules_class):
            raise RulesError(rules_message(game, rules))
        check_player_count(game, players, count)
        own = getattr(rules, "check_players", None)
        if own is not None:
            own(count)

    @functools.wraps(fn)
    def gated(*args: Any, **kwargs: Any) -> Any:
        if len(args) == 2 and not kwargs:  # new_game(players, rules): no binding to do
            check(*args)
        else:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            values = list(bound.arguments.values())
            if len(values) >= 2:
                check(values[0], values[1])
        return fn(*args, **kwargs)

    return gated


def _check_seat(seat: object, players: int) -> None:
    """Raise :class:`~picnic_rules.PicnicError` unless ``seat`` is an int in ``0 ..
    players - 1`` (a bool is none)."""
    if type(seat) is not int or not 0 <= seat < players:
        raise PicnicError(not_a_seat(seat, players))


_NONE: Final = object()
"""An argument not given (the view gate's keyword path)."""


def gate_view(fn: Any, expected: type[Any], refuse: Callable[[object], InvalidState]) -> Any:
    """``view(state, seat)`` refusing a ``state`` that is not of the class ``expected``
    (``refuse`` builds the error) and then a seat that is not an int in ``0 ..
    state.players - 1`` (:class:`~picnic_rules.PicnicError`): both in one closure, which a
    call with two positional arguments passes through without binding; one that names
    its arguments (``view(state, player=0)``) is bound to the function's own names."""
    signature = inspect.signature(fn)

    def named(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        values = list(signature.bind(*args, **kwargs).arguments.values())
        state, seat = values[0], values[1]
        if type(state) is not expected:
            raise refuse(state)
        _check_seat(seat, state.players)
        return fn(*args, **kwargs)

    @functools.wraps(fn)
    def gated(state: Any = _NONE, seat: Any = _NONE, /, **kwargs: Any) -> Any:
        if seat is _NONE or kwargs:
            return named(tuple(arg for arg in (state, seat) if arg is not _NONE), kwargs)
        if type(state) is not expected:
            raise refuse(state)
        players = state.players
        if type(seat) is not int or not 0 <= seat < players:
            raise PicnicError(not_a_seat(seat, players))
        return fn(state, seat)

    return gated


def gate_seat(fn: Any, position: int) -> Any:
    """``fn`` refusing, with :class:`~picnic_rules.PicnicError`, a seat (its argument at
    ``position``) that is not an int in ``0 .. state.players - 1`` (a bool is none)."""
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    def gated(*args: Any, **kwargs: Any) -> Any:
        if len(args) > position:
            state, seat = args[0], args[position]
        else:
            values = list(signature.bind(*args, **kwargs).arguments.values())
            state, seat = values[0], values[position]
        _check_seat(seat, state.players)
        return fn(*args, **kwargs)

    return gated


def gate_result(fn: Any, is_over: Callable[[Any], bool]) -> Any:
    """``fn`` refusing a state whose game is not over with :class:`~picnic_rules.PicnicError`."""

    @functools.wraps(fn)
    def gated(state: Any) -> Any:
        if not is_over(state):
            raise PicnicError(NOT_OVER)
        return fn(state)

    return gated


def gate_rng(name: str, fn: Any, position: int) -> Any:
    """``fn`` refusing, with :class:`~picnic_rules.PicnicError`, an ``rng`` (its argument at
    ``position``) that is not a ``random.Random`` (``None``, a seed), whether or not this
    call would have drawn from it."""

    @functools.wraps(fn)
    def gated(*args: Any, **kwargs: Any) -> Any:
        rng = args[position] if len(args) > position else kwargs.get("rng")
        if not isinstance(rng, random.Random):
            raise PicnicError(not_a_random(name, rng))
        return fn(*args, **kwargs)

    return gated


def gate_observation(game: str, name: str, fn: Any, observation: type) -> Any:
    """``fn(view, observation)`` refusing an ``observation`` that is not of the game's
    ``observation`` class with :class:`~picnic_rules.PicnicError`, before it reads a field."""

    @functools.wraps(fn)
    def gated(*args: Any, **kwargs: Any) -> Any:
        seen = args[1] if len(args) > 1 else kwargs.get("observation")
        if type(seen) is not observation:
            raise not_observed(name, game, seen)
        return fn(*args, **kwargs)

    return gated


def gate_markup(fn: Any) -> Any:
    """``render`` refusing a ``markup`` that is not ``True`` or ``False`` (``"x"``, ``1``)
    with :class:`~picnic_rules.PicnicError`, rather than taking any truthy value for yes."""

    @functools.wraps(fn)
    def gated(*args: Any, **kwargs: Any) -> Any:
        markup = kwargs.get("markup", False)
        if type(markup) is not bool:
            raise PicnicError(f"render's markup must be True or False, not {kind_of(markup)}")
        return fn(*args, **kwargs)

    return gated
