"""The sandwich game's immutable :class:`State` and the per-seat :class:`View`."""

from __future__ import annotations

import attrs

from ..kit import Enum, own_fields_first, owned, sized
from .cards import Counts, Sandwich
from .rules import Rules

__all__ = ["Phase", "Public", "SandwichId", "State", "View"]

SandwichId = tuple[int, int]
"""A sandwich on the table: ``(seat, index)``, written ``seat.index`` in notation."""


class Phase(Enum):
    """Where in the game a state is."""

    DEAL = "deal"
    """Chance deals the opening hands, one card at a time, seat after seat."""
    DRAW = "draw"
    """Chance draws the card that starts ``turn``'s turn."""
    ACT = "act"
    """Seat ``turn`` plays cards, discards or ends the turn."""
    OVER = "over"
    """The game has ended; ``reason`` says why."""


@attrs.frozen(kw_only=True)
class Public:
    """What every seat sees alike of a position, declared once: the last fields of a
    :class:`State` and of a :class:`View`."""

    discard_pile: Counts
    """The face-up discard pile, as counts."""
    table: tuple[tuple[Sandwich, ...], ...]
    """Each seat's sandwiches, each bottom card first."""
    fly: SandwichId | None
    """The sandwich the fly token covers, or ``None`` while it is off the table."""
    phase: Phase
    """What happens next (deal, draw, act or over)."""
    turn: int
    """The seat being dealt to (deal) or whose turn it is (draw, act)."""
    played: bool = False
    """Whether the seat to act has played a card this turn."""
    actions: int = 0
    """Non-chance moves since the last sandwich was finished."""
    dealt: int = 0
    """Cards dealt so far in the deal phase."""
    reason: str | None = None
    """Why the game ended (``"three-sandwiches"``, ``"stuck"``, ``"sixty-actions"``), or ``None``."""

    @property
    def players(self) -> int:
        """The number of seats (each has a row of sandwiches, maybe empty)."""
        return len(self.table)


@attrs.frozen(field_transformer=own_fields_first, kw_only=True)
class State(Public):
    """A full position of the sandwich game (every card known): its own fields, then the
    :class:`Public` ones.

    Piles and hands are :data:`~picnic_rules.sandwich.cards.Counts` (no hidden
    order is stored: drawing is a chance node weighted by the counts). The
    table holds, for every seat, its sandwiches in the order they were started.
    Build it with keywords.
    """

    rules: Rules
    """The rules this game is played under."""
    hands: tuple[Counts, ...] = owned(own="hand", sizes="hand_sizes")
    """Each seat's hand, as counts per card kind: seen by its owner, the others see its size."""
    draw_pile: Counts = sized("draw_size")
    """The face-down draw pile, as counts: every seat sees its size."""


@attrs.frozen(field_transformer=own_fields_first, kw_only=True)
class View(Public):
    """What seat :attr:`player` may see: its own hand, the :class:`Public` part, and the
    sizes of the rest. Build it with keywords."""

    player: int
    """The seat this view belongs to."""
    rules: Rules
    """The rules the game is played under."""
    hand: Counts
    """This seat's own hand, as counts."""
    hand_sizes: tuple[int, ...]
    """How many cards every seat holds."""
    draw_size: int
    """How many cards the face-down draw pile holds."""
