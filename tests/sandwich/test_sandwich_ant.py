"""Ants: steal the top card of another player's open sandwich onto your own open sandwich.

Rulebook: "An ant takes a part of a sandwich and adds it to yours."
House rules: "An ant steals only the top card of an unfinished sandwich the fly is not
covering, and only when that card legally continues your own sandwich. Finished sandwiches
are safe. The ant card is discarded." and (shared house rules) "... (not a new one); it goes
onto that sandwich (it may close it). A sandwich robbed of its only card is gone."
"""

from __future__ import annotations

import pytest
from sandwich_scenario import ANT, BREAD, illegal, make_state, sandwich

from picnic_rules.sandwich import (
    Ant,
    Discard,
    End,
    Phase,
    apply,
    check,
    counting_sandwiches,
    legal_moves,
    result,
)


def test_an_ant_moves_the_top_card_and_is_discarded():
    state = make_state(
        hands={0: "ant pb"},
        table={0: ["bread jelly"], 1: ["bread jelly pb"]},
        discard="jelly",
        draw=None,
        actions=6,  # five cards on the table and one discarded: at least six actions
    )
    new = apply(state, Ant(1, 0, 0))
    check(new)
    assert new.table == ((sandwich("bread jelly pb"),), (sandwich("bread jelly"),))
    assert new.hands[0] == (0, 1, 0, 0, 0)
    assert new.discard_pile == (0, 0, 1, 1, 0)  # the ant card goes to the discard pile
    assert new.draw_pile == state.draw_pile
    assert new.actions == 7
    assert new.played is True
    assert new.phase is Phase.ACT


def test_an_ant_can_take_a_spread_that_sits_on_bread_only():
    # the victim's top jelly continues the thief's lone bread
    state = make_state(hands={0: "ant"}, table={0: ["bread"], 1: ["bread pb jelly"]})
    new = apply(state, Ant(1, 0, 0))
    assert new.table == ((sandwich("bread jelly"),), (sandwich("bread pb"),))


@pytest.mark.parametrize(
    ("mine", "theirs", "words"),
    [
        ("bread pb", "bread jelly pb", "peanut butter cannot sit on peanut butter"),
        ("bread jelly", "bread pb jelly", "jelly cannot sit on jelly"),
        ("bread pb", "bread", "peanut butter and jelly"),  # a stolen bread cannot close yet
        ("bread", "bread", "peanut butter and jelly"),
    ],
)
def test_the_stolen_card_must_legally_continue_the_thiefs_sandwich(mine, theirs, words):
    state = make_state(hands={0: "ant"}, table={0: [mine], 1: [theirs]})
    illegal(state, Ant(1, 0, 0), words)
    assert not any(isinstance(m, Ant) for m in legal_moves(state))


def test_an_ant_cannot_start_a_new_sandwich():
    # seat 0 has no sandwich: the stolen bread could only start one, which an ant may not do
    state = make_state(hands={0: "ant"}, table={1: ["bread"]})
    illegal(state, Ant(1, 0, 0), "no sandwich 0.", "0")
    assert legal_moves(state) == (Discard(ANT),)


def test_an_ant_cannot_go_onto_a_finished_sandwich_of_the_thief():
    state = make_state(hands={0: "ant"}, table={0: ["bread pb jelly bread"], 1: ["bread jelly"]})
    illegal(state, Ant(1, 0, 0), "already finished")
    assert legal_moves(state) == (Discard(ANT),)


def test_an_ant_cannot_go_onto_the_thiefs_covered_sandwich():
    state = make_state(hands={0: "ant"}, table={0: ["bread pb"], 1: ["bread jelly"]}, fly=(0, 0))
    illegal(state, Ant(1, 0, 0), "fly covers sandwich 0.0")
    assert not any(isinstance(m, Ant) for m in legal_moves(state))


def test_an_ant_does_not_steal_from_its_own_player():
    # seat 0 has two open sandwiches (the fly left 0.0): moving 0.1's jelly onto 0.0 is no steal
    state = make_state(
        hands={0: "ant"}, table={0: ["bread pb", "bread jelly"], 1: ["bread"]}, fly=(1, 0)
    )
    illegal(state, Ant(0, 1, 0), "another player")
    assert not any(isinstance(m, Ant) for m in legal_moves(state))


def test_finished_sandwiches_are_safe():
    state = make_state(hands={0: "ant"}, table={0: ["bread pb jelly"], 1: ["bread pb jelly bread"]})
    illegal(state, Ant(1, 0, 0), "finished")
    assert not any(isinstance(m, Ant) for m in legal_moves(state))


def test_a_covered_sandwich_cannot_be_robbed():
    state = make_state(hands={0: "ant"}, table={0: ["bread pb"], 1: ["bread jelly"]}, fly=(1, 0))
    illegal(state, Ant(1, 0, 0), "fly covers sandwich 1.0")
    assert legal_moves(state) == (Discard(ANT),)


def test_an_ant_needs_an_ant_card():
    state = make_state(hands={0: "pb"}, table={0: ["bread jelly"], 1: ["bread jelly pb"]})
    illegal(state, Ant(1, 0, 0), "holds no ant")


def test_a_robbed_single_card_sandwich_disappears():
    state = make_state(hands={0: "ant"}, table={0: ["bread pb jelly"], 1: ["bread"]})
    new = apply(state, Ant(1, 0, 0))
    check(new)
    assert new.table == ((sandwich("bread pb jelly bread"),), ())


def test_the_fly_index_shifts_when_a_robbed_sandwich_before_it_disappears():
    # seat 1: 1.0 a lone bread (the fly left it), 1.1 covered by the fly
    state = make_state(
        hands={0: "ant"}, table={0: ["bread pb jelly"], 1: ["bread", "bread pb"]}, fly=(1, 1)
    )
    new = apply(state, Ant(1, 0, 0))
    check(new)
    assert new.table == ((sandwich("bread pb jelly bread"),), (sandwich("bread pb"),))
    assert new.fly == (1, 0)  # still on the same sandwich, now numbered 1.0


@pytest.mark.parametrize("victim", [0, 1, 2])
def test_the_fly_shifts_down_on_the_victims_later_sandwich_whatever_the_victims_seat(victim):
    # the victim's first sandwich is a lone bread (the fly left it), its second is covered;
    # the thief is the next seat, whose sandwich the stolen bread closes
    thief = (victim + 1) % 3
    state = make_state(
        hands={thief: "ant"},
        table={thief: ["bread pb jelly"], victim: ["bread", "bread pb"]},
        players=3,
        fly=(victim, 1),
        turn=thief,
    )
    new = apply(state, Ant(victim, 0, 0))
    check(new)
    assert new.table[victim] == (sandwich("bread pb"),)
    assert new.fly == (victim, 0)  # still on the same sandwich, now numbered victim.0


def test_the_fly_index_stays_when_the_robbed_sandwich_comes_after_it():
    state = make_state(
        hands={0: "ant"},
        table={0: ["bread pb jelly"], 1: ["bread pb jelly bread", "bread"]},
        fly=(1, 0),
    )
    new = apply(state, Ant(1, 1, 0))
    check(new)
    assert new.table == ((sandwich("bread pb jelly bread"),), (sandwich("bread pb jelly bread"),))
    assert new.fly == (1, 0)


def test_the_fly_on_another_seat_is_not_shifted():
    state = make_state(
        hands={0: "ant"},
        table={0: ["bread pb jelly"], 1: ["bread"], 2: ["bread pb", "bread jelly"]},
        players=3,
        fly=(2, 1),
    )
    new = apply(state, Ant(1, 0, 0))
    assert new.table[1] == ()
    assert new.fly == (2, 1)


def test_a_stolen_bread_closes_the_thiefs_sandwich_and_resets_the_counter():
    state = make_state(
        hands={0: "ant"},
        table={0: ["bread jelly pb"], 1: ["bread pb jelly", "bread"]},
        fly=(1, 0),
        actions=50,
    )
    new = apply(state, Ant(1, 1, 0))
    check(new)
    assert new.table == ((sandwich("bread jelly pb bread"),), (sandwich("bread pb jelly"),))
    assert new.fly == (1, 0)
    assert new.actions == 0
    assert counting_sandwiches(new.table, new.fly, 0) == 1
    assert new.discard_pile[ANT] == 1


def test_a_stolen_bread_can_win_the_game():
    done = "bread pb jelly bread"
    state = make_state(hands={0: "ant"}, table={0: [done, done, "bread pb jelly"], 1: ["bread"]})
    new = apply(state, Ant(1, 0, 2))
    check(new)
    assert new.table == ((sandwich(done),) * 3, ())
    assert new.phase is Phase.OVER
    assert new.reason == "three-sandwiches"
    assert result(new).winners == (0,)
    assert result(new).scores == (3, 0)
    assert result(new).reason == "three-sandwiches"


def test_the_thief_chooses_which_own_sandwich_receives_the_card():
    # seat 0 has two open sandwiches (the fly moved on to seat 2)
    state = make_state(
        hands={0: "ant"},
        table={0: ["bread pb", "bread"], 1: ["bread pb jelly"], 2: ["bread"]},
        players=3,
        fly=(2, 0),
    )
    assert [m for m in legal_moves(state) if isinstance(m, Ant)] == [Ant(1, 0, 0), Ant(1, 0, 1)]
    assert apply(state, Ant(1, 0, 1)).table[0] == (sandwich("bread pb"), sandwich("bread jelly"))
    assert apply(state, Ant(1, 0, 0)).table[0] == (sandwich("bread pb jelly"), (BREAD,))


def test_ant_moves_listed_for_every_victim():
    state = make_state(
        hands={0: "ant"},
        table={0: ["bread pb jelly"], 1: ["bread", "bread pb jelly bread"], 2: ["bread pb"]},
        players=3,
        fly=(1, 1),
    )
    # 1.0's bread closes 0.0, 2.0's pb may sit on 0.0's jelly; 1.1 is covered
    assert legal_moves(state) == (Ant(1, 0, 0), Ant(2, 0, 0), End())
    assert apply(state, Ant(2, 0, 0)).table == (
        (sandwich("bread pb jelly pb"),),
        ((BREAD,), sandwich("bread pb jelly bread")),
        ((BREAD,),),
    )


def test_an_ant_on_a_missing_sandwich():
    state = make_state(hands={0: "ant"}, table={0: ["bread pb"], 1: ["bread jelly"]})
    # (the engine writes these as "there is no sandwich 1. 1": key words only)
    illegal(state, Ant(1, 1, 0), "no sandwich 1.", "1")
    illegal(state, Ant(1, 0, 1), "no sandwich 0.", "1")
    illegal(state, Ant(2, 0, 0), "no seat 2")
