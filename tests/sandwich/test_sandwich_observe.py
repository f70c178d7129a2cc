"""What each seat learns from a move (observe) and how its view follows (update)."""

from __future__ import annotations

import random

import pytest
from sandwich_scenario import BREAD, JELLY, PB, deck_rules, make_state

from picnic_rules import IllegalMove, PicnicError
from picnic_rules.sandwich import (
    GAME,
    Ant,
    Discard,
    Draw,
    End,
    Fly,
    Observation,
    Phase,
    Play,
    apply,
    legal_moves,
    new_game,
    observe,
    update,
    view,
)


def follows(state, move, seat):
    """update(view, observe) equals the view after the move; return the observation."""
    observation = observe(state, move, seat)
    assert update(view(state, seat), observation) == view(apply(state, move), seat)
    return observation


def test_a_seat_sees_its_own_draw_in_full() -> None:
    state = make_state(hands={0: "bread"}, phase=Phase.DRAW)
    assert follows(state, Draw(JELLY), 0) == Observation(0, 0, Draw(JELLY))


def test_another_seats_draw_is_only_a_card() -> None:
    state = make_state(hands={0: "bread"}, phase=Phase.DRAW)
    observation = follows(state, Draw(JELLY), 1)
    assert observation == Observation(1, 0, None)
    assert observation.hidden
    # the same for any card drawn: the observation tells nothing of which
    assert follows(state, Draw(BREAD), 1) == observation


def test_the_deal_is_hidden_from_the_other_seats() -> None:
    state = new_game(3)
    assert observe(state, Draw(PB), 0).move == Draw(PB)
    assert observe(state, Draw(PB), 1).move is None
    assert observe(state, Draw(PB), 2).move is None


@pytest.mark.parametrize(
    "move",
    [Play(BREAD, 0), Play(JELLY, 1), Ant(1, 0, 1), Fly(1, 0), End()],
    ids=str,
)
def test_moves_at_the_table_are_public(move) -> None:
    state = make_state(
        hands={0: "bread jelly ant fly", 1: "pb"},
        table={0: ["bread pb jelly", "bread pb"], 1: ["bread jelly"]},
    )
    for seat in (0, 1):
        assert follows(state, move, seat) == Observation(seat, 0, move)


def test_a_forced_discard_is_followed_by_a_seat_that_cannot_see_the_hand() -> None:
    # seat 1 holds only jelly and its sandwich already has jelly on top: it must discard
    state = make_state(hands={1: "jelly"}, table={1: ["bread jelly"]}, turn=1)
    follows(state, Discard(JELLY), 0)
    follows(state, Discard(JELLY), 1)


def test_ending_the_turn_refills_the_draw_pile_from_the_discard_pile() -> None:
    state = make_state(
        hands={0: "bread"},
        table={0: ["bread pb jelly bread"]},
        draw="",
        discard=None,
    )
    after = apply(state, End())
    assert after.phase is Phase.DRAW and sum(after.discard_pile) == 0
    follows(state, End(), 1)


def test_a_stuck_ending_is_followed_from_the_view_alone() -> None:
    # Seat 1's hidden peanut butter can never be played once seat 0 spreads its own:
    # the observers judge the pool from the deck less the table, without seeing it.
    rules = deck_rules(bread=2, pb=3, jelly=1, hand_size=1)
    state = make_state(
        hands={0: "pb", 1: "pb"}, table={0: ["bread jelly"], 1: ["bread pb"]}, draw="", rules=rules
    )
    after = apply(state, Play(PB, 0))
    assert after.reason == "stuck"
    for seat in (0, 1):
        follows(state, Play(PB, 0), seat)


def test_observe_refuses_an_illegal_move_and_a_missing_seat() -> None:
    state = make_state(hands={0: "jelly"})
    with pytest.raises(IllegalMove, match="a new sandwich starts with bread"):
        observe(state, Play(JELLY), 1)
    with pytest.raises(PicnicError, match=r"^seat 5 is not a seat of this 2-player game$"):
        GAME.observe(state, End(), 5)  # the record's gate


def test_update_refuses_what_cannot_follow() -> None:
    state = make_state(hands={0: "bread", 1: "pb"})
    mine = view(state, 1)
    with pytest.raises(PicnicError, match="of seat 0, not of seat 1"):
        update(mine, Observation(0, 0, End()))
    with pytest.raises(IllegalMove, match="seat 0 is to act, not seat 1"):
        update(mine, Observation(1, 1, End()))
    with pytest.raises(IllegalMove, match="no card is drawn now"):
        update(mine, Observation(1, 0, None))
    with pytest.raises(IllegalMove, match="a new sandwich starts with bread"):
        update(mine, Observation(1, 0, Play(JELLY)))
    over = make_state(
        table={0: ["bread pb jelly bread"] * 3}, phase=Phase.OVER, reason="three-sandwiches"
    )
    with pytest.raises(IllegalMove, match="the game is over"):
        update(view(over, 1), Observation(1, 0, End()))


def test_update_refuses_a_card_no_hidden_hand_can_hold() -> None:
    # every jelly is in seat 1's own hand: seat 0 cannot play one
    small = deck_rules(bread=4, pb=2, jelly=2, ants=1, flies=1)
    state = make_state(hands={0: "bread", 1: "jelly jelly"}, table={0: ["bread pb"]}, rules=small)
    with pytest.raises(IllegalMove, match="no jelly can be in seat 0's hand"):
        update(view(state, 1), Observation(1, 0, Play(JELLY, 0)))


def test_a_seat_follows_a_whole_game_from_its_observations_alone() -> None:
    rng = random.Random(3)
    state = new_game(3)
    views = [view(state, seat) for seat in range(3)]
    steps = 0
    while state.phase is not Phase.OVER:
        move = rng.choice(legal_moves(state))
        views = [update(v, observe(state, move, seat)) for seat, v in enumerate(views)]
        state = apply(state, move)
        assert views == [view(state, seat) for seat in range(3)]
        steps += 1
    assert steps > 20


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ((0, 0, None), "a seat sees the cards it receives itself"),
        ((1, 0, Draw(JELLY)), "seat 1 cannot see the card seat 0 receives"),
        ((-1, 0, End()), "seat is a seat number, not -1"),
        ((0, True, End()), "actor is a seat number, not True"),
        ((0, 1, "end"), "not a sandwich move: str"),
        ((0, 0, Draw(2)), "not a sandwich move: its card is 2, not a Card"),
        ((0, 1, Discard(None)), "not a sandwich move: its card is None, not a Card"),
        ((0, 1, Fly(True, 0)), "not a sandwich move: its seat is True, not an int"),
        ((0, 1, Ant(1, 0, 0.0)), "not a sandwich move: its onto is 0.0, not an int"),
    ],
)
def test_an_observation_refuses_what_no_seat_can_observe(fields, words) -> None:
    with pytest.raises(PicnicError, match=words):
        Observation(*fields)


def test_update_refuses_a_card_from_an_empty_hand_and_a_late_discard() -> None:
    state = make_state(hands={0: "bread bread"}, table={1: ["bread pb"]}, turn=1)
    assert state.hands[1] == (0, 0, 0, 0, 0)
    with pytest.raises(IllegalMove, match="seat 1 holds no card"):
        update(view(state, 0), Observation(0, 1, Play(JELLY, 0)))
    played = make_state(
        hands={0: "bread", 1: "jelly"}, table={1: ["bread pb"]}, turn=1, played=True
    )
    with pytest.raises(IllegalMove, match="only allowed before anything is played"):
        update(view(played, 0), Observation(0, 1, Discard(JELLY)))


def test_update_refuses_what_the_table_shows_the_rules_forbid() -> None:
    # Seat 1 has no sandwich: a bread could start one, so it may not discard a bread.
    state = make_state(hands={0: "jelly", 1: "bread pb"}, turn=1)
    with pytest.raises(IllegalMove, match=r"no card may be discarded while one can be played"):
        update(view(state, 0), Observation(0, 1, Discard(BREAD)))
    # Every card seat 0 cannot see is a peanut butter, which seat 1's sandwich (pb on top)
    # cannot take: seat 1 holds no play, so it must discard and may not just end its turn.
    rules = deck_rules(bread=2, pb=2, jelly=2, hand_size=1)
    stuck = make_state(
        hands={0: "jelly", 1: "pb"},
        table={0: ["bread jelly"], 1: ["bread pb"]},
        draw="",
        turn=1,
        rules=rules,
    )
    assert apply(stuck, Discard(PB))  # the one legal move
    with pytest.raises(IllegalMove, match="a player with no legal play must discard a card"):
        update(view(stuck, 0), Observation(0, 1, End()))
    follows(stuck, Discard(PB), 0)
