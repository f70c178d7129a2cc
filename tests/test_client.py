"""The client document: seat_update gives one seat everything its front end needs."""

from __future__ import annotations

import pytest

from picnic_rules import CHANCE, GAMES, PicnicError
from picnic_rules.client import LegalMove, seat_update
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


def test_observations_are_carried_as_given() -> None:
    state = after_deal()
    move = Play(Card.BREAD)
    observations = observe_all(GAME, state, move)
    after = apply(state, move)
    update = seat_update(GAME, after, 1, [observations[1]])
    assert update.observations == (observations[1],)


def test_a_seat_the_game_does_not_have() -> None:
    with pytest.raises(PicnicError, match="no seat 3"):
        seat_update(GAME, after_deal(), 3)
