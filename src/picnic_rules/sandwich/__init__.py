"""The peanut-butter-and-jelly sandwich card game (a fan version of Fundex's).

Be the first to build three sandwiches: bread, peanut butter and jelly, bread.
Ants steal the top card of an unfinished sandwich, the fly spoils one sandwich
until a later fly moves it.

>>> from picnic_rules import sandwich, CHANCE
>>> state = sandwich.new_game(2)
>>> sandwich.to_move(state) is CHANCE
True
>>> state = sandwich.apply(state, sandwich.parse_move(state, "draw bread"))
>>> state.hands[0]
(1, 0, 0, 0, 0)

Every function here is pure; see :doc:`/sandwich` for the rules and the notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..agents.ismcts import game_agent
from ..kit import define_game
from .agent import ComputerAgent, evaluate, search_agent
from .cards import CARDS, SPREADS, Card, Counts, Sandwich, card_from_str
from .checks import check
from .engine import (
    REASONS,
    apply,
    apply_legal,
    chance_outcomes,
    is_over,
    legal_moves,
    max_chance_steps,
    max_moves,
    must_discard,
    new_game,
    remaining,
    result,
    sample_chance,
    to_move,
)
from .moves import (
    MAX_NOTATION,
    MAX_NUMBER,
    MOVE_TYPES,
    NOTATION,
    Ant,
    Discard,
    Draw,
    End,
    Fly,
    Move,
    Play,
    move_from_str,
)
from .observations import Observation, observe, update
from .picture import render
from .predicates import (
    ant_may_steal,
    bread_may_close,
    continues,
    counting_sandwiches,
    covered_by_fly,
    fly_may_land,
    has_won,
    is_finished,
    is_open,
    is_stuck,
    may_start_new_sandwich,
    open_sandwiches,
    spread_may_sit_on,
    starts_a_sandwich,
)
from .rules import PLAYERS, Rules
from .spaces import action_space, chance_space, view_bounds
from .state import Phase, SandwichId, State, View
from .tensors import tensors
from .views import PublicView, determinize, figures, public, view
from .words import ABOUT, REASON_WORDS, SCORE_WORD, describe, describe_public, move_group

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "ABOUT",
    "REASON_WORDS",
    "SCORE_WORD",
    "CARDS",
    "MAX_NOTATION",
    "MAX_NUMBER",
    "MOVE_TYPES",
    "NOTATION",
    "PLAYERS",
    "GAME",
    "REASONS",
    "SPREADS",
    "VARIANTS",
    "Ant",
    "Card",
    "ComputerAgent",
    "Counts",
    "Discard",
    "Draw",
    "End",
    "Fly",
    "Move",
    "Observation",
    "Phase",
    "Play",
    "Rules",
    "Sandwich",
    "SandwichId",
    "State",
    "PublicView",
    "View",
    "action_space",
    "ant_may_steal",
    "apply",
    "apply_as",
    "apply_legal",
    "bread_may_close",
    "card_from_str",
    "chance_outcomes",
    "chance_space",
    "check",
    "check_view",
    "continues",
    "counting_sandwiches",
    "covered_by_fly",
    "describe",
    "describe_public",
    "describe_move",
    "determinize",
    "figures",
    "evaluate",
    "fly_may_land",
    "has_won",
    "is_finished",
    "is_open",
    "is_over",
    "is_stuck",
    "legal_moves",
    "max_chance_steps",
    "max_moves",
    "may_start_new_sandwich",
    "move_from_str",
    "move_group",
    "must_discard",
    "new_game",
    "observe",
    "open_sandwiches",
    "parse_move",
    "random_move",
    "remaining",
    "render",
    "result",
    "sample_chance",
    "spread_may_sit_on",
    "starts_a_sandwich",
    "to_move",
    "update",
    "public",
    "view",
    "tensors",
    "view_bounds",
]

VARIANTS: dict[str, Rules] = {
    "default": Rules(),
    "second-player-starts": Rules(first_player=1),
    "small-deck": Rules(bread=8, peanut_butter=5, jelly=5, ants=3, flies=2),
    "ant-swarm": Rules(ants=20, flies=10, hand_size=4),
    "short-limit": Rules(action_limit=12, sandwiches_to_win=2),
    "no-bread": Rules(bread=0),
}
"""Named rule sets the invariant harness plays through (users may add their own)."""

GAME: Game[State, View, Move, Rules, Observation] = define_game(
    globals(),
    name="sandwich",
    title="Peanut Butter & Jelly (fan version)",
    agents={"computer": ComputerAgent, "ismcts": game_agent(search_agent)},
)
"""The sandwich game's :class:`~picnic_rules.Game` record."""

parse_move = GAME.parse_move
"""Read a move in notation and check it is legal (:func:`picnic_rules.kit.parse_move`)."""
check_view = GAME.check_view
"""Raise :class:`~picnic_rules.InvalidState` for a view no reachable state has
(:func:`picnic_rules.kit.check_view`)."""
random_move = GAME.random_move
"""An arbitrary, probably illegal move, for tests (:func:`picnic_rules.kit.random_move`)."""
describe_move = GAME.describe_move
"""A sentence saying what a legal move of the seat to act would do, revealing nothing its view
hides (:func:`picnic_rules.kit.describe_move`)."""
apply_as = GAME.apply_as
"""The state after a seat's move, refusing a seat not to act (:meth:`picnic_rules.Game.apply_as`)."""
