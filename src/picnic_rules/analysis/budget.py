"""How much an analysis may search: :class:`Budget`."""

from __future__ import annotations

import math
from typing import Any, Final

import attrs

from .errors import AnalysisError

__all__ = ["DEFAULT_ITERATIONS", "Budget"]

DEFAULT_ITERATIONS: Final = 500
"""The iterations per decision of the default budget: a whole 2-player review in at most
10 seconds on two cores in every built-in game (``benchmarks/review_speed.py``)."""


def _count(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or value < 1:
        raise AnalysisError(f"{attribute.name} must be a positive int, not {value!r}")


def _seconds(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is None:
        return
    if (
        not isinstance(value, int | float)
        or isinstance(value, bool)
        or not math.isfinite(value)
        or value <= 0
    ):
        raise AnalysisError(f"seconds must be a positive number or None, not {value!r}")


def _seed(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int:
        raise AnalysisError(f"seed must be an int, not {value!r}")


@attrs.frozen
class Budget:
    """The search each decision gets: at most :attr:`iterations` iterations and, if set,
    :attr:`seconds` of thinking (whichever ends first), from :attr:`seed`; a review spreads
    its decisions over :attr:`workers` processes.

    With ``seconds`` unset an analysis is reproducible: decision ``k`` is searched with
    its own generator, ``random.Random(f"{seed}:{k}")``, so the same budget gives the same
    estimates whatever the number of workers.

    >>> Budget(iterations=200)
    Budget(iterations=200, seconds=None, seed=0, workers=1)
    """

    iterations: int = attrs.field(default=DEFAULT_ITERATIONS, validator=_count)
    """The most iterations of the search per decision."""
    seconds: float | None = attrs.field(default=None, validator=_seconds)
    """The most thinking time per decision, or ``None`` (reproducible)."""
    seed: int = attrs.field(default=0, validator=_seed)
    """The seed every decision's generator is drawn from."""
    workers: int = attrs.field(default=1, validator=_count, eq=False)
    """The processes a review's decisions are shared among (1: this one); budgets that
    differ only here are equal, as their results are."""

    def rng_seed(self, decision: int) -> str:
        """The seed of decision ``decision``'s generator: ``"{seed}:{decision}"``."""
        return f"{self.seed}:{decision}"
