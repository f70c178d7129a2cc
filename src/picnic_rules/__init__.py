"""picnic_rules: rules engines for four picnic games.

Immutable states, pure ``legal_moves``/``apply`` functions, chance as explicit
nodes, per-seat views, a versioned JSON codec, agents and an invariant
harness. Each game is a subpackage (:mod:`picnic_rules.sandwich` ...) and a
:class:`Game` record in :data:`GAMES`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .agents import RandomAgent
from .errors import (
    DecodeError,
    EncodeError,
    IllegalMove,
    InvalidMove,
    InvalidState,
    OutOfTurn,
    PicnicError,
    RulesError,
)
from .game import CHANCE, Actor, Game, Measure, Outcome
from .match import Record, play, replay
from .registry import GAMES, get_game, register

if TYPE_CHECKING:
    from . import codec

__all__ = [
    "CHANCE",
    "Actor",
    "GAMES",
    "DecodeError",
    "EncodeError",
    "Game",
    "IllegalMove",
    "InvalidMove",
    "InvalidState",
    "OutOfTurn",
    "Measure",
    "Outcome",
    "PicnicError",
    "RandomAgent",
    "Record",
    "RulesError",
    "codec",
    "get_game",
    "play",
    "register",
    "replay",
]

__version__: str
"""The installed version of the package (from its metadata: ``pyproject.toml`` is the one
place it is written)."""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("picnic-rules")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


def __getattr__(name: str) -> Any:
    """``picnic_rules.codec`` is imported on first use: it (with cattrs) is about half the
    import time of the package, and a program that reads no JSON never pays it; so is
    ``__version__`` (read from the package's metadata)."""
    if name == "codec":
        return importlib.import_module(".codec", __name__)
    if name == "__version__":
        return _version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
