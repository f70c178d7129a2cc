"""Observations are checked, not trusted: a forged one is refused or harmless.

A client that follows a game by ``update`` alone (an app at a real table, a
browser rebuilding its views from a history) takes observations from the
wire. The harness (check ``forged-observations``) takes the real history of
one seat of a finished game, changes one field of one observation
(:mod:`.mutations`), and follows the forged history with
:func:`picnic_rules.history.follow`: it must raise
:class:`~picnic_rules.IllegalMove` (never another error), or every view it
yields must pass ``check_view`` -- a forgery the seat cannot tell from a
real game is harmless, one that makes an impossible view is not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import IllegalMove, InvalidState
from ..history import SeatRecord, follow
from ..typevars import M, R, S, V
from . import mutations
from .text import short

if TYPE_CHECKING:
    from ..match import Record
    from .context import Context

__all__ = ["check"]


def check(checker: Context[S, V, M, R], record: Record[Any, Any], seat: int, state: S) -> None:
    """Forge seat ``seat``'s history of ``record`` at a few places; each forgery is refused
    by ``follow`` with IllegalMove or yields only views ``check_view`` accepts."""
    game = checker.game
    initial = game.view(game.new_game(record.players, record.rules), seat)
    observations: list[Any] = []
    current = game.new_game(record.players, record.rules)
    for move in record.moves:
        observations.append(
            checker.call(
                "forged-observations",
                f"observe(state, move, {seat})",
                current,
                game.observe,
                current,
                move,
                seat,
            )
        )
        current = game.apply(current, move)
    if not observations:
        return
    count = 48 if checker.thorough else 8
    for _ in range(count):
        index = checker.rng.randrange(len(observations))
        for forged in mutations.sample(observations[index], 1, checker.rng):
            if forged == observations[index]:
                continue
            _follow_forged(checker, initial, observations, index, forged, record, seat, state)


def _follow_forged(
    checker: Context[S, V, M, R],
    initial: V,
    observations: list[Any],
    index: int,
    forged: Any,
    record: Record[Any, Any],
    seat: int,
    state: S,
) -> None:
    game = checker.game
    history = SeatRecord(
        game=game.name,
        players=record.players,
        rules=record.rules,
        seat=seat,
        observations=(*observations[:index], forged, *observations[index + 1 :]),
        outcome=None,
    )
    what = f"observation {index + 1} of seat {seat} forged as {short(forged, 300)}"
    try:
        views = follow(history, game)
    except IllegalMove:
        checker.ok()
        return
    except Exception as exc:
        checker.fail(
            "forged-observations",
            f"follow(history with {what}) raised {type(exc).__name__}: {exc}, not IllegalMove",
            state,
            exc,
        )
    for number, view in enumerate(views[index + 1 :], start=index + 1):
        try:
            game.check_view(view)
        except InvalidState as exc:
            checker.fail(
                "forged-observations",
                f"update accepted {what}, and the view after observation {number} is one "
                f"check_view refuses: {exc}",
                view,
            )
    checker.ok()
