"""What every check of the harness is given: the :class:`Context` of one played game.

A leaf of :mod:`picnic_rules.testing`: the checks (:mod:`.probes`, :mod:`.leaks`,
:mod:`.observations`, ...) take a :class:`Context` -- the game, the seats, the
random source, the failure message with its reproduce line -- and
:class:`~picnic_rules.testing.checker.Checker` (which runs them) extends it, so
no check imports the module that calls it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Generic, NamedTuple, NoReturn, ParamSpec

from ..game import CHANCE, Actor, Game, Measure
from ..typevars import M, R, S, T, V
from .report import CHECKS
from .text import notation, short

__all__ = ["HISTORY", "Choose", "Context", "Node"]

P = ParamSpec("P")

HISTORY = 12
"""How many recent moves a failure message lists."""


class Node(NamedTuple, Generic[M]):
    """What :meth:`Checker.visit` found in a state: who acts, and the legal moves."""

    actor: Actor
    legal: tuple[M, ...]


Choose = Callable[[S, Node[M]], M]
"""Picks the move to play in ``state`` at ``node`` (a legal move, or a sampled chance outcome)."""


class Context(Generic[S, V, M, R]):
    """One played game as the checks see it: the game, its seats and rules, the random
    source, what was played so far, and :meth:`fail` with the reproduce line."""

    def __init__(
        self,
        game: Game[S, V, M, R, Any],
        players: int,
        rules: R,
        *,
        variant: str,
        seed: int | None,
        thorough: bool,
        every: int,
        sample: int,
        rng: random.Random,
        enabled: frozenset[str],
        registered: bool,
    ) -> None:
        if every < 1:
            raise ValueError(f"every must be at least 1, not {every}")
        self.game = game
        self.players = players
        self.rules = rules
        self.variant = variant
        self.seed = seed
        self.thorough = thorough
        self.every = every
        self.sample = sample
        self.rng = rng
        self.enabled = enabled
        self.registered = registered
        self.limit = game.max_moves(players, rules)
        self.chance_limit = game.max_chance_steps(players, rules)
        self.pool: list[M] = []
        self.pool_set: set[M] = set()
        self.history: list[M] = []
        self.documents_seen: set[str] = set()
        self.garbage_seen: set[tuple[str, type | None]] = set()
        """The kinds of position (who acts, the first legal move's class) the ``wrong-kind``
        sweep of garbage arguments has run at (once each; at every deep step when
        ``thorough``)."""
        self.step = 0
        self.decisions = 0
        self.chance_steps = 0
        self.checks = 0
        self.observations = 0
        self.followed: list[V] | None = None
        self.checked: S | None = None
        self.measure: Measure | None = None
        self.measured: S | None = None
        self.stepped: Actor = None
        self.tier: object = None
        """The game's action spaces and view bounds, once the ``spaces`` checks made them."""

    # failing -------------------------------------------------------------

    def on(self, check: str) -> bool:
        """Whether the check named ``check`` was selected."""
        return check in self.enabled

    def fail(
        self,
        check: str,
        problem: str,
        state: object = None,
        cause: BaseException | None = None,
    ) -> NoReturn:
        """Raise the AssertionError that names everything needed to reproduce the failure."""
        game = self.game
        where = f"seed {self.seed}" if self.seed is not None else "moves chosen by hypothesis"
        lines = [
            f"{game.name}: check {check!r} failed: {problem}",
            f"  variant {self.variant!r}, {self.players} players, {where}, "
            f"step {self.step} ({self.decisions} non-chance moves so far)",
            f"  rules: {short(self.rules)}",
        ]
        if self.history:
            recent = ", ".join(notation(m) for m in self.history[-HISTORY:])
            skipped = len(self.history) - HISTORY
            lines.append(f"  moves: {'... ' if skipped > 0 else ''}{recent}")
        if state is not None:
            lines.append(f"  state: {short(state, 2000)}")
        if self.seed is not None:
            named = f"GAMES[{game.name!r}]" if self.registered else "game"
            only = "" if len(self.enabled) == len(CHECKS) else f", only={sorted(self.enabled)!r}"
            lines.append(
                f"  reproduce: picnic_rules.testing.check_play({named}, "
                f"players={self.players}, rules={short(self.rules)}, seed={self.seed}, "
                f"thorough={self.thorough}, every={self.every}{only})"
            )
        error = AssertionError("\n".join(lines))
        if cause is not None:
            raise error from cause
        raise error

    def call(
        self,
        check: str,
        what: str,
        state: object,
        fn: Callable[P, T],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """``fn(*args, **kwargs)``, turning any exception into a failure of ``check``."""
        try:
            return fn(*args, **kwargs)
        except AssertionError:
            raise
        except Exception as exc:
            self.fail(check, f"{what} raised {type(exc).__name__}: {exc}", state, exc)

    def ok(self, n: int = 1) -> None:
        """Count ``n`` checks that passed."""
        self.checks += n

    def deep(self) -> bool:
        """Whether this step runs the expensive checks (all of them when ``thorough``)."""
        return self.thorough or self.step % self.every == 0

    def sampled_chance(self, actor: Actor) -> bool:
        """Whether ``actor`` is chance in a game whose chance outcomes are sampled, not listed."""
        return actor is CHANCE and self.game.chance == "sampled"

    def sample_with(self, state: S, seed: int) -> M:
        """``sample_chance(state, random.Random(seed))``, a failure naming the seed."""
        game = self.game
        what = f"sample_chance(state, random.Random({seed}))"
        return self.call("chance", what, state, game.sample_chance, state, random.Random(seed))

    # one state -------------------------------------------------------------
