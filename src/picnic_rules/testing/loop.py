"""The one factory of checkers and the one step loop: visit, choose, apply, bound, finish.

:func:`check_play <picnic_rules.testing.check_play>`,
:func:`play_out <picnic_rules.testing.play_out>` and
:func:`GameMachine <picnic_rules.testing.GameMachine>` differ only in who
chooses the moves (a :data:`Choose` function); everything else is here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from ..errors import RulesError
from ..game import Game, Outcome
from ..match import Record
from ..registry import GAMES
from ..typevars import M, R, S, V
from . import documents, observations
from .checker import Checker
from .context import Choose, Node
from .report import select_checks
from .text import short

__all__ = [
    "Choose",
    "OnMove",
    "OnState",
    "end",
    "make_checker",
    "new_game",
    "registered",
    "replay",
    "run",
    "seat_rng",
    "start",
    "step",
    "variant_name",
]


OnState = Callable[[S], None]
"""Called with every state reached, the first and the last included."""
OnMove = Callable[[S, M, S], None]
"""Called with ``(state, move, new_state)`` for every move applied."""


def registered(game: Game[S, V, M, R, Any]) -> bool:
    """Whether ``game`` is the very record :data:`picnic_rules.GAMES` holds under its name."""
    return GAMES.get(game.name) is game


def variant_name(game: Game[S, V, M, R, Any], rules: R) -> str:
    """The name under which ``game.variants`` lists ``rules``, or ``"(custom)"``."""
    for name, known in game.variants.items():
        if known == rules:
            return name
    return "(custom)"


def seat_rng(seed: int, seat: int) -> random.Random:
    """The random generator of seat ``seat``'s agent in the game played with ``seed``."""
    return random.Random(f"testing:{seed}:{seat}")


def make_checker(
    game: Game[S, V, M, R, Any],
    players: int,
    rules: R,
    *,
    seed: int | None,
    variant: str | None = None,
    thorough: bool = False,
    every: int = 5,
    sample: int = 3,
    only: Iterable[str] | None = None,
    skip: Iterable[str] | None = None,
) -> Checker[S, V, M, R]:
    """The checker of one game: the one place where a :class:`Checker` is built.

    ``seed`` is the seed of a random-play game (``None`` when hypothesis
    chooses); ``only``/``skip`` select names of :data:`CHECKS`.
    """
    return Checker(
        game,
        players,
        rules,
        variant=variant if variant is not None else variant_name(game, rules),
        seed=seed,
        thorough=thorough,
        every=every,
        sample=sample,
        rng=random.Random(f"testing:{seed if seed is not None else 0}:harness"),
        enabled=select_checks(only, skip),
        registered=registered(game),
    )


def new_game(game: Game[S, V, M, R, Any], players: int, rules: R) -> S:
    """``game.new_game(players, rules)``; lets RulesError through, fails 'new-game' on the rest."""
    try:
        return game.new_game(players, rules)
    except RulesError:
        raise
    except Exception as exc:
        raise AssertionError(
            f"{game.name}: check 'new-game' failed: new_game({players}, {short(rules)}) raised "
            f"{type(exc).__name__}: {exc}"
        ) from exc


def start(checker: Checker[S, V, M, R]) -> tuple[S, Node[M]]:
    """The first state of the checker's game, checked (with every expensive check)."""
    documents.check_object(checker, checker.rules, "the rules", None)
    state = new_game(checker.game, checker.players, checker.rules)
    observations.start(checker, state)
    return state, checker.visit(state, force_deep=True)


def step(
    checker: Checker[S, V, M, R],
    state: S,
    node: Node[M],
    choose: Choose[S, M],
    on_move: OnMove[S, M] | None = None,
) -> tuple[S, Node[M]]:
    """One step: choose a move, apply it (checked and bounded), check the new state."""
    move = choose(state, node)
    new = checker.apply(state, node, move)
    if on_move is not None:
        on_move(state, move, new)
    return new, checker.visit(new)


def end(checker: Checker[S, V, M, R], state: S) -> Outcome:
    """Check the final state (with every expensive check) and its result; return the result."""
    if not checker.deep():
        checker.visit(state, force_deep=True)
    return checker.finish(state)


def run(
    checker: Checker[S, V, M, R],
    choose: Choose[S, M],
    *,
    on_state: OnState[S] | None = None,
    on_move: OnMove[S, M] | None = None,
) -> tuple[S, Outcome]:
    """Play the checker's game to the end with ``choose``; return the final state and result."""
    state, node = start(checker)
    while True:
        if on_state is not None:
            on_state(state)
        if node.actor is None:
            return state, end(checker, state)
        state, node = step(checker, state, node, choose, on_move)


def replay(game: Game[S, V, M, R, Any], record: Record[M, R]) -> S:
    """The final state of ``record``, applied with ``game``'s own functions (registered or not)."""
    state = game.new_game(record.players, record.rules)
    for move in record.moves:
        state = game.apply(state, move)
    return state
