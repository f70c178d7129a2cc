"""A generic Information-Set Monte Carlo Tree Search agent.

It is built only on the :class:`~picnic_rules.Game` record: every iteration
deals the hidden cards at random with ``determinize(view, rng)``, walks the
shared tree with UCB1 among the moves legal in that determinization (the
"single-observer" ISMCTS of Cowling, Powley and Whitehouse, 2012), expands
one move, finishes the game with random moves, and credits each move with
the share of the win its mover got. It therefore plays every game of the
library, sees only what its seat may see, and gets stronger with more
iterations.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import attrs

from ..errors import PicnicError
from ..game import CHANCE, AnyGame

__all__ = ["ISMCTSAgent"]


@attrs.define(eq=False)
class _Node:
    """Statistics of one move in one information set (mutable, private to one search)."""

    mover: int | None = None
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[Any, _Node] = attrs.field(factory=dict)


def _positive(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and value <= 0:
        raise PicnicError(f"{attribute.name} must be positive, not {value!r}")


@attrs.frozen
class ISMCTSAgent:
    """An agent for any game: ``ISMCTSAgent(GAMES["sandwich"], iterations=300)``.

    ``iterations`` bounds the playouts per decision and ``seconds`` (if set)
    the thinking time, whichever ends first. ``exploration`` is the UCB1
    constant. Deterministic for a given ``rng`` when ``seconds`` is ``None``.
    """

    game: AnyGame
    iterations: int = attrs.field(default=200, validator=_positive)
    seconds: float | None = attrs.field(default=None, validator=_positive)
    exploration: float = attrs.field(default=0.7, validator=_positive)

    def __call__(self, view: Any, legal_moves: tuple[Any, ...], rng: random.Random) -> Any:
        """Search from ``view`` and return the most visited of ``legal_moves``."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.iterations):
            self._iterate(root, self.game.determinize(view, rng), rng)
            if deadline is not None and time.perf_counter() > deadline:
                break
        legal = set(legal_moves)
        scored = [
            (node.visits, i)
            for i, (move, node) in enumerate(root.children.items())
            if move in legal
        ]
        if not scored:
            return rng.choice(legal_moves)
        _, best = max(scored)
        return list(root.children)[best]

    def _iterate(self, root: _Node, state: Any, rng: random.Random) -> None:
        game = self.game
        path: list[_Node] = []
        node = root
        expanded = False
        while not expanded and not game.is_over(state):
            actor = game.to_move(state)
            if actor is CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            moves = game.legal_moves(state)
            children = node.children
            untried = [m for m in moves if m not in children]
            for m in moves:
                if m in children:
                    children[m].available += 1
            if untried:
                move = rng.choice(untried)
                child = children[move] = _Node(mover=actor, available=1)
                expanded = True
            else:
                move, child = max(
                    ((m, children[m]) for m in moves),
                    key=lambda mc: self._ucb(mc[1]),
                )
            state = game.apply(state, move)
            path.append(child)
            node = child
        while not game.is_over(state):
            if game.to_move(state) is CHANCE:
                state = game.apply(state, game.sample_chance(state, rng))
            else:
                state = game.apply(state, rng.choice(game.legal_moves(state)))
        winners = game.result(state).winners
        share = 1.0 / len(winners) if winners else 0.0
        for visited in path:
            visited.visits += 1
            if visited.mover in winners:
                visited.reward += share

    def _ucb(self, node: _Node) -> float:
        return node.reward / node.visits + self.exploration * math.sqrt(
            math.log(node.available) / node.visits
        )
