"""The registry of games: the only core module that imports the games."""

from __future__ import annotations

from .game import Game
from .sandwich import GAME as _SANDWICH

__all__ = ["GAMES", "get_game"]

GAMES: dict[str, Game] = {_SANDWICH.name: _SANDWICH}
"""Every game of the library by name."""


def get_game(game: Game | str) -> Game:
    """The :class:`Game` named ``game`` (a :class:`Game` is returned as it is)."""
    from .errors import PicnicError

    if isinstance(game, Game):
        return game
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise PicnicError(
            f"unknown game {game!r}; the games are: {', '.join(sorted(GAMES))}"
        ) from None
