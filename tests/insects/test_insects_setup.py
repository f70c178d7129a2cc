"""Set-up: components, food per player count, the deal, seat 0 starts.

Rulebook: "The 24 food cards are evenly distributed ... Each player draws 8 cards
from the deck to form a hand." House rules: 90 insects (7 per colour and 2 jokers
per type), 36 weapons (12 each), food 12/8/6/4/4 for 2/3/4/5/6 players (leftover
leaves the game), hand 8, seat 0 starts, the deal one card at a time round robin.
"""

from __future__ import annotations

import pytest
from insects_scenario import moves

from picnic_rules import CHANCE, RulesError
from picnic_rules.insects import (
    GAME,
    Card,
    Draw,
    Phase,
    Rules,
    apply,
    chance_outcomes,
    check,
    new_game,
    to_move,
)


def test_components() -> None:
    rules = Rules()
    deck = rules.deck
    insects = sum(deck[:15])
    assert (insects, sum(deck[15:]), rules.food) == (90, 36, 24)
    assert deck[Card.RED_FLY] == 7 and deck[Card.JOKER_SPIDER] == 2 and deck[Card.SPRAY] == 12
    assert rules.deck_size + rules.food == 150


@pytest.mark.parametrize(
    ("players", "each", "out"), [(2, 12, 0), (3, 8, 0), (4, 6, 0), (5, 4, 4), (6, 4, 0)]
)
def test_food_per_player_count(players: int, each: int, out: int) -> None:
    state = new_game(players)
    assert state.food == (each,) * players
    assert state.food_out == out  # leftover food leaves the game


def test_player_count_is_two_to_six() -> None:
    for bad in (1, 7):
        with pytest.raises(RulesError, match="2 to 6 players"):
            GAME.new_game(bad)  # the record's gate


def test_rules_refuse_impossible_options() -> None:
    with pytest.raises(RulesError, match="food_3") as info:
        Rules(food=20, food_2=10)  # 8 food for each of 3 players needs 24
    assert info.value.field == "food_3"
    with pytest.raises(RulesError, match="hand_size"):
        Rules(hand_size=0)
    with pytest.raises(RulesError, match="at most"):
        Rules(insects=10**9)
    with pytest.raises(RulesError, match="dealing 8 cards to 6 players"):
        GAME.new_game(6, Rules(insects=1, jokers=0, weapons=1))


def test_the_deal_is_chance_round_robin_from_seat_0_then_seat_0_starts() -> None:
    state = new_game(3)
    assert to_move(state) is CHANCE
    assert dict(chance_outcomes(state))[Draw(Card.RED_FLY)] == 7
    for i in range(24):
        assert state.phase is Phase.DEAL and state.turn == i % 3
        state = apply(state, Draw(Card.RED_ANT if i < 7 else Card.SPRAY if i < 19 else Card.BOOTS))
        check(state)
    assert state.phase is Phase.TURN and to_move(state) == 0
    assert [sum(hand) for hand in state.hands] == [8, 8, 8]
    assert sum(state.deck) == 126 - 24
    assert "play red ant" in moves(state)
