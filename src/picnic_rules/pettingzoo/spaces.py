"""A game's action-space tier, as the environments take it from its :class:`~picnic_rules.Game`
record: its fixed action space, its chance space and its view bounds, per players and rules.

Each game declares them (the built-in games in their ``spaces.py``) or gets the kit's
defaults (:mod:`picnic_rules.kit.spaces`); this module reads them from the record, checks
what they give and adds the action mask (:class:`~picnic_rules.pettingzoo.actions.ActionSpace`).
The invariant harness proves the spaces complete (check ``spaces``: every move a game
lists, and every chance outcome, has an index and back) and the bounds (check
``view-bounds``) at every step of every game it plays.

>>> from picnic_rules import GAMES
>>> space = player_space(GAMES["sandwich"], 2, GAMES["sandwich"].Rules())
>>> len(space), space.move(0), space.index(space.move(len(space) - 1)) == len(space) - 1
(601, Play(card=Card.BREAD, onto=None), True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import PicnicError, kind_of
from ..game import AnyGame
from ..kit.spaces import ActionSpace as Numbered
from ..registry import GAMES
from .actions import ActionSpace

__all__ = ["chance_space", "has_spaces", "player_space", "supported", "view_bounds"]


def has_spaces(game: AnyGame) -> bool:
    """Whether ``game`` has what an environment needs: an action space, view bounds and,
    unless its chance is sampled, a chance space."""
    return (
        game.action_space is not None
        and game.view_bounds is not None
        and (game.chance == "sampled" or game.chance_space is not None)
    )


def supported() -> tuple[str, ...]:
    """The names of the games that have an environment (:func:`has_spaces`): every game of
    :data:`~picnic_rules.GAMES` that declares its spaces or gets the kit's."""
    return tuple(name for name, game in GAMES.items() if has_spaces(game))


def _part(game: AnyGame, name: str, players: int, rules: object) -> Any:
    """The tier function ``name`` of ``game``, called; :class:`~picnic_rules.PicnicError`
    for a game without it."""
    part = getattr(game, name)
    if part is None:
        raise PicnicError(
            f"the game {game.name!r} has no {name.replace('_', ' ')}: it declares none, "
            "and the kit derives none from its notation and views"
        )
    game.check_players(players)
    return part(players, rules)


def _space(game: AnyGame, name: str, found: object) -> ActionSpace:
    if not isinstance(found, Numbered):
        raise PicnicError(f"{game.name}'s {name} gave {kind_of(found)}, not an ActionSpace")
    return ActionSpace.of(found)


def player_space(game: AnyGame, players: int, rules: object) -> ActionSpace:
    """Every move a seat of ``game`` can ever list with ``players`` seats and ``rules``."""
    return _space(game, "action_space", _part(game, "action_space", players, rules))


def chance_space(game: AnyGame, players: int, rules: object) -> ActionSpace | None:
    """Every chance outcome ``game`` can ever list, or ``None`` for a game whose chance is
    sampled (its outcomes cannot be listed)."""
    if game.chance == "sampled":
        return None
    return _space(game, "chance_space", _part(game, "chance_space", players, rules))


def view_bounds(game: AnyGame, players: int, rules: object) -> dict[str, int]:
    """The bound of every variable-length tuple of ``game``'s views, by path."""
    found = _part(game, "view_bounds", players, rules)
    if not isinstance(found, Mapping) or not all(
        type(key) is str and type(n) is int and n >= 0 for key, n in found.items()
    ):
        raise PicnicError(f"{game.name}'s view_bounds gave {kind_of(found)}, not paths to counts")
    return dict(found)
