"""Views: a seat sees its own hand, everything public, and only the sizes of hidden things.

design.md: "view(state, p) ... its own hand, every public thing, and only the sizes of what
is hidden from it"; rulebook: the draw pile is face down, the discard pile face up.
"""

from __future__ import annotations

import random
import re

import attrs
import pytest
from sandwich_scenario import make_state

from picnic_rules import PicnicError
from picnic_rules.sandwich import GAME, Phase, View, check, check_view, determinize, view

DONE = "bread pb jelly bread"


def _state(**changes):
    base = {
        "hands": {0: "bread pb", 1: "jelly ant fly", 2: ""},
        "table": {0: ["bread pb"], 1: [DONE, "bread jelly"], 2: ["bread"]},
        "players": 3,
        "fly": (1, 0),
        "discard": "ant fly pb",
        "draw": None,
        "turn": 1,
        "played": True,
        "actions": 7,
    }
    base.update(changes)
    return make_state(**base)


def test_a_seat_sees_its_own_hand_and_the_public_table():
    state = _state()
    v = view(state, 0)
    assert v == View(
        player=0,
        rules=state.rules,
        hand=(1, 1, 0, 0, 0),
        hand_sizes=(2, 3, 0),
        draw_size=sum(state.draw_pile),
        discard_pile=(0, 1, 0, 1, 1),
        table=state.table,
        fly=(1, 0),
        phase=Phase.ACT,
        turn=1,
        played=True,
        actions=7,
        dealt=6,
        reason=None,
    )
    assert view(state, 1).hand == (0, 0, 1, 1, 1)
    assert view(state, 2).hand == (0, 0, 0, 0, 0)
    assert v.draw_size == 54 - 2 - 3 - 3 - 2 - 6 - 1


def test_a_view_holds_no_other_hand_and_no_draw_pile_contents():
    names = {a.name for a in attrs.fields(View)}
    assert "hands" not in names
    assert "draw_pile" not in names


def test_other_hands_and_the_draw_pile_are_hidden():
    # the same position except for what seat 0 cannot see: seat 1's cards and the draw pile
    a = _state()
    b = _state(hands={0: "bread pb", 1: "bread bread pb", 2: ""})
    assert a.hands[1] != b.hands[1] and a.draw_pile != b.draw_pile
    assert view(a, 0) == view(b, 0)
    assert view(a, 2) == view(b, 2)
    assert view(a, 1) != view(b, 1)


def test_a_view_shows_the_end_of_the_game():
    state = make_state(
        table={0: [DONE], 1: [DONE, DONE]}, phase=Phase.OVER, reason="sixty-actions", actions=60
    )
    v = view(state, 0)
    assert v.phase is Phase.OVER and v.reason == "sixty-actions"


@pytest.mark.parametrize("seat", [-1, 3, "0", None, True])
def test_a_view_for_a_seat_that_does_not_exist(seat):
    with pytest.raises(
        PicnicError, match=f"^seat {re.escape(repr(seat))} is not a seat of this 3-player game$"
    ):
        GAME.view(_state(), seat)


@pytest.mark.parametrize("seed", range(5))
def test_determinize_is_consistent_with_the_view(seed):
    state = _state()
    for seat in range(3):
        v = view(state, seat)
        check_view(v)
        full = determinize(v, random.Random(seed))
        check(full)
        assert view(full, seat) == v
        assert full.hands[seat] == state.hands[seat]
        assert full.table == state.table and full.discard_pile == state.discard_pile
