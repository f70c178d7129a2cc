"""Hypothesis support: strategies, :func:`play_out` and :func:`GameMachine`.

Hypothesis is a test extra: it is imported only when these are called.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import RulesError
from ..game import CHANCE, AnyGame

if TYPE_CHECKING:
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine
from .checker import _Checker, _codec_works, _new_game, default_max_steps
from .harness import _variant_name

# --------------------------------------------------------------------------
# hypothesis


def players(game: AnyGame) -> st.SearchStrategy[int]:
    """A hypothesis strategy for a player count of ``game`` (shrinks towards the fewest)."""
    from hypothesis import strategies as st

    return st.integers(game.min_players, game.max_players)


def rules_variants(game: AnyGame) -> st.SearchStrategy[Any]:
    """A hypothesis strategy for one of ``game.variants``' rules (shrinks towards the first)."""
    from hypothesis import strategies as st

    return st.sampled_from(tuple(game.variants.values()) or (game.Rules(),))


def setups(
    game: AnyGame, rules: st.SearchStrategy[Any] | None = None
) -> st.SearchStrategy[tuple[int, Any]]:
    """A hypothesis strategy for ``(players, rules)`` that ``game.new_game`` accepts.

    ``rules`` is a strategy for the game's ``Rules`` (default
    :func:`rules_variants`); combinations that raise
    :class:`~picnic_rules.RulesError` are filtered out.
    """
    from hypothesis import strategies as st

    def valid(setup: tuple[int, Any]) -> bool:
        try:
            game.new_game(*setup)
        except RulesError:
            return False
        return True

    return st.tuples(players(game), rules if rules is not None else rules_variants(game)).filter(
        valid
    )


def play_out(
    game: AnyGame,
    data: st.DataObject,
    *,
    players: int,
    rules: Any = None,
    max_steps: int | None = None,
    thorough: bool = False,
    every: int = 5,
    sample: int = 3,
    on_state: Callable[[Any], None] | None = None,
    on_move: Callable[[Any, Any, Any], None] | None = None,
) -> Any:
    """Play a whole game in which hypothesis chooses every move, chance outcomes included.

    Use it inside a test given ``st.data()``::

        @given(st.data())
        def test_sandwich(data):
            final = play_out(sandwich.GAME, data, players=3)

    Every step runs the checks of :func:`check_play` (the expensive ones every
    ``every``-th step, or always with ``thorough=True``). For checks of your
    own, ``on_state(state)`` is called with every state reached, the first
    and the last included, and ``on_move(state, move, new_state)`` with
    every move applied. Hypothesis may pick any outcome of a chance node,
    however unlikely, so this also shows that the game ends under every
    sequence of chance: within ``game.max_moves(players, rules)`` non-chance
    moves and ``max_steps`` moves in all (default :func:`default_max_steps`).
    Returns the final state. Failures raise :class:`AssertionError` and shrink
    to a short game.
    """
    from hypothesis import strategies as st

    if rules is None:
        rules = game.Rules()
    limit = game.max_moves(players, rules)
    steps_limit = max_steps if max_steps is not None else default_max_steps(game, players, rules)
    checker = _Checker(
        game,
        players,
        rules,
        variant=_variant_name(game, rules),
        seed=None,
        thorough=thorough,
        every=every,
        sample=sample,
        rng=random.Random(0),
        use_codec=_codec_works(game),
    )
    state = _new_game(game, players, rules)
    while True:
        actor, legal = checker.visit(state, force_deep=checker.step == 0)
        if on_state is not None:
            on_state(state)
        if actor is None:
            break
        who = "chance" if actor is CHANCE else f"seat {actor}"
        move = data.draw(st.sampled_from(legal), label=f"step {checker.step} ({who})")
        new = checker.apply(state, move, set(legal), actor)
        if on_move is not None:
            on_move(state, move, new)
        state = new
        checker.bound(limit, steps_limit, state)
    if not checker.deep():
        checker.visit(state, force_deep=True)
    checker.finish(state)
    return state


def GameMachine(game: AnyGame, *, thorough: bool = False) -> type[RuleBasedStateMachine]:
    """A hypothesis state machine class that plays ``game`` with checks at every step.

    Run it with ``TestSandwich = GameMachine(sandwich.GAME).TestCase``. Each
    run draws a setup (:func:`setups`), then hypothesis chooses the moves,
    chance outcomes included, one rule call per move; every state passes the
    checks of :func:`check_play` and every finished game its result check.
    Runs stop after hypothesis' ``stateful_step_count`` steps, so this
    explores game openings; :func:`play_out` plays games to the end.
    """
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

    class Machine(RuleBasedStateMachine):
        """Plays one game, hypothesis choosing every move."""

        def __init__(self) -> None:
            super().__init__()
            self.state: Any = None
            self.checker: _Checker | None = None
            self.legal: tuple[Any, ...] = ()
            self.actor: Any = None

        @initialize(setup=setups(game))
        def start(self, setup: tuple[int, Any]) -> None:
            count, rules = setup
            self.checker = _Checker(
                game,
                count,
                rules,
                variant=_variant_name(game, rules),
                seed=None,
                thorough=thorough,
                every=5,
                sample=3,
                rng=random.Random(0),
                use_codec=_codec_works(game),
            )
            self.limit = game.max_moves(count, rules)
            self.max_steps = default_max_steps(game, count, rules)
            self.state = _new_game(game, count, rules)
            self._visit()

        def _visit(self) -> None:
            assert self.checker is not None
            self.actor, self.legal = self.checker.visit(self.state)
            if self.actor is None:
                self.checker.finish(self.state)

        @precondition(lambda self: self.actor is not None)
        @rule(data=st.data())
        def step(self, data: st.DataObject) -> None:
            assert self.checker is not None
            move = data.draw(st.sampled_from(self.legal), label="move")
            self.state = self.checker.apply(self.state, move, set(self.legal), self.actor)
            self.checker.bound(self.limit, self.max_steps, self.state)
            self._visit()

        @precondition(lambda self: self.state is not None and self.actor is None)
        @rule()
        def finished(self) -> None:
            """A finished game stays finished, with the same result."""
            assert self.checker is not None
            self.checker.visit(self.state, force_deep=True)
            self.checker.finish(self.state)

        @invariant()
        def over_means_no_moves(self) -> None:
            if self.state is not None:
                assert game.is_over(self.state) == (self.actor is None)

    Machine.__name__ = Machine.__qualname__ = f"{game.name.title().replace('_', '')}Machine"
    return Machine
