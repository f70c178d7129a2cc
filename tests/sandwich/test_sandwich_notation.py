"""Notation: str(move) and parse_move round-trip; bad text and illegal text are told apart.

design.md: "parse_move(state, text) -> Move, str(move) -- a short human notation,
round-tripping: parse_move(s, str(m)) == m"; parse_move raises InvalidMove for text that is
not a move and IllegalMove for a well-formed move the rules forbid.
"""

from __future__ import annotations

import pytest
from sandwich_scenario import ANT, BREAD, FLY, JELLY, PB, make_state

from picnic_rules import IllegalMove, InvalidMove
from picnic_rules.sandwich import (
    Ant,
    Discard,
    Draw,
    End,
    Fly,
    Phase,
    Play,
    card_from_str,
    legal_moves,
    move_from_str,
    new_game,
    parse_move,
)
from picnic_rules.sandwich.moves import MAX_NOTATION, MAX_NUMBER

DONE = "bread pb jelly bread"


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Draw(JELLY), "draw jelly"),
        (Draw(FLY), "draw fly"),
        (Play(BREAD), "play bread"),
        (Play(PB, 0), "play pb on 0"),
        (Play(BREAD, 3), "play bread on 3"),
        (Ant(1, 0, 2), "ant 1.0 to 2"),
        (Fly(1, 2), "fly 1.2"),
        (Discard(JELLY), "discard jelly"),
        (Discard(ANT), "discard ant"),
        (End(), "end"),
    ],
)
def test_the_notation_of_each_move(move, text):
    assert str(move) == text
    assert move_from_str(text) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("play peanut-butter on 0", Play(PB, 0)),
        ("PLAY PB ON 0", Play(PB, 0)),
        ("  ant   1.0  to 2 ", Ant(1, 0, 2)),
        ("play b", Play(BREAD)),
        ("discard j", Discard(JELLY)),
        ("End", End()),
    ],
)
def test_aliases_case_and_spacing(text, move):
    assert move_from_str(text) == move


def _positions():
    return [
        make_state(
            hands={0: "bread pb jelly ant fly"},
            table={0: ["bread pb"], 1: ["bread jelly", DONE]},
        ),
        make_state(
            hands={1: "bread pb jelly ant ant fly"},
            table={0: ["bread", "bread pb jelly"], 1: ["bread pb jelly", "bread jelly"], 2: [DONE]},
            fly=(0, 1),
            players=3,
            turn=1,
        ),
        make_state(hands={0: "pb ant bread"}, table={0: ["bread pb"]}),  # discards only
        make_state(hands={0: "bread"}, phase=Phase.DRAW),
        make_state(),  # empty hand
        new_game(4),
    ]


@pytest.mark.parametrize("index", range(6))
def test_every_legal_move_round_trips(index):
    state = _positions()[index]
    moves = legal_moves(state)
    assert moves
    for move in moves:
        text = str(move)
        assert parse_move(state, text) == move
        assert move_from_str(text) == move


def test_the_round_trip_positions_cover_every_kind_of_move():
    kinds = {type(m) for s in _positions() for m in legal_moves(s)}
    assert kinds == {Draw, Play, Ant, Fly, Discard, End}


@pytest.mark.parametrize(
    "text",
    [
        "play toast",
        "",
        "   ",
        "ant 1 to 0",
        "ant 1.0 from 0",
        "ant 1.0 to",
        "fly 1",
        "fly 1.x",
        "fly -1.0",
        "play pb on x",
        "play pb on -1",
        "play pb at 0",
        "end now",
        "draw",
        "discard",
        "jump",
        "play ² on 0",
    ],
)
def test_garbage_text_is_an_invalid_move(text):
    state = make_state(hands={0: "pb"}, table={0: ["bread jelly"], 1: ["bread"]})
    with pytest.raises(InvalidMove) as info:
        parse_move(state, text)
    assert info.value.text == text
    assert info.value.reason
    assert not isinstance(info.value, IllegalMove)


def test_a_non_string_is_an_invalid_move():
    with pytest.raises(InvalidMove, match="a move must be given as a string") as info:
        move_from_str(None)  # type: ignore[arg-type]
    assert info.value.text == "<NoneType>"


def test_notation_up_to_the_limit_is_read_and_longer_text_is_refused_unread():
    assert move_from_str("end".ljust(MAX_NOTATION)) == End()
    with pytest.raises(InvalidMove, match=f"notation is 101 characters, more than {MAX_NOTATION}"):
        move_from_str("end".ljust(MAX_NOTATION + 1))


@pytest.mark.parametrize(
    ("text", "length"),
    [("play pb on " + "9" * 5000, 5011), ("x" * 20_000_000, 20_000_000)],
)
def test_huge_notation_is_an_invalid_move_with_a_short_message(text, length):
    with pytest.raises(InvalidMove, match=f"notation is {length} characters, more than 100"):
        move_from_str(text)
    with pytest.raises(InvalidMove) as info:
        move_from_str(text)
    assert len(str(info.value)) < 100  # the input is not echoed
    assert info.value.text == text[:20] + "..."


def test_numbers_up_to_the_largest_sandwich_number():
    assert MAX_NUMBER == 999
    assert move_from_str("play pb on 999") == Play(PB, 999)
    assert move_from_str("ant 3.012 to 7") == Ant(3, 12, 7)
    with pytest.raises(InvalidMove, match=r"sandwich 1000 is not in 0\.\.999$"):
        move_from_str("play pb on 1000")
    with pytest.raises(InvalidMove, match=r"seat 5000 is not in 0\.\.999$"):
        move_from_str("fly 5000.0")
    assert move_from_str("ant 1.0001 to 0") == Ant(1, 1, 0)  # leading zeros are no digits
    with pytest.raises(InvalidMove, match=r"sandwich 0001000 is not in 0\.\.999$"):
        move_from_str("ant 1.0001000 to 0")


def test_peanut_butter_may_be_written_as_the_rulebook_names_it():
    assert move_from_str("play peanut butter") == Play(PB)
    assert move_from_str("play Peanut  Butter on 0") == Play(PB, 0)
    assert card_from_str("peanut butter") is PB


CARDS = "(bread, pb, jelly, ant, fly)"
USAGE = (
    "expected one of: end, draw CARD, discard CARD, play CARD on SANDWICH, fly SEAT.SANDWICH, "
    "ant SEAT.SANDWICH to SANDWICH (a CARD is bread, pb, jelly, ant or fly; play CARD alone "
    "starts a sandwich)"
)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("fly 1.0.0", "'0.0' is not a sandwich"),
        ("play peanut jelly", f"'peanut jelly' is not a card {CARDS}"),
        ("ant 1.0", "expected ant SEAT.SANDWICH to SANDWICH"),
        ("ant", "expected ant SEAT.SANDWICH to SANDWICH"),
        ("ant 1.0 2", "expected ant SEAT.SANDWICH to SANDWICH"),
        ("ant 1.0 to", "expected ant SEAT.SANDWICH to SANDWICH"),
        ("discard", "expected discard CARD"),
        ("draw", "expected draw CARD"),
        ("discard pb jelly", f"'pb jelly' is not a card {CARDS}"),
        ("play", "expected play CARD on SANDWICH or play CARD"),
        ("play pb 0", f"'pb 0' is not a card {CARDS}"),
        ("play pb on", f"'pb on' is not a card {CARDS}"),
        ("fly", "expected fly SEAT.SANDWICH"),
        ("fly 1.x", "'x' is not a sandwich"),
        ("fly x.1", "'x' is not a seat"),
        ("play pb on -1", "sandwich -1 is not in 0..999"),
        ("end now", "expected end"),
        ("jump", USAGE),
    ],
)
def test_near_misses_name_what_is_wrong(text, reason):
    with pytest.raises(InvalidMove) as info:
        move_from_str(text)
    assert info.value.reason == reason
    assert str(info.value) == f"invalid move {text!r}: {reason}"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("play pb on 0", "peanut butter cannot sit on peanut butter"),
        ("play jelly on 0", "holds no jelly"),
        ("play bread", "holds no bread"),
        ("draw bread", "not chance"),
        ("discard pb", "while one can be played"),
        ("fly 1.0", "holds no fly"),
        ("ant 1.0 to 0", "holds no ant"),
        ("play pb on 7", "no sandwich"),
    ],
)
def test_well_formed_but_illegal_text_is_an_illegal_move(text, words):
    state = make_state(hands={0: "pb"}, table={0: ["bread pb"], 1: ["bread jelly"]})
    if text == "discard pb":
        state = make_state(hands={0: "pb"}, table={0: ["bread jelly"]})
    with pytest.raises(IllegalMove) as info:
        parse_move(state, text)
    assert words in info.value.reason
    assert str(info.value.move) == text


def test_end_is_illegal_text_for_a_stuck_player():
    state = make_state(hands={0: "pb"}, table={0: ["bread pb"]})
    with pytest.raises(IllegalMove) as info:
        parse_move(state, "end")
    assert "must discard" in info.value.reason
    assert parse_move(state, "discard pb") == Discard(PB)


def test_parse_move_with_a_seat_refuses_a_move_out_of_turn() -> None:
    state = make_state(hands={0: "bread", 1: "bread"}, turn=0)
    assert parse_move(state, "play bread", seat=0) == parse_move(state, "play bread")
    with pytest.raises(IllegalMove, match="seat 1 may not move now: seat 0 is to act"):
        parse_move(state, "play bread", seat=1)
    dealing = new_game(2)
    with pytest.raises(IllegalMove, match="chance is to act"):
        parse_move(dealing, "draw bread", seat=0)


def test_to_move_reads_a_view_too() -> None:
    from picnic_rules import CHANCE
    from picnic_rules.sandwich import to_move, view

    state = make_state(hands={0: "bread", 1: "pb"}, turn=1)
    assert to_move(view(state, 0)) == to_move(state) == 1
    assert to_move(view(new_game(3), 2)) is CHANCE


@pytest.mark.parametrize("thing", [None, 3, b"pb", ["pb"]], ids=repr)
def test_card_from_str_names_no_card_for_what_is_not_text(thing):
    assert card_from_str(thing) is None
