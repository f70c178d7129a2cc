"""Views, determinize and observations: face-down commitments stay hidden until the reveal."""

from __future__ import annotations

import random

import attrs
from poultry_scenario import cards, table

from picnic_rules.poultry import (
    Colour,
    Commit,
    Observation,
    Phase,
    Public,
    Reveal,
    Rules,
    State,
    View,
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


def test_a_lone_commitment_keeps_the_one_pair_that_explains_it() -> None:
    # Seat 2 committed red -1 and keeps red fox 4. Out of seat 0's sight lie only two
    # poultry-and-fox pairs (red, green), one of them seat 2's: seat 1's face-down pair must
    # not break both, whatever the dice of determinize.
    rules = Rules(
        poultry=(3, 0, -1), foxes=(4,), hand_sizes=(3, 3, 3, 3, 3), cards_per_round=(2, 2, 2, 1, 1)
    )
    hands = {
        0: "blue fox 4 + green -1 + yellow fox 4",
        1: "purple fox 4 + black fox 4",
        2: "red -1 + red fox 4",
        3: "green 3 + green fox 4",
    }
    state = table(4, {}, {}, rules=rules, hands=hands, phase=Phase.COMMIT)
    state = attrs.evolve(state, deck=(0,) * len(state.deck), discard=state.deck)
    for text in ("blue fox 4 + green -1", "purple fox 4 + black fox 4", "red -1"):
        state = apply(state, Commit(cards(text)))
    assert state.turn == 3
    check(state)
    seen = view(state, 0)
    for seed in range(40):
        other = determinize(seen, random.Random(seed))
        check(other)
        (lone,) = other.played[2]
        assert lone.colour in (Colour.RED, Colour.GREEN)


def test_the_state_and_the_view_keep_their_own_fields_first_then_the_public_part() -> None:
    public = [field.name for field in attrs.fields(Public)]
    assert public[0] == "stocks" and public[-1] == "reason"
    state_fields = ["rules", "hands", "deck", "discard", "played"]
    view_fields = ["player", "rules", "hand", "hand_sizes", "deck_size", "discard", "played"]
    # the order of the fields is the order of a document's keys
    assert [field.name for field in attrs.fields(State)] == [*state_fields, *public]
    assert [field.name for field in attrs.fields(View)] == [*view_fields, "face_down", *public]
    state = committed()
    assert isinstance(state, State)
    for seat in range(state.players):
        seen = view(state, seat)
        assert all(getattr(seen, name) == getattr(state, name) for name in public)


def test_the_deal_of_determinize_is_the_kit_s_deal_drawing_the_same_numbers() -> None:
    from picnic_rules.kit.counts import deal
    from picnic_rules.poultry.views import _deal

    for seed in range(200):
        shape = random.Random(seed)
        pool = tuple(shape.choice((0, 0, 1, 2, 3)) for _ in range(shape.randint(1, 30)))
        sizes = [shape.randint(0, sum(pool) // 3) for _ in range(shape.randint(1, 3))]
        ours, kits = random.Random(seed), random.Random(seed)
        assert _deal(pool, sizes, ours) == deal(pool, sizes, kits)
        assert ours.random() == kits.random()  # and left the generator where it left it


def test_determinize_deals_a_state_of_the_view_s_public_part_every_time() -> None:
    state = committed()
    seen = view(state, 1)
    for seed in range(5):
        dealt = determinize(seen, random.Random(seed))
        assert view(dealt, 1) == seen
        check(dealt)
