"""The type variables of the generic API, named once: a game's ``State`` (:data:`S`),
``View`` (:data:`V`), moves (:data:`M`), ``Rules`` (:data:`R`) and ``Observation``
(:data:`Ob`), and any other value (:data:`T`).

``Game[S, V, M, R, Ob]`` and every function generic over a game use these.
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["M", "Ob", "R", "S", "T", "V"]

S = TypeVar("S")
"""A game's ``State``."""
V = TypeVar("V")
"""A game's ``View`` (one seat's view of a state)."""
M = TypeVar("M")
"""A game's moves (the union of its move classes)."""
R = TypeVar("R")
"""A game's ``Rules``."""
Ob = TypeVar("Ob")
"""A game's ``Observation`` (what a seat learns of one move)."""
T = TypeVar("T")
"""Any value."""
