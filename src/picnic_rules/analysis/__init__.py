"""The search explains: hints at a decision and a review of a seat's every decision.

For any game with a search (its ``"ismcts"`` agent), read from its
:class:`~picnic_rules.Game` record alone:

* :func:`estimate` -- at a seat's decision, from its view alone, every legal move with
  the search's estimate of the mover's share of a win after it (its chance to win, a
  tie counting a share) and how sure it is: the iterations that tried it, a standard
  error and a 95% interval (:class:`Estimates`, :class:`Candidate`);
* :func:`review` -- every decision of one seat in a :class:`~picnic_rules.Record`,
  searched from the view the seat had then, rebuilt from its observations: the move
  played, the search's favourite, the estimated loss and a mistake mark at
  :data:`MISTAKE_LOSS` (:class:`Review`, :class:`Decision`).

Both are reproducible from :attr:`Budget.seed` (with no time bound), take an iteration
or a time :class:`Budget`, and a review shares its decisions among
:attr:`Budget.workers` processes (:mod:`picnic_rules.analysis.workers`).

>>> from picnic_rules import GAMES, play
>>> from picnic_rules.analysis import Budget, review
>>> record = play("sandwich", ["computer", "random"], seed=3)
>>> rated = review(record, 1, Budget(iterations=60, seed=1))
>>> rated.seat, rated.result in ("won", "lost", "tied")
(1, True)
>>> rated == review(record, 1, Budget(iterations=60, seed=1))
True
"""

from __future__ import annotations

from .budget import DEFAULT_ITERATIONS, Budget
from .documents import estimates_document, review_document
from .errors import AnalysisError, HintRefused, NoSearch, NotADecision
from .estimates import Candidate, Estimates, estimate, searcher
from .review import MISTAKE_LOSS, Decision, Review, decisions, mean_interval, review

__all__ = [
    "DEFAULT_ITERATIONS",
    "MISTAKE_LOSS",
    "AnalysisError",
    "Budget",
    "Candidate",
    "Decision",
    "Estimates",
    "HintRefused",
    "NoSearch",
    "NotADecision",
    "Review",
    "decisions",
    "estimate",
    "estimates_document",
    "mean_interval",
    "review",
    "review_document",
    "searcher",
]
