"""Each Round card's power, played by its holder (house rules: before the toss, Re-toss after
the landing, Planner with a placement); playing one is not a turn and the card goes to the box."""

from __future__ import annotations

import attrs
from ants_scenario import HOME, PUDDLE, loose, on, table

from picnic_rules.ants import (
    GAME,
    DieKind,
    Keep,
    Landing,
    Phase,
    Play,
    RoundCard,
    Spot,
    State,
    Toss,
    apply,
    check,
    legal_moves,
    parse_move,
)
from picnic_rules.testing import assert_illegal

SOLDIER, W1, W2, W3, S1, S2 = range(6)


def holding(card: RoundCard, **kw: object) -> State:
    """Round 2; seat 0 holds ``card`` (the only Round card drawn so far) and is to toss."""
    kw.setdefault("colonies", {1: ["green-cookie at 0,0 turn 0"]})
    return table(2, round=2, held=((card,), ()), used=(), **kw)


def played(state: State, card: RoundCard) -> None:
    assert card in state.used and card not in state.held[0]
    check(state)


def test_second_wind_brings_a_die_home_from_the_puddle() -> None:
    state = holding(RoundCard.SECOND_WIND, dice={0: {W2: PUDDLE}})
    assert Play(RoundCard.SECOND_WIND, die=W2) in legal_moves(state)
    after = apply(state, parse_move(state, "play second-wind worker2"))
    assert after.dice[0][W2] == HOME and after.turn == 0 and after.phase is Phase.SEND
    played(after, RoundCard.SECOND_WIND)
    assert_illegal(GAME, state, Play(RoundCard.SECOND_WIND, die=W1), "cannot be played")


def test_stomp_knocks_any_die_off_the_cards() -> None:
    state = holding(RoundCard.STOMP, dice={1: {W1: on(4, face=4)}})
    after = apply(state, parse_move(state, "play stomp 1:worker1"))
    assert after.dice[1][W1] == loose(4)
    played(after, RoundCard.STOMP)
    assert_illegal(GAME, state, Play(RoundCard.STOMP, seat=1, die=W2), "cannot be played")


def test_honey_adds_two_on_its_card_this_round() -> None:
    state = holding(RoundCard.HONEY)
    after = apply(state, parse_move(state, "play honey on 4"))
    assert after.honey == ((0, 4),)
    played(after, RoundCard.HONEY)
    assert_illegal(GAME, state, Play(RoundCard.HONEY, position=0), "cannot be played")


def test_double_time_tosses_two_dice_this_turn() -> None:
    state = holding(RoundCard.DOUBLE_TIME)
    state = apply(state, Play(RoundCard.DOUBLE_TIME))
    played(state, RoundCard.DOUBLE_TIME)
    state = apply(state, Toss(DieKind.WORKER, 4))
    state = apply(state, Landing(3, (4,)))
    assert state.phase is Phase.SEND and state.turn == 0  # the second toss
    state = apply(state, Toss(DieKind.WORKER, 4))
    state = apply(state, Landing(3, (4,)))
    assert state.turn == 1


def test_scout_ahead_moves_your_die_to_a_neighbouring_card() -> None:
    state = holding(RoundCard.SCOUT_AHEAD, dice={0: {S1: on(4, face=2)}})
    after = apply(state, parse_move(state, "play scout-ahead scout1 to 5"))
    assert after.dice[0][S1] == on(5, face=2)
    played(after, RoundCard.SCOUT_AHEAD)
    assert_illegal(GAME, state, Play(RoundCard.SCOUT_AHEAD, die=S1, position=4), "cannot be played")
    assert_illegal(GAME, state, Play(RoundCard.SCOUT_AHEAD, die=S1, position=0), "cannot be played")


def test_head_start_makes_the_holder_start_next_round() -> None:
    state = holding(RoundCard.HEAD_START)
    after = apply(state, parse_move(state, "play head-start"))
    assert after.head_start == 0
    played(after, RoundCard.HEAD_START)


def test_re_toss_throws_your_die_again_after_its_landing() -> None:
    state = holding(RoundCard.RE_TOSS)
    state = apply(state, Toss(DieKind.WORKER, 4))
    state = apply(state, Landing(1, (4,)))
    assert state.phase is Phase.AFTER
    assert legal_moves(state)[0] == Keep()
    after = apply(state, parse_move(state, "play re-toss at 5"))
    assert after.phase is Phase.LAND and after.target == 5 and after.dice[0][W1] == HOME
    played(after, RoundCard.RE_TOSS)
    after = apply(after, Landing(4, (5,)))
    assert after.dice[0][W1] == on(5, face=4) and after.turn == 1


def test_a_round_card_is_played_only_by_its_holder() -> None:
    state = holding(RoundCard.HONEY, turn=1)
    assert_illegal(GAME, state, Play(RoundCard.HONEY, position=4), "does not hold")
    state = holding(RoundCard.HONEY)
    assert_illegal(GAME, state, Play(RoundCard.RE_TOSS, position=4), "does not hold")


def test_playing_a_card_is_not_a_turn() -> None:
    state = holding(RoundCard.HONEY)
    state = apply(state, Play(RoundCard.HONEY, position=4))
    assert state.turn == 0 and Toss(DieKind.WORKER, 4) in legal_moves(state)
    assert attrs.evolve(state).dice[0][W1].spot is Spot.HOME
