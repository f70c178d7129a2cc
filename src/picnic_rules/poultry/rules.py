"""The poultry game's options: :class:`Rules`.

The defaults are the house rules' components: per colour seven poultry cards
(3, 3, 4, 4, 5, 6 and the fleeing -2) and three foxes (4, 5, 6), 60 cards in
all; 26 grains of each colour, green worth 1, blue 2, yellow 3 (78 grains);
hands of 6 cards and two cards a round with 2-3 players, else 5 and one.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from ..errors import RulesError
from ..game import check_player_count
from ..kit.memo import last_answer
from ..kit.options import count, flag
from .cards import YARDS, Card, Counts, GrainCounts, deck_counts, kind_index, kinds

__all__ = ["MAX_CARDS", "MAX_GRAIN", "MAX_HAND", "MAX_VALUE", "PLAYERS", "Rules"]

PLAYERS: Final = (2, 6)
"""The fewest and the most seats."""
MAX_CARDS: Final = 20
"""The most poultry (or fox) cards one colour may hold."""
MAX_VALUE: Final = 20
"""The largest card value; the smallest is ``-MAX_VALUE``."""
MAX_GRAIN: Final = 1_000
"""The most grains of one colour."""
MAX_HAND: Final = 20
"""The largest hand."""


def _values(what: str, minimum: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        name = attribute.name
        if type(value) is not tuple or len(value) > MAX_CARDS:
            raise RulesError(f"{name} must be a tuple of at most {MAX_CARDS} values", field=name)
        for item in value:
            if type(item) is not int or not minimum <= item <= MAX_VALUE:
                raise RulesError(
                    f"{name} holds {item!r}: {what} values are ints in {minimum}..{MAX_VALUE}",
                    field=name,
                )

    return check


def _per_count(minimum: int, maximum: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        name = attribute.name
        n = PLAYERS[1] - PLAYERS[0] + 1
        if type(value) is not tuple or len(value) != n:
            raise RulesError(f"{name} must hold {n} ints, one for 2 to 6 players", field=name)
        for item in value:
            if type(item) is not int or not minimum <= item <= maximum:
                raise RulesError(
                    f"{name} holds {item!r}, not an int in {minimum}..{maximum}", field=name
                )

    return check


@attrs.frozen
class Rules:
    """Options of the poultry game; invalid values raise :class:`~picnic_rules.RulesError`.

    >>> Rules().total_cards, Rules().total_grain
    (60, 78)
    >>> Rules(cards_per_round=(2, 2, 1, 1, 3))
    Traceback (most recent call last):
    ...
    picnic_rules.errors.RulesError: cards_per_round holds 3, not an int in 1..2
    """

    poultry: tuple[int, ...] = attrs.field(
        default=(3, 3, 4, 4, 5, 6, -2), validator=_values("poultry", -MAX_VALUE)
    )
    """The poultry cards of every colour, by value (a negative value is the fleeing bird)."""
    foxes: tuple[int, ...] = attrs.field(default=(4, 5, 6), validator=_values("fox", 0))
    """The fox cards of every colour, by value."""
    green_grain: int = count(26, maximum=MAX_GRAIN)
    """Green grains in the bag."""
    blue_grain: int = count(26, maximum=MAX_GRAIN)
    """Blue grains in the bag."""
    yellow_grain: int = count(26, maximum=MAX_GRAIN)
    """Yellow grains in the bag."""
    green_value: int = count(1, maximum=100)
    """Points a green grain scores."""
    blue_value: int = count(2, maximum=100)
    """Points a blue grain scores."""
    yellow_value: int = count(3, maximum=100)
    """Points a yellow grain scores."""
    hand_sizes: tuple[int, int, int, int, int] = attrs.field(
        default=(6, 6, 5, 5, 5), validator=_per_count(1, MAX_HAND)
    )
    """Cards dealt to each seat, for 2, 3, 4, 5 and 6 players."""
    cards_per_round: tuple[int, int, int, int, int] = attrs.field(
        default=(2, 2, 1, 1, 1), validator=_per_count(1, 2)
    )
    """Cards each seat commits (and draws) a round, for 2, 3, 4, 5 and 6 players."""
    haggling: bool = flag(True)
    """Whether crowded poultry haggle before a duel (the house protocol; house rule)."""

    def __attrs_post_init__(self) -> None:
        if self.total_grain < YARDS:
            raise RulesError(
                f"the bag must hold at least {YARDS} grains (one per yard), not {self.total_grain}",
                field="green_grain",
            )
        for i, (hand, per) in enumerate(zip(self.hand_sizes, self.cards_per_round, strict=True)):
            least = 3 if per == 2 else 1
            if hand < least:
                raise RulesError(
                    f"with {i + 2} players a hand of {hand} is too small to commit {per} "
                    f"card(s) a round (at least {least})",
                    field="hand_sizes",
                )

    @property
    def kinds(self) -> tuple[Card, ...]:
        """The distinct cards, in the order of every :data:`~picnic_rules.poultry.cards.Counts`."""
        return kinds(self.poultry, self.foxes)

    @property
    def index(self) -> dict[Card, int]:
        """Each distinct card mapped to its index in a Counts."""
        return _index(self)

    @property
    def deck(self) -> Counts:
        """The whole deck as counts per kind."""
        return deck_counts(self.poultry, self.foxes)

    @property
    def total_cards(self) -> int:
        """How many cards the deck holds (60 by default)."""
        return YARDS * (len(self.poultry) + len(self.foxes))

    @property
    def grain(self) -> GrainCounts:
        """The bag at the start: ``(green, blue, yellow)``."""
        return (self.green_grain, self.blue_grain, self.yellow_grain)

    @property
    def grain_values(self) -> GrainCounts:
        """Points per grain: ``(green, blue, yellow)``."""
        return (self.green_value, self.blue_value, self.yellow_value)

    @property
    def total_grain(self) -> int:
        """How many grains the bag holds at the start (78 by default)."""
        return self.green_grain + self.blue_grain + self.yellow_grain

    @property
    def rounds(self) -> int:
        """How many rounds a game lasts: a round is played while the bag can supply every yard."""
        return self.total_grain // YARDS

    def hand_size(self, players: int) -> int:
        """Cards dealt to each of ``players`` seats."""
        return self.hand_sizes[players - PLAYERS[0]]

    def per_round(self, players: int) -> int:
        """Cards each of ``players`` seats commits and draws a round."""
        return self.cards_per_round[players - PLAYERS[0]]

    def check_players(self, players: object) -> int:
        """Return ``players`` if these rules can seat them; raise :class:`~picnic_rules.RulesError`."""
        n = check_player_count("poultry", PLAYERS, players)
        if n * self.hand_size(n) > self.total_cards:
            raise RulesError(
                f"dealing {self.hand_size(n)} cards to {n} players needs "
                f"{n * self.hand_size(n)} cards, the deck has {self.total_cards}"
            )
        return n


@last_answer  # the engine looks cards up at every step, under the rules of one game
def _index(rules: Rules) -> dict[Card, int]:
    """:attr:`Rules.index`: :func:`~picnic_rules.poultry.cards.kind_index` of its deck."""
    return kind_index(rules.poultry, rules.foxes)
