"""The search's estimates in words, for ``hint`` in ``picnic play`` and ``picnic review``.

A share of a win is said as a whole per cent (``61%``), with its 95% interval and the
tries (iterations) behind it, so a reader sees how sure the search is.
"""

from __future__ import annotations

from ..analysis import Candidate, Estimates

__all__ = ["HINTED", "hint_lines", "percent"]

HINTED = 3
"""How many moves a hint names: the search's favourites."""


def percent(share: float) -> str:
    """``share`` (0 to 1) as a whole per cent: ``"61%"``."""
    return f"{round(100 * share)}%"


def _candidate(number: int, candidate: Candidate) -> str:
    sure = f"{round(100 * candidate.low)}-{percent(candidate.high)}"
    tries = f"{candidate.visits} tr{'y' if candidate.visits == 1 else 'ies'}"
    return f"  {number}. {candidate.words} -- {percent(candidate.share)} ({sure}, {tries})"


def hint_lines(estimates: Estimates) -> list[tuple[str, int]]:
    """The hint's lines, each with the indent of its wrapped rows: a heading, then the top
    :data:`HINTED` moves with their estimates (the first is the search's choice)."""
    lines = [
        (
            f"Hint ({estimates.iterations} tries from your view): your chance to win "
            "after each move, 95% range:",
            2,
        )
    ]
    for number, candidate in enumerate(estimates.top(HINTED), start=1):
        lines.append((_candidate(number, candidate), 5))
    return lines
