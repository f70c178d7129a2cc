"""The notation: ``str(move)`` round-trips through ``move_from_str`` and ``parse_move``;
typing is forgiving (case, spaces, plurals); errors say what is wrong; inputs are bounded.
"""

from __future__ import annotations

import random

import pytest
from insects_scenario import make_state

from picnic_rules import IllegalMove, InvalidMove, OutOfTurn
from picnic_rules.insects import (
    MAX_NOTATION,
    MAX_NUMBER,
    Buy,
    Card,
    Colour,
    Defend,
    Draw,
    GiveUp,
    Insect,
    Play,
    Swat,
    apply,
    is_over,
    legal_moves,
    move_from_str,
    new_game,
    parse_move,
)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("draw red fly", Draw(Card.RED_FLY)),
        ("draw joker ant", Draw(Card.JOKER_ANT)),
        ("draw boots", Draw(Card.BOOTS)),
        ("play red fly", Play(Insect.FLY, Colour.RED, 1)),
        ("play 2 red fly", Play(Insect.FLY, Colour.RED, 2)),
        ("play red fly+joker on 3", Play(Insect.FLY, Colour.RED, 1, 1, 3)),
        ("play 2 green spider+2 jokers on 0", Play(Insect.SPIDER, Colour.GREEN, 2, 2, 0)),
        ("play joker ant", Play(Insect.ANT, None, 0, 1)),
        ("play 2 joker ant on 1", Play(Insect.ANT, None, 0, 2, 1)),
        ("swat 3", Swat(3)),
        ("defend 2", Defend(2)),
        ("give food", GiveUp()),
        ("buy", Buy()),
        ("buy captured", Buy(True)),
    ],
)
def test_notation_round_trips(text: str, move: object) -> None:
    assert move_from_str(text) == move
    assert str(move) == text


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("PLAY 2 Red Flies", "play 2 red fly"),
        ("play  red fly +  joker   on 3", "play red fly+joker on 3"),
        ("play 2 jokers spiders", "play 2 joker spider"),
        ("give up", "give food"),
        ("Buy Own", "buy"),
    ],
)
def test_typing_is_forgiving(typed: str, written: str) -> None:
    assert str(move_from_str(typed)) == written


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty move"),
        ("jump", "expected one of"),
        ("play purple fly", "'purple' is not a colour"),
        ("play red beetle", "'beetle' is not a kind of insect"),
        ("play red fly+blue fly", "'fly\\+blue fly' is not a kind of insect"),
        ("play red fly on x", "'x' is not a pile"),
        ("swat", "expected swat PILE"),
        ("swat 1000", f"pile 1000 is not in 0..{MAX_NUMBER}"),
        ("defend two", "'two' is not a count"),
        ("draw red", "not a card"),
        ("swat " + "9" * 50, f"pile 9+ is not in 0..{MAX_NUMBER}"),
    ],
)
def test_errors_say_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(InvalidMove, match=why):
        move_from_str(text)


def test_long_text_is_refused_unread() -> None:
    with pytest.raises(InvalidMove, match=f"more than {MAX_NOTATION}") as info:
        move_from_str("play " * 10_000)
    assert len(str(info.value)) < 200


def test_parse_move_checks_the_seat_then_the_rules() -> None:
    state = make_state(hands={0: "red fly"}, piles=["red fly"])
    assert parse_move(state, "play red fly on 0") == Play(Insect.FLY, Colour.RED, 1, 0, 0)
    with pytest.raises(OutOfTurn):
        parse_move(state, "play red fly on 0", seat=1)
    with pytest.raises(IllegalMove, match="add 'on 0'"):
        parse_move(state, "play red fly")
    attacked = make_state(hands={0: "red ant", 1: "3 swatter"},
                          piles=["red fly, red fly, red fly"], turn=1, last=0, last_count=1)  # fmt: skip
    assert parse_move(attacked, "defend") == Defend(2)  # the shorthand


def test_every_legal_move_round_trips_in_random_games() -> None:
    rng = random.Random(5)
    for players in (2, 5):
        state = new_game(players)
        while not is_over(state):
            for move in legal_moves(state):
                assert parse_move(state, str(move)) == move
            state = apply(state, rng.choice(legal_moves(state)))
