"""Game.apply_as: the one call a server makes for a move that arrives from a seat."""

from __future__ import annotations

import pytest

from picnic_rules import CHANCE, GAMES, IllegalMove, InvalidMove, OutOfTurn, PicnicError
from picnic_rules.sandwich import Card, Draw, End, Play, apply, apply_as, new_game

GAME = GAMES["sandwich"]


def dealt(players: int = 2):
    """A game after the deal and seat 0's draw: seat 0 holds bread, bread, jelly."""
    state = new_game(players)
    for card in (Card.BREAD, Card.PEANUT_BUTTER, Card.BREAD, Card.PEANUT_BUTTER, Card.JELLY):
        state = apply(state, Draw(card))
    assert GAME.to_move(state) == 0
    return state


def test_the_seat_to_act_moves_with_text_or_a_move() -> None:
    state = dealt()
    expected = apply(state, Play(Card.BREAD))
    assert apply_as(state, 0, "play bread") == expected
    assert apply_as(state, 0, Play(Card.BREAD)) == expected
    assert GAME.apply_as(state, 0, "  PLAY   Bread ") == expected


def test_another_seat_may_not_end_the_turn_of_the_seat_to_act() -> None:
    state = dealt()
    with pytest.raises(OutOfTurn) as caught:
        apply_as(state, 1, End())
    assert (caught.value.seat, caught.value.actor) == (1, 0)
    assert caught.value.reason == "seat 1 may not move now: seat 0 is to act"
    assert isinstance(caught.value, IllegalMove)


def test_no_seat_moves_for_chance_or_after_the_end() -> None:
    state = new_game(2)
    with pytest.raises(OutOfTurn, match="chance is to act") as caught:
        apply_as(state, 0, "draw bread")
    assert caught.value.actor is CHANCE
    over = GAMES["sandwich"].new_game(2, GAMES["sandwich"].variants["no-bread"])
    with pytest.raises(OutOfTurn, match="nobody is to act"):
        apply_as(over, 0, "end")


def test_an_illegal_move_names_the_rule() -> None:
    state = dealt()
    with pytest.raises(IllegalMove, match="a new sandwich starts with bread") as caught:
        apply_as(state, 0, "play jelly")
    assert not isinstance(caught.value, OutOfTurn)
    with pytest.raises(IllegalMove, match="seat 0 holds no ant"):
        apply_as(state, 0, "ant 1.0 to 0")


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("eat the jelly", "expected one of"),
        ("x" * 10_000, "more than 100"),
        (42, "not a move of sandwich: int 42"),
        (None, "not a move of sandwich: NoneType None"),
        (Card.JELLY, "not a move of sandwich: Card Card.JELLY"),
    ],
)
def test_garbage_is_an_invalid_move(move: object, words: str) -> None:
    state = dealt()
    with pytest.raises(InvalidMove, match=words):
        apply_as(state, 0, move)  # type: ignore[arg-type]


def test_a_seat_the_game_does_not_have() -> None:
    state = dealt()
    with pytest.raises(PicnicError, match="seat 7 is not a seat of this 2-player game"):
        apply_as(state, 7, "end")
    with pytest.raises(PicnicError, match="seat 7 is not a seat of this 2-player game"):
        apply_as(state, 7, End())  # a move object: the same check, before OutOfTurn
    with pytest.raises(PicnicError, match="takes a sandwich State, not a sandwich View"):
        GAMES["sandwich"].move_as(GAMES["sandwich"].view(state, 0), 7, End())  # type: ignore[arg-type]
    with pytest.raises(PicnicError, match="a seat is a non-negative int"):
        apply_as(state, "0", "end")  # type: ignore[arg-type]
    with pytest.raises(PicnicError, match="a seat is a non-negative int"):
        apply_as(state, True, "end")


def test_a_refused_move_changes_nothing() -> None:
    state = dealt()
    before = repr(state)
    for seat, move in ((1, "end"), (0, "play jelly"), (0, "nonsense")):
        with pytest.raises(PicnicError):
            apply_as(state, seat, move)
    assert repr(state) == before


def test_move_as_gives_the_games_own_move() -> None:
    state = dealt()
    sloppy = Play(0)  # type: ignore[arg-type]  # a card as an int compares equal to the Card
    move = GAME.move_as(state, 0, sloppy)
    assert move == Play(Card.BREAD) and type(move.card) is Card
    assert str(move) == "play bread"
    assert apply_as(state, 0, sloppy) == apply(state, Play(Card.BREAD))
    with pytest.raises(OutOfTurn):
        GAME.move_as(state, 1, "play bread")
