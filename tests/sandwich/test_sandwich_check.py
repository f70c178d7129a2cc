"""check() and check_view() accept only what the rules can reach, and name what is wrong.

Every forged position comes with a control: the nearest position a real game
reaches passes, so each refusal is about the one fact that was forged.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from sandwich_scenario import apply_all, deck_rules, make_state

from picnic_rules import InvalidState, PicnicError, RulesError
from picnic_rules.sandwich import (
    GAME,
    Card,
    Draw,
    End,
    Fly,
    Phase,
    Play,
    Rules,
    State,
    apply,
    check,
    check_view,
    may_start_new_sandwich,
    new_game,
    sample_chance,
    view,
)

B, PB, J, ANT, FLY = Card
DONE = "bread pb jelly bread"


def _dealing(dealt: int) -> State:
    """A real state of the deal with ``dealt`` cards dealt (2 players)."""
    state = new_game(2)
    for _ in range(dealt):
        state = apply(state, sample_chance(state, random.Random(dealt)))
    return state


def _opening() -> State:
    """A real game: seat 0 is dealt bread and pb, seat 1 jelly and jelly; seat 0 draws jelly."""
    return apply_all(new_game(2), *(Draw(c) for c in (B, J, PB, J)), Draw(J))


def _forged(**changes: object) -> State:
    return make_state(validate=False, **changes)  # type: ignore[arg-type]


def _good() -> State:
    return make_state(hands={0: "bread", 1: "pb"}, table={1: ["bread"]})


# ---------------------------------------------------------------- one table of forged states

FORGED_STATES: dict[str, tuple[Callable[[], State], str]] = {
    # shapes and types
    "a list for the hands": (
        lambda: attrs.evolve(_good(), hands=[(1, 0, 0, 0, 0), (0, 1, 0, 0, 0)]),
        "^hands must be a tuple$",
    ),
    "a hand of the wrong shape": (
        lambda: attrs.evolve(_good(), hands=((1, 0, 0, 0), (0, 1, 0, 0, 0))),
        r"^seat 0's hand must be a tuple of 5 counts, got \(1, 0, 0, 0\)$",
    ),
    "a list for a hand": (
        lambda: attrs.evolve(_good(), hands=([1, 0, 0, 0, 0], (0, 1, 0, 0, 0))),
        "^seat 0's hand must be a tuple of 5 counts",
    ),
    "a negative count": (
        lambda: attrs.evolve(_good(), hands=((2, 0, 0, 0, 0), (-1, 1, 0, 0, 0))),
        "^seat 1's hand holds -1, not a count$",
    ),
    "a list for sandwiches": (
        lambda: attrs.evolve(_good(), table=([(B,)], ())),
        "^seat 0's sandwiches must be a tuple$",
    ),
    "rules that are a name": (
        lambda: attrs.evolve(_good(), rules="default"),
        "^rules must be sandwich Rules, got 'default'$",
    ),
    "a phase that is a string": (
        lambda: attrs.evolve(_good(), phase="act"),
        "^phase must be a Phase, got 'act'$",
    ),
    "played that is an int": (
        lambda: attrs.evolve(_good(), played=1),
        "^played must be a bool, got 1$",
    ),
    "five players": (lambda: _forged(players=5), "^sandwich takes 2 to 4 players, not 5$"),
    "a turn that is no seat": (lambda: _forged(turn=2), "^turn 2 is not a seat$"),
    # sandwiches
    "a card that is an int": (
        lambda: attrs.evolve(_good(), table=((), ((0,),))),
        r"^sandwich 1\.0 holds something that is not bread or a spread",
    ),
    "an ant on the table": (
        lambda: _forged(table={0: ["bread ant"]}),
        r"^sandwich 0\.0 holds something that is not bread or a spread",
    ),
    "an empty sandwich": (
        lambda: _forged(table={0: [""]}),
        r"^sandwich 0\.0 must be a non-empty tuple of cards$",
    ),
    "a sandwich starting with a spread": (
        lambda: _forged(table={0: ["pb jelly"]}),
        r"^sandwich 0\.0 does not start with bread$",
    ),
    "two breads in the middle": (
        lambda: _forged(table={0: ["bread bread pb"]}),
        r"^sandwich 0\.0 has bread in the middle$",
    ),
    "bread in the middle": (
        lambda: _forged(table={0: ["bread pb bread jelly"]}),
        r"^sandwich 0\.0 has bread in the middle$",
    ),
    "pb on pb": (
        lambda: _forged(table={0: ["bread pb pb"]}),
        r"^sandwich 0\.0 has pb sitting on pb$",
    ),
    "jelly on jelly": (
        lambda: _forged(table={0: ["bread pb jelly jelly bread"]}),
        r"^sandwich 0\.0 has jelly sitting on jelly$",
    ),
    "closed without jelly": (
        lambda: _forged(table={0: ["bread pb bread"]}),
        r"^sandwich 0\.0 was closed without both peanut butter and jelly$",
    ),
    "closed with nothing": (
        lambda: _forged(table={0: ["bread bread"]}),
        r"^sandwich 0\.0 was closed without both peanut butter and jelly$",
    ),
    "three unfinished sandwiches": (
        lambda: _forged(table={0: ["bread", "bread pb", "bread jelly"]}, fly=(0, 0)),
        "^seat 0 has 3 unfinished sandwiches; one fly token allows at most 2$",
    ),
    # the fly token
    "the fly on a missing sandwich": (
        lambda: _forged(table={0: ["bread"]}, fly=(1, 0)),
        r"^the fly token is on \(1, 0\), which is no sandwich on the table$",
    ),
    "the fly on a missing index": (
        lambda: _forged(table={0: ["bread"]}, fly=(0, 1)),
        r"^the fly token is on \(0, 1\), which is no sandwich",
    ),
    "the fly on a missing seat": (
        lambda: _forged(table={0: ["bread"]}, fly=(2, 0)),
        r"^the fly token is on \(2, 0\), which is no sandwich",
    ),
    "the fly in a deck without flies": (
        lambda: _forged(table={0: ["bread"]}, fly=(0, 0), rules=Rules(flies=0)),
        "^the fly token is on the table, but the deck has no fly card to put it there$",
    ),
    # card conservation
    "a lost card": (
        lambda: attrs.evolve(_good(), draw_pile=(13, 11, 12, 8, 6)),
        "^15 bread cards are in play but the deck has 16: cards must be conserved$",
    ),
    "an extra card": (
        lambda: attrs.evolve(_good(), discard_pile=(0, 0, 1, 0, 0)),
        "^13 jelly cards are in play but the deck has 12: cards must be conserved$",
    ),
    # counters
    "negative actions": (lambda: _forged(actions=-1), r"^actions -1 is outside 0\.\.60$"),
    "actions beyond the limit": (
        lambda: _forged(phase=Phase.OVER, reason="sixty-actions", actions=61),
        r"^actions 61 is outside 0\.\.60$",
    ),
    "the action limit reached while running": (
        lambda: _forged(actions=60),
        "^the action limit is reached but the game goes on$",
    ),
    "too many cards dealt": (
        lambda: attrs.evolve(_good(), dealt=5),
        r"^dealt 5 is outside 0\.\.4$",
    ),
    "play before the deal is over": (
        lambda: attrs.evolve(_good(), dealt=3),
        "^the game started before the deal was finished$",
    ),
    "played during a draw": (
        lambda: _forged(phase=Phase.DRAW, played=True),
        "^only the seat acting can have played this turn$",
    ),
    "a draw from an empty pile": (
        lambda: _forged(phase=Phase.DRAW, draw="", hands={0: "pb"}),
        "^a draw is pending but the draw pile is empty$",
    ),
    # the end of the game
    "over without a reason": (
        lambda: _forged(phase=Phase.OVER),
        "^end reason None does not fit phase Phase.OVER$",
    ),
    "a reason while running": (
        lambda: _forged(reason="stuck"),
        "^end reason 'stuck' does not fit phase Phase.ACT$",
    ),
    "an unknown reason": (
        lambda: _forged(phase=Phase.OVER, reason="boredom"),
        "^end reason 'boredom' does not fit phase Phase.OVER$",
    ),
    "a won game still running": (
        lambda: _forged(table={0: [DONE, DONE, DONE]}),
        "^seat 0 has won but the game goes on$",
    ),
    "a stuck game still running": (
        lambda: _forged(
            table={0: ["bread pb"], 1: ["bread pb"]},
            draw="pb",
            discard="",
            hands={0: "pb"},
            rules=Rules(bread=2, peanut_butter=4, jelly=0, ants=0, flies=0),
        ),
        "^no card can ever be played but the game goes on$",
    ),
    "three sandwiches without them": (
        # the third is under the fly, so it does not count
        lambda: _forged(
            table={0: [DONE, DONE, DONE]}, fly=(0, 2), phase=Phase.OVER, reason="three-sandwiches"
        ),
        "^the game ended with three sandwiches but nobody has them$",
    ),
    "the action limit after three actions": (
        lambda: _forged(phase=Phase.OVER, reason="sixty-actions", actions=3),
        "^the game ended on the action limit after 3 actions$",
    ),
    "stuck with a bread to start a sandwich": (
        lambda: _forged(hands={0: "bread"}, phase=Phase.OVER, reason="stuck"),
        "^the game ended stuck but a card can still be played$",
    ),
}


@pytest.mark.parametrize("name", sorted(FORGED_STATES))
def test_forged_states_are_refused(name: str) -> None:
    forge, message = FORGED_STATES[name]
    with pytest.raises(InvalidState, match=message):
        check(forge())


def test_the_unforged_positions_pass() -> None:
    check(_good())
    check(_forged(table={0: ["bread", "bread pb"]}, fly=(0, 0)))
    check(_forged(table={0: ["bread"]}, fly=(0, 0), rules=Rules(flies=1)))
    check(_forged(table={0: [DONE, DONE, "bread pb jelly"]}))
    check(_forged(phase=Phase.OVER, reason="sixty-actions", actions=60))


def test_check_refuses_what_is_not_a_state() -> None:
    with pytest.raises(InvalidState, match=r"sandwich State, not a sandwich View$"):
        GAME.check(view(new_game(2), 0))  # type: ignore[arg-type]


# ---------------------------------------------------------------- the deal


def test_the_deal_phase_is_checked() -> None:
    state = _dealing(1)
    check(state)
    assert state.phase is Phase.DEAL and state.dealt == 1
    with pytest.raises(InvalidState, match=r"^the deal is finished, or actions were taken"):
        check(attrs.evolve(state, actions=1))
    with pytest.raises(InvalidState, match=r"^card 1 of the deal goes to seat 1$"):
        check(attrs.evolve(state, turn=0))
    moved = attrs.evolve(state, hands=((0,) * 5, (0,) * 5), discard_pile=state.hands[0])
    with pytest.raises(InvalidState, match=r"^nothing can be played during the deal$"):
        check(moved)


def test_a_seat_dealt_another_seat_s_card_is_refused() -> None:
    # The deal goes round from seat 0, one card at a time: after 3 cards seat 0 holds two
    # and seat 1 one. Handing seat 1's card to seat 0 keeps every card in place.
    state = _dealing(3)
    check(state)
    assert [sum(hand) for hand in state.hands] == [2, 1]
    stolen = attrs.evolve(
        state, hands=(tuple(a + b for a, b in zip(*state.hands, strict=True)), (0,) * 5)
    )
    with pytest.raises(
        InvalidState, match=r"^seat 0 holds 3 cards, but 2 of the first 3 cards of the deal went"
    ):
        check(stolen)


def test_a_game_over_during_the_deal_is_refused() -> None:
    with pytest.raises(InvalidState, match=r"^the game ended during the deal, after 1 of 4 cards$"):
        check(attrs.evolve(_dealing(1), phase=Phase.OVER, reason="stuck"))
    # the control: a deck that is stuck from the start ends before the first card
    stuck = new_game(2, Rules(bread=0, peanut_butter=0, jelly=0))
    check(stuck)
    assert stuck.phase is Phase.OVER and stuck.dealt == 0
    with pytest.raises(InvalidState, match=r"^the game ended before the first move, which only"):
        check(attrs.evolve(stuck, reason="sixty-actions", actions=0))


# ---------------------------------------------------------------- the action counter


def test_the_action_counter_wound_back_to_zero_is_refused() -> None:
    state = apply_all(_opening(), Play(B), Play(PB, 0), End())
    assert state.actions == 3 and state.phase is Phase.DRAW and state.turn == 1
    with pytest.raises(
        InvalidState, match=r"^0 actions and nothing played this turn, but cards were played$"
    ):
        check(attrs.evolve(state, actions=0))
    with pytest.raises(
        InvalidState, match=r"^the action count is 1, but 2 cards were played or discarded"
    ):
        check(attrs.evolve(state, actions=1))
    check(attrs.evolve(state, actions=2))  # the fewest the position shows: one per card


def test_zero_actions_after_a_play_needs_a_finished_sandwich() -> None:
    state = apply_all(_opening(), Play(B))
    assert state.played and state.actions == 1
    with pytest.raises(
        InvalidState,
        match=r"^actions went back to 0 after seat 0 played, but no sandwich of seat 0 was",
    ):
        check(attrs.evolve(state, actions=0))
    # the control: closing bread resets the count, and the finished sandwich shows it
    closing = make_state(hands={0: "bread"}, table={0: ["bread pb jelly"]}, actions=9)
    finished = apply_all(closing, Play(B, 0))
    assert finished.actions == 0 and finished.played


def test_the_first_turn_without_its_draw_is_refused() -> None:
    # After the deal seat 0 draws before it acts; an act phase that skipped the draw
    # (seat 0 still holds only its two dealt cards, the pile full) is refused.
    drawing = apply_all(new_game(2), *(Draw(c) for c in (B, J, PB, J)))
    assert drawing.phase is Phase.DRAW
    with pytest.raises(
        InvalidState, match=r"^seat 0 holds 2 cards, but it must hold 3 before the first"
    ):
        check(attrs.evolve(drawing, phase=Phase.ACT))
    check(_opening())
    with pytest.raises(InvalidState, match=r"^no move was made yet, but it is not the first"):
        check(attrs.evolve(drawing, turn=1))


def test_a_turn_without_its_draw_is_refused() -> None:
    # An empty hand before playing means no card was drawn: only with both piles empty.
    hands = {1: "pb"}
    table = {0: ["bread jelly"], 1: ["bread"]}
    rules = deck_rules(bread=2, pb=2, jelly=1)  # the second pb lies in the discard pile
    with pytest.raises(
        InvalidState, match=r"^seat 0 has not drawn this turn .its hand is empty. but the piles"
    ):
        make_state(hands=hands, table=table, draw="", rules=rules, played=False)
    check(make_state(hands=hands, table=table, draw="", rules=rules, played=True))
    rules = deck_rules(bread=2, pb=1, jelly=1)  # nothing left to draw
    check(make_state(hands=hands, table=table, draw="", discard="", rules=rules, played=False))


# ---------------------------------------------------------------- the end


def _won_by_the_fly() -> State:
    """Seat 1 moves the fly off seat 0's third sandwich: seat 0 wins on seat 1's turn."""
    state = make_state(
        hands={1: "fly"}, table={0: [DONE] * 3, 1: ["bread"]}, fly=(0, 2), turn=1, actions=4
    )
    return apply_all(state, Fly(1, 0))


def test_a_win_or_stuck_end_needs_a_play_this_turn() -> None:
    won = _won_by_the_fly()
    assert won.reason == "three-sandwiches" and won.actions == 5
    with pytest.raises(
        InvalidState, match=r"^the game ended 'three-sandwiches', but nothing was played this turn$"
    ):
        check(attrs.evolve(won, played=False))
    closing = make_state(hands={0: "bread"}, table={0: [DONE, DONE, "bread pb jelly"]})
    closed = apply_all(closing, Play(B, 2))
    assert closed.reason == "three-sandwiches" and closed.actions == 0
    with pytest.raises(InvalidState, match=r"^0 actions and nothing played this turn, but cards"):
        check(attrs.evolve(closed, played=False))
    rules = deck_rules(bread=2, pb=2, jelly=1)
    stuck = apply(
        make_state(hands={0: "pb"}, table={0: ["bread jelly"], 1: ["bread pb"]}, rules=rules),
        Play(PB, 0),
    )
    check(stuck)
    assert stuck.reason == "stuck"
    with pytest.raises(InvalidState, match=r"^the game ended 'stuck', but nothing was played"):
        check(attrs.evolve(stuck, played=False))


def test_only_one_seat_reaches_the_target() -> None:
    over = {"phase": Phase.OVER, "reason": "three-sandwiches"}
    check(_forged(table={0: [DONE] * 3, 1: [DONE] * 2}, **over))
    with pytest.raises(
        InvalidState, match=r"^seats 0 and 1 both have 3 counting sandwiches, but the game ends"
    ):
        check(_forged(table={0: [DONE] * 3, 1: [DONE] * 3}, **over))
    with pytest.raises(
        InvalidState, match=r"^seat 0 has 4 counting sandwiches, but the game ends at 3$"
    ):
        check(_forged(table={0: [DONE] * 4}, **over))
    with pytest.raises(InvalidState, match=r"^seat 0 has won, but the game ended 'sixty-actions'$"):
        check(_forged(table={0: [DONE] * 3}, phase=Phase.OVER, reason="sixty-actions"))


def test_a_win_on_another_seat_s_turn_needs_the_fly() -> None:
    won = _won_by_the_fly()
    assert won.turn == 1 and won.fly == (1, 0)
    with pytest.raises(InvalidState, match=r"^seat 0 won on seat 1's turn, but no fly was played$"):
        check(attrs.evolve(won, fly=None))


# ---------------------------------------------------------------- views


def test_a_view_whose_cards_do_not_add_up_is_refused() -> None:
    # (the field types and the View class are the kit's checks, tested in test_kit.py)
    v = view(make_state(hands={0: "bread", 1: "pb"}), 0)
    check_view(v)
    with pytest.raises(InvalidState, match=r"^the view's card counts do not add up to the deck$"):
        check_view(attrs.evolve(v, draw_size=-1))
    too_many = attrs.evolve(v, discard_pile=(20, 0, 0, 0, 0), draw_size=v.draw_size - 20)
    with pytest.raises(InvalidState, match=r"^the view's card counts do not add up to the deck$"):
        check_view(too_many)


def _view_of_forged(seat: int = 1, **changes: object) -> object:
    return view(_forged(**changes), seat)


FORGED_VIEWS = {
    "play going on after a win": (
        {"table": {0: [DONE] * 3}},
        "seat 0 has won but the game goes on$",
    ),
    "over by three sandwiches with no such seat": (
        {"table": {0: [DONE] * 2}, "phase": Phase.OVER, "reason": "three-sandwiches"},
        "the game ended with three sandwiches but nobody has them$",
    ),
    "stuck while bread, pb and jelly are unseen": (
        {"table": {0: [DONE]}, "hands": {0: "ant"}, "phase": Phase.OVER, "reason": "stuck"},
        "the game ended stuck but a card can still be played$",
    ),
    "a third unfinished sandwich": (
        {"table": {0: ["bread", "bread pb", "bread jelly"]}, "fly": (0, 0)},
        "seat 0 has 3 unfinished sandwiches",
    ),
}


@pytest.mark.parametrize("name", sorted(FORGED_VIEWS))
def test_views_no_state_can_have_are_refused(name: str) -> None:
    changes, message = FORGED_VIEWS[name]
    for seat in (0, 1):
        with pytest.raises(InvalidState, match=r"^no reachable state has this view: " + message):
            check_view(_view_of_forged(seat, **changes))  # type: ignore[arg-type]


def test_a_deal_view_with_cards_on_the_table_is_refused() -> None:
    v = view(_dealing(2), 0)
    check_view(v)
    forged = attrs.evolve(v, table=(((B,),), ()), draw_size=v.draw_size - 1)
    with pytest.raises(
        InvalidState, match=r"^no reachable state has this view: nothing can be played during the"
    ):
        check_view(forged)


def test_the_views_of_real_ends_pass() -> None:
    rules = deck_rules(bread=2, pb=2, jelly=1)
    stuck = apply(
        make_state(hands={0: "pb"}, table={0: ["bread jelly"], 1: ["bread pb"]}, rules=rules),
        Play(PB, 0),
    )
    for state in (stuck, _won_by_the_fly()):
        for seat in (0, 1):
            check_view(view(state, seat))


# ---------------------------------------------------------------- other entry points


def test_engine_entry_points_refuse_wrong_arguments() -> None:
    with pytest.raises(RulesError, match=r"^rules must be a sandwich Rules, not a dict$"):
        GAME.new_game(2, {"bread": 3})  # type: ignore[arg-type]
    acting = make_state(hands={0: "bread"})
    with pytest.raises(PicnicError, match=r"chance does not act in phase 'act'"):
        sample_chance(acting, random.Random(0))


def test_may_start_new_sandwich() -> None:
    table = (((B, PB),), ((B, PB, J, B),))
    assert not may_start_new_sandwich(table, None, 0)
    assert may_start_new_sandwich(table, (0, 0), 0)  # the fly covers the only open one
    assert may_start_new_sandwich(table, None, 1)  # finished sandwiches do not hold you back
    assert Rules().total_cards == 54
