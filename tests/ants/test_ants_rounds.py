"""Get ready for the next round: refill, starting player (fewest plates, fewer dice, roll-off),
the Round card draw, and the end after the last round."""

from __future__ import annotations

import random

import attrs
from ants_scenario import HOME, card, loose, on, table

from picnic_rules import CHANCE
from picnic_rules.ants import (
    GAME,
    MAX_ROLLOFFS,
    Deal,
    Draw,
    Landing,
    Phase,
    Place,
    Reveal,
    Rolloff,
    RoundCard,
    Rules,
    ScoringCard,
    apply,
    check,
    is_over,
    legal_moves,
    new_game,
    result,
    sample_chance,
    to_move,
)
from picnic_rules.testing import assert_illegal

SOLDIER, W1, W2, W3, S1, S2 = range(6)


def end_of_round(dice: dict[int, dict[int, object]], players: int = 2, **kw: object) -> object:
    """Seat 1's scout2 is in the air, the last die of the round; the rest as ``dice`` says."""
    full = {
        seat: {i: dice.get(seat, {}).get(i, loose(1)) for i in range(6)} for seat in range(players)
    }
    full[1][S2] = HOME
    state = table(players, dice=full, turn=1, **kw)
    return attrs.evolve(state, phase=Phase.LAND, tossing=S2, target=3)


def test_set_up_deals_scoring_cards_and_tokens_then_fills_the_area() -> None:
    state = new_game(3)
    assert to_move(state) is CHANCE and state.phase is Phase.SETUP
    assert_illegal(
        GAME, state, Deal((ScoringCard(1),), (3,), (4, 4, 5, 5, 5, 5)), "4 scoring cards"
    )
    assert_illegal(
        GAME,
        state,
        Deal(tuple(map(ScoringCard, (1, 2, 3, 4))), (7, 7, 7, 3), (4, 4, 5, 5, 5, 5)),
        "box",
    )
    deal = Deal(tuple(map(ScoringCard, (2, 5, 7, 9))), (7, 7, 6, 3), (4, 4, 5, 5, 5, 5))
    state = apply(state, deal)
    assert state.phase is Phase.FILL
    for _ in range(7):
        state = apply(state, sample_chance(state, random.Random(1)))
    assert state.phase is Phase.SEND and state.turn == 0  # seat 0 starts round 1
    assert sum(state.deck) == 36 - 7
    check(state)


def test_majority_only_deals_no_scoring_card() -> None:
    state = new_game(2, Rules(majority_only=True))
    deal = sample_chance(state, random.Random(0))
    assert isinstance(deal, Deal) and deal.scoring == () and len(deal.majority) == 6


def test_after_the_bring_back_the_gaps_are_refilled_by_chance() -> None:
    state = end_of_round(
        {0: {W1: on(4, face=4)}}, round=2, colonies={0: ["green-cookie at 0,0 turn 0"]}
    )
    state = apply(state, Landing(1, (), touched=True))
    state = apply(state, Place(state.won[0][0], 1, 0, 0))
    assert state.phase is Phase.FILL and state.round == 3
    assert_illegal(GAME, state, Draw(card("green-cookie")), "no green-cookie")  # both are out
    state = apply(state, Draw(card("purple-cookie")))
    assert state.area[4] == card("purple-cookie")


def test_the_starting_player_has_the_fewest_plates() -> None:
    state = end_of_round({}, round=2, colonies={0: ["green-cookie at 0,0 turn 0"]}, area={4: ""})
    state = apply(state, Landing(1, (), touched=True))
    # no card won; no gap to fill (the deck is not empty, but the gap at 4... is filled first)
    while state.phase is Phase.FILL:
        state = apply(state, Draw(card("purple-cookie")))
    assert state.phase is Phase.ROUND_CARD and state.starter == 1  # seat 1 has no plate
    state = apply(state, Reveal(RoundCard.HONEY))
    assert state.held[1] == (RoundCard.HONEY,) and state.phase is Phase.SEND and state.turn == 1
    assert_illegal(GAME, state, Reveal(RoundCard.HONEY), "only chance")


def test_then_fewer_dice_on_the_anthill() -> None:
    # equal plates; seat 0 keeps a die on the Puddle (it won a card last round)
    colonies = {0: ["green-cookie at 0,0 turn 0"], 1: ["green-cookie-2 at 0,0 turn 0"]}
    state = end_of_round(
        {0: {W1: on(4, face=4)}, 1: {W1: on(5, face=4)}}, round=2, colonies=colonies
    )
    state = apply(state, Landing(1, (), touched=True))
    state = apply(state, Place(state.won[0][0], 1, 0, 0))
    state = apply(state, Place(state.won[1][0], 1, 0, 0))
    while state.phase is Phase.FILL:
        state = apply(state, sample_chance(state, random.Random(0)))
    # both won one card: 2 plates each; both have a Worker on the Puddle -> 5 dice each: roll-off
    assert state.phase is Phase.ROLLOFF and state.tied == (0, 1)
    assert_illegal(GAME, state, Rolloff((3,)), "2 tied seats")
    assert_illegal(GAME, state, Rolloff((30, 3)), "cannot roll 30: it rolls 4 to 17")
    state = apply(state, Rolloff((9, 12)))
    assert state.starter == 1 and state.phase is Phase.ROUND_CARD


def test_roll_offs_repeat_for_the_still_tied_and_then_the_lowest_seat_starts() -> None:
    state = end_of_round({}, players=3, round=2, area={4: ""})
    state = apply(state, Landing(1, (), touched=True))
    while state.phase is Phase.FILL:
        state = apply(state, sample_chance(state, random.Random(0)))
    assert state.phase is Phase.ROLLOFF and state.tied == (0, 1, 2)
    state = apply(state, Rolloff((10, 12, 12)))
    assert state.tied == (1, 2) and state.rolloffs == 1
    for _ in range(MAX_ROLLOFFS - 2):
        state = apply(state, Rolloff((11, 11)))
    assert state.phase is Phase.ROLLOFF
    state = apply(state, Rolloff((11, 11)))  # the third tie: the lowest tied seat starts
    assert state.starter == 1 and state.phase is Phase.ROUND_CARD


def test_head_start_beats_fewest_plates() -> None:
    state = end_of_round(
        {},
        round=2,
        colonies={1: ["green-cookie at 0,0 turn 0"]},
        head_start=1,
        held=((), ()),
        used=(RoundCard.HEAD_START,),
        area={4: ""},
    )
    state = apply(state, Landing(1, (), touched=True))
    while state.phase is Phase.FILL:
        state = apply(state, sample_chance(state, random.Random(0)))
    assert state.starter == 1 and state.head_start == -1


def test_the_game_ends_after_the_last_round_and_scores() -> None:
    rules = Rules()
    used = rules.round_cards[:5]
    state = end_of_round(
        {0: {W1: on(4, face=4)}}, round=6, used=used, colonies={0: ["green-cookie at 0,0 turn 0"]}
    )
    state = apply(state, Landing(1, (), touched=True))
    state = apply(state, Place(state.won[0][0], 1, 0, 0))
    assert is_over(state) and to_move(state) is None
    outcome = result(state)
    assert outcome.reason == "rounds" and outcome.winners == (0,)
    assert_illegal(GAME, state, Reveal(RoundCard.PLANNER), "over")


def test_a_whole_game_lasts_six_rounds_and_draws_five_round_cards() -> None:
    rng = random.Random(3)
    state = new_game(2)
    rounds = set()
    while not is_over(state):
        rounds.add(state.round)
        if to_move(state) is CHANCE:
            state = apply(state, sample_chance(state, rng))
        else:
            state = apply(state, rng.choice(legal_moves(state)))
    assert rounds == set(range(1, 7))
    assert len(state.used) + sum(len(h) for h in state.held) == 5
