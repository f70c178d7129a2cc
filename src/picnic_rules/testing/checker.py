"""The per-step checker: its context, failing with it, and the checks of one state and one move.

:class:`Checker` holds what a failure message needs (game, variant, players,
seed, step, recent moves) and runs the checks of :data:`CHECKS` that were
selected. The checks of one state live beside it, one concern a module:
:mod:`.probes` (chance, legal and illegal moves, notation, ``apply_as``),
:mod:`.leaks` (views, the leak test, forged views), :mod:`.observations`
(each seat follows the game by ``update``), :mod:`.observation_leaks`,
:mod:`.words` (describe, render, move groups), :mod:`.public` (the public view),
:mod:`.kinds` (a look-alike of another class is refused) and :mod:`.documents`
(JSON round trips and strict documents).
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import ParamSpec

from ..game import CHANCE, Actor, Outcome
from ..typevars import M, R, S, V
from . import (
    closure,
    documents,
    kinds,
    leaks,
    move_values,
    observation_leaks,
    observations,
    probes,
    public,
    spaces,
    termination,
    words,
)
from .context import Context, Node
from .text import notation

__all__ = ["Checker", "Node"]

P = ParamSpec("P")

POOL_SIZE = 512
"""How many distinct legal moves of earlier states are kept as illegal probes."""


class Checker(Context[S, V, M, R]):
    """Runs the selected checks of one game and fails with its context.

    Build it with :func:`picnic_rules.testing.loop.make_checker`; drive it
    with :func:`picnic_rules.testing.loop.step` (visit, choose, apply, bound).
    """

    def visit(self, state: S, *, force_deep: bool = False) -> Node[M]:
        """Check one state; return its actor and legal moves."""
        game = self.game
        deep = force_deep or self.deep()
        if self.on("check"):
            if state is not self.checked:  # not checked already, before the observations
                self.call("check", "check(state)", state, game.check, state)
            self.ok()
        self.checked = None
        if self.on("measure") and state is not self.measured:
            termination.at_state(self, state, self.stepped, first=self.measured is None)
            self.measured = state
        try:
            fingerprint = hash(state)
        except TypeError as exc:
            self.fail("apply-pure", f"the state is not hashable: {exc}", state, exc)
        snapshot = copy.deepcopy(state) if deep and self.on("apply-pure") else None

        actor = self.call("to-move", "to_move(state)", state, game.to_move, state)
        if self.on("to-move"):
            self.check_actor(state, actor)
        legal = self.call("legal-moves", "legal_moves(state)", state, game.legal_moves, state)
        if type(legal) is not tuple:
            self.fail("legal-moves", f"legal_moves returned a {type(legal).__name__}, not a tuple")
        if self.on("legal-moves"):
            self.check_legal(state, actor, legal, deep)

        if actor is CHANCE and self.on("chance"):
            if self.sampled_chance(actor):
                probes.sampled_chance(self, state, legal, deep)
            else:
                probes.explicit_chance(self, state, legal, deep)
        for move in legal:
            if len(self.pool) < POOL_SIZE and move not in self.pool_set:
                self.pool.append(move)
                self.pool_set.add(move)

        if self.on("spaces") or self.on("view-bounds") or self.on("tensors"):
            spaces.at_state(self, state, actor, legal)
        if self.on("public-view"):
            public.check(self, state, deep)
        if self.on("legal-applies"):
            probes.legal_applies(self, state, legal, deep)
        if self.on("illegal-raises"):
            probes.illegal_raises(self, state, actor, set(legal), deep)
        if deep:
            if self.on("notation"):
                probes.notation(self, state, legal)
            leaks.views(self, state, actor, legal)
            if self.on("forged-views"):
                leaks.forged_views(self, state)
            observations.every_move(self, state, legal)
            if self.on("describe") and actor is not CHANCE and actor is not None:
                words.move_sentences(self, state, actor, legal)
            if self.on("observation-leaks"):
                observation_leaks.check(self, state, actor, legal)
            if self.on("render"):
                words.pictures(self, state)
            if self.on("move-group"):
                words.groups(self, state, legal)
            if self.on("move-values"):
                move_values.move_values(self, state, actor, legal)
            if self.on("text-path"):
                move_values.text_path(self, state, actor, legal)
            if self.on("closure"):
                closure.check(self, state)
            documents.check_object(self, state, "the state", state)
            if self.on("wrong-kind"):
                kinds.wrong_kind(self, state, legal)
        if self.on("apply-pure"):
            if hash(state) != fingerprint or (snapshot is not None and snapshot != state):
                self.fail(
                    "apply-pure", "a call of the game's functions changed its input state", state
                )
            self.ok()
        return Node(actor, legal)

    def check_actor(self, state: S, actor: Actor) -> None:
        """``to_move`` gives a seat, CHANCE or None, and agrees with ``is_over``."""
        over = self.call("to-move", "is_over(state)", state, self.game.is_over, state)
        if over is not (actor is None):
            self.fail("to-move", f"is_over is {over!r} but to_move is {actor!r}", state)
        if not (
            actor is None or actor is CHANCE or (type(actor) is int and 0 <= actor < self.players)
        ):
            self.fail("to-move", f"to_move returned {actor!r}, not a seat, CHANCE or None", state)
        self.ok()

    def check_legal(self, state: S, actor: Actor, legal: tuple[M, ...], deep: bool) -> None:
        """Legal moves: none when over, some otherwise (but none at sampled chance), distinct, stable."""
        if actor is None and legal:
            self.fail("legal-moves", f"the game is over but legal_moves lists {legal!r}", state)
        if actor is not None and not legal and not self.sampled_chance(actor):
            self.fail("legal-moves", "the game goes on but legal_moves is empty", state)
        try:
            distinct = set(legal)
        except TypeError as exc:
            self.fail("legal-moves", f"a legal move is not hashable: {exc}", state, exc)
        if len(distinct) != len(legal):
            dupes = [m for m, n in Counter(legal).items() if n > 1]
            self.fail("legal-moves", f"legal_moves lists {dupes!r} more than once", state)
        if deep:
            again = self.call(
                "legal-moves", "legal_moves(state)", state, self.game.legal_moves, state
            )
            if again != legal:
                self.fail("legal-moves", "legal_moves gave two different answers", state)
        self.ok()

    # one move ---------------------------------------------------------------

    def apply(self, state: S, node: Node[M], move: M) -> S:
        """Apply a chosen move, checking purity; count it, let every seat follow it
        (observations, describe, ``apply_as``) and bound the game.

        At a node with legal moves the move must be one of them; at a
        sampled chance node it is an outcome drawn by ``sample_chance``.
        """
        game = self.game
        if node.legal and move not in node.legal:
            self.fail("legal-moves", f"the chosen move {move!r} is not a legal move", state)
        fingerprint = hash(state)
        new = self.call(
            "legal-applies", f"apply(state, {notation(move)!r})", state, game.apply, state, move
        )
        if self.on("apply-pure") and hash(state) != fingerprint:
            self.fail("apply-pure", f"apply(state, {notation(move)!r}) changed its input", state)
        deep = self.deep()
        if deep:
            documents.check_object(self, move, f"the move {notation(move)!r}", state)
        self.history.append(move)
        self.step += 1
        self.stepped = node.actor
        if node.actor is CHANCE:
            self.chance_steps += 1
        else:
            self.decisions += 1
        if self.on("check") and self.on("observations"):
            # a state that check refuses is reported so, before any seat follows the move
            self.call("check", "check(state)", new, game.check, new)
            self.checked = new
        observations.played(self, state, move, new, deep)
        if self.on("apply-as"):
            probes.apply_as(self, state, node.actor, node.legal, move, new, deep)
        self.ok()
        self.bound(new)
        return new

    def bound(self, state: S) -> None:
        """Fail if the game has run past its declared bounds."""
        if self.on("max-moves") and self.decisions > self.limit:
            self.fail(
                "max-moves",
                f"the game did not end within max_moves = {self.limit} non-chance moves",
                state,
            )
        if self.on("max-chance-steps") and self.chance_steps > self.chance_limit:
            self.fail(
                "max-chance-steps",
                f"the game did not end within max_chance_steps = {self.chance_limit} chance steps",
                state,
            )

    def finish(self, state: S) -> Outcome:
        """Check the final state's result; return it."""
        game = self.game
        outcome = self.call("result", "result(final state)", state, game.result, state)
        if self.on("result"):
            self.check_outcome(state, outcome)
            documents.check_object(self, outcome, "the outcome", state)
        return outcome

    def check_outcome(self, state: S, outcome: Outcome) -> None:
        """One score per seat, distinct winners among the top scores, a declared reason."""
        scores = getattr(outcome, "scores", None)
        winners = getattr(outcome, "winners", None)
        reason = getattr(outcome, "reason", None)
        if type(scores) is not tuple or len(scores) != self.players:
            self.fail("result", f"result has scores {scores!r}, not one per seat", state)
        if type(winners) is not tuple or len(set(winners)) != len(winners):
            self.fail(
                "result", f"result has winners {winners!r}, not a tuple of distinct seats", state
            )
        top = max(scores)
        for seat in winners:
            if type(seat) is not int or not 0 <= seat < self.players:
                self.fail("result", f"winner {seat!r} is not a seat", state)
            if scores[seat] != top:
                self.fail(
                    "result",
                    f"seat {seat} wins with {scores[seat]} but the top score is {top}: {outcome!r}",
                    state,
                )
        if type(reason) is not str or reason not in self.game.reasons:
            self.fail(
                "result",
                f"result has reason {reason!r}, not one of the game's reasons {self.game.reasons!r}",
                state,
            )
        again = self.call("result", "result(final state)", state, self.game.result, state)
        if again != outcome:
            self.fail("result", "result gave two different answers", state)
        self.ok()
