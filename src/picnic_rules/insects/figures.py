"""The figures a board shows of an insects table (:func:`figures`): each seat's points so
far and how they are counted, the attacking pile, and the kinds of card by name.

A board reads these rather than know the rules: what a card is, which pile attacks, how
food, insects and weapons make a score.
"""

from __future__ import annotations

from typing import Any, Final, TypedDict

from ..game import ScoreLine
from .cards import WEAPONS, Card, insect_of, is_joker
from .predicates import attacking_pile, score
from .words import card_words

__all__ = ["COUNTING", "CardFigure", "Figures", "figures"]

COUNTING: Final = (
    "Each food card scores 10, one's own still kept and each captured; each insect won "
    "scores 2; each weapon used costs 1."
)
"""How an insects score is counted (the figures' ``"counting"``)."""


class CardFigure(TypedDict):
    """A kind of card as a board draws it: ``str(card)`` is its ``notation`` (the name a
    move group gives it), ``words`` its name for players; an insect's ``insect`` and
    ``colour`` (``"joker"`` for a joker), or a weapon's ``weapon``."""

    notation: str
    words: str
    insect: str | None
    colour: str | None
    weapon: str | None


class Figures(TypedDict):
    """The numbers a board shows of the insects table (:func:`figures`)."""

    scores: list[int]
    """Each seat's points so far: what it would score if the game ended now."""
    breakdown: list[list[ScoreLine]]
    """Each seat's points counted out: food kept and captured, insects won, weapons used."""
    counting: str
    """How the score is counted, in a sentence."""
    attacking: int | None
    """The attacking pile (two cards or more), or ``None``."""
    cards: list[CardFigure]
    """The kinds of card, in the order of every count of cards (a hand, a score pile)."""
    weapons: list[str]
    """The weapon that swats each pile, or defends against it (its insect's), by pile."""


def _card(card: Card) -> CardFigure:
    weapon = card >= Card.SPRAY
    name = str(card)
    return {
        "notation": name,
        "words": card_words(card)[2:].lstrip(),  # without its article
        "insect": None if weapon else str(insect_of(card)),
        "colour": None if weapon else "joker" if is_joker(card) else name.split(" ")[0],
        "weapon": name if weapon else None,
    }


CARDS: Final = tuple(_card(card) for card in Card)


def _counted(food: int, captured: int, scored: Any) -> list[ScoreLine]:
    insects, weapons = sum(scored[:15]), sum(scored[15:])
    return [
        {"what": f"{_n(food, 'food card')} kept x 10", "points": 10 * food},
        {"what": f"{_n(captured, 'food card')} captured x 10", "points": 10 * captured},
        {"what": f"{_n(insects, 'insect')} won x 2", "points": 2 * insects},
        {"what": f"{_n(weapons, 'weapon')} used x -1", "points": -weapons},
    ]


def _n(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def figures(public: Any) -> Figures:
    """The figures of an insects table (:attr:`Game.figures <picnic_rules.Game.figures>`),
    all public: each seat's ``"scores"`` so far (:func:`~picnic_rules.insects.score`) and
    ``"breakdown"``, ``"counting"`` (how), the ``"attacking"`` pile, the ``"cards"`` and
    the ``"weapons"`` that swat each pile.

    >>> from picnic_rules import GAMES
    >>> game = GAMES["insects"]
    >>> shown = figures(game.public_view(game.new_game(2)))
    >>> shown["scores"], shown["attacking"], shown["cards"][4]["words"]
    ([120, 120], None, 'ant joker')
    >>> shown["breakdown"][0][0]
    {'what': '12 food cards kept x 10', 'points': 120}
    """
    seats = range(len(public.food))
    return {
        "scores": [score(public.scored[s], public.captured[s], public.food[s]) for s in seats],
        "breakdown": [
            _counted(public.food[s], public.captured[s], public.scored[s]) for s in seats
        ],
        "counting": COUNTING,
        "attacking": attacking_pile(public.piles),
        "cards": list(CARDS),
        "weapons": [str(WEAPONS[insect_of(pile[0])]) for pile in public.piles],
    }
