"""Building sandwiches: bread, alternating spreads, closing bread, one open sandwich at a time.

Rulebook: "A sandwich starts with bread, then peanut butter and jelly, then another bread."
House rules: "Close a sandwich only after it has at least one peanut butter and one jelly,
in either order. Extra spreads are allowed if they alternate. A spread cannot sit on
itself." and "A new sandwich (a bread played alone) is legal only while the player has no
unfinished sandwich free of the fly."
"""

from __future__ import annotations

import pytest
from sandwich_scenario import BREAD, JELLY, PB, apply_all, illegal, make_state, sandwich

from picnic_rules.sandwich import (
    Discard,
    End,
    Phase,
    Play,
    apply,
    check,
    counting_sandwiches,
    legal_moves,
)

# ---------------------------------------------------------------- spreads


@pytest.mark.parametrize(
    ("before", "card", "after"),
    [
        ("bread", PB, "bread pb"),
        ("bread", JELLY, "bread jelly"),
        ("bread pb", JELLY, "bread pb jelly"),
        ("bread jelly", PB, "bread jelly pb"),
        ("bread pb jelly", PB, "bread pb jelly pb"),
        ("bread jelly pb jelly", PB, "bread jelly pb jelly pb"),
        ("bread pb jelly pb jelly pb", JELLY, "bread pb jelly pb jelly pb jelly"),
    ],
)
def test_a_spread_goes_on_bread_or_on_the_other_spread(before, card, after):
    name = "pb" if card is PB else "jelly"
    state = make_state(hands={0: f"{name} bread"}, table={0: [before], 1: ["bread"]}, actions=7)
    new = apply(state, Play(card, 0))
    check(new)
    assert new.table == ((sandwich(after),), ((BREAD,),))
    assert new.hands[0] == (1, 0, 0, 0, 0)
    assert new.hands[1] == state.hands[1]
    assert new.draw_pile == state.draw_pile
    assert new.discard_pile == state.discard_pile
    assert new.phase is Phase.ACT
    assert new.turn == 0
    assert new.played is True
    assert new.actions == 8
    assert new.reason is None


@pytest.mark.parametrize(
    ("before", "card", "words"),
    [
        ("bread pb", PB, "peanut butter cannot sit on peanut butter"),
        ("bread jelly", JELLY, "jelly cannot sit on jelly"),
        ("bread pb jelly", JELLY, "jelly cannot sit on jelly"),
        ("bread jelly pb", PB, "peanut butter cannot sit on peanut butter"),
        ("bread jelly pb jelly", JELLY, "jelly cannot sit on jelly"),
    ],
)
def test_a_spread_never_sits_on_the_same_spread(before, card, words):
    name = "pb" if card is PB else "jelly"
    state = make_state(hands={0: name}, table={0: [before]})
    illegal(state, Play(card, 0), words)
    assert Play(card, 0) not in legal_moves(state)


def test_several_cards_in_one_turn():
    state = make_state(hands={0: "bread bread pb jelly"}, table={1: ["bread pb"]})
    end = apply_all(state, Play(BREAD), Play(PB, 0), Play(JELLY, 0), Play(BREAD, 0))
    assert end.table == ((sandwich("bread pb jelly bread"),), (sandwich("bread pb"),))
    assert end.hands[0] == (0, 0, 0, 0, 0)
    assert end.phase is Phase.ACT and end.turn == 0 and end.played is True
    assert end.actions == 0  # the last play finished a sandwich
    assert legal_moves(end) == (End(),)


def test_the_player_to_move_builds_on_their_own_table():
    state = make_state(
        hands={1: "jelly"},
        table={0: ["bread pb"], 1: ["bread pb"], 2: ["bread pb"]},
        players=3,
        turn=1,
    )
    new = apply(state, Play(JELLY, 0))
    assert new.table == (
        (sandwich("bread pb"),),
        (sandwich("bread pb jelly"),),
        (sandwich("bread pb"),),
    )
    assert new.hands[1] == (0, 0, 0, 0, 0)


# ---------------------------------------------------------------- closing bread


@pytest.mark.parametrize("before", ["bread", "bread pb", "bread jelly"])
def test_bread_cannot_close_without_both_spreads(before):
    state = make_state(hands={0: "bread"}, table={0: [before]})
    illegal(state, Play(BREAD, 0), "peanut butter and jelly")
    assert Play(BREAD, 0) not in legal_moves(state)
    # and it cannot start a new sandwich either: the open one must be finished first
    illegal(state, Play(BREAD), "unfinished")
    assert legal_moves(state) == (Discard(BREAD),)  # nothing else to do: a stuck turn


@pytest.mark.parametrize(
    "before", ["bread pb jelly", "bread jelly pb", "bread pb jelly pb", "bread jelly pb jelly pb"]
)
def test_bread_closes_a_sandwich_with_both_spreads_and_resets_the_action_counter(before):
    state = make_state(hands={0: "bread pb"}, table={0: [before]}, actions=41)
    assert Play(BREAD, 0) in legal_moves(state)
    new = apply(state, Play(BREAD, 0))
    check(new)
    assert new.table[0] == (sandwich(before + " bread"),)
    assert new.hands[0] == (0, 1, 0, 0, 0)
    assert new.actions == 0
    assert new.played is True
    assert new.phase is Phase.ACT
    assert counting_sandwiches(new.table, new.fly, 0) == 1


def test_nothing_goes_on_a_finished_sandwich():
    state = make_state(hands={0: "bread pb jelly"}, table={0: ["bread pb jelly bread"]})
    for card in (BREAD, PB, JELLY):
        illegal(state, Play(card, 0), "already finished")
    assert legal_moves(state) == (Play(BREAD), End())


def test_play_needs_the_card_in_hand():
    state = make_state(hands={0: "jelly"}, table={0: ["bread jelly"]})
    illegal(state, Play(PB, 0), "holds no peanut butter")
    state = make_state(hands={0: "pb"}, table={0: ["bread pb jelly"]})
    illegal(state, Play(BREAD, 0), "holds no bread")
    illegal(state, Play(BREAD), "holds no bread")


def test_play_onto_a_sandwich_that_does_not_exist():
    state = make_state(hands={0: "jelly"}, table={0: ["bread pb"], 1: ["bread pb", "bread"]})
    illegal(state, Play(JELLY, 1), "no sandwich")


# ---------------------------------------------------------------- new sandwiches


def test_a_new_sandwich_starts_with_a_lone_bread():
    state = make_state(hands={0: "bread"}, table={1: ["bread pb"]}, actions=3)
    new = apply(state, Play(BREAD))
    check(new)
    assert new.table == (((BREAD,),), (sandwich("bread pb"),))
    assert new.hands[0] == (0, 0, 0, 0, 0)
    assert new.actions == 4  # starting a sandwich does not finish one
    assert new.played is True


@pytest.mark.parametrize("card", [PB, JELLY])
def test_a_new_sandwich_cannot_start_with_a_spread(card):
    state = make_state(hands={0: "pb jelly"})
    illegal(state, Play(card), "starts with bread")
    assert Play(card) not in legal_moves(state)


@pytest.mark.parametrize("open_one", ["bread", "bread pb", "bread pb jelly"])
def test_no_new_sandwich_while_an_uncovered_unfinished_one_exists(open_one):
    state = make_state(hands={0: "bread"}, table={0: ["bread pb jelly bread", open_one]})
    illegal(state, Play(BREAD), "unfinished")
    assert Play(BREAD) not in legal_moves(state)


def test_a_new_sandwich_once_every_sandwich_is_finished():
    state = make_state(hands={0: "bread"}, table={0: ["bread pb jelly bread"]})
    new = apply(state, Play(BREAD))
    assert new.table[0] == (sandwich("bread pb jelly bread"), (BREAD,))


def test_a_new_sandwich_when_the_only_unfinished_one_is_covered():
    state = make_state(hands={0: "bread"}, table={0: ["bread pb"]}, fly=(0, 0))
    assert legal_moves(state) == (Play(BREAD), End())
    new = apply(state, Play(BREAD))
    check(new)
    assert new.table[0] == (sandwich("bread pb"), (BREAD,))
    assert new.fly == (0, 0)  # the covered sandwich stays built and covered


def test_no_new_sandwich_when_a_covered_and_an_uncovered_unfinished_one_exist():
    # sandwich 0.0 was covered, 0.1 started, then the fly moved to seat 1
    state = make_state(
        hands={0: "bread"}, table={0: ["bread pb", "bread"], 1: ["bread jelly"]}, fly=(0, 0)
    )
    illegal(state, Play(BREAD), "unfinished")


def test_with_two_open_sandwiches_the_refusal_names_the_first():
    # 0.0 was covered when 0.1 started; the fly has moved on to seat 1's sandwich
    state = make_state(
        hands={0: "bread"}, table={0: ["bread pb", "bread"], 1: ["bread jelly"]}, fly=(1, 0)
    )
    illegal(state, Play(BREAD), "sandwich 0.0 is unfinished and free of the fly")


# ---------------------------------------------------------------- the fly blocks growth


@pytest.mark.parametrize(
    ("covered", "card"), [("bread", PB), ("bread pb", JELLY), ("bread pb jelly", BREAD)]
)
def test_a_covered_sandwich_cannot_grow(covered, card):
    name = {PB: "pb", JELLY: "jelly", BREAD: "bread"}[card]
    state = make_state(hands={0: name}, table={0: [covered]}, fly=(0, 0))
    illegal(state, Play(card, 0), "fly covers")
    assert Play(card, 0) not in legal_moves(state)


def test_two_uncovered_unfinished_sandwiches_can_both_grow():
    # after the fly left 0.0 for seat 1, seat 0 has two open sandwiches
    state = make_state(
        hands={0: "pb jelly"}, table={0: ["bread jelly", "bread"], 1: ["bread"]}, fly=(1, 0)
    )
    assert legal_moves(state) == (Play(PB, 0), Play(PB, 1), Play(JELLY, 1), End())
    assert apply(state, Play(PB, 1)).table[0] == (sandwich("bread jelly"), sandwich("bread pb"))
