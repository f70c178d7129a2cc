"""Fair: the hint and the review depend on what the seat saw, not on the hidden cards --
a record re-dealt consistently with the seat's observations gets the same of both."""

from __future__ import annotations

import random

import pytest
from games import BUILT_IN
from redeal import hidden_steps, redeal

from picnic_rules import GAMES, play, replay
from picnic_rules.analysis import Budget, estimate, review
from picnic_rules.history import seat_record

SMALL = Budget(iterations=30, seed=5)


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_re_dealt_game_gets_the_same_hints_and_review(name: str) -> None:
    game = GAMES[name]
    record = play(name, ["computer", "computer"], seed=5)
    seat = 0
    if not hidden_steps(game, record, seat, random.Random(1)):
        # nothing this seat saw could have been otherwise: a game of open information, so
        # every record it cannot tell from this one is this one
        assert redeal(game, record, seat, random.Random(1)) is None
        return
    other = redeal(game, record, seat, random.Random(1))
    assert other is not None, "no re-deal found"
    assert other.moves != record.moves
    assert seat_record(other, seat) == seat_record(record, seat)
    real, dealt = replay(record), replay(other)
    differ = [i for i, (a, b) in enumerate(zip(real, dealt, strict=True)) if a != b]
    assert differ, "the re-deal changed no state"
    decisions = [i for i in range(len(record.moves)) if game.to_move(real[i]) == seat]
    later = [i for i in decisions if i >= differ[0]]
    assert later, "no decision after the hidden cards differ"
    for index in later[:2]:
        assert real[index] != dealt[index]
        view = game.view(real[index], seat)
        assert game.view(dealt[index], seat) == view
        assert estimate(game, game.view(dealt[index], seat), SMALL, decision=index) == estimate(
            game, view, SMALL, decision=index
        )
    assert review(other, seat, SMALL) == review(record, seat, SMALL)


def test_the_re_deal_catches_a_search_that_peeks() -> None:
    """A search dealt the true cards instead of its view's (a cheat) tells the two records
    apart at some decision: the re-deal is a test that can fail."""
    import attrs

    from picnic_rules.analysis import searcher

    name = next(
        name
        for name in BUILT_IN
        if hidden_steps(
            GAMES[name], play(name, ["computer", "computer"], seed=5), 0, random.Random(1)
        )
    )
    game = GAMES[name]
    record = play(name, ["computer", "computer"], seed=5)
    other = redeal(game, record, 0, random.Random(1))
    assert other is not None
    real, dealt = replay(record), replay(other)
    differs = []
    for index in range(len(record.moves)):
        if game.to_move(real[index]) != 0 or real[index] == dealt[index]:
            continue
        found = []
        for states in (real, dealt):
            truth = states[index]
            cheat = attrs.evolve(searcher(game, SMALL), deal=lambda view, rng, truth=truth: truth)
            found.append(estimate(game, game.view(truth, 0), SMALL, decision=index, agent=cheat))
        differs.append(found[0] != found[1])
        if differs[-1]:
            break
    assert differs and differs[-1]
