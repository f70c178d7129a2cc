"""A game as one seat saw it: seat_record, follow, observe_all."""

from __future__ import annotations

import pytest

from picnic_rules import GAMES, IllegalMove, PicnicError, RandomAgent, Record, play, replay
from picnic_rules.history import SeatRecord, follow, observe_all, seat_record
from picnic_rules.sandwich import Draw, Observation

GAME = GAMES["sandwich"]


def test_a_seat_record_hides_the_other_seats_draws_and_nothing_else() -> None:
    record = play(GAME, [RandomAgent(), RandomAgent()], seed=11)
    states = replay(record)
    for seat in (0, 1):
        mine = seat_record(record, seat)
        assert (mine.game, mine.players, mine.seat, mine.outcome) == (
            "sandwich",
            2,
            seat,
            record.outcome,
        )
        assert len(mine.observations) == len(record.moves)
        for state, move, observation in zip(states, record.moves, mine.observations, strict=False):
            if isinstance(move, Draw) and state.turn != seat:
                assert observation.move is None
            else:
                assert observation.move == move
            assert observation.actor == state.turn


def test_follow_rebuilds_every_view_of_the_seat() -> None:
    record = play(GAME, [RandomAgent()] * 3, seed=5)
    states = replay(record)
    for seat in range(3):
        assert follow(seat_record(record, seat)) == tuple(GAME.view(s, seat) for s in states)


def test_an_unfinished_game_has_a_seat_record_too() -> None:
    record = play(GAME, [RandomAgent(), RandomAgent()], seed=2)
    cut = Record(record.game, 2, record.rules, record.seed, record.moves[:9], None)
    mine = seat_record(cut, 0)
    assert mine.outcome is None and len(follow(mine)) == 10


def test_follow_names_the_observation_that_cannot_follow() -> None:
    record = play(GAME, [RandomAgent(), RandomAgent()], seed=2)
    mine = seat_record(record, 0)
    broken = SeatRecord(
        mine.game,
        2,
        mine.rules,
        0,
        (*mine.observations[:2], Observation(0, 1, None), *mine.observations[3:]),
        None,
    )
    with pytest.raises(IllegalMove, match="observation 3: a card goes to seat 0, not seat 1"):
        follow(broken)


def test_seat_record_refuses_a_missing_seat() -> None:
    record = play(GAME, [RandomAgent(), RandomAgent()], seed=2)
    with pytest.raises(PicnicError, match="seat 2 is not a seat of this 2-player game"):
        seat_record(record, 2)


def test_observe_all_gives_one_observation_per_seat() -> None:
    state = GAME.new_game(3)
    move = GAME.legal_moves(state)[0]
    assert observe_all(GAME, state, move) == tuple(GAME.observe(state, move, k) for k in range(3))
