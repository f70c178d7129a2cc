"""The insects game's computer player: a greedy heuristic."""

from __future__ import annotations

import random

from .moves import Buy, Defend, Draw, GiveUp, Move, Play, Swat
from .state import View

__all__ = ["ComputerAgent"]


class ComputerAgent:
    """A heuristic player (placeholder until tuned)."""

    def __call__(self, v: View, moves: tuple[Move, ...] | list[Move], rng: random.Random) -> Move:
        """Choose one of ``moves`` for the view ``v``."""
        return moves[0]


_UNUSED = (Buy, Defend, Draw, GiveUp, Play, Swat)
