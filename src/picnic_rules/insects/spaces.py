"""The insects game's action-space tier: every move it can ever list, numbered, and the
bounds of its views (:mod:`picnic_rules.kit.spaces`).

* Moves: ``Play`` of 1 .. ``insects`` cards of one colour with 0 .. ``jokers`` jokers, or
  1 .. ``jokers`` jokers alone, onto a new pile or pile ``0 .. 3 * (4 + jokers) - 1``
  (outside an attack every pile is one card, and a new pile needs a colour no pile of its
  insect shows, or a lone joker), ``Swat`` of those piles, ``Defend`` with 1 .. as many
  weapons as a pile can need, ``GiveUp``, ``Buy``.
* Chance: ``Draw`` of each card.
* Views: a hand and a score pile are counts of the 18 kinds; a pile holds at most every
  card of its insect.

>>> len(action_space(2, Rules())), len(chance_space(2, Rules()))
(4935, 18)
"""

from __future__ import annotations

from ..kit.spaces import ActionSpace, Family, upto
from .cards import CARDS, COLOURS, INSECTS, KINDS
from .moves import Buy, Defend, Draw, GiveUp, Play, Swat
from .rules import Rules

__all__ = ["action_space", "chance_space", "view_bounds"]


def _piles(rules: Rules) -> int:
    """The most piles on the table: one per colour of each insect, and one per joker."""
    return len(INSECTS) * (len(COLOURS) + rules.jokers)


def _pile(rules: Rules) -> int:
    """The most cards in one pile: every card of its insect, jokers included."""
    return len(COLOURS) * rules.insects + rules.jokers


def action_space(players: int, rules: Rules) -> ActionSpace:
    """Every move a seat can ever list with ``players`` seats and ``rules``."""
    piles = tuple(range(_piles(rules)))
    onto = (None, *piles)
    most_needed = min(rules.weapons, _pile(rules) - 1)
    return ActionSpace(
        (
            Family(
                Play,
                (
                    ("insect", INSECTS),
                    ("colour", COLOURS),
                    ("count", upto(rules.insects, 1)),
                    ("jokers", upto(rules.jokers)),
                    ("onto", onto),
                ),
            ),
            Family(
                Play,
                (
                    ("insect", INSECTS),
                    ("colour", (None,)),
                    ("count", (0,)),
                    ("jokers", upto(rules.jokers, 1)),
                    ("onto", onto),
                ),
            ),
            Family(Swat, (("pile", piles),)),
            Family(Defend, (("weapons", upto(most_needed, 1)),)),
            Family(GiveUp, ()),
            Family(Buy, (("captured", (False, True)),)),
        )
    )


def chance_space(players: int, rules: Rules) -> ActionSpace:
    """Every chance outcome: a card of each kind drawn."""
    return ActionSpace((Family(Draw, (("card", CARDS),)),))


def view_bounds(players: int, rules: Rules) -> dict[str, int]:
    """The most items each variable-length tuple of a view holds."""
    return {
        "hand": KINDS,
        "hand_sizes": players,
        "piles": _piles(rules),
        "piles[]": _pile(rules),
        "food": players,
        "captured": players,
        "scored": players,
        "scored[]": KINDS,
    }
