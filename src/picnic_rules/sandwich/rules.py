"""The sandwich game's options: :class:`Rules`.

The defaults are the fan rulebook's house rules (54 cards: 16 bread, 12 peanut
butter, 12 jelly, 8 ants, 6 flies; two cards dealt; seat 0 starts; sixty
actions without a finished sandwich end the game).
"""

from __future__ import annotations

from typing import Final

import attrs

from ..errors import RulesError
from ..game import check_player_count
from ..kit.options import count
from .cards import Counts

__all__ = ["MAX_CARDS", "PLAYERS", "Rules", "TARGET_ALWAYS_ALLOWED"]


PLAYERS: Final = (2, 4)
"""The fewest and the most seats (the one home of the player range; ``GAME.players``)."""

MAX_CARDS: Final = 1_000
"""The most cards of one kind a deck may hold (a bound on every input)."""

TARGET_ALWAYS_ALLOWED: Final = 3
"""``sandwiches_to_win`` up to this is valid for any deck (house rule); a larger one must be reachable."""


@attrs.frozen
class Rules:
    """Options of the sandwich game; invalid values raise :class:`~picnic_rules.RulesError`.

    >>> Rules()
    Rules(bread=16, peanut_butter=12, jelly=12, ants=8, flies=6, hand_size=2, first_player=0, action_limit=60, sandwiches_to_win=3)
    >>> Rules(action_limit=0)
    Traceback (most recent call last):
    ...
    picnic_rules.errors.RulesError: action_limit must be at least 1, not 0
    >>> Rules(sandwiches_to_win=9)
    Traceback (most recent call last):
    ...
    picnic_rules.errors.RulesError: sandwiches_to_win 9 can never be reached: this deck finishes at most 8 sandwiches
    >>> Rules(bread=0).sandwiches_to_win  # the default target stays valid for any deck
    3
    """

    bread: int = count(16, maximum=MAX_CARDS)
    """Bread cards in the deck."""
    peanut_butter: int = count(12, maximum=MAX_CARDS)
    """Peanut-butter cards in the deck."""
    jelly: int = count(12, maximum=MAX_CARDS)
    """Jelly cards in the deck."""
    ants: int = count(8, maximum=MAX_CARDS)
    """Ant cards in the deck."""
    flies: int = count(6, maximum=MAX_CARDS)
    """Fly cards in the deck (there is always exactly one fly token)."""
    hand_size: int = count(2, maximum=MAX_CARDS)
    """Cards dealt to each seat before the first turn."""
    first_player: int = count(0, maximum=PLAYERS[1] - 1, seat=True, label="First to play")
    """The seat that is dealt to first and takes the first turn (house rule)."""
    action_limit: int = count(60, minimum=1, maximum=10_000)
    """Non-chance moves in a row without a finished sandwich that end the game (house rule)."""
    sandwiches_to_win: int = count(3, minimum=1, maximum=MAX_CARDS)
    """Counting sandwiches that win at once."""

    def __attrs_post_init__(self) -> None:
        # A target above TARGET_ALWAYS_ALLOWED that no game can reach is a
        # mistake; up to it, a small deck (or none) plays on to stuck or the
        # action limit and the scores decide.
        most = self.most_sandwiches
        if self.sandwiches_to_win > max(most, TARGET_ALWAYS_ALLOWED):
            raise RulesError(
                f"sandwiches_to_win {self.sandwiches_to_win} can never be reached: "
                f"this deck finishes at most {most} sandwiches",
                field="sandwiches_to_win",
            )

    @property
    def most_sandwiches(self) -> int:
        """The most sandwiches any game finishes: each holds two breads and both spreads for good.

        >>> Rules().most_sandwiches, Rules(jelly=5).most_sandwiches, Rules(bread=0).most_sandwiches
        (8, 5, 0)
        """
        return min(self.bread // 2, self.peanut_butter, self.jelly)

    @property
    def deck(self) -> Counts:
        """The full deck as counts per :class:`~picnic_rules.sandwich.Card`."""
        return (self.bread, self.peanut_butter, self.jelly, self.ants, self.flies)

    @property
    def total_cards(self) -> int:
        """How many cards the deck holds (54 by default)."""
        return self.bread + self.peanut_butter + self.jelly + self.ants + self.flies

    def check_players(self, players: object) -> int:
        """``players`` if these rules can seat them; :class:`~picnic_rules.RulesError` if not."""
        players = check_player_count("sandwich", PLAYERS, players)
        if self.first_player >= players:
            raise RulesError(
                f"first_player {self.first_player} is not a seat of a {players}-player game"
            )
        if self.hand_size * players > self.total_cards:
            raise RulesError(
                f"dealing {self.hand_size} cards to {players} players needs "
                f"{self.hand_size * players} cards, the deck has {self.total_cards}"
            )
        return players
