"""Scenarios for the resolution of the farmyards: lone birds, the fleeing bird, foxes,
duels and the tie rule -- the rulebook's own examples among them."""

from __future__ import annotations

import pytest
from poultry_scenario import play, stock_cards, table

from picnic_rules.poultry import Phase, Rules, result

NO_HAGGLING = Rules(haggling=False)


def test_rulebook_lone_birds_eat_alone_and_unvisited_grain_stays() -> None:
    # Claudia's goose, Peter's chicken, Reinhold's guinea fowl and Stefanie's duck are each
    # alone: each eats all the grain there; the turkey farm and the pheasantry keep theirs.
    yards = {
        "yellow": (1, 0, 0),
        "blue": (0, 1, 0),
        "purple": (0, 0, 1),
        "black": (1, 0, 0),
        "red": (0, 1, 0),
        "green": (0, 0, 1),
    }
    played = {0: "goose 4", 1: "chicken 3", 2: "guinea fowl 5", 3: "duck 6"}
    state = play(table(4, played, yards))
    assert state.grain == ((0, 1, 0), (1, 0, 0), (0, 0, 1), (0, 1, 0))
    assert state.yards[2] == (0, 0, 1) and state.yards[3] == (1, 0, 0)
    assert state.phase is Phase.DRAW
    assert sum(state.discard) == 4  # the played cards go to the discard pile


def test_rulebook_duck_duel_claudia_wins_the_re_roll() -> None:
    # Claudia (6), Peter (5) and Stefanie (3) play ducks and cannot agree. Rolls 2, 3, 4:
    # Claudia and Peter tie at 8, Stefanie is out with 7; both re-roll a 1: Claudia 7, Peter 6.
    start = table(3, {0: "duck 6", 1: "duck 5", 2: "duck 3"}, {"blue": (1, 1, 1)})
    state = play(start, "no-deal", "no-deal", "no-deal", rolls=[2, 3])
    assert state.phase is Phase.DUEL
    state = play(state, rolls=[4])
    assert state.duel is not None and state.duel.seats == (0, 1) and state.duel.ties == 1
    state = play(state, rolls=[1, 1])
    assert state.grain[0] == (1, 1, 1) and state.grain[1] == state.grain[2] == (0, 0, 0)
    assert state.yards[1] == (0, 0, 0)


def test_duel_without_haggling_starts_at_once() -> None:
    start = table(3, {0: "duck 6", 1: "duck 5"}, {"blue": (0, 2, 0)}, rules=NO_HAGGLING)
    state = play(start)
    assert state.phase is Phase.DUEL and state.duel is not None and not state.duel.foxes
    state = play(state, rolls=[1, 3])  # 7 against 8
    assert state.grain[1] == (0, 2, 0)


def test_rulebook_fox_example() -> None:
    # Claudia's blue fox takes Simone's duck; Peter and Birgit duel with black foxes at the
    # turkey farm for Thomas's turkey and Udo's frightened turkey, which takes one green
    # grain; the grain stays everywhere else.
    played = {
        0: "blue fox 5",
        1: "black fox 4",
        2: "black fox 6",
        3: "duck 6",
        4: "turkey 4",
        5: "turkey -2",
    }
    yards = {"blue": (1, 1, 0), "black": (2, 0, 1)}
    state = play(table(6, played, yards))
    assert stock_cards(state, 0) == ["blue 6"]
    assert state.yards[1] == (1, 1, 0)
    assert state.grain[5] == (1, 0, 0) and state.yards[3] == (1, 0, 1)
    assert state.phase is Phase.DUEL and state.duel is not None and state.duel.foxes
    assert state.duel.seats == (1, 2)
    state = play(state, rolls=[6, 1])  # Peter 10 against Birgit 7
    assert stock_cards(state, 1) == ["black 4", "black -2"]
    assert state.yards[3] == (1, 0, 1)
    assert all(grain == (0, 0, 0) for seat, grain in enumerate(state.grain) if seat != 5)


def test_lone_fleeing_bird_eats_everything() -> None:
    state = play(table(4, {2: "pheasant -2"}, {"purple": (2, 3, 1)}))
    assert state.grain[2] == (2, 3, 1) and state.yards[2] == (0, 0, 0)


def test_fleeing_bird_with_company_takes_one_green_and_flees() -> None:
    start = table(4, {0: "red 5", 1: "red -2"}, {"red": (2, 1, 0)})
    state = play(start)
    assert state.grain[1] == (1, 0, 0)  # one green grain only
    assert state.grain[0] == (1, 1, 0)  # the other bird is alone now and eats the rest


def test_fleeing_bird_without_green_takes_nothing() -> None:
    state = play(table(4, {0: "red 5", 1: "red -2"}, {"red": (0, 1, 0)}))
    assert state.grain[1] == (0, 0, 0) and state.grain[0] == (0, 1, 0)


def test_fleeing_bird_that_took_the_only_grain_leaves_nothing_at_stake() -> None:
    state = play(table(4, {0: "red 5", 1: "red 4", 2: "red -2"}, {"red": (1, 0, 0)}))
    assert state.grain[2] == (1, 0, 0)
    assert state.phase is Phase.DRAW  # no haggling, no duel


def test_fleeing_bird_at_a_fox_takes_a_green_and_is_caught() -> None:
    state = play(table(4, {0: "green fox 4", 1: "green -2"}, {"green": (1, 1, 0)}))
    assert state.grain[1] == (1, 0, 0)
    assert stock_cards(state, 0) == ["green -2"]
    assert state.yards[5] == (0, 1, 0)


def test_foxes_without_poultry_take_nothing_and_do_not_duel() -> None:
    state = play(table(4, {0: "green fox 4", 1: "green fox 6"}, {"green": (1, 0, 0)}))
    assert state.phase is Phase.DRAW and state.yards[5] == (1, 0, 0)
    assert not any(map(any, state.stocks))


def test_two_birds_of_one_player_are_one_bird_of_the_higher_value() -> None:
    # a -2 beside its owner's 5 neither flees nor takes a green grain: the bird is a 5
    state = play(table(2, {0: "yellow 5 + yellow -2"}, {"yellow": (1, 1, 0)}))
    assert state.grain[0] == (1, 1, 0)
    start = table(2, {0: "yellow 3 + yellow -2", 1: "yellow 6 + blue 4"}, {"yellow": (1, 0, 1)})
    state = play(start, "no-deal", "no-deal")
    assert state.duel is not None and state.duel.values == (3, 6)
    assert state.grain[0] == (0, 0, 0)  # seat 0's -2 does not flee: its bird is a 3


def test_a_fox_captures_both_birds_of_one_player() -> None:
    start = table(2, {0: "yellow 5 + yellow -2", 1: "yellow fox 4 + blue 3"}, {"yellow": (1, 0, 0)})
    state = play(start)
    assert sorted(stock_cards(state, 1)) == ["yellow -2", "yellow 5"]
    assert state.grain[0] == (0, 0, 0)  # its bird is a 5: it does not flee


def test_two_foxes_of_one_player_are_one_fox() -> None:
    start = table(3, {0: "blue fox 4 + blue fox 6", 1: "duck 5"}, {"blue": (0, 1, 0)})
    state = play(start)
    assert stock_cards(state, 0) == ["blue 5"]


def test_third_tie_goes_to_the_higher_card() -> None:
    start = table(4, {0: "duck 6", 1: "duck 4"}, {"blue": (0, 0, 2)}, rules=NO_HAGGLING)
    state = play(start, rolls=[1, 3, 2, 4, 3, 5])  # 7-7, 8-8, 9-9
    assert state.grain[0] == (0, 0, 2)


def test_third_tie_between_equal_cards_leaves_the_grain() -> None:
    start = table(4, {0: "duck 4", 1: "duck 4"}, {"blue": (0, 0, 2)}, rules=NO_HAGGLING)
    state = play(start, rolls=[1, 1, 2, 2, 3, 3])
    assert state.yards[1] == (0, 0, 2) and not any(map(any, state.grain))


def test_fox_duel_with_nobody_winning_discards_the_poultry() -> None:
    rules = Rules(foxes=(5, 5, 6))  # two equal foxes of one colour
    start = table(
        4, {0: "duck fox 5", 1: "duck fox 5", 2: "duck 3"}, {"blue": (1, 0, 0)}, rules=rules
    )
    state = play(start, rolls=[2, 2, 4, 4, 6, 6])
    assert not any(map(any, state.stocks))
    assert sum(state.discard) == 3


def test_only_the_tied_leaders_roll_again() -> None:
    start = table(
        4, {0: "duck 3", 1: "duck 5", 2: "duck 4"}, {"blue": (1, 0, 0)}, rules=NO_HAGGLING
    )
    state = play(start, rolls=[6, 4, 1])  # 9, 9, 5
    assert state.duel is not None and state.duel.seats == (0, 1) and state.duel.ties == 1
    assert state.rolled == (6, 4, 1)


def test_yards_resolve_left_to_right() -> None:
    start = table(4, {0: "green 4", 1: "yellow 5", 2: "duck 3"}, {})
    moves = []
    state = start
    from picnic_rules.poultry import apply, chance_outcomes

    state = apply(state, chance_outcomes(state)[0][0])  # reveal
    while state.phase is Phase.RESOLVE:
        move = chance_outcomes(state)[0][0]
        moves.append(str(move))
        state = apply(state, move)
    assert moves == ["resolve yellow", "resolve blue", "resolve green"]


@pytest.mark.parametrize("players", [2, 4])
def test_scores_are_grain_points_plus_captured_poultry(players: int) -> None:
    rules = Rules(green_grain=2, blue_grain=2, yellow_grain=2)  # one round
    played = {0: "blue fox 5", 1: "duck 6 + black -2" if players == 2 else "duck 6"}
    if players == 4:
        played[3] = "black -2"
    state = play(table(players, played, {"black": (1, 1, 1), "blue": (1, 1, 1)}, rules=rules))
    assert state.phase is Phase.OVER
    outcome = result(state)
    assert outcome.reason == "grain-out"
    minus = 1 if players == 2 else 3
    assert outcome.scores[0] == 6 and outcome.scores[minus] == 6


def test_the_animals_of_a_yard_are_each_seat_s_best_bird_and_best_fox_there() -> None:
    from poultry_scenario import cards

    from picnic_rules.poultry import Colour
    from picnic_rules.poultry.predicates import animals, animals_at

    played = (cards("duck 4 + duck 6"), cards("blue fox 5 + red 3"), (), cards("duck -2"))
    assert animals_at(played, Colour.BLUE) == ({0: 6, 3: -2}, {1: 5})
    assert animals_at(played, Colour.RED) == ({1: 3}, {})
    assert animals_at(played, Colour.GREEN) == ({}, {})  # no cards: nobody there
    assert list(animals(played)) == [Colour.BLUE, Colour.RED]  # only the yards with cards
    assert list(animals_at(played, Colour.BLUE)[0]) == [0, 3]  # in seat order
