"""The ants game's action-space tier: every move it can ever list, numbered, and the bounds
of its views (:mod:`picnic_rules.kit.spaces`).

* Moves: ``Toss`` of each die kind at each position, ``Keep``, ``Retoss``, ``Settle``,
  every ``Play`` of a Round card with its targets, and ``Place`` of each card kind with
  its plate within ``n + 1`` cells of the first plate, where ``n`` is the most cards one
  colony can hold (:func:`most_colony_cards`; each plate lies on an ant of a placed card,
  one cell from its plate, and the one Planner placement lies at most three cells away).
* Chance: none listed -- a landing cannot be listed, so chance is sampled.
* Views: the whole state; a colony holds at most ``n`` cards.

>>> len(action_space(2, Rules())), chance_space(2, Rules())
(571719, None)
"""

from __future__ import annotations

from ..kit.spaces import ActionSpace, Family, first_decision
from .cards import CARD_KINDS, DieKind, RoundCard, ScoringCard
from .engine import apply, new_game, to_move
from .moves import Keep, Place, Play, Retoss, Settle, Toss
from .rules import Rules
from .state import State
from .toss import sample_chance

__all__ = ["action_space", "chance_space", "most_colony_cards", "view_bounds"]

_NONE = (-1,)
"""The value of a Round card's target it does not take."""


def _set_up(players: int, rules: Rules) -> State:
    """The first position where a seat acts: the set-up's chance played with
    ``random.Random(0)``."""
    return first_decision(new_game(players, rules), to_move, apply, sample_chance)


def most_colony_cards(players: int, rules: Rules) -> int:
    """The most cards one colony can hold: the deck, or every card the area shows in every
    round, if fewer."""
    area = _set_up(players, rules).area
    return int(min(sum(rules.deck), rules.rounds * sum(card is not None for card in area)))


def _play(card: RoundCard, seat: tuple[int, ...], die: tuple[int, ...],
          position: tuple[int, ...]) -> Family:  # fmt: skip
    """The plays of Round card ``card`` with every target given."""
    return Family(Play, (("card", (card,)), ("seat", seat), ("die", die), ("position", position)))


def action_space(players: int, rules: Rules) -> ActionSpace:
    """Every move a seat can ever list with ``players`` seats and ``rules``."""
    start = new_game(players, rules)
    positions = tuple(range(len(start.area)))
    dice = tuple(range(len(start.dice[0])))
    colony = most_colony_cards(players, rules)
    reach = tuple(range(-(colony + 1), colony + 2))
    return ActionSpace(
        (
            Family(Toss, (("die", tuple(DieKind)), ("target", positions))),
            Family(Keep, ()),
            Family(Retoss, (("target", positions),)),
            Family(Settle, (("die", dice), ("card", positions))),
            _play(RoundCard.SECOND_WIND, _NONE, dice, _NONE),
            _play(RoundCard.STOMP, tuple(range(players)), dice, _NONE),
            _play(RoundCard.HONEY, _NONE, _NONE, positions),
            _play(RoundCard.RE_TOSS, _NONE, _NONE, positions),
            _play(RoundCard.DOUBLE_TIME, _NONE, _NONE, _NONE),
            _play(RoundCard.SCOUT_AHEAD, _NONE, dice, positions),
            _play(RoundCard.HEAD_START, _NONE, _NONE, _NONE),
            Family(
                Place,
                (
                    ("card", CARD_KINDS),
                    ("x", reach),
                    ("y", reach),
                    ("turn", (0, 1, 2, 3)),
                    ("planner", (False, True)),
                ),
            ),
        )
    )


def chance_space(players: int, rules: Rules) -> None:
    """None: the game's chance is sampled (a landing cannot be listed)."""
    return None


def view_bounds(players: int, rules: Rules) -> dict[str, int]:
    """The most items each variable-length tuple of a view (the whole state) holds."""
    start = new_game(players, rules)
    positions = len(start.area)
    colony = most_colony_cards(players, rules)
    round_cards = len(rules.round_cards)
    return {
        "state.area": positions,
        "state.deck": len(rules.deck),
        "state.dice": players,
        "state.dice[]": len(start.dice[0]),
        "state.dice[][].cards": 2,  # a die touches at most two cards
        "state.colonies": players,
        "state.colonies[]": colony,
        "state.won": players,
        "state.won[]": positions,
        "state.set_aside": players,
        "state.set_aside[]": colony,
        "state.held": players,
        "state.held[]": round_cards,
        "state.used": round_cards,
        "state.scoring": len(ScoringCard),
        "state.rewards": len(ScoringCard),
        "state.majority": len(_set_up(players, rules).majority),
        "state.honey": len(RoundCard),
        "state.tied": players,
    }
