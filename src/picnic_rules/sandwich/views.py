"""What a seat may see (:func:`view`) and full states consistent with it (:func:`determinize`);
the figures a board shows of the table (:func:`figures`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, TypedDict

from ..game import ScoreLine
from ..kit.counts import subtract, total
from ..kit.visibility import Visibility
from .cards import Card, Counts, Sandwich
from .moves import Ant
from .predicates import (
    ant_may_steal,
    counting_sandwiches,
    covered_by_fly,
    is_finished,
    open_sandwiches,
)
from .state import State, View

__all__ = [
    "COUNTING",
    "SEEN",
    "PublicView",
    "determinize",
    "Figures",
    "Steal",
    "figures",
    "hidden_sizes",
    "public",
    "seated",
    "table_counts",
    "unseen",
    "view",
    "with_hidden",
]


def table_counts(table: Sequence[Sequence[Sandwich]]) -> list[int]:
    """How many cards of each kind lie on the table, indexed by :class:`Card`."""
    counts = [0] * len(Card)
    for sandwiches in table:
        for sandwich in sandwiches:
            for card in sandwich:
                counts[card] += 1
    return counts


def unseen(v: View) -> tuple[int, ...]:
    """The cards seat ``v.player`` cannot see (the other hands and the draw pile), as counts:
    the deck less its hand, the discard pile and the table."""
    return subtract(v.rules.deck, total([v.hand, v.discard_pile, tuple(table_counts(v.table))]))


def hidden_sizes(v: View) -> list[int]:
    """The sizes of the hands seat ``v.player`` cannot see, in seat order (its own left out)."""
    return [size for seat, size in enumerate(v.hand_sizes) if seat != v.player]


def seated(v: View, others: Sequence[Counts]) -> tuple[Counts, ...]:
    """Every seat's hand: ``others`` (in seat order) with seat ``v.player``'s own put in."""
    hands = list(others)
    hands.insert(v.player, v.hand)
    return tuple(hands)


SEEN = Visibility(State, View, unseen)
"""The hidden-information rule, from the declarations of :class:`State`'s fields: each seat
sees its own hand, the sizes of the others and of the draw pile, and the public part."""

view = SEEN.view
view.__doc__ = """What seat ``player`` may see: its own hand, the table and discard pile, and only
the sizes of the other hands and of the draw pile (the record's ``GAME.view``, the kit's gate,
refuses a seat the game does not have)."""


def determinize(v: View, rng: random.Random) -> State:
    """A full state consistent with view ``v``: the cards it cannot see are dealt at random
    (each unseen card equally likely) to the other hands, in the sizes the view shows, and
    the rest form the draw pile."""
    return SEEN.determinize(v, rng)


def with_hidden(v: View, hands: tuple[Counts, ...], draw_pile: Counts) -> State:
    """The state that shows view ``v``'s public part, with these hands and draw pile."""
    return SEEN.with_hidden(v, hands=hands, draw_pile=draw_pile)


PublicView = SEEN.public_class
PublicView.__module__ = __name__  # where pickle and the docs find it
"""What every seat sees alike (a spectator's table): each seat's hand size, the draw pile's size, the table and the discard pile; derived by the kit from the
declarations of :class:`State`'s fields (a ``View`` less its seat and its hand)."""

public = SEEN.public_of


class Steal(TypedDict):
    """A steal an ant could make: the move's ``notation``, the sandwich robbed (``[seat,
    index]``) and the thief's sandwich the card goes onto (its index)."""

    notation: str
    victim: list[int]
    onto: int


class Figures(TypedDict):
    """The numbers a board shows of the sandwich table (:func:`figures`)."""

    scores: list[int]
    """Each seat's counting sandwiches: its score."""
    finished: list[list[bool]]
    """For each seat's sandwiches in order, whether it is finished."""
    counts: list[list[bool]]
    """For each seat's sandwiches in order, whether it counts (finished, no fly on it)."""
    breakdown: list[list[ScoreLine]]
    """Each seat's score counted out: its finished sandwiches, less the one under the fly."""
    steals: list[Steal]
    """Every steal an ant of the seat whose turn it is could make on the table now."""
    counting: str
    """How the score is counted, in a sentence."""


COUNTING: Final = "Each finished sandwich counts 1, unless the fly is on it."
"""How a sandwich score is counted (the figures' ``"counting"``)."""


def _counted(table: Sequence[Sequence[Sandwich]], fly: Any, seat: int) -> list[ScoreLine]:
    """Seat ``seat``'s score counted out: its finished sandwiches, less the one the fly is on."""
    finished = sum(map(is_finished, table[seat]))
    noun = "sandwich" if finished == 1 else "sandwiches"
    lines: list[ScoreLine] = [{"what": f"{finished or 'no'} finished {noun}", "points": finished}]
    if any(
        is_finished(sandwich) and covered_by_fly(fly, seat, index)
        for index, sandwich in enumerate(table[seat])
    ):
        lines.append({"what": "less the finished sandwich under the fly", "points": -1})
    return lines


def _steals(table: Sequence[Sequence[Sandwich]], fly: Any, thief: int) -> list[Steal]:
    """Every steal an ant of ``thief`` could make: the top card of another seat's open
    sandwich onto an open one of its own that the card continues."""
    if not 0 <= thief < len(table):
        return []
    mine = open_sandwiches(table, fly, thief)
    return [
        {"notation": str(Ant(victim, index, onto)), "victim": [victim, index], "onto": onto}
        for victim in range(len(table))
        if victim != thief
        for index in open_sandwiches(table, fly, victim)
        for onto in mine
        if ant_may_steal(table[victim][index], table[thief][onto])
    ]


def figures(public: Any) -> Figures:
    """The numbers a board shows of the table (:attr:`Game.figures <picnic_rules.Game.figures>`):
    ``"scores"``, each seat's counting sandwiches (the scores); ``"finished"`` and
    ``"counts"``, for each seat's sandwiches in order, whether it is finished and whether
    it counts (finished, and the fly not on it); ``"breakdown"``, each seat's score counted
    out (its finished sandwiches, less the one under the fly), and ``"counting"`` how;
    ``"steals"``, the steals an ant of the seat whose turn it is could make (which sandwich
    it robs, which of its own the card goes onto: what a board offers after an ant).

    >>> from picnic_rules import GAMES
    >>> game = GAMES["sandwich"]
    >>> shown = figures(game.public_view(game.new_game(2)))
    >>> shown["scores"], shown["finished"], shown["counts"], shown["breakdown"][0]
    ([0, 0], [[], []], [[], []], [{'what': 'no finished sandwiches', 'points': 0}])
    """
    table, fly = public.table, public.fly
    return {
        "scores": [counting_sandwiches(table, fly, seat) for seat in range(len(table))],
        "breakdown": [_counted(table, fly, seat) for seat in range(len(table))],
        "steals": _steals(table, fly, public.turn),
        "counting": COUNTING,
        "finished": [[is_finished(sandwich) for sandwich in sandwiches] for sandwiches in table],
        "counts": [
            [
                is_finished(sandwich) and not covered_by_fly(fly, seat, index)
                for index, sandwich in enumerate(sandwiches)
            ]
            for seat, sandwiches in enumerate(table)
        ],
    }
