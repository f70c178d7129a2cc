"""A text picture of an insects view for a terminal (:func:`render`).

Every number on it is named: the piles' numbers are the ones a player types (``on 2``,
``swat 2``) and a line says how they move when a pile leaves the table; the seats are a
table with a heading and a line that works out the score; the deck line says what the
deck is for. No line is longer than :data:`WIDTH` (long piles and hands wrap at a card).

The picture comes in sections, separated by a blank line, each led by a line that reads
alone (a short terminal shows only that line of a section, see
:func:`picnic_rules.cli.screen.fold`): the header, the seats under the scores so
far (and the deck), then the piles and the reader's hand -- what a turn is decided on, nearest the
question. A finished game ends with each seat's final score worked out as the rules count
it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import CARDS, Card, colour_of
from .predicates import attacking_pile, next_with_food, score
from .state import Phase, View
from .words import REASON_WORDS, answer_words, card_words

__all__ = ["SCORE_LEGEND", "WIDTH", "render"]

WIDTH: Final = 78
"""The longest line of a picture, so that it fits an 80-column terminal."""

SCORE_LEGEND: Final = "score = 10 x (food + captured) + 2 x insects won - weapons used"
"""The line under the seats that says how a score is made of the columns before it."""

_HEADING: Final = "             food captured insects weapons score"
_NUMBERING: Final = "piles (when a pile leaves the table, the later ones move down one):"
_OUT: Final = "(out): no food left, so that player's cards are no longer played"
_INDENT: Final = "     "

_Atom = tuple[str, str]
"""A piece of a line that never breaks: its plain text and its text with markup."""

_GAP: Final[_Atom] = ("", "")  # the blank line between two sections


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


def _listed(parts: Sequence[tuple[Card, int]], markup: bool) -> list[_Atom]:
    """Cards (each with how many) as atoms of a comma-separated list."""
    atoms: list[_Atom] = []
    for i, (card, n) in enumerate(parts):
        comma = "," if i < len(parts) - 1 else ""
        atoms.append((_card(card, False, n) + comma, _card(card, markup, n) + comma))
    return atoms


def _words(text: str) -> list[_Atom]:
    return [(word, word) for word in text.split(" ")]


def _fold(first: str, atoms: Sequence[_Atom], indent: str = _INDENT) -> list[_Atom]:
    """``first`` then the atoms, one space apart, in lines of at most :data:`WIDTH` columns;
    an atom that starts with spaces keeps them only inside a line (so ``"  <- ..."`` stays
    two spaces from the card before it), and lines after the first start with ``indent``.
    """
    lines: list[_Atom] = []
    plain, marked = first, first
    for text, shown in atoms:
        glue = "" if text.startswith(" ") or plain.endswith(" ") else " "
        if plain.strip() and len(plain) + len(glue) + len(text) > WIDTH:
            lines.append((plain, marked))
            plain, marked, glue = indent, indent, ""
            text, shown = text.lstrip(), shown.lstrip()
        plain, marked = plain + glue + text, marked + glue + shown
    lines.append((plain, marked))
    return lines


def _header(v: View) -> str:
    if v.phase is Phase.OVER:
        return f"insects - game over: {REASON_WORDS.get(str(v.reason), str(v.reason))}"
    if v.phase is Phase.DEAL:
        return f"insects - dealing to seat {v.turn}"
    if v.phase is Phase.DRAW:
        return f"insects - seat {v.turn} draws {_cards(v.draws)}"
    attack = attacking_pile(v.piles)
    who = "you" if v.turn == v.player else f"seat {v.turn}"
    header = f"insects - {who} to act"
    if attack is not None:
        header += f", attacked by pile {attack}"
    return header


def _piles(v: View, markup: bool) -> list[_Atom]:
    if not v.piles:
        return [("piles: none", "piles: none")]
    lines: list[_Atom] = [(_NUMBERING, _NUMBERING)]
    attack = attacking_pile(v.piles)
    for index, pile in enumerate(v.piles):
        atoms = _listed([(card, 1) for card in pile], markup)
        if index == attack and v.last is not None:
            target = next_with_food(v.food, v.last)
            marker = f"  <- attack by seat {v.last} on seat {target}"
            atoms.append((marker, marker))
        lines += _fold(f"  {index}:", atoms)
        if index == attack:
            lines += _fold(_INDENT, _words(answer_words(v, pile)))
    return lines


def _seats(v: View, markup: bool) -> list[_Atom]:
    scores = ", ".join(
        f"{'you' if seat == v.player else f'seat {seat}'} {_score(v, seat)}"
        for seat in range(v.players)
    )
    title = f"scores so far: {scores}"
    lines: list[_Atom] = [(title, title), (_HEADING, _HEADING)]
    for seat in range(v.players):
        scored = v.scored[seat]
        points = _score(v, seat)
        name = f"seat {seat} (you)" if seat == v.player else f"seat {seat}"
        line = (
            f"{name:<12} {v.food[seat]:>4} {v.captured[seat]:>8} {sum(scored[:15]):>7} "
            f"{sum(scored[15:]):>7} {points:>5}  {_cards(v.hand_sizes[seat])} in hand"
        )
        if not v.food[seat]:
            line += " (out)"
        if _actor(v) == seat:
            line += " <- to act"
        lines.append((line, f"[bold]{line}[/bold]" if markup and seat == v.player else line))
    lines.append((SCORE_LEGEND, SCORE_LEGEND))
    if not all(v.food):
        lines.append((_OUT, _OUT))
    return lines


def _score(v: View, seat: int) -> int:
    return score(v.scored[seat], v.captured[seat], v.food[seat])


def _final(v: View) -> list[_Atom]:
    """Each seat's final score worked out: food and captured cards, insects, weapons."""
    title = "final score: " + SCORE_LEGEND.removeprefix("score = ")
    lines: list[_Atom] = [(title, title)]
    for seat in range(v.players):
        scored = v.scored[seat]
        name = f"seat {seat} (you)" if seat == v.player else f"seat {seat}"
        line = (
            f"  {name}: 10 x ({v.food[seat]} + {v.captured[seat]}) + 2 x {sum(scored[:15])}"
            f" - {sum(scored[15:])} = {_score(v, seat)}"
        )
        lines.append((line, line))
    return lines


def _deck(v: View) -> str:
    refill = "1 card" if v.rules.draw_one else f"back to {v.rules.hand_size}"
    return f"a player who plays or defends draws {refill} from the deck: {_cards(v.deck_size)}"


def render(v: View, *, markup: bool = False) -> str:
    """A picture of ``v``: a header, the deck, every seat's food and score, the piles, then
    the hand (and at the end, the final scores worked out).

    With ``markup=True`` insects are coloured and the reader's seat is bold (rich console
    markup). Under the attacking pile a line says what answers it; under the seats, how a
    score is counted: 10 per food card (one's own still kept, and captured), 2 per insect
    and -1 per weapon in one's score pile.

    >>> from picnic_rules.insects import new_game, view
    >>> print(render(view(new_game(2), 0)))
    insects - dealing to seat 0
    <BLANKLINE>
    scores so far: you 120, seat 1 120
                 food captured insects weapons score
    seat 0 (you)   12        0       0       0   120  0 cards in hand
    seat 1         12        0       0       0   120  0 cards in hand
    score = 10 x (food + captured) + 2 x insects won - weapons used
    a player who plays or defends draws back to 8 from the deck: 126 cards
    <BLANKLINE>
    piles: none
    your hand: nothing
    """
    lines: list[_Atom] = [(_header(v),) * 2, _GAP]
    over = v.phase is Phase.OVER
    lines += _seats(v, markup)
    deck = _deck(v)
    lines += [(deck, deck), _GAP]
    lines += _piles(v, markup)
    held = [(CARDS[kind], n) for kind, n in enumerate(v.hand) if n]
    lines += _fold("your hand:", _listed(held, markup) or [("nothing", "nothing")], "  ")
    if over:
        lines += [_GAP, *_final(v)]
    return "\n".join(marked if markup else plain for plain, marked in lines)
