"""The figures a board shows of an ants table (:func:`figures`): each seat's points if the
game ended now and how they are counted, what each Scoring, Majority and Round card does in
words, the cells of a card at each turn, and the placements open to the seat placing.

A board reads these rather than know the rules: which die is a soldier, how a card turns,
which colony a Reward token would go to.
"""

from __future__ import annotations

from typing import Final, TypedDict

from ..game import ScoreLine
from .cards import DIE_KINDS, Category, PicnicCard, RoundCard
from .colony import offsets, plates
from .engine import scores
from .legal import legal_moves
from .moves import Place
from .scoring import award, majority_count, measure
from .state import Phase, Placed, PublicView
from .words import ROUND_CARD_WORDS, SCORING_WORDS, turn_words

__all__ = [
    "COUNTING",
    "CardFigure",
    "Figures",
    "Placement",
    "ScoringFigure",
    "figures",
]

COUNTING: Final = (
    "Each Scoring card's Reward token and each Majority token goes to the single colony "
    "that counts the most of it (at least one); colonies tied for the most take a Tie token "
    "each instead."
)
"""How an ants score is counted (the figures' ``"counting"``)."""


class CardFigure(TypedDict):
    """A picnic card as a board draws it: ``str(card)`` is its ``notation``."""

    colour: str
    food: str
    ants: int
    notation: str


class Placement(TypedDict):
    """One legal placement of a won card: the move's notation, the card, where its plate
    goes and how it is turned (the cells it covers: the figures' ``"shapes"``)."""

    notation: str
    card: CardFigure
    x: int
    y: int
    turn: int
    planner: bool
    words: str


class ScoringFigure(TypedDict):
    """A Scoring or Majority token as a board lists it: what it rewards in words, its
    points, and what each colony counts of it now."""

    words: str
    points: int
    counts: list[int]


class Figures(TypedDict):
    """The numbers (and words) a board shows of the ants table (:func:`figures`)."""

    scores: list[int]
    """Each seat's points if the game ended now (the final scores once it has)."""
    breakdown: list[list[ScoreLine]]
    """Each seat's points counted out: the tokens its colony takes."""
    counting: str
    """How the score is counted, in a sentence."""
    scoring: list[ScoringFigure]
    """The Scoring cards in play, in order."""
    majority: list[ScoringFigure]
    """The Majority card's tokens, one per category (none before they are laid)."""
    round_cards: dict[str, str]
    """What each Round card does, by its name."""
    dice: list[str]
    """Each die's kind, by its index (the soldier first)."""
    shapes: dict[str, list[list[list[int | str]]]]
    """The cells a card covers, by its ants (``"3"``, ``"2"``), then by its turn (0 to 3):
    each ``[dx, dy, what]`` from its plate, ``what`` one of ``plate``, ``ant``, ``bare``."""
    turns: list[str]
    """Each turn of a card, in words."""
    placements: list[Placement]
    """Every legal placement of the seat placing now (else none)."""
    colonies: list[str]
    """What the Majority card counts in each seat's colony, in words."""


_PLURAL: Final = {"watermelon": "watermelons", "sandwich": "sandwiches", "cookie": "cookies"}


def _plates(colony: tuple[Placed, ...]) -> str:
    """A colony's plates in words: ``3 plates: 1 watermelon, 2 sandwiches, 0 cookies; 1
    blue, 2 green, 0 purple``."""
    cards = list(plates(colony).values())
    foods = [
        f"{n} {food if n == 1 else _PLURAL[food]}"
        for food in _PLURAL
        for n in [sum(1 for card in cards if str(card.food) == food)]
    ]
    colours = [
        f"{sum(1 for card in cards if str(card.colour) == colour)} {colour}"
        for colour in ("blue", "green", "purple")
    ]
    noun = "plate" if len(cards) == 1 else "plates"
    return f"{len(cards)} {noun}: {', '.join(foods)}; {', '.join(colours)}"


def _card(card: PicnicCard) -> CardFigure:
    return {
        "colour": str(card.colour),
        "food": str(card.food),
        "ants": card.ants,
        "notation": str(card),
    }


def _most(category: Category) -> str:
    """A Majority token in words: ``most cookies``, ``most blue plates``."""
    value = category.value
    return f"most {value}" if value.endswith("s") else f"most {value} plates"


def figures(public: PublicView) -> Figures:
    """The figures of an ants table (:attr:`Game.figures <picnic_rules.Game.figures>`),
    from its public view (the whole position: nothing is hidden in ants).

    >>> from picnic_rules import GAMES
    >>> game = GAMES["ants"]
    >>> shown = figures(game.public_view(game.new_game(2)))
    >>> shown["scores"], shown["dice"][:2], shown["shapes"]["2"][1]
    ([0, 0], ['soldier', 'worker'], [[0, 0, 'plate'], [0, 1, 'ant'], [-1, 0, 'ant'], [-1, 1, 'bare']])
    """
    state = public.state
    colonies = [plates(colony) for colony in state.colonies]
    tie = state.rules.tie_token
    players = len(colonies)
    lines: list[list[ScoreLine]] = [[] for _ in range(players)]
    scoring: list[ScoringFigure] = []
    majority: list[ScoringFigure] = []
    counted = [
        (f"card {card.value}, {SCORING_WORDS[card]}", [measure(card, p) for p in colonies], t)
        for card, t in zip(state.scoring, state.rewards, strict=True)
    ]
    majorities = [
        (_most(category), [majority_count(category, p) for p in colonies], t)
        for category, t in zip(Category, state.majority, strict=False)  # none before set-up
    ]
    for kept, rows in ((scoring, counted), (majority, majorities)):
        for what, counts, token in rows:
            kept.append({"words": what, "points": token, "counts": counts})
            for seat, points in enumerate(award(counts, token, tie)):
                if points:
                    most = "the most" if points == token else "tied for the most (a Tie token)"
                    lines[seat].append(
                        {"what": f"{what}: {counts[seat]}, {most}", "points": points}
                    )
    for seat in range(players):
        if not lines[seat]:
            lines[seat].append({"what": "no token: no colony of the most", "points": 0})
    return {
        "scores": list(scores(state)),
        "breakdown": lines,
        "counting": COUNTING,
        "scoring": scoring,
        "majority": majority,
        "round_cards": {str(card): ROUND_CARD_WORDS[card] for card in RoundCard},
        "dice": [str(kind) for kind in DIE_KINDS],
        "shapes": {
            str(ants): [
                [[dx, dy, what] for dx, dy, what in offsets(ants, turn)] for turn in range(4)
            ]
            for ants in (3, 2)
        },
        "turns": [turn_words(turn) for turn in range(4)],
        "placements": _placements(public) if state.phase is Phase.PLACE else [],
        "colonies": [_plates(colony) for colony in state.colonies],
    }


def _placements(public: PublicView) -> list[Placement]:
    """Every legal placement of the seat placing now, with its card and cells."""
    return [
        {
            "notation": str(move),
            "card": _card(move.card),
            "x": move.x,
            "y": move.y,
            "turn": move.turn,
            "planner": move.planner,
            "words": f"plate at column {move.x}, row {move.y}, {turn_words(move.turn)}"
            + (" (Planner: beside the colony)" if move.planner else ""),
        }
        for move in legal_moves(public.state)
        if isinstance(move, Place)
    ]
