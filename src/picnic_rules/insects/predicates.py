"""The rules of the insects game as named predicates, one per rulebook sentence.

Each function here states one rule on small values (a pile, a hand, the
food counts), so a reader finds the rule by its name and the engine, the
checks and the agent share one statement of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import COLOURS, WEAPONS, Card, Colour, Counts, Insect, Pile, insect_of, is_joker
from .rules import Rules

__all__ = [
    "attacking_pile",
    "continuation_is_big_enough",
    "defence_weapons",
    "has_normal_play",
    "is_attacking",
    "may_buy",
    "may_start_pile",
    "may_swat",
    "next_with_food",
    "normal_play_shape_allowed",
    "pile_colour",
    "play_may_join",
    "score",
    "seats_with_food",
]


def pile_colour(pile: Pile) -> Colour | None:
    """A pile's colour is that of its topmost coloured card; ``None`` while it holds only jokers.

    >>> pile_colour((Card.JOKER_FLY,)), pile_colour((Card.JOKER_FLY, Card.RED_FLY))
    (None, Colour.RED)
    """
    for card in reversed(pile):
        kind = card % 5
        if kind != 4:
            return COLOURS[kind]
    return None


def is_attacking(pile: Pile) -> bool:
    """A pile of two or more cards attacks (the next player who still has food)."""
    return len(pile) >= 2


def attacking_pile(piles: Sequence[Pile]) -> int | None:
    """The index of the attacking pile (there is at most one), or ``None``."""
    for index, pile in enumerate(piles):
        if len(pile) >= 2:
            return index
    return None


def play_may_join(
    rules: Rules, pile: Pile, insect: Insect, colour: Colour | None, jokers: int
) -> bool:
    """Cards join a pile of their type whose colour matches or that is colourless; jokers
    alone join any pile of their type; with the joker-colour variant any colour may go
    onto a joker (the pile's top card, or a joker of the same play, which lies beneath)."""
    if pile[0] // 5 != insect:
        return False
    if colour is None:
        return True
    current = pile_colour(pile)
    if current is None or current == colour:
        return True
    return rules.joker_colour and (jokers > 0 or is_joker(pile[-1]))


def may_start_pile(piles: Sequence[Pile], insect: Insect, colour: Colour | None) -> bool:
    """A lone joker may start a new pile; coloured cards start one only when no pile of their
    type matches their colour or is colourless -- with or without jokers in the play: the
    joker-colour variant's way onto a pile of another colour is a choice, never a duty."""
    if colour is None:
        return True
    for pile in piles:
        if pile[0] // 5 == insect:
            current = pile_colour(pile)
            if current is None or current == colour:
                return False
    return True


def normal_play_shape_allowed(count: int, jokers: int) -> bool:
    """In a normal turn a play holds a coloured card, or is one lone joker (several jokers
    alone may only continue an attack)."""
    return count >= 1 or jokers == 1


def continuation_is_big_enough(rules: Rules, last_count: int, cards: int) -> bool:
    """Match-count variant: an attack continued with several insects must be continued
    with at least as many."""
    return not rules.match_count or cards >= last_count


def may_swat(pile: Pile, weapon: Card) -> bool:
    """A single weapon may be played on a one-card pile of its insect type (outside an attack)."""
    return len(pile) == 1 and WEAPONS[insect_of(pile[0])] == weapon


def defence_weapons(pile: Pile) -> int:
    """To defend, all but one of the attacking insects must be defended: size - 1 weapons."""
    return len(pile) - 1


def may_buy(
    rules: Rules, bought: bool, deck: int, food: int, captured: int, from_captured: bool
) -> bool:
    """Buy variant: once a turn, before playing, 4 cards for 1 food -- own food only while
    at least 2 are left (the last cannot be sold), or captured food -- from a non-empty deck."""
    if not rules.buy or bought or deck <= 0:
        return False
    return captured >= 1 if from_captured else food >= 2


def next_with_food(food: Sequence[int], seat: int) -> int | None:
    """The next seat after ``seat`` (clockwise) that still has food, or ``None``."""
    players = len(food)
    for step in range(1, players + 1):
        other = (seat + step) % players
        if food[other] > 0:
            return other
    return None


def seats_with_food(food: Sequence[int]) -> int:
    """How many players still have food (a player with none is out)."""
    return sum(1 for n in food if n > 0)


def has_normal_play(hand: Counts, piles: Sequence[Pile]) -> bool:
    """Whether a hand holds a legal play in a normal turn: any insect (it joins a pile or
    starts one), or a weapon of the type of some one-card pile."""
    if any(hand[:15]):
        return True
    return any(len(pile) == 1 and hand[15 + insect_of(pile[0])] for pile in piles)


def score(scored: Counts, captured: int, food: int) -> int:
    """Insects count 2 each, captured and uncaptured food 10 each, used weapons -1 each."""
    return 2 * sum(scored[:15]) + 10 * (captured + food) - sum(scored[15:])
