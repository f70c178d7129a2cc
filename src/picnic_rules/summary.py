"""What :func:`~picnic_rules.simulate.simulate` keeps of each game, and the statistics of a run.

:class:`GameStat` is one game's result; :func:`summarize` (or a
:class:`Tally` fed one game at a time, in constant memory) turns them into a
:class:`Summary`: win rates with 95% confidence intervals, the mean and
spread of game length, how the games ended and how the scores fell.
"""

from __future__ import annotations

import collections
import math
from collections.abc import Iterable, Sequence

import attrs

__all__ = ["GameStat", "Summary", "Tally", "summarize", "wilson_interval"]

_Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution
_MAX_LISTED_SCORES = 10  # more distinct scores than this are shown as quartiles


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score interval at 95% confidence of a rate ``successes / trials``.

    Unlike the normal approximation it stays within 0..1 and is sound for
    rates near 0 or 1 and for few trials; ``(0.0, 1.0)`` for no trials.

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if trials <= 0:
        return (0.0, 1.0)
    rate = successes / trials
    z2 = _Z95 * _Z95
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z95 * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials))
    half /= 1 + z2 / trials
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


@attrs.frozen
class GameStat:
    """What :func:`~picnic_rules.simulate.simulate` keeps of one game."""

    seats: tuple[str, ...]
    """The agent name in each seat."""
    winners: tuple[int, ...]
    """The winning seats."""
    length: int
    """Non-chance moves."""
    steps: int
    """All moves, chance outcomes included."""
    reason: str
    """Why the game ended."""
    scores: tuple[int, ...] = ()
    """Each seat's final score."""
    index: int = 0
    """The game's number in its run, from 0 (it was played with seed ``seed + index``)."""


def _sd(count: int, total: int, squares: int) -> float:
    """The standard deviation of ``count`` integers from their sum and sum of squares."""
    if count < 2:
        return 0.0
    return math.sqrt(max(0, count * squares - total * total) / (count * (count - 1)))


@attrs.frozen
class Summary:
    """The statistics of a :func:`~picnic_rules.simulate.simulate` run.

    A game won by several tied leaders counts as a win for each of them (and
    once in :attr:`ties`), so :attr:`wins` can add up to more than :attr:`games`.
    A run stopped early (Ctrl-C: :class:`~picnic_rules.simulate.Interrupted`)
    summarises the games it finished: :attr:`games` is below :attr:`requested`.
    """

    game: str
    """The game's name."""
    agents: tuple[str, ...]
    """The agents' labels (names, or factory names) seat by seat, as seated in game 0."""
    rotate: bool
    """Whether the seats were rotated from game to game."""
    games: int
    """Games played."""
    wins: tuple[int, ...]
    """Games won by each seat (a shared win counts for each winner)."""
    ties: int
    """Games won by more than one seat."""
    mean_length: float
    """Mean number of non-chance moves per game."""
    mean_steps: float
    """Mean number of moves per game, chance outcomes included."""
    reasons: tuple[tuple[str, int], ...]
    """How often each end reason occurred, sorted by reason."""
    agent_wins: tuple[tuple[str, int, int], ...]
    """Per agent name, sorted: ``(name, games won, seats played)``."""
    length_sd: float = 0.0
    """The standard deviation of the number of non-chance moves per game."""
    length_range: tuple[int, int] = (0, 0)
    """The fewest and the most non-chance moves of a game."""
    scores: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Per seat, sorted by score: ``(score, games that seat ended with it)``."""
    requested: int = -1
    """Games asked for (``-1``: as many as were played)."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.agents)

    @property
    def interrupted(self) -> bool:
        """Whether the run stopped before all the games it was asked for."""
        return 0 <= self.requested != self.games

    @property
    def win_rate(self) -> tuple[float, ...]:
        """The share of games each seat won."""
        return tuple(w / self.games if self.games else 0.0 for w in self.wins)

    @property
    def win_interval(self) -> tuple[tuple[float, float], ...]:
        """Per seat, the 95% confidence interval of its win rate (:func:`wilson_interval`)."""
        return tuple(wilson_interval(won, self.games) for won in self.wins)

    @property
    def agent_win_rates(self) -> tuple[tuple[str, float], ...]:
        """Per agent name, sorted: the share of its games it won (meaningful with ``rotate``)."""
        return tuple((name, won / seats if seats else 0.0) for name, won, seats in self.agent_wins)

    @property
    def score_means(self) -> tuple[float, ...]:
        """Each seat's mean final score."""
        return tuple(
            sum(score * count for score, count in seat) / self.games if self.games else 0.0
            for seat in self.scores
        )

    def format(self) -> str:
        """A readable report: win rates with intervals, game length, end reasons, scores."""
        head = f"{self.game}: {self.games} games, {self.players} players"
        if self.rotate:
            head += " (seats rotated)"
        if self.interrupted:
            head += f" -- interrupted: {self.games} of {self.requested} games played"
        lines = [head, ""]
        lines += self._seat_table()
        if self.rotate:
            lines.append("")
            lines += self._agent_table()
        lines.append(f"ties (shared wins): {self.ties}")
        lines.append("")
        low, high = self.length_range
        lines.append(
            f"game length: {self.mean_length:.1f} moves on average (sd {self.length_sd:.1f}, "
            f"{low} to {high}); {self.mean_steps:.1f} steps with chance"
        )
        lines.append("end reasons:")
        width = max((len(reason) for reason, _ in self.reasons), default=0)
        for reason, count in self.reasons:
            share = count / self.games if self.games else 0.0
            lines.append(f"  {reason:<{width}}  {count:>6}  {share:>6.1%}")
        if self.scores and self.games:
            lines.append("scores:")
            for seat, (name, seat_scores, mean) in enumerate(
                zip(self.agents, self.scores, self.score_means, strict=True)
            ):
                who = f"seat {seat}" if self.rotate else f"seat {seat} ({name})"
                lines.append(f"  {who}: mean {mean:.2f}; {_distribution(seat_scores)}")
        return "\n".join(lines)

    def _seat_table(self) -> list[str]:
        names = [""] * self.players if self.rotate else list(self.agents)
        width = max(len("agent"), *(len(name) for name in names)) if not self.rotate else 0
        agent = f"{'agent':<{width}}  " if not self.rotate else ""
        lines = [f"{'seat':<6}{agent}{'wins':>8}{'win rate':>10}  95% interval"]
        for seat, (name, won, rate, (low, high)) in enumerate(
            zip(names, self.wins, self.win_rate, self.win_interval, strict=True)
        ):
            cell = f"{name:<{width}}  " if not self.rotate else ""
            lines.append(f"{seat:<6}{cell}{won:>8}{rate:>10.1%}  {low:.1%} to {high:.1%}")
        return lines

    def _agent_table(self) -> list[str]:
        width = max(len("agent"), *(len(name) for name, _, _ in self.agent_wins))
        lines = [f"{'agent':<{width}}  {'games':>6}{'wins':>8}{'win rate':>10}  95% interval"]
        for name, won, seats in self.agent_wins:
            rate = won / seats if seats else 0.0
            low, high = wilson_interval(won, seats)
            lines.append(
                f"{name:<{width}}  {seats:>6}{won:>8}{rate:>10.1%}  {low:.1%} to {high:.1%}"
            )
        return lines


def _distribution(counts: Sequence[tuple[int, int]]) -> str:
    """``0: 12, 1: 40, 3: 48`` -- or the quartiles when there are many distinct scores."""
    if len(counts) <= _MAX_LISTED_SCORES:
        return ", ".join(f"{score}: {count}" for score, count in counts)
    total = sum(count for _, count in counts)

    def quantile(share: float) -> int:
        rank = share * (total - 1)
        seen = 0
        for score, count in counts:
            seen += count
            if seen > rank:
                return score
        return counts[-1][0]

    quartiles = "/".join(str(quantile(share)) for share in (0.25, 0.5, 0.75))
    return f"min {counts[0][0]}, quartiles {quartiles}, max {counts[-1][0]}"


class Tally:
    """Adds up games one at a time into a :class:`Summary`, in memory that does not grow
    with the number of games (only with the number of distinct scores and end reasons).

    >>> tally = Tally("sandwich", ["computer", "random"], rotate=False)
    >>> tally.add(GameStat(("computer", "random"), (0,), 40, 60, "three-sandwiches", (3, 1)))
    >>> tally.summary().win_rate
    (1.0, 0.0)
    """

    def __init__(
        self, game: str, agents: Sequence[str], *, rotate: bool, requested: int = -1
    ) -> None:
        self.game = game
        self.agents = tuple(agents)
        self.rotate = rotate
        self.requested = requested
        self.games = self.ties = self.length = self.squares = self.steps = 0
        self.shortest: int | None = None
        self.longest = 0
        self.wins = [0] * len(self.agents)
        self.by_name: dict[str, list[int]] = {name: [0, 0] for name in self.agents}
        self.reasons: collections.Counter[str] = collections.Counter()
        self.scores = [collections.Counter[int]() for _ in self.agents]

    def add(self, stat: GameStat) -> None:
        """Count one more game."""
        self.games += 1
        for seat in stat.winners:
            self.wins[seat] += 1
            self.by_name[stat.seats[seat]][0] += 1
        for name in stat.seats:
            self.by_name[name][1] += 1
        for seat, score in enumerate(stat.scores):
            self.scores[seat][score] += 1
        self.ties += len(stat.winners) > 1
        self.length += stat.length
        self.squares += stat.length * stat.length
        self.steps += stat.steps
        self.shortest = stat.length if self.shortest is None else min(self.shortest, stat.length)
        self.longest = max(self.longest, stat.length)
        self.reasons[stat.reason] += 1

    def summary(self) -> Summary:
        """The :class:`Summary` of the games counted so far."""
        games = self.games
        return Summary(
            game=self.game,
            agents=self.agents,
            rotate=self.rotate,
            games=games,
            wins=tuple(self.wins),
            ties=self.ties,
            mean_length=self.length / games if games else 0.0,
            mean_steps=self.steps / games if games else 0.0,
            reasons=tuple(sorted(self.reasons.items())),
            agent_wins=tuple(
                sorted((name, won, seats) for name, (won, seats) in self.by_name.items())
            ),
            length_sd=_sd(games, self.length, self.squares),
            length_range=(self.shortest or 0, self.longest),
            scores=tuple(tuple(sorted(seat.items())) for seat in self.scores),
            requested=self.requested,
        )


def summarize(
    game: str, agent_names: Sequence[str], rotate: bool, stats: Iterable[GameStat]
) -> Summary:
    """The :class:`Summary` of played games."""
    tally = Tally(game, agent_names, rotate=rotate)
    for stat in stats:
        tally.add(stat)
    return tally.summary()
