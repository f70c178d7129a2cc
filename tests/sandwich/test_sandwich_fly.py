"""The fly: a token moved by fly cards; it freezes a sandwich and stops a finished one counting.

Rulebook: "The fly spoils one sandwich until a later fly moves it. Start another sandwich
meanwhile." and "A finished sandwich with the fly on it does not count."
House rules: "Playing a fly card moves the token onto a different sandwich. The frozen
sandwich stays built. Its owner may start a new one. Drawing a fly does nothing until you
play it." and (shared) "any sandwich on the table (any owner, finished or not) other than
the one it is on; the first fly places it. The fly card is discarded."
"""

from __future__ import annotations

import pytest
from sandwich_scenario import BREAD, FLY, JELLY, illegal, make_state, sandwich

from picnic_rules.sandwich import (
    Discard,
    Draw,
    End,
    Fly,
    Phase,
    Play,
    apply,
    check,
    counting_sandwiches,
    legal_moves,
    result,
)

DONE = "bread pb jelly bread"


def test_the_first_fly_places_the_token_and_is_discarded():
    state = make_state(hands={0: "fly pb"}, table={1: ["bread jelly"]}, actions=9)
    assert state.fly is None
    new = apply(state, Fly(1, 0))
    check(new)
    assert new.fly == (1, 0)
    assert new.table == state.table  # the frozen sandwich stays built
    assert new.hands[0] == (0, 1, 0, 0, 0)
    assert new.discard_pile == (0, 0, 0, 0, 1)
    assert new.draw_pile == state.draw_pile
    assert new.played is True
    assert new.actions == 10
    assert new.phase is Phase.ACT and new.turn == 0


@pytest.mark.parametrize("target", [(0, 0), (0, 1), (1, 0), (1, 1)])
def test_the_fly_goes_onto_any_other_sandwich_of_any_owner(target):
    state = make_state(
        hands={0: "fly"},
        table={0: [DONE, "bread pb"], 1: ["bread", DONE]},
        fly=(1, 0) if target != (1, 0) else (0, 1),
    )
    new = apply(state, Fly(*target))
    check(new)
    assert new.fly == target
    assert new.table == state.table
    assert new.discard_pile[FLY] == state.discard_pile[FLY] + 1


def test_the_fly_moves_only_to_a_different_sandwich():
    state = make_state(hands={0: "fly"}, table={0: ["bread pb"], 1: ["bread jelly"]}, fly=(1, 0))
    illegal(state, Fly(1, 0), "already covers")
    assert legal_moves(state) == (Fly(0, 0), End())


def test_fly_moves_in_legal_moves_skip_the_covered_sandwich():
    state = make_state(
        hands={1: "fly"}, table={0: [DONE, "bread"], 1: ["bread pb"]}, fly=(0, 0), turn=1
    )
    fly_moves = [m for m in legal_moves(state) if isinstance(m, Fly)]
    assert fly_moves == [Fly(0, 1), Fly(1, 0)]


def test_the_fly_needs_a_sandwich_on_the_table():
    state = make_state(hands={0: "fly"})
    illegal(state, Fly(0, 0), "no sandwich")
    # a fly that cannot be played is a card the stuck player must discard
    assert legal_moves(state) == (Discard(FLY),)


def test_the_fly_needs_a_fly_card():
    state = make_state(hands={0: "pb"}, table={1: ["bread"]})
    illegal(state, Fly(1, 0), "holds no fly")


def test_a_covered_finished_sandwich_does_not_count():
    state = make_state(hands={0: "fly"}, table={0: [DONE], 1: [DONE, DONE]})
    assert counting_sandwiches(state.table, state.fly, 1) == 2
    new = apply(state, Fly(1, 1))
    assert counting_sandwiches(new.table, new.fly, 1) == 1
    assert counting_sandwiches(new.table, new.fly, 0) == 1
    moved = apply(
        make_state(hands={0: "fly"}, table={0: [DONE], 1: [DONE, DONE]}, fly=(1, 1)), Fly(0, 0)
    )
    assert counting_sandwiches(moved.table, moved.fly, 1) == 2  # moving it away restores it
    assert counting_sandwiches(moved.table, moved.fly, 0) == 0


def test_moving_the_fly_away_wins_for_the_uncovered_owner_on_another_players_turn():
    # seat 1 has three finished sandwiches, one under the fly: two count
    state = make_state(hands={0: "fly"}, table={0: ["bread pb"], 1: [DONE, DONE, DONE]}, fly=(1, 2))
    check(state)
    new = apply(state, Fly(0, 0))
    check(new)
    assert new.phase is Phase.OVER
    assert new.reason == "three-sandwiches"
    assert new.fly == (0, 0)
    outcome = result(new)
    assert outcome.winners == (1,)
    assert outcome.scores == (0, 3)
    assert outcome.reason == "three-sandwiches"
    assert legal_moves(new) == ()


def test_moving_the_fly_between_an_owners_own_sandwiches_does_not_win():
    state = make_state(hands={0: "fly"}, table={0: ["bread pb"], 1: [DONE, DONE, DONE]}, fly=(1, 2))
    new = apply(state, Fly(1, 0))
    assert new.phase is Phase.ACT
    assert counting_sandwiches(new.table, new.fly, 1) == 2


def test_moving_the_fly_wins_even_at_the_action_limit():
    state = make_state(
        hands={0: "fly"}, table={0: ["bread pb"], 1: [DONE, DONE, DONE]}, fly=(1, 0), actions=59
    )
    new = apply(state, Fly(0, 0))
    assert new.phase is Phase.OVER
    assert new.reason == "three-sandwiches"
    assert result(new).winners == (1,)


def test_the_owner_of_a_covered_sandwich_may_start_another():
    state = make_state(hands={0: "fly"}, table={0: ["bread pb"], 1: ["bread jelly"]})
    new = apply(state, Fly(0, 0))
    assert new.fly == (0, 0)
    later = make_state(hands={0: "bread"}, table={0: ["bread pb"], 1: ["bread jelly"]}, fly=(0, 0))
    assert apply(later, Play(BREAD)).table[0] == (sandwich("bread pb"), sandwich("bread"))


def test_drawing_a_fly_does_nothing_until_it_is_played():
    state = make_state(
        hands={0: "pb"}, table={0: ["bread jelly"], 1: ["bread pb"]}, fly=(1, 0), phase=Phase.DRAW
    )
    new = apply(state, Draw(FLY))
    check(new)
    assert new.fly == (1, 0)
    assert new.hands[0] == (0, 1, 0, 0, 1)
    assert new.discard_pile == state.discard_pile
    assert new.phase is Phase.ACT


def test_only_a_fly_moves_the_token():
    # playing, stealing and ending the turn leave the token where it is
    state = make_state(
        hands={0: "jelly bread"}, table={0: ["bread pb"], 1: ["bread pb jelly"]}, fly=(1, 0)
    )
    after = apply(apply(state, Play(JELLY, 0)), Play(BREAD, 0))
    assert after.table[0] == (sandwich(DONE),)
    assert after.fly == (1, 0)
    assert apply(after, End()).fly == (1, 0)


def test_moving_the_fly_off_ones_own_sandwich_can_win():
    state = make_state(hands={0: "fly"}, table={0: [DONE, DONE, DONE], 1: ["bread"]}, fly=(0, 1))
    new = apply(state, Fly(1, 0))
    check(new)
    assert new.reason == "three-sandwiches"
    assert result(new).winners == (0,)
    assert result(new).scores == (3, 0)


def test_uncovering_a_finished_sandwich_is_not_finishing_one():
    # the action counter counts on: only a closing bread resets it
    state = make_state(hands={0: "fly"}, table={0: ["bread pb"], 1: [DONE]}, fly=(1, 0), actions=20)
    new = apply(state, Fly(0, 0))
    assert new.actions == 21
    at_limit = make_state(
        hands={0: "fly"}, table={0: ["bread pb"], 1: [DONE]}, fly=(1, 0), actions=59
    )
    over = apply(at_limit, Fly(0, 0))
    assert over.reason == "sixty-actions"
    assert result(over).winners == (1,)
