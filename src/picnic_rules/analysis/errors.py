"""The errors of :mod:`picnic_rules.analysis`, each a :class:`~picnic_rules.PicnicError`."""

from __future__ import annotations

from ..errors import PicnicError

__all__ = ["AnalysisError", "HintRefused", "NoSearch", "NotADecision"]


class AnalysisError(PicnicError):
    """Base class of the analysis's errors: a budget, a view or a record it cannot use."""


class NoSearch(AnalysisError):
    """The game has no ``"ismcts"`` agent to ask (:attr:`game` names it)."""

    def __init__(self, game: str) -> None:
        self.game = game
        super().__init__(f"{game} has no search (an 'ismcts' agent) to explain its moves")


class NotADecision(AnalysisError):
    """The view given is not a decision of its seat: the game is over, chance or another
    seat acts (:attr:`reason` says which)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"nothing to estimate: {reason}")


class HintRefused(AnalysisError):
    """A hint asked for at a table whose policy refuses hints (:attr:`reason` says why)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"no hint here: {reason}")
