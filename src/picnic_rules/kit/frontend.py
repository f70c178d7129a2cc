"""The front-end tier's generic defaults: what a seat observes, its next view, words, pictures.

A game module needs only the rules tier; :func:`~picnic_rules.kit.define_game`
supplies each of these unless the module defines its own (and
:attr:`Game.provides <picnic_rules.Game.provides>` names those it does):

* ``Observation`` (:func:`observation_class`): what seat ``seat`` learns of a
  move -- who made it (``actor``, ``None`` for chance), the move if it is
  public to that seat (``None`` for a chance outcome, and for another seat's
  face-down move), and ``view``, the seat's whole next view;
* :func:`observe` and :func:`update`: the observation, and the next view it
  holds once it is checked against the old one, so that ``update(view(s, k),
  observe(s, m, k)) == view(apply(s, m), k)`` always holds;
* :func:`describe`: the move's notation after whose it is (``seat 0's move:
  swap``), or ``chance acts`` for an outcome the seat is not shown;
  :func:`describe_public` the same told to no seat (a spectator's log), every seat in
  the third person -- a game that writes its own words writes this too, telling its
  sentences to :func:`to_no_seat` of the view;
* :func:`render`: the view's fields, one a line;
* :func:`move_group`: the first word of the notation, then the rest.

The observation reveals what the next view shows, and the move only when the
seat sees it made; words and pictures show only the view and that move.
A game writes its own tier when a front end needs less or more: a smaller
observation to send (a view repeats every card), words in the rulebook's
terms, a picture of the table.
"""

from __future__ import annotations

import functools
import operator
import typing
from typing import Any

import attrs

from ..errors import IllegalMove, InvalidState
from ..game import CHANCE, Game
from ..typevars import V

__all__ = [
    "TIER",
    "describe",
    "describe_public",
    "is_default",
    "move_group",
    "observation_class",
    "observe",
    "render",
    "to_no_seat",
    "update",
]

TIER = (
    "Observation",
    "observe",
    "update",
    "describe",
    "describe_move",
    "describe_public",
    "render",
    "move_group",
)
"""The parts of the front-end tier, which a game may define itself or take from the kit."""


def observation_class(module: str, view: type, move_types: tuple[type, ...]) -> type:
    """The ``Observation`` class of a game that does not define one: frozen attrs, fields
    ``seat``, ``actor``, ``move`` and ``view`` typed with the game's own classes (so the
    codec encodes it like any observation), named ``Observation`` of ``module``."""
    moves: Any = functools.reduce(operator.or_, move_types)
    cls = attrs.make_class(
        "Observation",
        {
            "seat": attrs.field(type=int),
            "actor": attrs.field(type=typing.cast(type, int | None)),
            "move": attrs.field(type=typing.cast(type, moves | None)),
            "view": attrs.field(type=view),
        },
        frozen=True,
    )
    cls.__module__ = module
    cls.from_the_kit = True  # type: ignore[attr-defined]
    cls.__doc__ = (
        "What seat ``seat`` learns of a move: who made it (``actor``, ``None`` for chance), "
        "the move if the seat is shown it, and the seat's next ``view`` (the kit's default)."
    )
    return cls


def is_default(cls: object) -> bool:
    """Whether ``cls`` is an ``Observation`` class that :func:`observation_class` made."""
    return getattr(cls, "from_the_kit", False) is True


def observe(game: Game[Any, Any, Any, Any, Any], state: Any, move: Any, seat: int) -> Any:
    """What ``seat`` learns when ``move`` is made in ``state``: the default ``Observation``.

    The move is shown unless it is a chance outcome or another seat's move in a game with
    ``face_down_moves``; the view is the seat's next one. Raises what ``view`` raises for
    a seat the game does not have, then what ``apply`` raises for an illegal move.
    """
    game.view(state, seat)
    actor = game.to_move(state)
    after = game.apply(state, move)
    shown = None
    if actor is not CHANCE and (actor == seat or not game.face_down_moves):
        legal = game.legal_moves(state)  # the listed twin of a look-alike (Draw(4.0))
        shown = legal[legal.index(move)] if move in legal else move
    return game.Observation(seat, None if actor is CHANCE else actor, shown, game.view(after, seat))


def update(game: Game[Any, Any, Any, Any, Any], view: Any, observation: Any) -> Any:
    """Seat ``view.player``'s next view: the one ``observation`` holds, once it is checked.

    :class:`~picnic_rules.IllegalMove` unless the observation is the game's, of this seat,
    holds a view of this seat in a game of as many seats, and ``check_view`` accepts it
    (through the game's record, what is no observation of the game at all is refused
    first, with :class:`~picnic_rules.PicnicError`, as for every game's ``update``).
    """
    move = getattr(observation, "move", None)
    if type(observation) is not game.Observation:
        raise IllegalMove(move, f"not an observation of {game.name}")
    after, seat = observation.view, view.player

    def refuse(why: str) -> IllegalMove:
        return IllegalMove(move, f"the observation does not follow the view: {why}")

    if type(observation.seat) is not int or observation.seat != seat:
        raise refuse(f"it is not seat {seat}'s")
    if type(after) is not game.View or after.player != seat or after.players != view.players:
        raise refuse(f"it does not hold a view of seat {seat} of this game")
    try:
        game.check_view(after)
    except InvalidState as exc:
        raise refuse(exc.reason) from None
    return after


def describe(game: Game[Any, Any, Any, Any, Any], view: Any, observation: Any) -> str:
    """The move in words for seat ``view.player``, its notation after whose it is:
    ``seat 0's move: swap``, ``your move: keep``, ``seat 1's move, face down``, or
    ``chance acts`` for an outcome the seat is not shown."""
    actor, move = observation.actor, observation.move
    if actor is None:
        return "chance acts" if move is None else f"chance's move: {move}"
    whose = "your" if actor == view.player else f"seat {actor}'s"
    return f"{whose} move, face down" if move is None else f"{whose} move: {move}"


def describe_public(game: Game[Any, Any, Any, Any, Any], view: Any, observation: Any) -> str:
    """The move in words for no seat (a spectator), every seat in the third person:
    ``seat 0's move: swap``, ``seat 1's move, face down``, ``chance acts``. Read from the
    observation's ``actor`` and ``move`` alone (a game's own observation without them is
    ``chance acts``), so a game that writes its own ``describe`` says more only by writing
    its own ``describe_public``."""
    actor, move = getattr(observation, "actor", None), getattr(observation, "move", None)
    if type(actor) is not int:
        return "chance acts" if move is None else f"chance's move: {move}"
    return f"seat {actor}'s move, face down" if move is None else f"seat {actor}'s move: {move}"


def to_no_seat(view: V) -> V:
    """``view`` told to no seat: its ``player`` one past the last seat, a reader who sits at
    none of them, so that a game's words (which say "you" of ``view.player``) speak of
    every seat in the third person. Only for words: no other function takes such a view.

    >>> from picnic_rules import GAMES
    >>> game = GAMES["sandwich"]
    >>> to_no_seat(game.view(game.new_game(3), 0)).player
    3
    """
    shown: Any = view
    return typing.cast(V, attrs.evolve(shown, player=shown.players))


def render(game: Game[Any, Any, Any, Any, Any], view: Any, *, markup: bool = False) -> str:
    """A picture of ``view``: its fields, one a line (``hands: (- 5)``; ``-`` for ``None``).

    With ``markup=True`` the seat's line is bold (rich console markup).
    """
    lines = [f"{game.title}, seat {view.player}"]
    lines += [
        f"{field.name}: {_shown(getattr(view, field.name))}" for field in attrs.fields(type(view))
    ]
    if markup:
        lines = [line.replace("[", r"\[") for line in lines]
        lines[0] = f"[bold]{lines[0]}[/bold]"
    return "\n".join(lines)


def _shown(value: object) -> str:
    """A value as a picture shows it: ``str`` of members and moves, tuples spaced out, the
    fields of an attrs value that has no ``__str__``."""
    if value is None:
        return "-"
    if isinstance(value, tuple | frozenset):
        items = sorted(map(_shown, value)) if isinstance(value, frozenset) else map(_shown, value)
        return "(" + " ".join(items) + ")"
    cls: Any = type(value)
    if attrs.has(cls) and cls.__str__ is object.__str__:
        fields = attrs.fields(cls)
        return "(" + ", ".join(f"{f.name} {_shown(getattr(value, f.name))}" for f in fields) + ")"
    return str(value)


def move_group(game: Game[Any, Any, Any, Any, Any], move: Any) -> tuple[str, str]:
    """The button of ``move`` in a click interface, then its target: the first word of its
    notation, then the rest (``("play", "red 3")``; ``("keep", "")``). A value that is no
    move of the game (``None``, a string) is refused before, by the kit's move gate
    (:func:`~picnic_rules.kit.guards.guard_generic`), as every function that takes a move."""
    verb, _, rest = str(move).partition(" ")
    return verb, rest
