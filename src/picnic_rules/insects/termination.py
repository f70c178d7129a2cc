"""Why every insects game ends: the termination measure (:func:`remaining`) and the bounds it
proves (:func:`max_moves`, :func:`max_chance_steps`).

Every decision spends something that never comes back: a play, a swat or a
defence moves cards out of a hand for good (a card reaches a hand only from
the deck), giving up food moves an own food card to a captor, and buying
sells a food card out of the game. Under the buy variant one food card can be
spent twice -- given up, then sold by the player who captured it -- so it
counts twice while a seat still owns it.
"""

from __future__ import annotations

from ..game import Measure
from .rules import Rules
from .state import State

__all__ = ["max_chance_steps", "max_moves", "remaining"]


def remaining(state: State) -> Measure:
    """The termination measure: at most (cards in the deck and the hands) + (own food, twice
    under buy) + (captured food, under buy) decisions and (cards in the deck) chance steps
    are still to come.

    Every decision lowers the first part by at least one (each card leaves a hand once; a
    food card is given up once, and under buy sold once), every chance step moves a card
    from the deck into a hand, lowering the second part by one and keeping the first.

    >>> from picnic_rules.insects import new_game, Rules
    >>> remaining(new_game(2)), remaining(new_game(2, Rules(buy=True)))
    (Measure(moves=150, chance=126), Measure(moves=174, chance=126))
    """
    deck = sum(state.deck)
    cards = deck + sum(map(sum, state.hands))
    food = sum(state.food)
    if state.rules.buy:
        return Measure(cards + 2 * food + sum(state.captured), deck)
    return Measure(cards + food, deck)


def max_moves(players: int, rules: Rules) -> int:
    """At most every card of the deck and every food card spent: the deck plus the food, or
    plus twice the food under buy (a food card given up and then sold by its captor)."""
    return rules.deck_size + (2 if rules.buy else 1) * rules.food


def max_chance_steps(players: int, rules: Rules) -> int:
    """Every chance step deals or draws a card of the deck."""
    return rules.deck_size
