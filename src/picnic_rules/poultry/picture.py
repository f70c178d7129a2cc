"""A text picture of a view (:func:`render`), for terminals and logs."""

from __future__ import annotations

from .cards import COLOURS
from .engine import to_move
from .scoring import score
from .state import Phase, View
from .words import counted, ending, grain_words, yard_name

__all__ = ["render"]

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
    lines = [header, f"bag: {grain_words(v.bag)}; deck {counted(v.deck_size, 'card')}"]
    for seat in range(v.players):
        down = f", {v.face_down[seat]} face down" if v.face_down[seat] else ""
        stock = [
            str(card)
            for card, n in zip(v.rules.kinds, v.stocks[seat], strict=True)
            for _ in range(n)
        ]
        points = score(v.rules, v.grain[seat], v.stocks[seat])
        line = (
            f"seat {seat}{' (you)' if seat == v.player else ''}: "
            f"{counted(v.hand_sizes[seat], 'card')}{down}; "
            f"food {grain_words(v.grain[seat])}"
            + (f"; poultry {', '.join(stock)}" if stock else "")
            + f"; {counted(points, 'point')}"
        )
        lines.append(f"[bold]{line}[/bold]" if markup and seat == v.player else line)
    for y, colour in enumerate(COLOURS):
        here: list[str] = []
        for seat, cards in enumerate(v.played):
            mine = [str(c) for c in cards if c.colour is colour]
            if mine:
                here.append(f"{'you' if seat == v.player else f'seat {seat}'}: {', '.join(mine)}")
        mark = " <-" if v.phase in (Phase.RESOLVE, Phase.HAGGLE, Phase.DUEL) and v.yard == y else ""
        cards_here = "; ".join(here)
        lines.append(
            f"{yard_name(colour)}: {grain_words(v.yards[y])}"
            + (f" | {cards_here}" if cards_here else "")
            + mark
        )
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
    hand = f"your hand: {_hand(v)}"
    lines.append(f"[bold]{hand}[/bold]" if markup else hand)
    return "\n".join(lines)
