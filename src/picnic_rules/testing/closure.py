"""``check`` is closed under play: what it accepts can be played on, and stays accepted.

A server or a trainer loads positions from outside (a saved game, a client's
JSON, a hand-built puzzle); ``check`` is its only guard. So the harness
mutates reachable states at one place (:mod:`.mutations`) and, for every
mutant ``check`` accepts, demands (check ``closure``): the state is over or
has a legal move (at a sampled chance node: ``sample_chance`` gives an
outcome); every legal move (every listed chance outcome, or two sampled
ones) applies without error to a state ``check`` accepts; and the same holds
from one of those states, then from one of its children, for
:data:`DEPTH` steps. A mutant ``check`` refuses must be refused with
:class:`~picnic_rules.InvalidState`, never another error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import InvalidState
from ..game import CHANCE
from ..typevars import M, R, S, V
from . import mutations
from .text import notation

if TYPE_CHECKING:
    from .context import Context

__all__ = ["DEPTH", "MOVES", "check"]


DEPTH = 3
"""How many steps of play the harness follows from an accepted mutant."""
MOVES = 8
"""At most how many legal moves of one state are applied (a sample beyond that; thrice as
many in a thorough run)."""


def check(checker: Context[S, V, M, R], state: S) -> None:
    """Mutate ``state`` at a few places; every mutant ``check`` accepts is closed under play."""
    count = 12 if checker.thorough else 2
    for mutant in mutations.sample(state, count, checker.rng):
        try:
            checker.game.check(mutant)
        except InvalidState:
            checker.ok()
            continue
        except Exception as exc:
            checker.fail(
                "closure",
                f"check(state changed at one place) raised {type(exc).__name__}: {exc}, "
                f"not InvalidState",
                mutant,
                exc,
            )
        _play_on(checker, mutant)


def _play_on(checker: Context[S, V, M, R], state: S) -> None:
    game = checker.game
    for depth in range(DEPTH):
        what = f"a state check accepts ({depth} steps after a one-place change of a real state)"
        actor = checker.call("closure", f"to_move({what})", state, game.to_move, state)
        if actor is None:
            return
        if actor is CHANCE and game.chance == "sampled":
            moves = [
                checker.call(
                    "closure",
                    f"sample_chance({what})",
                    state,
                    game.sample_chance,
                    state,
                    checker.rng,
                )
                for _ in range(2)
            ]
        else:
            legal = checker.call("closure", f"legal_moves({what})", state, game.legal_moves, state)
            if not legal:
                checker.fail(
                    "closure",
                    f"check accepts {what} that is not over but has no legal move",
                    state,
                )
            moves = list(legal)
            most = MOVES * 3 if checker.thorough else MOVES
            if len(moves) > most:
                moves = checker.rng.sample(moves, most)
        children = []
        for move in moves:
            child = checker.call(
                "closure",
                f"apply({what}, {notation(move)!r})",
                state,
                game.apply,
                state,
                move,
            )
            checker.call(
                "closure",
                f"check(the state after {notation(move)!r} in {what})",
                child,
                game.check,
                child,
            )
            children.append(child)
        checker.ok(len(children))
        state = checker.rng.choice(children)
