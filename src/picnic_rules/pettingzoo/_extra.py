"""The one message for a missing ``rl`` extra (numpy, gymnasium, pettingzoo, open_spiel)."""

from __future__ import annotations

__all__ = ["missing"]


def missing(module: str, what: str) -> ImportError:
    """The error to raise when ``module`` (needed by ``what``) is not installed."""
    return ImportError(
        f"{what} needs the {module} package: install the rl extra with "
        "pip install 'picnic-rules[rl]'"
    )
