"""The poultry game (Pick Picknic / Hick Hack in Gackelwack), for 2 to 6 players.

Every round each seat commits cards face down; then the six farmyards resolve
left to right: lone birds eat the grain, crowded birds haggle or duel with the
die, foxes catch the poultry. Most grain and captured poultry points win.

>>> from picnic_rules import poultry, CHANCE
>>> state = poultry.new_game(3)
>>> poultry.to_move(state) is CHANCE
True
>>> state = poultry.apply(state, poultry.parse_move(state, "draw duck 6"))
>>> poultry.view(state, 0).hand_sizes
(1, 0, 0)

Every function here is pure; see :doc:`/poultry` for the rules and the notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..agents.ismcts import game_agent
from ..kit import define_game
from . import moves
from .agent import ComputerAgent, duel_chance, search_agent
from .cards import COLOURS, GRAINS, YARDS, Card, Colour, Counts, Grain, GrainCounts
from .checks import check
from .engine import (
    apply,
    chance_outcomes,
    commit_options,
    is_over,
    legal_moves,
    new_game,
    sample_chance,
    stake,
    to_move,
)
from .moves import *  # noqa: F403 -- the move classes and their notation, as moves.__all__ lists them
from .moves import Move
from .notation import MAX_NOTATION, NOTATION, card_from_str
from .observations import Observation, observe, update
from .picture import render
from .predicates import (
    birds_at,
    duel_leaders,
    fleeing,
    flees,
    foxes_at,
    is_last_round,
    legal_pair,
    settle_by_card,
)
from .rules import PLAYERS, Rules
from .scoring import GRAIN_OUT, REASONS, figures, result, score
from .spaces import action_space, chance_space, view_bounds
from .state import Duel, Haggle, Phase, Public, PublicView, State, View
from .tensors import tensors
from .termination import max_chance_steps, max_moves, remaining
from .views import determinize, public, view
from .words import ABOUT, REASON_WORDS, describe, describe_move, describe_public, move_group

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "ABOUT",
    "REASON_WORDS",
    "COLOURS",
    "GAME",
    "GRAINS",
    "GRAIN_OUT",
    "MAX_NOTATION",
    "NOTATION",
    "PLAYERS",
    "REASONS",
    "VARIANTS",
    "YARDS",
    "Card",
    "Colour",
    "ComputerAgent",
    "Counts",
    "Duel",
    "Grain",
    "GrainCounts",
    "Haggle",
    "Observation",
    "Phase",
    "Public",
    "PublicView",
    "Rules",
    "State",
    "View",
    "action_space",
    "apply",
    "apply_as",
    "apply_legal",
    "birds_at",
    "card_from_str",
    "chance_outcomes",
    "chance_space",
    "check",
    "check_view",
    "commit_options",
    "describe",
    "describe_public",
    "describe_move",
    "determinize",
    "duel_chance",
    "duel_leaders",
    "figures",
    "fleeing",
    "flees",
    "foxes_at",
    "is_last_round",
    "is_over",
    "legal_moves",
    "legal_pair",
    "max_chance_steps",
    "max_moves",
    "move_group",
    "new_game",
    "observe",
    "parse_move",
    "random_move",
    "remaining",
    "render",
    "result",
    "sample_chance",
    "score",
    "settle_by_card",
    "stake",
    "to_move",
    "update",
    "public",
    "view",
    "tensors",
    "view_bounds",
]
__all__ += moves.__all__

VARIANTS: dict[str, Rules] = {
    "default": Rules(),
    "no-haggling": Rules(haggling=False),
    "short": Rules(green_grain=6, blue_grain=4, yellow_grain=2),
    "small-deck": Rules(poultry=(3, 5, -2), foxes=(4,), hand_sizes=(4, 4, 3, 3, 3)),
    "tight-deck": Rules(
        poultry=(3, 0, -1), foxes=(4,), hand_sizes=(3, 3, 3, 3, 3), cards_per_round=(2, 2, 2, 1, 1)
    ),
}
"""Named rule sets the invariant harness plays through (users may add their own).

``tight-deck`` (24 cards, a 0 and a -1 bird, two cards a round up to four players) runs the
hands dry: seats commit one card of two, hold nothing, and birds of value 0 meet -1s."""

GAME: Game[State, View, Move, Rules, Observation] = define_game(
    globals(),
    name="poultry",
    title="Pick Picknic (Hick Hack in Gackelwack)",
    agents={"computer": ComputerAgent, "ismcts": game_agent(search_agent)},
    face_down_moves=True,
)
"""The poultry game's :class:`~picnic_rules.Game` record."""

parse_move = GAME.parse_move
"""Read a move in notation and check it is legal (:func:`picnic_rules.kit.parse_move`)."""
check_view = GAME.check_view
"""Raise :class:`~picnic_rules.InvalidState` for a view no reachable state has
(:func:`picnic_rules.kit.check_view`)."""
random_move = GAME.random_move
"""An arbitrary, probably illegal move, for tests (:func:`picnic_rules.kit.random_move`)."""
apply_legal = apply
"""``apply`` itself: the game has no unchecked ``apply`` of legal moves of its own
(:attr:`picnic_rules.Game.apply_legal`)."""
apply_as = GAME.apply_as
"""The state after a seat's move, refusing a seat not to act (:meth:`picnic_rules.Game.apply_as`)."""
