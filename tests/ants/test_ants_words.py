"""Notation round trips, views, words (describe, describe_move), pictures and click groups."""

from __future__ import annotations

import random
import re

import pytest
from ants_scenario import on, table

from picnic_rules import CHANCE, InvalidMove
from picnic_rules.ants import (
    GAME,
    MAX_NOTATION,
    DieKind,
    Landing,
    Toss,
    apply,
    describe,
    determinize,
    is_over,
    legal_moves,
    move_from_str,
    move_group,
    new_game,
    observe,
    render,
    sample_chance,
    to_move,
    update,
    view,
)


def test_every_move_of_a_game_round_trips_through_its_notation() -> None:
    rng = random.Random(7)
    state = new_game(3)
    while not is_over(state):
        if to_move(state) is CHANCE:
            move = sample_chance(state, rng)
        else:
            moves = legal_moves(state)
            for other in moves:
                assert move_from_str(str(other)) == other
                assert move_from_str(str(other).upper()) == other
            move = rng.choice(moves)
        assert move_from_str(str(move)) == move
        assert len(str(move)) <= MAX_NOTATION
        state = apply(state, move)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "toss ant at 4",
        "toss worker at",
        "land 3 on 1,2,3",
        "place blue-cookie at 1 turn 0",
        "play planner",
        "play honey at 4",
        "settle worker9 on 4",
        "x" * 500,
        "toss worker at 1000",
    ],
)
def test_bad_notation_is_an_invalid_move(text: str) -> None:
    with pytest.raises(InvalidMove):
        move_from_str(text)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("toss ant at 4", "'ant' is not a die kind (soldier, worker, scout)"),
        ("toss worker at 1000", "position 1000 is not in 0..999"),
        ("toss worker at", "expected toss DIE-KIND at POSITION"),
        ("settle worker9 on 4", "'worker9' is not a die (soldier, worker1, worker2, worker3, "),
        ("place red-cookie at 1,0 turn 0", "'red-cookie' is not a picnic card (colour-food[-2])"),
        ("keep 3", "expected keep"),
        ("honey", "expected one of: toss DIE-KIND at POSITION (toss soldier at 4), "),
        ("x" * 201, "notation is 201 characters, more than 200"),
    ],
)
def test_bad_notation_says_what_is_wrong_in_the_kit_style(text: str, reason: str) -> None:
    with pytest.raises(InvalidMove) as error:
        move_from_str(text)
    assert error.value.reason.startswith(reason), error.value.reason


def test_a_view_is_the_state_and_hides_nothing_unhappened() -> None:
    state = table(2)
    seen = view(state, 1)
    assert seen.player == 1 and seen.state == state
    assert determinize(seen, random.Random(0)) == state


def test_observations_follow_the_game_and_describe_it() -> None:
    state = table(2, dice={1: {1: on(4, face=3)}})
    move = Toss(DieKind.WORKER, 4)
    before = view(state, 1)
    seen = observe(state, move, 1)
    assert update(before, seen) == view(apply(state, move), 1)
    assert describe(before, seen) == "seat 0 tosses a worker at card 4 (blue cookie)"
    assert (
        describe(view(state, 0), observe(state, move, 0))
        == "you toss a worker at card 4 (blue cookie)"
    )
    state = apply(state, move)
    landing = Landing(2, (4, 5), True, ())
    assert describe(view(state, 1), observe(state, landing, 1)) == (
        "seat 0's worker lands showing 2 ants, on card 4 and card 5 (green cookie), touching dice"
    )
    assert GAME.describe_move(
        view(state, 0).__class__(0, apply(state, landing)), legal_moves(apply(state, landing))[0]
    )


def test_render_draws_the_area_dice_and_colonies() -> None:
    state = table(
        2,
        dice={1: {1: on(4, face=3), 4: on(4, 5, face=1)}},
        round=2,
        colonies={0: ["blue-cookie at 0,0 turn 0"]},
    )
    text = render(view(state, 0))
    assert "4 blue cookie" in text and "seat 1: W3+c1*=4" in text and "seat 1: c1*" in text
    assert "Seat 0 (you)" in text and "  0  Bc  a" in text
    assert "[bold]" in render(view(state, 0), markup=True) and "[bold]" not in text


def test_move_groups() -> None:
    assert move_group(Toss(DieKind.SCOUT, 7)) == ("toss scout", "7")
    assert move_group(move_from_str("place blue-cookie at 1,0 turn 2")) == (
        "place blue-cookie",
        "1,0 turn 2",
    )
    assert move_group(move_from_str("play honey on 4")) == ("play honey", "on 4")
    assert move_group(move_from_str("land 3 on 4")) == ("land", "3 on 4")


def test_the_longest_landing_is_described_within_the_codec_limit() -> None:
    from picnic_rules.codec.limits import MAX_DESCRIPTION

    dice = {1: {i: on(4, 5, face=1) for i in range(1, 5)}}
    state = table(2, dice=dice, area={4: "purple-watermelon-2", 5: "green-watermelon-2"})
    state = apply(state, Toss(DieKind.SOLDIER, 4))
    text = (
        "land 3 on 4,5 touching knock 1:worker1 to 4,5 showing 4 knock 1:worker2 to 4,5 "
        "showing 4 knock 1:worker3 to 4,5 showing 4 knock 1:scout1 to 4,5 showing 3"
    )
    landing = move_from_str(text)
    words = describe(view(state, 1), observe(state, landing, 1))
    assert len(words) <= MAX_DESCRIPTION
    assert "knocks your scout onto cards 4 and 5, showing 3 ants" in words


_NOUNS = "ant|point|card|die|toss|turn|token"
_ONE_PLURAL = re.compile(rf"(?<![\d.,])1 ({_NOUNS})s\b")
_MANY_SINGULAR = re.compile(rf"(?<![\d.])(0|[2-9]|\d\d+) ({_NOUNS})\b(?!-)")


def _style(sentence: str) -> None:
    """One style for every game's words: lower case first, no full stop, numbers agree."""
    assert sentence and not sentence[0].isupper(), sentence
    assert not sentence.endswith("."), sentence
    assert not _ONE_PLURAL.search(sentence), sentence
    assert not _MANY_SINGULAR.search(sentence), sentence


@pytest.mark.parametrize("players", [2, 4])
def test_every_sentence_starts_lower_case_without_a_full_stop_and_numbers_agree(
    players: int,
) -> None:
    rng = random.Random(players)
    state = new_game(players)
    while not is_over(state):
        if to_move(state) is CHANCE:
            move = sample_chance(state, rng)
        else:
            for legal in legal_moves(state)[:6]:
                _style(GAME.describe_move(view(state, state.turn), legal))
            move = rng.choice(legal_moves(state))
        for seat in range(players):
            _style(describe(view(state, seat), observe(state, move, seat)))
        state = apply(state, move)


def test_numbers_agree_with_their_nouns() -> None:
    state = apply(table(2), Toss(DieKind.WORKER, 4))
    words = describe(view(state, 1), observe(state, Landing(1, (4,)), 1))
    assert words == "seat 0's worker lands showing 1 ant, on card 4"  # the card it was tossed at
    _style(words)
