"""The generic parts of a game, built only on its other contract functions.

:func:`~picnic_rules.kit.define_game` supplies each of these unless the game
defines its own; they are public so that a game can also call them.
"""

from __future__ import annotations

import enum
import random
import types
import typing
from typing import Any

import attrs

from ..errors import IllegalMove, InvalidState, OutOfTurn, PicnicError
from ..game import CHANCE, Game
from .checks import check_fields
from .counts import pick_weighted

__all__ = [
    "check_view",
    "describe_move",
    "parse_move",
    "public",
    "public_view_class",
    "random_move",
    "sample_chance",
]


def _who(actor: object) -> str:
    return "nobody" if actor is None else "chance" if actor is CHANCE else f"seat {actor}"


def parse_move(
    game: Game[Any, Any, Any, Any, Any], state: Any, text: str, *, seat: int | None = None
) -> Any:
    """Read a move in ``game``'s notation and check that it is legal in ``state``.

    In this order: the syntax (:class:`~picnic_rules.InvalidMove` for text that
    is not a move), then the seat (with ``seat`` given, a move from a seat
    that is not to act is an :class:`~picnic_rules.IllegalMove` -- chance
    moves come from no seat), then legality (:class:`~picnic_rules.IllegalMove`
    with the reason ``apply`` gives). At a chance node of a game with
    ``chance="sampled"``, ``apply`` validates the outcome.
    """
    move = game.move_from_str(text)
    actor = game.to_move(state)
    if seat is not None and actor != seat:
        raise OutOfTurn(move, seat, actor)
    if actor is CHANCE and game.chance == "sampled":
        game.apply(state, move)  # raises IllegalMove for an impossible outcome
        return move
    if move not in game.legal_moves(state):
        game.apply(state, move)  # raises IllegalMove with the rule that forbids it
        raise IllegalMove(move, "not legal now")
    return move


def sample_chance(game: Game[Any, Any, Any, Any, Any], state: Any, rng: random.Random) -> Any:
    """One outcome of ``game.chance_outcomes(state)``, drawn in proportion to its exact weight.

    Uses ``rng.randrange`` over the integer weights (put over a common
    denominator when some are Fractions), so huge counts cannot overflow a
    float. Raises :class:`~picnic_rules.PicnicError` when chance does not act.
    """
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        raise PicnicError(f"chance does not act now ({_who(game.to_move(state))} is to act)")
    return outcomes[pick_weighted([weight for _, weight in outcomes], rng)][0]


def _random_value(hint: Any, rng: random.Random, depth: int = 0) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return _random_value(rng.choice(typing.get_args(hint)), rng, depth)
    if hint is type(None) or hint is None:
        return None
    if hint is bool:
        return rng.random() < 0.5
    if hint is int:
        return rng.choice((-1, 0, 0, 1, 1, 2, 2, 3, 4, 5, 7, 11))
    if hint is str:
        return rng.choice(("", "x", "red", "0"))
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_random_value(args[0], rng, depth + 1) for _ in range(rng.randrange(4)))
        return tuple(_random_value(arg, rng, depth + 1) for arg in args)
    if origin is frozenset:
        (arg,) = typing.get_args(hint)
        return frozenset(_random_value(arg, rng, depth + 1) for _ in range(rng.randrange(3)))
    if origin is typing.Literal:
        return rng.choice(typing.get_args(hint))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return rng.choice(list(hint))
    if isinstance(hint, type) and attrs.has(hint) and depth < 4:
        return _random_instance(hint, rng, depth + 1)
    return None


_HINTS: dict[type[Any], tuple[tuple[str, Any], ...]] = {}


def _init_hints(cls: type[Any]) -> tuple[tuple[str, Any], ...]:
    known = _HINTS.get(cls)
    if known is None:
        hints = typing.get_type_hints(cls)
        known = tuple((f.name, hints[f.name]) for f in attrs.fields(cls) if f.init)
        _HINTS[cls] = known
    return known


def _random_instance(cls: type[Any], rng: random.Random, depth: int = 0) -> Any:
    return cls(**{name: _random_value(hint, rng, depth) for name, hint in _init_hints(cls)})


def random_move(game: Game[Any, Any, Any, Any, Any], state: Any, rng: random.Random) -> Any:
    """An arbitrary well-formed move of ``game``, most often illegal in ``state`` (for tests).

    Built from the move classes' field annotations: any move type, with
    small ints (negative and too large ones included), any enum member,
    ``None`` where allowed.
    """
    return _random_instance(rng.choice(game.move_types), rng)


def check_view(game: Game[Any, Any, Any, Any, Any], view: Any) -> None:
    """Raise :class:`~picnic_rules.InvalidState` unless some state that ``check`` accepts has ``view``.

    The field types are checked, then ``determinize`` builds a full state
    from the view, which must pass ``check`` and show exactly this view to its
    seat (``view.player``). So a view is accepted exactly when the state
    check accepts one of its determinizations -- each fact about reachable
    positions has one home, the game's ``check``.
    """
    if type(view) is not game.View:
        raise InvalidState(f"expected a {game.name} View, not {type(view).__name__}")
    check_fields(view)
    player = view.player
    try:
        state = game.determinize(view, random.Random(0))
    except InvalidState:
        raise
    except (PicnicError, LookupError, ValueError, TypeError) as exc:
        raise InvalidState(f"no state has this view: {exc}") from None
    try:
        game.check(state)
    except InvalidState as exc:
        raise InvalidState(f"no reachable state has this view: {exc.reason}") from None
    try:
        seen = game.view(state, player)
    except PicnicError as exc:
        raise InvalidState(f"no state has this view: {exc}") from None
    if seen != view:
        raise InvalidState("no state has this view: it shows what its seat cannot see")


def describe_move(game: Game[Any, Any, Any, Any, Any], view: Any, move: Any) -> str:
    """A sentence for seat ``view.player`` about ``move``, one of its legal moves, before it
    is made: ``describe`` of the move's observation in a state determinized from the view
    (with ``random.Random(0)``, so the same view always gives the same words).

    Right for a game in which what a seat observes of its own move does not depend on
    what it cannot see (sandwich). A game whose own moves reveal hidden cards (a showdown)
    defines its own ``describe_move``, or the words would show a made-up card; the
    harness's ``describe`` check finds such a game, because its words change from one
    determinization to another.
    """
    state = game.determinize(view, random.Random(0))
    return game.describe(view, game.observe(state, move, view.player))


def public_view_class(module: str) -> type:
    """The ``PublicView`` class of a game that has neither a public view of its own nor a
    :class:`~picnic_rules.kit.Visibility`: frozen attrs, the one field ``players`` (the seat
    count), named ``PublicView`` of ``module``. Safe, if bare: a spectator sees no table."""
    cls = attrs.make_class(
        "PublicView", {"players": attrs.field(type=int)}, frozen=True, slots=True
    )
    cls.__annotations__ = {"players": int}
    cls.__module__ = module
    cls.from_the_kit = True  # type: ignore[attr-defined]
    cls.__doc__ = "What every seat sees alike: only the number of seats (the kit's default)."
    return cls


def public(game: Game[Any, Any, Any, Any, Any], view: Any) -> Any:
    """The public part of ``view`` for a game that does not say what it is: only the seat
    count (the kit's default ``PublicView``), which every seat's view has alike.

    Raises :class:`~picnic_rules.InvalidState` for a view of another game.
    """
    if type(view) is not game.View:
        raise InvalidState(f"public takes a {game.name} View, not {type(view).__name__}")
    return game.PublicView(players=view.players)
