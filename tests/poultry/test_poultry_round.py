"""Scenarios for the round: the deal, the supply, the commitments, the draws, the last round."""

from __future__ import annotations

import attrs
import pytest
from poultry_scenario import cards, play, table

from picnic_rules import CHANCE
from picnic_rules.poultry import (
    GAME,
    Commit,
    Grain,
    Phase,
    Rules,
    Supply,
    apply,
    chance_outcomes,
    check,
    legal_moves,
    new_game,
    to_move,
)
from picnic_rules.testing import assert_illegal


def dealt(players: int, rules: Rules | None = None) -> object:
    state = new_game(players, rules or Rules())
    while state.phase is Phase.DEAL:
        state = apply(state, chance_outcomes(state)[0][0])
    return state


@pytest.mark.parametrize(("players", "size"), [(2, 6), (3, 6), (4, 5), (6, 5)])
def test_the_deal_gives_each_seat_its_hand_round_robin(players: int, size: int) -> None:
    state = new_game(players)
    seats = []
    while state.phase is Phase.DEAL:
        before = [sum(h) for h in state.hands]
        state = apply(state, chance_outcomes(state)[0][0])
        seats.append(next(s for s in range(players) if sum(state.hands[s]) > before[s]))
    assert seats == list(range(players)) * size
    assert state.phase is Phase.SUPPLY and state.round == 1


def test_supply_drops_one_grain_per_yard_left_to_right_weighted_by_the_bag() -> None:
    state = dealt(2, Rules(green_grain=10, blue_grain=0, yellow_grain=2))
    assert chance_outcomes(state) == ((Supply(Grain.GREEN), 10), (Supply(Grain.YELLOW), 2))
    for yard in range(6):
        assert state.yard == yard
        state = apply(state, Supply(Grain.GREEN))
    assert state.yards == ((1, 0, 0),) * 6 and state.bag == (4, 0, 2)
    assert state.phase is Phase.COMMIT and to_move(state) == 0
    assert_illegal(
        GAME, attrs.evolve(state, phase=Phase.SUPPLY, yard=5), Supply(Grain.BLUE), "no blue grain"
    )


def test_two_or_three_players_commit_two_cards_never_a_bird_and_fox_of_one_colour() -> None:
    state = table(3, {}, {}, hands={0: "duck 6 + blue fox 5 + red 3"}, phase=Phase.COMMIT)
    options = {str(m) for m in legal_moves(state)}
    assert options == {"commit blue 6 + red 3", "commit blue fox 5 + red 3"}
    assert_illegal(
        GAME, state, Commit(cards("duck 6 + blue fox 5")), "a poultry and a fox of one colour"
    )
    assert_illegal(GAME, state, Commit(cards("duck 6")), "must commit two cards")
    assert_illegal(GAME, state, Commit(cards("duck 6 + duck 6")), "does not hold another blue 6")


def test_one_card_only_when_no_legal_pair_exists() -> None:
    state = table(2, {}, {}, hands={0: "duck 6 + blue fox 5"}, phase=Phase.COMMIT)
    assert {str(m) for m in legal_moves(state)} == {"commit blue 6", "commit blue fox 5"}


def test_four_or_more_players_commit_one_card() -> None:
    state = table(4, {}, {}, hands={0: "duck 6 + red 3"}, phase=Phase.COMMIT)
    assert {str(m) for m in legal_moves(state)} == {"commit blue 6", "commit red 3"}


def test_seat_by_seat_and_a_seat_without_cards_commits_nothing() -> None:
    state = table(4, {}, {}, hands={0: "duck 6", 2: "red 3", 3: "red 4"}, phase=Phase.COMMIT)
    state = apply(state, Commit(cards("duck 6")))
    assert to_move(state) == 2  # seat 1 holds nothing
    state = apply(state, Commit(cards("red 3")))
    state = apply(state, Commit(cards("red 4")))
    assert state.phase is Phase.REVEAL and to_move(state) is CHANCE
    check(state)


def test_draws_go_round_robin_and_the_discard_pile_becomes_the_deck() -> None:
    state = play(table(2, {0: "duck 6 + red 3", 1: "red 4 + green 3"}, {"blue": (1, 0, 0)}))
    assert state.phase is Phase.DRAW and sum(state.discard) == 4
    # empty the deck into the discard pile: the draw then comes from the discard pile
    empty = tuple(0 for _ in state.deck)
    pile = tuple(a + b for a, b in zip(state.deck, state.discard, strict=True))
    state = attrs.evolve(state, deck=empty, discard=pile)
    check(state)
    weights = dict((str(m), w) for m, w in chance_outcomes(state))
    assert weights["draw red 3"] == 2  # the deck's red 3 and the played one
    state = apply(state, chance_outcomes(state)[0][0])
    assert sum(state.discard) == 0 and sum(state.deck) == sum(pile) - 1
    seats = []
    for _ in range(3):
        before = [sum(h) for h in state.hands]
        state = apply(state, chance_outcomes(state)[0][0])
        seats.append(next(s for s in range(2) if sum(state.hands[s]) > before[s]))
    assert seats == [1, 0, 1] and state.phase is Phase.SUPPLY and state.round == 2


def test_the_last_round_is_the_one_whose_supply_leaves_fewer_grains_than_yards() -> None:
    rules = Rules(green_grain=5, blue_grain=4, yellow_grain=4)  # 13 grains: two rounds
    state = dealt(2, rules)
    rounds = 0
    while state.phase is not Phase.OVER:
        actor = to_move(state)
        rounds = max(rounds, state.round)
        move = chance_outcomes(state)[0][0] if actor is CHANCE else legal_moves(state)[0]
        state = apply(state, move)
    assert rounds == 2 and sum(state.bag) == 1 and state.reason == "grain-out"
    assert not any(map(any, state.played))


def test_rules_refuse_what_cannot_be_played() -> None:
    from picnic_rules import RulesError

    with pytest.raises(RulesError, match="at least 6 grains"):
        Rules(green_grain=2, blue_grain=1, yellow_grain=2)
    with pytest.raises(RulesError, match="too small"):
        Rules(hand_sizes=(2, 6, 5, 5, 5))
    with pytest.raises(RulesError, match="needs"):
        new_game(6, Rules(poultry=(3,), foxes=(4,)))
    with pytest.raises(RulesError, match="poultry takes 2 to 6 players"):
        new_game(7)
