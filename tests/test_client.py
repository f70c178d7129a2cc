"""The client document: seat_update gives one seat everything its front end needs."""

from __future__ import annotations

import random

import pytest
from harness_games import DICE

from picnic_rules import CHANCE, GAMES, PicnicError
from picnic_rules.client import LegalMove, Observed, seat_update
from picnic_rules.history import observe_all
from picnic_rules.sandwich import Card, Draw, Play, apply, new_game

GAME = GAMES["sandwich"]


def after_deal():
    state = new_game(2)
    for card in (Card.BREAD, Card.PEANUT_BUTTER, Card.JELLY, Card.PEANUT_BUTTER, Card.BREAD):
        state = apply(state, Draw(card))
    return state


def test_the_seat_to_act_gets_its_legal_moves_with_words_and_groups() -> None:
    state = after_deal()
    update = seat_update(GAME, state, 0)
    assert update.seat == 0 and update.to_move == 0 and update.outcome is None
    assert update.view == GAME.view(state, 0)
    assert [entry.move for entry in update.legal_moves] == list(GAME.legal_moves(state))
    first = update.legal_moves[0]
    assert isinstance(first, LegalMove)
    assert (first.notation, first.card, first.target) == ("play bread", "bread", "new")
    assert first.description  # a sentence from describe
    assert all(entry.notation == str(entry.move) for entry in update.legal_moves)


def test_other_seats_get_no_legal_moves() -> None:
    state = after_deal()
    update = seat_update(GAME, state, 1)
    assert update.to_move == 0 and update.legal_moves == ()


def test_chance_and_the_end_are_shown_as_such() -> None:
    assert seat_update(GAME, new_game(2), 0).to_move is CHANCE
    over = new_game(2, GAME.variants["no-bread"])
    update = seat_update(GAME, over, 1)
    assert update.to_move is None and update.outcome == GAME.result(over)


def test_observations_come_with_their_words() -> None:
    state = after_deal()
    before = GAME.view(state, 1)
    seen = []
    for move in (Play(Card.BREAD), Play(Card.JELLY, 0)):
        seen.append(observe_all(GAME, state, move)[1])
        state = apply(state, move)
    update = seat_update(GAME, state, 1, seen, before)
    assert [item.observation for item in update.observations] == seen
    assert all(type(item) is Observed for item in update.observations)
    # each described with the view before it (in ``before``, sandwich 0.0 does not exist yet)
    assert [item.description for item in update.observations] == [
        "seat 0 starts sandwich 0.0 with bread",
        "seat 0 spreads jelly on sandwich 0.0",
    ]
    assert seat_update(GAME, state, 1, (), GAME.view(state, 1)).observations == ()


def test_observations_need_the_view_before_them() -> None:
    state = after_deal()
    seen = observe_all(GAME, state, Play(Card.BREAD))[1]
    after = apply(state, Play(Card.BREAD))
    with pytest.raises(PicnicError, match=r"pass before=game\.view"):
        seat_update(GAME, after, 1, [seen])


def test_observations_must_lead_from_before_to_the_view() -> None:
    state = after_deal()
    before = GAME.view(state, 1)
    seen = observe_all(GAME, state, Play(Card.BREAD))[1]
    after = apply(state, Play(Card.BREAD))
    wrong = "the observations do not lead from `before` to the seat's view"
    with pytest.raises(PicnicError, match=wrong):
        seat_update(GAME, state, 1, [seen], before)  # the state before the move
    with pytest.raises(PicnicError, match=wrong):
        seat_update(GAME, after, 1, (), before)  # an observation left out
    with pytest.raises(PicnicError, match="observation 1 cannot follow"):
        seat_update(GAME, after, 1, [seen, seen], before)  # the bread played twice
    with pytest.raises(PicnicError, match="before is the view of seat 0, not of seat 1"):
        seat_update(GAME, after, 1, [seen], GAME.view(state, 0))  # another seat's view


def test_a_seat_the_game_does_not_have() -> None:
    with pytest.raises(PicnicError, match="seat 3 is not a seat of this 2-player game"):
        seat_update(GAME, after_deal(), 3)


def test_arguments_of_the_wrong_type_are_refused_by_name() -> None:
    state = after_deal()
    before = GAME.view(state, 1)
    seen = observe_all(GAME, state, Play(Card.BREAD))[1]
    after = apply(state, Play(Card.BREAD))
    dice = DICE.new_game(2)
    roll = DICE.sample_chance(dice, random.Random(0))
    wrong_before = [
        ("x", "str"),
        ({}, "dict"),
        (0, "int"),
        (DICE.view(dice, 1), "harness_games.View"),  # a view of another game
    ]
    for value, kind in wrong_before:
        for observations in ([seen], ()):
            with pytest.raises(
                PicnicError, match=f"before must be None or a sandwich View.*{kind}"
            ):
                seat_update(GAME, after, 1, observations, value)
    with pytest.raises(PicnicError, match="before is the view of seat 0, not of seat 1"):
        seat_update(GAME, after, 1, [seen], GAME.view(state, 0))
    wrong_observations = [
        (None, "a tuple or list of sandwich Observations, not NoneType"),
        (5, "a tuple or list .* not int"),
        (iter([seen]), "a tuple or list .* not list_iterator"),
        ({seen}, "a tuple or list .* not set"),
        ("abc", "a tuple or list .* not str"),
        ([seen, "x"], r"observations\[1\] must be a sandwich Observation, not str"),
        ([DICE.observe(dice, roll, 1)], r"observations\[0\] .* not harness_games.Observation"),
    ]
    for observations, words in wrong_observations:
        with pytest.raises(PicnicError, match=f"seat_update: .*{words}"):
            seat_update(GAME, after, 1, observations, before)
    for garbage in ("x", None, dice):
        with pytest.raises(PicnicError, match="seat_update: state must be a sandwich State"):
            seat_update(GAME, garbage, 1)
    # the right types, as a list or a tuple
    assert seat_update(GAME, after, 1, [seen], before) == seat_update(
        GAME, after, 1, (seen,), before
    )
