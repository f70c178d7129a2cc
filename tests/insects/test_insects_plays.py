"""A normal turn: identical insects onto piles, new piles, jokers.

Rulebook: "The current player can play either one or multiple identical insect
cards - identical means same color AND same insect!", "If there are already
insect cards on the table, the new cards are placed next to them", jokers "can be
played on any group of the same insects", "Jokers can also be played at the same
time as normal cards". House rules: a coloured play joins a pile of its type whose
colour matches or that is colourless (the player chooses when several fit) and
starts a new pile only when none fits; a lone joker may join any pile of its type
or start one; two or more jokers alone may only continue an attack; a play lies
jokers first, then its coloured cards.
"""

from __future__ import annotations

from insects_scenario import illegal, make_state, moves, play

from picnic_rules.insects import Card, Phase, check


def test_one_or_several_identical_insects_start_a_pile() -> None:
    state = make_state(hands={0: "2 red fly, blue fly"})
    listed = moves(state)
    for text in ("play red fly", "play 2 red fly", "play blue fly"):
        assert text in listed
    illegal(state, "play 3 red fly", "you hold 2 red fly")
    after = play(state, "play blue fly")
    assert after.piles == ((Card.BLUE_FLY,),)
    assert after.phase is Phase.DRAW and after.draws == 1  # back to 8


def test_a_different_insect_or_colour_goes_next_to_the_pile() -> None:
    # Example: "The first player plays a red fly. The second player adds a second fly
    # OR the second player plays a spider."
    state = make_state(hands={1: "red fly, red spider"}, piles=["red fly"], turn=1)
    assert "play red spider" in moves(state)
    after = play(state, "play red spider")
    assert after.piles == ((Card.RED_FLY,), (Card.RED_SPIDER,))
    assert after.last is None  # no attack


def test_a_matching_insect_must_join_its_pile() -> None:
    state = make_state(hands={1: "red fly"}, piles=["red fly"], turn=1)
    assert moves(state)[:1] == ["play red fly on 0"]
    illegal(state, "play red fly", "must join a pile that fits it: add 'on 0'")


def test_a_colourless_joker_pile_fits_any_colour_and_the_player_chooses() -> None:
    state = make_state(hands={0: "yellow ant"}, piles=["yellow ant", "joker ant"])
    listed = moves(state)
    assert "play yellow ant on 0" in listed and "play yellow ant on 1" in listed
    illegal(state, "play yellow ant", "must join")


def test_colours_do_not_mix() -> None:
    state = make_state(hands={0: "blue fly"}, piles=["red fly"])
    illegal(state, "play blue fly on 0", "not its colour")
    assert "play blue fly" in moves(state)


def test_a_lone_joker_joins_any_pile_of_its_type_or_starts_one() -> None:
    state = make_state(hands={0: "joker fly"}, piles=["red fly", "blue ant", "green fly"])
    listed = moves(state)
    assert {"play joker fly on 0", "play joker fly on 2", "play joker fly"} <= set(listed)
    illegal(state, "play joker fly on 1", "holds ants, not flys")


def test_two_jokers_alone_only_continue_an_attack() -> None:
    state = make_state(hands={0: "2 joker fly"})
    illegal(state, "play 2 joker fly", "several jokers alone may only continue an attack")


def test_jokers_with_coloured_cards_lie_beneath_them() -> None:
    state = make_state(hands={0: "red fly, joker fly"})
    after = play(state, "play red fly+joker")
    assert after.piles == ((Card.JOKER_FLY, Card.RED_FLY),)
    assert after.last == 0 and after.last_count == 2  # a direct attack


def test_a_play_holds_one_colour() -> None:
    state = make_state(hands={0: "red fly, blue fly"})
    assert not any("red" in m and "blue" in m for m in moves(state))


def test_two_of_a_kind_at_once_attack_the_next_player() -> None:
    state = make_state(hands={0: "2 red fly"}, players=3)
    after = play(state, "play 2 red fly")
    assert after.last == 0
    for _ in range(after.draws):
        after = play(after, "draw red ant")
        check(after)
    assert after.phase is Phase.TURN and after.turn == 1
    assert "give food" in moves(after)


def test_an_attack_skips_a_player_without_food() -> None:
    state = make_state(
        hands={0: "red fly", 2: "red ant"},
        piles=["red fly"],
        players=3,
        food=(8, 0, 8),
        captured=(8, 0, 0),
        scored={0: "7 red spider, 7 blue spider, 2 green spider"},
    )
    after = play(state, "play red fly on 0")
    for _ in range(after.draws):
        after = play(after, "draw red ant")
    assert after.turn == 2
