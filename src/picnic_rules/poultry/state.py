"""The poultry game's immutable :class:`State`, the per-seat :class:`View`, and the
records of a haggle (:class:`Haggle`) and a duel (:class:`Duel`) in progress.

Both a state and a view end with a :class:`Public` part, which every seat sees
alike and which is declared once; their own fields come first: the state's
hands, deck and commitments, the view's own hand and the sizes of what it cannot
see. Build them with keywords (the engine updates them with
:func:`picnic_rules.kit.evolve`).
"""

from __future__ import annotations

import attrs

from ..kit import Enum, own_fields_first
from .cards import Card, Counts, GrainCounts
from .rules import Rules

__all__ = ["Duel", "Haggle", "Phase", "Public", "PublicView", "Seen", "State", "View"]


class Phase(Enum):
    """Where in a round a state is."""

    DEAL = "deal"
    """Chance deals the opening hands, one card at a time, round robin from seat 0."""
    SUPPLY = "supply"
    """Chance draws one grain from the bag for yard ``yard``."""
    COMMIT = "commit"
    """Seat ``turn`` commits its card(s) face down."""
    REVEAL = "reveal"
    """Every commitment is turned face up (a forced step)."""
    RESOLVE = "resolve"
    """Yard ``yard`` is resolved (a forced step)."""
    HAGGLE = "haggle"
    """The birds at yard ``yard`` haggle over its grain."""
    DUEL = "duel"
    """The contestants at yard ``yard`` roll the die."""
    DRAW = "draw"
    """Chance draws the seats' new cards, one at a time, round robin from seat 0."""
    OVER = "over"
    """The game has ended."""


@attrs.frozen
class Haggle:
    """A haggle at a yard: the involved ``seats`` (ascending) each get one proposal turn.

    ``proposer`` indexes ``seats``; ``allotted`` is the current proposal so far
    (grain per involved seat, in the order of ``seats``); ``accepted`` counts
    the answers given (all accepts) once every grain is allotted.
    """

    seats: tuple[int, ...]
    """The seats whose birds haggle, ascending."""
    proposer: int
    """Index in ``seats`` of the seat proposing now."""
    allotted: tuple[GrainCounts, ...]
    """The grain allotted so far to each involved seat, in the order of ``seats``."""
    accepted: int
    """How many other involved seats have accepted the complete proposal."""


@attrs.frozen
class Duel:
    """A dice duel at a yard: ``seats`` roll in ascending order, each adding its card value.

    ``rolls`` are this roll-off's rolls so far (in the order of ``seats``),
    ``ties`` the roll-offs that ended level so far, ``foxes`` whether foxes
    duel for the poultry (else birds for the grain).
    """

    seats: tuple[int, ...]
    """The contestants of this roll-off, ascending."""
    values: tuple[int, ...]
    """Their card values, in the order of ``seats``."""
    rolls: tuple[int, ...]
    """The rolls made so far in this roll-off."""
    ties: int
    """How many roll-offs have ended in a tie for the lead."""
    foxes: bool
    """Whether foxes duel for the poultry cards (else poultry for the grain)."""


@attrs.frozen
class Public:
    """What every seat sees alike of a position: the last fields of a :class:`State` and of
    a :class:`View`."""

    stocks: tuple[Counts, ...]
    """The poultry cards each seat's foxes captured."""
    bag: GrainCounts
    """The grain left in the bag."""
    yards: tuple[GrainCounts, ...]
    """The grain lying at each yard, left to right."""
    grain: tuple[GrainCounts, ...]
    """The grain each seat has eaten (its food stock)."""
    phase: Phase
    """What happens next."""
    round: int
    """The round (0 during the deal, then 1, 2, ...)."""
    turn: int
    """The seat to commit (in the commit phase)."""
    dealt: int
    """Card slots dealt (deal) or drawn (draw) so far this phase."""
    yard: int
    """The yard being supplied, resolved, haggled over or duelled at."""
    haggle: Haggle | None
    """The haggle in progress, or ``None``."""
    duel: Duel | None
    """The duel in progress, or ``None``."""
    rolled: tuple[int, ...]
    """The dice of the last roll-off finished (empty before the first): public record."""
    reason: str | None
    """Why the game ended, or ``None``."""


@attrs.frozen(field_transformer=own_fields_first)
class State(Public):
    """A full position of the poultry game: every card known.

    Its own fields come first, then the :class:`Public` ones.
    """

    rules: Rules
    """The rules this game is played under."""
    hands: tuple[Counts, ...]
    """Each seat's hand, as counts per kind."""
    deck: Counts
    """The face-down draw deck."""
    discard: Counts
    """The face-up discard pile."""
    played: tuple[tuple[Card, ...], ...]
    """The cards each seat committed this round and that still lie on the table."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)


@attrs.frozen(field_transformer=own_fields_first)
class Seen(Public):
    """What a view shows of the table beside the rules and the seat's own hand: every
    seat's view and the :class:`PublicView` share these fields (a spectator's table).

    Its own fields come first, then the :class:`Public` ones.
    """

    hand_sizes: tuple[int, ...]
    """How many cards every seat holds."""
    deck_size: int
    """How many cards the deck holds."""
    discard: Counts
    """The face-up discard pile."""
    played: tuple[tuple[Card, ...], ...]
    """The cards on the table that this view shows: every seat's once revealed, and in a
    seat's own view its own commitment (else empty)."""
    face_down: tuple[int, ...]
    """How many face-down cards each seat has committed that this view does not show (0
    for the seat's own in its own view)."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hand_sizes)


@attrs.frozen(field_transformer=own_fields_first)
class View(Seen):
    """What seat :attr:`player` may see: its own hand and commitment, everything public,
    and only the sizes of the other hands, of the deck and of other seats' face-down cards.

    Its own fields come first, then the :class:`Seen` and :class:`Public` ones.
    """

    player: int
    """The seat this view belongs to."""
    rules: Rules
    """The rules of the game."""
    hand: Counts
    """This seat's hand."""


@attrs.frozen(field_transformer=own_fields_first, kw_only=True)
class PublicView(Seen):
    """What every seat sees alike (a spectator's table): no hand, only the sizes of the
    hands and of the deck, the cards on the table once revealed, and of each commitment
    still face down only how many cards it holds.

    Its own field comes first, then the :class:`Seen` and :class:`Public` ones.
    """

    rules: Rules
    """The rules of the game."""
