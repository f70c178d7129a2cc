"""Attacks and the three answers: defend, continue, give up food; jokers in a pile.

Rulebook: "An attack consists of at least two of the same insects of the same color
... The next player now has 3 choices": defend ("exactly one of the attacking insects
must be left remaining"), continue ("play one or more additional insects of the same
type and color"), give up food ("The player who played the last insect adds the food
card as well as all the relevant insect cards on his score pile ... it is the turn of
the deprived player"). Joker insects: "If a joker insect the first played ..., the
next colored insect played on it determines the color"; "If as a result of a
successful insect defense there is only a left over joker, the color is newly
determined with the next colored card."
"""

from __future__ import annotations

from typing import Any

from insects_scenario import apply_all, illegal, make_state, moves, play

from picnic_rules.insects import Card, Colour, Phase, State, check, pile_colour, scores

RED3 = "red fly, red fly, red fly"


def _attacked(hand: str, pile: str = RED3, players: int = 2, **kw: Any) -> State:
    return make_state(hands={0: "red ant", 1: hand}, piles=[pile], turn=1, last=0,
                      last_count=1, players=players, **kw)  # fmt: skip


def test_three_red_flies_need_two_swatters_and_score_two_insects() -> None:
    # The rulebook's example: "if there are 3 red flies, the attacked player must play
    # 2 fly swatters (and receive 2 insect cards as points)".
    state = _attacked("3 swatter")
    assert "defend 2" in moves(state)
    illegal(state, "defend 1", "exactly 2 swatter")
    illegal(state, "defend 3", "exactly 2 swatter")
    before = scores(state)[1]
    after = play(state, "defend 2")
    assert after.piles == ((Card.RED_FLY,),)  # exactly one attacking insect stays
    assert after.scored[1][Card.RED_FLY] == 2 and after.scored[1][Card.SWATTER] == 2
    assert scores(after)[1] - before == 2 * 2 - 2  # two insects' worth, minus the weapons
    assert after.last is None
    assert after.phase is Phase.DRAW and after.turn == 1 and after.draws == 2  # then draws
    after = apply_all(after, ["draw red ant", "draw red ant"])
    assert after.phase is Phase.TURN and after.turn == 0  # then the next player


def test_too_few_weapons_cannot_defend() -> None:
    state = _attacked("swatter")
    assert not any(m.startswith("defend") for m in moves(state))
    illegal(state, "defend 2", "you hold 1 swatter, and defending takes 2")


def test_only_the_weapon_of_the_pile_type_defends() -> None:
    state = _attacked("2 spray, 2 boots")
    assert not any(m.startswith("defend") for m in moves(state))


def test_continue_with_the_same_type_and_colour_or_jokers() -> None:
    state = _attacked("red fly, blue fly, 2 joker fly")
    listed = moves(state)
    for text in ("play red fly on 0", "play red fly+joker on 0", "play joker fly on 0",
                 "play 2 joker fly on 0"):  # fmt: skip
        assert text in listed
    illegal(state, "play blue fly on 0", "not its colour")
    illegal(state, "play blue fly", "pile 0 attacks you")  # at most one attacking pile
    after = play(state, "play red fly+joker on 0")
    assert after.last == 1 and after.last_count == 2
    after = apply_all(after, ["draw red ant", "draw red ant"])
    assert after.turn == 0 and after.phase is Phase.TURN  # the attack moves on


def test_the_rulebook_chain_of_attacks() -> None:
    # "First player plays a fly. Second player plays 2 flies (attack!). Third player plays
    # a third fly (continuing it to the fourth player)"
    state = make_state(
        hands={0: "red fly", 1: "2 red fly", 2: "red fly"},
        players=4,
        filler=(Card.SPRAY, Card.BOOTS, Card.GREEN_ANT, Card.GREEN_SPIDER),
    )
    state = apply_all(state, ["play red fly", "draw red ant"])
    assert state.turn == 1 and state.last is None
    state = apply_all(state, ["play 2 red fly on 0", "draw red ant", "draw red ant"])
    assert state.turn == 2 and state.last == 1
    state = apply_all(state, ["play red fly on 0", "draw red ant"])
    assert state.turn == 3 and state.last == 2 and len(state.piles[0]) == 4


def test_the_attacked_player_draws_only_after_answering() -> None:
    state = _attacked("red fly")
    assert state.phase is Phase.TURN and sum(state.hands[1]) == 8


def test_giving_up_food_hands_food_and_insects_to_the_last_player() -> None:
    state = _attacked("red ant", pile="red fly, joker fly, red fly", players=3)
    after = play(state, "give food")
    check(after)
    assert after.food == (8, 7, 8)
    assert after.captured == (1, 0, 0)
    assert after.scored[0][Card.RED_FLY] == 2 and after.scored[0][Card.JOKER_FLY] == 1
    assert after.piles == ()
    # the deprived player takes a normal turn, with no draw
    assert after.phase is Phase.TURN and after.turn == 1
    assert "play red ant" in moves(after)


def test_give_food_is_always_open_under_attack_and_only_then() -> None:
    assert "give food" in moves(_attacked(""))
    illegal(make_state(hands={0: "red fly"}), "give food", "nobody attacks you")
    illegal(make_state(hands={0: "swatter"}, piles=["red fly"]), "defend 1", "nothing to defend")


def test_a_joker_played_first_takes_the_colour_of_the_next_card() -> None:
    state = make_state(hands={1: "blue fly"}, piles=["joker fly"], turn=1)
    assert pile_colour(state.piles[0]) is None
    assert "play blue fly on 0" in moves(state)
    state = play(state, "play blue fly on 0")
    assert pile_colour(state.piles[0]) is Colour.BLUE
    state = apply_all(state, ["draw red ant"])
    assert state.turn == 0 and state.last == 1
    state = make_state(hands={0: "red fly, blue fly"}, piles=["joker fly, blue fly"],
                       last=1, last_count=1)  # fmt: skip
    assert "play blue fly on 0" in moves(state)
    illegal(state, "play red fly on 0", "not its colour")


def test_a_defence_that_leaves_a_lone_joker_makes_the_pile_colourless() -> None:
    state = _attacked("swatter, green fly", pile="joker fly, blue fly")
    state = apply_all(state, ["defend 1", "draw red ant"])
    assert state.piles == ((Card.JOKER_FLY,),) and pile_colour(state.piles[0]) is None
    state = make_state(hands={1: "green fly"}, piles=["joker fly"], turn=1)
    assert "play green fly on 0" in moves(state)


def test_a_player_who_gives_up_the_last_food_is_out() -> None:
    state = make_state(
        hands={0: "red ant", 1: "red ant", 2: "blue ant"},
        piles=[RED3],
        turn=1,
        last=0,
        last_count=1,
        players=3,
        food=(8, 1, 8),
        captured=(7, 0, 0),
        scored={0: "7 red spider, 7 blue spider"},
    )
    after = play(state, "give food")
    check(after)
    assert after.food == (8, 0, 8)
    assert after.phase is Phase.TURN and after.turn == 2  # skipped from now on
