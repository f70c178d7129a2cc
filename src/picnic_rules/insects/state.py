"""The insects game's immutable :class:`State` and the per-seat :class:`View`, which share
the public :class:`Table`."""

from __future__ import annotations

from typing import Final

import attrs

from ..kit import Enum, own_fields_first, owned, sized
from .cards import Counts, Pile
from .rules import Rules

__all__ = ["TABLE", "Phase", "State", "Table", "View"]


class Phase(Enum):
    """Where in the game a state is."""

    DEAL = "deal"
    """Chance deals the opening hands, one card at a time, round robin from seat 0."""
    DRAW = "draw"
    """Chance draws :attr:`State.draws` more cards for seat :attr:`State.turn`."""
    TURN = "turn"
    """Seat :attr:`State.turn` acts: a normal turn, or an answer to the attacking pile."""
    OVER = "over"
    """The game has ended; :attr:`State.reason` says why."""


@attrs.frozen
class Table:
    """What every seat sees: the public part of a position, shared by :class:`State` and
    :class:`View` (only the cards in hands and the deck are hidden)."""

    piles: tuple[Pile, ...]
    """The piles on the table, in the order they were started, each bottom card first."""
    food: tuple[int, ...]
    """Each seat's own food still in reserve (a seat with none is out)."""
    captured: tuple[int, ...]
    """The food each seat has captured."""
    scored: tuple[Counts, ...]
    """Each seat's score pile of insects and used weapons, as counts."""
    food_out: int
    """Food out of the game: left over at the start, and sold by buying cards."""
    phase: Phase
    """What happens next (deal, draw, turn or over)."""
    turn: int
    """The seat dealt to (deal), drawing (draw) or to act (turn)."""
    draws: int
    """Cards still to draw for :attr:`turn` (draw phase; 0 otherwise)."""
    again: bool
    """Whether :attr:`turn` acts again after the draws (after buying, or after giving up food
    under the draw-two variant) instead of the next seat."""
    bought: bool
    """Whether the seat to act has bought cards this turn."""
    last: int | None
    """The seat that played the attacking pile's last card, or ``None`` with no attack."""
    last_count: int
    """How many cards the last play onto the attacking pile held (0 with no attack)."""
    reason: str | None
    """Why the game ended (``"one-left"`` or ``"cards-out"``), or ``None``."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.food)


@attrs.frozen(field_transformer=own_fields_first)
class State(Table):
    """A full position of the insects game (every card known): the rules, every hand and the
    deck, then the :class:`Table`.

    Hands, the deck and score piles are counts per
    :class:`~picnic_rules.insects.Card` (no hidden order is stored: drawing is
    a chance node weighted by the counts). Every pile of two or more cards is
    the one attacking pile.
    """

    rules: Rules
    """The rules this game is played under."""
    hands: tuple[Counts, ...] = owned(own="hand", sizes="hand_sizes")
    """Each seat's hand, as counts: seen by its owner, the others see its size."""
    deck: Counts = sized("deck_size")
    """The face-down deck, as counts: every seat sees its size."""


@attrs.frozen(field_transformer=own_fields_first)
class View(Table):
    """What seat :attr:`player` may see: the rules, its own hand, the sizes of every hand and
    of the deck, then the :class:`Table`."""

    player: int
    """The seat this view belongs to."""
    rules: Rules
    """The rules the game is played under."""
    hand: Counts
    """This seat's own hand, as counts."""
    hand_sizes: tuple[int, ...]
    """How many cards every seat holds."""
    deck_size: int
    """How many cards the deck holds."""


TABLE: Final = tuple(field.name for field in attrs.fields(Table))
"""The names of the public fields, which a :class:`View` copies from its :class:`State`."""
