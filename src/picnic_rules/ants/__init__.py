"""Problem Picnic: Attack of the Ants, a dexterity game as rules.

Players toss ant dice at picnic cards; a toss is a chance node whose outcome
is a *landing* (:class:`Landing`): a front end at a real table reports the
real one, a video game its physics engine's, and bots draw landings from
the documented default :class:`TossModel`. ``apply`` validates any landing.

>>> import random
>>> from picnic_rules import ants, CHANCE
>>> state = ants.new_game(2)
>>> rng = random.Random(1)
>>> while ants.to_move(state) is CHANCE:
...     state = ants.apply(state, ants.sample_chance(state, rng))
>>> state = ants.apply(state, ants.parse_move(state, "toss worker at 4"))
>>> state = ants.apply(state, ants.parse_move(state, "land 3 on 4"))
>>> state.dice[0][1]
Die(spot=Spot.AREA, cards=(4,), face=3)

Every function here is pure; see :doc:`/ants` for the rules and the notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..agents.ismcts import game_agent
from ..kit import define_game
from . import moves
from .agent import ComputerAgent, card_value, search_agent
from .cards import (
    CARD_KINDS,
    DIE_KINDS,
    DIE_NAMES,
    Category,
    Colour,
    DieKind,
    Food,
    PicnicCard,
    RoundCard,
    ScoringCard,
    card_from_str,
)
from .checks import check
from .colony import card_cells, plates, visible
from .engine import (
    MAX_ROLLOFFS,
    REASONS,
    apply,
    apply_legal,
    area_cards,
    chance_outcomes,
    home_dice,
    is_over,
    legal_moves,
    legal_placements,
    max_chance_steps,
    max_moves,
    new_game,
    result,
    scores,
    to_move,
)
from .figures import figures
from .moves import *  # noqa: F403 -- the move classes and their notation, as moves.__all__ lists them
from .moves import Move
from .observations import Observation, observe, update
from .picture import colony_picture, render
from .rules import PLAYERS, Rules, layout, neighbours
from .scoring import award, majority_count, measure, score_table
from .spaces import action_space, chance_space, view_bounds
from .state import Die, Phase, Placed, PublicView, Spot, State, View
from .tensors import tensors
from .termination import remaining
from .toss import DEFAULT_TOSS_MODEL, TossModel, sample_chance, sample_landing, sampler
from .views import determinize, public, view
from .words import ABOUT, REASON_WORDS, describe, describe_public, move_group

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "ABOUT",
    "REASON_WORDS",
    "CARD_KINDS",
    "DEFAULT_TOSS_MODEL",
    "DIE_KINDS",
    "DIE_NAMES",
    "GAME",
    "MAX_ROLLOFFS",
    "PLAYERS",
    "REASONS",
    "VARIANTS",
    "Category",
    "Colour",
    "ComputerAgent",
    "Die",
    "DieKind",
    "Food",
    "Observation",
    "Phase",
    "PicnicCard",
    "Placed",
    "RoundCard",
    "Rules",
    "ScoringCard",
    "Spot",
    "State",
    "TossModel",
    "PublicView",
    "View",
    "action_space",
    "apply",
    "apply_as",
    "apply_legal",
    "area_cards",
    "award",
    "card_cells",
    "card_from_str",
    "card_value",
    "chance_outcomes",
    "chance_space",
    "check",
    "check_view",
    "colony_picture",
    "describe",
    "describe_public",
    "describe_move",
    "determinize",
    "figures",
    "home_dice",
    "is_over",
    "layout",
    "legal_moves",
    "legal_placements",
    "majority_count",
    "max_chance_steps",
    "max_moves",
    "measure",
    "move_group",
    "neighbours",
    "new_game",
    "observe",
    "parse_move",
    "plates",
    "random_move",
    "remaining",
    "render",
    "result",
    "sample_chance",
    "sample_landing",
    "sampler",
    "score_table",
    "scores",
    "to_move",
    "update",
    "public",
    "view",
    "tensors",
    "view_bounds",
    "visible",
]
__all__ += moves.__all__

VARIANTS: dict[str, Rules] = {
    "default": Rules(),
    "majority-only": Rules(majority_only=True),
    "short": Rules(round_cards_dealt=2, copies=2, two_ant_copies=1),
}
"""Named rule sets the invariant harness plays through (users may add their own)."""

GAME: Game[State, View, Move, Rules, Observation] = define_game(
    globals(),
    name="ants",
    title="Problem Picnic: Attack of the Ants (fan version)",
    agents={"computer": ComputerAgent, "ismcts": game_agent(search_agent)},
    chance="sampled",
)
"""The ants game's :class:`~picnic_rules.Game` record."""

parse_move = GAME.parse_move
"""Read a move in notation and check it is legal; at a chance node, a landing (or other
outcome) that ``apply`` validates (:func:`picnic_rules.kit.parse_move`)."""
check_view = GAME.check_view
"""Raise :class:`~picnic_rules.InvalidState` for a view no reachable state has."""
random_move = GAME.random_move
"""An arbitrary, probably illegal move, for tests (:func:`picnic_rules.kit.random_move`)."""
describe_move = GAME.describe_move
"""A sentence saying what a legal move of the seat to act would do, revealing nothing its view
hides (:func:`picnic_rules.kit.describe_move`)."""
apply_as = GAME.apply_as
"""The state after a seat's move, refusing a seat not to act (:meth:`picnic_rules.Game.apply_as`)."""
