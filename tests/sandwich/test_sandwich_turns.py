"""Turns: the deal, the draw (and the refill), playing, discarding only when stuck, ending.

Rulebook: "Deal two cards each. Draw from the face-down pile. Never take the face-up discard."
House rules: "On your turn you draw one card, may play any number of legal cards, then end
the turn. If nothing is legal, discard exactly one card. You cannot discard a card you are
allowed to play.", "When the draw pile is empty, the discard pile is shuffled to refill it."
and (shared) "discard ... legal only when the player has no legal play and has neither
played nor discarded this turn; it ends the turn; end ... legal whenever discard is not";
"if both are empty, no card is drawn"; "Two cards dealt to each seat, one at a time";
"Seat 0 starts (option first_player)".
"""

from __future__ import annotations

import random

import pytest
from sandwich_scenario import ANT, BREAD, FLY, JELLY, PB, apply_all, deck_rules, illegal, make_state

from picnic_rules import CHANCE
from picnic_rules.sandwich import (
    Discard,
    Draw,
    End,
    Fly,
    Phase,
    Play,
    Rules,
    apply,
    chance_outcomes,
    check,
    legal_moves,
    must_discard,
    new_game,
    sample_chance,
    to_move,
)

EMPTY = (0, 0, 0, 0, 0)

# ---------------------------------------------------------------- discard


def test_a_stuck_player_must_discard_and_the_turn_passes():
    state = make_state(hands={0: "pb"}, table={0: ["bread pb"], 1: ["bread"]}, actions=4)
    assert must_discard(state)
    assert legal_moves(state) == (Discard(PB),)
    illegal(state, End(), "must discard")
    new = apply(state, Discard(PB))
    check(new)
    assert new.hands[0] == EMPTY
    assert new.discard_pile == (0, 1, 0, 0, 0)
    assert new.phase is Phase.DRAW
    assert new.turn == 1
    assert new.played is False
    assert new.actions == 5
    assert new.table == state.table


def test_a_stuck_player_chooses_which_card_to_discard():
    # no sandwich of another player: the ant cannot steal, but the fly can cover 0.0
    state = make_state(hands={0: "pb pb ant fly"}, table={0: ["bread pb"]})
    assert legal_moves(state) == (Fly(0, 0), End())
    stuck = make_state(hands={0: "pb pb ant bread"}, table={0: ["bread pb"]})
    assert legal_moves(stuck) == (Discard(BREAD), Discard(PB), Discard(ANT))
    assert apply(stuck, Discard(ANT)).hands[0] == (1, 2, 0, 0, 0)


def test_a_card_that_can_be_played_cannot_be_discarded():
    state = make_state(hands={0: "jelly"}, table={0: ["bread pb"]})
    illegal(state, Discard(JELLY), "while one can be played")
    assert legal_moves(state) == (Play(JELLY, 0), End())


def test_no_discard_while_any_card_can_be_played():
    # the pb itself is not playable, but the jelly is: so the player is not stuck
    state = make_state(hands={0: "pb jelly"}, table={0: ["bread pb"]})
    illegal(state, Discard(PB), "while one can be played")


def test_no_discard_after_playing_and_then_end_is_legal():
    state = make_state(hands={0: "pb pb"}, table={0: ["bread jelly"]})
    played = apply(state, Play(PB, 0))
    assert played.played is True
    illegal(played, Discard(PB), "before anything is played")
    assert legal_moves(played) == (End(),)
    assert not must_discard(played)


def test_discard_needs_the_card():
    state = make_state(hands={0: "pb"}, table={0: ["bread pb"]})
    illegal(state, Discard(JELLY), "holds no jelly")


# ---------------------------------------------------------------- end


def test_end_passes_the_turn_to_the_next_seat():
    state = make_state(hands={0: "jelly"}, table={0: ["bread pb"]}, actions=10)
    new = apply(state, End())
    check(new)
    assert new.phase is Phase.DRAW
    assert new.turn == 1
    assert new.played is False
    assert new.actions == 11
    assert new.hands == state.hands
    assert new.draw_pile == state.draw_pile
    assert new.discard_pile == state.discard_pile


def test_end_wraps_around_the_table():
    state = make_state(players=4, turn=3, hands={3: "pb"}, table={3: ["bread"]})
    assert apply(state, End()).turn == 0


def test_end_with_an_empty_hand():
    state = make_state(table={0: ["bread pb"]})
    assert not must_discard(state)
    assert legal_moves(state) == (End(),)
    new = apply(state, End())
    assert new.phase is Phase.DRAW and new.turn == 1


def test_end_after_playing_even_with_playable_cards_left():
    state = make_state(hands={0: "bread pb jelly"})
    played = apply(state, Play(BREAD))
    assert End() in legal_moves(played)
    assert apply(played, End()).hands[0] == (0, 1, 1, 0, 0)


# ---------------------------------------------------------------- draw


def test_the_turn_starts_with_a_chance_draw():
    state = make_state(hands={1: "pb"}, table={1: ["bread"]}, phase=Phase.DRAW, turn=1, actions=8)
    assert to_move(state) is CHANCE
    new = apply(state, Draw(JELLY))
    check(new)
    assert new.hands[1] == (0, 1, 1, 0, 0)
    assert new.draw_pile == (16 - 1, 12 - 1, 12 - 1, 8, 6)
    assert new.phase is Phase.ACT
    assert new.turn == 1
    assert new.played is False
    assert new.actions == 8  # chance is not an action
    assert to_move(new) == 1


def test_a_card_missing_from_the_draw_pile_cannot_be_drawn():
    state = make_state(hands={0: "fly*6"}, phase=Phase.DRAW)
    illegal(state, Draw(FLY), "draw pile holds no fly")
    assert Draw(FLY) not in legal_moves(state)


def test_chance_outcomes_are_the_draw_pile_counts():
    state = make_state(hands={0: "bread pb", 1: "fly*6"}, phase=Phase.DRAW)
    assert chance_outcomes(state) == (
        (Draw(BREAD), 15),
        (Draw(PB), 11),
        (Draw(JELLY), 12),
        (Draw(ANT), 8),
    )
    assert legal_moves(state) == (Draw(BREAD), Draw(PB), Draw(JELLY), Draw(ANT))
    assert chance_outcomes(make_state()) == ()  # no chance while a seat acts


def test_sample_chance_draws_only_what_the_pile_holds():
    state = make_state(
        hands={0: "bread*16 pb*12 ant*8 fly*6"}, table={}, phase=Phase.DRAW, draw="jelly*12"
    )
    rng = random.Random(5)
    assert {sample_chance(state, rng) for _ in range(50)} == {Draw(JELLY)}


def test_the_discard_pile_refills_the_empty_draw_pile_at_the_start_of_a_turn():
    state = make_state(hands={0: "pb"}, table={0: ["bread jelly"]}, draw="")
    assert state.draw_pile == EMPTY
    discard = state.discard_pile
    new = apply(state, End())
    check(new)
    assert new.draw_pile == discard
    assert new.discard_pile == EMPTY
    assert new.phase is Phase.DRAW
    assert new.turn == 1


def test_the_discarded_card_goes_into_the_refilled_pile():
    state = make_state(hands={0: "pb"}, table={0: ["bread pb"]}, draw="")
    discard = state.discard_pile
    new = apply(state, Discard(PB))
    assert new.draw_pile == (discard[0], discard[1] + 1, *discard[2:])
    assert new.discard_pile == EMPTY
    assert new.phase is Phase.DRAW


def test_no_refill_while_the_draw_pile_holds_a_card():
    state = make_state(hands={0: "pb"}, table={0: ["bread jelly"]}, draw="ant")
    new = apply(state, End())
    assert new.draw_pile == (0, 0, 0, 1, 0)
    assert new.discard_pile == state.discard_pile


def test_with_both_piles_empty_no_card_is_drawn():
    rules = deck_rules(bread=3, pb=2, jelly=1)
    state = make_state(
        hands={0: "pb", 1: "bread"},
        table={0: ["bread jelly"], 1: ["bread pb"]},
        draw="",
        discard="",
        rules=rules,
    )
    new = apply(state, End())
    check(new)
    assert new.phase is Phase.ACT
    assert new.turn == 1
    assert new.draw_pile == EMPTY and new.discard_pile == EMPTY
    assert to_move(new) == 1


# ---------------------------------------------------------------- the deal


def test_seat_zero_starts_by_default():
    assert Rules().first_player == 0
    assert Rules().hand_size == 2
    assert Rules().deck == (16, 12, 12, 8, 6)
    assert Rules().total_cards == 54


@pytest.mark.parametrize(
    ("players", "first", "order"),
    [
        (2, 0, [0, 1, 0, 1]),
        (3, 0, [0, 1, 2, 0, 1, 2]),
        (3, 1, [1, 2, 0, 1, 2, 0]),
        (4, 3, [3, 0, 1, 2, 3, 0, 1, 2]),
    ],
)
def test_two_cards_each_one_at_a_time_then_the_first_player_draws(players, first, order):
    state = new_game(players, Rules(first_player=first))
    check(state)
    assert state.phase is Phase.DEAL
    cards = [BREAD, PB, JELLY, ANT, FLY, BREAD, PB, JELLY]
    seen = []
    for k, card in enumerate(cards[: len(order)]):
        assert to_move(state) is CHANCE
        assert state.phase is Phase.DEAL
        assert state.dealt == k
        seen.append(state.turn)
        state = apply(state, Draw(card))
        check(state)
    assert seen == order
    assert state.phase is Phase.DRAW
    assert state.turn == first
    assert state.dealt == 2 * players
    assert sum(map(sum, state.hands)) == 2 * players
    for seat in range(players):
        got = [cards[k] for k, s in enumerate(order) if s == seat]
        assert state.hands[seat] == tuple(got.count(c) for c in (BREAD, PB, JELLY, ANT, FLY))
    state = apply(state, Draw(BREAD))
    assert state.phase is Phase.ACT and state.turn == first
    assert sum(state.hands[first]) == 3


def test_only_draws_happen_during_the_deal():
    state = new_game()
    illegal(state, End(), "chance")
    illegal(state, Play(BREAD), "chance")


def test_no_deal_with_hand_size_zero():
    state = new_game(2, Rules(hand_size=0))
    check(state)
    assert state.phase is Phase.DRAW and state.turn == 0


def test_a_deal_that_empties_the_deck_leaves_no_draw():
    rules = deck_rules(bread=2, pb=1, jelly=1)
    state = apply_all(new_game(2, rules), Draw(BREAD), Draw(BREAD), Draw(PB), Draw(JELLY))
    assert state.phase is Phase.ACT
    assert state.turn == 0
    assert state.hands == ((1, 1, 0, 0, 0), (1, 0, 1, 0, 0))


def test_never_take_the_face_up_discard():
    # the draw is from the face-down pile only, whatever lies on the discard pile
    state = make_state(hands={0: "pb"}, table={0: ["bread"]}, draw="ant", phase=Phase.DRAW)
    assert state.discard_pile[BREAD] > 0
    assert legal_moves(state) == (Draw(ANT),)
    assert chance_outcomes(state) == ((Draw(ANT), 1),)
    illegal(state, Draw(BREAD), "draw pile holds no bread")
    new = apply(state, Draw(ANT))
    assert new.discard_pile == state.discard_pile
    assert new.draw_pile == EMPTY


@pytest.mark.parametrize("pile", [(16, 12, 12, 8, 6), (1, 0, 0, 0, 0), (1000, 0, 300, 1000, 999)])
def test_sample_chance_is_the_exact_draw_of_the_kit(pile):
    # sample_chance inlines picnic_rules.kit.counts.draw (rng.randrange over the pile's
    # cards): for the same seed it must draw the same card, whatever the counts
    from picnic_rules.kit.counts import draw
    from picnic_rules.sandwich import CARDS, Draw, Rules

    rules = Rules(
        bread=pile[0],
        peanut_butter=pile[1],
        jelly=pile[2],
        ants=pile[3],
        flies=pile[4],
        hand_size=0,
    )
    state = new_game(2, rules)  # no deal: the first turn's draw
    assert state.draw_pile == pile
    drawn = {sample_chance(state, random.Random(seed)) for seed in range(200)}
    for seed in range(200):
        kit = Draw(CARDS[draw(pile, random.Random(seed))])
        assert sample_chance(state, random.Random(seed)) == kit
    assert drawn == {Draw(card) for card in CARDS if pile[card]}
