"""Send out the ants: tosses, landings (any consistent landing is accepted, impossible ones are
refused with the reason), the Scout's re-toss, and skipping players with no dice."""

from __future__ import annotations

import random

import attrs
import pytest
from ants_scenario import HOME, PUDDLE, loose, on, table

from picnic_rules import CHANCE, IllegalMove, InvalidMove
from picnic_rules.ants import (
    GAME,
    DieKind,
    Keep,
    Landing,
    Phase,
    Retoss,
    Spot,
    Toss,
    apply,
    check,
    legal_moves,
    parse_move,
    sample_chance,
    to_move,
)
from picnic_rules.testing import assert_illegal

SOLDIER, W1, W2, W3, S1, S2 = range(6)


def tossed(kind: DieKind = DieKind.WORKER, target: int = 4, **kw: object) -> object:
    state = table(2, **kw)
    return apply(state, Toss(kind, target))


def test_a_toss_picks_a_die_from_the_anthill_and_chance_gives_the_landing() -> None:
    state = table(2)
    assert Toss(DieKind.SOLDIER, 4) in legal_moves(state)
    assert len(legal_moves(state)) == 3 * 5  # three kinds at five cards
    state = apply(state, Toss(DieKind.WORKER, 4))
    assert to_move(state) is CHANCE and state.tossing == W1 and state.target == 4
    assert legal_moves(state) == ()  # landings are sampled, not listed
    state = apply(state, parse_move(state, "land 4 on 4"))
    assert state.dice[0][W1] == on(4, face=4)
    assert state.turn == 1 and state.phase is Phase.SEND


def test_no_toss_of_a_die_not_on_the_anthill() -> None:
    state = table(2, dice={0: {W1: loose(1), W2: loose(1), W3: loose(1)}})
    assert_illegal(GAME, state, Toss(DieKind.WORKER, 4), "no worker")
    assert_illegal(GAME, state, Toss(DieKind.SCOUT, 0), "no picnic card")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("land 5 on 4", ["no face with 5"]),  # a Worker has 1-4 ants
        ("land 2 on 0", ["no picnic card at position 0"]),  # 0 is not in the 2-player area
        ("land 2 on 1,7", ["neighbours"]),
        ("land 2 on 4,4", ["neighbours"]),
        ("land 2 on 5,4", ["ascending"]),
        ("land 2 on 4 knock 1:worker1 loose showing 2", ["touched"]),
        ("land 2 on 4 touching knock 1:worker2 loose showing 2", ["only dice in the picnic area"]),
        ("land 2 on 4 touching knock 0:worker1 loose showing 2", ["itself"]),
        ("land 2 on 4 touching knock 1:worker1 loose showing 9", ["no face with 9"]),
        ("land 2 on 4 touching knock 1:worker1 to 0 showing 2", ["no picnic card"]),
        (
            "land 2 on 4 touching knock 1:worker1 loose showing 2 knock 1:worker1 loose showing 2",
            ["once"],
        ),
        ("land 2 on 4 touching knock 5:worker1 loose showing 2", ["no die"]),
    ],
)
def test_impossible_landings_are_refused_naming_the_reason(text: str, words: list[str]) -> None:
    state = tossed(dice={1: {W1: on(4, face=3)}})
    with pytest.raises(IllegalMove) as error:
        parse_move(state, text)
    assert all(word in error.value.reason for word in words), error.value.reason
    assert_illegal(GAME, state, GAME.move_from_str(text), *words)


def test_a_landing_cannot_touch_dice_when_none_is_in_the_area() -> None:
    state = tossed()  # every other die is on its anthill
    assert_illegal(GAME, state, Landing(2, (4,), touched=True), "no other die")
    apply(state, Landing(2, (4,)))


def test_a_landing_with_knock_ons_moves_the_knocked_dice() -> None:
    state = tossed(DieKind.SOLDIER, dice={1: {W1: on(4, face=3), S1: on(4, face=1)}})
    state = apply(
        state,
        parse_move(
            state,
            "land 3 on 4 touching knock 1:worker1 to 5 showing 3 knock 1:scout1 loose showing 2",
        ),
    )
    check(state)
    assert state.dice[0][SOLDIER] == on(4, face=3)
    assert state.dice[1][W1] == on(5, face=3)
    assert state.dice[1][S1] == loose(2)


def test_text_typed_by_a_person_is_forgiven() -> None:
    state = tossed(dice={1: {W1: on(5, face=2)}})
    move = parse_move(state, "  LAND 2 on 4 , 5   Touching ")
    assert move == Landing(2, (4, 5), True)
    with pytest.raises(InvalidMove):
        parse_move(state, "land two on 4")


def test_a_scout_that_touched_nothing_and_no_card_may_toss_once_more() -> None:
    state = tossed(DieKind.SCOUT)
    state = apply(state, Landing(2, ()))
    assert state.phase is Phase.AFTER and state.turn == 0
    assert Keep() in legal_moves(state) and Retoss(4) in legal_moves(state)
    state = apply(state, Retoss(1))
    assert state.phase is Phase.LAND and state.dice[0][S1] == HOME and state.target == 1
    state = apply(state, Landing(1, ()))  # loose again: the re-toss was used this turn
    assert state.phase is Phase.SEND and state.turn == 1
    assert state.dice[0][S1] == loose(1)


@pytest.mark.parametrize(
    "landing",
    [Landing(2, (4,)), Landing(2, (), touched=True)],
    ids=["touches-a-card", "touched-dice"],
)
def test_no_scout_retoss_after_touching_a_card_or_dice(landing: Landing) -> None:
    state = apply(tossed(DieKind.SCOUT, dice={1: {W1: on(5, face=2)}}), landing)
    assert state.phase is Phase.SEND and state.turn == 1
    assert_illegal(GAME, state, Retoss(4), "toss a die")


def test_no_retoss_for_a_worker() -> None:
    state = apply(tossed(DieKind.WORKER), Landing(2, ()))
    assert state.phase is Phase.SEND and state.turn == 1


def test_a_player_without_dice_is_skipped() -> None:
    # seat 1 has nothing on its anthill: seat 0 tosses again
    gone = {i: loose(1) for i in range(6)}
    state = table(3, dice={1: gone})
    state = apply(state, Toss(DieKind.WORKER, 4))
    state = apply(state, Landing(2, (4,)))
    assert state.turn == 2
    state = apply(state, Toss(DieKind.WORKER, 4))
    state = apply(state, Landing(2, (4,)))
    assert state.turn == 0


def test_sampled_landings_are_consistent() -> None:
    rng = random.Random(5)
    state = table(
        4,
        dice={1: {W1: on(4, face=3), S1: on(4, 5, face=1)}, 2: {S1: PUDDLE}},
        round=1,
        check_it=False,
    )
    state = attrs.evolve(
        state, dice=(state.dice[0], state.dice[1], tuple(HOME for _ in range(6)), state.dice[3])
    )
    check(state)
    state = apply(state, Toss(DieKind.SOLDIER, 4))
    for _ in range(200):
        landing = sample_chance(state, rng)
        assert isinstance(landing, Landing)
        after = apply(state, landing)
        check(after)
        assert after.dice[0][SOLDIER].spot in (Spot.AREA, Spot.LOOSE)
