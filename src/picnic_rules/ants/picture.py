"""Pictures: :func:`render` draws a view as text -- the picnic area, the anthills, the
Puddle, the Scoring cards and each colony.

In the area, each card's box shows its position and name, then the dice
touching it as ``SEAT:DIE+ANTS`` -- ``S`` the Soldier, ``W`` a Worker, ``c`` a
Scout, so ``1:W3`` is a seat-1 Worker showing 3 ants; a ``*`` marks a die
touching two cards. A colony is drawn cell by cell: a plate as its colour and
food initials (``Bc`` a blue cookie on a blue plate), an ant as ``a``, a bare
cell as ``-``; the ruler gives the x and y of each cell (notation
``place CARD at X,Y``).
"""

from __future__ import annotations

from .cards import DIE_KINDS, DieKind
from .colony import visible
from .engine import home_dice, scores
from .rules import layout
from .state import CATEGORIES, Placed, Spot, State, View
from .words import phase_words

__all__ = ["colony_picture", "render"]

_LETTER = {DieKind.SOLDIER: "S", DieKind.WORKER: "W", DieKind.SCOUT: "c"}
_WIDTH = 22


def _die(seat: int, index: int, face: int, two: bool) -> str:
    return f"{seat}:{_LETTER[DIE_KINDS[index]]}{face}{'*' if two else ''}"


def colony_picture(colony: tuple[Placed, ...]) -> list[str]:
    """The lines of a colony's picture (``(empty)`` for none).

    >>> from .cards import card_from_str
    >>> print("\\n".join(colony_picture((Placed(card_from_str("blue-cookie"), 0, 0, 0),))))
         0  1
      0 Bc  a
      1  a  a
    """
    if not colony:
        return ["(empty)"]
    grid = visible(colony)
    xs = [x for x, _ in grid]
    ys = [y for _, y in grid]
    lines = ["    " + "".join(f"{x:>3}" for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            top = grid.get((x, y))
            if top is None:
                row.append("  .")
            elif top[0] == "plate":
                card = colony[top[1]].card
                row.append(" " + card.colour.value[0].upper() + card.food.value[0])
            else:
                row.append("  a" if top[0] == "ant" else "  -")
        lines.append(f"{y:>3} " + "".join(row))
    return lines


def _area(state: State) -> list[str]:
    used = layout(state.players)
    on: dict[int, list[str]] = {p: [] for p in range(9)}
    for seat, own in enumerate(state.dice):
        for i, die in enumerate(own):
            if die.spot is Spot.AREA:
                for p in die.cards:
                    on[p].append(_die(seat, i, die.face, len(die.cards) == 2))
    honey = {p for _, p in state.honey}
    lines = []
    border = "+" + "+".join("-" * _WIDTH for _ in range(3)) + "+"
    for row in range(3):
        lines.append(border)
        names, dice = [], []
        for p in range(row * 3, row * 3 + 3):
            card = state.area[p]
            if p not in used:
                names.append(" " * _WIDTH)
                dice.append(" " * _WIDTH)
                continue
            name = f"{p} {card}" if card is not None else f"{p} (gap)"
            name += " +honey" if p in honey else ""
            names.append(f" {name:<{_WIDTH - 1}}"[:_WIDTH])
            dice.append(f" {' '.join(on[p]):<{_WIDTH - 1}}"[:_WIDTH])
        lines.append("|" + "|".join(names) + "|")
        lines.append("|" + "|".join(dice) + "|")
    lines.append(border)
    return lines


def render(view: View, *, markup: bool = False) -> str:
    """A text picture of ``view``; with ``markup=True`` the seat's own lines are bold and the
    header is highlighted (rich console markup)."""
    state, me = view.state, view.player
    header = f"Ants: round {state.round} of {state.rules.rounds}, {phase_words(view)} (you are seat {me})"
    lines = [f"[bold]{header}[/bold]" if markup else header, "Picnic area:"]
    lines += _area(state)
    loose = [
        _die(s, i, d.face, False)
        for s, own in enumerate(state.dice)
        for i, d in enumerate(own)
        if d.spot is Spot.LOOSE
    ]
    puddle = [
        _die(s, i, 0, False)[:-1]
        for s, own in enumerate(state.dice)
        for i, d in enumerate(own)
        if d.spot is Spot.PUDDLE
    ]
    lines.append(f"Loose: {' '.join(loose) or 'none'}   Puddle: {' '.join(puddle) or 'none'}")
    lines.append(f"Deck: {sum(state.deck)} cards")
    if state.scoring or state.majority:
        cards = ", ".join(
            f"#{c.value}={t}" for c, t in zip(state.scoring, state.rewards, strict=True)
        )
        majority = ", ".join(
            f"{c.value}={t}" for c, t in zip(CATEGORIES, state.majority, strict=True)
        )
        lines.append(f"Scoring: {cards or 'none'}; Majority: {majority}")
    points = scores(state)
    for seat in range(state.players):
        home = " ".join(_LETTER[DIE_KINDS[i]] for i in home_dice(state, seat)) or "none"
        held = ", ".join(c.value for c in state.held[seat]) or "none"
        line = f"Seat {seat}{' (you)' if seat == me else ''}: anthill {home}; Round cards {held}; {points[seat]} points now"
        lines.append(f"[bold]{line}[/bold]" if markup and seat == me else line)
        if state.won[seat]:
            lines.append("  to place: " + ", ".join(map(str, state.won[seat])))
        if state.set_aside[seat]:
            lines.append("  set aside: " + ", ".join(map(str, state.set_aside[seat])))
        lines += ["  " + line for line in colony_picture(state.colonies[seat])]
    return "\n".join(lines)
