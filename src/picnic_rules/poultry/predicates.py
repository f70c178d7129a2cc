"""The rules of the poultry game as named predicates, each the rulebook sentence it implements.

The engine (:mod:`picnic_rules.poultry.engine`) is built from these; a reader
looking for a rule finds it here by its name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from .cards import YARDS, Card, Colour, GrainCounts

__all__ = [
    "DIE",
    "MAX_TIES",
    "animals",
    "animals_at",
    "bird_value",
    "birds_at",
    "duel_leaders",
    "fleeing",
    "flees",
    "fox_value",
    "foxes_at",
    "is_last_round",
    "legal_pair",
    "settle_by_card",
]

DIE: Final = 6
"""The "Hick Hack" die is a plain d6."""
MAX_TIES: Final = 3
"""After the third tie of a duel the higher card decides (house rule)."""


def fleeing(value: int) -> bool:
    """The extremely skittish bird: a poultry value below zero (the -2 card)."""
    return value < 0


def legal_pair(first: Card, second: Card) -> bool:
    """ "It is not permitted to play a piece of poultry and a fox of the same color."
    Any other two cards make a pair (one yard or two; house rule)."""
    return first.colour is not second.colour or first.fox == second.fox


def bird_value(cards: Sequence[Card], colour: Colour) -> int | None:
    """The bird a seat has at ``colour``'s yard: two birds of one player act as one
    with the higher value (house rule); ``None`` for no bird."""
    values = [card.value for card in cards if card.colour is colour and not card.fox]
    return max(values) if values else None


def fox_value(cards: Sequence[Card], colour: Colour) -> int | None:
    """The fox a seat has at ``colour``'s yard (two foxes act as one of the higher value)."""
    values = [card.value for card in cards if card.colour is colour and card.fox]
    return max(values) if values else None


def birds_at(played: Sequence[Sequence[Card]], colour: Colour) -> dict[int, int]:
    """Each seat with poultry at ``colour``'s yard, mapped to its bird's value (seat order)."""
    return _each_seat(played, colour, bird_value)


def foxes_at(played: Sequence[Sequence[Card]], colour: Colour) -> dict[int, int]:
    """Each seat with a fox at ``colour``'s yard, mapped to its fox's value (seat order)."""
    return _each_seat(played, colour, fox_value)


def _each_seat(
    played: Sequence[Sequence[Card]],
    colour: Colour,
    value_of: Callable[[Sequence[Card], Colour], int | None],
) -> dict[int, int]:
    """Each seat whose cards at ``colour``'s yard have a value (``value_of``), mapped to it."""
    values = [(seat, value_of(cards, colour)) for seat, cards in enumerate(played)]
    return {seat: value for seat, value in values if value is not None}


def animals_at(
    played: Sequence[Sequence[Card]], colour: Colour
) -> tuple[dict[int, int], dict[int, int]]:
    """:func:`birds_at` and :func:`foxes_at` of one yard, found in one pass over the table."""
    return animals(played).get(colour) or ({}, {})


def animals(
    played: Sequence[Sequence[Card]],
) -> dict[Colour, tuple[dict[int, int], dict[int, int]]]:
    """:func:`animals_at` of every yard with cards on the table (the others are left out),
    found in one pass over the table."""
    found: dict[Colour, tuple[dict[int, int], dict[int, int]]] = {}
    for seat, cards in enumerate(played):
        for card in cards:
            pair = found.get(card.colour)
            if pair is None:
                pair = found[card.colour] = ({}, {})
            values = pair[1] if card.fox else pair[0]
            if seat not in values or card.value > values[seat]:
                values[seat] = card.value
    return found


def flees(seat: int, birds: dict[int, int], foxes: dict[int, int]) -> bool:
    """ "It only actually eats when it finds itself alone at the farmyard. If fellow poultry
    -- or foxes -- are present at the farmyard, it flees immediately.\""""
    return fleeing(birds[seat]) and (len(birds) > 1 or bool(foxes))


def is_last_round(bag: GrainCounts) -> bool:
    """ "The last round begins when grain can be distributed from left to right for the last
    time": once supplied, the bag holds fewer grains than there are yards."""
    return sum(bag) < YARDS


def duel_leaders(values: Sequence[int], rolls: Sequence[int]) -> list[int]:
    """The indices of the highest totals of die plus card ("whoever achieves the highest total
    wins the duel"; several leaders repeat the duel)."""
    totals = [value + roll for value, roll in zip(values, rolls, strict=True)]
    best = max(totals)
    return [i for i, total in enumerate(totals) if total == best]


def settle_by_card(values: Sequence[int], leaders: Sequence[int]) -> int | None:
    """After the third tie: the tied leader with the higher card wins; ``None`` if that ties
    too, and nobody wins (house rule)."""
    best = max(values[i] for i in leaders)
    top = [i for i in leaders if values[i] == best]
    return top[0] if len(top) == 1 else None
