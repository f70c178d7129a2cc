"""The ants game's immutable :class:`State`, where each die is (:class:`Die`), the colonies
(:class:`Placed`) and the per-seat :class:`View`.

Nothing in the game is hidden from a seat once it has happened: the deck is
face up, Scoring cards and their Reward tokens lie face up, Round cards are
revealed when drawn. What is still unknown -- the next refill, the Round
cards left in the pile, the Reward tokens left in the box -- is not stored:
chance draws it when it happens. So a :class:`View` is the state and the seat.
"""

from __future__ import annotations

import attrs

from ..kit import Enum
from .cards import Category, PicnicCard, RoundCard, ScoringCard
from .rules import Rules

__all__ = [
    "CATEGORIES",
    "HOME",
    "PUDDLE",
    "Die",
    "Phase",
    "Placed",
    "PublicView",
    "Spot",
    "State",
    "View",
]


class Spot(Enum):
    """Where a die is."""

    HOME = "home"
    """On its owner's anthill."""
    PUDDLE = "puddle"
    """On the Puddle card (unavailable until the next bring back)."""
    LOOSE = "loose"
    """In the picnic area, touching no card."""
    AREA = "area"
    """Touching one picnic card, or two neighbouring ones."""


@attrs.frozen
class Die:
    """One die: where it is, the cards it touches (area only, ascending) and the ants it shows
    (0 when not in the area)."""

    spot: Spot
    cards: tuple[int, ...] = ()
    face: int = 0


HOME = Die(Spot.HOME)
"""A die on its anthill."""
PUDDLE = Die(Spot.PUDDLE)
"""A die on the Puddle."""


@attrs.frozen(cache_hash=True)
class Placed:
    """A card in a colony: its plate on cell ``(x, y)``, turned ``turn`` quarter turns
    clockwise; ``planner`` when it was placed with the Planner Round card."""

    card: PicnicCard
    x: int
    y: int
    turn: int
    planner: bool = False


class Phase(Enum):
    """Where in the game a state is."""

    SETUP = "setup"
    """Chance deals the Scoring cards and lays the Reward tokens."""
    FILL = "fill"
    """Chance draws the card that fills the first gap of the area."""
    SEND = "send"
    """Seat ``turn`` tosses a die (or plays a Round card first)."""
    LAND = "land"
    """Chance gives the landing of die ``tossing`` of seat ``turn``."""
    AFTER = "after"
    """Seat ``turn`` keeps the landing or tosses again (Scout re-toss, Re-toss card)."""
    SETTLE = "settle"
    """Seat ``turn`` moves its die touching two cards onto one of them."""
    PLACE = "place"
    """Seat ``turn`` places a card it won into its colony."""
    ROLLOFF = "rolloff"
    """Chance gives the roll-off totals of the seats tied for starting player."""
    ROUND_CARD = "round-card"
    """Chance gives the Round card the starting player draws."""
    OVER = "over"
    """The game has ended."""


@attrs.frozen
class State:
    """A full position of the ants game."""

    rules: Rules
    """The rules this game is played under."""
    area: tuple[PicnicCard | None, ...]
    """The card at each of the nine area positions (``None``: a gap or not in the layout)."""
    deck: tuple[int, ...]
    """The face-up deck as counts per card kind."""
    dice: tuple[tuple[Die, ...], ...]
    """Each seat's six dice, by die index."""
    colonies: tuple[tuple[Placed, ...], ...]
    """Each seat's colony, in the order the cards were placed."""
    won: tuple[tuple[PicnicCard, ...], ...]
    """Cards each seat won this round and has not placed yet."""
    set_aside: tuple[tuple[PicnicCard, ...], ...]
    """Won cards that had no legal place (they score nothing)."""
    held: tuple[tuple[RoundCard, ...], ...]
    """The Round cards each seat holds."""
    used: tuple[RoundCard, ...]
    """Round cards played (back in the box), in the order played."""
    scoring: tuple[ScoringCard, ...]
    """The Scoring cards in play (besides the Majority card), ascending."""
    rewards: tuple[int, ...]
    """The Reward token on each Scoring card."""
    majority: tuple[int, ...]
    """The Reward token on each :class:`Category` of the Majority card (empty before set-up)."""
    phase: Phase
    """What happens next."""
    round: int
    """The round, from 1."""
    starter: int
    """The starting player of the round."""
    turn: int
    """The seat to act (send out, after a landing, settle, place)."""
    tossing: int = -1
    """The die index in the air or just landed (``-1``: none)."""
    target: int = -1
    """The area position the die in the air was tossed at (``-1``: none)."""
    touched: bool = False
    """Whether the landing just made touched other dice (after a landing)."""
    scout_retossed: bool = False
    """Whether seat ``turn`` used its Scout re-toss this turn."""
    extra_tosses: int = 0
    """Tosses seat ``turn`` still has this turn after the current one (Double Time)."""
    honey: tuple[tuple[int, int], ...] = ()
    """Honey tokens this round: ``(seat, position)`` pairs."""
    head_start: int = -1
    """The seat that played Head Start this round (``-1``: none)."""
    tied: tuple[int, ...] = ()
    """Seats still tied for starting player (roll-off phase)."""
    rolloffs: int = 0
    """Roll-offs made so far for this starting player."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.dice)


@attrs.frozen
class View:
    """What seat ``player`` sees: the whole state (nothing that has happened is hidden)."""

    player: int
    """The seat this view belongs to."""
    state: State
    """The position."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.state.dice)


@attrs.frozen
class PublicView:
    """What every seat sees alike (a spectator's table): the whole state, since nothing
    that has happened is hidden in the ants game; a view less its seat."""

    state: State
    """The position."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.state.dice)


CATEGORIES = tuple(Category)
"""The Majority card's categories, in the order of :attr:`State.majority`."""
