"""A text picture of an insects view for a terminal (:func:`render`)."""

from __future__ import annotations

from .cards import CARDS, Card, colour_of
from .predicates import attacking_pile, next_with_food, score
from .state import Phase, View
from .words import card_words

__all__ = ["render"]


def _card(card: Card, markup: bool, n: int = 1) -> str:
    text = card_words(card, n) if n != 1 else card_words(card)[2:].lstrip()
    colour = colour_of(card)
    if markup and colour is not None:
        return f"[{colour}]{text}[/{colour}]"
    return text


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _actor(v: View) -> int | None:
    return v.turn if v.phase is Phase.TURN else None


def render(v: View, *, markup: bool = False) -> str:
    """A picture of ``v``: a header, the piles, every seat's food and score, then the hand.

    With ``markup=True`` insects are coloured and the reader's seat is bold (rich console
    markup).

    >>> from picnic_rules.insects import new_game, view
    >>> print(render(view(new_game(2), 0)))
    insects - dealing to seat 0
    piles: none
    seat 0 (you): food 12, captured 0, score 120, 0 cards in hand
    seat 1: food 12, captured 0, score 120, 0 cards in hand
    deck: 126 cards
    your hand: nothing
    """
    if v.phase is Phase.OVER:
        header = f"insects - game over ({v.reason})"
    elif v.phase is Phase.DEAL:
        header = f"insects - dealing to seat {v.turn}"
    elif v.phase is Phase.DRAW:
        header = f"insects - seat {v.turn} draws {_cards(v.draws)}"
    else:
        attack = attacking_pile(v.piles)
        who = "you" if v.turn == v.player else f"seat {v.turn}"
        header = f"insects - {who} to act"
        if attack is not None:
            header += f", attacked by pile {attack}"
    lines = [header]
    attack = attacking_pile(v.piles)
    if not v.piles:
        lines.append("piles: none")
    else:
        lines.append("piles:")
        for index, pile in enumerate(v.piles):
            cards = ", ".join(_card(card, markup) for card in pile)
            line = f"  {index}: {cards}"
            if index == attack and v.last is not None:
                target = next_with_food(v.food, v.last)
                line += f"  <- attack by seat {v.last} on seat {target}"
            lines.append(line)
    for seat in range(v.players):
        points = score(v.scored[seat], v.captured[seat], v.food[seat])
        name = f"seat {seat} (you)" if seat == v.player else f"seat {seat}"
        line = (
            f"{name}: food {v.food[seat]}, captured {v.captured[seat]}, score {points}, "
            f"{_cards(v.hand_sizes[seat])} in hand"
        )
        if not v.food[seat]:
            line += " (out)"
        if _actor(v) == seat:
            line += " <- to act"
        lines.append(f"[bold]{line}[/bold]" if markup and seat == v.player else line)
    lines.append(f"deck: {_cards(v.deck_size)}")
    held = [_card(CARDS[kind], markup, n) for kind, n in enumerate(v.hand) if n]
    lines.append(f"your hand: {', '.join(held) or 'nothing'}")
    return "\n".join(lines)
