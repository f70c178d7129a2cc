"""A game as one seat saw it: :class:`SeatRecord`, made from a record or kept as play goes on.

A :class:`~picnic_rules.Record` lists every move, hidden draws included, so
it may be shown only once the game is over. A :class:`SeatRecord` holds
instead what one seat observed (``game.observe``), so a server may send it
to that seat at any moment, and :func:`follow` rebuilds every view the seat
had from it alone.

>>> from picnic_rules import GAMES, RandomAgent, play, replay
>>> from picnic_rules.history import follow, seat_record
>>> record = play("sandwich", [RandomAgent(), RandomAgent()], seed=7)
>>> mine = seat_record(record, 1)
>>> views = follow(mine)
>>> len(views) == len(record.moves) + 1
True
>>> game = GAMES["sandwich"]
>>> views[-1] == game.view(replay(record)[-1], 1)
True
"""

from __future__ import annotations

from typing import Any, Generic, overload

import attrs

from .errors import IllegalMove, PicnicError, not_a_seat
from .game import AnyGame, Game, Outcome
from .match import Record, replay
from .registry import get_game
from .typevars import M, Ob, R, S, V

__all__ = ["SeatRecord", "follow", "observe_all", "seat_record"]


@attrs.frozen
class SeatRecord(Generic[R, Ob]):
    """What seat :attr:`seat` observed of a game, move by move: safe to send to that seat mid-game.

    Round-trips through :mod:`picnic_rules.codec` (kind ``"history"``).
    """

    game: str
    """The name of the game (a key of :data:`picnic_rules.GAMES`)."""
    players: int
    """The number of seats."""
    rules: R
    """The game's ``Rules``."""
    seat: int
    """The seat that observed."""
    observations: tuple[Ob, ...]
    """What the seat observed of each move, in order (chance outcomes included)."""
    outcome: Outcome | None
    """How the game ended, or ``None`` while it goes on."""


def _game(name: str) -> AnyGame:
    return get_game(name)


def observe_all(game: Game[S, Any, M, Any, Ob], state: S, move: M) -> tuple[Ob, ...]:
    """What each seat observes when ``move`` is made in ``state``, seat by seat.

    A server applies a move with :meth:`~picnic_rules.Game.apply_as`, then
    sends each seat its own entry.
    """
    players: int = state.players  # type: ignore[attr-defined]
    return tuple(game.observe(state, move, seat) for seat in range(players))


@overload
def seat_record(
    record: Record[M, R], seat: int, game: Game[Any, Any, M, R, Ob]
) -> SeatRecord[R, Ob]: ...
@overload
def seat_record(record: Record[M, R], seat: int, game: None = None) -> SeatRecord[R, Any]: ...
def seat_record(
    record: Record[M, R], seat: int, game: Game[Any, Any, M, R, Ob] | None = None
) -> SeatRecord[R, Any]:
    """The :class:`SeatRecord` of seat ``seat`` for ``record``'s game (finished or not).

    Raises what :func:`~picnic_rules.replay` raises for a record whose moves
    do not fit, and :class:`~picnic_rules.PicnicError` for a seat the game
    does not have.
    """
    states = replay(record, game)
    found: AnyGame = game or _game(record.game)
    if type(seat) is not int or not 0 <= seat < record.players:
        raise PicnicError(not_a_seat(seat, record.players))
    observations = tuple(
        found.observe(state, move, seat) for state, move in zip(states, record.moves, strict=False)
    )
    return SeatRecord(
        game=record.game,
        players=record.players,
        rules=record.rules,
        seat=seat,
        observations=observations,
        outcome=record.outcome,
    )


@overload
def follow(history: SeatRecord[R, Ob], game: Game[Any, V, Any, R, Ob]) -> tuple[V, ...]: ...
@overload
def follow(history: SeatRecord[Any, Any], game: None = None) -> tuple[Any, ...]: ...
def follow(history: SeatRecord[Any, Any], game: AnyGame | None = None) -> tuple[Any, ...]:
    """Every view seat ``history.seat`` had: the new game's, then one after each observation.

    Built with ``game.update`` alone -- no state, no hidden card -- as an app
    at a real table would. Raises :class:`~picnic_rules.IllegalMove` (its
    reason naming the observation's index, counted from 1) at the first
    observation that cannot follow.
    """
    game = game or _game(history.game)
    view = game.view(game.new_game(history.players, history.rules), history.seat)
    views = [view]
    for number, observation in enumerate(history.observations, start=1):
        view = _update(game, view, observation, number)
        views.append(view)
    return tuple(views)


def _update(game: AnyGame, view: Any, observation: Any, number: int) -> Any:
    try:
        return game.update(view, observation)
    except IllegalMove as exc:
        raise IllegalMove(exc.move, f"observation {number}: {exc.reason}") from exc
    except PicnicError as exc:  # an observation the view rules out, whatever the game calls it
        raise IllegalMove(observation, f"observation {number}: {exc}") from exc
