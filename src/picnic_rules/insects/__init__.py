"""The insects game (Picknick Panik, YUNGAMES 2003): 2 to 6 players steal each other's food.

Play insects onto piles; two or more on one pile attack the next player, who
defends with weapons, continues the attack, or gives up a food card to the
attacker. Most points wins: 2 per insect, 10 per food, -1 per weapon used.

>>> from picnic_rules import insects, CHANCE
>>> state = insects.new_game(2)
>>> insects.to_move(state) is CHANCE
True
>>> state = insects.apply(state, insects.parse_move(state, "draw red fly"))
>>> state.hands[0][insects.Card.RED_FLY]
1

Every function here is pure; see :doc:`/insects` for the rules and the notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..agents.ismcts import game_agent
from ..kit import define_game
from .agent import ComputerAgent, search_agent
from .cards import (
    CARDS,
    COLOURS,
    INSECTS,
    KINDS,
    WEAPONS,
    Card,
    Colour,
    Counts,
    Insect,
    Pile,
    colour_of,
    insect_card,
    insect_of,
    is_joker,
    is_weapon,
    weapon_for,
)
from .checks import check
from .engine import (
    REASONS,
    apply,
    apply_legal,
    chance_outcomes,
    is_over,
    legal_moves,
    new_game,
    result,
    sample_chance,
    scores,
    to_move,
)
from .figures import figures
from .moves import (
    MAX_NOTATION,
    MAX_NUMBER,
    MOVE_TYPES,
    NOTATION,
    Buy,
    Defend,
    Draw,
    GiveUp,
    Move,
    Play,
    Swat,
    move_from_str,
)
from .notation import parse_move
from .observations import Observation, observe, update
from .picture import render
from .predicates import (
    attacking_pile,
    continuation_is_big_enough,
    defence_weapons,
    has_normal_play,
    is_attacking,
    may_buy,
    may_start_pile,
    may_swat,
    next_with_food,
    normal_play_shape_allowed,
    pile_colour,
    play_may_join,
    score,
    seats_with_food,
)
from .rules import MAX_CARDS, MAX_FOOD, MAX_HAND, PLAYERS, Rules
from .spaces import action_space, chance_space, view_bounds
from .state import Phase, State, Table, View
from .tensors import tensors
from .termination import max_chance_steps, max_moves, remaining
from .views import PublicView, determinize, public, view
from .words import ABOUT, REASON_WORDS, describe, describe_move, describe_public, move_group

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "ABOUT",
    "REASON_WORDS",
    "CARDS",
    "COLOURS",
    "GAME",
    "INSECTS",
    "KINDS",
    "MAX_CARDS",
    "MAX_FOOD",
    "MAX_HAND",
    "MAX_NOTATION",
    "MAX_NUMBER",
    "MOVE_TYPES",
    "NOTATION",
    "PLAYERS",
    "REASONS",
    "VARIANTS",
    "WEAPONS",
    "Buy",
    "Card",
    "Colour",
    "ComputerAgent",
    "Counts",
    "Defend",
    "Draw",
    "GiveUp",
    "Insect",
    "Move",
    "Observation",
    "Phase",
    "Pile",
    "Play",
    "Rules",
    "State",
    "Swat",
    "Table",
    "PublicView",
    "View",
    "action_space",
    "apply",
    "apply_as",
    "apply_legal",
    "attacking_pile",
    "chance_outcomes",
    "chance_space",
    "check",
    "check_view",
    "colour_of",
    "continuation_is_big_enough",
    "defence_weapons",
    "describe",
    "describe_public",
    "describe_move",
    "determinize",
    "figures",
    "has_normal_play",
    "insect_card",
    "insect_of",
    "is_attacking",
    "is_joker",
    "is_over",
    "is_weapon",
    "legal_moves",
    "max_chance_steps",
    "max_moves",
    "may_buy",
    "may_start_pile",
    "may_swat",
    "move_from_str",
    "move_group",
    "new_game",
    "next_with_food",
    "normal_play_shape_allowed",
    "observe",
    "parse_move",
    "pile_colour",
    "play_may_join",
    "random_move",
    "remaining",
    "render",
    "result",
    "sample_chance",
    "score",
    "scores",
    "seats_with_food",
    "to_move",
    "update",
    "public",
    "view",
    "tensors",
    "view_bounds",
    "weapon_for",
]

VARIANTS: dict[str, Rules] = {
    "default": Rules(),
    "draw-one": Rules(draw_one=True),
    "draw-two": Rules(draw_two=True),
    "buy": Rules(buy=True),
    "match-count": Rules(match_count=True),
    "joker-colour": Rules(joker_colour=True),
    "official": Rules(draw_one=True, draw_two=True, buy=True, match_count=True, joker_colour=True),
    "small-deck": Rules(insects=2, jokers=1, weapons=3, hand_size=3),
}
"""Named rule sets the invariant harness plays through: each official-variant option alone,
all of them together, and a small deck (users may add their own)."""

GAME: Game[State, View, Move, Rules, Observation] = define_game(
    globals(),
    name="insects",
    title="Picknick Panik (insects)",
    agents={"computer": ComputerAgent, "ismcts": game_agent(search_agent)},
)
"""The insects game's :class:`~picnic_rules.Game` record."""

check_view = GAME.check_view
"""Raise :class:`~picnic_rules.InvalidState` for a view no reachable state has
(:func:`picnic_rules.kit.check_view`)."""
random_move = GAME.random_move
"""An arbitrary, probably illegal move, for tests (:func:`picnic_rules.kit.random_move`)."""
apply_as = GAME.apply_as
"""The state after a seat's move, refusing a seat not to act (:meth:`picnic_rules.Game.apply_as`)."""
