"""Weapons outside an attack, drawing back to 8, players out of food or with no play.

Rulebook: "If the current player is not under attack, he can play a single weapon
on a corresponding insect and add these cards to his score pile"; "At the end of his
turn the player always replenishes his hand to 8 cards"; "Players with no hand cards
or no ability to play them, but still holding food cards are passed over in play. In
case of attack they must nevertheless give up a food". House rules: a weapon goes on a
one-card pile of its type; the refill is chance, one card at a time; a player with no
food is out and skipped.
"""

from __future__ import annotations

from insects_scenario import apply_all, illegal, make_state, moves, play

from picnic_rules import CHANCE
from picnic_rules.insects import Card, Phase, chance_outcomes, check, scores, to_move


def test_a_weapon_on_a_one_card_pile_of_its_type_scores_both() -> None:
    state = make_state(hands={0: "swatter, red ant"}, piles=["red fly", "blue ant"],
                       filler=(Card.BOOTS, Card.GREEN_SPIDER))  # fmt: skip
    assert "swat 0" in moves(state) and "swat 1" not in moves(state)
    illegal(state, "swat 1", "you hold no spray for pile 1")
    illegal(state, "swat 2", "there is no pile 2")
    before = scores(state)[0]
    after = play(state, "swat 0")
    assert after.piles == ((Card.BLUE_ANT,),)  # pile 1 is now pile 0
    assert after.scored[0][Card.SWATTER] == 1 and after.scored[0][Card.RED_FLY] == 1
    assert scores(after)[0] - before == 1  # "this only earns 1 point"


def test_no_weapon_while_under_attack_except_to_defend() -> None:
    state = make_state(hands={0: "red ant", 1: "spray"}, piles=["red fly, red fly", "red ant"],
                       turn=1, last=0, last_count=2)  # fmt: skip
    illegal(state, "swat 1", "pile 0 attacks you")


def test_the_refill_is_chance_one_card_at_a_time_back_to_the_hand_size() -> None:
    state = make_state(hands={0: "3 red fly"})
    state = play(state, "play 3 red fly")
    assert to_move(state) is CHANCE and state.draws == 3
    assert dict(chance_outcomes(state))[play.__globals__["move_from_str"]("draw red fly")] == 4
    for left in (2, 1, 0):
        state = play(state, "draw spray")
        check(state)
        assert state.draws == left or state.phase is Phase.TURN
    assert sum(state.hands[0]) == 8


def test_an_empty_deck_ends_the_refill() -> None:
    state = make_state(hands={0: "3 red fly", 1: "blue ant"}, deck="red ant")
    state = apply_all(state, ["play 3 red fly", "draw red ant"])
    assert state.phase is Phase.TURN and state.turn == 1 and sum(state.deck) == 0
    assert sum(state.hands[0]) == 6


def test_a_player_with_no_legal_play_is_passed_over() -> None:
    # seat 1 holds only weapons, and no pile of their types lies on the table
    state = make_state(hands={0: "red fly, blue fly", 1: "8 spray"}, deck="", filler=())
    state = play(state, "play red fly")
    assert state.phase is Phase.TURN and state.turn == 0  # seat 1 passed over
    assert "play blue fly" in moves(state)


def test_a_passed_over_player_must_still_answer_an_attack() -> None:
    state = make_state(hands={0: "2 red fly, blue fly", 1: "8 spray"}, deck="", filler=())
    state = play(state, "play 2 red fly")
    assert state.turn == 1 and moves(state) == ["give food"]
    state = play(state, "give food")
    assert state.captured == (1, 0) and state.turn == 0  # then passed over again


def test_a_player_out_of_food_is_skipped_and_keeps_their_hand() -> None:
    state = make_state(
        hands={0: "red fly", 1: "red ant", 2: "blue ant"},
        players=3,
        food=(8, 0, 8),
        captured=(8, 0, 0),
        scored={0: "7 red spider, 7 blue spider, 2 green spider"},
    )
    state = apply_all(state, ["play red fly", "draw red ant"])
    assert state.turn == 2
    assert state.hands[1][Card.RED_ANT] == 1  # never played, never scored
