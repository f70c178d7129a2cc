"""The reward of each seat at the end of a game, from its :class:`~picnic_rules.Outcome`.

The winners share the pot: with ``n`` seats and ``w`` winners, a winner gets ``n / w - 1``
and every other seat ``-1``, so the rewards always sum to zero (a two-player game gives
``+1`` and ``-1``, a tie ``0`` each) and lie between ``-1`` and ``n - 1``.

>>> from picnic_rules import Outcome
>>> returns(Outcome((3, 1), (0,), "stuck"))
(1.0, -1.0)
>>> returns(Outcome((2, 2, 0), (0, 1), "stuck"))
(0.5, 0.5, -1.0)
"""

from __future__ import annotations

from ..game import Outcome

__all__ = ["returns"]


def returns(outcome: Outcome) -> tuple[float, ...]:
    """Each seat's reward for ``outcome``: ``n / w - 1`` for a winner, ``-1`` otherwise."""
    seats = len(outcome.scores)
    share = seats / len(outcome.winners) - 1.0
    winners = set(outcome.winners)
    return tuple(share if seat in winners else -1.0 for seat in range(seats))
