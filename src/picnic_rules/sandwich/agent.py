"""The sandwich game's computer player: a one-move look-ahead with a hand-made evaluation."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from .cards import Card, Sandwich
from .engine import apply, bread_may_close, counting_sandwiches, open_sandwiches
from .moves import Discard, End, Move
from .state import SandwichId, View
from .view import determinize

__all__ = ["ComputerAgent", "evaluate"]

BREAD, PEANUT_BUTTER, JELLY, ANT, FLY = Card

# What a card in hand is worth to keep (discards throw the cheapest away).
_KEEP = {BREAD: 6, PEANUT_BUTTER: 3, JELLY: 3, ANT: 9, FLY: 12}


def _progress(sandwich: Sandwich) -> int:
    """How close an open sandwich is to closing (0 bare bread .. 2 closable)."""
    if bread_may_close(sandwich):
        return 2
    return 1 if len(sandwich) > 1 else 0


def evaluate(
    table: Sequence[Sequence[Sandwich]],
    fly: SandwichId | None,
    hand: Sequence[int],
    seat: int,
    to_win: int,
) -> float:
    """How good the table is for ``seat`` holding ``hand`` (higher is better)."""
    score = 0.0
    for owner in range(len(table)):
        counting = counting_sandwiches(table, fly, owner)
        progress = sum(_progress(table[owner][i]) for i in open_sandwiches(table, fly, owner))
        if owner == seat:
            if counting >= to_win:
                return 1e9
            score += 100 * counting + 12 * progress
        else:
            score -= 70 * counting + 8 * progress + (60 if counting == to_win - 1 else 0)
    return score + sum(_KEEP[card] * n for card, n in zip(Card, hand, strict=True))


@attrs.frozen
class ComputerAgent:
    """Plays the move whose result :func:`evaluate` likes best; ends the turn when nothing helps.

    It looks one move ahead on a state determinized from its view (hidden cards
    do not matter for the move's effect on the table, so it cannot cheat).
    """

    def __call__(self, v: View, legal: tuple[Move, ...], rng: random.Random) -> Move:
        """Choose one of ``legal`` for the seat of view ``v``."""
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Discard):
            return min(legal, key=lambda m: (_KEEP[m.card], m.card))  # type: ignore[union-attr]
        state = determinize(v, rng)
        seat, to_win = v.player, v.rules.sandwiches_to_win
        best: Move = legal[-1]
        best_score = evaluate(v.table, v.fly, v.hand, seat, to_win)
        for move in legal:
            if isinstance(move, End):
                continue
            after = apply(state, move)
            score = evaluate(after.table, after.fly, after.hands[seat], seat, to_win)
            if score > best_score:
                best, best_score = move, score
        return best
