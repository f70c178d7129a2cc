"""The two endings and the scoring.

Rulebook: "The game is likewise over if only one player has food cards remaining";
"The game is completely over when the deck is exhausted and all of the players have
played their cards"; "Insects count 2 points each. Captured food counts 10 points each.
Uncaptured food also counts 10 points each. Used weapons each count -1 point. The player
with the most points wins!" House rules: `one-left`, `cards-out` (also when nobody with
food can play although the deck still has cards); equal leaders all win.
"""

from __future__ import annotations

import pytest
from insects_scenario import apply_all, make_state, moves, play

from picnic_rules import PicnicError
from picnic_rules.insects import (
    GAME,
    Card,
    Phase,
    Rules,
    check,
    is_over,
    legal_moves,
    result,
    scores,
    to_move,
)


def test_one_left_when_the_second_last_player_gives_up_the_last_food() -> None:
    state = make_state(hands={0: "red ant", 1: "red ant"}, piles=["red fly, red fly"], turn=1,
                       last=0, last_count=2, food=(12, 1), captured=(11, 0),
                       scored={0: "7 red spider, 7 blue spider, 7 green spider, 1 yellow spider"})  # fmt: skip
    state = play(state, "give food")
    check(state)
    assert is_over(state) and to_move(state) is None and legal_moves(state) == ()
    outcome = result(state)
    assert outcome.reason == "one-left" and outcome.winners == (0,)


def test_cards_out_when_the_deck_is_exhausted_and_every_card_is_played() -> None:
    state = make_state(hands={0: "red fly", 1: ""}, deck="", filler=())
    state = play(state, "play red fly")
    check(state)
    assert state.phase is Phase.OVER and result(state).reason == "cards-out"


def test_cards_out_even_with_cards_in_the_deck_when_nobody_can_play() -> None:
    state = make_state(hands={0: "red fly, 7 spray", 1: "4 spray, 4 boots"},
                       filler=())  # fmt: skip
    assert sum(state.deck) > 0
    state = apply_all(state, ["play red fly", "draw boots"])
    assert state.phase is Phase.OVER and state.reason == "cards-out"


TINY = Rules(insects=1, jokers=0, weapons=1, hand_size=1, buy=True)
"""One card of each colour, one weapon each: a whole deck a scenario can lay out."""


def test_the_score() -> None:
    state = make_state(
        hands={0: "red fly", 1: ""},
        deck="",
        filler=(),
        food=(9, 10),
        captured=(2, 0),
        food_out=3,
        scored={0: "red ant, blue ant, yellow ant, spray"},
        rules=TINY,
    )
    # seat 0: 3 insects (6) + 2 captured food (20) + 9 own food (90) - 1 weapon = 115;
    # seat 1 holds the other 8 insects and 2 weapons: 16 + 100 - 2 = 114
    assert scores(state) == (115, 114)
    state = play(state, "play red fly")
    assert result(state).scores == (115, 114) and result(state).winners == (0,)


def test_equal_leaders_all_win() -> None:
    state = make_state(
        hands={0: "red fly", 1: "blue fly"},
        deck="",
        filler=(),
        scored={0: "red ant, blue ant, yellow ant, green ant, red spider"},
        rules=Rules(insects=1, jokers=0, weapons=0, hand_size=1),
    )
    state = apply_all(state, ["play red fly", "play blue fly"])
    # seat 1's score pile holds the other 5 insects: 10 + 120 each
    assert result(state).scores == (130, 130)
    assert result(state).winners == (0, 1) and result(state).reason == "cards-out"


def test_no_result_before_the_end() -> None:
    with pytest.raises(PicnicError, match="not over"):
        GAME.result(make_state(hands={0: "red fly"}))
    assert moves(make_state(hands={0: "red fly"}))


def test_deck_cards_left_after_cards_out_stay_unscored() -> None:
    state = make_state(hands={0: "red fly, 7 spray", 1: "4 spray, 4 boots"}, filler=())
    state = apply_all(state, ["play red fly", "draw boots"])
    assert sum(state.deck) > 0 and state.scored[0][Card.RED_FLY] == 0
