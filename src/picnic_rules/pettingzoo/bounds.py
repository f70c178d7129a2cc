"""The most items each variable-length tuple of a game's view can hold, per players and rules.

The observation encoder (:mod:`picnic_rules.pettingzoo.observations`) gives every tuple of
the view this many slots. A path names a field (``piles``), an item of a tuple (``piles[]``)
or a field of a nested class (``state.dice[].cards``). The tests prove the bounds: in many
random games of every game no view holds more.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from ..errors import PicnicError
from ..game import AnyGame
from .spaces import ants_colony, first_decision, members

__all__ = ["bounds"]

_Sizes: TypeAlias = dict[str, int]


def _sandwich(game: AnyGame, players: int, rules: Any) -> _Sizes:
    parts = rules.bread + rules.peanut_butter + rules.jelly
    return {
        "hand": 5,
        "hand_sizes": players,
        "discard_pile": 5,
        "table": players,
        "table[]": max(rules.bread, 1),
        "table[][]": parts,
    }


def _insects(game: AnyGame, players: int, rules: Any) -> _Sizes:
    return {
        "hand": 18,
        "hand_sizes": players,
        "piles": 3 * (4 + rules.jokers),
        "piles[]": 4 * rules.insects + rules.jokers,
        "food": players,
        "captured": players,
        "scored": players,
        "scored[]": 18,
    }


def _poultry(game: AnyGame, players: int, rules: Any) -> _Sizes:
    kinds = len(rules.kinds)
    return {
        "hand": kinds,
        "hand_sizes": players,
        "discard": kinds,
        "played": players,
        "played[]": rules.cards_per_round[players - 2],
        "face_down": players,
        "stocks": players,
        "stocks[]": kinds,
        "yards": 6,
        "grain": players,
        "haggle.seats": players,
        "haggle.allotted": players,
        "duel.seats": players,
        "duel.values": players,
        "duel.rolls": players,
        "rolled": players,
    }


def _ants(game: AnyGame, players: int, rules: Any) -> _Sizes:
    start = game.new_game(players, rules)
    positions = len(start.area)
    colony = ants_colony(game, players, rules)
    round_cards = len(rules.round_cards)
    every_round_card = len(members(game.State, "held"))
    scoring_cards = len(members(game.State, "scoring"))
    return {
        "state.area": positions,
        "state.deck": len(rules.deck),
        "state.dice": players,
        "state.dice[]": len(start.dice[0]),
        "state.dice[][].cards": 2,
        "state.colonies": players,
        "state.colonies[]": colony,
        "state.won": players,
        "state.won[]": positions,
        "state.set_aside": players,
        "state.set_aside[]": colony,
        "state.held": players,
        "state.held[]": round_cards,
        "state.used": round_cards,
        "state.scoring": scoring_cards,
        "state.rewards": scoring_cards,
        "state.majority": len(first_decision(game, players, rules).majority),
        "state.honey": every_round_card,
        "state.tied": players,
    }


_BOUNDS: dict[str, Callable[[AnyGame, int, Any], _Sizes]] = {
    "sandwich": _sandwich,
    "insects": _insects,
    "poultry": _poultry,
    "ants": _ants,
}


def bounds(game: AnyGame, players: int, rules: object) -> dict[str, int]:
    """The bound of every variable-length tuple of ``game``'s views, by path."""
    sizes = _BOUNDS.get(game.name)
    if sizes is None:
        raise PicnicError(f"no observation bounds are declared for the game {game.name!r}")
    game.check_players(players)
    return sizes(game, players, rules)
