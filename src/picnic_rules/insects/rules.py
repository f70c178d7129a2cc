"""The insects game's options: :class:`Rules`.

The defaults are the rulebook with our house rules: 90 insects (for each of
ant, spider and fly, 7 of each of the 4 colours and 2 jokers), 36 weapons
(12 of each), 24 food cards shared out 12/8/6/4/4 for 2/3/4/5/6 players, a
hand of 8. The five changes of the "Official Variant" are flags, all off.
"""

from __future__ import annotations

from typing import Final

import attrs

from ..errors import RulesError
from ..game import check_player_count
from ..kit.options import count, flag
from .cards import Counts

__all__ = ["MAX_CARDS", "MAX_FOOD", "MAX_HAND", "PLAYERS", "Rules"]

PLAYERS: Final = (2, 6)
"""The fewest and the most seats."""
MAX_CARDS: Final = 200
"""The most cards of one kind (an insect of one colour, a joker, a weapon) a deck may hold."""
MAX_FOOD: Final = 200
"""The most food cards the game may hold."""
MAX_HAND: Final = 50
"""The largest hand size."""


@attrs.frozen
class Rules:
    """Options of the insects game; invalid values raise :class:`~picnic_rules.RulesError`.

    >>> Rules().deck_size, Rules().food_for(3)
    (126, 8)
    >>> Rules(food=20, food_2=12)
    Traceback (most recent call last):
    ...
    picnic_rules.errors.RulesError: food_2 12 for each of 2 players needs 24 food cards, the game has 20
    """

    insects: int = count(7, maximum=MAX_CARDS)
    """Insects of each type in each colour (house rule: 7)."""
    jokers: int = count(2, maximum=MAX_CARDS)
    """Jokers of each insect type (house rule: 2)."""
    weapons: int = count(12, maximum=MAX_CARDS)
    """Weapons of each kind: spray, boots, swatters (house rule: 12)."""
    food: int = count(24, minimum=2, maximum=MAX_FOOD)
    """Food cards in the box."""
    food_2: int = count(12, minimum=1, maximum=MAX_FOOD, label="Food each, 2 players")
    """Food per player with 2 players."""
    food_3: int = count(8, minimum=1, maximum=MAX_FOOD, label="Food each, 3 players")
    """Food per player with 3 players."""
    food_4: int = count(6, minimum=1, maximum=MAX_FOOD, label="Food each, 4 players")
    """Food per player with 4 players."""
    food_5: int = count(4, minimum=1, maximum=MAX_FOOD, label="Food each, 5 players")
    """Food per player with 5 players."""
    food_6: int = count(4, minimum=1, maximum=MAX_FOOD, label="Food each, 6 players")
    """Food per player with 6 players (house rule: 4)."""
    hand_size: int = count(8, minimum=1, maximum=MAX_HAND)
    """Cards each player holds after the deal and draws back to."""
    draw_one: bool = flag(False)
    """Official variant: after playing, draw exactly one card, whatever the hand size."""
    draw_two: bool = flag(False)
    """Official variant: a player who gives up food (and still has some) draws two cards at once."""
    buy: bool = flag(False)
    """Official variant: once a turn, before playing, buy 4 cards for 1 food (own or captured)."""
    match_count: bool = flag(False)
    """Official variant: an attack continued with several insects must be continued with at least as many."""
    joker_colour: bool = flag(False)
    """Official variant: any colour may be played onto a joker, and the pile takes the new colour."""

    def __attrs_post_init__(self) -> None:
        for players in range(PLAYERS[0], PLAYERS[1] + 1):
            each = self.food_for(players)
            if each * players > self.food:
                raise RulesError(
                    f"food_{players} {each} for each of {players} players needs "
                    f"{each * players} food cards, the game has {self.food}",
                    field=f"food_{players}",
                )

    def food_for(self, players: int) -> int:
        """The food each player starts with in a game of ``players``."""
        return (self.food_2, self.food_3, self.food_4, self.food_5, self.food_6)[players - 2]

    @property
    def deck(self) -> Counts:
        """The whole deck of insects and weapons as counts per :class:`~picnic_rules.insects.Card`."""
        per_type = (self.insects,) * 4 + (self.jokers,)
        return per_type * 3 + (self.weapons,) * 3

    @property
    def deck_size(self) -> int:
        """How many insect and weapon cards the deck holds (126 by default)."""
        return 3 * (4 * self.insects + self.jokers + self.weapons)

    def check_players(self, players: object) -> int:
        """``players`` if these rules can seat them; :class:`~picnic_rules.RulesError` otherwise."""
        seats = check_player_count("insects", PLAYERS, players)
        if self.hand_size * seats > self.deck_size:
            raise RulesError(
                f"dealing {self.hand_size} cards to {seats} players needs "
                f"{self.hand_size * seats} cards, the deck has {self.deck_size}",
                field="hand_size",
            )
        return seats
