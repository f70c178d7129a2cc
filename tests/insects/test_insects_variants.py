"""The five changes of the "Official Variant", each an independent ``Rules`` option.

Rulebook: "After playing only draw 1 card"; "When you are forced to give up food,
immediately draw 2 new cards"; "Before playing, even in an attack, you can buy 4 cards
in exchange for 1 food from either your own supply or captured points"; "When several
insects are played all at once, the next player must also play multiple insects to
increase the attack"; "Jokers can be used to change the color". House rules: draw-one
draws one card after any play, defence or continuation; draw-two draws nothing for a
player who gave up the last food; buying needs 2+ own food or 1+ captured food and a
non-empty deck, draws min(4, deck), once a turn; match-count compares with the last
play onto the attacking pile.
"""

from __future__ import annotations

from insects_scenario import apply_all, illegal, make_state, moves, play

from picnic_rules.insects import (
    Card,
    Colour,
    Insect,
    Phase,
    Rules,
    check,
    may_start_pile,
    pile_colour,
)


def test_every_option_is_off_by_default() -> None:
    rules = Rules()
    assert not (rules.draw_one or rules.draw_two or rules.buy or rules.match_count
                or rules.joker_colour)  # fmt: skip


def test_draw_one_draws_one_card_whatever_was_played() -> None:
    rules = Rules(draw_one=True)
    state = make_state(hands={0: "3 red fly", 1: "red ant"}, rules=rules)
    state = play(state, "play 3 red fly")
    assert state.draws == 1
    state = play(state, "draw red ant")
    check(state)
    assert sum(state.hands[0]) == 6 and state.turn == 1
    plain = play(make_state(hands={0: "3 red fly"}), "play 3 red fly")
    assert plain.draws == 3


def test_draw_one_after_a_defence() -> None:
    rules = Rules(draw_one=True)
    state = make_state(hands={0: "red ant", 1: "3 swatter"}, piles=["red fly, red fly, red fly"],
                       turn=1, last=0, last_count=1, rules=rules)  # fmt: skip
    assert play(state, "defend 2").draws == 1


def test_draw_two_after_giving_up_food() -> None:
    rules = Rules(draw_two=True)
    state = make_state(hands={0: "red ant", 1: "red ant"}, piles=["red fly, red fly"],
                       turn=1, last=0, last_count=2, rules=rules)  # fmt: skip
    state = play(state, "give food")
    assert state.phase is Phase.DRAW and state.turn == 1 and state.draws == 2 and state.again
    state = apply_all(state, ["draw blue ant", "draw blue ant"])
    assert sum(state.hands[1]) == 10
    assert state.phase is Phase.TURN and state.turn == 1  # then the normal turn
    plain = make_state(hands={0: "red ant", 1: "red ant"}, piles=["red fly, red fly"],
                       turn=1, last=0, last_count=2)  # fmt: skip
    assert play(plain, "give food").phase is Phase.TURN


def test_draw_two_not_for_a_player_who_gave_up_the_last_food() -> None:
    rules = Rules(draw_two=True)
    state = make_state(hands={0: "red ant", 1: "red ant", 2: "blue ant"}, players=3,
                       piles=["red fly, red fly"], turn=1, last=0, last_count=2,
                       food=(8, 1, 8), captured=(7, 0, 0),
                       scored={0: "7 red spider, 7 blue spider"}, rules=rules)  # fmt: skip
    state = play(state, "give food")
    assert state.phase is Phase.TURN and state.turn == 2


def test_buy_four_cards_for_own_food_before_playing() -> None:
    rules = Rules(buy=True)
    state = make_state(hands={0: "red fly"}, rules=rules)
    assert moves(state)[-1:] == ["buy"]  # no captured food to sell
    state = play(state, "buy")
    check(state)
    assert state.food == (11, 12) and state.food_out == 1  # the food leaves the game
    assert state.phase is Phase.DRAW and state.draws == 4 and state.bought
    state = apply_all(state, ["draw red ant"] * 4)
    assert state.phase is Phase.TURN and state.turn == 0 and sum(state.hands[0]) == 12
    assert "buy" not in moves(state)  # once a turn
    illegal(state, "buy", "once a turn")


def test_buy_with_captured_food_and_under_attack() -> None:
    rules = Rules(buy=True)
    state = make_state(hands={0: "red ant", 1: "red ant"}, piles=["red fly, red fly"], turn=1,
                       last=0, last_count=2, food=(12, 1), captured=(0, 11),
                       scored={1: "7 red spider, 7 blue spider, 7 green spider, red ant"},
                       rules=rules)  # fmt: skip
    listed = moves(state)
    assert "buy captured" in listed and "buy" not in listed  # the last own food stays
    illegal(state, "buy", "the last own food cannot be sold")
    state = apply_all(state, ["buy captured", *["draw swatter"] * 4])
    assert state.captured == (0, 10) and state.turn == 1 and state.last == 0
    assert "defend 1" in moves(state)


def test_buying_takes_what_the_deck_has_and_needs_a_deck() -> None:
    rules = Rules(buy=True)
    state = make_state(hands={0: "red fly"}, deck="2 red ant", rules=rules)
    state = play(state, "buy")
    assert state.draws == 2
    empty = make_state(hands={0: "red fly", 1: "blue fly"}, deck="", filler=(), rules=rules)
    illegal(empty, "buy", "the deck is empty")


def test_buying_is_not_a_variant_by_default() -> None:
    illegal(make_state(hands={0: "red fly"}), "buy", "variant these rules do not use")


def test_match_count_the_rulebook_example() -> None:
    # Markus plays a red fly, Peter another (attack), Sabine a red fly; Sandra plays 2 red
    # flies, so Markus must play 2 red flies (or 3, and then Peter must play 3).
    rules = Rules(match_count=True)
    state = make_state(hands={0: "3 red fly"}, piles=["red fly, red fly, red fly"], players=4,
                       turn=0, last=3, last_count=2, rules=rules,
                       filler=(Card.SPRAY, Card.BOOTS, Card.GREEN_ANT, Card.GREEN_SPIDER))  # fmt: skip
    listed = moves(state)
    assert "play red fly on 0" not in listed
    assert "play 2 red fly on 0" in listed and "play 3 red fly on 0" in listed
    illegal(state, "play red fly on 0", "at least 2 cards")
    state = play(state, "play 3 red fly on 0")
    assert state.last_count == 3
    plain = make_state(hands={0: "3 red fly"}, piles=["red fly, red fly, red fly"], players=4,
                       turn=0, last=3, last_count=2,
                       filler=(Card.SPRAY, Card.BOOTS, Card.GREEN_ANT, Card.GREEN_SPIDER))  # fmt: skip
    assert "play red fly on 0" in moves(plain)


def test_joker_colour_the_rulebook_example() -> None:
    # Markus plays 2 red flies; Peter plays a joker fly and a yellow fly; now Sabine has to
    # play 2 yellow flies, or a yellow and a joker fly, or a joker fly and another colour.
    rules = Rules(joker_colour=True, match_count=True)
    state = make_state(hands={0: "red ant", 1: "yellow fly, joker fly"}, piles=["red fly, red fly"],
                       players=3, turn=1, last=0, last_count=2, rules=rules)  # fmt: skip
    state = apply_all(state, ["play yellow fly+joker on 0", "draw red ant", "draw red ant"])
    assert state.piles[0] == (Card.RED_FLY, Card.RED_FLY, Card.JOKER_FLY, Card.YELLOW_FLY)
    assert pile_colour(state.piles[0]) is Colour.YELLOW and state.turn == 2
    state = make_state(hands={0: "red ant", 2: "2 yellow fly, joker fly, 2 blue fly, red fly"},
                       piles=["red fly, red fly, joker fly, yellow fly"], players=3, turn=2,
                       last=1, last_count=2, rules=rules)  # fmt: skip
    listed = moves(state)
    for text in ("play 2 yellow fly on 0", "play yellow fly+joker on 0", "play blue fly+joker on 0",
                 "play red fly+joker on 0"):  # fmt: skip
        assert text in listed
    illegal(state, "play 2 blue fly on 0", "not its colour")


def test_joker_colour_off_keeps_the_colour() -> None:
    state = make_state(hands={0: "red ant", 1: "yellow fly, joker fly"}, piles=["red fly, red fly"],
                       turn=1, last=0, last_count=2)  # fmt: skip
    illegal(state, "play yellow fly+joker on 0", "not its colour")
    on_joker = make_state(hands={0: "red ant", 1: "yellow fly"}, piles=["red fly, joker fly"],
                          turn=1, last=0, last_count=1, rules=Rules(joker_colour=True))  # fmt: skip
    assert "play yellow fly on 0" in moves(on_joker)  # any colour onto a joker on top


def test_joker_colour_in_a_normal_turn_is_a_choice_never_a_duty() -> None:
    # house rule (decided 2026-11-30): a green fly with a joker may join the red fly --
    # or start a pile of its own, as the green fly alone may
    rules = Rules(joker_colour=True)
    state = make_state(hands={0: "green fly, joker fly"}, piles=["red fly"], rules=rules)
    listed = moves(state)
    for text in ("play green fly", "play green fly+joker", "play green fly+joker on 0"):
        assert text in listed
    assert "play green fly on 0" not in listed  # without a joker only the plain rule
    started = play(state, "play green fly+joker")
    assert started.piles == ((Card.RED_FLY,), (Card.JOKER_FLY, Card.GREEN_FLY))
    assert started.last is not None  # two cards: a direct attack
    joined = play(state, "play green fly+joker on 0")
    assert joined.piles == ((Card.RED_FLY, Card.JOKER_FLY, Card.GREEN_FLY),)
    assert pile_colour(joined.piles[0]) is Colour.GREEN
    # a pile that matches (or a colourless one) must still be joined, joker or not
    matching = make_state(hands={0: "green fly, joker fly"}, piles=["green fly"], rules=rules)
    illegal(matching, "play green fly+joker", "must join a pile")
    assert not may_start_pile(((Card.JOKER_FLY,),), Insect.FLY, Colour.GREEN)
    assert may_start_pile(((Card.JOKER_ANT,),), Insect.FLY, Colour.GREEN)
    assert may_start_pile(((Card.RED_FLY,),), Insect.FLY, None)
