"""The ants game's options (:class:`Rules`) and its fixed geometry: the picnic-area layouts.

The defaults are the house rules: 36 picnic cards (every food x every plate
colour x 4, two of the four with two ants), the die faces, twelve Reward
tokens, all eight Round cards in the box with five dealt (so six rounds).

The area lies on a 3x3 grid of positions numbered row by row from 0
(top-left): 2 players use the plus shape, 3 players the square without
positions 0 and 8, 4 players the full square.

>>> layout(2), layout(3)
((1, 3, 4, 5, 7), (1, 2, 3, 4, 5, 6, 7))
>>> neighbours(4)
(1, 3, 5, 7)
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from ..errors import RulesError
from ..game import check_player_count
from ..kit.options import count, flag
from .cards import DieKind, RoundCard

__all__ = [
    "MAX_COPIES",
    "MAX_FACE",
    "MAX_FACES",
    "MAX_REWARD",
    "PLAYERS",
    "POSITIONS",
    "Rules",
    "are_neighbours",
    "layout",
    "neighbours",
]

PLAYERS: Final = (2, 4)
"""The fewest and the most seats."""

POSITIONS: Final = 9
"""Area positions: the 3x3 grid, numbered row by row from 0."""

MAX_COPIES: Final = 20
"""The most copies of one food and colour the deck may hold."""
MAX_FACES: Final = 20
"""The most faces a die may have."""
MAX_FACE: Final = 9
"""The most ants a die face may show."""
MAX_REWARD: Final = 50
"""The largest Reward or Tie token value."""

_SOLDIER: Final = DieKind.SOLDIER
_WORKER: Final = DieKind.WORKER
"""The die kinds :meth:`Rules.faces` asks about, as module constants (a module global is read
several times faster than an enum's member)."""

_LAYOUTS: Final = {
    2: (1, 3, 4, 5, 7),
    3: (1, 2, 3, 4, 5, 6, 7),
    4: (0, 1, 2, 3, 4, 5, 6, 7, 8),
}


def layout(players: int) -> tuple[int, ...]:
    """The area positions used with ``players`` seats (5, 7 or 9 of them)."""
    check_player_count("ants", PLAYERS, players)
    return _LAYOUTS[players]


_NEIGHBOURS: Final = tuple(
    tuple(q for q in range(POSITIONS) if abs(q // 3 - p // 3) + abs(q % 3 - p % 3) == 1)
    for p in range(POSITIONS)
)


def neighbours(position: int) -> tuple[int, ...]:
    """The grid positions orthogonally next to ``position`` (whether or not in a layout)."""
    return _NEIGHBOURS[position]


def are_neighbours(a: int, b: int) -> bool:
    """Whether area positions ``a`` and ``b`` are orthogonally adjacent."""
    return 0 <= a < POSITIONS and b in _NEIGHBOURS[a]


def _faces(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    name = attribute.name
    if type(value) is not tuple or not 2 <= len(value) <= MAX_FACES:
        raise RulesError(f"{name} must be a tuple of 2 to {MAX_FACES} faces", field=name)
    if any(type(v) is not int or not 0 <= v <= MAX_FACE for v in value):
        raise RulesError(f"{name}: every face shows 0 to {MAX_FACE} ants", field=name)
    if list(value) != sorted(value):
        raise RulesError(f"{name}: list the faces from fewest ants to most", field=name)


def _rewards(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not tuple or not 6 <= len(value) <= 30:
        raise RulesError("rewards must be a tuple of 6 to 30 token values", field="rewards")
    if any(type(v) is not int or not 1 <= v <= MAX_REWARD for v in value):
        raise RulesError(f"rewards: every token is worth 1 to {MAX_REWARD}", field="rewards")
    if list(value) != sorted(value):
        raise RulesError("rewards: list the tokens from smallest to largest", field="rewards")


def _round_cards(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not tuple or any(card.__class__ is not RoundCard for card in value):
        raise RulesError("round_cards must be a tuple of RoundCard", field="round_cards")
    if len(set(value)) != len(value) or list(value) != [c for c in RoundCard if c in value]:
        raise RulesError("round_cards: each card once, in RoundCard order", field="round_cards")


@attrs.frozen
class Rules:
    """Options of the ants game; invalid values raise :class:`~picnic_rules.RulesError`.

    >>> from picnic_rules.ants import RoundCard
    >>> Rules().rounds
    6
    >>> Rules(round_cards=(RoundCard.HONEY,), round_cards_dealt=2)
    Traceback (most recent call last):
    ...
    picnic_rules.errors.RulesError: round_cards_dealt 2 is more than the 1 Round cards in the box
    """

    soldier_faces: tuple[int, ...] = attrs.field(
        default=(0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3), validator=_faces
    )
    """Ants on each face of the Soldier (a d12)."""
    worker_faces: tuple[int, ...] = attrs.field(default=(1, 2, 3, 3, 4, 4), validator=_faces)
    """Ants on each face of a Worker (a d6)."""
    scout_faces: tuple[int, ...] = attrs.field(default=(1, 1, 2, 2, 3, 3), validator=_faces)
    """Ants on each face of a Scout (a d6)."""
    copies: int = count(4, minimum=1, maximum=MAX_COPIES)
    """Picnic cards of each food and colour (9 kinds, so 36 cards by default)."""
    two_ant_copies: int = count(2, minimum=0, maximum=MAX_COPIES)
    """How many of those copies have two ants (the cell diagonal to the plate bare)."""
    rewards: tuple[int, ...] = attrs.field(
        default=(3, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 7), validator=_rewards
    )
    """The Reward tokens in the box."""
    tie_token: int = count(3, minimum=0, maximum=MAX_REWARD)
    """The value of a Tie token."""
    round_cards: tuple[RoundCard, ...] = attrs.field(
        default=tuple(RoundCard), validator=_round_cards
    )
    """The Round cards in the box (each at most once)."""
    round_cards_dealt: int = count(5, minimum=0, maximum=len(RoundCard))
    """Round cards dealt: the game lasts one round more than this."""
    majority_only: bool = flag(False)
    """For young players: no Scoring cards, only the Majority card."""

    def __attrs_post_init__(self) -> None:
        if self.two_ant_copies > self.copies:
            raise RulesError(
                f"two_ant_copies {self.two_ant_copies} is more than copies {self.copies}",
                field="two_ant_copies",
            )
        if self.round_cards_dealt > len(self.round_cards):
            raise RulesError(
                f"round_cards_dealt {self.round_cards_dealt} is more than the "
                f"{len(self.round_cards)} Round cards in the box",
                field="round_cards_dealt",
            )

    @property
    def rounds(self) -> int:
        """How many rounds a game lasts: one more than the Round cards dealt."""
        return self.round_cards_dealt + 1

    def faces(self, kind: DieKind) -> tuple[int, ...]:
        """The ants on each face of a die of ``kind``."""
        if kind is _SOLDIER:
            return self.soldier_faces
        return self.worker_faces if kind is _WORKER else self.scout_faces

    def die_faces(self, die: int) -> tuple[int, ...]:
        """The faces of die index ``die`` (0 the Soldier, 1-3 the Workers, 4-5 the Scouts)."""
        if die == 0:
            return self.soldier_faces
        return self.worker_faces if die < 4 else self.scout_faces

    @property
    def deck(self) -> tuple[int, ...]:
        """The whole deck as counts per :data:`~picnic_rules.ants.cards.CARD_KINDS` kind."""
        three, two = self.copies - self.two_ant_copies, self.two_ant_copies
        return (three, two) * 9

    def scoring_cards_for(self, players: int) -> int:
        """How many Scoring cards are dealt besides the Majority card (0 with ``majority_only``)."""
        return 0 if self.majority_only else players + 1

    def check_players(self, players: object) -> int:
        """``players`` if these rules can seat them; :class:`~picnic_rules.RulesError` if not."""
        players = check_player_count("ants", PLAYERS, players)
        needed = 6 + self.scoring_cards_for(players)
        if len(self.rewards) < needed:
            raise RulesError(
                f"{players} players need {needed} Reward tokens, not {len(self.rewards)}",
                field="rewards",
            )
        return players
