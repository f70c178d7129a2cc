"""The registry of games: the only core module that loads the games.

:data:`GAMES` holds the built-in games, listed once in :data:`BUILTIN`, and
the game of every installed package that declares one in the entry-point
group :data:`ENTRY_POINT_GROUP` (``picnic_rules.games``). So installing such
a package adds its game to the codec, ``play``/``replay`` by name, the
simulator and the ``picnic`` command. In the package's ``pyproject.toml``::

    [project.entry-points."picnic_rules.games"]
    keep-or-swap = "keep_or_swap:GAME"

The entry point is named after the game and loads its
:class:`~picnic_rules.Game` record. Built-in and installed games are loaded
the first time :data:`GAMES` is read (a built-in game alone when it is looked
up by name: ``GAMES["ants"]`` imports only :mod:`picnic_rules.ants`), never by
``import picnic_rules``, so a program pays only for the games it uses, a game module may
import :mod:`picnic_rules` freely, and a broken entry point never breaks the
import: it is skipped with a :class:`RuntimeWarning` saying why. So is a game
whose name a built-in game, or an entry point found earlier, already holds.
See :doc:`/kit` for a whole game written and installed this way.
"""

from __future__ import annotations

import copyreg
import importlib
import sys
import threading
import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final, Literal, overload

from .errors import PicnicError
from .game import AnyGame, Game

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_keys, dict_values
    from importlib.metadata import EntryPoint

    from . import ants, insects, poultry, sandwich

    SandwichGame = Game[
        sandwich.State, sandwich.View, sandwich.Move, sandwich.Rules, sandwich.Observation
    ]
    InsectsGame = Game[
        insects.State, insects.View, insects.Move, insects.Rules, insects.Observation
    ]
    PoultryGame = Game[
        poultry.State, poultry.View, poultry.Move, poultry.Rules, poultry.Observation
    ]
    AntsGame = Game[ants.State, ants.View, ants.Move, ants.Rules, ants.Observation]

__all__ = ["BUILTIN", "ENTRY_POINT_GROUP", "GAMES", "get_game", "register"]

BUILTIN: Final[tuple[str, ...]] = (
    "picnic_rules.sandwich",
    "picnic_rules.insects",
    "picnic_rules.poultry",
    "picnic_rules.ants",
)
"""The modules of the built-in games, each holding its record as ``GAME`` (the one list of
them); each game is named as its module (``picnic_rules.ants`` holds the game ``"ants"``)."""

_UNLOADED: Final[dict[str, str]] = {module.rpartition(".")[2]: module for module in BUILTIN}
"""The built-in games not imported yet, by name, to their modules."""

_LOADING: Final = threading.RLock()
"""Held while a game is loaded, so that threads reading :data:`GAMES` at once (a server's
first requests) wait for it instead of finding it missing (re-entrant: a game module that
reads :data:`GAMES` while it loads)."""

ENTRY_POINT_GROUP: Final = "picnic_rules.games"
"""The entry-point group through which an installed package adds its game to :data:`GAMES`."""


class _Games(dict[str, AnyGame]):
    """A dict of games that loads the built-in and installed games when it is first read
    (a built-in game looked up by name: that game alone). A built-in game's lookup is
    typed with the game's own classes."""

    @overload
    def __getitem__(self, name: Literal["sandwich"]) -> SandwichGame: ...
    @overload
    def __getitem__(self, name: Literal["insects"]) -> InsectsGame: ...
    @overload
    def __getitem__(self, name: Literal["poultry"]) -> PoultryGame: ...
    @overload
    def __getitem__(self, name: Literal["ants"]) -> AntsGame: ...
    @overload
    def __getitem__(self, name: str) -> AnyGame: ...

    def __getitem__(self, name: str) -> AnyGame:
        if name in _UNLOADED or not dict.__contains__(self, name):
            with _LOADING:  # another thread may be importing it right now
                if name in _UNLOADED:
                    _load_builtin(name)
                if not dict.__contains__(self, name):
                    _load_installed()
        return super().__getitem__(name)

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except (KeyError, TypeError):
            return default

    def __contains__(self, name: object) -> bool:
        try:
            self[name]  # type: ignore[call-overload]
        except (KeyError, TypeError):
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        _load_installed()
        return super().__iter__()

    def __len__(self) -> int:
        _load_installed()
        return super().__len__()

    def __repr__(self) -> str:
        _load_installed()
        return super().__repr__()

    def keys(self) -> dict_keys[str, AnyGame]:
        _load_installed()
        return super().keys()

    def values(self) -> dict_values[str, AnyGame]:
        _load_installed()
        return super().values()

    def items(self) -> dict_items[str, AnyGame]:
        _load_installed()
        return super().items()

    def copy(self) -> dict[str, AnyGame]:
        _load_installed()
        return dict(super().items())


GAMES: _Games = _Games()
"""Every game by name: the built-in games, the installed ones and those :func:`register` adds."""

_pending: list[EntryPoint] | None = None
"""The entry points not loaded yet (``None`` until they are looked up)."""


def _load_installed() -> None:
    """Load the entry points of :data:`ENTRY_POINT_GROUP` into :data:`GAMES` (each once).

    One whose module is being imported right now (``import my_game`` imported
    ``picnic_rules``, which reads :data:`GAMES` before ``my_game.GAME`` exists)
    waits for a later read.
    """
    with _LOADING:
        _load_all()


def _load_all() -> None:
    """:func:`_load_installed` under the loading lock."""
    global _pending
    for name in list(_UNLOADED):
        _load_builtin(name)
    if _pending is None:
        from importlib.metadata import entry_points  # at first read: a tenth of the import

        _pending = list(entry_points(group=ENTRY_POINT_GROUP))
    for entry in [entry for entry in _pending if not _importing(entry.module)]:
        if entry in _pending:  # a game module that reads GAMES loads the others first
            _pending.remove(entry)
            _add(entry)


def _importing(module: str) -> bool:
    spec = getattr(sys.modules.get(module), "__spec__", None)
    return bool(getattr(spec, "_initializing", False))


def _add(entry: EntryPoint) -> None:
    """Add the game of one entry point to :data:`GAMES`, or warn why it is skipped."""
    problem: str | None
    try:
        game = entry.load()
    except Exception as exc:
        problem = f"loading it raised {type(exc).__name__}: {exc}"
    else:
        problem = _problem(entry.name, game)
    if problem is not None:
        warnings.warn(
            f"picnic_rules skipped the game entry point {entry.name} = {entry.value!r}: {problem}",
            RuntimeWarning,
            stacklevel=2,
        )
        return
    dict.__setitem__(GAMES, game.name, game)


def _problem(name: str, game: object) -> str | None:
    """What keeps ``game``, loaded by the entry point ``name``, out of :data:`GAMES`."""
    if not isinstance(game, Game):
        return f"it is a {type(game).__name__}, not a picnic_rules.Game"
    if game.name != name:
        return f"it is the game {game.name!r}, so the entry point must be named so"
    known = dict.get(GAMES, name)
    if known is not None and known is not game:
        builtin = any(known is _builtin(module) for module in BUILTIN)
        return f"{'a built-in' if builtin else 'another'} game is named {name!r}"
    return None


def _builtin(module: str) -> AnyGame:
    game = importlib.import_module(module).GAME
    if not isinstance(game, Game):  # a mistake of the library itself: fail loudly
        raise TypeError(f"{module}.GAME is not a Game")
    return game


def _load_builtin(name: str) -> None:
    """Import the built-in game ``name`` into :data:`GAMES` (unless a game of that name was
    registered first); the caller holds :data:`_LOADING`."""
    module = _UNLOADED.get(name)
    if module is not None:
        game = _builtin(module)
        if not dict.__contains__(GAMES, game.name):
            dict.__setitem__(GAMES, game.name, game)
        del _UNLOADED[name]  # only once it is in GAMES: no thread sees it missing


def _reduce(game: AnyGame) -> tuple[Any, tuple[str]]:
    """Pickle a game as a reference to the registered game of its name (for worker
    processes): its functions are module-level code, so only the name needs to travel."""
    return get_game, (game.name,)


copyreg.pickle(Game, _reduce)


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
    definition: ``GAME = register(Game(...))``. An installed package adds its game
    through an entry point instead (see :data:`ENTRY_POINT_GROUP`).

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
