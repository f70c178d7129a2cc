"""Pictures: :func:`render` draws a view as text -- the picnic area, the loose dice and the
Puddle, the Scoring and Majority cards, and each seat's anthill, Round cards and colony --
in words where they fit and with a legend beside every code, no line wider than
:data:`WIDTH` columns.

The picture comes in sections, separated by a blank line, each led by a line that reads
alone (a short terminal shows only that line of a section, see
:func:`picnic_rules.cli.screen.fold`); the part of the table the seat to act decides on
comes last, nearest the question: the picnic area (and the legend of its dice) for a
toss, a keep or a settle; one's own colony (after the Scoring cards it is placed for)
for a placement; each token's winner, worked out, once the game is over.

In the area, each card's box shows its position and name, then one line per seat with dice
touching it: ``you: S1+W3=4`` is your Soldier showing 1 ant and a Worker showing 3, 4 ants
in all (``c`` is a Scout, a ``*`` marks a die touching two cards, ``+2`` a honey token). A
colony is drawn cell by cell: a plate as its colour and food initials (``Bc`` a cookie on
a blue plate), an ant as ``a``, a bare cell as ``-``; the ruler gives the column x and the
row y of each cell (notation ``place CARD at X,Y``).
"""

from __future__ import annotations

import textwrap
from typing import Final

from .cards import DIE_KINDS, DieKind
from .colony import plates, visible
from .engine import home_dice, scores
from .rules import layout
from .scoring import award, majority_count, measure
from .state import CATEGORIES, Phase, Placed, Spot, State, View
from .words import (
    ROUND_CARD_WORDS,
    SCORING_WORDS,
    card_words,
    dice_words,
    number,
    phase_words,
)

__all__ = ["AREA_LEGEND", "COLONY_LEGEND", "WIDTH", "area_legend", "colony_picture", "render"]

WIDTH: Final = 78
"""The widest line of a picture, in columns (an 80-column terminal with room to spare)."""

AREA_LEGEND: Final = (
    "Dice on a card: S soldier, W worker, c scout, each with the ants it shows: so",
    "you: S1+W3=4 is your soldier (1 ant) and worker (3 ants); * on two cards",
    "(the soldier, the biggest die, knocks others away best and comes home after",
    "winning; a scout that lands on no card may be tossed again)",
)
"""The lines that explain the area's dice (shown with the area when dice are on cards);
:func:`area_legend` puts the faces of the rules' dice in the first."""

TWO_ANTS: Final = "(2): a card with two ants, not three (its fourth cell is bare)"
"""The line that explains the mark of a two-ant card in the area (shown when one is there)."""

COLONY_LEGEND: Final = (
    "Colony cells: a plate is its colour and food (Bc: a cookie on a blue plate),",
    "a an ant, - a bare cell (B, G, P blue, green, purple; c, s, w cookie,",
    "sandwich, watermelon); x across the top, y down the side (place CARD at X,Y",
    "puts the new card's plate on that cell)",
)
"""The lines that explain the colonies' cells and rulers (shown with a colony)."""

_LETTER: Final = {DieKind.SOLDIER: "S", DieKind.WORKER: "W", DieKind.SCOUT: "c"}
_BOX: Final = 24  # the inside width of an area box: 3 boxes and 4 borders make 76 columns
_COLONY_COLUMNS: Final = 24  # the most colony columns on one line: 2 + 4 + 3 * 24 = 78


def _who(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def _owner(seat: int, me: int) -> str:
    return "your" if seat == me else f"seat {seat}'s"


def _wrapped(text: str, width: int = WIDTH) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width``, the later ones indented."""
    return textwrap.wrap(text, width, subsequent_indent="  ", break_on_hyphens=False)


def colony_picture(colony: tuple[Placed, ...]) -> list[str]:
    """The lines of a colony's picture (``(empty)`` for none), at most 24 columns of cells a
    line: a wider colony is drawn in bands, left to right.

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
    lines = []
    for left in range(min(xs), max(xs) + 1, _COLONY_COLUMNS):
        columns = range(left, min(left + _COLONY_COLUMNS, max(xs) + 1))
        lines.append("    " + "".join(f"{x:>3}" for x in columns))
        for y in range(min(ys), max(ys) + 1):
            row = []
            for x in columns:
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


def _seat_dice(state: State, seat: int, position: int, me: int) -> list[str]:
    """One seat's dice on the card at ``position``, ``you: S1+W3=4``, wrapped to the box."""
    dice = [
        (i, die)
        for i, die in enumerate(state.dice[seat])
        if die.spot is Spot.AREA and position in die.cards
    ]
    if not dice:
        return []
    honey = state.honey.count((seat, position))  # counts only with a die on the card
    terms = [f"{_LETTER[DIE_KINDS[i]]}{die.face}{'*' * (len(die.cards) == 2)}" for i, die in dice]
    terms += ["2"] * honey
    total = f"={sum(die.face for _, die in dice) + 2 * honey}" if len(terms) > 1 else ""
    text = f"{_who(seat, me)}: " + "+".join(terms).replace("+", " +") + total
    return [line.replace(" +", "+") for line in _wrapped(text, _BOX - 1)]


def _box(state: State, position: int, me: int) -> list[str]:
    """The lines inside one card's box: its position and name, then the dice on it."""
    card = state.area[position]
    if card is None:
        return [f"{position} (empty)"]
    name = f"{position} {card.colour.value} {card.food.value}"
    mark = " (2)" if card.ants == 2 else ""
    lines = [name + mark] if len(name + mark) < _BOX else [name, f"  {mark.strip()}"]
    for seat in sorted({seat for seat, p in state.honey if p == position}):
        lines.append(f"  honey: {_who(seat, me)} +{2 * state.honey.count((seat, position))}")
    for seat in range(state.players):
        lines += _seat_dice(state, seat, position, me)
    return lines


def _area(state: State, me: int) -> list[str]:
    """The 3x3 grid of the picnic area, a box for each position of the layout, each row of
    boxes as tall as its fullest box."""
    used = layout(state.players)
    border = "+" + "+".join("-" * _BOX for _ in range(3)) + "+"
    lines = []
    for row in range(3):
        boxes = [_box(state, p, me) if p in used else [] for p in range(row * 3, row * 3 + 3)]
        if not any(boxes):
            continue
        lines.append(border)
        for k in range(max(map(len, boxes))):
            cells = [f" {box[k] if k < len(box) else '':<{_BOX - 1}}" for box in boxes]
            lines.append("|" + "|".join(cells) + "|")
    lines.append(border)
    return lines


def area_legend(state: State) -> list[str]:
    """:data:`AREA_LEGEND` with the ants each kind of die shows under the rules, and
    :data:`TWO_ANTS` when a two-ant card lies in the area."""
    rules = state.rules
    faces = (rules.soldier_faces, rules.worker_faces, rules.scout_faces)
    kinds = ", ".join(
        f"{letter} {kind} ({min(shown)}-{max(shown)} ants)"
        for letter, kind, shown in zip("SWc", ("soldier", "worker", "scout"), faces, strict=True)
    )
    first = f"Dice on a card: {kinds}"
    lines = [first, *AREA_LEGEND[1:]] if len(first) <= WIDTH else list(AREA_LEGEND)
    if any(card is not None and card.ants == 2 for card in state.area):
        lines.append(TWO_ANTS)
    return lines


def _off_cards(state: State, me: int) -> list[str]:
    """The loose dice and the Puddle, in words."""
    loose = [
        f"{_owner(s, me)} {DIE_KINDS[i].value} ({number(die.face, 'ant')})"
        for s, own in enumerate(state.dice)
        for i, die in enumerate(own)
        if die.spot is Spot.LOOSE
    ]
    puddle = []
    for s, own in enumerate(state.dice):
        dice = [i for i, die in enumerate(own) if die.spot is Spot.PUDDLE]
        if dice:
            puddle.append(f"{_who(s, me)}: {dice_words(dice)}")
    loose_text = "Loose dice (on no card): " + (", ".join(loose) or "none")
    puddle_text = "Puddle (dice sitting out a round): " + ("; ".join(puddle) or "none")
    return _wrapped(f"{loose_text}. {puddle_text}")


def _scoring(state: State) -> list[str]:
    """The Scoring cards and the Majority card's tokens, in words."""
    lines = []
    if state.scoring:
        lines.append("Scoring cards (each token goes to the single best colony at the end):")
        for card, token in zip(state.scoring, state.rewards, strict=True):
            lines += _wrapped(f"  card {card.value}, {SCORING_WORDS[card]}: {token} points")
    if state.majority:
        tokens = ", ".join(
            f"{c.value} {t}" for c, t in zip(CATEGORIES, state.majority, strict=True)
        )
        lines.append("Majority card, a token for the most plates of each:")
        lines += _wrapped(f"  {tokens} points")
    return lines


def _seat(state: State, seat: int, me: int) -> list[str]:
    """A seat's lines: its points, anthill and Round cards, cards to place and colony."""
    points = scores(state)[seat]
    name = f"Seat {seat}{' (you)' if seat == me else ''}"
    home = dice_words(home_dice(state, seat))
    held = state.held[seat]
    cards = f"; Round card{'s' * (len(held) > 1)}: {', '.join(c.value for c in held)}"
    first = f"{name}: {number(points, 'point')} if the game ended now; anthill: {home}"
    lines = _wrapped(first + (cards if held else ""))
    if held:
        words = "; ".join(f"{c.value} ({ROUND_CARD_WORDS[c]})" for c in held)
        lines += _wrapped(f"  Round cards in hand: {words}")
    if state.won[seat]:
        lines += _wrapped("  cards to place: " + ", ".join(map(card_words, state.won[seat])))
    if state.set_aside[seat]:
        aside = ", ".join(map(card_words, state.set_aside[seat]))
        lines += _wrapped(f"  set aside (no place, they score nothing): {aside}")
    return lines + ["  " + line for line in colony_picture(state.colonies[seat])]


def _final(state: State, me: int) -> list[str]:
    """Each Reward token and Majority token of a finished game: what each colony counts,
    and who takes it; then the totals."""
    colonies = [plates(colony) for colony in state.colonies]
    tie = state.rules.tie_token
    lines = [f"Final score: each token to the single best colony (tied best: {tie} each):"]
    counted: list[tuple[str, list[int], int]] = [
        (
            f"card {card.value}, {SCORING_WORDS[card].split(' (')[0]}",
            [measure(card, p) for p in colonies],
            t,
        )
        for card, t in zip(state.scoring, state.rewards, strict=True)
    ]
    counted += [
        (_most(c.value), [majority_count(c, p) for p in colonies], t)
        for c, t in zip(CATEGORIES, state.majority, strict=True)
    ]
    for what, measures, token in counted:
        each = ", ".join(f"{_who(seat, me)} {n}" for seat, n in enumerate(measures))
        won = [seat for seat, n in enumerate(award(measures, token, tie)) if n]
        if not won:
            taken = f"nobody takes the {token}"
        elif len(won) == 1:
            taken = f"{_who(won[0], me)} +{token}"
        else:
            taken = f"a tie, +{tie} each"
        lines += textwrap.wrap(f"  {what}: {each} -> {taken}", WIDTH, subsequent_indent="      ")
    totals = ", ".join(f"{_who(seat, me)} {n}" for seat, n in enumerate(scores(state)))
    return [*lines, f"  total: {totals}"]


def _most(category: str) -> str:
    """A Majority token's category in words: ``most cookies``, ``most blue plates``."""
    return f"most {category}" if category.endswith("s") else f"most {category} plates"


def render(view: View, *, markup: bool = False) -> str:
    """A text picture of ``view``, no line wider than :data:`WIDTH`, every code explained by
    a legend; with ``markup=True`` the seat's own first line is bold and the header is
    highlighted (rich console markup)."""
    state, me = view.state, view.player
    header = (
        f"Ants: round {state.round} of {state.rules.rounds}, {phase_words(view)} "
        f"(you are seat {me}); deck: {number(sum(state.deck), 'card')}"
    )
    top = [f"[bold]{line}[/bold]" if markup else line for line in _wrapped(header)]
    seats = {}
    for seat in range(state.players):
        own = _seat(state, seat, me)
        first = f"[bold]{own[0]}[/bold]" if markup and seat == me else own[0]
        seats[seat] = [first, *own[1:]]
    others = [seats[seat] for seat in range(state.players) if seat != me]
    colonies = [list(COLONY_LEGEND)] if any(state.colonies) else []
    title = "Picnic area (each card's position, then the dice on it; most ants wins it):"
    grid = _area(state, me) + _off_cards(state, me)
    area = [title, *grid]
    dice = (
        [area_legend(state)]
        if any(die.spot is Spot.AREA for own in state.dice for die in own)
        or any(card is not None and card.ants == 2 for card in state.area)
        else []
    )
    scoring = [_scoring(state)] if state.scoring or state.majority else []
    # what changes least first; the part of the table the seat to act decides on last
    if state.phase is Phase.OVER:
        order = [top, area, *dice, *scoring, *others, seats[me], *colonies, _final(state, me)]
    elif state.phase is Phase.PLACE and state.turn == me:
        order = [top, area, *dice, *others, *scoring, *colonies, seats[me]]
    else:
        # the area nearest the question, under the title its legend then ends with
        dice = [[*dice[0], title]] if dice else [[title]]
        order = [top, *scoring, *others, seats[me], *colonies, *dice, grid]
    return "\n\n".join("\n".join(section) for section in order if section)
