"""The sandwich game's action-space tier: every move it can ever list, numbered, and the
bounds of its views (:mod:`picnic_rules.kit.spaces`).

* Moves: ``Play`` of a bread or a spread onto a new sandwich or sandwich ``0 .. bread -
  1`` (every sandwich holds a bread, so a seat never has more sandwiches than the deck has
  breads), ``Ant`` and ``Fly`` at every seat's sandwiches, ``Discard`` of each card,
  ``End``.
* Chance: ``Draw`` of each card.
* Views: a hand and the discard pile are counts of the five kinds; the table holds each
  seat's sandwiches, at most one per bread, each of at most every part of the deck.

>>> space = action_space(2, Rules())
>>> len(space), space.move(0), space.index(End())
(601, Play(card=Card.BREAD, onto=None), 600)
"""

from __future__ import annotations

from ..kit.spaces import ActionSpace, Family
from .cards import CARDS
from .moves import Ant, Discard, Draw, End, Fly, Play
from .rules import Rules

__all__ = ["action_space", "chance_space", "view_bounds"]


def _sandwiches(rules: Rules) -> tuple[int, ...]:
    """The numbers a seat's sandwiches can have: one per bread (one, with none)."""
    return tuple(range(max(rules.bread, 1)))


def action_space(players: int, rules: Rules) -> ActionSpace:
    """Every move a seat can ever list with ``players`` seats and ``rules``."""
    parts = tuple(card for card in CARDS if card.is_part)
    sandwiches = _sandwiches(rules)
    seats = tuple(range(players))
    return ActionSpace(
        (
            Family(Play, (("card", parts), ("onto", (None, *sandwiches)))),
            Family(Ant, (("seat", seats), ("sandwich", sandwiches), ("onto", sandwiches))),
            Family(Fly, (("seat", seats), ("sandwich", sandwiches))),
            Family(Discard, (("card", CARDS),)),
            Family(End, ()),
        )
    )


def chance_space(players: int, rules: Rules) -> ActionSpace:
    """Every chance outcome: a card of each kind drawn."""
    return ActionSpace((Family(Draw, (("card", CARDS),)),))


def view_bounds(players: int, rules: Rules) -> dict[str, int]:
    """The most items each variable-length tuple of a view holds."""
    return {
        "hand": len(CARDS),
        "hand_sizes": players,
        "discard_pile": len(CARDS),
        "table": players,
        "table[]": len(_sandwiches(rules)),
        "table[][]": rules.bread + rules.peanut_butter + rules.jelly,
    }
