"""Notation: every move round-trips, human typing is forgiven, bad text is refused clearly."""

from __future__ import annotations

import re

import pytest
from poultry_scenario import cards, table

from picnic_rules import InvalidMove
from picnic_rules.poultry import (
    MAX_NOTATION,
    Accept,
    Allot,
    Card,
    Colour,
    Commit,
    Draw,
    Grain,
    NoDeal,
    Phase,
    Reject,
    Resolve,
    Reveal,
    Roll,
    Supply,
    move_from_str,
    parse_move,
)

MOVES = [
    Draw(Card(Colour.BLUE, 5, fox=True)),
    Draw(Card(Colour.BLACK, -2)),
    Supply(Grain.YELLOW),
    Commit((Card(Colour.RED, 4),)),
    Commit((Card(Colour.GREEN, 3), Card(Colour.YELLOW, 6, fox=True))),
    Reveal(),
    Resolve(Colour.PURPLE),
    Allot(Grain.GREEN, 5),
    NoDeal(),
    Accept(),
    Reject(),
    Roll(6),
]


@pytest.mark.parametrize("move", MOVES, ids=str)
def test_every_move_round_trips(move: object) -> None:
    assert move_from_str(str(move)) == move


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("COMMIT Duck 6", "commit blue 6"),
        ("commit  red 4 ,  duck fox 5", "commit blue fox 5 + red 4"),
        ("commit guinea fowl 3 and chicken -2", "commit yellow -2 + green 3"),
        ("No Deal", "no-deal"),
        ("allot Yellow to 2", "allot yellow to 2"),
        ("resolve turkey", "resolve black"),
    ],
)
def test_human_typing_is_forgiven(text: str, expected: str) -> None:
    assert str(move_from_str(text)) == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty move"),
        ("commit", "expected commit CARD [+ CARD]"),
        ("commit blue", "a card is COLOUR [fox] VALUE"),
        ("commit pink 5", "'pink' is not a colour"),
        ("commit blue 99", "card value 99 is not in -20..20"),
        ("commit blue 3 + red 4 + green 5", "expected 1 to 2 of CARD joined by +"),
        ("allot green 1", "expected allot GRAIN to SEAT"),
        ("allot gold to 1", "'gold' is not a grain (green, blue, yellow)"),
        ("allot green to 9", "seat 9 is not in 0..5"),
        ("roll 7", "roll 7 is not in 1..6"),
        ("dance", "expected one of: commit CARD [+ CARD], allot GRAIN to SEAT"),
        ("x" * (MAX_NOTATION + 1), "more than"),
    ],
)
def test_bad_notation_is_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(InvalidMove, match=re.escape(reason)):
        move_from_str(text)


def test_parse_move_checks_the_rules_after_the_syntax() -> None:
    state = table(3, {}, {}, hands={0: "duck 6 + blue fox 5 + red 3"}, phase=Phase.COMMIT)
    assert parse_move(state, "commit red 3 + duck 6") == Commit(cards("blue 6 + red 3"))
    from picnic_rules import IllegalMove

    with pytest.raises(IllegalMove, match="a poultry and a fox of one colour"):
        parse_move(state, "commit duck 6 + duck fox 5")
