"""Helpers for a game's own scenario tests: :func:`assert_illegal`, :func:`apply_all` and
:func:`random_step`."""

from __future__ import annotations

import random
from typing import Any

from ..errors import IllegalMove
from ..game import CHANCE, Game
from ..typevars import M, R, S, V

__all__ = ["apply_all", "assert_illegal", "random_step"]


def assert_illegal(game: Game[S, V, M, R, Any], state: S, move: M, *words: str) -> IllegalMove:
    """Assert that ``game.apply(state, move)`` raises IllegalMove whose reason holds every word.

    Returns the error. Words are matched case-insensitively in
    :attr:`~picnic_rules.IllegalMove.reason`, so a test pins the rule that
    forbids the move, not only that something did.

    >>> from picnic_rules import sandwich
    >>> state = sandwich.new_game(2)
    >>> assert_illegal(sandwich.GAME, state, sandwich.End(), "chance").reason
    'chance acts now: only a draw can happen'
    """
    try:
        game.apply(state, move)
    except IllegalMove as exc:
        reason = exc.reason.lower()
        missing = [word for word in words if word.lower() not in reason]
        if missing:
            raise AssertionError(
                f"apply refused {move} with the reason {exc.reason!r}, "
                f"which lacks {', '.join(map(repr, missing))}"
            ) from exc
        return exc
    raise AssertionError(f"apply accepted {move} ({move!r}), which should be illegal")


def apply_all(game: Game[S, V, M, R, Any], state: S, *moves: M) -> S:
    """Apply ``moves`` in order, with ``game.check`` on every state reached; return the last.

    A move that ``apply`` refuses raises its
    :class:`~picnic_rules.IllegalMove`; a state that ``check`` refuses raises
    AssertionError naming the move that led to it.
    """
    for i, move in enumerate(moves):
        state = game.apply(state, move)
        try:
            game.check(state)
        except Exception as exc:
            raise AssertionError(f"check refuses the state after move {i} ({move}): {exc}") from exc
    return state


def random_step(game: Game[S, V, M, R, Any], state: S, rng: random.Random) -> S:
    """The state after one step of random play: chance's outcome sampled where chance acts,
    else a legal move drawn uniformly (``state`` must not be over).

    >>> import random
    >>> from picnic_rules import sandwich
    >>> state, rng = sandwich.new_game(2), random.Random(1)
    >>> while not sandwich.GAME.is_over(state):
    ...     state = random_step(sandwich.GAME, state, rng)
    >>> sandwich.GAME.result(state).winners
    (1,)
    """
    if game.to_move(state) is CHANCE:
        return game.apply(state, game.sample_chance(state, rng))
    return game.apply(state, rng.choice(game.legal_moves(state)))
