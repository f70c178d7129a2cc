"""The end of the poultry game: its one end reason and the scores (:func:`score`, :func:`result`),
and the figures a board shows of them as the game goes (:func:`figures`).

"Every player scores its grain by colour value plus the values of its captured
poultry (a captured -2 counts -2). The highest score wins; equal leaders all win."
"""

from __future__ import annotations

import functools
import operator
from itertools import compress
from typing import TypedDict

from ..game import Outcome, ScoreLine
from ..kit.memo import last_answer
from .cards import GRAINS, Counts, GrainCounts, kinds
from .rules import Rules
from .state import PublicView, State

__all__ = [
    "GRAIN_OUT",
    "REASONS",
    "CardFigure",
    "Figures",
    "card_values",
    "figures",
    "result",
    "score",
]

GRAIN_OUT = "grain-out"
"""The one way the game ends: the last round, whose supply emptied the bag below six, is over."""
REASONS = (GRAIN_OUT,)
"""Every end reason."""


def score(rules: Rules, grain: GrainCounts, stock: Counts) -> int:
    """Points of a food stock: grain by colour value plus the values of captured poultry.

    >>> rules = Rules()
    >>> stock = tuple(int(card.value == -2 and card.colour.value == "red") for card in rules.kinds)
    >>> score(rules, (1, 2, 3), stock)  # 1 + 4 + 9 points of grain, and a captured -2
    12
    """
    values, worth = _values(rules)
    if len(grain) != len(values):
        raise ValueError("grain holds a count for every grain colour")
    if len(stock) != len(worth):
        raise ValueError("a stock holds a count for every card of the deck")
    points: int = sum(map(operator.mul, grain, values))
    captured: int = sum(map(operator.mul, compress(stock, stock), compress(worth, stock)))
    return points + captured  # (the kinds not captured left out of the sum: they add 0)


@last_answer  # the scores of a search, and of a game, are all counted under one rules
def _values(rules: Rules) -> tuple[GrainCounts, tuple[int, ...]]:
    """What each grain colour and each captured card of ``rules`` scores."""
    return rules.grain_values, card_values(rules.poultry, rules.foxes)


@functools.lru_cache(maxsize=64)
def card_values(poultry: tuple[int, ...], foxes: tuple[int, ...]) -> tuple[int, ...]:
    """The value of each card of the deck (:func:`~picnic_rules.poultry.cards.kinds`), in the
    order of a :data:`~picnic_rules.poultry.cards.Counts`: what a captured one scores."""
    return tuple(card.value for card in kinds(poultry, foxes))


def result(state: State) -> Outcome:
    """Every seat's grain points plus captured poultry values; the highest wins, ties share."""
    scores = [
        score(state.rules, grain, stock)
        for grain, stock in zip(state.grain, state.stocks, strict=True)
    ]
    return Outcome.from_scores(scores, GRAIN_OUT)


class CardFigure(TypedDict):
    """A kind of card as a board draws it: ``str(card)`` is its ``notation``."""

    colour: str
    value: int
    fox: bool
    notation: str


class Figures(TypedDict):
    """The numbers a board shows of the poultry table (:func:`figures`)."""

    scores: list[int]
    """Each seat's points so far: grain by colour value plus captured poultry."""
    grain_points: list[int]
    """Each seat's grain by colour value."""
    cards: list[CardFigure]
    """The deck's kinds of card, in the order of every count of cards."""
    breakdown: list[list[ScoreLine]]
    """Each seat's points counted out: its grain by colour, then its captured poultry."""
    counting: str
    """How the score is counted, in a sentence."""


def _counting(values: tuple[int, ...]) -> str:
    worth = ", ".join(f"{g} {v}" for g, v in zip(GRAINS, values, strict=True))
    return (
        f"Each grain scores its colour's value ({worth}); each captured bird scores its "
        "own value (a -2 costs 2)."
    )


def _counted(rules: Rules, grain: GrainCounts, stock: Counts) -> list[ScoreLine]:
    """A seat's points counted out: each colour of grain, then each captured bird."""
    lines: list[ScoreLine] = [
        {"what": f"{n} {colour} grain{'' if n == 1 else 's'} x {value}", "points": n * value}
        for colour, n, value in zip(GRAINS, grain, rules.grain_values, strict=True)
        if n
    ]
    lines += [
        {"what": f"{card} caught", "points": card.value}
        for card, n in zip(rules.kinds, stock, strict=True)
        for _ in range(n)
    ]
    return lines or [{"what": "no grain and no poultry yet", "points": 0}]


def figures(public: PublicView) -> Figures:
    """The numbers a board shows of the table (:attr:`Game.figures <picnic_rules.Game.figures>`),
    all public: ``"scores"``, each seat's points so far (what :func:`result` would give
    now); ``"grain_points"``, each seat's grain by colour value; and ``"cards"``, the deck's
    kinds of card in the order of every count (a hand, the discard pile, a seat's stock),
    each as ``{"colour", "value", "fox", "notation"}``; ``"breakdown"``, each seat's points
    counted out (grain by colour, then each captured bird), and ``"counting"`` how.

    >>> from picnic_rules import GAMES
    >>> game = GAMES["poultry"]
    >>> shown = figures(game.public_view(game.new_game(2)))
    >>> shown["scores"], shown["grain_points"], shown["cards"][0]
    ([0, 0], [0, 0], {'colour': 'yellow', 'value': 6, 'fox': False, 'notation': 'yellow 6'})
    """
    rules = public.rules
    values = rules.grain_values
    return {
        "scores": [
            score(rules, grain, stock)
            for grain, stock in zip(public.grain, public.stocks, strict=True)
        ],
        "grain_points": [sum(map(operator.mul, grain, values)) for grain in public.grain],
        "cards": list(_card_figures(rules.poultry, rules.foxes)),
        "breakdown": [
            _counted(rules, grain, stock)
            for grain, stock in zip(public.grain, public.stocks, strict=True)
        ],
        "counting": _counting(values),
    }


@functools.lru_cache(maxsize=64)
def _card_figures(poultry: tuple[int, ...], foxes: tuple[int, ...]) -> tuple[CardFigure, ...]:
    """The figures of the deck's kinds of card (worked out once per deck)."""
    return tuple(
        {"colour": str(card.colour), "value": card.value, "fox": card.fox, "notation": str(card)}
        for card in kinds(poultry, foxes)
    )
