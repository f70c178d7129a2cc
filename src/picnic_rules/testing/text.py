"""How failure messages show objects: cut reprs and move notation."""

from __future__ import annotations

__all__ = ["notation", "short"]


def short(obj: object, limit: int = 600) -> str:
    """``repr(obj)``, cut to ``limit`` characters."""
    text = repr(obj)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def notation(move: object) -> str:
    """``str(move)``, or its repr when ``str`` fails."""
    try:
        return str(move)
    except Exception:
        return repr(move)
