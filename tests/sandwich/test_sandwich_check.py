"""check() and check_view() name each broken invariant of a forged state or view."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest
from sandwich_scenario import make_state

from picnic_rules import InvalidState, PicnicError
from picnic_rules.sandwich import (
    Card,
    Phase,
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

B, PB, J = Card.BREAD, Card.PEANUT_BUTTER, Card.JELLY


def _dealing(dealt: int) -> State:
    """A real state of the deal with ``dealt`` cards dealt (2 players)."""
    state = new_game(2)
    for _ in range(dealt):
        state = apply(state, sample_chance(state, random.Random(dealt)))
    return state


FORGED_STATES = [
    (lambda s: attrs.evolve(s, table=([(B,)], ())), "seat 0's sandwiches must be a tuple"),
    (lambda s: attrs.evolve(s, rules="default"), "rules must be sandwich Rules"),
    (lambda s: attrs.evolve(s, phase="act"), "phase must be a Phase"),
    (lambda s: attrs.evolve(s, played=1), "played must be a bool"),
    (lambda s: attrs.evolve(s, dealt=5), "dealt 5 is outside 0..4"),
    (lambda s: attrs.evolve(s, dealt=3), "started before the deal was finished"),
    (lambda s: attrs.evolve(s, hands=[s.hands[0], s.hands[1]]), "hands must be a tuple"),
]


@pytest.mark.parametrize(("forge", "words"), FORGED_STATES)
def test_forged_states_are_refused(forge: Callable[[State], State], words: str) -> None:
    state = make_state(hands={0: "bread", 1: "pb"}, table={1: ["bread"]})
    check(state)
    with pytest.raises(InvalidState, match=words):
        check(forge(state))


def test_the_deal_phase_is_checked() -> None:
    state = _dealing(1)
    check(state)
    assert state.phase is Phase.DEAL and state.dealt == 1
    with pytest.raises(InvalidState, match="actions were taken during it"):
        check(attrs.evolve(state, actions=1))
    with pytest.raises(InvalidState, match="card 1 of the deal goes to seat 1"):
        check(attrs.evolve(state, turn=0))
    moved = attrs.evolve(
        state,
        hands=((0,) * 5, (0,) * 5),
        discard_pile=tuple(int(c == state.hands[0].index(1)) for c in range(5)),
    )
    with pytest.raises(InvalidState, match="nothing can be played during the deal"):
        check(moved)
    drawn = attrs.evolve(
        state,
        hands=(state.hands[0], tuple(int(c == 0) for c in range(5))),
        draw_pile=tuple(n - int(c == 0) for c, n in enumerate(state.draw_pile)),
    )
    with pytest.raises(InvalidState, match="do not hold the cards dealt so far"):
        check(drawn)


def test_check_refuses_what_is_not_a_state() -> None:
    with pytest.raises(InvalidState, match="expected a sandwich State, got View"):
        check(view(new_game(2), 0))  # type: ignore[arg-type]


def test_forged_views_are_refused() -> None:
    v = view(make_state(hands={0: "bread", 1: "pb"}), 0)
    check_view(v)
    with pytest.raises(InvalidState, match="expected a sandwich View, got State"):
        check_view(new_game(2))  # type: ignore[arg-type]
    with pytest.raises(InvalidState, match="hand_sizes must be a tuple"):
        check_view(attrs.evolve(v, hand_sizes=[1, 1]))
    with pytest.raises(InvalidState, match="must be counts"):
        check_view(attrs.evolve(v, hand_sizes=(1, -1)))
    with pytest.raises(InvalidState, match="draw_size -1 is not a count"):
        check_view(attrs.evolve(v, draw_size=-1))
    too_many = attrs.evolve(v, discard_pile=(20, 0, 0, 0, 0), draw_size=v.draw_size - 20)
    with pytest.raises(InvalidState, match="more cards of a kind than the deck has"):
        check_view(too_many)


def test_engine_entry_points_refuse_wrong_arguments() -> None:
    with pytest.raises(PicnicError, match="rules must be sandwich Rules, not dict"):
        new_game(2, {"bread": 3})  # type: ignore[arg-type]
    acting = make_state(hands={0: "bread"})
    with pytest.raises(PicnicError, match="chance does not act in phase 'act'"):
        sample_chance(acting, random.Random(0))


def test_may_start_new_sandwich() -> None:
    table = (((B, PB),), ((B, PB, J, B),))
    assert not may_start_new_sandwich(table, None, 0)
    assert may_start_new_sandwich(table, (0, 0), 0)  # the fly covers the only open one
    assert may_start_new_sandwich(table, None, 1)  # finished sandwiches do not hold you back
    assert Rules().total_cards == 54
