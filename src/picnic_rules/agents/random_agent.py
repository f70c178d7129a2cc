"""The simplest agent: a uniformly random legal move."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from .arguments import checked_call

__all__ = ["RandomAgent"]


@attrs.frozen
class RandomAgent:
    """Plays a legal move chosen uniformly with the ``rng`` it is given.

    Works for every game; as it draws only from its own ``rng``, a seeded
    match stays reproducible.

    >>> import random
    >>> RandomAgent()(None, ("end", "play"), random.Random(1)) in ("end", "play")
    True
    >>> RandomAgent()
    RandomAgent()
    """

    @checked_call()
    def __call__(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """Choose one of ``legal_moves`` (``view`` is ignored)."""
        return rng.choice(legal_moves)
