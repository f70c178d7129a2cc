"""Scenarios for the house haggling protocol: proposals grain by grain, answers in seat
order, one proposal per involved seat, then the duel."""

from __future__ import annotations

import pytest
from poultry_scenario import play, table

from picnic_rules import IllegalMove
from picnic_rules.poultry import GAME, Accept, NoDeal, Phase, apply, legal_moves, to_move
from picnic_rules.testing import assert_illegal


def crowd() -> object:
    return table(4, {0: "red 5", 2: "red 3", 3: "red 4"}, {"red": (1, 1, 0)})


def test_involved_seats_propose_in_ascending_order() -> None:
    state = play(crowd())
    assert state.phase is Phase.HAGGLE and state.haggle is not None
    assert state.haggle.seats == (0, 2, 3) and to_move(state) == 0
    assert NoDeal() in legal_moves(state)
    assert [str(m) for m in legal_moves(state)] == [
        "no-deal",
        "allot green to 0",
        "allot green to 2",
        "allot green to 3",
        "allot blue to 0",
        "allot blue to 2",
        "allot blue to 3",
    ]


def test_an_accepted_proposal_splits_the_grain() -> None:
    state = play(crowd(), "allot green to 2", "allot blue to 0")
    assert to_move(state) == 2 and legal_moves(state) == (Accept(), GAME.move_from_str("reject"))
    state = play(state, "accept")
    assert to_move(state) == 3  # answers go in seat order
    state = play(state, "accept")
    assert state.grain[0] == (0, 1, 0) and state.grain[2] == (1, 0, 0)
    assert state.yards[4] == (0, 0, 0) and state.phase is Phase.DRAW


def test_no_deal_only_before_the_first_allot() -> None:
    state = play(crowd(), "allot green to 0")
    assert_illegal(GAME, state, NoDeal(), "no-deal only before the first allot")


def test_a_begun_proposal_allots_every_grain_and_only_what_is_there() -> None:
    state = play(crowd(), "allot green to 0")
    assert_illegal(GAME, state, GAME.move_from_str("allot green to 2"), "no green grain is left")
    assert_illegal(GAME, state, GAME.move_from_str("allot blue to 1"), "does not take part")
    assert_illegal(GAME, state, Accept(), "proposes now")


def test_the_first_reject_passes_the_proposal_turn() -> None:
    state = play(crowd(), "allot green to 0", "allot blue to 0", "reject")
    assert state.haggle is not None and state.haggle.proposer == 1 and to_move(state) == 2
    assert state.haggle.allotted == ((0, 0, 0),) * 3
    state = play(state, "allot green to 2", "allot blue to 2", "accept", "reject")
    assert to_move(state) == 3


def test_after_every_proposal_they_duel() -> None:
    state = play(crowd(), "no-deal", "no-deal", "allot green to 3", "allot blue to 3", "reject")
    assert state.phase is Phase.DUEL and state.duel is not None
    assert state.duel.seats == (0, 2, 3) and state.duel.values == (5, 3, 4)
    state = play(state, rolls=[1, 2, 6])
    assert state.grain[3] == (1, 1, 0)


def test_a_seat_may_allot_grain_to_itself_and_answers_come_from_the_others() -> None:
    start = table(2, {0: "red 5", 1: "red 4"}, {"red": (0, 0, 1)})
    state = play(start, "allot yellow to 0")
    assert to_move(state) == 1
    with pytest.raises(IllegalMove):
        apply(state, NoDeal())
    state = play(state, "accept")
    assert state.grain[0] == (0, 0, 1)
