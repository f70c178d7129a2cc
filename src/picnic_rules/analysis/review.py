"""Every decision of one seat rated: :func:`review` gives a :class:`Review`.

The decisions are found in the record, but each is searched from the seat's view alone,
rebuilt from what the seat observed (:func:`~picnic_rules.history.seat_record` and
:func:`~picnic_rules.history.follow`: the new game's view and ``update`` with each
observation, no state, no hidden card): two records that the seat could not tell apart
get the same review. The move played is compared with the search's favourite: its
estimated **loss** is the favourite's estimated share of a win less the played move's
(none when it is the favourite, never below 0), and a loss of at least
:data:`MISTAKE_LOSS` is marked a **mistake**. A decision with one legal move is forced: it
is listed, not searched nor rated.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

import attrs

from ..errors import PicnicError, not_a_seat, shorten
from ..game import AnyGame, Game, Outcome
from ..history import follow, seat_record
from ..match import Record, replay
from ..registry import get_game
from .budget import Budget
from .errors import AnalysisError
from .estimates import Z95, Candidate, estimate, searcher
from .workers import map_decisions

__all__ = ["MISTAKE_LOSS", "Decision", "Review", "decisions", "review"]

MISTAKE_LOSS: Final = 0.10
"""The estimated loss (of a share of a win, 0 to 1) at which a move is marked a mistake:
a tenth of a win given away, by the search's reckoning."""


@attrs.frozen(repr=False)
class Decision:
    """One decision of the seat reviewed: move :attr:`number` of the record (from 1)."""

    number: int
    """The move's number in the record, from 1."""
    move: Any
    """The move the seat played."""
    words: str
    """The move played, in the game's words from the seat's view."""
    legal: int
    """How many legal moves the seat had."""
    candidates: tuple[Candidate, ...]
    """The search's candidates, the most tried first (none for a forced move)."""
    iterations: int
    """The iterations searched (0 for a forced move)."""

    @property
    def forced(self) -> bool:
        """Whether the move was the only legal one (not rated)."""
        return self.legal == 1

    @property
    def best(self) -> Candidate | None:
        """The search's favourite (``None`` for a forced move)."""
        return self.candidates[0] if self.candidates else None

    @property
    def played(self) -> Candidate | None:
        """The search's candidate of the move played (``None`` for a forced move)."""
        for candidate in self.candidates:
            if candidate.move == self.move:
                return candidate
        return None

    @property
    def chance(self) -> float | None:
        """The seat's estimated share of a win at the decision, with the best move."""
        best = self.best
        return None if best is None else best.share

    @property
    def loss(self) -> float:
        """The estimated share of a win the move played gave away (0: none)."""
        best, played = self.best, self.played
        if best is None or played is None or played.move == best.move:
            return 0.0
        return max(0.0, best.share - played.share)

    @property
    def mistake(self) -> bool:
        """Whether :attr:`loss` is at least :data:`MISTAKE_LOSS`."""
        return self.loss >= MISTAKE_LOSS

    def __repr__(self) -> str:
        if self.forced:
            return f"Decision({self.number}, {shorten(self.move)!r}, forced)"
        best = self.best
        assert best is not None
        mark = ", mistake" if self.mistake else ""
        return (
            f"Decision({self.number}, {shorten(self.move)!r}, best={shorten(best.move)!r}, "
            f"chance={best.share:.3f}, loss={self.loss:.3f}{mark})"
        )


@attrs.frozen(repr=False)
class Review:
    """Seat :attr:`seat`'s decisions in a game of :attr:`game`, each rated."""

    game: str
    """The game's name."""
    players: int
    """The number of seats."""
    seat: int
    """The seat reviewed."""
    decisions: tuple[Decision, ...]
    """The seat's decisions, in order."""
    outcome: Outcome | None
    """How the game ended (``None``: it goes on)."""
    budget: Budget
    """The search each decision had."""

    @property
    def rated(self) -> tuple[Decision, ...]:
        """The decisions with a choice (the forced ones left out)."""
        return tuple(decision for decision in self.decisions if not decision.forced)

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        """The decisions marked a mistake."""
        return tuple(decision for decision in self.decisions if decision.mistake)

    @property
    def mean_loss(self) -> float:
        """The mean estimated loss of the rated decisions (0 with none)."""
        rated = self.rated
        return sum(decision.loss for decision in rated) / len(rated) if rated else 0.0

    @property
    def loss_interval(self) -> tuple[float, float]:
        """A 95% interval of :attr:`mean_loss` (normal, from the decisions' spread)."""
        losses = [decision.loss for decision in self.rated]
        return mean_interval(losses)

    @property
    def result(self) -> str:
        """``"won"``, ``"tied"`` (a shared win), ``"lost"`` or ``"not over"``."""
        if self.outcome is None:
            return "not over"
        winners = self.outcome.winners
        if self.seat not in winners:
            return "lost"
        return "won" if len(winners) == 1 else "tied"

    def summary(self) -> str:
        """The review in one line."""
        rated = self.rated
        agreed = sum(1 for decision in rated if decision.loss == 0.0)
        mistakes = len(self.mistakes)
        return (
            f"seat {self.seat} {self.result}: {len(rated)} decisions rated, "
            f"{agreed} as the search would, {mistakes} mistake{'s' if mistakes != 1 else ''}, "
            f"mean loss {100 * self.mean_loss:.1f}%"
        )

    def __repr__(self) -> str:
        return (
            f"Review({self.game!r}, seat={self.seat}, decisions={len(self.decisions)}, "
            f"mistakes={len(self.mistakes)}, mean_loss={self.mean_loss:.3f}, "
            f"result={self.result!r})"
        )


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The normal 95% interval of the mean of ``values`` (a point with fewer than two)."""
    count = len(values)
    if count == 0:
        return (0.0, 0.0)
    mean = sum(values) / count
    if count == 1:
        return (mean, mean)
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    half = Z95 * math.sqrt(variance / count)
    return (mean - half, mean + half)


def decisions(
    record: Record[Any, Any], seat: int, game: AnyGame | None = None
) -> list[tuple[int, Any, Any, int]]:
    """Seat ``seat``'s decisions in ``record``: ``(index, view, move, legal)`` each -- the
    move's index in the record (from 0), the seat's view then, rebuilt from its
    observations alone, the move it played and the number of its legal moves."""
    found = _game(record, game)
    if type(seat) is not int or not 0 <= seat < record.players:
        raise AnalysisError(not_a_seat(seat, record.players))
    try:
        states = replay(record, found)
        views = follow(seat_record(record, seat, found), found)
    except PicnicError as error:
        raise AnalysisError(f"a record that does not replay: {shorten(error, 200)}") from None
    found_decisions = []
    for index, (state, move) in enumerate(zip(states, record.moves, strict=False)):
        if found.to_move(state) == seat:
            legal = len(found.legal_moves(state))
            found_decisions.append((index, views[index], move, legal))
    return found_decisions


def review(
    record: Record[Any, Any], seat: int, budget: Budget | None = None, game: AnyGame | None = None
) -> Review:
    """Seat ``seat``'s decisions in ``record`` (finished or not), each searched from the
    seat's view with ``budget`` (default :class:`Budget`) and rated; the decisions are
    shared among ``budget.workers`` processes. Reproducible when ``budget.seconds`` is
    unset: decision at move index ``k`` is searched from ``budget.rng_seed(k)``.

    Raises :class:`~picnic_rules.analysis.AnalysisError` for a seat the game does not have
    or a record that does not replay, :class:`~picnic_rules.analysis.NoSearch` for a game
    without a search.
    """
    found = _game(record, game)
    budget = Budget() if budget is None else budget
    agent = searcher(found, budget)
    found_decisions = decisions(record, seat, found)

    def rate(number: int) -> Decision:
        index, view, move, legal = found_decisions[number]
        words = _words(found, view, move)
        if legal == 1:
            return Decision(index + 1, move, words, 1, (), 0)
        estimates = estimate(found, view, budget, decision=index, agent=agent)
        return Decision(index + 1, move, words, legal, estimates.candidates, estimates.iterations)

    rated = map_decisions(rate, len(found_decisions), budget.workers)
    return Review(record.game, record.players, seat, tuple(rated), record.outcome, budget)


def _game(record: object, game: AnyGame | None) -> AnyGame:
    if not isinstance(record, Record):
        raise AnalysisError(f"a review needs a Record, not {type(record).__name__}")
    if game is not None and not isinstance(game, Game):
        raise AnalysisError(f"the game must be a Game (GAMES[name]), not {game!r}")
    try:
        return game if game is not None else get_game(record.game)
    except PicnicError as error:
        raise AnalysisError(str(error)) from None


def _words(game: AnyGame, view: Any, move: Any) -> str:
    try:
        return game.describe_move(view, move)
    except PicnicError:
        return shorten(move)
