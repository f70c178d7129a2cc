"""The ants game's rules as named predicates, each the rulebook sentence it implements.

The engine asks these; a reader finds each rule here by its name.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .cards import DIE_KINDS, DieKind, PicnicCard
from .colony import Layers, layers, offsets
from .rules import are_neighbours
from .state import Placed

_SCOUT = DieKind.SCOUT
_SOLDIER = DieKind.SOLDIER

__all__ = [
    "card_winner",
    "covers_no_plate",
    "die_may_settle_on",
    "knocked_die_may_move",
    "landing_cards_are_possible",
    "new_card_touches_colony",
    "plate_covers_visible_ant",
    "placement_is_legal",
    "planner_covers_nothing",
    "roll_sums",
    "scout_may_retoss",
    "soldier_goes_home",
    "starting_candidates",
]


def landing_cards_are_possible(cards: Sequence[int], area_cards: Sequence[int]) -> bool:
    """A die touches no card (it is loose), one card, or two neighbouring cards of the area."""
    if len(cards) > 2 or any(card not in area_cards for card in cards):
        return False
    if len(cards) == 2:
        return cards[0] < cards[1] and are_neighbours(cards[0], cards[1])
    return True


def knocked_die_may_move(spot_in_area: bool) -> bool:
    """ "You might knock other dice around": only dice in the picnic area (on cards or loose)
    can be knocked; dice on anthills and on the Puddle are out of reach."""
    return spot_in_area


def scout_may_retoss(die: int, cards: Sequence[int], touched: bool, used: bool) -> bool:
    """A Scout that touched no other dice and does not come to rest touching a picnic card may
    be rolled again, one time per turn."""
    return not cards and not touched and not used and DIE_KINDS[die] is _SCOUT


def die_may_settle_on(cards: Sequence[int], card: int) -> bool:
    """A die touching two cards is moved by its owner so that it touches only one of them."""
    return len(cards) == 2 and card in cards


def card_winner(contenders: Sequence[tuple[int, int, int, int]]) -> int | None:
    """The player who wins a card, from ``(seat, ant total, dice, biggest die size)`` of each
    player with dice on it: the highest total; if tied, more dice; if still tied, the biggest
    die; if still tied, nobody (house rule: a total of 0 can win).

    >>> card_winner([(0, 6, 2, 2), (1, 4, 1, 3)])
    0
    >>> card_winner([(0, 5, 2, 2), (1, 5, 2, 3)])
    1
    >>> card_winner([(0, 5, 2, 2), (1, 5, 2, 2)]) is None
    True
    """
    strengths = [(total, dice, biggest) for _, total, dice, biggest in contenders]
    strongest = max(strengths)  # the highest total, then the most dice, then the biggest die
    if strengths.count(strongest) > 1:  # still tied
        return None
    return contenders[strengths.index(strongest)][0]


def soldier_goes_home(die: int) -> bool:
    """Winners go to the Puddle... except for winning Soldiers, which go home."""
    return DIE_KINDS[die] is _SOLDIER


def plate_covers_visible_ant(layers: Layers, x: int, y: int) -> bool:
    """After the first card, the plate on the new card covers one of the visible ants."""
    return (x, y) in layers.ants


def covers_no_plate(layers: Layers, card: PicnicCard, x: int, y: int, turn: int) -> bool:
    """You may not place in a way that covers earlier plates from view."""
    plates = layers.plates
    return all((x + dx, y + dy) not in plates for dx, dy, _ in offsets(card.ants, turn))


def planner_covers_nothing(layers: Layers, card: PicnicCard, x: int, y: int, turn: int) -> bool:
    """Planner (house rule): the card covers no cell of the colony ..."""
    covered = layers.covered
    return all((x + dx, y + dy) not in covered for dx, dy, _ in offsets(card.ants, turn))


def new_card_touches_colony(layers: Layers, card: PicnicCard, x: int, y: int, turn: int) -> bool:
    """... and touches it edge to edge."""
    covered = layers.covered
    return any(
        (x + dx + ex, y + dy + ey) in covered
        for dx, dy, _ in offsets(card.ants, turn)
        for ex, ey in ((1, 0), (-1, 0), (0, 1), (0, -1))
    )


def placement_is_legal(
    colony: Sequence[Placed], card: PicnicCard, x: int, y: int, turn: int, planner: bool
) -> bool:
    """Your very first card begins the colony (its plate on 0,0); after it, the plate covers a
    visible ant and no plate is covered; with Planner, the card lies next to the colony."""
    if not 0 <= turn <= 3:
        return False
    if not colony:
        return not planner and (x, y) == (0, 0)
    seen = layers(tuple(colony))
    if planner:
        return planner_covers_nothing(seen, card, x, y, turn) and new_card_touches_colony(
            seen, card, x, y, turn
        )
    return plate_covers_visible_ant(seen, x, y) and covers_no_plate(seen, card, x, y, turn)


@functools.lru_cache(maxsize=256)
def roll_sums(dice: tuple[tuple[int, ...], ...]) -> frozenset[int]:
    """The tied players roll all the dice of their anthills: every total dice with these faces
    can roll together (with Worker faces 1, 1, 1, 9, 9, 9 a Soldier and a Worker roll 1-4 or
    9-12, never 6).

    >>> sorted(roll_sums(((0, 1, 2, 3), (1, 9))))
    [1, 2, 3, 4, 9, 10, 11, 12]
    """
    sums = frozenset((0,))
    for faces in dice:
        sums = frozenset(total + face for total in sums for face in set(faces))
    return sums


def starting_candidates(plates: Sequence[int], home_dice: Sequence[int]) -> tuple[int, ...]:
    """The new starting player has the fewest plates in their colony; if tied, fewer dice on
    their anthill. Returns every seat still tied (several: they roll off).

    >>> starting_candidates([2, 1, 1], [4, 5, 4])
    (2,)
    """
    fewest = min(plates)
    seats = [s for s, n in enumerate(plates) if n == fewest]
    if len(seats) == 1:
        return (seats[0],)
    fewer = min([home_dice[s] for s in seats])
    return tuple([s for s in seats if home_dice[s] == fewer])
