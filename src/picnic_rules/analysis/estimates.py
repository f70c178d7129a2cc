"""What the search thinks of one decision: :func:`estimate` gives :class:`Estimates`.

The game's own search (its ``"ismcts"`` agent, :class:`~picnic_rules.agents.ISMCTSAgent`)
is run from the seat's view alone -- every iteration deals the cards the seat cannot see
with the game's ``determinize`` (or the deal the game's search is built with), never the
true state -- and the statistics of the root's moves are read off: for each candidate
move, the iterations through it and the mover's mean share of a win in them (a playout's
result, or the game's evaluation where its search cuts a playout short).
"""

from __future__ import annotations

import math
import random
from typing import Any, Final

import attrs

from ..agents.ismcts import ISMCTSAgent
from ..errors import PicnicError, shorten
from ..game import CHANCE, AnyGame, Game
from .budget import Budget
from .errors import AnalysisError, NoSearch, NotADecision

__all__ = ["Z95", "Candidate", "Estimates", "estimate", "searcher"]

Z95: Final = 1.96
"""The normal quantile of a two-sided 95% interval."""


@attrs.frozen(repr=False)
class Candidate:
    """One move the search weighed: :attr:`share` is its estimate of the mover's share of
    a win after :attr:`move` (1.0: a sure win), from :attr:`visits` iterations.

    :attr:`error` is the standard error of that mean, bounded from above by
    ``sqrt(share * (1 - share) / visits)`` (each iteration's result lies in ``[0, 1]``),
    and :attr:`low`, :attr:`high` the 95% interval it gives, cut to ``[0, 1]``.
    """

    move: Any
    """The move."""
    words: str
    """The move in the game's words, as the seat would read it."""
    visits: int
    """The iterations that tried the move."""
    share: float
    """The estimated share of a win for the mover after the move, in ``[0, 1]``."""

    @property
    def error(self) -> float:
        """The standard error of :attr:`share` (an upper bound; 0.5 with no visit)."""
        if self.visits == 0:
            return 0.5
        return math.sqrt(self.share * (1.0 - self.share) / self.visits)

    @property
    def low(self) -> float:
        """The lower end of the 95% interval of :attr:`share`."""
        return max(0.0, self.share - Z95 * self.error)

    @property
    def high(self) -> float:
        """The upper end of the 95% interval of :attr:`share`."""
        return min(1.0, self.share + Z95 * self.error)

    def __repr__(self) -> str:
        return (
            f"Candidate({shorten(self.move)!r}, share={self.share:.3f}"
            f"\u00b1{Z95 * self.error:.3f}, visits={self.visits})"
        )


@attrs.frozen(repr=False)
class Estimates:
    """The search's view of one decision of seat :attr:`seat`: every legal move as a
    :class:`Candidate`, the most tried first (the move the search would play), from
    :attr:`iterations` iterations in all."""

    seat: int
    """The seat to decide."""
    candidates: tuple[Candidate, ...]
    """Every legal move, the most visited first (ties: the higher share first)."""
    iterations: int
    """The iterations the search did."""

    @property
    def best(self) -> Candidate:
        """The move the search would play: the most visited."""
        return self.candidates[0]

    @property
    def chance(self) -> float:
        """The seat's estimated share of a win, playing :attr:`best`."""
        return self.best.share

    def of(self, move: Any) -> Candidate:
        """The candidate of ``move``; :class:`~picnic_rules.analysis.AnalysisError` for a
        move that is not legal here."""
        for candidate in self.candidates:
            if candidate.move == move:
                return candidate
        raise AnalysisError(f"{shorten(move)!r} is not a legal move of this decision")

    def top(self, count: int = 3) -> tuple[Candidate, ...]:
        """The first ``count`` candidates (the search's favourites)."""
        return self.candidates[:count]

    def __repr__(self) -> str:
        shown = ", ".join(repr(candidate) for candidate in self.top())
        more = len(self.candidates) - 3
        tail = f", ... {more} more" if more > 0 else ""
        return (
            f"Estimates(seat={self.seat}, chance={self.chance:.3f}, "
            f"iterations={self.iterations}, candidates=[{shown}{tail}])"
        )


def searcher(game: AnyGame, budget: Budget) -> ISMCTSAgent:
    """The game's own search (its ``"ismcts"`` agent) with ``budget``'s iterations and
    seconds, in this process. Raises :class:`~picnic_rules.analysis.NoSearch` for a game
    without one."""
    if not isinstance(game, Game):
        raise AnalysisError(f"the game analysed must be a Game (GAMES[name]), not {game!r}")
    factory = game.agents.get("ismcts")
    if factory is None:
        raise NoSearch(game.name)
    agent = factory()
    if not isinstance(agent, ISMCTSAgent):
        raise NoSearch(game.name)
    return attrs.evolve(agent, iterations=budget.iterations, seconds=budget.seconds, workers=1)


def estimate(
    game: AnyGame,
    view: Any,
    budget: Budget | None = None,
    *,
    decision: int = 0,
    agent: ISMCTSAgent | None = None,
) -> Estimates:
    """The search's estimates of every legal move of the seat whose ``view`` it is, at its
    decision: searched from ``view`` alone with ``budget`` (default :class:`Budget`), the
    generator seeded ``budget.rng_seed(decision)``.

    Raises :class:`~picnic_rules.analysis.NotADecision` when ``view``'s seat is not to
    move (the game is over, chance or another seat acts),
    :class:`~picnic_rules.analysis.NoSearch` for a game without a search.
    """
    budget = Budget() if budget is None else budget
    search = searcher(game, budget) if agent is None else agent
    rng = random.Random(budget.rng_seed(decision))
    seat, legal = _decision(game, view, rng)
    root, done = search.search(view, rng)
    candidates = []
    for move in legal:
        child = root.children.get(move)
        visits = 0 if child is None else child.visits
        share = 0.0 if child is None or visits == 0 else child.reward / visits
        words = _words(game, view, move)
        candidates.append(Candidate(move, words, visits, min(1.0, max(0.0, share))))
    candidates.sort(key=lambda candidate: (-candidate.visits, -candidate.share))
    return Estimates(seat, tuple(candidates), done)


def _decision(game: AnyGame, view: Any, rng: random.Random) -> tuple[int, tuple[Any, ...]]:
    """The seat whose decision ``view`` is and its legal moves, from a deal of the view
    (every deal of it has the same actor and legal moves: a law of the harness)."""
    try:
        game.check_view(view)
        deal = game.determinize(view, rng)
    except PicnicError as error:
        raise AnalysisError(f"not a view of {game.name}: {shorten(error, 200)}") from None
    actor = game.to_move(deal)
    if actor is None:
        raise NotADecision("the game is over")
    if actor is CHANCE:
        raise NotADecision("chance acts next")
    if game.view(deal, actor) != view:
        raise NotADecision(f"seat {actor} is to move, and this is another seat's view")
    return actor, game.legal_moves(deal)


def _words(game: AnyGame, view: Any, move: Any) -> str:
    try:
        return game.describe_move(view, move)
    except PicnicError:
        return shorten(move)
