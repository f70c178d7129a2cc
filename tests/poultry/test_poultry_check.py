"""``check`` refuses what the rules cannot reach, even when every card and grain is in place."""

from __future__ import annotations

import attrs
import pytest
from poultry_scenario import cards, play, table

from picnic_rules import InvalidState
from picnic_rules.poultry import Duel, Haggle, Phase, check, new_game


def refused(state: object, reason: str) -> None:
    with pytest.raises(InvalidState, match=reason):
        check(state)  # type: ignore[arg-type]


def test_a_fox_in_a_stock_is_refused() -> None:
    state = table(4, {0: "duck fox 5"}, {})
    kinds = state.rules.kinds
    fox = kinds.index(cards("duck fox 5")[0])
    stocks = list(state.stocks)
    stocks[1] = tuple(int(k == fox) for k in range(len(kinds)))
    refused(attrs.evolve(state, stocks=tuple(stocks), played=((),) * 4), "holds a fox")


def test_a_lone_commitment_beside_a_pair_in_hand_is_refused() -> None:
    state = table(2, {0: "duck 6"}, {})
    index = state.rules.index
    deck, hand = list(state.deck), list(state.hands[0])
    for card in cards("red 3 + red 4"):
        deck[index[card]] -= 1
        hand[index[card]] += 1
    forged = attrs.evolve(state, deck=tuple(deck), hands=(tuple(hand), state.hands[1]))
    refused(forged, "committed one card though it held a pair")


def test_a_bird_and_fox_of_one_colour_committed_together_are_refused() -> None:
    state = table(2, {0: "duck 6"}, {})
    refused(
        attrs.evolve(state, played=(cards("blue 6 + blue fox 4"), ())), "the cards do not add up"
    )
    deck = list(state.deck)
    deck[state.rules.index[cards("blue fox 4")[0]]] -= 1
    forged = attrs.evolve(state, deck=tuple(deck), played=(cards("blue 6 + blue fox 4"), ()))
    refused(forged, "a poultry and a fox of one colour")


def test_a_bag_that_does_not_fit_the_round_is_refused() -> None:
    state = table(4, {0: "duck 6"}, {"blue": (1, 0, 0)})
    refused(attrs.evolve(state, round=2), "the bag does not fit the round")


def test_a_haggle_or_duel_that_the_yard_cannot_hold_is_refused() -> None:
    state = play(table(4, {0: "red 5", 2: "red 3"}, {"red": (1, 1, 0)}))
    assert state.phase is Phase.HAGGLE
    refused(attrs.evolve(state, haggle=Haggle((0, 1), 0, ((0, 0, 0),) * 2, 0)), "haggle's seats")
    refused(
        attrs.evolve(state, phase=Phase.DUEL, haggle=None, duel=Duel((0, 2), (5, 4), (), 0, False)),
        "duel values are the cards",
    )
    refused(
        attrs.evolve(state, phase=Phase.DUEL, haggle=None, duel=Duel((0, 2), (5, 3), (), 3, False)),
        "third tie",
    )


def test_a_deal_that_skipped_a_seat_is_refused() -> None:
    state = new_game(3)
    hands = list(state.hands)
    deck = list(state.deck)
    hands[1] = tuple(int(k == 0) for k in range(len(deck)))
    deck[0] -= 1
    refused(attrs.evolve(state, hands=tuple(hands), deck=tuple(deck), dealt=1), "round robin")


def test_a_resolved_yard_where_a_lone_bird_did_not_eat_is_refused() -> None:
    start = table(
        4, {0: "yellow 5", 1: "duck 4", 2: "duck 3"}, {"yellow": (0, 1, 0), "blue": (1, 0, 0)}
    )
    state = play(start)
    assert state.phase is Phase.HAGGLE and state.yard == 1 and state.grain[0] == (0, 1, 0)
    yards = list(state.yards)
    grain = list(state.grain)
    yards[0], grain[0] = (0, 1, 0), (0, 0, 0)  # seat 0's lone chicken "did not eat"
    refused(attrs.evolve(state, yards=tuple(yards), grain=tuple(grain)), "grain was not eaten")


def test_a_resolved_yard_where_a_lone_fox_did_not_catch_is_refused() -> None:
    start = table(
        4, {0: "yellow fox 5", 1: "yellow 4", 2: "duck 4", 3: "duck 3"}, {"blue": (1, 0, 0)}
    )
    state = play(start)
    assert state.phase is Phase.HAGGLE
    kinds = state.rules.kinds
    caught = kinds.index(cards("yellow 4")[0])
    stocks = list(state.stocks)
    stocks[0] = tuple(0 for _ in kinds)
    played = list(state.played)
    played[1] = cards("yellow 4")
    forged = attrs.evolve(state, stocks=tuple(stocks), played=tuple(played))
    assert state.stocks[0][caught] == 1
    refused(forged, "yet its poultry was not caught")
