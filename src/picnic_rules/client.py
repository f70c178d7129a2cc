"""The client document: everything one seat's front end needs after a move, in one object.

A server keeps the state and sends each seat a :class:`SeatUpdate`: the
seat's view, who is to act, the seat's legal moves (with notation, a
sentence and a click group each), what the seat observed since its last
update (each observation with its sentence, :class:`Observed`), the
result once the game is over, the view as a text picture and the figures
a board shows (:func:`figures_of`). Encoded by
:mod:`picnic_rules.codec` (kind ``"update"``), it is all a client in any
language needs; :func:`picnic_rules.codec.schema` gives the JSON Schema of
each document kind.

>>> from picnic_rules import GAMES
>>> from picnic_rules.client import seat_update
>>> game = GAMES["sandwich"]
>>> state = game.new_game(2)
>>> while game.to_move(state) is not None and game.to_move(state) != 0:
...     state = game.apply(state, game.legal_moves(state)[0])
>>> update = seat_update(game, state, 0)
>>> update.to_move, [entry.notation for entry in update.legal_moves]
(0, ['play bread', 'end'])

To describe what a seat observed, pass its view before the first observation:

>>> before = game.view(state, 1)
>>> move = game.legal_moves(state)[0]
>>> seen = game.observe(state, move, 1)
>>> state = game.apply(state, move)
>>> [item.description for item in seat_update(game, state, 1, [seen], before).observations]
['seat 0 starts sandwich 0.0 with bread']
"""

from __future__ import annotations

import math
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Generic

import attrs

from .errors import PicnicError
from .game import Actor, AnyGame, Game, Outcome
from .typevars import M, Ob, S, V

__all__ = [
    "LegalMove",
    "Observed",
    "SeatUpdate",
    "figures_of",
    "public_words",
    "spectator_seat",
    "seat_update",
]


@attrs.frozen
class LegalMove(Generic[M]):
    """One legal move of the seat to act, as a client shows it."""

    move: M
    """The move (in a document: its notation)."""
    notation: str
    """``str(move)``, the text a client sends back to make the move."""
    description: str
    """What the move would do, in words for the seat making it (``game.describe_move``:
    nothing the seat cannot see)."""
    card: str
    """The card (or action) a click interface offers first (``game.move_group``)."""
    target: str
    """The target a click interface offers once the card is chosen."""


@attrs.frozen
class Observed(Generic[Ob]):
    """One observation of a seat, with the sentence a client shows for it."""

    observation: Ob
    """What the seat observed (the game's ``Observation``)."""
    description: str
    """The observation in words for the seat (``game.describe`` of the view before it)."""


@attrs.frozen
class SeatUpdate(Generic[V, M, Ob]):
    """Everything seat :attr:`seat`'s front end needs now (codec kind ``"update"``)."""

    seat: int
    """The seat this update is for."""
    view: V
    """What the seat may see."""
    to_move: Actor
    """Who acts next: a seat, :data:`~picnic_rules.CHANCE` (``"chance"`` in JSON), or
    ``None`` once the game is over."""
    legal_moves: tuple[LegalMove[M], ...]
    """The seat's legal moves when it is to act (else empty), in the game's order."""
    observations: tuple[Observed[Ob], ...]
    """What the seat observed since its previous update, oldest first, each with its words."""
    outcome: Outcome | None
    """How the game ended, or ``None`` while it goes on."""
    picture: str
    """The seat's view as a text picture (``game.render(view)``): what a plain client shows
    of the table (only what the seat may see)."""
    figures: Mapping[str, Any] = attrs.field(hash=False)
    """The numbers a board shows of the table, which the view holds only through the rules
    (each seat's points so far, say): :func:`figures_of` the view's public part, JSON
    data. A board reads them here rather than work them out."""


def seat_update(
    game: Game[S, V, M, Any, Ob],
    state: S,
    seat: int,
    observations: Sequence[Ob] = (),
    before: V | None = None,
) -> SeatUpdate[V, M, Ob]:
    """The :class:`SeatUpdate` for seat ``seat`` in ``state``.

    ``observations`` are the seat's observations since its previous update
    (from ``game.observe``; :func:`picnic_rules.history.observe_all` gives
    every seat's), and ``before`` is the seat's view before the first of
    them (the view of its previous update): each observation is described
    (``game.describe``) with the view before it, the view following by
    ``game.update``. Raises :class:`~picnic_rules.PicnicError`, naming the
    argument, for a ``state`` that is not a ``game.State``, ``observations``
    that are not a tuple or list of ``game.Observation``, a ``before`` that
    is not ``None`` or a ``game.View`` of seat ``seat``, a seat the game
    does not have, observations without ``before``, and observations that
    do not lead from ``before`` to the seat's view in ``state``.
    """
    _check_arguments(game, state, seat, observations, before)
    view = game.view(state, seat)
    seen = tuple(observations)
    if seen and before is None:
        raise PicnicError(
            "seat_update needs the seat's view before the observations to describe them: "
            "pass before=game.view(previous_state, seat)"
        )
    observed: list[Observed[Ob]] = []
    current: Any = before
    for number, observation in enumerate(seen):
        try:
            description = game.describe(current, observation)
            current = game.update(current, observation)
        except PicnicError as exc:
            raise PicnicError(
                f"observation {number} cannot follow the view before it: {exc}"
            ) from exc
        observed.append(Observed(observation, description))
    if before is not None and current != view:
        raise PicnicError("the observations do not lead from `before` to the seat's view")
    actor = game.to_move(state)
    legal: tuple[LegalMove[M], ...] = ()
    if actor == seat:
        entries = []
        for move in game.legal_moves(state):
            card, target = game.move_group(move)
            description = game.describe_move(view, move)
            entries.append(LegalMove(move, str(move), description, card, target))
        legal = tuple(entries)
    return SeatUpdate(
        seat=seat,
        view=view,
        to_move=actor,
        legal_moves=legal,
        observations=tuple(observed),
        outcome=game.result(state) if game.is_over(state) else None,
        picture=game.render(view),
        figures=figures_of(game, game.public(view)),
    )


def spectator_seat(game: AnyGame, state: Any, move: Any) -> int:
    """The seat whose observation of ``move`` (made in ``state``) a spectator's words are
    told from: the first seat shown no more of the move than any other -- one the move is
    hidden from (its observation's ``move`` is ``None``: another seat's card, a commitment
    face down) if there is one, else seat 0 (every seat sees the move alike).

    >>> from picnic_rules import GAMES
    >>> from picnic_rules.sandwich import Card, Draw
    >>> game = GAMES["sandwich"]
    >>> spectator_seat(game, game.new_game(2), Draw(Card.ANT))  # seat 0 is dealt the card
    1
    """
    players = game.public_view(state).players
    for seat in range(players):
        if getattr(game.observe(state, move, seat), "move", True) is None:
            return seat
    return 0


def public_words(game: AnyGame, state: Any, move: Any) -> str:
    """What ``move``, made in ``state``, did, in the sentence a spectator reads: the game's
    ``describe_public`` of the observation of :func:`spectator_seat` -- every seat in the
    third person (a front end names them), no hidden card. Raises what ``game.observe``
    raises for a move that is not legal in ``state``.

    >>> from picnic_rules import GAMES
    >>> from picnic_rules.sandwich import Card, Draw
    >>> game = GAMES["sandwich"]
    >>> public_words(game, game.new_game(2), Draw(Card.ANT))
    'seat 0 is dealt a card'
    """
    seat = spectator_seat(game, state, move)
    return game.describe_public(game.view(state, seat), game.observe(state, move, seat))


def figures_of(game: AnyGame, public: Any) -> dict[str, Any]:
    """``game.figures(public)`` as JSON data (tuples made lists): the numbers a board shows of
    a table whose public view is ``public`` (a seat's or a spectator's alike).

    Raises :class:`~picnic_rules.PicnicError` if the game gives anything but an object of
    JSON data (strings, integers, floats, booleans, ``None``, lists and objects with string
    keys), and what ``game.figures`` raises for a ``public`` that is not the game's
    ``PublicView``.

    >>> from picnic_rules import GAMES
    >>> game = GAMES["sandwich"]
    >>> figures_of(game, game.public_view(game.new_game(3)))["scores"]
    [0, 0, 0]
    """
    figures = game.figures(public)
    if not isinstance(figures, Mapping):
        raise PicnicError(f"{game.name}'s figures must be a mapping, not {_kind(figures)}")
    return typing.cast(dict[str, Any], _json_data(game.name, dict(figures), "figures"))


class _NotJSON(Exception):
    """A value that is not JSON data, with the path to it (built as the error unwinds)."""

    def __init__(self, value: object) -> None:
        super().__init__()
        self.value = value
        self.path = ""


def _json(value: object) -> object:
    """``value`` as JSON data (tuples as lists), or :class:`_NotJSON`."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is float and math.isfinite(typing.cast(float, value)):
        return value
    if kind is list or kind is tuple:
        out = []
        for number, item in enumerate(typing.cast(list[object], value)):
            try:
                out.append(_json(item))
            except _NotJSON as refused:
                refused.path = f"[{number}]{refused.path}"
                raise
        return out
    if kind is dict:
        mapping = typing.cast(dict[object, object], value)
        if all(type(key) is str for key in mapping):
            converted = {}
            for key, item in mapping.items():
                try:
                    converted[key] = _json(item)
                except _NotJSON as refused:
                    refused.path = f".{key}{refused.path}"
                    raise
            return converted
    raise _NotJSON(value)


def _json_data(name: str, value: object, path: str) -> object:
    """``value`` as JSON data (tuples as lists); a :class:`PicnicError` naming ``path`` if it
    is not."""
    try:
        return _json(value)
    except _NotJSON as refused:
        where = f"{path}{refused.path}"
        raise PicnicError(
            f"{name}'s {where} must be JSON data, not {_kind(refused.value)}"
        ) from None


def _kind(value: object) -> str:
    """The type of ``value`` for an error: its qualified name beyond the builtins."""
    cls = type(value)
    if cls.__module__ == "builtins":
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"


def _check_arguments(
    game: AnyGame, state: object, seat: object, observations: object, before: object
) -> None:
    """Refuse arguments of the wrong type before any of the game's functions sees them."""
    if not isinstance(state, game.State):
        raise PicnicError(f"seat_update: state must be a {game.name} State, not {_kind(state)}")
    if not isinstance(observations, (tuple, list)):
        raise PicnicError(
            f"seat_update: observations must be a tuple or list of {game.name} "
            f"Observations, not {_kind(observations)}"
        )
    for number, observation in enumerate(observations):
        if not isinstance(observation, game.Observation):
            raise PicnicError(
                f"seat_update: observations[{number}] must be a {game.name} Observation, "
                f"not {_kind(observation)}"
            )
    if before is None:
        return
    if not isinstance(before, game.View):
        raise PicnicError(
            f"seat_update: before must be None or a {game.name} View "
            f"(game.view(previous_state, seat)), not {_kind(before)}"
        )
    player = getattr(before, "player", seat)
    if player != seat:
        raise PicnicError(f"seat_update: before is the view of seat {player}, not of seat {seat}")
