"""The rules of the sandwich game as named predicates, each the rulebook sentence it implements.

The engine (:mod:`picnic_rules.sandwich.engine`) is built from these; a reader
looking for a rule finds it here by its name. The move generator, the
hottest code of a playout, inlines a few of them; each copy is marked with
its rule's name, and a test compares the generator with one written from the
named rules alone.

>>> from picnic_rules.sandwich import Card
>>> B, PB, J = Card.BREAD, Card.PEANUT_BUTTER, Card.JELLY
>>> is_finished((B, PB, J, B)), continues(J, (B, PB)), continues(B, (B, PB))
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SPREADS, Card, Counts, Sandwich
from .rules import Rules
from .state import SandwichId

__all__ = [
    "ant_may_steal",
    "bread_may_close",
    "continues",
    "counting_sandwiches",
    "covered_by_fly",
    "fly_may_land",
    "has_won",
    "is_finished",
    "is_open",
    "is_stuck",
    "may_start_new_sandwich",
    "open_sandwiches",
    "spread_may_sit_on",
    "starts_a_sandwich",
]

BREAD, PEANUT_BUTTER, JELLY, ANT, FLY = Card


def is_finished(sandwich: Sandwich) -> bool:
    """A sandwich is finished once closing bread sits on top (it has two breads)."""
    return len(sandwich) > 1 and sandwich[-1] is BREAD


def covered_by_fly(fly: SandwichId | None, seat: int, index: int) -> bool:
    """Whether the fly token sits on sandwich ``seat.index``: nothing may be added to it or taken."""
    return fly is not None and fly[0] == seat and fly[1] == index


def is_open(sandwich: Sandwich, fly: SandwichId | None, seat: int, index: int) -> bool:
    """Cards go onto (and ants take from) only a sandwich that is unfinished and free of the fly."""
    return not is_finished(sandwich) and not covered_by_fly(fly, seat, index)


def starts_a_sandwich(card: Card) -> bool:
    """A new sandwich starts with bread."""
    return card is BREAD


def spread_may_sit_on(spread: Card, sandwich: Sandwich) -> bool:
    """A spread cannot sit on itself: peanut butter and jelly alternate."""
    return sandwich[-1] is not spread


def bread_may_close(sandwich: Sandwich) -> bool:
    """Close a sandwich only once it holds a peanut butter and a jelly, in either order."""
    return PEANUT_BUTTER in sandwich and JELLY in sandwich


def continues(card: Card, sandwich: Sandwich) -> bool:
    """Whether ``card`` is a legal next card for an unfinished ``sandwich``."""
    if card is BREAD:
        return bread_may_close(sandwich)
    return (card is PEANUT_BUTTER or card is JELLY) and spread_may_sit_on(card, sandwich)


def open_sandwiches(
    table: Sequence[Sequence[Sandwich]], fly: SandwichId | None, seat: int
) -> tuple[int, ...]:
    """The indices of ``seat``'s sandwiches that can still grow: unfinished and free of the fly."""
    mine = table[seat]
    if not mine:
        return ()
    # is_open, inlined: the move generator's hottest loop (and a plain loop, as
    # Python 3.11 builds a function for every comprehension)
    covered = fly[1] if fly is not None and fly[0] == seat else -1
    if len(mine) == 1:  # the usual case, spelled out
        only = mine[0]
        return (0,) if covered != 0 and (len(only) == 1 or only[-1] is not BREAD) else ()
    opens = []
    for i, sandwich in enumerate(mine):
        if i != covered and (len(sandwich) == 1 or sandwich[-1] is not BREAD):
            opens.append(i)
    return tuple(opens)


def may_start_new_sandwich(
    table: Sequence[Sequence[Sandwich]], fly: SandwichId | None, seat: int
) -> bool:
    """A new sandwich only while the player has no unfinished sandwich free of the fly."""
    return not open_sandwiches(table, fly, seat)


def ant_may_steal(victim: Sandwich, thief: Sandwich) -> bool:
    """An ant takes the top card of an open sandwich only if it legally continues the thief's.

    Both sandwiches must be open (unfinished, uncovered); callers check that.
    """
    return continues(victim[-1], thief)


def fly_may_land(fly: SandwichId | None, seat: int, index: int) -> bool:
    """A fly moves the fly token onto any sandwich, finished or not, that it does not cover yet."""
    return not covered_by_fly(fly, seat, index)


def counting_sandwiches(
    table: Sequence[Sequence[Sandwich]], fly: SandwichId | None, seat: int
) -> int:
    """Finished sandwiches that count: a finished sandwich with the fly on it does not."""
    # is_finished and covered_by_fly, inlined in a plain loop: every play that finishes a
    # sandwich asks (has_won), in every playout of a search
    covered = fly[1] if fly is not None and fly[0] == seat else -1
    count = 0
    for i, sandwich in enumerate(table[seat]):
        if len(sandwich) > 1 and sandwich[-1] is BREAD and i != covered:
            count += 1
    return count


def has_won(
    table: Sequence[Sequence[Sandwich]], fly: SandwichId | None, seat: int, rules: Rules
) -> bool:
    """The first player with ``sandwiches_to_win`` counting sandwiches wins at once."""
    return counting_sandwiches(table, fly, seat) >= rules.sandwiches_to_win


def _in_pool(card: Card, hands: Sequence[Counts], draw_pile: Counts, discard_pile: Counts) -> bool:
    """Whether some hand or pile still holds a ``card``."""
    if draw_pile[card] or discard_pile[card]:
        return True
    for hand in hands:  # noqa: SIM110 (a loop is faster than any() over a generator)
        if hand[card]:
            return True
    return False


def is_stuck(
    hands: Sequence[Counts],
    draw_pile: Counts,
    discard_pile: Counts,
    table: Sequence[Sequence[Sandwich]],
    fly: SandwichId | None,
) -> bool:
    """The picnic is stuck when no card left could ever be played on the current table.

    The pool is every hand plus the draw and discard piles. The game is stuck
    if no card kind in the pool could legally be played now by some player on
    that player's own sandwiches (a new sandwich included) and no ant in the
    pool could make a legal steal for some player. Flies are ignored: they
    do not prolong a stuck game.
    """
    if draw_pile[BREAD] and draw_pile[PEANUT_BUTTER] and draw_pile[JELLY]:
        return False  # the usual case of the first test below, spelled out for speed
    bread = _in_pool(BREAD, hands, draw_pile, discard_pile)
    if (
        bread
        and _in_pool(PEANUT_BUTTER, hands, draw_pile, discard_pile)
        and _in_pool(JELLY, hands, draw_pile, discard_pile)
    ):
        # Every seat either has an open sandwich, which takes one of the two
        # spreads, or may start a new one with bread.
        return False
    opens = [[table[p][i] for i in open_sandwiches(table, fly, p)] for p in range(len(table))]
    # ``not own``: may_start_new_sandwich
    if bread and any(not own or any(map(bread_may_close, own)) for own in opens):
        return False
    for spread in SPREADS:
        if _in_pool(spread, hands, draw_pile, discard_pile) and any(
            spread_may_sit_on(spread, s) for own in opens for s in own
        ):
            return False
    if _in_pool(ANT, hands, draw_pile, discard_pile):
        for thief, own in enumerate(opens):
            for victim, theirs in enumerate(opens):
                if victim != thief and any(ant_may_steal(v, t) for v in theirs for t in own):
                    return False
    return True
