"""picnic_rules: rules engines for four picnic games.

Immutable states, pure ``legal_moves``/``apply`` functions, chance as explicit
nodes, per-seat views, a versioned JSON codec, agents and an invariant
harness. Each game is a subpackage (:mod:`picnic_rules.sandwich` ...) and a
:class:`Game` record in :data:`GAMES`.
"""

from __future__ import annotations

from .errors import DecodeError, IllegalMove, InvalidMove, InvalidState, PicnicError, RulesError
from .game import CHANCE, Game, Outcome
from .registry import GAMES, get_game

__all__ = [
    "CHANCE",
    "GAMES",
    "DecodeError",
    "Game",
    "IllegalMove",
    "InvalidMove",
    "InvalidState",
    "Outcome",
    "PicnicError",
    "RulesError",
    "get_game",
]

__version__ = "0.1.0"
