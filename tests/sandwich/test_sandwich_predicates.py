"""The rules as named predicates (sandwich/predicates.py): each reads like its rulebook sentence,
and the engine's refusals name the same rules."""

from __future__ import annotations

import pytest
from sandwich_scenario import ANT, BREAD, FLY, JELLY, PB, make_state

from picnic_rules import IllegalMove
from picnic_rules.sandwich import Fly, Play, Rules, apply, predicates

DONE = (BREAD, PB, JELLY, BREAD)


def test_the_engine_takes_its_rules_from_the_predicates() -> None:
    from picnic_rules import sandwich
    from picnic_rules.sandwich import engine

    for name in predicates.__all__:
        assert getattr(sandwich, name) is getattr(predicates, name)
    assert engine.open_sandwiches is predicates.open_sandwiches


def test_a_sandwich_is_open_while_unfinished_and_free_of_the_fly() -> None:
    assert predicates.is_open((BREAD, PB), None, 0, 0)
    assert not predicates.is_open(DONE, None, 0, 0)
    assert not predicates.is_open((BREAD, PB), (0, 0), 0, 0)
    assert predicates.is_open((BREAD, PB), (0, 1), 0, 0)
    assert predicates.is_open((BREAD, PB), (1, 0), 0, 0)


def test_only_bread_starts_a_sandwich() -> None:
    assert predicates.starts_a_sandwich(BREAD)
    assert not any(predicates.starts_a_sandwich(card) for card in (PB, JELLY, ANT, FLY))
    with pytest.raises(IllegalMove, match=r"a new sandwich starts with bread$"):
        apply(make_state(hands={0: "jelly"}), Play(JELLY))


def test_a_fly_lands_on_any_sandwich_it_does_not_cover_yet() -> None:
    assert predicates.fly_may_land(None, 1, 0)
    assert predicates.fly_may_land((1, 1), 1, 0)
    assert not predicates.fly_may_land((1, 0), 1, 0)
    state = make_state(hands={0: "fly"}, table={1: ["bread pb jelly bread"]}, fly=(1, 0))
    with pytest.raises(IllegalMove, match=r"the fly already covers sandwich 1\.0$"):
        apply(state, Fly(1, 0))


@pytest.mark.parametrize(("target", "won"), [(1, True), (2, True), (3, False)])
def test_the_player_with_enough_counting_sandwiches_wins(target: int, won: bool) -> None:
    table = ((DONE, DONE, DONE), (DONE,))
    rules = Rules(sandwiches_to_win=target)
    assert predicates.has_won(table, (0, 2), 0, rules) is won  # the fly spoils one of three
    assert predicates.has_won(table, None, 1, rules) is (target == 1)
