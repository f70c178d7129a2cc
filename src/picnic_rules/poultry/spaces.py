"""The poultry game's action-space tier: every move it can ever list, numbered, and the
bounds of its views (:mod:`picnic_rules.kit.spaces`).

* Moves: ``Commit`` of every multiset of 0 .. ``rules.per_round(players)`` card kinds,
  ``Allot`` of each grain to each seat, ``NoDeal``, ``Accept``, ``Reject``.
* Chance: ``Draw`` of each card kind, ``Supply`` of each grain, ``Reveal``, ``Resolve``
  at each yard and ``Roll`` of each face of the die.
* Views: a hand, the discards and a stock are counts of the card kinds; each seat plays
  at most ``per_round`` cards a round.

>>> len(action_space(2, Rules())), len(action_space(4, Rules())), len(chance_space(2, Rules()))
(1234, 64, 64)
"""

from __future__ import annotations

import itertools

from ..kit.spaces import ActionSpace, Family, upto
from .cards import COLOURS, GRAINS, YARDS
from .moves import Accept, Allot, Commit, Draw, NoDeal, Reject, Resolve, Reveal, Roll, Supply
from .predicates import DIE
from .rules import Rules

__all__ = ["action_space", "chance_space", "view_bounds"]


def action_space(players: int, rules: Rules) -> ActionSpace:
    """Every move a seat can ever list with ``players`` seats and ``rules``."""
    commits = tuple(
        Commit(cards).cards  # in the order Commit keeps its cards
        for size in range(rules.per_round(players) + 1)
        for cards in itertools.combinations_with_replacement(rules.kinds, size)
    )
    return ActionSpace(
        (
            Family(Commit, (("cards", commits),)),
            Family(Allot, (("grain", GRAINS), ("seat", tuple(range(players))))),
            Family(NoDeal, ()),
            Family(Accept, ()),
            Family(Reject, ()),
        )
    )


def chance_space(players: int, rules: Rules) -> ActionSpace:
    """Every chance outcome: a card kind drawn, a grain supplied, a reveal, a yard
    resolved, a face of the die rolled."""
    return ActionSpace(
        (
            Family(Draw, (("card", rules.kinds),)),
            Family(Supply, (("grain", GRAINS),)),
            Family(Reveal, ()),
            Family(Resolve, (("yard", COLOURS),)),
            Family(Roll, (("value", upto(DIE, 1)),)),
        )
    )


def view_bounds(players: int, rules: Rules) -> dict[str, int]:
    """The most items each variable-length tuple of a view holds."""
    kinds = len(rules.kinds)
    return {
        "hand": kinds,
        "hand_sizes": players,
        "discard": kinds,
        "played": players,
        "played[]": rules.per_round(players),
        "face_down": players,
        "stocks": players,
        "stocks[]": kinds,
        "yards": YARDS,
        "grain": players,
        "haggle.seats": players,
        "haggle.allotted": players,
        "duel.seats": players,
        "duel.values": players,
        "duel.rolls": players,
        "rolled": players,
    }
