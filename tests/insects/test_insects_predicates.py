"""Every named rule predicate at its edges: the rules a broken comparison, count or
boolean would slip past (mutation testing of ``predicates.py`` found these unpinned).

Each test names the rule it pins; the scenario tests at the end play the same edges
through the engine.
"""

from __future__ import annotations

import pytest
from insects_scenario import counts, make_state, moves, play

from picnic_rules.insects import (
    Card,
    Colour,
    GiveUp,
    Insect,
    Phase,
    Rules,
    apply,
    attacking_pile,
    check,
    continuation_is_big_enough,
    defence_weapons,
    has_normal_play,
    is_attacking,
    legal_moves,
    may_buy,
    may_start_pile,
    may_swat,
    next_with_food,
    normal_play_shape_allowed,
    pile_colour,
    play_may_join,
    score,
    scores,
    seats_with_food,
)

RED_FLY, JOKER_FLY = Card.RED_FLY, Card.JOKER_FLY
VARIANT = Rules(joker_colour=True)
PLAIN = Rules()


def test_a_pile_attacks_from_two_cards() -> None:
    assert not is_attacking((RED_FLY,))
    assert is_attacking((RED_FLY, RED_FLY))
    assert is_attacking((RED_FLY, JOKER_FLY, RED_FLY))
    assert attacking_pile([(RED_FLY,), (Card.RED_ANT,)]) is None
    assert attacking_pile([(RED_FLY,), (Card.RED_ANT, Card.RED_ANT)]) == 1
    assert attacking_pile([(Card.GREEN_SPIDER,) * 3]) == 0


def test_a_piles_colour_is_its_topmost_coloured_card() -> None:
    assert pile_colour((Card.GREEN_ANT,)) is Colour.GREEN
    assert pile_colour((Card.YELLOW_SPIDER, Card.JOKER_SPIDER)) is Colour.YELLOW
    assert pile_colour((Card.RED_FLY, JOKER_FLY, Card.BLUE_FLY)) is Colour.BLUE
    assert pile_colour((Card.JOKER_ANT, Card.JOKER_ANT)) is None


def test_cards_join_a_pile_of_their_insect_and_colour_or_a_colourless_one() -> None:
    assert play_may_join(PLAIN, (RED_FLY,), Insect.FLY, Colour.RED, 0)
    assert not play_may_join(PLAIN, (RED_FLY,), Insect.FLY, Colour.BLUE, 0)
    assert not play_may_join(PLAIN, (RED_FLY,), Insect.SPIDER, Colour.RED, 0)
    assert not play_may_join(PLAIN, (Card.RED_SPIDER,), Insect.FLY, Colour.RED, 0)
    assert not play_may_join(PLAIN, (Card.RED_ANT,), Insect.SPIDER, Colour.RED, 0)
    assert play_may_join(PLAIN, (JOKER_FLY,), Insect.FLY, Colour.GREEN, 0)
    assert play_may_join(PLAIN, (RED_FLY,), Insect.FLY, None, 2)  # jokers join any fly pile
    assert not play_may_join(PLAIN, (RED_FLY,), Insect.FLY, Colour.BLUE, 1)  # no variant
    # the joker-colour variant: onto a joker on top, or with a joker of the play beneath
    assert play_may_join(VARIANT, (RED_FLY,), Insect.FLY, Colour.BLUE, 1)
    assert not play_may_join(VARIANT, (RED_FLY,), Insect.FLY, Colour.BLUE, 0)
    assert play_may_join(VARIANT, (RED_FLY, JOKER_FLY), Insect.FLY, Colour.BLUE, 0)
    assert not play_may_join(VARIANT, (JOKER_FLY, RED_FLY), Insect.FLY, Colour.BLUE, 0)
    assert not play_may_join(PLAIN, (RED_FLY, JOKER_FLY), Insect.FLY, Colour.BLUE, 0)
    assert not play_may_join(VARIANT, (Card.RED_SPIDER,), Insect.FLY, Colour.BLUE, 1)


def test_a_new_pile_only_when_no_pile_of_the_insect_fits_the_colour() -> None:
    assert may_start_pile((), Insect.ANT, Colour.RED)
    assert may_start_pile(((Card.RED_SPIDER,), (Card.BLUE_ANT,)), Insect.ANT, Colour.RED)
    assert not may_start_pile(((Card.BLUE_ANT,), (Card.RED_ANT,)), Insect.ANT, Colour.RED)
    assert not may_start_pile(((Card.JOKER_ANT,),), Insect.ANT, Colour.RED)
    assert may_start_pile(((Card.JOKER_SPIDER,),), Insect.ANT, Colour.RED)
    assert may_start_pile(((Card.RED_ANT,),), Insect.ANT, None)  # a lone joker always may


def test_a_normal_play_holds_a_coloured_card_or_is_one_joker() -> None:
    assert normal_play_shape_allowed(1, 0)
    assert normal_play_shape_allowed(2, 3)
    assert normal_play_shape_allowed(0, 1)
    assert not normal_play_shape_allowed(0, 2)
    assert not normal_play_shape_allowed(0, 0)


def test_match_count_asks_at_least_as_many_cards() -> None:
    rules = Rules(match_count=True)
    assert continuation_is_big_enough(rules, 2, 2)
    assert continuation_is_big_enough(rules, 2, 3)
    assert not continuation_is_big_enough(rules, 2, 1)
    assert continuation_is_big_enough(PLAIN, 3, 1)


def test_a_weapon_goes_on_a_one_card_pile_of_its_insect() -> None:
    assert may_swat((Card.GREEN_ANT,), Card.SPRAY)
    assert may_swat((Card.JOKER_SPIDER,), Card.BOOTS)
    assert not may_swat((Card.GREEN_ANT,), Card.BOOTS)
    assert not may_swat((RED_FLY, RED_FLY), Card.SWATTER)
    assert defence_weapons((RED_FLY, RED_FLY)) == 1
    assert defence_weapons((RED_FLY,) * 4) == 3


@pytest.mark.parametrize(
    ("deck", "food", "captured", "own", "from_captured"),
    [(1, 2, 1, True, True), (0, 12, 5, False, False), (4, 1, 0, False, False),
     (4, 3, 2, True, True)],
)  # fmt: skip
def test_buying_needs_the_variant_a_deck_and_food_to_spare(
    deck: int, food: int, captured: int, own: bool, from_captured: bool
) -> None:
    rules = Rules(buy=True)
    assert may_buy(rules, False, deck, food, captured, False) is own
    assert may_buy(rules, False, deck, food, captured, True) is from_captured
    assert not may_buy(rules, True, deck, food, captured, False)  # once a turn
    assert not may_buy(PLAIN, False, deck, food, captured, True)


def test_the_next_player_with_food() -> None:
    assert next_with_food((3, 3, 3), 0) == 1
    assert next_with_food((3, 0, 3), 0) == 2
    assert next_with_food((3, 1, 0), 2) == 0
    assert next_with_food((1, 0, 3), 1) == 2
    assert next_with_food((3, 0, 0), 0) == 0  # around the table to the seat itself
    assert next_with_food((0, 0), 1) is None
    assert seats_with_food((1, 0, 2)) == 2
    assert seats_with_food((0, 1)) == 1
    assert seats_with_food((0, 0, 0)) == 0


def test_a_normal_play_is_an_insect_or_a_weapon_for_a_one_card_pile() -> None:
    only = counts("joker fly")
    assert has_normal_play(only, ())  # a fly joker is an insect (the last insect kind)
    assert has_normal_play(counts("red ant"), ())
    assert not has_normal_play(counts("spray, boots, swatter"), ())
    assert has_normal_play(counts("spray"), ((Card.BLUE_ANT,),))
    assert has_normal_play(counts("boots"), ((Card.RED_SPIDER,),))
    assert has_normal_play(counts("swatter"), ((Card.RED_ANT,), (JOKER_FLY,)))
    assert not has_normal_play(counts("swatter"), ((Card.RED_SPIDER,),))
    assert not has_normal_play(counts("boots"), ((Card.RED_FLY,), (Card.RED_ANT,)))
    assert not has_normal_play(counts("spray"), ((Card.RED_ANT, Card.RED_ANT),))


def test_the_score_counts_insects_food_and_weapons() -> None:
    assert score(counts("joker fly"), 0, 0) == 2  # a scored fly joker is an insect
    assert score(counts("red ant, spray"), 0, 0) == 1
    assert score(counts("swatter, boots, spray"), 0, 0) == -3
    assert score(counts("2 blue spider, boots"), 1, 2) == 33
    assert score(counts(""), 0, 1) == 10


def test_buying_from_a_one_card_deck_with_exactly_two_own_or_one_captured_food() -> None:
    rules = Rules(buy=True)
    state = make_state(hands={0: "red fly"}, rules=rules, deck="swatter", food=(2, 12),
                       captured=(1, 0), scored={1: ""}, checked=False)  # fmt: skip
    listed = moves(state)
    assert "buy" in listed and "buy captured" in listed
    bought = play(state, "buy")
    assert (bought.phase, bought.draws, bought.food[0]) == (Phase.DRAW, 1, 1)
    bought = play(bought, "draw swatter")
    assert bought.phase is Phase.TURN and bought.turn == 0 and "buy" not in moves(bought)
    poor = make_state(hands={0: "red fly"}, rules=rules, food=(1, 12), captured=(0, 1))
    assert "buy" not in moves(poor) and "buy captured" not in moves(poor)


def test_a_seat_with_one_food_is_still_in() -> None:
    won = "7 red spider, 7 blue spider, 7 yellow spider, green spider"
    state = make_state(hands={1: "red fly"}, piles=["2 red ant"], food=(12, 2), turn=1,
                       last=0, last_count=1, captured=(10, 0), scored={0: won})  # fmt: skip
    after = apply(state, GiveUp())
    check(after)
    assert after.phase is Phase.TURN and after.food == (12, 1)  # 1 food: not out
    out = apply(make_state(hands={1: "red fly"}, piles=["2 red ant"], food=(12, 1), turn=1,
                           last=0, last_count=1, captured=(11, 0), scored={0: won}),
                GiveUp())  # fmt: skip
    assert (out.phase, out.reason) == (Phase.OVER, "one-left")


def test_a_hand_whose_only_insect_is_a_fly_joker_plays_it() -> None:
    state = make_state(hands={0: "joker fly", 1: "red ant"}, deck="", filler=())
    assert [str(m) for m in legal_moves(state)] == ["play joker fly"]
    after = play(state, "play joker fly")
    assert after.turn == 1  # seat 1 plays next: seat 0 is not to be passed over before


def test_a_weapon_that_fits_a_one_card_pile_is_a_play_the_others_are_not() -> None:
    # seat 1 holds only spray: with an ant on the table it plays, without one it is passed over
    ant = make_state(hands={0: "red fly", 1: "spray"}, piles=["blue ant"], deck="", filler=())
    assert play(ant, "play red fly").turn == 1
    spider = make_state(hands={0: "red fly", 1: "spray"}, piles=["blue spider"], deck="",
                        filler=())  # fmt: skip
    passed = play(spider, "play red fly")
    assert passed.phase is Phase.OVER and passed.reason == "cards-out"


def test_a_scored_fly_joker_counts_as_an_insect_not_a_weapon() -> None:
    state = make_state(hands={1: "red ant"}, piles=["joker fly, red fly"], turn=1, last=0,
                       last_count=1)  # fmt: skip
    after = apply(state, GiveUp())
    gained = scores(after)[0] - scores(state)[0]
    assert gained == 2 + 2 + 10  # two insects (the joker one of them) and the food
