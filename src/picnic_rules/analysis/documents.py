"""Estimates and reviews as JSON-ready documents (plain dicts, moves in notation): what a
host stores and a web server sends."""

from __future__ import annotations

from typing import Any

from .estimates import Candidate, Estimates
from .review import Decision, Review

__all__ = ["estimates_document", "review_document"]


def _candidate(candidate: Candidate) -> dict[str, Any]:
    return {
        "move": str(candidate.move),
        "words": candidate.words,
        "share": round(candidate.share, 4),
        "low": round(candidate.low, 4),
        "high": round(candidate.high, 4),
        "visits": candidate.visits,
    }


def estimates_document(estimates: Estimates, count: int = 3) -> dict[str, Any]:
    """``{"seat", "iterations", "chance", "moves": [...]}``: the first ``count`` candidates,
    each ``{"move", "words", "share", "low", "high", "visits"}``."""
    return {
        "seat": estimates.seat,
        "iterations": estimates.iterations,
        "chance": round(estimates.chance, 4),
        "moves": [_candidate(candidate) for candidate in estimates.top(count)],
    }


def _decision(decision: Decision) -> dict[str, Any]:
    best = decision.best
    return {
        "number": decision.number,
        "move": str(decision.move),
        "words": decision.words,
        "legal": decision.legal,
        "forced": decision.forced,
        "chance": None if best is None else round(best.share, 4),
        "loss": round(decision.loss, 4),
        "mistake": decision.mistake,
        "best": None if best is None else _candidate(best),
    }


def review_document(review: Review) -> dict[str, Any]:
    """``{"game", "seat", "result", "summary", "mean_loss", "mistakes", "iterations",
    "decisions": [...]}``, each decision ``{"number", "move", "words", "legal", "forced",
    "chance", "loss", "mistake", "best"}`` (``best`` a candidate, ``None`` when forced)."""
    return {
        "game": review.game,
        "seat": review.seat,
        "result": review.result,
        "summary": review.summary(),
        "mean_loss": round(review.mean_loss, 4),
        "mistakes": len(review.mistakes),
        "iterations": review.budget.iterations,
        "decisions": [_decision(decision) for decision in review.decisions],
    }
