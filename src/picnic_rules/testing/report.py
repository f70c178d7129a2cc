"""The names of the harness's checks, choosing among them, and :class:`Report`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

import attrs

__all__ = ["CHECKS", "Report", "select_checks"]

CHECKS: tuple[str, ...] = (
    "new-game",
    "check",
    "to-move",
    "legal-moves",
    "chance",
    "apply-pure",
    "legal-applies",
    "illegal-raises",
    "notation",
    "codec",
    "documents",
    "view",
    "leak",
    "forged-views",
    "public-view",
    "observations",
    "observation-leaks",
    "describe",
    "render",
    "move-group",
    "apply-as",
    "move-values",
    "text-path",
    "closure",
    "forged-observations",
    "wrong-kind",
    "spaces",
    "view-bounds",
    "tensors",
    "measure",
    "max-moves",
    "max-chance-steps",
    "result",
    "replay",
    "determinism",
)
"""The names of the checks, as failures name them (``check 'leak' failed``).

Pass some of them as ``only=`` or ``skip=`` to the harness's functions to run
a subset. Play itself still calls ``to_move``, ``legal_moves`` and ``apply``
(and fails, under those names, when they raise); skipping ``to-move`` or
``legal-moves`` skips only their consistency assertions.
"""


def select_checks(
    only: Iterable[str] | None = None, skip: Iterable[str] | None = None
) -> frozenset[str]:
    """The names of the checks to run: ``only`` (default: all of :data:`CHECKS`) less ``skip``.

    Raises :class:`ValueError` naming an unknown check and listing :data:`CHECKS`.

    >>> sorted(select_checks(only=["leak", "view"], skip=["view"]))
    ['leak']
    """
    chosen = set(CHECKS) if only is None else _names(only, "only")
    return frozenset(chosen - (set() if skip is None else _names(skip, "skip")))


def _names(names: Iterable[str], what: str) -> set[str]:
    if isinstance(names, str):
        names = [names]
    out = set(names)
    unknown = sorted(out - set(CHECKS))
    if unknown:
        raise ValueError(
            f"{what}: unknown check {', '.join(map(repr, unknown))} (the checks: {', '.join(CHECKS)})"
        )
    return out


def _frozen_counts(counts: Mapping[str, int]) -> Mapping[str, int]:
    return dict(sorted(counts.items()))


@attrs.frozen
class Report:
    """What a harness run did: counts of games, steps and checks, and the end reasons seen.

    Reports add up: ``report_a + report_b`` sums the counts.
    """

    game: str
    """The name of the game checked."""
    games: int = 0
    """Games played to the end."""
    steps: int = 0
    """Moves applied, chance outcomes included."""
    chance_steps: int = 0
    """Chance outcomes applied."""
    checks: int = 0
    """Individual checks that passed."""
    observations: int = 0
    """(state, move, seat) triples on which ``update(view(s, k), observe(s, m, k)) ==
    view(apply(s, m), k)`` was checked (the 'observations' check)."""
    reasons: Mapping[str, int] = attrs.field(factory=dict, converter=_frozen_counts, hash=False)
    """How many games ended for each ``result(...).reason``."""
    skipped: tuple[str, ...] = ()
    """Variant/player-count combinations the rules refuse (``RulesError``), with the reason."""

    @property
    def decisions(self) -> int:
        """Non-chance moves applied."""
        return self.steps - self.chance_steps

    def __add__(self, other: Report) -> Report:
        """The sum of two reports of the same game."""
        if not isinstance(other, Report):
            return NotImplemented
        reasons = Counter(self.reasons)
        reasons.update(other.reasons)
        return Report(
            game=self.game,
            games=self.games + other.games,
            steps=self.steps + other.steps,
            chance_steps=self.chance_steps + other.chance_steps,
            checks=self.checks + other.checks,
            observations=self.observations + other.observations,
            reasons=dict(reasons),
            skipped=self.skipped + other.skipped,
        )

    def __str__(self) -> str:
        reasons = ", ".join(f"{name} {n}" for name, n in self.reasons.items()) or "none"
        text = (
            f"{self.game}: {self.games} games, {self.steps} steps "
            f"({self.chance_steps} chance), {self.checks} checks passed, "
            f"{self.observations} observations followed; reasons: {reasons}"
        )
        if self.skipped:
            text += f"; skipped: {'; '.join(self.skipped)}"
        return text
