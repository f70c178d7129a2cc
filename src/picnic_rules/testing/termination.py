"""Termination as a checked law: the game's measure falls at every step; the long-game search.

Every game declares ``remaining(state)``, a :class:`~picnic_rules.Measure`:
at most how many non-chance moves and chance steps are still to come. The
law (check ``measure``), at every step of every game the harness plays:

* both parts are non-negative ints;
* at the new game they are at most ``max_moves(players, rules)`` and
  ``max_chance_steps(players, rules)``;
* a non-chance move lowers ``moves`` by at least one and does not raise
  ``chance``; a chance step lowers ``chance`` by at least one and does not
  raise ``moves``.

Together these prove that every game ends within its declared bounds,
whatever the seats and chance do -- not only in the games random play
happens to produce. :func:`longest_choice` searches for the long games: it
picks, among the legal moves, one that lowers the measure least.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..game import CHANCE, Actor, Game, Measure
from ..typevars import M, R, S, V
from .text import notation

if TYPE_CHECKING:
    from .context import Choose, Context, Node

__all__ = ["at_state", "longest_choice"]


def _measure(checker: Context[S, V, M, R], state: S) -> Measure:
    game = checker.game
    found = checker.call("measure", "remaining(state)", state, game.remaining, state)
    if (
        not isinstance(found, tuple)
        or len(found) != 2
        or not all(type(part) is int and part >= 0 for part in found)
    ):
        checker.fail(
            "measure",
            f"remaining(state) is {found!r}, not a Measure of two non-negative ints",
            state,
        )
    return Measure(*found)


def at_state(checker: Context[S, V, M, R], state: S, stepped: Actor | None, first: bool) -> None:
    """Check the law for ``state``, reached by a step of ``stepped`` (a seat or CHANCE), or
    the new game when ``first``; remember the measure for the next step."""
    now = _measure(checker, state)
    before = checker.measure
    checker.measure = now
    if first or before is None:
        limits = Measure(checker.limit, checker.chance_limit)
        if now.moves > limits.moves or now.chance > limits.chance:
            checker.fail(
                "measure",
                f"the new game's measure {tuple(now)} exceeds the bounds "
                f"(max_moves, max_chance_steps) = {tuple(limits)}",
                state,
            )
        checker.ok()
        return
    last = notation(checker.history[-1]) if checker.history else "?"
    if stepped is CHANCE:
        if now.chance > before.chance - 1 or now.moves > before.moves:
            checker.fail(
                "measure",
                f"the chance step {last!r} took the measure from {tuple(before)} to "
                f"{tuple(now)}: a chance step must lower its chance part by at least one "
                f"and not raise its moves part",
                state,
            )
    elif now.moves > before.moves - 1 or now.chance > before.chance:
        checker.fail(
            "measure",
            f"the move {last!r} took the measure from {tuple(before)} to {tuple(now)}: "
            f"a move must lower its moves part by at least one and not raise its chance part",
            state,
        )
    checker.ok()


def longest_choice(game: Game[S, V, M, R, Any], seed: int) -> Choose[S, M]:
    """A chooser that searches for long games: each seat picks, among its legal moves, one
    whose next state has the largest ``remaining(...).moves`` (ties at random); chance is
    drawn with ``sample_chance`` and ``random.Random(seed)``.

    A measure that is a true bound survives this adversary too; a bound that
    only random play respects (the insects game under ``buy`` once said 150
    where a legal game lasts 171) does not.
    """
    rng = random.Random(f"testing:{seed}:longest")

    def choose(state: S, node: Node[M]) -> M:
        if node.actor is CHANCE:
            return game.sample_chance(state, rng)
        best: list[M] = []
        most = -1
        for move in node.legal:
            left = game.remaining(game.apply(state, move)).moves
            if left > most:
                best, most = [move], left
            elif left == most:
                best.append(move)
        return rng.choice(best)

    return choose
