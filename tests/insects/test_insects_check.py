"""``check`` refuses every position the rules cannot reach, naming what is wrong."""

from __future__ import annotations

import attrs
import pytest
from insects_scenario import make_state

from picnic_rules import InvalidState
from picnic_rules.insects import Card, Phase, Rules, check, check_view, new_game, view


def _refused(match: str, **changes: object) -> None:
    base = make_state(hands={0: "red ant", 1: "3 swatter"}, piles=["red fly, red fly, red fly", "blue ant"],
                      turn=1, last=0, last_count=1)  # fmt: skip
    check(base)
    with pytest.raises(InvalidState, match=match):
        check(attrs.evolve(base, **changes))


def test_forged_positions_are_refused() -> None:
    _refused("do not add up to the deck", deck=(0,) * 18)
    _refused("food adds up to", food=(12, 11))
    _refused("food left the game", food=(11, 12), food_out=1)
    _refused("attacks seat 1, not seat 0", turn=0)
    _refused("an attacker with no attacking pile", piles=((Card.RED_FLY,), (Card.BLUE_ANT,)),
             scored=((0,) * 18, (0,) * 10 + (2,) + (0,) * 7))  # fmt: skip
    _refused("cannot be 4 cards", last_count=4)
    _refused("reason without an end", reason="one-left")
    _refused("cards bought without the buy variant", bought=True)
    _refused("must be a Phase", phase="turn")


@pytest.mark.parametrize(
    ("pile", "why"),
    [
        ("red fly, red fly, red ant", "pile 0 mixes insect types"),
        ("red fly, red fly, blue fly", "changes colour without a joker beneath"),
        ("red fly, swatter", "pile 0 holds a weapon"),
    ],
)
def test_piles_hold_one_type_and_one_colour(pile: str, why: str) -> None:
    forged = make_state(hands={0: "red ant", 1: "3 swatter"}, piles=[pile], turn=1, last=0,
                        last_count=1, checked=False)  # fmt: skip
    with pytest.raises(InvalidState, match=why):
        check(forged)


def test_the_joker_colour_variant_changes_colour_only_above_a_joker() -> None:
    rules = Rules(joker_colour=True)
    make_state(hands={0: "red ant", 1: "3 swatter"}, piles=["red fly, joker fly, blue fly"],
               turn=1, last=0, last_count=2, rules=rules)  # fmt: skip
    with pytest.raises(InvalidState, match="changes colour"):
        make_state(hands={0: "red ant", 1: "3 swatter"}, piles=["red fly, blue fly, joker fly"],
                   turn=1, last=0, last_count=2, rules=rules)  # fmt: skip


def test_only_the_attacking_pile_holds_several_cards() -> None:
    forged = make_state(hands={0: "red ant", 1: "3 swatter"},
                        piles=["red fly, red fly, red fly", "blue ant, blue ant"], turn=1, last=0,
                        last_count=1, checked=False)  # fmt: skip
    with pytest.raises(InvalidState, match="pile 1 holds 2 cards but does not attack"):
        check(forged)


def test_a_pile_that_should_have_joined_an_older_one_is_refused() -> None:
    with pytest.raises(InvalidState, match="would have joined pile 0"):
        make_state(hands={0: "red ant"}, piles=["joker ant", "red ant"])
    with pytest.raises(InvalidState, match="would have joined pile 0"):
        make_state(hands={0: "red ant"}, piles=["blue ant", "blue ant"])
    make_state(hands={0: "red ant"}, piles=["red ant", "joker ant"])  # the joker came later


def test_an_ending_that_did_not_happen_is_refused() -> None:
    state = make_state(hands={0: "red ant"})
    for reason, why in (("one-left", "'one-left' with 2 seats"), ("stalemate", "not a way")):
        with pytest.raises(InvalidState, match=why):
            check(attrs.evolve(state, phase=Phase.OVER, reason=reason))


def test_weapons_come_with_their_insects() -> None:
    with pytest.raises(InvalidState, match="more swatter than insects"):
        make_state(hands={0: "red ant"}, scored={0: "swatter"})


def test_hands_are_refilled_while_the_deck_lasts() -> None:
    with pytest.raises(InvalidState, match="seat 1 holds 7 cards"):
        make_state(hands={0: "red ant, 7 boots", 1: "7 spray"}, filler=())


def test_the_deal_is_round_robin() -> None:
    state = new_game(3)
    with pytest.raises(InvalidState, match="round robin"):
        check(attrs.evolve(state, hands=((0,) * 18, (0,) * 17 + (1,), (0,) * 18),
                           deck=(*Rules().deck[:17], 11), turn=1))  # fmt: skip


def test_a_view_no_state_has_is_refused() -> None:
    state = make_state(hands={0: "red fly"})
    check_view(view(state, 1))
    with pytest.raises(InvalidState):
        check_view(attrs.evolve(view(state, 1), deck_size=3))
    with pytest.raises(InvalidState):
        check_view(attrs.evolve(view(state, 1), hand=(8,) + (0,) * 17))
