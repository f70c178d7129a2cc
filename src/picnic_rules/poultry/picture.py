"""A text picture of a view (:func:`render`), for terminals and logs.

The picture comes in sections, separated by a blank line, each led by a line that reads
alone (a short terminal shows only that line of a section, see
:func:`picnic_rules.cli.screen.fold`): the header; the seats under their points so far,
and the bag and the deck; the reader's hand; then the six yards and a haggle or a duel --
what a seat decides on, nearest the question. A finished game ends with each seat's score
counted out as the rules count it: its grain by colour, then its captured poultry.
"""

from __future__ import annotations

import textwrap

from .cards import COLOURS, GRAINS
from .engine import to_move
from .scoring import score
from .state import Phase, View
from .words import counted, ending, grain_words

__all__ = ["render"]

WIDTH = 78
"""The widest line of a picture (an 80-column terminal with room to spare)."""

_HALF = 38
"""The widest yard that shares its line with the next (two make 78 columns)."""

_PHASES = {
    Phase.SUPPLY: "grain falls on the farmyards",
    Phase.COMMIT: "cards committed face down",
    Phase.REVEAL: "the cards are turned up",
    Phase.RESOLVE: "the farmyards resolve",
    Phase.HAGGLE: "birds haggle",
    Phase.DUEL: "a dice duel",
    Phase.DRAW: "hands are filled",
}
"""What happens in each phase of a round, for the picture's first line."""


def _hand(v: View) -> str:
    cards = [str(card) for card, n in zip(v.rules.kinds, v.hand, strict=True) for _ in range(n)]
    return ", ".join(cards) or "no cards"


def render(view: View, *, markup: bool = False) -> str:
    """A picture of ``view``: the header and the bag, each seat's hand size, food and
    score, the six yards left to right with their grain and the cards on them (face-down
    cards only counted, on the seat's line), a haggle's or a duel's state, and the seat's
    own hand -- what a seat decides on last, nearest its moves. With ``markup=True`` the
    seat's own lines are bold (rich markup).
    """
    v = view
    actor = to_move(v)
    if v.phase is Phase.OVER:
        header = ending(v).capitalize() + "."
    elif v.phase is Phase.DEAL:
        header = "Dealing the hands."
    else:
        who = "chance" if not isinstance(actor, int) else "you" if actor == v.player else ""
        who = who or f"seat {actor}"
        last = " (the last round)" if sum(v.bag) < len(COLOURS) else ""
        header = f"Round {v.round}{last}, {_PHASES.get(v.phase, v.phase.value)}: {who} to act."
    points = [score(v.rules, v.grain[seat], v.stocks[seat]) for seat in range(v.players)]
    so_far = ", ".join(f"{_who(v, seat)} {n}" for seat, n in enumerate(points))
    lines = [header, "", f"points so far: {so_far}"]
    for seat in range(v.players):
        down = f", {v.face_down[seat]} face down" if v.face_down[seat] else ""
        stock = [
            str(card)
            for card, n in zip(v.rules.kinds, v.stocks[seat], strict=True)
            for _ in range(n)
        ]
        line = (
            f"seat {seat}{' (you)' if seat == v.player else ''}: "
            f"{counted(v.hand_sizes[seat], 'card')}{down}; "
            f"food {grain_words(v.grain[seat])}"
            + (f"; poultry {', '.join(stock)}" if stock else "")
            + f"; {counted(points[seat], 'point')}"
        )
        lines.append(f"[bold]{line}[/bold]" if markup and seat == v.player else line)
    hand = f"your hand: {_hand(v)}"
    lines += [f"bag: {grain_words(v.bag)}; deck {counted(v.deck_size, 'card')}", ""]
    lines += [f"[bold]{hand}[/bold]" if markup else hand, ""]
    yards = []
    for y, colour in enumerate(COLOURS):
        here: list[str] = []
        for seat, cards in enumerate(v.played):
            mine = [str(c) for c in cards if c.colour is colour]
            if mine:
                here.append(f"{_who(v, seat)}: {', '.join(mine)}")
        now = v.phase in (Phase.RESOLVE, Phase.HAGGLE, Phase.DUEL) and v.yard == y
        mark = " <- its turn now" if now else ""
        cards_here = "; ".join(here)
        yards.append(
            f"{colour.yard.removeprefix('the ')} ({colour}): {_grain(v.yards[y])}"
            + (f" | {cards_here}" if cards_here else "")
            + mark
        )
    lines += _columns(yards)
    if v.haggle is not None:
        h = v.haggle
        offer = ", ".join(
            f"seat {s}: {grain_words(a)}" for s, a in zip(h.seats, h.allotted, strict=True)
        )
        lines.append(f"haggle: seat {h.seats[h.proposer]} proposes -- {offer}")
    if v.duel is not None:
        d = v.duel
        rolls = ", ".join(f"seat {s} rolled {r}" for s, r in zip(d.seats, d.rolls, strict=False))
        kind = "foxes" if d.foxes else "birds"
        lines.append(
            f"duel of {kind} (ties so far {d.ties}): " + (rolls or "nobody has rolled yet")
        )
    if v.phase is Phase.OVER:
        lines += ["", *_final(v)]
    return "\n".join(wrapped for line in lines for wrapped in _wrapped(line))


def _wrapped(line: str) -> list[str]:
    """``line`` in rows of at most :data:`WIDTH` columns, broken at spaces, the later rows
    indented (a blank line stays: it parts two sections); a line in bold markup is bold
    row by row."""
    bold = line.startswith("[bold]") and line.endswith("[/bold]")
    text = line.removeprefix("[bold]").removesuffix("[/bold]") if bold else line
    rows = textwrap.wrap(text, WIDTH, subsequent_indent="  ", break_on_hyphens=False) or [text]
    return [f"[bold]{row}[/bold]" if bold else row for row in rows]


def _grain(grain: tuple[int, ...]) -> str:
    """Grain in few words: ``"1 green, 2 yellow"`` (``"none"``)."""
    return ", ".join(f"{n} {g}" for g, n in zip(GRAINS, grain, strict=True) if n) or "none"


def _columns(cells: list[str]) -> list[str]:
    """The yards two to a line, left to right, where both fit (in columns where they can);
    else one."""
    lines = []
    for left, right in zip(cells[::2], cells[1::2], strict=True):
        column = max(len(left), _HALF)
        if column + 2 + len(right) <= 2 * _HALF + 2:
            lines.append(f"{left:<{column}}  {right}")
        elif len(left) + 2 + len(right) <= 2 * _HALF + 2:
            lines.append(f"{left}  {right}")
        else:
            lines += [left, right]
    return lines


def _who(v: View, seat: int) -> str:
    return "you" if seat == v.player else f"seat {seat}"


def _final(v: View) -> list[str]:
    """Each seat's score counted out: grain by colour times its value, then the values of
    its captured poultry."""
    worth = ", ".join(
        f"{colour} {value}" for colour, value in zip(GRAINS, v.rules.grain_values, strict=True)
    )
    lines = [
        f"final score: each grain scores its colour's value ({worth}),",
        "  then each captured bird its own value (a -2 counts -2)",
    ]
    for seat in range(v.players):
        grain = [
            f"{n} x {value}"
            for n, value in zip(v.grain[seat], v.rules.grain_values, strict=True)
            if n
        ]
        birds = [
            str(card.value)
            for card, n in zip(v.rules.kinds, v.stocks[seat], strict=True)
            for _ in range(n)
        ]
        parts = " + ".join(grain) or "0"
        if birds:
            caught = " + ".join(birds).replace("+ -", "- ")
            parts += f" + ({caught})" if len(birds) > 1 else f" + {caught}".replace("+ -", "- ")
        total = score(v.rules, v.grain[seat], v.stocks[seat])
        lines.append(f"  {_who(v, seat)}: {parts} = {total}")
    return lines
