"""A text picture of one seat's view: :func:`render`.

The picture shows what the seat may see -- its own hand, every sandwich on
the table, the sizes of the other hands and of the draw pile, the face-up
discard pile, the scores and the action count -- and nothing else (it is
drawn from a :class:`~picnic_rules.sandwich.View`, which holds nothing more).
Cards are named as in notation (``bread``, ``pb``, ``jelly``, ``ant``,
``fly``), sandwiches by their notation numbers (``1.0``).

The picture comes in sections, separated by a blank line, each led by a
line that reads alone (a terminal short of rows shows only that line of a
section, see :func:`picnic_rules.cli.screen.fold`): the header, then the
piles and the action count, then every seat's sandwiches and the reader's
hand -- what a turn is decided on, nearest the question. A finished game
ends with the final score counted out as the rules count it: each seat's
finished sandwiches, less the one under the fly.

With ``markup=True`` the same text comes with `rich
<https://rich.readthedocs.io>`_ console markup: the header bold, the
reader's seat bold, finished sandwiches dim, the fly in colour. The plain
picture never holds a ``[``, so rich reads no tag into it, and stripping
the tags from the marked-up picture gives the plain one.

Each seat's sandwiches share its second line (wrapped at a sandwich), each
named as in notation (``1.0``) and shown bottom card first; a finished one
is just "finished", as nothing can be added to it or taken from it.
"""

from __future__ import annotations

import textwrap
from typing import Final

from .cards import CARDS, Counts, Sandwich
from .predicates import counting_sandwiches, covered_by_fly, is_finished
from .state import Phase, View
from .words import ending

__all__ = ["WIDTH", "render"]

WIDTH: Final = 80
"""The widest header line; the other lines stay within it for four seats with short sandwiches."""

_Line = list[tuple[str, str]]  # (text, rich style or "") pieces of one line

_ROW: Final = 78  # the widest row of sandwiches

_HEADER = "bold"
_YOU = "bold"
_FINISHED = "dim"
_FLY = "bold magenta"


def render(v: View, *, markup: bool = False) -> str:
    """A multi-line text picture of view ``v``, as seat ``v.player`` sees the game.

    >>> from picnic_rules.sandwich import new_game, view
    >>> print(render(view(new_game(2), 1)))
    Dealing: card 1 of 4 goes to seat 0
    <BLANKLINE>
    Draw pile: 54 cards; discard pile: empty
    Actions without a finished sandwich: 0 of 60
    <BLANKLINE>
    Seat 0: 0 cards in hand, score 0 of 3
      no sandwiches
    Seat 1 (you): 0 cards in hand, score 0 of 3
      no sandwiches
    Your hand: empty
    >>> render(view(new_game(2), 1), markup=True).splitlines()[0]
    '[bold]Dealing: card 1 of 4 goes to seat 0[/bold]'
    """
    lines: list[_Line] = [[(text, _HEADER)] for text in _header(v)]
    piles = f"Draw pile: {_cards(v.draw_size)}; discard pile: {_counts(v.discard_pile)}"
    actions = f"Actions without a finished sandwich: {v.actions} of {v.rules.action_limit}"
    lines += [[], [(piles, "")], [(actions, "")], []]
    for seat in range(v.players):
        lines.append(_seat_line(v, seat))
        lines.extend(_sandwich_lines(v, seat))
    lines.append([(f"Your hand: {_counts(v.hand)}", "")])
    if v.phase is Phase.OVER:
        lines += [[], *_final(v)]
    return "\n".join(_join(line, markup) for line in lines)


def _final(v: View) -> list[_Line]:
    """The final score counted out: each seat's finished sandwiches, less the fly's."""
    rule = "Final score: each finished sandwich counts 1, unless the fly is on it"
    lines: list[_Line] = [[(rule, "")]]
    for seat in range(v.players):
        finished = sum(map(is_finished, v.table[seat]))
        spoiled = sum(
            1
            for index, sandwich in enumerate(v.table[seat])
            if is_finished(sandwich) and covered_by_fly(v.fly, seat, index)
        )
        name = f"seat {seat}{' (you)' if seat == v.player else ''}"
        text = f"  {name}: {finished} finished sandwich{'es' if finished != 1 else ''}"
        if spoiled:
            text += f" less {spoiled} under the fly"
        text += f" = {counting_sandwiches(v.table, v.fly, seat)}"
        lines.append([(text, _YOU if seat == v.player else "")])
    return lines


def _join(line: _Line, markup: bool) -> str:
    """One line as text; with ``markup``, each run of one style wrapped in its rich tags."""
    if not markup:
        return "".join(text for text, _ in line)
    runs: list[tuple[str, str]] = []
    for text, style in line:
        if runs and runs[-1][1] == style:
            runs[-1] = (runs[-1][0] + text, style)
        elif text:
            runs.append((text, style))
    return "".join(f"[{style}]{text}[/{style}]" if style else text for text, style in runs)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _counts(counts: Counts) -> str:
    """A hand or pile: ``"bread x2, jelly, ant"``, or ``"empty"``."""
    names = [
        f"{card} x{n}" if n > 1 else str(card) for card, n in zip(CARDS, counts, strict=True) if n
    ]
    return ", ".join(names) or "empty"


def _header(v: View) -> list[str]:
    """Who acts now, or how the game ended: the first line(s), wrapped at :data:`WIDTH`."""
    you = v.turn == v.player
    if v.phase is Phase.DEAL:
        dealt = v.players * v.rules.hand_size
        status = (
            f"Dealing: card {v.dealt + 1} of {dealt} goes to {'you' if you else f'seat {v.turn}'}"
        )
    elif v.phase is Phase.OVER:
        status = f"Game over — {ending(v)}"
    else:
        status = "Your turn" if you else f"Seat {v.turn}'s turn"
        if v.phase is Phase.DRAW:
            status += ": drawing a card"
        elif v.played:
            status += f": {'you have' if you else f'seat {v.turn} has'} played a card"
    return textwrap.wrap(status, WIDTH, subsequent_indent="  ")


def _seat_line(v: View, seat: int) -> _Line:
    """``"Seat 1: 2 cards in hand, score 0 of 3"``; the reader's own seat is marked and bold."""
    score = counting_sandwiches(v.table, v.fly, seat)
    text = (
        f"Seat {seat}{' (you)' if seat == v.player else ''}: {_cards(v.hand_sizes[seat])} "
        f"in hand, score {score} of {v.rules.sandwiches_to_win}"
    )
    return [(text, _YOU if seat == v.player else "")]


def _sandwich_lines(v: View, seat: int) -> list[_Line]:
    """The sandwiches of ``seat`` in a row, wrapped at a sandwich, each bottom card first
    with its marks: ``"  1.0 bread pb (fly)   1.1 finished"``."""
    if not v.table[seat]:
        return [[("  no sandwiches", "")]]
    lines: list[_Line] = []
    line: _Line = [("  ", "")]
    size = 2
    for index, sandwich in enumerate(v.table[seat]):
        item = _sandwich(v, seat, index, sandwich)
        width = sum(len(text) for text, _ in item)
        if size > 2 and size + 3 + width > _ROW:
            lines.append(line)
            line, size = [("  ", "")], 2
        if size > 2:
            line.append(("   ", ""))
            size += 3
        line += item
        size += width
    return [*lines, line]


def _sandwich(v: View, seat: int, index: int, sandwich: Sandwich) -> _Line:
    """``"1.0 bread pb jelly"``, or ``"1.0 finished"`` (a finished sandwich's cards matter no
    more); the fly's sandwich ends in ``(fly)``, or ``(fly: does not count)`` if finished."""
    finished = is_finished(sandwich)
    cards = "finished" if finished else " ".join(str(card) for card in sandwich)
    line = [(f"{seat}.{index} {cards}", _FINISHED if finished else "")]
    if covered_by_fly(v.fly, seat, index):
        line.append((" (fly: does not count)" if finished else " (fly)", _FLY))
    return line
