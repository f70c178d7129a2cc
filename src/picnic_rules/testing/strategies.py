"""Hypothesis support: strategies, :func:`play_out` and :func:`GameMachine`.

Hypothesis is a test extra: it is imported only when these are called.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..errors import RulesError
from ..game import CHANCE, AnyGame, Game
from ..typevars import M, R, S, V
from . import loop
from .checker import Checker, Node

if TYPE_CHECKING:
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine

__all__ = ["GameMachine", "play_out", "players", "rules_variants", "setups"]


def players(game: Game[S, V, M, R, Any]) -> st.SearchStrategy[int]:
    """A hypothesis strategy for a player count of ``game`` (shrinks towards the fewest)."""
    from hypothesis import strategies as st

    return st.integers(game.min_players, game.max_players)


def rules_variants(game: Game[S, V, M, R, Any]) -> st.SearchStrategy[R]:
    """A hypothesis strategy for one of ``game.variants``' rules (shrinks towards the first)."""
    from hypothesis import strategies as st

    return st.sampled_from(tuple(game.variants.values()) or (game.Rules(),))


def setups(
    game: Game[S, V, M, R, Any], rules: st.SearchStrategy[R] | None = None
) -> st.SearchStrategy[tuple[int, R]]:
    """A hypothesis strategy for ``(players, rules)`` that ``game.new_game`` accepts.

    ``rules`` is a strategy for the game's ``Rules`` (default
    :func:`rules_variants`); combinations that raise
    :class:`~picnic_rules.RulesError` are filtered out.
    """
    from hypothesis import strategies as st

    def valid(setup: tuple[int, R]) -> bool:
        try:
            game.new_game(*setup)
        except RulesError:
            return False
        return True

    return st.tuples(players(game), rules if rules is not None else rules_variants(game)).filter(
        valid
    )


def _hypothesis_choice(data: st.DataObject, checker: Checker[S, V, M, R]) -> loop.Choose[S, M]:
    """Hypothesis picks every move: a legal move, or the seed of a sampled chance outcome."""
    from hypothesis import strategies as st

    def choose(state: S, node: Node[M]) -> M:
        who = "chance" if node.actor is CHANCE else f"seat {node.actor}"
        label = f"step {checker.step} ({who})"
        if checker.sampled_chance(node.actor):
            seed = data.draw(st.integers(0, 2**32 - 1), label=f"{label} seed")
            return checker.sample_with(state, seed)
        return data.draw(st.sampled_from(node.legal), label=label)

    return choose


def play_out(
    game: Game[S, V, M, R, Any],
    data: st.DataObject,
    *,
    players: int,
    rules: R | None = None,
    thorough: bool = False,
    every: int = 5,
    sample: int = 3,
    only: Iterable[str] | None = None,
    skip: Iterable[str] | None = None,
    on_state: loop.OnState[S] | None = None,
    on_move: loop.OnMove[S, M] | None = None,
) -> S:
    """Play a whole game in which hypothesis chooses every move, chance outcomes included.

    Use it inside a test given ``st.data()``::

        @given(st.data())
        def test_sandwich(data):
            final = play_out(sandwich.GAME, data, players=3)

    Every step runs the checks of :func:`check_play` (the expensive ones every
    ``every``-th step, or always with ``thorough=True``; ``only`` and ``skip``
    choose them by name). For checks of your own, ``on_state(state)`` is
    called with every state reached, the first and the last included, and
    ``on_move(state, move, new_state)`` with every move applied. Hypothesis
    may pick any outcome of a chance node, however unlikely (for a game with
    sampled chance it picks the seed ``sample_chance`` draws with), so this
    also shows that the game ends under every sequence of chance: within
    ``game.max_moves(players, rules)`` non-chance moves and
    ``game.max_chance_steps(players, rules)`` chance steps. Returns the
    final state. Failures raise :class:`AssertionError` and shrink to a
    short game.
    """
    chosen: R = rules if rules is not None else game.Rules()
    checker = loop.make_checker(
        game,
        players,
        chosen,
        seed=None,
        thorough=thorough,
        every=every,
        sample=sample,
        only=only,
        skip=skip,
    )
    final, _ = loop.run(
        checker, _hypothesis_choice(data, checker), on_state=on_state, on_move=on_move
    )
    return final


def GameMachine(
    game: AnyGame,
    *,
    thorough: bool = False,
    only: Iterable[str] | None = None,
    skip: Iterable[str] | None = None,
) -> type[RuleBasedStateMachine]:
    """A hypothesis state machine class that plays ``game`` with checks at every step.

    Run it with ``TestSandwich = GameMachine(sandwich.GAME).TestCase``. Each
    run draws a setup (:func:`setups`), then hypothesis chooses the moves,
    chance outcomes included, one rule call per move; every state passes the
    checks of :func:`check_play` (``only`` and ``skip`` choose them by name)
    and every finished game its result check. Runs stop after hypothesis'
    ``stateful_step_count`` steps, so this explores game openings;
    :func:`play_out` plays games to the end.
    """
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

    from .report import select_checks

    select_checks(only, skip)  # an unknown name fails when the class is built

    class Machine(RuleBasedStateMachine):
        """Plays one game, hypothesis choosing every move."""

        def __init__(self) -> None:
            super().__init__()
            self.state: Any = None
            self.checker: Checker[Any, Any, Any, Any] | None = None
            self.node: Node[Any] = Node(None, ())

        @initialize(setup=setups(game))
        def start(self, setup: tuple[int, Any]) -> None:
            count, rules = setup
            self.checker = loop.make_checker(
                game, count, rules, seed=None, thorough=thorough, only=only, skip=skip
            )
            self.state, self.node = loop.start(self.checker)
            if self.node.actor is None:
                loop.end(self.checker, self.state)

        @precondition(lambda self: self.state is not None and self.node.actor is not None)
        @rule(data=st.data())
        def step(self, data: st.DataObject) -> None:
            assert self.checker is not None
            choose = _hypothesis_choice(data, self.checker)
            self.state, self.node = loop.step(self.checker, self.state, self.node, choose)
            if self.node.actor is None:
                loop.end(self.checker, self.state)

        @precondition(lambda self: self.state is not None and self.node.actor is None)
        @rule()
        def finished(self) -> None:
            """A finished game stays finished, with the same result."""
            assert self.checker is not None
            self.checker.visit(self.state, force_deep=True)
            self.checker.finish(self.state)

        @invariant()
        def over_means_no_moves(self) -> None:
            if self.state is not None:
                assert game.is_over(self.state) == (self.node.actor is None)

    Machine.__name__ = Machine.__qualname__ = (
        f"{game.name.title().replace('_', '').replace('-', '')}Machine"
    )
    return Machine
