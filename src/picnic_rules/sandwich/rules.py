"""The sandwich game's options: :class:`Rules`.

The defaults are the fan rulebook's house rules (54 cards: 16 bread, 12 peanut
butter, 12 jelly, 8 ants, 6 flies; two cards dealt; seat 0 starts; sixty
actions without a finished sandwich end the game).
"""

from __future__ import annotations

import attrs

from ..errors import RulesError
from .cards import Counts

__all__ = ["Rules"]


def _non_negative(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise RulesError(f"{attribute.name} must be an int, not {type(value).__name__}")
    if value < 0:
        raise RulesError(f"{attribute.name} must be at least 0, not {value}")


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    _non_negative(instance, attribute, value)
    if value < 1:
        raise RulesError(f"{attribute.name} must be at least 1, not {value}")


@attrs.frozen
class Rules:
    """Options of the sandwich game; invalid values raise :class:`~picnic_rules.RulesError`.

    >>> Rules()
    Rules(bread=16, peanut_butter=12, jelly=12, ants=8, flies=6, hand_size=2, first_player=0, action_limit=60, sandwiches_to_win=3)
    >>> Rules(action_limit=0)
    Traceback (most recent call last):
    ...
    picnic_rules.errors.RulesError: action_limit must be at least 1, not 0
    """

    bread: int = attrs.field(default=16, validator=_non_negative)
    """Bread cards in the deck."""
    peanut_butter: int = attrs.field(default=12, validator=_non_negative)
    """Peanut-butter cards in the deck."""
    jelly: int = attrs.field(default=12, validator=_non_negative)
    """Jelly cards in the deck."""
    ants: int = attrs.field(default=8, validator=_non_negative)
    """Ant cards in the deck."""
    flies: int = attrs.field(default=6, validator=_non_negative)
    """Fly cards in the deck (there is always exactly one fly token)."""
    hand_size: int = attrs.field(default=2, validator=_non_negative)
    """Cards dealt to each seat before the first turn."""
    first_player: int = attrs.field(default=0, validator=_non_negative)
    """The seat that is dealt to first and takes the first turn (house rule)."""
    action_limit: int = attrs.field(default=60, validator=_positive)
    """Non-chance moves in a row without a finished sandwich that end the game (house rule)."""
    sandwiches_to_win: int = attrs.field(default=3, validator=_positive)
    """Counting sandwiches that win at once."""

    @property
    def deck(self) -> Counts:
        """The full deck as counts per :class:`~picnic_rules.sandwich.Card`."""
        return (self.bread, self.peanut_butter, self.jelly, self.ants, self.flies)

    @property
    def total_cards(self) -> int:
        """How many cards the deck holds (54 by default)."""
        return self.bread + self.peanut_butter + self.jelly + self.ants + self.flies

    def check_players(self, players: int) -> None:
        """Raise :class:`~picnic_rules.RulesError` if these rules cannot seat ``players``."""
        if type(players) is not int or not 2 <= players <= 4:
            raise RulesError(f"the sandwich game takes 2 to 4 players, not {players!r}")
        if self.first_player >= players:
            raise RulesError(
                f"first_player {self.first_player} is not a seat of a {players}-player game"
            )
        if self.hand_size * players > self.total_cards:
            raise RulesError(
                f"dealing {self.hand_size} cards to {players} players needs "
                f"{self.hand_size * players} cards, the deck has {self.total_cards}"
            )
