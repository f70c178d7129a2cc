"""The end of the poultry game: its one end reason and the scores (:func:`score`, :func:`result`).

"Every player scores its grain by colour value plus the values of its captured
poultry (a captured -2 counts -2). The highest score wins; equal leaders all win."
"""

from __future__ import annotations

from ..game import Outcome
from .cards import Counts, GrainCounts
from .rules import Rules
from .state import State

__all__ = ["GRAIN_OUT", "REASONS", "result", "score"]

GRAIN_OUT = "grain-out"
"""The one way the game ends: the last round, whose supply emptied the bag below six, is over."""
REASONS = (GRAIN_OUT,)
"""Every end reason."""


def score(rules: Rules, grain: GrainCounts, stock: Counts) -> int:
    """Points of a food stock: grain by colour value plus the values of captured poultry.

    >>> rules = Rules()
    >>> stock = tuple(int(card.value == -2 and card.colour.value == "red") for card in rules.kinds)
    >>> score(rules, (1, 2, 3), stock)  # 1 + 4 + 9 points of grain, and a captured -2
    12
    """
    values = rules.grain_values
    points = sum(n * v for n, v in zip(grain, values, strict=True))
    return points + sum(n * card.value for n, card in zip(stock, rules.kinds, strict=True))


def result(state: State) -> Outcome:
    """Every seat's grain points plus captured poultry values; the highest wins, ties share."""
    scores = [
        score(state.rules, grain, stock)
        for grain, stock in zip(state.grain, state.stocks, strict=True)
    ]
    return Outcome.from_scores(scores, GRAIN_OUT)
