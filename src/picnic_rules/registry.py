"""The registry of games: the only core module that imports the games."""

from __future__ import annotations

from .errors import PicnicError
from .game import AnyGame, Game
from .sandwich import GAME as _SANDWICH

__all__ = ["GAMES", "get_game", "register"]

GAMES: dict[str, AnyGame] = {_SANDWICH.name: _SANDWICH}
"""Every game of the library by name."""


def get_game(game: AnyGame | str) -> AnyGame:
    """The :class:`Game` named ``game`` (a :class:`Game` is returned as it is)."""
    if isinstance(game, Game):
        return game
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise PicnicError(
            f"unknown game {game!r}; the games are: {', '.join(sorted(GAMES))}"
        ) from None


def register(game: AnyGame) -> AnyGame:
    """Add a game of your own to :data:`GAMES`, so the codec, ``play``/``replay`` by name,
    ``simulate`` in worker processes, the CLI and the harness's JSON checks know it.

    Registering the same record again is harmless; another game under a taken name
    raises :class:`~picnic_rules.PicnicError`. Returns ``game``, so it can wrap the
    definition: ``GAME = register(Game(...))``.

    >>> import attrs
    >>> from picnic_rules import GAMES, register
    >>> quick = attrs.evolve(GAMES["sandwich"], name="quick-sandwich")
    >>> register(quick) is quick, "quick-sandwich" in GAMES
    (True, True)
    >>> del GAMES["quick-sandwich"]
    """
    if not isinstance(game, Game):
        raise PicnicError(f"only a Game can be registered, not {type(game).__name__}")
    known = GAMES.get(game.name)
    if known is not None and known is not game:
        raise PicnicError(f"another game is already registered as {game.name!r}")
    GAMES[game.name] = game
    return game
