"""Views, determinize and observations: face-down commitments stay hidden until the reveal."""

from __future__ import annotations

import random

from poultry_scenario import cards, table

from picnic_rules.poultry import (
    Commit,
    Observation,
    Phase,
    Reveal,
    apply,
    check,
    determinize,
    observe,
    update,
    view,
)


def committed() -> object:
    state = table(
        3,
        {},
        {},
        hands={0: "duck 6 + red 3 + green 4", 1: "yellow 5 + black fox 4 + red 4", 2: "red 5"},
        phase=Phase.COMMIT,
    )
    return apply(state, Commit(cards("duck 6 + red 3")))


def test_a_seat_sees_only_that_another_committed() -> None:
    state = committed()
    seen = view(state, 1)
    assert seen.played == ((), (), ()) and seen.face_down == (2, 0, 0)
    assert seen.hand_sizes == (1, 3, 1)
    mine = view(state, 0)
    assert mine.played[0] == cards("duck 6 + red 3") and mine.face_down == (0, 0, 0)


def test_the_observation_of_another_commit_says_only_how_many_cards() -> None:
    state = table(3, {}, {}, hands={0: "duck 6 + red 3", 1: "red 4 + green 3"}, phase=Phase.COMMIT)
    move = Commit(cards("duck 6 + red 3"))
    assert observe(state, move, 1) == Observation(1, 0, None, 2, None)
    assert observe(state, move, 0) == Observation(0, 0, move, 0, None)
    assert update(view(state, 1), observe(state, move, 1)) == view(apply(state, move), 1)


def test_determinize_hides_the_committed_cards_of_others() -> None:
    state = committed()
    seen = view(state, 1)
    deals = set()
    for seed in range(30):
        other = determinize(seen, random.Random(seed))
        check(other)
        assert view(other, 1) == seen
        deals.add(other.played[0])
    assert len(deals) > 5  # the face-down pair is not the real one each time


def test_the_reveal_shows_every_commitment_to_every_seat() -> None:
    state = table(2, {0: "duck 6 + red 3", 1: "red 4 + green 3"}, {})
    for seat in (0, 1):
        obs = observe(state, Reveal(), seat)
        assert obs.revealed == (cards("blue 6 + red 3"), cards("red 4 + green 3"))
        assert update(view(state, seat), obs) == view(apply(state, obs.move), seat)


def test_a_lone_commitment_of_two_or_three_players_fixes_the_last_card() -> None:
    # a seat holding only a duck and a blue fox must commit one: the other stays in hand
    state = table(
        2, {}, {}, hands={0: "duck 6 + blue fox 5", 1: "red 4 + green 3"}, phase=Phase.COMMIT
    )
    state = apply(state, Commit(cards("duck 6")))
    seen = view(state, 1)
    for seed in range(10):
        other = determinize(seen, random.Random(seed))
        check(other)
        (card,) = other.played[0]
        (left,) = [c for c, n in zip(other.rules.kinds, other.hands[0], strict=True) if n]
        assert card.colour is left.colour and card.fox != left.fox
